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

/** A proportion observed at one x: `successes` of `trials` (fractional: a draw is half a win). */
export interface BinomialPoint {
  x: number;
  successes: number;
  trials: number;
}

/** p(x) = 1 / (1 + exp(−(a + b·x))) fitted by maximum likelihood. */
export interface LogisticFit {
  a: number;
  b: number;
  logLik: number;
  /** false when the data are separated and the slope was capped. */
  converged: boolean;
}

/** A monotone step fit at each point. */
export interface IsotonicFit {
  fitted: number[];
  /** Distinct levels: the fit's number of parameters. */
  blocks: number;
  logLik: number;
}

/** One game (or one pair of games, with `games: 2`) of a sweep, for fairCrossing. */
export interface CrossingResult {
  /** The swept parameter's value. */
  x: number;
  /** Army A's score: 1 a win, 0.5 a draw, 0 a loss (summed over the games of a pair). */
  score: number;
  /** Games this result holds (default 1). */
  games?: number;
  /**
   * Results with the same x and pair are one bootstrap unit: the two
   * seat-swapped games of a seed. Without it each result is its own unit.
   */
  pair?: string | number;
}

/** The bootstrap units at one x: each unit's score and games. */
export interface CrossingGroup {
  x: number;
  scores: readonly number[];
  games: readonly number[];
  /**
   * Each unit's seed pair: units with the same pair at different x came from
   * the same seeds (common random numbers) and are resampled together.
   * Without it, unit i of every group is the same seed pair.
   */
  pairs?: readonly (string | number)[];
  /** The values of x that play this group's very games (grid points with the same inputs), x among them. */
  span?: { low: number; high: number };
  /**
   * Step-aware sweeps: the list changes exactly once between this group and
   * the next, after `low` and from `high` (the list arithmetic); the curve
   * keeps each side's level up to the step.
   */
  stepAfter?: { low: number; high: number };
  /**
   * Step-aware sweeps: this group's list is the one every value past the
   * range fields (`above` for the last group, `below` for the first): the
   * list arithmetic shows it no longer changes, so extending the range
   * replays these very games.
   */
  final?: 'below' | 'above';
}

export interface FairCrossingOptions {
  /** Seed of the bootstrap's resampling (the same seed gives the same interval). */
  seed: string;
  /** Bootstrap replicates (default 1000). */
  replicates?: number;
  /** Confidence level of the interval (default 0.95). */
  level?: number;
  /** The win rate called fair (default 0.5). */
  target?: number;
}

/**
 * Where army A's win rate crosses the target:
 * - `inside`: `crossing` with its interval (`low`/`high` null when the
 *   interval reaches past the swept range: only "below/above the range" is known);
 * - `step`: the crossing falls on a list change: `low` and `high` are the two
 *   sides of the step (no value between them is fair at these lists), `crossing` null;
 * - `plateau`: the win rate sits within noise of the target over a stretch,
 *   `low`..`high`, with no trend across it: any value there is fair (no number);
 *   a side is null when the stretch ends in a list every value past the range
 *   plays (`final`): a curve ending within noise of the target in such a list
 *   is this, never `above-range`/`below-range`;
 * - `ambiguous`: the win rates cross the target more than once beyond the
 *   noise: every crossing in `crossings`, no number;
 * - `below-range` / `above-range`: the fitted curve does not reach the target
 *   within the swept values; the fair value most likely lies beyond that end
 *   (no number), and the interval's other end (`high` below the range, `low`
 *   above it) is set when the bootstrap reaches into the range;
 * - `flat`: no trend within the noise (the slope's interval holds 0).
 */
export interface FairCrossing {
  status: 'inside' | 'step' | 'plateau' | 'ambiguous' | 'below-range' | 'above-range' | 'flat';
  crossing: number | null;
  low: number | null;
  high: number | null;
  /** The curve the crossing is read from: always the monotone (isotonic) fit, on the data and in every replicate. */
  fit: 'isotonic';
  /** The logistic slope per unit of x, with its bootstrap interval (the trend test). */
  slope: number;
  slopeLow: number;
  slopeHigh: number;
  /** Share of bootstrap replicates whose curve does not reach the target inside the range (counted beyond its ends). */
  outside: number;
  /**
   * `inside`: the bootstrap's own percentile interval of the crossing, before `low`/`high` are widened to the
   * grid points that bracket it (the curve between two grid points is not known); null otherwise.
   */
  bootstrap: { low: number; high: number } | null;
  /** `ambiguous`: every crossing of the observed win rates. */
  crossings: number[];
  /** `step`: the indices (into `points`) of the groups below and from the step. */
  step: { below: number; from: number } | null;
  /**
   * `plateau`: the indices (into `points`) of the stretch's first and last
   * groups. A side of the stretch whose group is `final` has no bound
   * (`low`/`high` null): every value past the range plays that list.
   */
  plateau: { first: number; last: number } | null;
  /** Each distinct x: games, observed win rate with its bootstrap interval, fitted win rate. */
  points: { x: number; games: number; winRate: number; fitted: number; low: number; high: number }[];
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
