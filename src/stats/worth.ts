import seedrandom from 'seedrandom';

/**
 * What each entry of a points table is worth, from games between lists that
 * differ in how many of each entry they field.
 *
 * The model: army A's chance to win a game is
 *   logit P = Σ_e θ_e · (A's count of e − B's count of e) + γ · seat,
 * fitted by maximum likelihood over every game at once (a draw counts half a
 * win). θ_e is entry e's strength in logits; the points scale β (logits per
 * point) turns it into points: worth_e = θ_e / β.
 *
 * The scale is anchored on the table itself: β is the weighted median of
 * θ_e / price_e over the priced entries, each weighted by how well it is
 * measured (price / standard error). "Most prices are right" is the anchor, so
 * one badly wrong price cannot move the scale that judges it.
 *
 * Intervals come from a bootstrap over seed pairs (the two seat-swapped games
 * of a seed are one unit): each replicate refits θ and β from the resampled
 * games, so the interval carries the scale's own uncertainty.
 */

/** One game, seen from army A. */
export interface WorthObservation {
  /** The entries whose counts differ: [entry index, A's count − B's count]. */
  diff: readonly (readonly [number, number])[];
  /** +1 when A had the first seat, −1 when B had it. */
  seat: number;
  /** A's result: 1 a win, 0.5 a draw, 0 a loss. */
  score: number;
  /** The seed pair the game belongs to: the bootstrap's unit. */
  pair: number;
}

export interface WorthFitOptions {
  observations: readonly WorthObservation[];
  /** Today's price of each entry (the anchor); 0 for an entry that is not priced on its own. */
  prices: readonly number[];
  /** Ridge on θ, per game: keeps an entry no game varies at 0 instead of undefined. Default 1e-6. */
  ridge?: number;
  /**
   * Sets of entries whose counts sum to the same number in every list (a
   * faction's characters: every list has exactly one). The games tell only
   * their differences, so each set's worths are centred on its mean price
   * and the set stays out of the scale's anchor.
   */
  groups?: readonly (readonly number[])[];
}

export interface WorthFit {
  /** Each entry's strength, logits per model. */
  theta: number[];
  /** Each θ's standard error from the likelihood's curvature (Infinity where no game varied it). */
  thetaSe: number[];
  /** The first seat's effect, in logits. */
  seat: number;
  /** The points scale: logits per point. NaN when no priced entry is measured. */
  scale: number;
  /** Each entry's worth in points (θ / scale). */
  worth: number[];
  /** Entries whose count some game varied. */
  measured: boolean[];
}

export interface WorthBootstrapOptions extends WorthFitOptions {
  /** Bootstrap replicates (default 200). */
  replicates?: number;
  /** The resampling seed. */
  seed: string;
  /** Two-sided level of each interval (default 0.95). */
  level?: number;
  /**
   * Widen the intervals to hold all at once (Bonferroni over the measured
   * priced entries), so a table of many prices does not flag noise. Default false.
   */
  simultaneous?: boolean;
  /** With simultaneous: how many intervals the family holds (default every measured priced entry). */
  family?: number;
  /** Called after each replicate (for progress). */
  onReplicate?: (done: number, of: number) => void;
}

export interface WorthEstimate {
  worth: number;
  /** Bootstrap standard error of the worth. */
  se: number;
  low: number;
  high: number;
}

export interface WorthBootstrap {
  fit: WorthFit;
  estimates: WorthEstimate[];
  /** The z multiplier the intervals used. */
  z: number;
  /** The scale's bootstrap standard error. */
  scaleSe: number;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Columns: the entries, then the seat. */
function columns(prices: readonly number[]): number {
  return prices.length + 1;
}

/**
 * Weighted logistic regression by Newton's method (with step halving), from
 * `start`. Returns the coefficients and the inverse of the penalised Hessian's
 * diagonal (the variances), NaN-free.
 */
function newton(
  obs: readonly WorthObservation[],
  weights: Float64Array,
  p: number,
  ridge: number,
  start: Float64Array,
  maxIter: number,
  wantVariance: boolean,
): { beta: Float64Array; variance: Float64Array; varied: boolean[] } {
  const seatCol = p - 1;
  const beta = Float64Array.from(start);
  let total = 0;
  for (let i = 0; i < obs.length; i++) total += weights[i];
  const lambda = ridge * Math.max(1, total);
  const varied = new Array<boolean>(p).fill(false);
  for (let i = 0; i < obs.length; i++) if (weights[i] > 0) for (const [e, d] of obs[i].diff) if (d !== 0) varied[e] = true;
  varied[seatCol] = true;

  const eta = (b: Float64Array, o: WorthObservation): number => {
    let z = b[seatCol] * o.seat;
    for (const [e, d] of o.diff) z += b[e] * d;
    return z;
  };
  const objective = (b: Float64Array): number => {
    let ll = 0;
    for (let i = 0; i < obs.length; i++) {
      const w = weights[i];
      if (w === 0) continue;
      const z = eta(b, obs[i]);
      // log σ(z) and log(1 − σ(z)) without overflow.
      const logP = z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
      const logQ = logP - z;
      ll += w * (obs[i].score * logP + (1 - obs[i].score) * logQ);
    }
    let pen = 0;
    for (let j = 0; j < seatCol; j++) pen += b[j] * b[j];
    return ll - (lambda / 2) * pen;
  };

  const h = new Float64Array(p * p);
  const g = new Float64Array(p);
  let cur = objective(beta);
  for (let it = 0; it < maxIter; it++) {
    h.fill(0);
    g.fill(0);
    for (let i = 0; i < obs.length; i++) {
      const w = weights[i];
      if (w === 0) continue;
      const o = obs[i];
      const mu = sigmoid(eta(beta, o));
      const r = w * (o.score - mu);
      const v = w * mu * (1 - mu);
      const d = o.diff;
      g[seatCol] += r * o.seat;
      h[seatCol * p + seatCol] += v * o.seat * o.seat;
      for (let a = 0; a < d.length; a++) {
        const [ea, xa] = d[a];
        g[ea] += r * xa;
        h[ea * p + seatCol] += v * xa * o.seat;
        for (let b = 0; b <= a; b++) {
          const [eb, xb] = d[b];
          h[ea * p + eb] += v * xa * xb;
        }
      }
    }
    // The loops filled one triangle (by diff order, either one): make it symmetric, with the ridge.
    for (let a = 0; a < p; a++)
      for (let b = 0; b < a; b++) {
        const s = h[a * p + b] + h[b * p + a];
        h[a * p + b] = s;
        h[b * p + a] = s;
      }
    for (let j = 0; j < seatCol; j++) {
      g[j] -= lambda * beta[j];
      h[j * p + j] += lambda;
      // An entry no game varies: pin it (its row is the ridge alone).
      if (!varied[j]) h[j * p + j] = Math.max(h[j * p + j], 1);
    }
    const step = solveCholesky(cholesky(h, p), g, p);
    let t = 1;
    const next = new Float64Array(p);
    let nextObj = -Infinity;
    for (; t > 1e-6; t /= 2) {
      for (let j = 0; j < p; j++) next[j] = beta[j] + t * step[j];
      nextObj = objective(next);
      if (nextObj >= cur - 1e-12) break;
    }
    let move = 0;
    for (let j = 0; j < p; j++) move = Math.max(move, Math.abs(next[j] - beta[j]));
    beta.set(next);
    cur = nextObj;
    if (move < 1e-9) break;
  }
  // Variances: the diagonal of the inverse Hessian at the optimum (the last Hessian is close enough).
  const variance = new Float64Array(p);
  if (wantVariance) {
    const inv = inverseDiagonal(cholesky(h, p), p);
    for (let j = 0; j < p; j++) variance[j] = varied[j] ? inv[j] : Infinity;
  }
  return { beta, variance, varied };
}

/** The lower Cholesky factor of a symmetric positive definite p×p matrix. */
function cholesky(h: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = h[i * p + j];
      for (let k = 0; k < j; k++) s -= l[i * p + k] * l[j * p + k];
      if (i === j) l[i * p + i] = Math.sqrt(Math.max(s, 1e-12));
      else l[i * p + j] = s / l[j * p + j];
    }
  }
  return l;
}

/** Solves L Lᵀ x = g. */
function solveCholesky(l: Float64Array, g: Float64Array, p: number): Float64Array {
  const y = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let s = g[i];
    for (let k = 0; k < i; k++) s -= l[i * p + k] * y[k];
    y[i] = s / l[i * p + i];
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < p; k++) s -= l[k * p + i] * x[k];
    x[i] = s / l[i * p + i];
  }
  return x;
}

/** The diagonal of (L Lᵀ)⁻¹: the column sums of squares of L⁻¹. */
function inverseDiagonal(l: Float64Array, p: number): Float64Array {
  const diag = new Float64Array(p);
  const col = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    // Column j of L⁻¹ by forward substitution on the unit vector.
    col.fill(0);
    col[j] = 1 / l[j * p + j];
    for (let i = j + 1; i < p; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= l[i * p + k] * col[k];
      col[i] = s / l[i * p + i];
    }
    for (let i = j; i < p; i++) diag[j] += col[i] * col[i];
  }
  return diag;
}

/** The weighted median of values (weights > 0); NaN for none. */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const idx = values.map((_v, i) => i).filter((i) => weights[i] > 0 && Number.isFinite(values[i]));
  if (idx.length === 0) return Number.NaN;
  idx.sort((a, b) => values[a] - values[b]);
  let total = 0;
  for (const i of idx) total += weights[i];
  let run = 0;
  for (let k = 0; k < idx.length; k++) {
    run += weights[idx[k]];
    if (run > total / 2) return values[idx[k]];
    // Exactly half: the midpoint of the two middle values.
    if (run === total / 2) return (values[idx[k]] + values[idx[k + 1]]) / 2;
  }
  return values[idx[idx.length - 1]];
}

/** β: the weighted median of θ/price over measured priced entries, weighted by price / se(θ). */
function anchorScale(theta: ArrayLike<number>, variance: ArrayLike<number>, prices: readonly number[], grouped: ReadonlySet<number>): number {
  const ratios: number[] = [];
  const weights: number[] = [];
  for (let e = 0; e < prices.length; e++) {
    if (!(prices[e] > 0) || !Number.isFinite(variance[e]) || grouped.has(e)) continue;
    ratios.push(theta[e] / prices[e]);
    weights.push(prices[e] / Math.sqrt(variance[e]));
  }
  return weightedMedian(ratios, weights);
}

/** One fit; a bootstrap replicate passes the full fit's variances for the scale's weights. */
function fitWith(o: WorthFitOptions, weights: Float64Array, start: Float64Array, maxIter: number, fixedVariance?: ArrayLike<number>): WorthFit {
  const p = columns(o.prices);
  const { beta, variance, varied } = newton(o.observations, weights, p, o.ridge ?? 1e-6, start, maxIter, !fixedVariance);
  const m = o.prices.length;
  const theta = Array.from(beta.subarray(0, m));
  const grouped = new Set((o.groups ?? []).flat());
  const scale = anchorScale(theta, fixedVariance ?? variance, o.prices, grouped);
  const worth = theta.map((t, e) => (varied[e] ? t / scale : Number.NaN));
  const measured = varied.slice(0, m);
  for (const g of o.groups ?? []) {
    const meanTheta = g.reduce((s, e) => s + theta[e], 0) / g.length;
    const meanPrice = g.reduce((s, e) => s + o.prices[e], 0) / g.length;
    for (const e of g) {
      worth[e] = meanPrice + (theta[e] - meanTheta) / scale;
      // A set of one: nothing to compare it with.
      if (g.length < 2) measured[e] = false;
    }
  }
  return { theta, thetaSe: Array.from(variance.subarray(0, m), (v) => Math.sqrt(v)), seat: beta[m], scale, worth, measured };
}

/** The maximum-likelihood worths of every entry (see the module's comment). */
export function fitWorths(o: WorthFitOptions): WorthFit {
  return fitWith(o, new Float64Array(o.observations.length).fill(1), new Float64Array(columns(o.prices)), 50);
}

/** Standard normal quantile (Acklam's rational approximation; |error| < 1.2e-9). */
export function normalQuantile(q: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  if (q <= 0) return -Infinity;
  if (q >= 1) return Infinity;
  if (q < lowTail) {
    const t = Math.sqrt(-2 * Math.log(q));
    return (((((c[0] * t + c[1]) * t + c[2]) * t + c[3]) * t + c[4]) * t + c[5]) / ((((d[0] * t + d[1]) * t + d[2]) * t + d[3]) * t + 1);
  }
  if (q > 1 - lowTail) return -normalQuantile(1 - q);
  const t = q - 0.5;
  const r = t * t;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * t) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/**
 * The worths with bootstrap intervals: seed pairs resampled with replacement,
 * θ and the scale refitted in every replicate. Each interval is the full
 * fit's worth ± z · the replicates' standard deviation (a normal interval:
 * the simultaneous level reaches far into the tails, where a few hundred
 * replicates cannot place a percentile).
 */
export function bootstrapWorths(o: WorthBootstrapOptions): WorthBootstrap {
  const fit = fitWorths(o);
  const reps = o.replicates ?? 200;
  const m = o.prices.length;
  const pairs = [...new Set(o.observations.map((x) => x.pair))].sort((a, b) => a - b);
  const slot = new Map(pairs.map((q, i) => [q, i]));
  const ofObs = o.observations.map((x) => slot.get(x.pair)!);
  const rng = seedrandom(o.seed);
  const start = new Float64Array(columns(o.prices));
  start.set(fit.theta);
  start[m] = fit.seat;
  const fullVariance = fit.thetaSe.map((x) => x * x);
  const sum = new Float64Array(m);
  const sumSq = new Float64Array(m);
  const finite = new Float64Array(m);
  let scaleSum = 0;
  let scaleSq = 0;
  let scaleN = 0;
  const counts = new Float64Array(pairs.length);
  const weights = new Float64Array(o.observations.length);
  for (let r = 0; r < reps; r++) {
    counts.fill(0);
    for (let k = 0; k < pairs.length; k++) counts[Math.floor(rng() * pairs.length)]++;
    for (let i = 0; i < weights.length; i++) weights[i] = counts[ofObs[i]];
    const rep = fitWith(o, weights, start, 8, fullVariance);
    if (Number.isFinite(rep.scale)) {
      scaleSum += rep.scale;
      scaleSq += rep.scale * rep.scale;
      scaleN++;
    }
    for (let e = 0; e < m; e++) {
      const w = rep.worth[e];
      if (!fit.measured[e] || !Number.isFinite(w)) continue;
      sum[e] += w;
      sumSq[e] += w * w;
      finite[e]++;
    }
    o.onReplicate?.(r + 1, reps);
  }
  const level = o.level ?? 0.95;
  const family = o.simultaneous ? (o.family ?? fit.measured.filter((x, e) => x && o.prices[e] > 0).length) || 1 : 1;
  const z = normalQuantile(1 - (1 - level) / 2 / family);
  const sd = (s: number, s2: number, n: number): number => (n > 1 ? Math.sqrt(Math.max(0, (s2 - (s * s) / n) / (n - 1))) : Number.NaN);
  const estimates = fit.worth.map((w, e) => {
    const se = fit.measured[e] ? sd(sum[e], sumSq[e], finite[e]) : Number.NaN;
    return { worth: w, se, low: w - z * se, high: w + z * se };
  });
  return { fit, estimates, z, scaleSe: sd(scaleSum, scaleSq, scaleN) };
}
