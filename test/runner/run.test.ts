import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { GAME_COLUMNS, gameSeed, loadCheckedExperiment, mergeShards, runExperiment, SUMMARY_COLUMNS, type RunOptions } from '../../src/runner/index.js';
import { FIRST_TASK_GAMES, TASK_MS } from '../../src/runner/defaults.js';
import { CHECKPOINT_FILE } from '../../src/runner/run.js';
import { exists, FAKE_GAME, FIXTURES, fixture, outputs, tmp } from './helpers.js';

const dirs: string[] = [];
function out(): string {
  const d = tmp();
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function run(opts: Partial<RunOptions> & { name?: string; games?: number }): Promise<{ dir: string; o: Awaited<ReturnType<typeof runExperiment>> }> {
  const dir = opts.out ?? out();
  const experiment = opts.experiment ?? fixture(opts.name ?? 'tiny.json', { games: opts.games });
  const o = await runExperiment({ workers: 0, gameModule: FAKE_GAME, ...opts, experiment, out: dir });
  return { dir, o };
}

describe('runExperiment with the stand-in game', () => {
  let reference: ReturnType<typeof outputs>;

  it('writes every game in order with rotating seats', async () => {
    const { dir, o } = await run({});
    expect(o.status).toBe('complete');
    reference = outputs(dir);
    const lines = reference.games.trimEnd().split('\n');
    expect(lines[0]).toBe(GAME_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 4 * 24);
    const rows = lines.slice(1).map((l) => l.split(','));
    // Game 2k: army A first; 2k+1: army B; both with the pair's seed.
    const cell = rows[0][0];
    expect(rows[0].slice(1, 3)).toEqual(['0', gameSeed('tiny-seed', cell, 0)]);
    expect(rows[1][2]).toBe(rows[0][2]);
    expect(rows[0][8]).toBe('A');
    expect(rows[1][8]).toBe('B');
    expect(rows[2][2]).not.toBe(rows[0][2]);
    expect(rows.slice(0, 24).map((r) => Number(r[1]))).toEqual([...Array(24).keys()]);
    expect(reference.summary.split('\n')[0]).toBe(SUMMARY_COLUMNS.join(','));
    expect(reference.summary.trimEnd().split('\n')).toHaveLength(5);
    expect(reference.errors).toBe('cell,game,seed,error\n');
    expect(exists(dir, CHECKPOINT_FILE)).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.counts).toEqual({ cells: 4, games: 96, errors: 0 });
    expect(manifest.inputsHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives identical bytes for any worker count and chunk size', async () => {
    for (const [workers, chunk] of [
      [0, 3],
      [1, 5],
      [2, 7],
      [2, 1],
    ]) {
      const { dir } = await run({ workers, chunk });
      expect(outputs(dir), `workers ${workers}, chunk ${chunk}`).toEqual(reference);
    }
  });

  it('paces tasks without a chunk size: a few games first, then about TASK_MS of play each', async () => {
    const sizes: number[] = [];
    let last = 0;
    const { o } = await run({
      name: 'slow.json', // 4 ms a game
      games: 60,
      onProgress: (p) => {
        sizes.push(p.played - last);
        last = p.played;
      },
    });
    expect(o.status).toBe('complete');
    expect(sizes[0]).toBe(FIRST_TASK_GAMES);
    expect(Math.max(...sizes)).toBeGreaterThan(2 * FIRST_TASK_GAMES);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.ceil(TASK_MS / 4));
  });

  it('gives the same bytes from shards merged, whatever the slices and their order', async () => {
    for (const n of [2, 3]) {
      const slices: string[] = [];
      for (let k = 1; k <= n; k++) slices.push((await run({ shard: { k, n }, workers: k % 2, chunk: 4 })).dir);
      const merged = out();
      await mergeShards({ dirs: slices.reverse(), out: merged });
      expect(outputs(merged), `${n} slices`).toEqual(reference);
    }
  });

  it('merge refuses a missing or repeated slice', async () => {
    const a = (await run({ shard: { k: 1, n: 2 } })).dir;
    await expect(mergeShards({ dirs: [a], out: out() })).rejects.toThrow(/missing slice 2\/2/);
    await expect(mergeShards({ dirs: [a, a], out: out() })).rejects.toThrow(/given twice/);
  });

  it('stops cleanly, refuses to overwrite the checkpoint, and resumes to the same bytes', async () => {
    const dir = out();
    const stop = new AbortController();
    let tasks = 0;
    const first = await run({
      out: dir,
      chunk: 5,
      signal: stop.signal,
      onProgress: () => {
        if (++tasks === 3) stop.abort();
      },
    });
    expect(first.o.status).toBe('stopped');
    expect(first.o.done).toBeGreaterThanOrEqual(15);
    expect(first.o.done).toBeLessThan(96);
    expect(exists(dir, CHECKPOINT_FILE)).toBe(true);
    expect(exists(dir, 'games.csv')).toBe(false);
    await expect(run({ out: dir })).rejects.toThrow(InputError);
    // A crash mid-append leaves a torn line; resume drops it.
    appendFileSync(path.join(dir, CHECKPOINT_FILE), '{"cell":0,"start":90,"end":9');
    const second = await run({ out: dir, resume: true, chunk: 3, workers: 2 });
    expect(second.o.status).toBe('complete');
    expect(second.o.resumed).toBe(first.o.done);
    expect(second.o.played).toBe(96 - first.o.done);
    expect(outputs(dir)).toEqual(reference);
  });

  it('refuses to resume a checkpoint of other inputs', async () => {
    const dir = out();
    const stop = new AbortController();
    await run({ out: dir, chunk: 5, signal: stop.signal, onProgress: () => stop.abort() });
    await expect(run({ out: dir, resume: true, games: 30 })).rejects.toThrow(/different inputs/);
  });

  it('logs games that throw to errors.csv with their seeds and goes on', async () => {
    const { dir, o } = await run({ name: 'thrower.json' });
    expect(o.status).toBe('complete');
    const { games, errors, summary } = outputs(dir);
    const errs = errors.trimEnd().split('\n').slice(1);
    expect(errs.length).toBeGreaterThan(0);
    expect(o.errors).toBe(errs.length);
    expect(games.trimEnd().split('\n').length - 1 + errs.length).toBe(30);
    for (const line of errs) {
      const [cell, game, seed, message] = line.split(',');
      expect(seed).toBe(gameSeed('thrower-seed', cell, Number(game)));
      expect(message).toMatch(/stand-in failure/);
    }
    expect(summary.split('\n')[1].split(',')[SUMMARY_COLUMNS.indexOf('errors')]).toBe(String(errs.length));
    // Same bytes from a pool.
    expect(outputs((await run({ name: 'thrower.json', workers: 2, chunk: 4 })).dir)).toEqual(outputs(dir));
  });

  it('stops at the first throw with --fail-fast, naming the seed', async () => {
    const { dir, o } = await run({ name: 'thrower.json', failFast: true, chunk: 2 });
    expect(o.status).toBe('failed');
    expect(o.failure).toMatch(/seed [0-9a-f]{32}.*--fail-fast/);
    expect(exists(dir, 'summary.csv')).toBe(false);
    expect(exists(dir, CHECKPOINT_FILE)).toBe(true);
    // The failing task is not checkpointed: a resume plays it again (here it throws again, and is logged).
    const resumed = await run({ name: 'thrower.json', out: dir, resume: true });
    expect(resumed.o.status).toBe('complete');
    expect(outputs(dir)).toEqual(outputs((await run({ name: 'thrower.json' })).dir));
  });

  it('replaces a crashed worker and retries its task once', async () => {
    const marker = path.join(out(), 'crashed');
    process.env.SKIRMISH_TEST_CRASH_MARKER = marker;
    try {
      const { o, dir } = await run({ name: 'crash.json', workers: 2, chunk: 4 });
      expect(existsSync(marker)).toBe(true);
      expect(o.status).toBe('complete');
      // In process the marker exists already, so nothing crashes: the reference.
      expect(outputs(dir)).toEqual(outputs((await run({ name: 'crash.json' })).dir));
    } finally {
      delete process.env.SKIRMISH_TEST_CRASH_MARKER;
    }
  });

  it('adds fixed batches of games until --precision is met, the same for any pool', async () => {
    const experiment = fixture('tiny.json', { precision: 0.15, games: 10 });
    experiment.precision = { halfWidth: 0.15, batch: 10, maxGames: 60 };
    const a = await run({ experiment, chunk: 3 });
    const b = await run({ experiment, workers: 2, chunk: 4 });
    expect(a.o.status).toBe('complete');
    expect(outputs(b.dir)).toEqual(outputs(a.dir));
    const rows = outputs(a.dir)
      .summary.trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const col = (name: (typeof SUMMARY_COLUMNS)[number]): number => SUMMARY_COLUMNS.indexOf(name);
    for (const r of rows) {
      const games = Number(r[col('games')]);
      const half = (Number(r[col('win_rate_a_high')]) - Number(r[col('win_rate_a_low')])) / 2;
      expect(games % 10).toBe(0);
      expect(games >= 60 || half < 0.15 + 1e-4).toBe(true);
      expect(games).toBeGreaterThan(10);
    }
  });

  it('refuses --precision with --shard', async () => {
    await expect(run({ experiment: fixture('tiny.json', { precision: 0.1 }), shard: { k: 1, n: 2 } })).rejects.toThrow(InputError);
  });
});

describe('runExperiment with the real engine', () => {
  it('gives the same bytes in process, on a pool, and from merged slices', async () => {
    const experiment = loadCheckedExperiment({ file: path.join(FIXTURES, 'sims', 'real.json'), games: 4 });
    const single = await run({ experiment, gameModule: undefined, workers: 0 });
    expect(single.o.failure).toBeUndefined();
    expect(single.o.status).toBe('complete');
    expect(single.o.errors).toBe(0);
    const pooled = await run({ experiment, gameModule: undefined, workers: 2, chunk: 3 });
    expect(outputs(pooled.dir)).toEqual(outputs(single.dir));
    const slices = [];
    for (const k of [1, 2]) slices.push((await run({ experiment, gameModule: undefined, workers: k - 1, chunk: 2, shard: { k, n: 2 } })).dir);
    const merged = out();
    await mergeShards({ dirs: slices, out: merged });
    expect(outputs(merged)).toEqual(outputs(single.dir));
  });
});
