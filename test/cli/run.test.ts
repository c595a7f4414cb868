import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, outputs, tmp } from '../runner/helpers.js';
import { cli, interrupt } from './helpers.js';

const FAKE = path.join(FIXTURES, 'fake-game.mjs');
const dirs: string[] = [];
function out(): string {
  const d = tmp('cli-');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('skirmish run', () => {
  it('exits 2 with the file and JSON path of a bad experiment, no stack trace', () => {
    const bad = path.join(out(), 'bad.json');
    writeFileSync(bad, JSON.stringify({ kind: 'experiment', name: 'bad', seed: 's', games: 'many', matchups: [], scenarios: ['raid'], policies: [['random', 'random']] }));
    const r = cli(['run', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}: games: expected number, got string`);
    expect(r.stderr).toContain(`${bad}: matchups: must be ≥ 1 items`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on bad flags', () => {
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    expect(cli(['run', tiny, '--shard', '5/4']).stderr).toMatch(/^--shard: expected K\/N/);
    expect(cli(['run', tiny, '--workers', 'lots', '--precision', '2']).code).toBe(2);
    expect(cli(['run', path.join(FIXTURES, 'nope.json')]).stderr).toMatch(/nope\.json: file not found/);
  });

  it('prints the summary table and the paths; plain progress lines when stderr is not a terminal', () => {
    const dir = out();
    const r = cli(['run', path.join(FIXTURES, 'sims', 'tiny.json'), '--game-module', FAKE, '--workers', '1', '--out', dir, '--progress-interval', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/A win rate \[95% CI\]/);
    expect(r.stdout).toContain(path.join(dir, 'summary.csv'));
    expect(r.stderr).toMatch(/run: 96\/96 games, [\d.]+ games\/s, ETA 0:00\n/);
    expect(r.stderr).not.toContain('\r');
  });

  it('stops on SIGINT with exit 130 and resumes to the bytes of an uninterrupted run (real engine)', async () => {
    const real = path.join(FIXTURES, 'sims', 'real.json');
    // Enough games that the run is still going when the signal lands, even on an idle machine.
    const whole = out();
    // --no-report, --confirm none: this test is about the run's own games (the report and the confirmation have their own tests).
    expect(cli(['run', real, '--games', '200', '--workers', '0', '--out', whole, '--no-report', '--confirm', 'none']).code).toBe(0);
    const dir = out();
    const args = ['run', real, '--games', '200', '--workers', '2', '--chunk', '2', '--out', dir, '--no-report', '--confirm', 'none'];
    const stopped = await interrupt(args, dir, 'SIGINT', 1);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/stopped: \d+ finished games are kept in .*checkpoint\.jsonl\nresume with: skirmish run .* --resume\n/);
    expect(existsSync(path.join(dir, 'games.csv'))).toBe(false);
    const resumed = cli([...args, '--chunk', '5', '--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/from the checkpoint/);
    expect(outputs(dir)).toEqual(outputs(whole));
  });

  it('stops on SIGTERM with exit 143 and resumes', async () => {
    const slow = path.join(FIXTURES, 'sims', 'slow.json');
    const dir = out();
    const args = ['run', slow, '--game-module', FAKE, '--workers', '2', '--chunk', '10', '--games', '200', '--out', dir];
    const stopped = await interrupt(args, dir, 'SIGTERM', 3);
    expect(stopped.code).toBe(143);
    expect(cli([...args, '--resume']).code).toBe(0);
    const whole = out();
    expect(cli(['run', slow, '--game-module', FAKE, '--workers', '1', '--chunk', '50', '--games', '200', '--out', whole]).code).toBe(0);
    expect(outputs(dir)).toEqual(outputs(whole));
  });

  it('merge combines slices run from the CLI into the single-machine files', () => {
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    const single = out();
    // A slice is never confirmed: the merge is the single run without confirmation.
    expect(cli(['run', tiny, '--game-module', FAKE, '--workers', '0', '--out', single, '--confirm', 'none']).code).toBe(0);
    const slices = [1, 2].map((k) => {
      const d = out();
      expect(cli(['run', tiny, '--game-module', FAKE, '--workers', '1', '--shard', `${k}/2`, '--out', d]).code).toBe(0);
      return d;
    });
    const merged = out();
    const r = cli(['merge', ...slices, '--out', merged]);
    expect(r.code).toBe(0);
    expect(outputs(merged)).toEqual(outputs(single));
    expect(cli(['merge', slices[1], '--out', out()]).stderr).toMatch(/missing slice 1\/2/);
  });

  it('--confirm: exit 2 on bad input, the flag or the file; each flag printed with its confirmation', () => {
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    const bad = cli(['run', tiny, '--game-module', FAKE, '--confirm', 'search:1', '--out', out()]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^--confirm: games: expected a whole number 2\.\.100000, got 1/);
    expect(cli(['run', tiny, '--confirm', ':8', '--out', out()]).code).toBe(2);
    // An unknown policy is refused before any game (the real engine's policies are checked).
    const unknown = cli(['run', path.join(FIXTURES, 'sims', 'real.json'), '--confirm', 'nosuchbot', '--out', out()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown policy "nosuchbot"/);
    const file = path.join(out(), 'bad-confirm.json');
    writeFileSync(
      file,
      JSON.stringify({ kind: 'experiment', name: 'c', seed: 's', games: 4, matchups: [['a.json', 'b.json']], scenarios: ['raid'], policies: [['random', 'random']], confirm: 'search:0' }),
    );
    const inFile = cli(['run', file]);
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toContain(`${file}: confirm: games: expected a whole number 2..100000, got 0`);

    const dir = out();
    const game = path.join(FIXTURES, 'confirm-game.mjs');
    const r = cli(['run', path.join(FIXTURES, 'sims', 'confirm.json'), '--game-module', game, '--workers', '1', '--out', dir, '--confirm', 'back:8', '--no-report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/first seat favoured \(back: reversed \d+\.\d% \[\d+\.\d, \d+\.\d\]\)/);
    expect(r.stdout).toMatch(/confirmation: 2 flags of 2 cells re-checked with back: \d+ games in [\d.]+ s\n/);
    expect(r.stderr).toMatch(/confirm: 2 flags of 2 cells with back on both sides/);
    expect(existsSync(path.join(dir, 'confirm.csv'))).toBe(true);
  });
});
