import type { FaceRule } from '../types.js';

export type BattlefieldRole = 'Infantry' | 'Cavalry' | 'Brute' | 'Monster';
export type WarriorClass = 'Light' | 'Medium' | 'Heavy';

/**
 * Special rules are data (R16). Every rule a profile names resolves to one of
 * these kinds; a name that resolves to nothing is a validation error.
 */
export type SpecialRule =
  /** A rule on die faces. `appliesTo: 'self'` changes this warrior's own rolls
   *  (Relentless Blows: extra attack on a 1); `'attacker'` changes the rolls of
   *  an enemy attacking this warrior (Parry: the attacker re-rolls 1s). */
  | { kind: 'face'; name: string; rule: FaceRule; appliesTo: 'self' | 'attacker' }
  /** Impact X: a Charge inflicts X hits on the charged enemy (R16). */
  | { kind: 'impact'; name: string; hits: number }
  /** Flank: the regiment starts in Reinforcements (R30). */
  | { kind: 'flank'; name: string };

/** Characteristics of one warrior (R3, R4). */
export interface Profile {
  name: string;
  role: BattlefieldRole;
  class: WarriorClass;
  march: number;
  volley: number;
  clash: number;
  attacks: number;
  wounds: number;
  resolve: number;
  defense: number;
  evasion: number;
  /** Infantry 1, Cavalry and Brute 2, Monster 3 unless the profile says otherwise (R3). */
  size: number;
  /** Base diameter in millimetres (R3). */
  baseMm: number;
  /** Inches (R4). */
  commandRange: number;
  barrage: { dice: number; range: number } | null;
  specialRules: SpecialRule[];
  /** Names of unique command abilities (characters); see CommandAbilityDef. */
  commandAbilities: string[];
  /** Names of unique actions; see UniqueActionDef. */
  uniqueActions: string[];
}

/** A data-defined unique Command Ability (lasts until the end of the round). */
export interface CommandAbilityDef {
  name: string;
  /** Who it affects within Command Range. */
  target: 'friendly' | 'enemy';
  effect: { kind: 'modify'; stat: 'march' | 'clash' | 'attacks' | 'volley' | 'defense' | 'evasion' | 'resolve'; by: number } | { kind: 'heal'; wounds: number } | { kind: 'faceRule'; rule: FaceRule };
}

/** A data-defined Unique Action. */
export interface UniqueActionDef {
  name: string;
  /** Combat, Out-of-Combat, or usable either way. */
  type: 'combat' | 'outOfCombat' | 'any';
  /** A unique version of a basic action cannot be used in the same activation as the basic one. */
  replaces: 'clash' | 'volley' | null;
  effect:
    /** Inflict hits on each enemy within `range` inches (0: engagement range); in Line of Sight unless `lineOfSight` is false (R40). */
    | { kind: 'inflictHits'; hits: number; range: number; maxTargets: number; lineOfSight?: boolean }
    /** Heal this warrior or a friendly warrior within `range`. */
    | { kind: 'heal'; wounds: number; range: number };
}
