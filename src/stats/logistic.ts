import type { BinomialPoint, LogisticFit } from './types.js';

/** log(p) that is 0·log 0 = 0 where the count is 0. */
function term(count: number, p: number): number {
  return count === 0 ? 0 : count * Math.log(p);
}

/** The binomial log-likelihood of fitted probabilities (fractional successes allowed: a draw is half). */
export function binomialLogLik(points: readonly BinomialPoint[], fitted: readonly number[]): number {
  let ll = 0;
  for (let j = 0; j < points.length; j++) {
    const { successes: s, trials: n } = points[j];
    ll += term(s, fitted[j]) + term(n - s, 1 - fitted[j]);
  }
  return ll;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/**
 * Maximum-likelihood logistic regression of a proportion on x:
 * p(x) = 1 / (1 + exp(−(a + b·x))), by Newton's method with step halving on
 * x centred and scaled (so a wide x range stays well conditioned). Successes
 * may be fractional. When the data are separated (all losses below some x,
 * all wins above) the likelihood has no maximum: the slope stops growing at a
 * cap and `converged` is false, but −a/b still lies between the two sides.
 */
export function logisticFit(points: readonly BinomialPoint[]): LogisticFit {
  let trials = 0;
  let mx = 0;
  for (const p of points) {
    trials += p.trials;
    mx += p.trials * p.x;
  }
  if (trials === 0) return { a: 0, b: 0, logLik: 0, converged: false };
  mx /= trials;
  let v = 0;
  for (const p of points) v += p.trials * (p.x - mx) ** 2;
  const sd = Math.sqrt(v / trials) || 1;
  const u = points.map((p) => (p.x - mx) / sd);
  // On the scaled axis a slope of 40 is a step within a fortieth of a standard deviation.
  const CAP = 40;
  const ll = (a: number, b: number): number =>
    binomialLogLik(
      points,
      u.map((x) => sigmoid(a + b * x)),
    );
  let a = 0;
  let b = 0;
  let cur = ll(a, b);
  let converged = false;
  for (let it = 0; it < 100; it++) {
    let g0 = 0;
    let g1 = 0;
    let h00 = 0;
    let h01 = 0;
    let h11 = 0;
    for (let j = 0; j < points.length; j++) {
      const p = sigmoid(a + b * u[j]);
      const n = points[j].trials;
      const r = points[j].successes - n * p;
      const w = n * p * (1 - p);
      g0 += r;
      g1 += r * u[j];
      h00 += w;
      h01 += w * u[j];
      h11 += w * u[j] * u[j];
    }
    const det = h00 * h11 - h01 * h01;
    if (!(det > 1e-300)) break;
    let da = (h11 * g0 - h01 * g1) / det;
    let db = (h00 * g1 - h01 * g0) / det;
    let step = 1;
    let next = ll(a + da, b + db);
    while (next < cur - 1e-12 && step > 1e-6) {
      step /= 2;
      next = ll(a + step * da, b + step * db);
    }
    da *= step;
    db *= step;
    a += da;
    b += db;
    const gain = next - cur;
    cur = next;
    if (Math.abs(b) > CAP) break;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) {
      converged = true;
      break;
    }
    if (gain >= 0 && gain < 1e-13 && Math.abs(db) < 1e-7) {
      converged = true;
      break;
    }
  }
  // Back to x: a + b·(x − mx)/sd.
  return { a: a - (b * mx) / sd, b: b / sd, logLik: cur, converged };
}

/** The logistic curve's value at x. */
export function logisticAt(fit: Pick<LogisticFit, 'a' | 'b'>, x: number): number {
  return sigmoid(fit.a + fit.b * x);
}
