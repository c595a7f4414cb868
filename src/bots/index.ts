/** Bot policies: the toolkit, the evaluation, scripts, built-in policies, options and plugins. */
export type { GameView, Policy } from './types.js';
export { expandStrongest, getPolicy, isPluginSpec, listPolicies, policyDefs, splitSpec, strongestPolicy } from './registry.js';
export type { PolicyDef, PolicyOption } from './registry.js';
export { randomPolicy } from './random.js';
export { heuristicPolicy, type HeuristicOptions } from './heuristic.js';
export { closingEdge, strikeAt, ThreatMap, threatAt } from './threat.js';
export { bestUnique, type UniquePick } from './uniques.js';
export { chargeLands, marchGain, moveEnd } from './route.js';
export { markerLabel, placeLabel, targetLabel } from './labels.js';
export { searchPolicy, searchTimers, type SearchOptions } from './search.js';
export { deploymentFor, entryPointNear, formationAt, nearestEnemy, pick, randomEntryPoint, randomObjective, towards } from './candidates.js';
export * from './toolkit.js';
export * from './scripts.js';
export { loadPlugin, PluginError, pluginFile, pluginHash, resolvePolicySpec } from './plugins.js';
