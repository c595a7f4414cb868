import type { WarriorKind } from '../types.js';
import type { Ruleset } from './ruleset.js';
import type { BattlefieldRole, WarriorClass } from './types.js';

/**
 * R24: how many models a warrior counts as when seizing under the
 * first-blood control rule. Characters, Retinue and Officers count 1 each
 * whatever their profile; other warriors by their regiment's role and class.
 */
export function seizingWeight(warrior: { role: BattlefieldRole; class: WarriorClass; kind: WarriorKind }, ruleset: Ruleset): number {
  const w = ruleset.seizingWeights;
  if (warrior.kind === 'character' || warrior.kind === 'retinue' || warrior.kind === 'officer') return w.command;
  return w[warrior.role][warrior.class];
}
