import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkTournament, gameSeed, PAIRING_COLUMNS, planTournament, RATING_COLUMNS, runTournament, type TournamentOptions } from '../../src/runner/index.js';
import { CHECKPOINT_FILE } from '../../src/runner/run.js';
import { exists, FIXTURES, outputs, ROOT, tmp } from './helpers.js';

const FAKE = pathToFileURL(path.join(FIXTURES, 'fake-tournament-game.mjs')).href;
const ARMIES = ['alpha-400', 'beta-400', 'gamma-400'].map((a) => path.join(FIXTURES, 'sims', 'armies', `${a}.json`));

const dirs: string[] = [];
function out(): string {
  const d = tmp('tournament-');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function plan(opts: Partial<TournamentOptions> = {}) {
  return planTournament({ policies: ['p0', 'random', 'p2'], armies: ARMIES, scenarios: ['raid', 'annihilation'], games: 40, seed: 's', out: out(), ...opts });
}

/** Every output a tournament writes, as bytes. */
function files(dir: string): Record<string, string> {
  const read = (f: string): string => readFileSync(path.join(dir, f), 'utf8');
  return { ...outputs(dir), pairings: read('pairings.csv'), ratings: read('ratings.csv') };
}

const csv = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.split(','));

describe('planTournament', () => {
  it('plays each pairing on each scenario and army pair, both army sides, games rounded up to whole rotations', () => {
    const t = plan();
    expect(t.pairings).toEqual([
      { a: 0, b: 1 },
      { a: 0, b: 2 },
      { a: 1, b: 2 },
    ]);
    // 2 scenarios × 3 army pairs × 2 sides = 12 cells a pairing; 40 games → 4 a cell → 48.
    expect(t.experiment.cells).toHaveLength(36);
    expect(t.experiment.gamesPerCell).toBe(4);
    expect(t.gamesPerPairing).toBe(48);
    const [c0, c1] = t.experiment.cells;
    expect(c0.key).toBe('alpha-400 vs beta-400 | raid | p0 vs random');
    expect(c1.key).toBe('beta-400 vs alpha-400 | raid | p0 vs random');
    // The army swap shares the seeds; policy A is always army A.
    expect(c1.seedKey).toBe(c0.seedKey);
    expect(new Set(t.experiment.cells.map((c) => c.seedKey)).size).toBe(18);
    expect(t.experiment.cells.every((c) => c.policyA === t.policies[t.pairings[t.cellGroups[c.index].pairing].a])).toBe(true);
  });

  it('plays the mirror match with one army', () => {
    const t = plan({ armies: [ARMIES[0]], games: 5 });
    expect(t.experiment.cells.map((c) => c.key).slice(0, 2)).toEqual(['alpha-400 vs alpha-400 | raid | p0 vs random', 'alpha-400 vs alpha-400 | annihilation | p0 vs random']);
    expect(t.gamesPerPairing).toBe(8);
  });

  it('names the flag of every bad input', () => {
    const bad = (opts: Partial<TournamentOptions>): string => {
      try {
        plan(opts);
      } catch (err) {
        expect(err).toBeInstanceOf(InputError);
        return (err as Error).message;
      }
      throw new Error('no error');
    };
    expect(bad({ policies: ['random'] })).toBe('--policies: expected at least two policies, got 1');
    expect(bad({ policies: ['random', 'p1', 'random'] })).toBe('--policies: "random" is named twice');
    expect(bad({ armies: [ARMIES[0], 'nowhere/army.json'] })).toBe('--armies: file not found: nowhere/army.json');
    expect(bad({ armies: [ARMIES[0], ARMIES[0]] })).toContain('have the same name "alpha-400"');
    expect(bad({ scenarios: ['raid', 'raid'] })).toBe('--scenarios: "raid" is named twice');
    expect(bad({ policies: ['random', './nowhere/bot.js'] })).toBe('--policies: plugin module not found: ./nowhere/bot.js');
  });

  it("hashes a plugin's code with the inputs, so --resume refuses a changed bot", () => {
    const bot = path.join(out(), 'bot.js');
    writeFileSync(bot, 'export default { name: "bot", choose: () => null };\n');
    const before = plan({ policies: ['random', `${bot}:depth=2`] }).experiment.inputsHash;
    expect(plan({ policies: ['random', `${bot}:depth=2`] }).experiment.inputsHash).toBe(before);
    writeFileSync(bot, 'export default { name: "bot", choose: () => undefined };\n');
    expect(plan({ policies: ['random', `${bot}:depth=2`] }).experiment.inputsHash).not.toBe(before);
  });
});

describe('runTournament with the stand-in game', () => {
  let reference: Record<string, string>;

  it('gives each policy each army in each seat on one seed, and cancels army and seat edges', async () => {
    // p0 and random are equally strong; alpha-400 and the first seat have edges.
    const t = plan();
    const { run, pairings, ratings } = await runTournament(t, { workers: 0, gameModule: FAKE });
    expect(run.status).toBe('complete');
    reference = files(t.experiment.out);
    const games = csv(reference.games).slice(1);
    expect(games).toHaveLength(3 * 48);
    // The four games of a seed: both army sides (two cells), both seats.
    const seed = gameSeed('s', t.experiment.cells[0].seedKey!, 0);
    const four = games.filter((g) => g[2] === seed);
    expect(four.map((g) => [g[4], g[6], g[8]])).toEqual([
      ['alpha-400', 'p0', 'A'],
      ['alpha-400', 'p0', 'B'],
      ['beta-400', 'p0', 'A'],
      ['beta-400', 'p0', 'B'],
    ]);
    expect(csv(reference.pairings)[0]).toEqual([...PAIRING_COLUMNS]);
    expect(pairings[0].slice(0, 3)).toEqual(['p0', 'random', '48']);
    const col = (name: (typeof PAIRING_COLUMNS)[number]): number => PAIRING_COLUMNS.indexOf(name);
    // Equal strength: exactly even, whatever the army and seat edges.
    expect(pairings[0][col('win_rate_a')]).toBe('0.5000');
    expect(pairings[0][col('vp_margin_mean')]).toBe('0.0000');
    expect(Number(pairings[1][col('win_rate_a')])).toBeLessThan(0.4);
    expect(pairings[1][col('vp_margin_mean')]).toBe('-2.0000');
    // wins + draws + losses = games; the Wilson interval brackets the rate.
    for (const r of pairings) {
      expect(Number(r[col('wins_a')]) + Number(r[col('draws')]) + Number(r[col('losses_a')])).toBe(Number(r[col('games')]));
      expect(Number(r[col('win_rate_a_low')])).toBeLessThanOrEqual(Number(r[col('win_rate_a')]));
      expect(Number(r[col('win_rate_a_high')])).toBeGreaterThanOrEqual(Number(r[col('win_rate_a')]));
    }
    expect(csv(reference.ratings)[0]).toEqual([...RATING_COLUMNS]);
    // Strongest first; p0 and random are equally strong, so their order is the data's.
    expect(ratings[0][0]).toBe('p2');
    const random = ratings.find((r) => r[0] === 'random')!;
    expect(random.slice(1)).toEqual(['0.0', '0.0', '0.0', '96']);
    const p2 = ratings[0].map(Number);
    expect(p2[1]).toBeGreaterThan(100);
    expect(p2[2]).toBeLessThan(p2[1]);
    expect(p2[3]).toBeGreaterThan(p2[1]);
    const manifest = JSON.parse(readFileSync(path.join(t.experiment.out, 'manifest.json'), 'utf8'));
    expect(manifest.tournament).toMatchObject({ policies: ['p0', 'random', 'p2'], gamesPerPairing: 48 });
    expect(manifest.experimentFile).toBeNull();
  });

  it('gives identical bytes for any worker count and chunk size', async () => {
    for (const [workers, chunk] of [
      [1, 5],
      [2, 3],
    ]) {
      const t = plan();
      await runTournament(t, { workers, chunk, gameModule: FAKE });
      expect(files(t.experiment.out), `workers ${workers}, chunk ${chunk}`).toEqual(reference);
    }
  });

  it('stops cleanly and resumes to the same bytes; refuses a checkpoint of other inputs', async () => {
    const t = plan();
    const dir = t.experiment.out;
    const stop = new AbortController();
    let tasks = 0;
    const first = await runTournament(t, { workers: 0, chunk: 2, gameModule: FAKE, signal: stop.signal, onProgress: () => ++tasks === 7 && stop.abort() });
    expect(first.run.status).toBe('stopped');
    expect(exists(dir, CHECKPOINT_FILE)).toBe(true);
    expect(exists(dir, 'pairings.csv')).toBe(false);
    await expect(runTournament(plan({ out: dir, games: 80 }), { workers: 0, resume: true, gameModule: FAKE })).rejects.toThrow(/different inputs/);
    const second = await runTournament(plan({ out: dir }), { workers: 2, chunk: 5, resume: true, gameModule: FAKE });
    expect(second.run.status).toBe('complete');
    expect(second.run.resumed).toBe(first.run.done);
    expect(files(dir)).toEqual(reference);
  });
});

describe('runTournament with the real engine', () => {
  const PLUGIN = `${path.relative(process.cwd(), path.join(FIXTURES, 'bots', 'first-choice.mjs'))}:random=0.5`;
  const real = (opts: Partial<TournamentOptions> = {}) =>
    planTournament({
      policies: ['random', 'aggressive', PLUGIN],
      armies: ['ironbound-400', 'tuskfell-400'].map((a) => path.join(ROOT, 'sims', 'armies', `${a}.json`)),
      scenarios: ['raid'],
      games: 4,
      seed: 'real',
      out: out(),
      ...opts,
    });

  it('gives the same bytes in process and on a pool, a plugin bot included', async () => {
    const single = real();
    checkTournament(single);
    const a = await runTournament(single, { workers: 0 });
    expect(a.run.failure).toBeUndefined();
    expect(a.run.errors).toBe(0);
    expect(a.pairings.map((r) => r.slice(0, 3))).toEqual([
      ['random', 'aggressive', '4'],
      ['random', PLUGIN, '4'],
      ['aggressive', PLUGIN, '4'],
    ]);
    const pooled = real();
    await runTournament(pooled, { workers: 2, chunk: 1 });
    expect(files(pooled.experiment.out)).toEqual(files(single.experiment.out));
    const manifest = JSON.parse(readFileSync(path.join(single.experiment.out, 'manifest.json'), 'utf8'));
    expect(manifest.policyModules).toEqual([expect.objectContaining({ policy: PLUGIN, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
  });

  it('names the flag of a bad policy option before any game', () => {
    expect(() => checkTournament(real({ policies: ['random', 'balanced:nosuch=1'] }))).toThrow(/^--policies: policy "balanced:nosuch=1": balanced has no option "nosuch"/);
  });
});
