import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitPolicies } from '../../src/cli/commands/tournament.js';
import { FIXTURES, tmp } from '../runner/helpers.js';
import { cli, interrupt } from './helpers.js';

const FAKE = path.join(FIXTURES, 'fake-tournament-game.mjs');
const ARMIES = ['alpha-400', 'beta-400'].map((a) => path.join(FIXTURES, 'sims', 'armies', `${a}.json`)).join(',');
const dirs: string[] = [];
function out(): string {
  const d = tmp('cli-tournament-');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const read = (dir: string): string[] => ['games.csv', 'summary.csv', 'errors.csv', 'pairings.csv', 'ratings.csv'].map((f) => readFileSync(path.join(dir, f), 'utf8'));

describe('skirmish tournament', () => {
  it('has --help with an example', () => {
    const r = cli(['tournament', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ skirmish tournament --policies random,aggressive,objective,balanced');
  });

  it('exits 2 with one line naming the flag of bad input', () => {
    const bad = (args: string[]): string => {
      const r = cli(['tournament', '--scenarios', 'raid', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      return r.stderr.trimEnd();
    };
    const real = ['ironbound-400', 'tuskfell-400'].map((a) => path.join('sims', 'armies', `${a}.json`)).join(',');
    expect(bad(['--policies', 'random,nosuchbot', '--armies', real])).toMatch(/^--policies: unknown policy "nosuchbot"/);
    expect(bad(['--policies', 'random,x', '--armies', 'nowhere.json'])).toBe('--armies: file not found: nowhere.json');
    expect(bad(['--policies', 'a,b', '--armies', ARMIES, '--games', 'many'])).toMatch(/^--games: expected a whole number/);
  });

  it('prints the pairings and ratings tables and writes their files', () => {
    const dir = out();
    const r = cli(['tournament', '--policies', 'random,p1,p3', '--armies', ARMIES, '--scenarios', 'raid,annihilation', '--games', '40', '--game-module', FAKE, '--workers', '1', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/policy A\s+policy B\s+games\s+A win rate \[95% CI\]/);
    expect(r.stdout).toMatch(/\nrandom\s+0\.0 \[0\.0, 0\.0\]\s+80\n/);
    expect(r.stdout).toContain(path.join(dir, 'ratings.csv'));
    expect(r.stderr).toMatch(/tournament: 3 policies, 3 pairings × 40 games = 120 games, 1 workers/);
    expect(readFileSync(path.join(dir, 'ratings.csv'), 'utf8').split('\n')[1]).toMatch(/^p3,/);
  });

  it('stops on SIGINT with exit 130 and resumes to the bytes of an uninterrupted tournament', async () => {
    const args = (dir: string): string[] => ['tournament', '--policies', 'slow0,p1,p2', '--armies', ARMIES, '--scenarios', 'raid', '--games', '200', '--game-module', FAKE, '--out', dir];
    const whole = out();
    expect(cli([...args(whole), '--workers', '0']).code).toBe(0);
    const dir = out();
    const stopped = await interrupt([...args(dir), '--workers', '2', '--chunk', '4'], dir, 'SIGINT', 2);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/resume with: skirmish tournament .* --resume\n/);
    expect(existsSync(path.join(dir, 'pairings.csv'))).toBe(false);
    const resumed = cli([...args(dir), '--workers', '1', '--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/from the checkpoint/);
    expect(read(dir)).toEqual(read(whole));
  });
});

describe('splitPolicies', () => {
  it('keeps a policy’s comma-separated options with it', () => {
    expect(splitPolicies('random, balanced:aggression=0.7,tactics=0,aggressive,./bots/my-bot.js:depth=2')).toEqual([
      'random',
      'balanced:aggression=0.7,tactics=0',
      'aggressive',
      './bots/my-bot.js:depth=2',
    ]);
    expect(() => splitPolicies('depth=2,random')).toThrow(/an option of no policy/);
    expect(() => splitPolicies('random,,balanced')).toThrow(/without empty items/);
  });
});
