import type { SpecialRule } from './types.js';

/**
 * The built-in catalogue of special rules, by the name a profile uses (R16).
 * Face rules are illustrative choices for this project, not any published
 * game's wording. A faction file may define more of its own by name.
 */
export const BUILT_IN_SPECIAL_RULES: Readonly<Record<string, SpecialRule>> = {
  // R16: an attack roll of 1 grants one additional attack die.
  'Relentless Blows': { kind: 'face', name: 'Relentless Blows', rule: { on: 'attack', face: 1, effect: 'extraAttack' }, appliesTo: 'self' },
  // R16: an enemy attacking this warrior re-rolls attack results of 1.
  Parry: { kind: 'face', name: 'Parry', rule: { on: 'attack', face: 1, effect: 'reroll' }, appliesTo: 'attacker' },
  // A block roll of 1 grants one additional block die.
  'Shield Wall': { kind: 'face', name: 'Shield Wall', rule: { on: 'block', face: 1, effect: 'extraBlock' }, appliesTo: 'self' },
  // Block results of 6 (always failures, R6) are re-rolled once.
  Deflect: { kind: 'face', name: 'Deflect', rule: { on: 'block', face: 6, effect: 'reroll' }, appliesTo: 'self' },
  // Attack results of 6 (always failures, R6) are re-rolled once.
  'Precise Shot': { kind: 'face', name: 'Precise Shot', rule: { on: 'attack', face: 6, effect: 'reroll' }, appliesTo: 'self' },
  // An enemy attacking this warrior re-rolls attack results of 2 (a nimble target).
  Elusive: { kind: 'face', name: 'Elusive', rule: { on: 'attack', face: 2, effect: 'reroll' }, appliesTo: 'attacker' },
  // R30: the regiment starts in Reinforcements.
  Flank: { kind: 'flank', name: 'Flank' },
};

/** `Impact X` (R16) takes its number from the name: "Impact 2". */
const IMPACT = /^Impact ([1-9][0-9]?)$/;

/**
 * The special rule a name stands for: the faction's own definitions first,
 * then the built-in catalogue, then parameterised names (Impact X). Null when
 * the name resolves to nothing (a validation error, R16).
 */
export function resolveSpecialRule(name: string, custom: Readonly<Record<string, SpecialRule>> = {}): SpecialRule | null {
  if (Object.hasOwn(custom, name)) return custom[name];
  if (Object.hasOwn(BUILT_IN_SPECIAL_RULES, name)) return BUILT_IN_SPECIAL_RULES[name];
  const impact = IMPACT.exec(name);
  if (impact) return { kind: 'impact', name, hits: Number(impact[1]) };
  return null;
}

/** True for names the catalogue already defines (a faction may not redefine them). */
export function isBuiltInSpecialRule(name: string): boolean {
  return Object.hasOwn(BUILT_IN_SPECIAL_RULES, name) || IMPACT.test(name);
}
