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

/** One pair's games: player i scored `score` (wins, draws as half) in `games` against j. */
export interface PairScore {
  i: number;
  j: number;
  score: number;
  games: number;
}

/** One pair's games in groups resampled whole: group k holds games[k] games in which i scored score[k]. */
export interface ScoreGroups {
  i: number;
  j: number;
  score: ArrayLike<number>;
  games: ArrayLike<number>;
}

/** A rating with its interval. */
export interface RatingInterval {
  rating: number;
  low: number;
  high: number;
}
