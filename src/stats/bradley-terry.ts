import type { PairScore, RatingInterval, ScoreGroups } from './types.js';

/** Elo points per factor of 10 in the odds of winning. */
const ELO = 400;
const LOG10 = Math.log(10);

export interface BradleyTerryOptions {
  players: number;
  results: readonly PairScore[];
  /** The player rated 0 (e.g. `random`); null: the ratings average 0. */
  anchor: number | null;
  /**
   * Virtual drawn games added to every pair that played: they keep a player
   * that won (or lost) every game at a finite rating. Default 1.
   */
  prior?: number;
}

/**
 * Bradley–Terry strengths by Hunter's MM algorithm, as Elo-scale ratings:
 * P(i beats j) = 1 / (1 + 10^((r_j − r_i)/400)), a draw counting half a win.
 * NaN for everyone when the pairs that played do not connect all players.
 */
export function bradleyTerry(opts: BradleyTerryOptions): number[] {
  const n = opts.players;
  const prior = opts.prior ?? 1;
  const score = new Float64Array(n);
  // Games between i and j, both orders (n is small: a handful of policies).
  const games = new Float64Array(n * n);
  for (const r of opts.results) {
    if (r.games <= 0) continue;
    score[r.i] += r.score + prior / 2;
    score[r.j] += r.games - r.score + prior / 2;
    games[r.i * n + r.j] += r.games + prior;
    games[r.j * n + r.i] += r.games + prior;
  }
  if (!connected(n, games)) return new Array<number>(n).fill(Number.NaN);
  const p = new Float64Array(n).fill(1);
  const next = new Float64Array(n);
  for (let iter = 0; iter < 100_000; iter++) {
    let change = 0;
    let logSum = 0;
    for (let i = 0; i < n; i++) {
      let d = 0;
      for (let j = 0; j < n; j++) {
        const g = games[i * n + j];
        if (g > 0) d += g / (p[i] + p[j]);
      }
      next[i] = score[i] / d;
      logSum += Math.log(next[i]);
    }
    // Geometric mean 1: the scale is free, and this keeps it from drifting.
    const norm = Math.exp(logSum / n);
    for (let i = 0; i < n; i++) {
      const v = next[i] / norm;
      change = Math.max(change, Math.abs(Math.log(v / p[i])));
      p[i] = v;
    }
    if (change < 1e-12) break;
  }
  const elo = Array.from(p, (x) => (ELO * Math.log(x)) / LOG10);
  const zero = opts.anchor === null ? elo.reduce((s, x) => s + x, 0) / n : elo[opts.anchor];
  return elo.map((x) => x - zero);
}

function connected(n: number, games: Float64Array): boolean {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = 0; j < n; j++) {
      if (!seen[j] && games[i * n + j] > 0) {
        seen[j] = 1;
        count++;
        stack.push(j);
      }
    }
  }
  return count === n;
}

export interface BootstrapOptions {
  players: number;
  /** Each pair's games in groups that are resampled whole (the games sharing a seed). */
  pairs: readonly ScoreGroups[];
  anchor: number | null;
  prior?: number;
  /** Resamples; default 1,000. */
  resamples?: number;
  /** The resampling stream: seeded, so the intervals are reproducible. */
  rng: { next(): number };
  /** Interval level; default 0.95. */
  level?: number;
}

/**
 * Ratings with percentile bootstrap intervals: each resample draws, within
 * every pair, as many groups as it played, with replacement, and refits.
 * The point estimate is the fit to the games as played.
 */
export function bootstrapRatings(opts: BootstrapOptions): RatingInterval[] {
  const { players, pairs, anchor } = opts;
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const fit = (results: PairScore[]): number[] => bradleyTerry({ players, results, anchor, prior: opts.prior });
  const rating = fit(pairs.map((p) => ({ i: p.i, j: p.j, score: sum(p.score), games: sum(p.games) })));
  const draws = Array.from({ length: players }, () => new Float64Array(resamples));
  for (let b = 0; b < resamples; b++) {
    const results = pairs.map((p) => {
      const g = p.score.length;
      let score = 0;
      let games = 0;
      for (let k = 0; k < g; k++) {
        const pick = Math.floor(opts.rng.next() * g);
        score += p.score[pick];
        games += p.games[pick];
      }
      return { i: p.i, j: p.j, score, games };
    });
    fit(results).forEach((r, i) => (draws[i][b] = r));
  }
  return rating.map((r, i) => {
    const sorted = draws[i].sort();
    return { rating: r, low: quantile(sorted, (1 - level) / 2), high: quantile(sorted, 1 - (1 - level) / 2) };
  });
}

function sum(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s;
}

/** The q-quantile of sorted values, interpolating between order statistics (R's type 7). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
