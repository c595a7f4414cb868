/** Statistics for balance runs: proportion and mean intervals, streaming accumulators, ratings, fits, tests. */
export { wilsonInterval, wilsonHalfWidth } from './wilson.js';
export { meanInterval, tQuantile975, MeanAccumulator } from './mean.js';
export { bradleyTerry, bootstrapRatings, quantile, type BradleyTerryOptions, type BootstrapOptions } from './bradley-terry.js';
export { logisticFit, logisticAt, binomialLogLik } from './logistic.js';
export { fitWorths, bootstrapWorths, weightedMedian, normalQuantile, type WorthObservation, type WorthFit, type WorthBootstrap, type WorthEstimate } from './worth.js';
export { isotonicFit, crossingOfCurve } from './isotonic.js';
export { binomialTest, holm, pairedSignTest } from './binomial.js';
export { fairCrossing, crossingOfGroups, crossingsOfCurve, nearestRank, isFlat } from './crossing.js';
export type * from './types.js';
