import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../runner/helpers.js';

/*
 * One disk-full behaviour for every command that writes: one line
 * naming the folder, what is kept and how to go on, exit 1; no temporary and
 * no partial final-named file, no empty lock; after space is freed, --resume
 * (or running again) gives the files of a run that never met a full disk.
 *
 * The full disk is test/cli/fixtures/enospc.mjs, preloaded: writes under the
 * output folder fail with ENOSPC after a byte budget (no root, no tmpfs; the
 * same runs on a 1 MB tmpfs: bench/disk-full.sh).
 */
const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
const FAULT = path.join(ROOT, 'test', 'cli', 'fixtures', 'enospc.mjs');
const GAME = path.join(FIXTURES, 'fake-game.mjs');
const SWEEP_GAME = path.join(FIXTURES, 'sweep-game.mjs');
const TOURNAMENT_GAME = path.join(FIXTURES, 'fake-tournament-game.mjs');
const TINY = path.join(FIXTURES, 'sims', 'tiny.json');
const SWEEP = path.join(FIXTURES, 'sims', 'sweep.json');
const ARMIES = ['alpha-400', 'beta-400'].map((a) => path.join(FIXTURES, 'sims', 'armies', `${a}.json`)).join(',');
const CAMPAIGN = path.join(ROOT, 'test', 'campaign', 'fixtures', 'small.json');

const base = mkdtempSync(path.join(tmpdir(), 'skirmish-disk-full-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => path.join(base, `d${n++}`);

function skirmish(args: string[], fault?: { dir: string; bytes: number; files?: string }): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...(fault ? ['--import', FAULT] : []), MAIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...(fault ? { SKIRMISH_FAULT_DIR: fault.dir, SKIRMISH_FAULT_BYTES: String(fault.bytes), SKIRMISH_FAULT_FILES: fault.files ?? '' } : {}) },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The one error line of a full disk, and that it is the only error line. */
function diskFullLine(stderr: string, folder: string): string {
  const errors = stderr.split('\n').filter((l) => l.startsWith('error') || l.includes('ENOSPC'));
  expect(errors, stderr).toHaveLength(1);
  expect(errors[0]).toMatch(/^error: disk full \(ENOSPC\) writing to /);
  expect(errors[0]).toContain(`writing to ${folder};`);
  return errors[0];
}

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};
const read = (dir: string, f: string): string => readFileSync(path.join(dir, f), 'utf8');

/** A batch command: full disk mid-way, then resumed with space; the same files as a clean run. */
function batch(what: string, args: (out: string) => string[], bytes: number, compared: string[], kept: 'games' | 'campaigns' = 'games'): void {
  it(`${what}: one line, the checkpoint kept and nothing else; --resume after freeing space gives the clean run's files`, () => {
    const out = fresh();
    const full = skirmish(args(out), { dir: out, bytes });
    expect(full.code, full.stderr).toBe(1);
    const line = diskFullLine(full.stderr, out);
    expect(line).toContain(`the finished ${kept} are kept in ${path.join(out, 'checkpoint.jsonl')}; free some space, then resume with: skirmish `);
    expect(line).toMatch(/ --resume$/);
    expect(files(out)).toEqual(['checkpoint.jsonl']);
    const resumed = skirmish([...args(out), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const clean = fresh();
    expect(skirmish(args(clean)).code).toBe(0);
    for (const f of compared) expect(read(out, f), f).toBe(read(clean, f));
  });
}

describe('a full disk', () => {
  batch('run', (out) => ['run', TINY, '--game-module', GAME, '--workers', '0', '--chunk', '5', '--out', out, '--no-report'], 3000, ['games.csv', 'summary.csv', 'errors.csv']);
  batch('sweep', (out) => ['sweep', SWEEP, '--game-module', SWEEP_GAME, '--games', '10', '--workers', '0', '--chunk', '5', '--out', out, '--no-report'], 3000, [
    'games.csv',
    'sweep.csv',
    'crossing.csv',
  ]);
  batch(
    'tournament',
    (out) => [
      'tournament',
      '--policies',
      'random,p1',
      '--armies',
      ARMIES,
      '--scenarios',
      'raid',
      '--games',
      '40',
      '--game-module',
      TOURNAMENT_GAME,
      '--workers',
      '0',
      '--chunk',
      '4',
      '--out',
      out,
      '--no-report',
    ],
    3000,
    ['games.csv', 'pairings.csv', 'ratings.csv'],
  );
  batch(
    'campaign',
    (out) => ['campaign', CAMPAIGN, '--campaigns', '2', '--battle-policy', 'random', '--workers', '0', '--out', out, '--no-report'],
    1500,
    ['campaigns.csv', 'battles.csv', 'territories.csv'],
    'campaigns',
  );

  it('while the final files are written (the manifest last): none of them appears, the checkpoint stays, --resume finishes', () => {
    for (const [cmd, args] of [
      ['run', (out: string) => ['run', TINY, '--game-module', GAME, '--workers', '0', '--out', out, '--no-report']],
      [
        'tournament',
        (out: string) => [
          'tournament',
          '--policies',
          'random,p1',
          '--armies',
          ARMIES,
          '--scenarios',
          'raid',
          '--games',
          '8',
          '--game-module',
          TOURNAMENT_GAME,
          '--workers',
          '0',
          '--out',
          out,
          '--no-report',
        ],
      ],
      ['campaign', (out: string) => ['campaign', CAMPAIGN, '--campaigns', '1', '--battle-policy', 'random', '--workers', '0', '--out', out, '--no-report']],
    ] as const) {
      const out = fresh();
      const full = skirmish(args(out), { dir: out, bytes: 0, files: 'manifest' });
      expect(full.code, `${cmd}: ${full.stderr}`).toBe(1);
      diskFullLine(full.stderr, out);
      expect(files(out), cmd).toEqual(['checkpoint.jsonl']);
      expect(skirmish([...args(out), '--resume']).code, cmd).toBe(0);
      expect(files(out), cmd).toContain('manifest.json');
    }
  });

  it('run with no space at all: nothing is left, no empty lock, and the suggested --resume runs', () => {
    const out = fresh();
    const args = ['run', TINY, '--game-module', GAME, '--workers', '0', '--out', out, '--no-report'];
    const full = skirmish(args, { dir: out, bytes: 0 });
    expect(full.code).toBe(1);
    expect(diskFullLine(full.stderr, out)).toMatch(/; no games had finished; free some space, then resume with: .* --resume$/);
    expect(files(out)).toEqual([]);
    expect(skirmish([...args, '--resume']).code).toBe(0);
    expect(files(out)).toEqual(['confirm.csv', 'errors.csv', 'games.csv', 'manifest.json', 'summary.csv']);
  });

  it('merge: one line, nothing written; run again after freeing space', () => {
    const slices = [1, 2].map((k) => {
      const d = fresh();
      expect(skirmish(['run', TINY, '--game-module', GAME, '--workers', '0', '--shard', `${k}/2`, '--out', d, '--no-report']).code).toBe(0);
      return d;
    });
    const out = fresh();
    const full = skirmish(['merge', ...slices, '--out', out], { dir: out, bytes: 4000 });
    expect(full.code).toBe(1);
    expect(diskFullLine(full.stderr, out)).toMatch(/; nothing of the merge was written \(the slices are untouched\); free some space, then run again: skirmish merge /);
    expect(files(out)).toEqual([]);
    expect(skirmish(['merge', ...slices, '--out', out]).code).toBe(0);
    const single = fresh();
    // Slices are not confirmed: the merge is the single run without confirmation.
    skirmish(['run', TINY, '--game-module', GAME, '--workers', '0', '--out', single, '--no-report', '--confirm', 'none']);
    for (const f of ['games.csv', 'summary.csv', 'errors.csv']) expect(read(out, f), f).toBe(read(single, f));
  });

  it('play --log, dice table --csv, report: one line, exit 1, nothing partial of theirs', () => {
    const logDir = fresh();
    const play = skirmish(['play', '--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json', '--log', path.join(logDir, 'game.jsonl')], { dir: logDir, bytes: 2000 });
    expect(play.code).toBe(1);
    expect(diskFullLine(play.stderr, logDir)).toMatch(/; nothing was written; free some space, then run again: skirmish play /);
    expect(files(logDir)).toEqual([]);

    const csvDir = fresh();
    const dice = skirmish(['dice', 'table', '--attacks', '1..6', '--clash', '1..3', '--defense', '0..2', '--csv', path.join(csvDir, 'new', 't.csv')], { dir: csvDir, bytes: 100 });
    expect(dice.code).toBe(1);
    diskFullLine(dice.stderr, path.join(csvDir, 'new'));
    expect(files(path.join(csvDir, 'new'))).toEqual([]);

    const run = fresh();
    expect(skirmish(['run', TINY, '--game-module', GAME, '--workers', '0', '--out', run, '--no-report']).code).toBe(0);
    const before = files(run);
    const report = skirmish(['report', run, '--no-replays'], { dir: run, bytes: 1000 });
    expect(report.code).toBe(1);
    expect(diskFullLine(report.stderr, run)).toMatch(/; the run's files are untouched; free some space, then run again: skirmish report /);
    for (const f of ['games.csv', 'summary.csv']) expect(before).toContain(f);
    // The atomic writer removes its temporary file when a write fails: the folder is as the run left it.
    expect(files(run)).toEqual(before);
  });
});
