import { quantileSorted } from 'simple-statistics';

/** Rounds for tables and chart data: stable text whatever the float noise. */
export const r4 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x);
export const pct = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e3) / 10 : x);
/** A table cell: a number, or empty when there is no data. */
export const cellText = (x: number): string | number => (Number.isFinite(x) ? x : '');

export interface FiveNumbers {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
}

/** Min, quartiles, max and mean of a sample (sorted in place). */
export function fiveNumbers(xs: number[]): FiveNumbers {
  if (xs.length === 0) return { min: NaN, q1: NaN, median: NaN, q3: NaN, max: NaN, mean: NaN };
  xs.sort((a, b) => a - b);
  let s = 0;
  for (const x of xs) s += x;
  return { min: xs[0], q1: quantileSorted(xs, 0.25), median: quantileSorted(xs, 0.5), q3: quantileSorted(xs, 0.75), max: xs[xs.length - 1], mean: s / xs.length };
}

/** A bin width that gives about `target` bins over [lo, hi]: 1, 2 or 5 times a power of ten, at least 1 for whole VP. */
export function niceStep(lo: number, hi: number, target = 20): number {
  const raw = Math.max((hi - lo) / target, 1e-9);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  return Math.max(1, step);
}

/**
 * Weighted logistic regression of a rate on x from grouped counts
 * (Newton–Raphson): the curve the sweep chart draws through its points.
 * Returns null when it does not converge (a perfectly separated sweep).
 */
export function logisticFit(points: { x: number; successes: number; n: number }[]): { a: number; b: number } | null {
  const used = points.filter((p) => p.n > 0);
  if (used.length < 2) return null;
  // Centre and scale x so the Newton steps are well conditioned.
  const mx = used.reduce((s, p) => s + p.x, 0) / used.length;
  const sx = Math.sqrt(used.reduce((s, p) => s + (p.x - mx) ** 2, 0) / used.length) || 1;
  let a = 0;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let g0 = 0, g1 = 0, h00 = 0, h01 = 0, h11 = 0; // prettier-ignore
    for (const p of used) {
      const z = (p.x - mx) / sx;
      const q = 1 / (1 + Math.exp(-(a + b * z)));
      const w = p.n * q * (1 - q);
      g0 += p.successes - p.n * q;
      g1 += (p.successes - p.n * q) * z;
      h00 += w;
      h01 += w * z;
      h11 += w * z * z;
    }
    const det = h00 * h11 - h01 * h01;
    if (!(Math.abs(det) > 1e-12)) return null;
    const da = (h11 * g0 - h01 * g1) / det;
    const db = (h00 * g1 - h01 * g0) / det;
    a += da;
    b += db;
    if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(b) > 50) return null;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  // Back to the original x: logit = a + b (x - mx) / sx.
  return { a: a - (b * mx) / sx, b: b / sx };
}

export const logistic = (f: { a: number; b: number }, x: number): number => 1 / (1 + Math.exp(-(f.a + f.b * x)));
