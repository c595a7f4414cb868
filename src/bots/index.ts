/** Bot policies: the Policy interface, built-in policies and candidate helpers. */
export type { Policy } from './types.js';
export { getPolicy, listPolicies, strongestPolicy } from './registry.js';
export { randomPolicy } from './random.js';
export { deploymentFor, formationAt, nearestEnemy, pick, randomEntryPoint, randomObjective, towards } from './candidates.js';
