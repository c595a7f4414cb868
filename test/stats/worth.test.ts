import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { bootstrapWorths, fitWorths, normalQuantile, weightedMedian, type WorthObservation } from '../../src/stats/worth.js';

/** Games between random lists whose entries are worth `truth` points, at `scale` logits a point. */
function simulate(o: { truth: number[]; pairs: number; seed: string; scale?: number; seat?: number; max?: number[] }): WorthObservation[] {
  const rng = seedrandom(o.seed);
  const scale = o.scale ?? 0.01;
  const seat = o.seat ?? 0.2;
  const max = o.max ?? o.truth.map(() => 4);
  const list = (): number[] => max.map((m) => Math.floor(rng() * (m + 1)));
  const out: WorthObservation[] = [];
  for (let pair = 0; pair < o.pairs; pair++) {
    const a = list();
    const b = list();
    const diff = a.map((x, e) => [e, x - b[e]] as const).filter(([, d]) => d !== 0);
    let strength = 0;
    for (const [e, d] of diff) strength += scale * o.truth[e] * d;
    for (const s of [1, -1]) {
      const p = 1 / (1 + Math.exp(-(strength + seat * s)));
      out.push({ diff, seat: s, score: rng() < p ? 1 : 0, pair });
    }
  }
  return out;
}

describe('fitWorths', () => {
  it('recovers known worths in points, anchored on the prices', () => {
    const truth = [100, 23, 25, 30, 60, 115, 45, 80];
    const observations = simulate({ truth, pairs: 6000, seed: 'recover' });
    const fit = fitWorths({ observations, prices: truth });
    expect(fit.scale).toBeGreaterThan(0.008);
    expect(fit.scale).toBeLessThan(0.012);
    expect(fit.seat).toBeGreaterThan(0.1);
    expect(fit.seat).toBeLessThan(0.3);
    for (let e = 0; e < truth.length; e++) expect(Math.abs(fit.worth[e] - truth[e])).toBeLessThan(12);
  });

  it('a badly wrong price cannot move the scale that judges it', () => {
    // One of four prices is three times the entry's worth: a scale from the
    // mean of θ/price would come out 17% low and every worth 20% high.
    const truth = [100, 30, 60, 40];
    const prices = [100, 90, 60, 40];
    const observations = simulate({ truth, pairs: 6000, seed: 'one-wrong' });
    const fit = fitWorths({ observations, prices });
    expect(Math.abs(fit.worth[1] - 30)).toBeLessThan(8);
    for (const e of [0, 2, 3]) expect(Math.abs(fit.worth[e] - truth[e])).toBeLessThan(8);
  });

  it('an entry no game varies is not measured, and the rest still fit', () => {
    const truth = [100, 23, 25, 30];
    const observations = simulate({ truth, pairs: 3000, seed: 'unvaried', max: [4, 4, 4, 0] });
    const fit = fitWorths({ observations, prices: truth });
    expect(fit.measured).toEqual([true, true, true, false]);
    expect(Number.isNaN(fit.worth[3])).toBe(true);
    expect(fit.thetaSe[3]).toBe(Infinity);
    expect(Math.abs(fit.worth[0] - 100)).toBeLessThan(15);
  });
});

describe('fitWorths with a set of which every list has exactly one', () => {
  it("judges the set's prices against each other, centred on their mean price", () => {
    // Entries 0 and 1 are a character choice: each list has one of them. The
    // games tell their difference (40 points) but not their level.
    const rng = seedrandom('group');
    const truth = [130, 90, 25, 60, 40];
    const observations: WorthObservation[] = [];
    for (let pair = 0; pair < 6000; pair++) {
      const list = (): number[] => {
        const c = rng() < 0.5 ? 0 : 1;
        return [c === 0 ? 1 : 0, c === 1 ? 1 : 0, Math.floor(rng() * 5), Math.floor(rng() * 5), Math.floor(rng() * 5)];
      };
      const a = list();
      const b = list();
      const diff = a.map((x, e) => [e, x - b[e]] as const).filter(([, d]) => d !== 0);
      const strength = diff.reduce((t, [e, d]) => t + 0.01 * truth[e] * d, 0);
      for (const seat of [1, -1]) observations.push({ diff, seat, score: rng() < 1 / (1 + Math.exp(-strength - 0.2 * seat)) ? 1 : 0, pair });
    }
    // Today's prices put the pair's level 20 points too high, their difference right.
    const prices = [150, 110, 25, 60, 40];
    const fit = fitWorths({ observations, prices, groups: [[0, 1]] });
    expect(Math.abs(fit.worth[0] - fit.worth[1] - 40)).toBeLessThan(10);
    expect(fit.worth[0] + fit.worth[1]).toBeCloseTo(260, 6);
    for (const e of [2, 3, 4]) expect(Math.abs(fit.worth[e] - truth[e])).toBeLessThan(8);
    // A set of one has nothing to be judged against.
    expect(fitWorths({ observations, prices, groups: [[0, 1], [4]] }).measured[4]).toBe(false);
  });
});

describe('bootstrapWorths', () => {
  it('is reproducible from its seed', () => {
    const observations = simulate({ truth: [50, 20, 80], pairs: 400, seed: 'repro' });
    const a = bootstrapWorths({ observations, prices: [50, 20, 80], seed: 's', replicates: 30 });
    const b = bootstrapWorths({ observations, prices: [50, 20, 80], seed: 's', replicates: 30 });
    expect(a.estimates).toEqual(b.estimates);
  });

  it('its intervals hold the true worths at about their level', () => {
    // 12 data sets × 4 entries: a 95% interval that held the truth far less
    // than 90% of the time (or always, being needlessly wide) fails.
    const truth = [100, 25, 60, 40];
    let held = 0;
    let n = 0;
    let width = 0;
    for (let k = 0; k < 12; k++) {
      const observations = simulate({ truth, pairs: 800, seed: `cover-${k}` });
      const b = bootstrapWorths({ observations, prices: truth, seed: `b-${k}`, replicates: 60 });
      b.estimates.forEach((x, e) => {
        n++;
        if (x.low <= truth[e] && truth[e] <= x.high) held++;
        width += x.high - x.low;
      });
    }
    expect(held / n).toBeGreaterThanOrEqual(0.85);
    expect(width / n).toBeLessThan(80);
  });

  it('simultaneous intervals are wider by the Bonferroni multiplier', () => {
    const observations = simulate({ truth: [50, 20, 80, 30], pairs: 300, seed: 'simul' });
    const one = bootstrapWorths({ observations, prices: [50, 20, 80, 30], seed: 's', replicates: 20 });
    const all = bootstrapWorths({ observations, prices: [50, 20, 80, 30], seed: 's', replicates: 20, simultaneous: true });
    expect(one.z).toBeCloseTo(1.95996, 4);
    expect(all.z).toBeCloseTo(normalQuantile(1 - 0.025 / 4), 6);
    expect(all.estimates[0].high - all.estimates[0].low).toBeGreaterThan(one.estimates[0].high - one.estimates[0].low);
  });
});

describe('helpers', () => {
  it('weightedMedian', () => {
    expect(weightedMedian([1, 2, 3], [1, 1, 1])).toBe(2);
    expect(weightedMedian([1, 2, 100], [1, 1, 5])).toBe(100);
    expect(weightedMedian([1, 2], [1, 1])).toBe(1.5);
    expect(Number.isNaN(weightedMedian([], []))).toBe(true);
  });
  it('normalQuantile', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });
});
