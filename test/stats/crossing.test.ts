import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/dice/rng.js';
import { binomialTest, crossingOfGroups, fairCrossing, holm, isotonicFit, logisticFit, type CrossingGroup } from '../../src/stats/index.js';

/** Seat-swapped pairs at each x: two games won with probability p(x) each, a draw now and then. */
function synthetic(seed: string, xs: number[], pairs: number, p: (x: number) => number, draws = 0.1): CrossingGroup[] {
  const rng = createRng(seed);
  const game = (q: number): number => {
    const u = rng.next();
    if (u < draws) return 0.5;
    return rng.next() < q ? 1 : 0;
  };
  return xs.map((x) => {
    const scores: number[] = [];
    for (let i = 0; i < pairs; i++) scores.push(game(p(x)) + game(p(x)));
    return { x, scores, games: scores.map(() => 2) };
  });
}

const logistic = (c: number, s: number) => (x: number) => 1 / (1 + Math.exp((x - c) / s));
const range = (a: number, b: number, step: number): number[] => Array.from({ length: Math.round((b - a) / step) + 1 }, (_, i) => a + i * step);

describe('logisticFit and isotonicFit', () => {
  it('recover a known curve from exact proportions', () => {
    const truth = { a: 2, b: -0.5 };
    const points = range(0, 8, 1).map((x) => ({ x, trials: 1e6, successes: 1e6 / (1 + Math.exp(-(truth.a + truth.b * x))) }));
    const f = logisticFit(points);
    expect(f.converged).toBe(true);
    expect(f.a).toBeCloseTo(2, 4);
    expect(f.b).toBeCloseTo(-0.5, 4);
  });

  it('pools adjacent violators into the best monotone steps', () => {
    const pts = [0.2, 0.6, 0.4, 0.8].map((r, x) => ({ x, trials: 10, successes: 10 * r }));
    const up = isotonicFit(pts, true);
    expect(up.fitted.map((v) => +v.toFixed(6))).toEqual([0.2, 0.5, 0.5, 0.8]);
    expect(up.blocks).toBe(3);
    const down = isotonicFit(pts, false);
    expect(down.fitted.every((v, i) => i === 0 || v <= down.fitted[i - 1])).toBe(true);
  });
});

describe('crossingOfGroups', () => {
  it('holds the true crossing within its interval in at least 93 of 100 seeded replications', () => {
    const truth = 103.5;
    let covered = 0;
    let inside = 0;
    for (let r = 0; r < 100; r++) {
      const groups = synthetic(`cover-${r}`, range(90, 120, 5), 150, logistic(truth, 8));
      const c = crossingOfGroups(groups, { seed: `boot-${r}` });
      if (c.status === 'inside') inside++;
      if (c.status === 'inside' && c.low !== null && c.high !== null && c.low <= truth && truth <= c.high) covered++;
    }
    expect(inside).toBe(100);
    expect(covered).toBeGreaterThanOrEqual(93);
  });

  it('says below-range or above-range, with no number, when the range never reaches 50%', () => {
    // Falling curve, fair at 80: the swept 90..120 is all below 50%, so the fair value is below the range.
    const below = crossingOfGroups(synthetic('below', range(90, 120, 5), 200, logistic(80, 8)), { seed: 'b' });
    expect(below.status).toBe('below-range');
    expect([below.crossing, below.low, below.high]).toEqual([null, null, null]);
    const above = crossingOfGroups(synthetic('above', range(90, 120, 5), 200, logistic(135, 8)), { seed: 'a' });
    expect(above.status).toBe('above-range');
    expect(above.crossing).toBeNull();
  });

  it('says flat when the win rate does not move with the parameter', () => {
    const flat = crossingOfGroups(synthetic('flat', range(90, 120, 5), 200, () => 0.5), { seed: 'f' });
    expect(flat.status).toBe('flat');
    expect(flat.crossing).toBeNull();
    expect(flat.slopeLow).toBeLessThanOrEqual(0);
    expect(flat.slopeHigh).toBeGreaterThanOrEqual(0);
  });

  it('falls back to the monotone fit where the logistic fits worse, and is deterministic in its seed', () => {
    // A step: 80% up to 100, 20% from 105 on; the logistic cannot be that steep and wide at once.
    const groups = synthetic('step', range(80, 125, 5), 400, (x) => (x <= 100 ? 0.8 : 0.2), 0);
    const c = crossingOfGroups(groups, { seed: 's' });
    expect(c.fit).toBe('isotonic');
    expect(c.status).toBe('inside');
    expect(c.crossing).toBeGreaterThan(100);
    expect(c.crossing).toBeLessThan(105);
    expect(crossingOfGroups(groups, { seed: 's' })).toEqual(c);
  });

  it('fairCrossing takes game rows and pairs them by x and pair', () => {
    const groups = synthetic('rows', range(0, 10, 2), 100, logistic(5, 2));
    const rows = groups.flatMap((g) => g.scores.flatMap((s, i) => [
      { x: g.x, score: s / 2, pair: i },
      { x: g.x, score: s / 2, pair: i },
    ]));
    const a = fairCrossing(rows, { seed: 'x' });
    const b = crossingOfGroups(groups, { seed: 'x' });
    expect(a.crossing).toBeCloseTo(b.crossing!, 10);
    expect(a.low).toBeCloseTo(b.low!, 10);
    expect(a.points.map((p) => p.games)).toEqual(groups.map((g) => 2 * g.scores.length));
  });
});

describe('binomialTest and holm', () => {
  it('gives the exact two-sided sign-test p-value', () => {
    // R: binom.test(2, 10)$p.value = 0.109375; binom.test(60, 100)$p.value = 0.05688793
    expect(binomialTest(2, 10)).toBeCloseTo(0.109375, 10);
    expect(binomialTest(8, 10)).toBeCloseTo(0.109375, 10);
    expect(binomialTest(60, 100)).toBeCloseTo(0.05688793, 7);
    expect(binomialTest(5, 10)).toBe(1);
    expect(binomialTest(0, 0)).toBe(1);
    const big = binomialTest(1050, 2000);
    expect(big).toBeGreaterThan(0.02);
    expect(big).toBeLessThan(0.03);
  });

  it('holm rejects step-down and adjusts monotonically', () => {
    // m = 4: 0.01·4 = 0.04 ≤ 0.05 rejected; 0.02·3 = 0.06 > 0.05 stops there.
    const r = holm([0.02, 0.01, 0.5, 0.03]);
    expect(r.rejected).toEqual([false, true, false, false]);
    expect(r.adjusted.map((p) => +p.toFixed(6))).toEqual([0.06, 0.04, 0.5, 0.06]);
    expect(holm([0.001, 0.01, 0.012]).rejected).toEqual([true, true, true]);
  });
});
