import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';
import { cli } from './helpers.js';

/*
 * Plugin bots through the CLI: `play` loads a plugin by absolute
 * path; a bad answer or a bot that never answers is one line naming the bot,
 * the decision kind and the seed that replays it, exit 1, and --log leaves
 * nothing behind; `run` with a bot that never answers finishes.
 */
const BOT = path.join(ROOT, 'test', 'runner', 'fixtures', 'bots', 'misbehave.mjs');
const ARMIES = ['--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json', '--scenario', 'raid'];
const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-cli-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('play with a plugin bot', () => {
  it('an absolute path loads and plays (the same game as the built-in it copies)', () => {
    const r = cli(['play', ...ARMIES, '--seed', '4', '--policy-a', `${BOT}:mode=ok`, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).rounds).toBeGreaterThan(0);
    // Its answers are random's, from the same stream: the checks of a plugin's answers change nothing.
    expect(r.stdout).toBe(cli(['play', ...ARMIES, '--seed', '4', '--policy-a', 'random', '--json']).stdout);
  });

  it('an undefined answer: one line naming the bot, the decision kind and the seed, exit 1', () => {
    const r = cli(['play', ...ARMIES, '--seed', '9', '--policy-b', `${BOT}:mode=undefined,at=2`]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: bot misbehave-undefined \(.*misbehave\.mjs\) returned undefined for a \w+ decision; replay it with --seed 9\n$/);
  });

  it('a bot that never answers: stopped at --decision-timeout with one line; --log leaves no file', () => {
    const log = path.join(dir, 'logs', 'game.jsonl');
    const t0 = Date.now();
    const r = cli(['play', ...ARMIES, '--seed', '5', '--policy-a', `${BOT}:mode=loop,at=10`, '--decision-timeout', '0.5', '--log', log]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: bot misbehave-loop \(.*misbehave\.mjs\) did not answer a \w+ decision within 0\.5 s \(--decision-timeout\); replay it with --seed 5\n$/);
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(existsSync(log)).toBe(false);
    expect(readdirSync(path.dirname(log))).toEqual([]);
  });

  it('--decision-timeout takes seconds above 0', () => {
    for (const bad of ['0', '-1', 'abc', '']) {
      const r = cli(['play', ...ARMIES, '--decision-timeout', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/^--decision-timeout: expected seconds above 0/);
    }
  });
});

describe('run with a plugin bot that never answers', () => {
  it('--workers 2: the games go to errors.csv with their seeds, the run finishes', () => {
    const exp = path.join(dir, 'loop.json');
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name: 'loop',
        seed: 'l',
        games: 2,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[`${BOT}:mode=loop,at=10`, 'random']],
      }),
    );
    const out = path.join(dir, 'loop-out');
    const r = cli(['run', exp, '--workers', '2', '--out', out, '--decision-timeout', '0.5', '--no-report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 games in [\d.]+ s; 2 games threw \(see errors\.csv\)/);
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/,[01],[0-9a-f]{32},bot misbehave-loop .* did not answer a \w+ decision within 0\.5 s/);
  });
});

describe('campaigns with a plugin battle bot', () => {
  const CAMPAIGN = path.join(ROOT, 'test', 'campaign', 'fixtures', 'small.json');
  it('by absolute path: plays as the built-in it copies (the same campaigns.csv)', () => {
    const args = (out: string, policy: string): string[] => ['campaign', CAMPAIGN, '--campaigns', '1', '--workers', '1', '--battle-policy', policy, '--out', out, '--no-report'];
    const a = cli(args(path.join(dir, 'camp-plugin'), `${BOT}:mode=ok`));
    expect(a.code, a.stderr).toBe(0);
    expect(cli(args(path.join(dir, 'camp-random'), 'random')).code).toBe(0);
    const read = (d: string): string => readFileSync(path.join(dir, d, 'campaigns.csv'), 'utf8');
    expect(read('camp-plugin')).toBe(read('camp-random'));
  });

  it('a bot that never answers: its campaigns go to errors.csv, the run finishes', () => {
    const out = path.join(dir, 'camp-loop');
    const r = cli(['campaign', CAMPAIGN, '--campaigns', '2', '--workers', '2', '--battle-policy', `${BOT}:mode=loop,at=30`, '--decision-timeout', '0.5', '--out', out, '--no-report']);
    expect(r.code, r.stderr).toBe(0);
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/^small,[01],[0-9a-f]+,bot misbehave-loop .* did not answer a \w+ decision within 0\.5 s/);
  });
});
