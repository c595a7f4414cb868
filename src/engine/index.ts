/** The deterministic game engine: state, the round sequence, activations and actions. */
export type * from './types.js';
export { Game, type CreateGameOptions } from './game.js';
export { playGame } from './play.js';
export { cloneState, copyScenarioState, copyState, scratchScenarioState } from './setup.js';
export { IllegalChoiceError, chargeTargets, clashableMarkers, entryAllowed, legalActions, marchAllowance, uniqueAvailable, uniqueDef, uniqueTarget, volleyTargets } from './actions.js';
export { engagedEnemies, gap, isEngaged, norm } from './space.js';
export { isOutnumbered, pathDistance, shortestPath, volleyCheck } from './actions.js';
export { attackOptionsFor, type AttackSpec } from './combat.js';
export { controlWarrior, controlWarriors, regimentsAlive } from './control.js';
export { blockDiceFor, coveredBy, stat } from './abilities.js';
export { inCommandRange, inEngagement } from './space.js';
export { marchBlocked } from './walk.js';
export { lifeOf, memoKey, memoOf, memoryKey, memoryOf, type MemoKey } from './memo.js';
