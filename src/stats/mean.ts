import { mean as ssMean, sampleVariance } from 'simple-statistics';
import type { MeanInterval, RunningSums } from './types.js';

/**
 * 95% interval of a mean by Student's t with n − 1 degrees of freedom
 * (the normal z would be too narrow for small cells). Takes the values or
 * their running sums, so a streaming caller keeps O(1) memory. With no
 * values everything is NaN; with one value the mean is known but its
 * interval is not (NaN bounds, printed empty).
 */
export function meanInterval(input: readonly number[] | RunningSums): MeanInterval {
  let n: number;
  let m: number;
  let variance: number;
  if (isSums(input)) {
    n = input.n;
    if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN };
    m = input.sum / n;
    // Sum-of-squares form: exact for the small integers here (rounds, most VP), and far
    // within the printed 4 decimals for fractional VP at any game count a run reaches.
    variance = n > 1 ? Math.max(0, (input.sumSquares - n * m * m) / (n - 1)) : Number.NaN;
  } else {
    n = input.length;
    if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN };
    m = ssMean(input as number[]);
    variance = n > 1 ? sampleVariance(input as number[]) : Number.NaN;
  }
  if (n === 1) return { mean: m, low: Number.NaN, high: Number.NaN };
  const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
  return { mean: m, low: m - half, high: m + half };
}

function isSums(x: readonly number[] | RunningSums): x is RunningSums {
  return !Array.isArray(x);
}

const Z975 = 1.959963984540054;

/** t(0.975, df) for df 1..10, where the expansion below is not yet accurate. */
const T975_TABLE = [Number.NaN, 12.706204736, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852];

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom: a table up
 * to df 10, then a fourth-order Cornish–Fisher expansion around z (error
 * below 1e-5 from df 11, below 1e-7 from df 30).
 */
export function tQuantile975(df: number): number {
  if (!(df >= 1)) return Number.NaN;
  if (df <= 10) return T975_TABLE[Math.floor(df)];
  const z = Z975;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  const z9 = z ** 9;
  const g1 = (z3 + z) / 4;
  const g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/** Running sums of a stream of values; nothing grows with the number of values. */
export class MeanAccumulator implements RunningSums {
  n = 0;
  sum = 0;
  sumSquares = 0;

  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSquares += x * x;
  }

  interval(): MeanInterval {
    return meanInterval(this);
  }
}
