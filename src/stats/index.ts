/** Statistics for balance runs: proportion and mean intervals, streaming accumulators, ratings. */
export { wilsonInterval, wilsonHalfWidth } from './wilson.js';
export { meanInterval, tQuantile975, MeanAccumulator } from './mean.js';
export { bradleyTerry, bootstrapRatings, quantile, type BradleyTerryOptions, type BootstrapOptions } from './bradley-terry.js';
export type { ProportionInterval, MeanInterval, RunningSums, PairScore, ScoreGroups, RatingInterval } from './types.js';
