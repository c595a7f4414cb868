import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { setDecisionTimeout } from '../../src/batch/index.js';
import { getPolicy, loadPlugin, PluginError } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import { InputError } from '../../src/errors.js';
import { DEFAULT_RULESET } from '../../src/rules/index.js';
import { runExperiment } from '../../src/runner/index.js';
import { getScenario } from '../../src/scenarios/index.js';
import { FAKE_GAME, fixture, FIXTURES, outputs } from '../runner/helpers.js';

/*
 * Hostile plugins and hostile output folders, as inputs.test.ts
 * does for input files. A plugin bot that throws, answers undefined, null, a
 * number, a choice of another kind or an illegal one, or thinks too long, at
 * any decision: the game ends with one line naming the bot and the decision
 * kind, or plays on — never another error. Files and links planted in an
 * output folder under every name a run writes: the run completes with the
 * files of a clean folder, or refuses with one line; nothing outside the
 * folder is ever written.
 *
 * CI: FUZZ_RUNS=40 in process, a few through the CLI; a night: FUZZ_RUNS=2000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const CLI_RUNS = Math.max(2, Math.round(RUNS / 20));
const ROOT = path.resolve(import.meta.dirname, '../..');
const BOT = path.join(FIXTURES, 'bots', 'misbehave.mjs');
const KINDS = /^(deployFirst|deploy|supremacyTie|commandAbility|duelResponse|commandCard|selectWarrior|action)$/;
const base = mkdtempSync(path.join(tmpdir(), 'skirmish-fuzz-plugins-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const modeArb = fc.constantFrom('ok', 'throw', 'undefined', 'null', 'number', 'wrongKind', 'illegal', 'slow');
const botArb = fc.record({ mode: modeArb, at: fc.nat({ max: 600 }), seat: fc.constantFrom(0, 1), seed: fc.nat({ max: 1000 }) });

describe('fuzz: plugin bots that misbehave', () => {
  beforeAll(async () => {
    await loadPlugin(BOT);
    // A slow bot busy-waits 400 ms; here a decision may take 200 (far above any real one, even on a busy machine).
    setDecisionTimeout(0.2);
  });
  afterAll(() => setDecisionTimeout(10));

  it(`in a game: one line naming the bot and the decision kind, or the game plays on (${RUNS} bots)`, () => {
    const armies = [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/tuskfell-400.json')] as const;
    fc.assert(
      fc.property(botArb, ({ mode, at, seat, seed }) => {
        const bot = getPolicy(`${BOT}:mode=${mode},at=${at},ms=400`);
        const policies = seat === 0 ? [bot, getPolicy('random')] : [getPolicy('random'), bot];
        try {
          const r = playGame({ armies: [armies[0], armies[1]], scenario: getScenario('raid'), ruleset: DEFAULT_RULESET, seed: `f${seed}`, policies: [policies[0], policies[1]] });
          // Played on: the bot was fine, or the game ended before its decision `at`.
          expect(r.rounds).toBeGreaterThan(0);
          return true;
        } catch (err) {
          expect(mode).not.toBe('ok');
          expect(err).toBeInstanceOf(PluginError);
          const e = err as PluginError;
          expect(e.message.split('\n')).toHaveLength(1);
          expect(e.message).toContain(`bot misbehave-${mode} (${BOT})`);
          expect(e.kind).toMatch(KINDS);
          expect(e.message).toContain(e.kind);
          return true;
        }
      }),
      { numRuns: RUNS, seed: 25 },
    );
  });

  it(`through the CLI (play): exit 0, or 1 with one line naming the bot, the decision kind and the seed; never hangs (${CLI_RUNS} bots and a looping one)`, () => {
    const bots = fc.sample(botArb, { numRuns: CLI_RUNS, seed: 26 }).map((b) => ({ ...b, mode: b.mode as string }));
    bots.push({ mode: 'loop', at: 50, seat: 1, seed: 3 });
    for (const { mode, at, seat, seed } of bots) {
      const spec = `${BOT}:mode=${mode},at=${at},ms=1500`;
      const args = ['play', '--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json', '--seed', String(seed), '--decision-timeout', '1'];
      args.push(seat === 0 ? '--policy-a' : '--policy-b', spec);
      const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(r.signal, `${mode} hung`).toBeNull();
      if (r.status === 0) {
        expect(mode === 'ok' || !r.stderr.includes('error')).toBe(true);
        continue;
      }
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^error: bot misbehave-${mode} \\(.*misbehave\\.mjs\\) .*\\b(deployFirst|deploy|supremacyTie|commandAbility|duelResponse|commandCard|selectWarrior|action)\\b.*; replay it with --seed ${seed}\\n$`,
        ),
      );
    }
  });
});

/** Names a run writes in its output folder (the pid's temporaries included: this process runs in process). */
const NAMES = [
  'games.csv',
  'summary.csv',
  'errors.csv',
  'manifest.json',
  'checkpoint.jsonl',
  'run.lock',
  '.games.csv.tmp',
  `.games.csv.tmp-${process.pid}`,
  `.errors.csv.tmp-${process.pid}`,
  `.summary.csv.tmp-${process.pid}`,
  `.manifest.json.tmp-${process.pid}`,
  `.run.lock.tmp-${process.pid}`,
];
const plantArb = fc.constantFrom('none', 'link', 'dangling', 'linkToFolder', 'garbage', 'folder');

describe('fuzz: files planted in the output folder', () => {
  let reference: ReturnType<typeof outputs>;
  beforeAll(async () => {
    const dir = path.join(base, 'reference');
    await runExperiment({ workers: 0, gameModule: FAKE_GAME, experiment: fixture('tiny.json'), out: dir });
    reference = outputs(dir);
  });

  it(`the run completes with a clean folder's files, or refuses with one line; nothing outside is written (${RUNS} folders)`, async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(plantArb, { minLength: NAMES.length, maxLength: NAMES.length }), async (plants) => {
        const dir = path.join(base, `planted-${k++}`);
        const outside = path.join(base, `outside-${k}`);
        mkdirSync(dir);
        mkdirSync(outside);
        writeFileSync(path.join(outside, 'precious.txt'), 'precious\n');
        plants.forEach((p, i) => {
          const at = path.join(dir, NAMES[i]);
          if (p === 'link') symlinkSync(path.join(outside, 'precious.txt'), at);
          else if (p === 'dangling') symlinkSync(path.join(outside, `missing-${i}`), at);
          else if (p === 'linkToFolder') symlinkSync(outside, at);
          else if (p === 'garbage') writeFileSync(at, 'not ours\n{"also":"not ours"}\n');
          else if (p === 'folder') mkdirSync(at);
        });
        let outcome: string;
        try {
          const o = await runExperiment({ workers: 0, gameModule: FAKE_GAME, experiment: fixture('tiny.json'), out: dir });
          expect(o.status).toBe('complete');
          expect(outputs(dir)).toEqual(reference);
          outcome = 'complete';
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(InputError);
          expect((err as Error).message.split('\n')).toHaveLength(1);
          expect((err as Error).message).toContain(dir);
          outcome = 'refused';
        }
        // Nothing outside the folder was written, created or removed.
        expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
        expect(readdirSync(outside).sort()).toEqual(['precious.txt']);
        return outcome !== '';
      }),
      { numRuns: RUNS, seed: 27 },
    );
  });
});
