import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsvLine } from '../../src/batch/index.js';
import { loadExperiment, runExperiment } from '../../src/runner/index.js';
import { FIXTURES, ROOT } from './helpers.js';

/*
 * Plugin bots in runs: named by an absolute path; a bad answer is
 * an errors.csv line naming the bot, the decision kind, with the seed that
 * replays it; a bot that never answers loses its game to errors.csv and its
 * worker is replaced, with the same files whatever the workers and tasks;
 * a stop ends within seconds however long the bot would think.
 */
const BOT = path.join(FIXTURES, 'bots', 'misbehave.mjs');
const ARMIES = ['ironbound-400', 'tuskfell-400'].map((a) => path.join(ROOT, 'sims', 'armies', `${a}.json`));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'skirmish-plugins-'));
  dirs.push(d);
  return d;
}

/** An experiment file in a fresh folder (so no path in it is relative to anything), its out folder beside. */
function experiment(policies: string[][], games: number, seed = 'plug-1'): { file: string; out: string } {
  const dir = tmp();
  const file = path.join(dir, 'exp.json');
  writeFileSync(file, JSON.stringify({ kind: 'experiment', name: 'plugins', seed, games, matchups: [ARMIES], scenarios: ['raid'], policies }));
  return { file, out: path.join(dir, 'out') };
}

const errorLines = (out: string): string[] => readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
const read = (out: string, f: string): string => readFileSync(path.join(out, f), 'utf8');

describe('plugin bots in a run', () => {
  it('load by absolute path; each bad answer is one errors.csv line naming the bot, the decision kind and the seed', async () => {
    const modes = ['undefined', 'null', 'number', 'wrongKind', 'illegal', 'throw'];
    const { file, out } = experiment(
      modes.map((m) => [`${BOT}:mode=${m},at=3`, 'random']),
      2,
    );
    const o = await runExperiment({ experiment: loadExperiment({ file }), out, workers: 0 });
    expect(o.status).toBe('complete');
    const lines = errorLines(out);
    expect(lines).toHaveLength(modes.length * 2);
    const why: Record<string, RegExp> = {
      undefined: /returned undefined for a (\w+) decision/,
      null: /returned null for a (\w+) decision/,
      number: /returned a number \(42\), not a choice object for a (\w+) decision/,
      wrongKind: /returned a choice of kind "\w+" for a (\w+) decision/,
      illegal: /made an illegal (\w+) choice: /,
      throw: /threw on a (\w+) decision: planted failure \(first seat/,
    };
    modes.forEach((m, i) => {
      for (const line of lines.slice(2 * i, 2 * i + 2)) {
        // cell, game, seed, error: the seed replays the game (play --seed).
        const [cell, game, seed, error] = parseCsvLine(line);
        expect(cell).toMatch(new RegExp(`misbehave\\.mjs:mode=${m},at=3 vs random$`));
        expect(game).toMatch(/^\d$/);
        expect(seed).toMatch(/^[0-9a-f]{32}$/);
        expect(error).toContain(`bot misbehave-${m} (${BOT})`);
        expect(error).toMatch(why[m]);
        expect(why[m].exec(error)![1]).toMatch(/^(deployFirst|deploy|supremacyTie|commandAbility|duelResponse|commandCard|selectWarrior|action)$/);
      }
    });
  });

  it('a bot that never answers: its games go to errors.csv, the run finishes, the same files for any workers and tasks', async () => {
    const { file, out } = experiment([[`${BOT}:mode=loop,at=30,share=0.4`, 'random']], 8, 'loop-3');
    const a = await runExperiment({ experiment: loadExperiment({ file }), out, workers: 2, chunk: 3, decisionTimeout: 0.4 });
    expect(a.status).toBe('complete');
    const lines = errorLines(out);
    // Some games loop, some do not (share 0.4 of the bot's own coin flips).
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(8);
    for (const line of lines) {
      expect(line).toMatch(/,\d,[0-9a-f]{32},bot misbehave-loop \(.*misbehave\.mjs\) did not answer a \w+ decision within 0\.4 s \(--decision-timeout\); its worker was replaced$/);
    }
    const out2 = `${out}-1`;
    const b = await runExperiment({ experiment: loadExperiment({ file }), out: out2, workers: 1, chunk: 1, decisionTimeout: 0.4 });
    expect(b.status).toBe('complete');
    for (const f of ['games.csv', 'errors.csv', 'summary.csv']) expect(read(out2, f), f).toBe(read(out, f));
  });

  it('a stop while a bot thinks ends within seconds, keeping the finished games; resume finishes the run', async () => {
    // Every game of the first cell hangs at the bot's 20th decision; the time limit is far away.
    const { file, out } = experiment(
      [
        ['random', 'random'],
        [`${BOT}:mode=loop,at=20`, 'random'],
      ],
      4,
    );
    const stop = new AbortController();
    const t0 = Date.now();
    const run = runExperiment({
      experiment: loadExperiment({ file }),
      out,
      workers: 2,
      chunk: 2,
      decisionTimeout: 120,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done >= 4) stop.abort();
      },
    });
    const o = await run;
    expect(o.status).toBe('stopped');
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(o.done).toBeGreaterThanOrEqual(4);
    const r = await runExperiment({ experiment: loadExperiment({ file }), out, workers: 2, chunk: 2, decisionTimeout: 0.3, resume: true });
    expect(r.status).toBe('complete');
    expect(r.resumed).toBe(o.done);
    expect(errorLines(out)).toHaveLength(4);
  });
});
