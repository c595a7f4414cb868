/**
 * Grid points that field the same lists play the same games once: the sample
 * sweep (sims/experiments/shieldbearer-cost.json) at 15, 20 and 25 fields five
 * Shieldbearers at three prices; the built-in bots never read a price, so 20
 * and 25 are same_as 15, their games are 15's, priced at their own costs, and
 * the files are byte for byte those of playing each point (and of another
 * worker count, a resume, shards merged).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/batch/csv.js';
import { gameRow } from '../../src/runner/csv.js';
import { createGame } from '../../src/runner/engine-game.js';
import { loadCheckedExperiment, mergeShards, runExperiment } from '../../src/runner/index.js';
import { playTask } from '../../src/runner/worker.js';
import { ROOT, tmp } from './helpers.js';

const SAMPLE = path.join(ROOT, 'sims', 'experiments', 'shieldbearer-cost.json');

/** The sample sweep at 15, 20 and 25 (paths absolute), `games` games a point, in a temporary folder. */
function sample(games: number, policies = [['strongest', 'strongest']]) {
  const json = JSON.parse(readFileSync(SAMPLE, 'utf8'));
  const abs = (p: string) => path.resolve(path.dirname(SAMPLE), p);
  json.games = games;
  json.policies = policies;
  json.matchups = json.matchups.map((m: string[]) => m.map(abs));
  json.sweep.parameters[0].target = abs(json.sweep.parameters[0].target);
  json.sweep.parameters[0].values = { from: 15, to: 25, step: 5 };
  const file = path.join(tmp('reuse-'), 'exp.json');
  writeFileSync(file, JSON.stringify(json));
  return loadCheckedExperiment({ file });
}

const read = (dir: string) => Object.fromEntries(['games.csv', 'summary.csv', 'errors.csv', 'sweep.csv', 'lists.csv'].map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

describe('same_as grid points play their games once', () => {
  const e = sample(6);

  it('15, 20 and 25 are same_as one another; only 15 plays, and the files are those of playing each point', async () => {
    expect(e.sweep!.points.map((p) => p.sameAs?.[0] ?? null)).toEqual([null, 0, 0]);
    expect(e.cells.map((c) => c.point!.sameAs ?? null)).toEqual([null, 0, 0]);
    const dir = tmp('reuse-');
    const o = await runExperiment({ experiment: e, out: dir, workers: 0 });
    expect(o.status).toBe('complete');
    expect([o.played, o.done]).toEqual([6, 18]);
    const lines = read(dir)['games.csv'].trimEnd().split('\n').slice(1);
    expect(lines).toHaveLength(18);
    // Each point's games as played by the engine: the same rows (the points of its dearer or cheaper Shieldbearers included).
    for (const cell of e.cells) {
      const played = playTask(await createGame(cell), { cell, seed: e.seed, start: 0, end: 6 });
      expect(played.errors).toEqual([]);
      const point = cell.point!.values;
      expect(lines.filter((l) => l.startsWith(`"${cell.key}"`) || l.startsWith(`${cell.key},`))).toEqual(
        csvText(played.rows.map((r) => [...gameRow(r), ...point]))
          .trimEnd()
          .split('\n'),
      );
    }
    // The same games: only the cell, the price of the Shieldbearers lost and the parameter differ.
    const cols = (k: number) =>
      lines.slice(6 * k, 6 * k + 6).map((l) =>
        l
          .split(',')
          .filter((_f, i) => i !== 0 && i !== 16 && i !== 20)
          .join(),
      );
    expect(cols(1)).toEqual(cols(0));
    expect(cols(2)).toEqual(cols(0));
  }, 300_000);

  it('gives the same bytes with two workers, resumed, and from shards merged', async () => {
    const one = tmp('reuse-');
    await runExperiment({ experiment: e, out: one, workers: 1, chunk: 2 });
    const reference = read(one);
    const two = tmp('reuse-');
    await runExperiment({ experiment: e, out: two, workers: 2, chunk: 1 });
    expect(read(two)).toEqual(reference);

    const dir = tmp('reuse-');
    const stop = new AbortController();
    let tasks = 0;
    const first = await runExperiment({ experiment: e, out: dir, workers: 0, chunk: 1, signal: stop.signal, onProgress: () => ++tasks === 2 && stop.abort() });
    expect(first.status).toBe('stopped');
    const second = await runExperiment({ experiment: e, out: dir, workers: 0, chunk: 3, resume: true });
    expect(second.status).toBe('complete');
    expect(second.resumed).toBeGreaterThan(0);
    expect(second.played).toBe(6 - second.resumed / 3);
    expect(read(dir)).toEqual(reference);

    const slices: string[] = [];
    for (let k = 1; k <= 2; k++) {
      const s = tmp('reuse-');
      await runExperiment({ experiment: e, out: s, workers: 0, shard: { k, n: 2 } });
      slices.push(s);
    }
    const merged = tmp('reuse-');
    await mergeShards({ dirs: slices, out: merged });
    for (const f of ['games.csv', 'summary.csv', 'errors.csv', 'sweep.csv']) expect(readFileSync(path.join(merged, f), 'utf8')).toBe(reference[f]);
  }, 300_000);

  it('a plugin bot may read prices: then each point plays its own games', () => {
    const plugin = sample(2, [[path.join(ROOT, 'examples', 'sharpshooter.js'), 'strongest']]);
    expect(plugin.cells.map((c) => c.point!.sameAs ?? null)).toEqual([null, null, null]);
  });
});
