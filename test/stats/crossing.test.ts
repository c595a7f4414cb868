import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/dice/rng.js';
import { binomialTest, crossingOfGroups, crossingsOfCurve, fairCrossing, holm, isFlat, isotonicFit, logisticFit, nearestRank, type CrossingGroup } from '../../src/stats/index.js';

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
    const flat = crossingOfGroups(
      synthetic('flat', range(90, 120, 5), 200, () => 0.5),
      { seed: 'f' },
    );
    expect(flat.status).toBe('flat');
    expect(flat.crossing).toBeNull();
    expect(flat.slopeLow).toBeLessThanOrEqual(0);
    expect(flat.slopeHigh).toBeGreaterThanOrEqual(0);
  });

  it('reads a step curve off the monotone fit, and is deterministic in its seed', () => {
    // A step: 80% up to 100, 20% from 105 on; a logistic cannot be that steep and wide at once.
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
    const rows = groups.flatMap((g) =>
      g.scores.flatMap((s, i) => [
        { x: g.x, score: s / 2, pair: i },
        { x: g.x, score: s / 2, pair: i },
      ]),
    );
    const a = fairCrossing(rows, { seed: 'x' });
    const b = crossingOfGroups(groups, { seed: 'x' });
    expect(a.crossing).toBeCloseTo(b.crossing!, 10);
    expect(a.low).toBeCloseTo(b.low!, 10);
    expect(a.points.map((p) => p.games)).toEqual(groups.map((g) => 2 * g.scores.length));
  });
});

/** Groups with given win rates: `pairs` seat-swapped pairs each, scoring 2 (both won) or 0, the same pairs at every x (unit i is seed pair i). */
function exact(xs: number[], rates: number[], pairs = 400): CrossingGroup[] {
  return xs.map((x, j) => {
    const wins = Math.round(rates[j] * pairs);
    const scores = Array.from({ length: pairs }, (_, i) => (i < wins ? 2 : 0));
    return { x, scores, games: scores.map(() => 2) };
  });
}

describe('the interval, the statuses and the steps', () => {
  it('takes the nearest-rank quantiles: the 25th and the 975th of 1,000 replicates', () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(nearestRank(sorted, 0.025)).toBe(25);
    expect(nearestRank(sorted, 0.975)).toBe(975);
    expect(nearestRank(sorted.slice(0, 40), 0.025)).toBe(1);
    expect(nearestRank(sorted.slice(0, 40), 0.975)).toBe(39);
    expect(nearestRank([-Infinity, 1, 2, Infinity], 0.975)).toBe(Infinity);
  });

  it('calls a trend flat exactly when the slope interval holds 0, its ends included', () => {
    expect(isFlat(0, 1)).toBe(true);
    expect(isFlat(-1, 0)).toBe(true);
    expect(isFlat(-0.2, 0.3)).toBe(true);
    expect(isFlat(Number.MIN_VALUE, 1)).toBe(false);
    expect(isFlat(-1, -Number.MIN_VALUE)).toBe(false);
  });

  it('puts a crossing that falls between two lists on the list step: status step, the two sides, no number', () => {
    // The sample's shape: 57% while the list keeps its fifth model (up to 29), 45% from 30.
    const groups = exact([10, 15, 20, 25, 30], [0.64, 0.57, 0.57, 0.57, 0.45]);
    groups[3].stepAfter = { low: 29, high: 30 };
    const c = crossingOfGroups(groups, { seed: 'step' });
    expect(c.status).toBe('step');
    expect([c.crossing, c.low, c.high]).toEqual([null, 29, 30]);
    expect(c.step).toEqual({ below: 3, from: 4 });
    // Without the list arithmetic the same data give a straight line from 25 to 30 and a sharp number inside it.
    delete groups[3].stepAfter;
    const line = crossingOfGroups(groups, { seed: 'step' });
    expect(line.status).toBe('inside');
    expect(line.crossing!).toBeGreaterThan(25);
    expect(line.crossing!).toBeLessThan(29);
  });

  it('says plateau, with the stretch as interval, where the win rate sits at 50% over three points with no trend', () => {
    const c = crossingOfGroups(exact([0, 1, 2, 3, 4, 5, 6], [0.2, 0.3, 0.5, 0.5, 0.5, 0.7, 0.8]), { seed: 'plateau' });
    expect(c.status).toBe('plateau');
    expect([c.crossing, c.low, c.high]).toEqual([null, 2, 4]);
    // One value at 50% between steep neighbours is a crossing, not a plateau.
    const sharp = crossingOfGroups(exact([0, 1, 2, 3, 4], [0.2, 0.3, 0.5, 0.7, 0.8]), { seed: 'plateau' });
    expect(sharp.status).toBe('inside');
    expect(sharp.crossing).toBe(2);
  });

  it('says plateau, open past the range, when the curve ends within noise of 50% in a list every value past the range plays', () => {
    // Above 50% while the list is bigger; from 30 one list (played over 30..40, and at any value past 40) at 50.2%.
    const groups = exact([10, 15, 30], [0.78, 0.66, 0.502], 1000);
    groups[1].stepAfter = { low: 29, high: 30 };
    groups[2].span = { low: 30, high: 40 };
    groups[2].final = 'above';
    const c = crossingOfGroups(groups, { seed: 'final' });
    expect(c.status).toBe('plateau');
    expect([c.crossing, c.low, c.high]).toEqual([null, 30, null]);
    expect(c.plateau).toEqual({ first: 2, last: 2 });
    // The same list over a stretch, not known past the range: the stretch is the interval, closed at the range end.
    delete groups[2].final;
    const closed = crossingOfGroups(groups, { seed: 'final' });
    expect([closed.status, closed.low, closed.high]).toEqual(['plateau', 30, 40]);
    // One grid point within the noise at the range end, nothing else known: still beyond the range.
    delete groups[2].span;
    expect(crossingOfGroups(groups, { seed: 'final' }).status).toBe('above-range');
  });

  it('says ambiguous, with every crossing, when the win rates cross 50% more than once beyond the noise', () => {
    const c = crossingOfGroups(exact([0, 1, 2, 3], [0.3, 0.7, 0.3, 0.7]), { seed: 'amb' });
    expect(c.status).toBe('ambiguous');
    expect(c.crossing).toBeNull();
    expect(c.crossings.map((x) => +x.toFixed(9))).toEqual([0.5, 1.5, 2.5]);
    expect(crossingsOfCurve([0, 1, 2, 3], [0.4, 0.5, 0.5, 0.6])).toEqual([1.5]);
  });

  it('between two grid points the interval holds both of them: the curve there is not known (off-grid calibration misses)', () => {
    const rng = createRng('bend');
    const luck = Array.from({ length: 2000 }, () => rng.next());
    const rates: Record<number, number> = { 0: 0.2, 1: 0.35, 3: 0.9, 4: 0.95 };
    const groups: CrossingGroup[] = [0, 1, 3, 4].map((x) => {
      const scores = luck.map((u) => 2 * Number(u < rates[x]));
      return { x, scores, games: scores.map(() => 2), pairs: scores.map((_s, i) => i) };
    });
    const c = crossingOfGroups(groups, { seed: 'b' });
    expect(c.status).toBe('inside');
    // A straight line read between 1 and 3 puts it near 1.55, and the bootstrap alone is sure of that to a tenth...
    expect(c.crossing!).toBeCloseTo(1 + (0.15 / 0.55) * 2, 1);
    expect(c.bootstrap!.high - c.bootstrap!.low).toBeLessThan(0.5);
    // ...but the truth could be anywhere between the two grid points clearly on either side of 50%.
    expect(c.low).toBe(1);
    expect(c.high).toBe(3);
  });

  it('resamples seed pairs jointly across x (common random numbers): a narrow trend, an honest level', () => {
    // Each pair's luck is shared by every x (the same seeds); the parameter moves the rate a little each step.
    const rng = createRng('crn');
    const pairs = 300;
    const luck = Array.from({ length: pairs }, () => rng.next());
    const xs = [0, 1, 2, 3, 4];
    const groups: CrossingGroup[] = xs.map((x) => {
      const scores = luck.map((u) => 2 * Number(u < 0.4 + 0.05 * x));
      return { x, scores, games: scores.map(() => 2), pairs: scores.map((_s, i) => i) };
    });
    const joint = crossingOfGroups(groups, { seed: 'j' });
    // The same data with the pairs told apart at each x: resampled point by point.
    const apart = crossingOfGroups(
      groups.map((g) => ({ ...g, pairs: g.pairs!.map((i) => `${g.x}:${String(i)}`) })),
      { seed: 'j' },
    );
    expect(joint.crossing).toBe(apart.crossing);
    // The trend is a difference between x's, which shared seeds pin down: its interval is far narrower.
    expect(joint.slopeHigh - joint.slopeLow).toBeLessThan(0.8 * (apart.slopeHigh - apart.slopeLow));
    // The level is not: shared luck moves every x together, so the crossing's interval must not shrink as if five samples were independent.
    expect(joint.bootstrap!.high - joint.bootstrap!.low).toBeGreaterThan(apart.bootstrap!.high - apart.bootstrap!.low);
    // Either way the reported interval also holds the grid points that bracket the crossing (the shape between them is unknown).
    expect(joint.low!).toBeLessThanOrEqual(Math.floor(joint.crossing!));
    expect(joint.high!).toBeGreaterThanOrEqual(Math.ceil(joint.crossing!));
  });

  it('gives the same interval whatever order the units come in (pairs name them)', () => {
    const groups = synthetic('order', range(0, 8, 2), 60, logistic(4, 2)).map((g) => ({ ...g, pairs: g.scores.map((_s, i) => i) }));
    // The first group's units reversed: the same pairs, another order.
    const reversed = groups.map((g, j) => (j > 0 ? g : { ...g, scores: [...g.scores].reverse(), games: [...g.games].reverse(), pairs: [...g.pairs].reverse() }));
    expect(crossingOfGroups(reversed, { seed: 'o' })).toEqual(crossingOfGroups(groups, { seed: 'o' }));
  });

  it('counts replicates that do not cross at the range ends, and opens the interval there', () => {
    // 50% is just inside the top of the range: some replicates never reach it.
    const c = crossingOfGroups(
      synthetic('edge', [0, 1, 2, 3], 60, (x) => 0.3 + 0.065 * x, 0),
      { seed: 'e' },
    );
    expect(c.outside).toBeGreaterThan(0.025);
    if (c.status === 'inside') expect(c.high).toBeNull();
    else expect(c.status).toBe('above-range');
  });
});

describe('an edge within the noise', () => {
  it('says below-range yet lets the interval reach into the range when the replicates do', () => {
    // A mirror of Defense fair at 2 (a calibration seed): 0 and 1 within noise of 50%, their pooled level just above it.
    const c = crossingOfGroups(exact([0, 1, 3, 4], [0.53, 0.498, 0.593, 0.675], 200), { seed: 'edge' });
    expect(c.status).toBe('below-range');
    expect([c.crossing, c.low]).toEqual([null, null]);
    expect(c.high!).toBeGreaterThanOrEqual(2);
    expect(c.outside).toBeGreaterThan(0.025);
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
