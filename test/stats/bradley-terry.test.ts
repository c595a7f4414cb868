import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/dice/index.js';
import { bootstrapRatings, bradleyTerry, quantile, type PairScore } from '../../src/stats/index.js';

const expectedScore = (ri: number, rj: number): number => 1 / (1 + 10 ** ((rj - ri) / 400));

describe('bradleyTerry', () => {
  it('rates two players by the log-odds of the score, with one virtual draw', () => {
    const [a, b] = bradleyTerry({ players: 2, results: [{ i: 0, j: 1, score: 70, games: 100 }], anchor: 1 });
    expect(b).toBe(0);
    expect(a).toBeCloseTo(400 * Math.log10(70.5 / 30.5), 9);
    const [c] = bradleyTerry({ players: 2, results: [{ i: 0, j: 1, score: 70, games: 100 }], anchor: 1, prior: 0 });
    expect(c).toBeCloseTo(400 * Math.log10(70 / 30), 9);
  });

  it('recovers the ratings that produced the expected scores', () => {
    const truth = [0, 150, -80, 420];
    const results: PairScore[] = [];
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) results.push({ i, j, score: 1000 * expectedScore(truth[i], truth[j]), games: 1000 });
    }
    const fit = bradleyTerry({ players: 4, results, anchor: 0, prior: 0 });
    fit.forEach((r, i) => expect(r).toBeCloseTo(truth[i], 6));
    // Without an anchor the ratings average 0; differences stay the same.
    const centred = bradleyTerry({ players: 4, results, anchor: null, prior: 0 });
    expect(centred.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    expect(centred[3] - centred[1]).toBeCloseTo(270, 6);
  });

  it('keeps a player that won every game finite, and gives NaN when the pairs do not connect everyone', () => {
    const [winner] = bradleyTerry({ players: 2, results: [{ i: 0, j: 1, score: 400, games: 400 }], anchor: 1 });
    expect(winner).toBeCloseTo(400 * Math.log10(400.5 / 0.5), 9);
    const apart = bradleyTerry({
      players: 4,
      results: [
        { i: 0, j: 1, score: 5, games: 10 },
        { i: 2, j: 3, score: 5, games: 10 },
      ],
      anchor: 0,
    });
    expect(apart.every(Number.isNaN)).toBe(true);
  });
});

describe('bootstrapRatings', () => {
  /** Two players, `groups` groups of four games, i winning each game with probability p (drawn with `seed`). */
  function sample(p: number, groups: number, seed: string): { score: Float64Array; games: Uint32Array } {
    const rng = createRng(seed);
    const score = new Float64Array(groups);
    const games = new Uint32Array(groups).fill(4);
    for (let g = 0; g < groups; g++) for (let k = 0; k < 4; k++) score[g] += rng.next() < p ? 1 : 0;
    return { score, games };
  }

  it('is reproducible from its seed, brackets the fit, and pins the anchor at 0', () => {
    const s = sample(0.7, 100, 'boot');
    const run = (seed: string) => bootstrapRatings({ players: 2, pairs: [{ i: 0, j: 1, ...s }], anchor: 1, resamples: 400, rng: createRng(seed) });
    const a = run('x');
    expect(run('x')).toEqual(a);
    expect(run('y')[0]).not.toEqual(a[0]);
    expect(a[0].low).toBeLessThan(a[0].rating);
    expect(a[0].high).toBeGreaterThan(a[0].rating);
    expect(a[1]).toEqual({ rating: 0, low: 0, high: 0 });
  });

  it('narrows as games grow, and covers the true rating about 95% of the time', () => {
    const p = expectedScore(100, 0);
    const width = (groups: number): number => {
      const s = sample(p, groups, `w${groups}`);
      const [r] = bootstrapRatings({ players: 2, pairs: [{ i: 0, j: 1, ...s }], anchor: 1, resamples: 400, rng: createRng('w') });
      return r.high - r.low;
    };
    // Four times the games, about half the width.
    expect(width(400) / width(100)).toBeGreaterThan(0.4);
    expect(width(400) / width(100)).toBeLessThan(0.6);
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const s = sample(p, 50, `cover-${t}`);
      const [r] = bootstrapRatings({ players: 2, pairs: [{ i: 0, j: 1, ...s }], anchor: 1, resamples: 200, rng: createRng(`b-${t}`) });
      if (r.low <= 100 && 100 <= r.high) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.89);
    expect(covered / trials).toBeLessThan(0.99);
  });

  it('quantile interpolates between order statistics', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
