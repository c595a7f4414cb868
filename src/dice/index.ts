/** Dice: seeded streams, the Attack Sequence (R6–R16) and its exact distributions. */
export type { Dice, DieFace, FaceRule, Rng, AttackOptions, AttackRecord, Reroll, ResolveResult } from './types.js';
export { createRng, restoreRng, deriveSeed, childRng, seededDice, scriptedDice, SeededDice } from './rng.js';
export type { RngState, SeededRng } from './rng.js';
export { FAIL_FACE, rollAttack, rollHits, blockHits, chooseHits, resolveTest, compileAttack, compileHits, rollWounds, attackDiceCount, blockDiceCount } from './attack.js';
export type { CompiledAttack } from './attack.js';
export { woundDistribution, hitsDistribution, inflictedWoundDistribution, expectedWounds, meanOf, targetOutcome, EXACT_LIMITS, clearExactCache } from './exact.js';
export type { TargetOutcome } from './exact.js';
export { convolve, sequenceOutcome, regimentAttacks, regimentWoundDistribution, regimentOutcome, rollRegiment } from './regiment.js';
export type { RegimentAttack, RegimentRoll, TargetState } from './regiment.js';
export { propertyFileSchema, compilePropertyFile, checkProperty, applyModifier, pointCase, statisticValue, compareValues } from './properties.js';
export type { CompiledProperty, PropertyResult, PointVerdict, Point, PointCase, Statistic, Relation, Comparison, PropertyFileJson } from './properties.js';
