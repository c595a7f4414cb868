/** A proportion with its confidence interval. */
export interface ProportionInterval {
  /** The observed proportion (NaN when n is 0). */
  p: number;
  low: number;
  high: number;
}

/** A mean with its confidence interval. */
export interface MeanInterval {
  /** The sample mean (NaN when there are no values). */
  mean: number;
  low: number;
  high: number;
}

/** Running sums of a sample: all a mean and its interval need, whatever the sample size. */
export interface RunningSums {
  n: number;
  sum: number;
  /** Sum of squared values. */
  sumSquares: number;
}
