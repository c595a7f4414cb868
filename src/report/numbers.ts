import { quantileSorted } from 'simple-statistics';

/** Rounds for tables and chart data: stable text whatever the float noise. */
export const r4 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x);
export const pct = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e3) / 10 : x);
/** VP and other scores: one decimal. */
export const r1 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 10) / 10 : x);
/** A p-value: three significant digits ("0.0123"), "< 0.0001" below that, empty when there is none. */
export const p3 = (x: number): string => (Number.isFinite(x) ? (x < 1e-4 ? '< 0.0001' : x.toPrecision(3)) : '');
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
