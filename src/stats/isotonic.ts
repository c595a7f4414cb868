import { binomialLogLik } from './logistic.js';
import type { BinomialPoint, IsotonicFit } from './types.js';

/**
 * The maximum-likelihood monotone fit of a proportion at each x (the
 * pool-adjacent-violators algorithm, weighted by trials): the best
 * non-decreasing (or non-increasing) step curve through the observed rates.
 * Points must be sorted by x. `blocks` counts the distinct levels (its
 * parameters, for comparing it with a two-parameter fit).
 */
export function isotonicFit(points: readonly BinomialPoint[], increasing: boolean): IsotonicFit {
  const sign = increasing ? 1 : -1;
  const level: number[] = [];
  const weight: number[] = [];
  const size: number[] = [];
  for (const p of points) {
    if (p.trials === 0) {
      // A point with no games takes its neighbour's level (it carries no weight).
      level.push(level.length > 0 ? level[level.length - 1] : 0);
      weight.push(0);
      size.push(1);
    } else {
      level.push((sign * p.successes) / p.trials);
      weight.push(p.trials);
      size.push(1);
    }
    while (level.length > 1 && level[level.length - 2] > level[level.length - 1]) {
      const w = weight[weight.length - 2] + weight[weight.length - 1];
      const l = w === 0 ? level[level.length - 1] : (level[level.length - 2] * weight[weight.length - 2] + level[level.length - 1] * weight[weight.length - 1]) / w;
      const s = size[size.length - 2] + size[size.length - 1];
      level.length -= 2;
      weight.length -= 2;
      size.length -= 2;
      level.push(l);
      weight.push(w);
      size.push(s);
    }
  }
  const fitted: number[] = [];
  level.forEach((l, i) => {
    for (let k = 0; k < size[i]; k++) fitted.push(sign * l);
  });
  return { fitted, blocks: level.length, logLik: binomialLogLik(points, fitted) };
}

/**
 * Where a curve known at sorted xs crosses `target`, by straight lines
 * between neighbouring points (a flat stretch exactly at the target gives its
 * middle). null when it never reaches the target within the xs.
 */
export function crossingOfCurve(xs: readonly number[], ys: readonly number[], target = 0.5): number | null {
  for (let j = 0; j < xs.length; j++) {
    if (ys[j] === target) {
      let k = j;
      while (k + 1 < xs.length && ys[k + 1] === target) k++;
      return (xs[j] + xs[k]) / 2;
    }
    if (j + 1 < xs.length && (ys[j] - target) * (ys[j + 1] - target) < 0) {
      return xs[j] + ((target - ys[j]) * (xs[j + 1] - xs[j])) / (ys[j + 1] - ys[j]);
    }
  }
  return null;
}
