import type { ProportionInterval } from './types.js';

/**
 * Wilson score interval for a proportion: `successes` of `n` trials, z = 1.96
 * for 95%. `successes` may be fractional (a draw counts as half a win,
 * DESIGN.md Outputs). With n = 0 the proportion is unknown: p is NaN and the
 * interval is [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): ProportionInterval {
  if (!(n >= 0) || !(successes >= 0) || successes > n) {
    throw new RangeError(`wilsonInterval: need 0 ≤ successes ≤ n, got ${successes} of ${n}`);
  }
  if (n === 0) return { p: Number.NaN, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp the rounding noise at the ends (0/n and n/n are exactly 0 and 1).
  return { p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Half the width of a Wilson interval: what `--precision` compares with its target. */
export function wilsonHalfWidth(successes: number, n: number, z = 1.96): number {
  const { low, high } = wilsonInterval(successes, n, z);
  return (high - low) / 2;
}
