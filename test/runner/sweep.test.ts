import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { CROSSING_COLUMNS, GAME_COLUMNS, gameSeed, loadCheckedExperiment, loadExperiment, mergeShards, runExperiment, SUMMARY_COLUMNS } from '../../src/runner/index.js';
import { FIXTURES, fixture, tmp } from './helpers.js';
import type { Experiment } from '../../src/runner/types.js';

const SWEEP_GAME = pathToFileURL(path.join(FIXTURES, 'sweep-game.mjs')).href;
const dirs: string[] = [];
function out(): string {
  const d = tmp('sweep-');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const FILES = ['games.csv', 'summary.csv', 'errors.csv', 'sweep.csv', 'crossing.csv', 'lists.csv'];
const read = (dir: string): Record<string, string> => Object.fromEntries(FILES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
const csv = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.split(','));

describe('a sweep with the stand-in game', () => {
  let reference: Record<string, string>;

  it('plays every cell at every grid point with the same seeds (common random numbers)', async () => {
    const experiment = fixture('sweep.json');
    expect(experiment.sweep?.points.map((p) => p.values[0])).toEqual([-1.5, -1, -0.5, 0, 0.5, 1, 1.5]);
    expect(experiment.cells).toHaveLength(7 * 2);
    const dir = out();
    const o = await runExperiment({ experiment, out: dir, workers: 0, gameModule: SWEEP_GAME });
    expect(o.status).toBe('complete');
    reference = read(dir);
    const games = csv(reference['games.csv']);
    expect(games[0]).toEqual([...GAME_COLUMNS, 'edge']);
    const rows = games.slice(1);
    expect(rows).toHaveLength(7 * 2 * 200);
    // Game i of a base cell: one seed at all 7 points, and it is the base cell's own seed.
    const seeds = new Map<string, Set<string>>();
    for (const r of rows) {
      const base = r[0].replace(/ \| edge=.*$/, '');
      const key = `${base}#${r[1]}`;
      seeds.set(key, (seeds.get(key) ?? new Set()).add(r[2]));
      expect(r[2]).toBe(gameSeed('sweep-seed', base, Number(r[1])));
    }
    expect(seeds.size).toBe(2 * 200);
    for (const s of seeds.values()) expect(s.size).toBe(1);
    // The point's value in its column.
    expect(new Set(rows.map((r) => r[r.length - 1]))).toEqual(new Set(['-1.5', '-1', '-0.5', '0', '0.5', '1', '1.5']));
  });

  it('writes sweep.csv per grid point and cell, and finds the crossing at 0 within its interval', () => {
    const sweep = csv(reference['sweep.csv']);
    expect(sweep[0]).toEqual(['cell', 'edge', ...SUMMARY_COLUMNS.slice(1), 'same_as']);
    expect(sweep).toHaveLength(1 + 14);
    expect(sweep[1][0]).toBe('alpha-400 vs beta-400 | meeting-engagement | random vs random');
    const winRate = sweep[0].indexOf('win_rate_a');
    const rates = sweep
      .slice(1)
      .filter((r) => r[0].includes('raid'))
      .map((r) => Number(r[winRate]));
    expect(rates[0]).toBeLessThan(0.3);
    expect(rates[6]).toBeGreaterThan(0.7);
    const crossing = csv(reference['crossing.csv']);
    expect(crossing[0]).toEqual([...CROSSING_COLUMNS]);
    expect(crossing).toHaveLength(3);
    for (const [, parameter, c, low, high, status] of crossing.slice(1)) {
      expect(parameter).toBe('edge');
      expect(status).toBe('inside');
      expect(Number(low)).toBeLessThan(0);
      expect(Number(high)).toBeGreaterThan(0);
      expect(Math.abs(Number(c))).toBeLessThan(0.2);
    }
  });

  it('gives byte-identical files from shards merged and from a resumed run', async () => {
    const slices: string[] = [];
    for (let k = 1; k <= 3; k++) {
      const dir = out();
      await runExperiment({ experiment: fixture('sweep.json'), out: dir, workers: 0, gameModule: SWEEP_GAME, shard: { k, n: 3 }, chunk: 7 });
      slices.push(dir);
    }
    const merged = out();
    await mergeShards({ dirs: slices.reverse(), out: merged });
    expect(read(merged)).toEqual(reference);

    const dir = out();
    const stop = new AbortController();
    let tasks = 0;
    const first = await runExperiment({
      experiment: fixture('sweep.json'),
      out: dir,
      workers: 0,
      gameModule: SWEEP_GAME,
      chunk: 30,
      signal: stop.signal,
      onProgress: () => {
        if (++tasks === 20) stop.abort();
      },
    });
    expect(first.status).toBe('stopped');
    const second = await runExperiment({ experiment: fixture('sweep.json'), out: dir, workers: 2, gameModule: SWEEP_GAME, chunk: 11, resume: true });
    expect(second.status).toBe('complete');
    expect(second.resumed).toBeGreaterThan(0);
    expect(read(dir)).toEqual(reference);
  });
});

const SIMS = path.join(FIXTURES, '..', '..', '..', 'sims');

/** Writes an experiment (paths absolute) to a temporary folder and loads it. */
function loadWith(json: Record<string, unknown>, checked = false): unknown {
  const file = path.join(out(), 'exp.json');
  writeFileSync(file, JSON.stringify({ kind: 'experiment', name: 'defs', seed: 's', games: 2, scenarios: ['raid'], policies: [['random', 'random']], ...json }));
  try {
    return checked ? loadCheckedExperiment({ file }) : loadExperiment({ file });
  } catch (e) {
    return e;
  }
}

describe('sweep definitions', () => {
  const alpha = path.join(FIXTURES, 'sims', 'armies', 'alpha-400.json');
  const beta = path.join(FIXTURES, 'sims', 'armies', 'beta-400.json');
  const bad = (p: Record<string, unknown>): string => {
    const e = loadWith({ matchups: [[alpha, beta]], sweep: { parameters: [{ name: 'x', target: alpha, pointer: '/edge', values: [1, 2], ...p }] } });
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  };

  it('names the parameter, and what was expected, for a bad target, pointer, range or fill', () => {
    expect(bad({ target: 'armies/gamma-400.json' })).toMatch(/exp\.json: sweep\.parameters\[0\]\.target: "armies\/gamma-400\.json" is not an input of this experiment/);
    expect(bad({ pointer: 'edge' })).toMatch(/sweep\.parameters\[0\]\.pointer: "edge" is not a JSON pointer/);
    expect(bad({ pointer: '/a/b' })).toMatch(/sweep\.parameters\[0\]\.pointer: the document has no "a" \(in .*alpha-400\.json\)/);
    expect(bad({ values: { from: 3, to: 1, step: 1 } })).toMatch(/sweep\.parameters\[0\]\.values: expected from ≤ to/);
    expect(bad({ values: [1, 1] })).toMatch(/values: 1 is listed twice/);
    expect(bad({ target: 'ruleset', pointer: '/x', fill: 'models' })).toMatch(/fill: fill needs a target that is the faction file/);
  });

  it('checks every grid point like any input before a game, naming the point, the file and the path', () => {
    const army = path.join(SIMS, 'armies', 'ironbound-400.json');
    const faction = path.join(SIMS, 'factions', 'ironbound.json');
    const e = loadWith(
      {
        matchups: [[army, path.join(SIMS, 'armies', 'reedmarsh-400.json')]],
        sweep: { parameters: [{ name: 'cost', target: faction, pointer: '/regiments/0/points', values: [100, -5, 300] }] },
      },
      true,
    );
    expect(e).toBeInstanceOf(InputError);
    const lines = (e as InputError).lines;
    expect(lines.some((l) => /exp\.json: sweep point 2 of 3 \(cost=-5\): .*ironbound\.json: regiments\[0\]\.points: must be ≥ 0/.test(l))).toBe(true);
    expect(lines.some((l) => /sweep point 3 of 3 \(cost=300\): .*ironbound-400\.json: pointsLimit: the army costs 594 points, over its limit of 400/.test(l))).toBe(true);
    expect(lines.some((l) => /sweep point 1 of 3/.test(l))).toBe(false);
  });

  it('covers the grid of several parameters and fits each numeric one per slice of the others', async () => {
    const e = loadWith({
      games: 40,
      matchups: [[alpha, beta]],
      sweep: {
        parameters: [
          { name: 'edge', target: alpha, pointer: '/edge', values: [-2, 0, 2] },
          { name: 'note', target: beta, pointer: '/note', values: ['x', 'y'] },
        ],
      },
    }) as Experiment;
    expect(e.sweep!.points.map((p) => p.label)).toEqual(['edge=-2, note=x', 'edge=-2, note=y', 'edge=0, note=x', 'edge=0, note=y', 'edge=2, note=x', 'edge=2, note=y']);
    const dir = out();
    await runExperiment({ experiment: e, out: dir, workers: 0, gameModule: SWEEP_GAME });
    const crossing = csv(readFileSync(path.join(dir, 'crossing.csv'), 'utf8'));
    expect(crossing[0]).toEqual([...CROSSING_COLUMNS, 'edge', 'note']);
    // "note" is not a number: no crossing along it; "edge" once per value of "note".
    expect(crossing.slice(1).map((r) => [r[1], ...r.slice(-2)])).toEqual([
      ['edge', '', 'x'],
      ['edge', '', 'y'],
    ]);
    expect(csv(readFileSync(path.join(dir, 'games.csv'), 'utf8'))[0].slice(-2)).toEqual(['edge', 'note']);
  });

  it('a ruleset parameter patches the experiment overrides, creating the way to its knob', () => {
    const e = loadWith({ matchups: [[alpha, beta]], sweep: { parameters: [{ name: 'k', target: 'ruleset', pointer: '/a/b', values: [1, 2] }] } }) as Experiment;
    expect(e.cells.map((c) => c.ruleset)).toEqual([{ overrides: { a: { b: 1 } } }, { overrides: { a: { b: 2 } } }]);
  });
});
