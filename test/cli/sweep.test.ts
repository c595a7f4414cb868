import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tmp } from '../runner/helpers.js';

const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
const GAME = path.join(FIXTURES, 'sweep-game.mjs');
const SWEEP = path.join(FIXTURES, 'sims', 'sweep.json');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('skirmish sweep', () => {
  it('runs a sweep, prints the fair values, and equals `skirmish run` on the same file', () => {
    const a = tmp('cli-sweep-');
    const b = tmp('cli-sweep-');
    dirs.push(a, b);
    const args = ['--games', '40', '--workers', '0', '--game-module', GAME];
    const sweep = cli(['sweep', SWEEP, ...args, '--out', a]);
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.stdout).toMatch(/fair values \(army A's win rate at 50%\):\nalpha-400 vs beta-400 \| meeting-engagement \| random vs random: edge: /);
    expect(sweep.stdout).toMatch(/crossing\.csv/);
    expect(cli(['run', SWEEP, ...args, '--out', b]).code).toBe(0);
    for (const f of ['games.csv', 'summary.csv', 'sweep.csv', 'crossing.csv']) {
      expect(readFileSync(path.join(a, f), 'utf8'), f).toBe(readFileSync(path.join(b, f), 'utf8'));
    }
  });

  it('refuses a file without a sweep (exit 2), and has --help with an example', () => {
    const r = cli(['sweep', path.join(FIXTURES, 'sims', 'tiny.json'), '--workers', '0', '--game-module', GAME]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tiny\.json: sweep: missing/);
    const help = cli(['sweep', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Example:\n {2}\$ skirmish sweep sims\/experiments\/shieldbearer-cost\.json/);
  });
});
