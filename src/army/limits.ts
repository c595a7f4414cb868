import type { BattlefieldRole } from '../rules/types.js';

/**
 * Army-building limits of the rules text (BUILDING AN ARMY). They are fixed
 * constants, not ruleset knobs: no ruling (docs/RULES.md) makes them variables and
 * a ruleset changes how games play, not which lists are legal.
 */
export const ARMY_LIMITS = {
  /** Every army has exactly this many Character Regiments. */
  characterRegiments: 1,
  /** "Each Officer Model may be included up to two times." */
  officerTimes: 2,
  /** "Each Regiment may be included up to four times." */
  regimentTimes: 4,
  /**
   * "An Infantry Regiment may not number over 13 Models including Officers,
   * whereas Cavalry and Brute Regiments may not number over 4." Monsters have
   * no such cap in the text; their entry's own maximum applies.
   */
  maxModelsByRole: { Infantry: 13, Cavalry: 4, Brute: 4, Monster: null } as Readonly<Record<BattlefieldRole, number | null>>,
} as const;
