import { createRng } from '../dice/rng.js';
import { crossingOfCurve, isotonicFit } from './isotonic.js';
import { logisticAt, logisticFit } from './logistic.js';
import type { BinomialPoint, CrossingGroup, CrossingResult, FairCrossing, FairCrossingOptions } from './types.js';

type Method = FairCrossing['fit'];

/** Units summed per x. */
function pointsOf(groups: readonly CrossingGroup[]): BinomialPoint[] {
  return groups.map((g) => {
    let s = 0;
    let n = 0;
    for (let i = 0; i < g.scores.length; i++) {
      s += g.scores[i];
      n += g.games[i];
    }
    return { x: g.x, successes: s, trials: n };
  });
}

/**
 * A curve's crossing of the target and which side of the range it is on
 * when it has none there: −Infinity below the smallest x, +Infinity above the largest.
 */
function crossingBy(method: Method, points: readonly BinomialPoint[], target: number): { c: number; b: number; fitted: number[] } {
  const xs = points.map((p) => p.x);
  const lo = xs[0];
  const hi = xs[xs.length - 1];
  const lf = logisticFit(points);
  const increasing = lf.b >= 0;
  let fitted: number[];
  let c: number | null;
  if (method === 'logistic') {
    fitted = xs.map((x) => logisticAt(lf, x));
    // a + b·x = logit(target)
    const z = Math.log(target / (1 - target));
    c = lf.b === 0 ? null : (z - lf.a) / lf.b;
    if (c !== null && (c < lo || c > hi)) c = null;
  } else {
    fitted = isotonicFit(points, increasing).fitted;
    c = crossingOfCurve(xs, fitted, target);
  }
  if (c === null) {
    // Never reaches the target here: above it everywhere on a rising curve means the crossing lies below the range.
    const above = fitted.reduce((t, f) => t + f, 0) / fitted.length > target;
    c = above === increasing ? -Infinity : Infinity;
  }
  return { c, b: lf.b, fitted };
}

/** The q-quantile of sorted values (nearest rank); infinities stay infinite. */
function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

/**
 * The fair value of a one-parameter sweep from its units grouped by x:
 * logistic fit by maximum likelihood (the monotone fit where that has the
 * lower AIC), a percentile interval by bootstrap over the units within each
 * x (the seat-swapped game pairs, so a pair's shared seed stays together),
 * and a plain status when the range never reaches the target or shows no
 * trend. Deterministic: the resampling is seeded by `options.seed`.
 */
export function crossingOfGroups(groupsIn: readonly CrossingGroup[], options: FairCrossingOptions): FairCrossing {
  const target = options.target ?? 0.5;
  const replicates = options.replicates ?? 1000;
  const level = options.level ?? 0.95;
  const groups = [...groupsIn].filter((g) => g.scores.length > 0).sort((a, b) => a.x - b.x);
  const points = pointsOf(groups);
  const none: FairCrossing = {
    status: 'flat',
    crossing: null,
    low: null,
    high: null,
    fit: 'logistic',
    slope: 0,
    slopeLow: 0,
    slopeHigh: 0,
    points: points.map((p) => ({ x: p.x, games: p.trials, winRate: p.successes / p.trials, fitted: Number.NaN })),
  };
  if (points.length < 2) return none;

  const lf = logisticFit(points);
  const iso = isotonicFit(points, lf.b >= 0);
  // AIC: the monotone curve spends a parameter per level, the logistic two.
  const method: Method = -2 * iso.logLik + 2 * iso.blocks < -2 * lf.logLik + 4 ? 'isotonic' : 'logistic';
  const est = crossingBy(method, points, target);

  const rng = createRng(options.seed);
  const cs: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const sample: BinomialPoint[] = groups.map((g) => {
      let s = 0;
      let n = 0;
      const m = g.scores.length;
      for (let i = 0; i < m; i++) {
        const k = Math.floor(rng.next() * m);
        s += g.scores[k];
        n += g.games[k];
      }
      return { x: g.x, successes: s, trials: n };
    });
    const rep = crossingBy(method, sample, target);
    cs.push(rep.c);
    bs.push(rep.b);
  }
  cs.sort((a, b) => a - b);
  bs.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  const slopeLow = quantile(bs, tail);
  const slopeHigh = quantile(bs, 1 - tail);
  const out: FairCrossing = {
    ...none,
    fit: method,
    slope: lf.b,
    slopeLow,
    slopeHigh,
    points: points.map((p, j) => ({ x: p.x, games: p.trials, winRate: p.successes / p.trials, fitted: est.fitted[j] })),
  };
  if (slopeLow <= 0 && slopeHigh >= 0) return out;
  if (est.c === -Infinity) return { ...out, status: 'below-range' };
  if (est.c === Infinity) return { ...out, status: 'above-range' };
  const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
  return { ...out, status: 'inside', crossing: est.c, low: finite(quantile(cs, tail)), high: finite(quantile(cs, 1 - tail)) };
}

/**
 * The parameter value at which army A's win rate (draws as half) is fair,
 * fitted from game results of a one-parameter sweep: see crossingOfGroups.
 * Results sharing an x and a `pair` are resampled together.
 */
export function fairCrossing(results: readonly CrossingResult[], options: FairCrossingOptions): FairCrossing {
  const byX = new Map<number, Map<string | number, { score: number; games: number }>>();
  results.forEach((r, i) => {
    if (!Number.isFinite(r.x) || !(r.score >= 0)) throw new RangeError(`fairCrossing: result ${i}: need a finite x and a score ≥ 0`);
    let units = byX.get(r.x);
    if (!units) byX.set(r.x, (units = new Map()));
    const key = r.pair ?? `#${i}`;
    const u = units.get(key) ?? { score: 0, games: 0 };
    u.score += r.score;
    u.games += r.games ?? 1;
    units.set(key, u);
  });
  const groups: CrossingGroup[] = [...byX].map(([x, units]) => ({
    x,
    scores: [...units.values()].map((u) => u.score),
    games: [...units.values()].map((u) => u.games),
  }));
  return crossingOfGroups(groups, options);
}
