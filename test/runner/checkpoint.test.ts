import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { mergeShards, runExperiment, type RunOptions } from '../../src/runner/index.js';
import { CHECKPOINT_FILE } from '../../src/runner/run.js';
import { FAKE_GAME, fixture, outputs, tmp } from './helpers.js';

/*
 * Checkpoint lines are checked for what they claim, duplicates are
 * ignored, stale temporary files go on every start, links planted in the
 * output folder are never followed, and merge takes the folder's lock and
 * refuses slices of another version.
 */
const dirs: string[] = [];
function out(): string {
  const d = tmp('checkpoint-');
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(opts: Partial<RunOptions> & { out: string }): ReturnType<typeof runExperiment> {
  return runExperiment({ workers: 0, gameModule: FAKE_GAME, experiment: fixture('tiny.json'), chunk: 5, ...opts });
}

/** A run stopped after three tasks: its folder, and the complete run's files for comparison. */
async function stopped(): Promise<string> {
  const dir = out();
  const stop = new AbortController();
  let tasks = 0;
  const o = await run({ out: dir, signal: stop.signal, onProgress: () => ++tasks === 3 && stop.abort() });
  expect(o.status).toBe('stopped');
  return dir;
}

const seal = (json: string): string => `${json}\t${createHash('sha256').update(json).digest('hex').slice(0, 16)}\n`;

/** Rewrites task line `n` (1 is the header) with `edit` applied to its JSON, re-sealed with a valid checksum. */
function reseal(dir: string, n: number, edit: (t: { cell: number; start: number; end: number; rows: (string | number)[][]; errors: unknown[] }) => void): void {
  const file = path.join(dir, CHECKPOINT_FILE);
  const lines = readFileSync(file, 'utf8').split('\n');
  const t = JSON.parse(lines[n - 1].split('\t')[0]);
  edit(t);
  lines[n - 1] = seal(JSON.stringify(t)).trimEnd();
  writeFileSync(file, lines.join('\n'));
}

let reference: ReturnType<typeof outputs>;
beforeAll(async () => {
  const dir = out();
  await run({ out: dir });
  reference = outputs(dir);
});

describe('checkpoint lines are checked for what they claim', () => {
  const cases: [string, Parameters<typeof reseal>[2], RegExp][] = [
    ['a row missing', (t) => t.rows.pop(), /line 3: task \d+\.\.\d+ holds 4 rows and 0 errors, not its 5 games/],
    ['end beyond its rows', (t) => (t.end += 2), /line 3: task \d+\.\.\d+ holds 5 rows and 0 errors, not its 7 games/],
    ['a bad field', (t) => (t.rows[1][9] = 'nobody'), /line 3: rows\[1\]: column winner: expected A, B or draw/],
    ['a row of another game', (t) => (t.rows[0][1] = 999), /line 3: rows\[0\]: game 999 is not one of the task's games/],
    ['start after end', (t) => (t.start = t.end), /line 3: start, end: expected 0 ≤ start < end/],
    ['a cell the run does not have', (t) => (t.cell = 99), /line 3: task \d+\.\.\d+ of cell 99 is not games of this run/],
    ['games beyond the cell', (t) => ((t.start += 100), (t.end += 100), t.rows.forEach((r) => ((r[1] as number) += 100))), /line 3: task 10\d\.\.10\d of cell \d is not games of this run/],
  ];
  for (const [what, edit, message] of cases) {
    it(`${what}: refused naming the file and the line, exit 2`, async () => {
      const dir = await stopped();
      reseal(dir, 3, edit);
      const err = await run({ out: dir, resume: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as Error).message).toContain(path.join(dir, CHECKPOINT_FILE));
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message.split('\n')).toHaveLength(1);
    });
  }

  it('rows of another cell in a task: refused naming the line', async () => {
    const dir = await stopped();
    reseal(dir, 2, (t) => (t.rows[0][0] = 'some other cell'));
    await expect(run({ out: dir, resume: true })).rejects.toThrow(/checkpoint\.jsonl: line 2: a row of cell "some other cell" in a task of cell/);
  });

  it('a task line overlapping another: refused naming both lines', async () => {
    const dir = await stopped();
    const file = path.join(dir, CHECKPOINT_FILE);
    const line2 = readFileSync(file, 'utf8').split('\n')[1];
    const t = JSON.parse(line2.split('\t')[0]);
    t.start += 1;
    t.end += 1;
    t.rows = t.rows.map((r: (string | number)[]) => [r[0], (r[1] as number) + 1, ...r.slice(2)]);
    const n = readFileSync(file, 'utf8').split('\n').length;
    appendFileSync(file, seal(JSON.stringify(t)));
    await expect(run({ out: dir, resume: true })).rejects.toThrow(new RegExp(`line ${n}: task \\d+\\.\\.\\d+ of cell \\d overlaps line 2's`));
  });

  it("a line copied from another run's checkpoint: refused naming the line and both runs, exit 2, the checkpoint intact", async () => {
    const dir = await stopped();
    // Another run of the same cells and tasks: another seed, so its games differ.
    const other = out();
    const stop = new AbortController();
    let tasks = 0;
    const tiny = fixture('tiny.json');
    await run({ out: other, experiment: { ...tiny, seed: 'another', inputsHash: `${tiny.inputsHash}-another` }, signal: stop.signal, onProgress: () => ++tasks === 3 && stop.abort() });
    const file = path.join(dir, CHECKPOINT_FILE);
    const mine = readFileSync(file, 'utf8').split('\n');
    const theirs = readFileSync(path.join(other, CHECKPOINT_FILE), 'utf8').split('\n');
    // The same task (cell and games), other results: every check of its own contents passes.
    const task = (line: string): unknown => (({ cell, start, end }) => ({ cell, start, end }))(JSON.parse(line.split('\t')[0]));
    expect(task(theirs[1])).toEqual(task(mine[1]));
    expect(theirs[1].replace(/"run":"\w+",/, '')).not.toBe(mine[1].replace(/"run":"\w+",/, ''));
    writeFileSync(file, [mine[0], theirs[1], ...mine.slice(2)].join('\n'));
    const before = readFileSync(file, 'utf8');
    const err = await run({ out: dir, resume: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: a task of another run \\(run [0-9a-f]{16}; this checkpoint's run is [0-9a-f]{16}\\), copied from another run's checkpoint\\?`,
      ),
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
    // Without the copied line, the resume plays its games again and gives the files of an uninterrupted run.
    writeFileSync(file, [mine[0], ...mine.slice(2)].join('\n'));
    expect((await run({ out: dir, resume: true })).status).toBe('complete');
    expect(outputs(dir)).toEqual(reference);
  });

  it('a line written twice counts once: the resume message and the files are those of the distinct tasks', async () => {
    const dir = await stopped();
    const file = path.join(dir, CHECKPOINT_FILE);
    const lines = readFileSync(file, 'utf8').split('\n');
    const tasks = lines.length - 2;
    appendFileSync(file, `${lines[1]}\n${lines[2]}\n${lines[1]}\n`);
    let resumed = -1;
    const o = await run({ out: dir, resume: true, onStart: (i) => (resumed = i.resumed) });
    expect(o.status).toBe('complete');
    // Tasks of 5 games each, counted once.
    expect(resumed).toBe(5 * tasks);
    expect(o.resumed).toBe(5 * tasks);
    expect(outputs(dir)).toEqual(reference);
  });
});

describe('the output folder on every start', () => {
  it('stale temporary files go, even when the resume is then refused', async () => {
    const dir = await stopped();
    const stale = ['.games.csv.tmp', '.summary.csv.tmp-999999', '.run.lock.tmp-999998', '.manifest.json.tmp'];
    for (const f of stale) writeFileSync(path.join(dir, f), 'left by kill -9');
    reseal(dir, 2, (t) => t.rows.pop());
    await expect(run({ out: dir, resume: true })).rejects.toThrow(InputError);
    expect(readdirSync(dir).sort()).toEqual([CHECKPOINT_FILE]);
  });

  it('links planted under every output name are replaced, never followed', async () => {
    const dir = out();
    const victim = path.join(out(), 'precious.txt');
    writeFileSync(victim, 'precious');
    const names = [
      'games.csv',
      'summary.csv',
      'errors.csv',
      'manifest.json',
      CHECKPOINT_FILE,
      `.games.csv.tmp-${process.pid}`,
      `.errors.csv.tmp-${process.pid}`,
      `.summary.csv.tmp-${process.pid}`,
      `.manifest.json.tmp-${process.pid}`,
    ];
    for (const n of names) symlinkSync(victim, path.join(dir, n));
    const o = await run({ out: dir });
    expect(o.status).toBe('complete');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(outputs(dir)).toEqual(reference);
    expect(readdirSync(dir).sort()).toEqual(['errors.csv', 'games.csv', 'manifest.json', 'summary.csv']);
  });

  it('a checkpoint planted as a link: a resume refuses it with one line and leaves its target alone', async () => {
    const dir = out();
    const victim = path.join(out(), 'precious.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, path.join(dir, CHECKPOINT_FILE));
    await expect(run({ out: dir, resume: true })).rejects.toThrow(/checkpoint\.jsonl: a symbolic link, not a run's checkpoint/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });
});

describe('merge', () => {
  async function slices(): Promise<string[]> {
    const a = out();
    const b = out();
    await run({ out: a, shard: { k: 1, n: 2 } });
    await run({ out: b, shard: { k: 2, n: 2 } });
    return [a, b];
  }

  it("takes the output folder's lock: a folder a run is writing is refused and left alone", async () => {
    const dirs = await slices();
    const target = out();
    // A live process that is not this one (a lock naming this process, which does not hold it, is stale).
    const lock = { pid: process.ppid, host: (await import('node:os')).hostname(), startedAt: 'now', command: 'skirmish run' };
    writeFileSync(path.join(target, 'run.lock'), JSON.stringify(lock));
    await expect(mergeShards({ dirs, out: target })).rejects.toThrow(new RegExp(`another run is writing in this folder \\(pid ${process.ppid}, `));
    expect(readdirSync(target)).toEqual(['run.lock']);
  });

  it('refuses a slice of another package version with one line', async () => {
    const dirs = await slices();
    const m = path.join(dirs[1], 'manifest.json');
    const j = JSON.parse(readFileSync(m, 'utf8'));
    j.package.version = '0.0.1';
    writeFileSync(m, JSON.stringify(j));
    const target = path.join(out(), 'merged');
    await expect(mergeShards({ dirs, out: target })).rejects.toThrow(
      new RegExp(`^${dirs[1]}: a slice made by skirmish-lab 0\\.0\\.1, this is \\d+\\.\\d+\\.\\d+\\+[0-9a-f]{12}; merge it with that version`),
    );
    expect(existsSync(target)).toBe(false);
    mkdirSync(target);
  });
});
