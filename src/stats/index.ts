/** Statistics for balance runs: proportion and mean intervals, streaming accumulators. */
export { wilsonInterval, wilsonHalfWidth } from './wilson.js';
export { meanInterval, tQuantile975, MeanAccumulator } from './mean.js';
export type { ProportionInterval, MeanInterval, RunningSums } from './types.js';
