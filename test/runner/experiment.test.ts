import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { buildArmy, loadFaction, randomArmy } from '../../src/army/index.js';
import { withJsonOverlay } from '../../src/data/json.js';
import { parseShard, shardRange } from '../../src/batch/index.js';
import { loadCheckedExperiment, loadExperiment, runExperiment, validateExperimentJson } from '../../src/runner/index.js';
import { fixture, outputs, ROOT, tmp } from './helpers.js';

const dir = tmp('exp-');
mkdirSync(path.join(dir, 'armies'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const REAL = path.join(ROOT, 'sims', 'armies');

function write(json: unknown, name = 'e.json'): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
}

const base = {
  kind: 'experiment',
  name: 'e',
  seed: 's',
  games: 10,
  matchups: [[path.join(REAL, 'ironbound-400.json'), path.join(REAL, 'reedmarsh-400.json')]],
  scenarios: ['raid'],
  policies: [['random', 'random']],
};

function errorsOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.lines;
    throw e;
  }
  return [];
}

describe('experiment files', () => {
  it('expands matchups × scenarios × policy pairs, games rounded up to pairs', () => {
    const e = fixture('tiny.json', { games: 7 });
    expect(e.cells.map((c) => c.key)).toEqual([
      'alpha-400 vs beta-400 | meeting-engagement | random vs random',
      'alpha-400 vs beta-400 | raid | random vs random',
      'beta-400 vs gamma-400 | meeting-engagement | random vs random',
      'beta-400 vs gamma-400 | raid | random vs random',
    ]);
    expect(e.gamesPerCell).toBe(8);
    expect(e.out).toBe(path.join('reports', 'tiny'));
    expect(fixture('tiny.json', { seed: 'other' }).inputsHash).not.toBe(e.inputsHash);
    expect(fixture('tiny.json', { games: 8 }).inputsHash).toBe(e.inputsHash);
  });

  it('names the JSON path of schema errors', () => {
    expect(errorsOf(() => loadExperiment({ file: write({ ...base, kind: 'army' }) }))).toEqual([`${path.join(dir, 'e.json')}: kind: expected "experiment"`]);
    const { games: _g, ...noGames } = base;
    expect(errorsOf(() => loadExperiment({ file: write(noGames) }))[0]).toMatch(/: games: missing \(expected games per cell, or precision\)$/);
    expect(errorsOf(() => loadExperiment({ file: write({ ...base, matchups: [['a.json']] }) }))[0]).toMatch(/: matchups\[0\]/);
    expect(errorsOf(() => loadExperiment({ file: write({ ...base, extra: 1 }) }))[0]).toMatch(/: extra: unknown key$/);
    expect(errorsOf(() => loadExperiment({ file: write('{"kind": "experiment",') }))[0]).toMatch(/line 1, column \d+: malformed JSON/);
  });

  it('reports missing files relative to the experiment file, and duplicate cells', () => {
    const lines = errorsOf(() => loadExperiment({ file: write({ ...base, matchups: [['armies/nope.json', base.matchups[0][1]]] }) }));
    expect(lines).toEqual([`${path.join(dir, 'e.json')}: matchups[0][0]: file not found: armies/nope.json (paths are relative to the experiment file)`]);
    const dup = errorsOf(() => loadExperiment({ file: write({ ...base, scenarios: ['raid', 'raid'] }) }));
    expect(dup[0]).toMatch(/scenarios\[1\].*duplicate cell/);
  });

  it('checks armies, scenarios, policies and ruleset knobs when loading for a run', () => {
    const file = write({ ...base, scenarios: ['raid', 'no-such-scenario'], policies: [['random', 'nobody']], ruleset: { aimedBonus: 'one' } });
    const lines = errorsOf(() => loadCheckedExperiment({ file }));
    expect(lines.some((l) => l.startsWith(`${file}: scenarios[1]: `))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${file}: policies[0][1]: unknown policy "nobody" (built-in: random`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${file}: ruleset.aimedBonus: `))).toBe(true);
    const bad = path.join(dir, 'armies', 'bad.json');
    writeFileSync(bad, JSON.stringify({ kind: 'army' }));
    const armyLines = errorsOf(() => loadCheckedExperiment({ file: write({ ...base, matchups: [['armies/bad.json', base.matchups[0][1]]] }) }));
    expect(armyLines.length).toBeGreaterThan(0);
    expect(armyLines.every((l) => l.includes('bad.json'))).toBe(true);
  });

  it('validate: the quickstart is valid and "strongest" names a built-in policy', () => {
    const file = path.join(ROOT, 'sims', 'quickstart.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const r = validateExperimentJson(json, file);
    expect(r.errors).toEqual([]);
    expect(r.summary).toMatch(/^experiment "quickstart": 9 cells, 224 games a cell, 2016 in all$/);
    const e = loadCheckedExperiment({ file });
    expect(e.cells[0].policyA).not.toBe('strongest');
  });
});

describe('generated lists in experiment files', () => {
  mkdirSync(path.join(dir, 'factions'));
  copyFileSync(path.join(ROOT, 'sims', 'factions', 'ironbound.json'), path.join(dir, 'factions', 'ironbound.json'));
  const spec = { random: 'factions/ironbound.json', points: 400, seed: 'held-out-1' };
  const withList = { ...base, matchups: [[spec, base.matchups[0][1]]] };

  it('plays randomArmy of the faction file (relative to the experiment file), named <faction>-<points>-r<seed>', () => {
    const file = write(withList);
    const e = loadCheckedExperiment({ file });
    const a = e.cells[0].armyA;
    expect(a.label).toBe('ironbound-400-rheld-out-1');
    expect(e.cells[0].key).toBe('ironbound-400-rheld-out-1 vs reedmarsh-400 | raid | random vs random');
    expect(JSON.parse(a.path)).toEqual(spec);
    const doc = e.cells[0].files![a.file] as object;
    const faction = loadFaction(path.join(dir, 'factions', 'ironbound.json'));
    expect({ ...doc, factionFile: undefined }).toEqual({ ...randomArmy({ faction, points: 400, seed: 'held-out-1' }), factionFile: undefined });
    // The cell's document builds where it says it is (its faction file found from there).
    expect(withJsonOverlay(e.cells[0].files, () => buildArmy(doc, a.file)).errors).toEqual([]);
    // The same inputs, the same hash; another seed or another faction file, another.
    expect(loadExperiment({ file }).inputsHash).toBe(e.inputsHash);
    expect(loadExperiment({ file: write({ ...base, matchups: [[{ ...spec, seed: 'held-out-2' }, base.matchups[0][1]]] }) }).inputsHash).not.toBe(e.inputsHash);
    const factionJson = JSON.parse(readFileSync(path.join(dir, 'factions', 'ironbound.json'), 'utf8'));
    writeFileSync(path.join(dir, 'factions', 'ironbound.json'), JSON.stringify({ ...factionJson, notes: 'changed' }));
    try {
      expect(loadExperiment({ file: write(withList) }).inputsHash).not.toBe(e.inputsHash);
    } finally {
      writeFileSync(path.join(dir, 'factions', 'ironbound.json'), JSON.stringify(factionJson));
    }
  });

  it('names the JSON path of a bad generated list', () => {
    const file = path.join(dir, 'e.json');
    const at = (army: unknown) => errorsOf(() => loadCheckedExperiment({ file: write({ ...base, matchups: [[base.matchups[0][0], army]] }) }));
    expect(at({ ...spec, random: 'factions/nope.json' })).toEqual([`${file}: matchups[0][1].random: file not found: factions/nope.json (paths are relative to the experiment file)`]);
    expect(at({ ...spec, points: 'many' })).toEqual([`${file}: matchups[0][1].points: expected number, got string`]);
    expect(at({ ...spec, points: 99 })).toEqual([
      `${file}: matchups[0][1].points: ${path.join(dir, 'factions', 'ironbound.json')}: characters: none fits in 99 points (the cheapest, "Lorekeeper", costs 100)`,
    ]);
    expect(at({ random: spec.random, points: 400 })).toEqual([`${file}: matchups[0][1].seed: missing (expected string)`]);
    expect(at({ ...spec, extra: 1 })).toEqual([`${file}: matchups[0][1].extra: unknown key`]);
    expect(at(7)).toEqual([`${file}: matchups[0][1]: expected an army file path, or a generated list { "random": faction file, "points": N, "seed": "text" }`]);
    expect(at({ ...spec, random: path.relative(dir, base.matchups[0][1]) })).toEqual([
      `${file}: matchups[0][1].random: expected a faction file, got ${path.relative(dir, base.matchups[0][1])} (kind "army")`,
    ]);
    const sweep = { parameters: [{ name: 'cost', target: 'factions/ironbound.json', pointer: '/regiments/0/points', values: [90, 100] }] };
    expect(errorsOf(() => loadExperiment({ file: write({ ...withList, sweep }) }))).toEqual([
      `${file}: sweep: a sweep patches input files, and a generated list (matchups[0][0]) is none: write it with \`skirmish army random --out FILE\` and name the file`,
    ]);
  });

  it('plays the same games whatever the worker count', async () => {
    const e = loadCheckedExperiment({ file: write({ ...withList, games: 2 }) });
    const inProcess = path.join(dir, 'run-0');
    const pooled = path.join(dir, 'run-1');
    await runExperiment({ experiment: e, out: inProcess, workers: 0 });
    await runExperiment({ experiment: e, out: pooled, workers: 1 });
    expect(outputs(pooled)).toEqual(outputs(inProcess));
    expect(outputs(inProcess).errors.trim().split('\n')).toHaveLength(1);
    expect(outputs(inProcess).games).toContain(',ironbound-400-rheld-out-1,reedmarsh-400,');
    const manifest = JSON.parse(readFileSync(path.join(inProcess, 'manifest.json'), 'utf8'));
    expect(manifest.cells[0].armyA).toEqual({ label: 'ironbound-400-rheld-out-1', path: JSON.stringify(spec) });
  });
});

describe('shards', () => {
  it('parses K/N', () => {
    expect(parseShard('2/4')).toEqual({ k: 2, n: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) expect(parseShard(bad)).toBeNull();
  });

  it('splits whole pairs into contiguous blocks that cover every game once', () => {
    for (const games of [0, 2, 10, 24, 1000]) {
      for (const n of [1, 2, 3, 7]) {
        let next = 0;
        for (let k = 1; k <= n; k++) {
          const r = shardRange(games, { k, n });
          expect(r.start).toBe(next);
          expect(r.start % 2).toBe(0);
          next = r.end;
        }
        expect(next).toBe(games);
      }
    }
  });
});
