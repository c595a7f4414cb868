import type { FaceRule } from '../types.js';

export type { DieFace, FaceRule } from '../types.js';

/** A uniform random source in [0, 1). Streams are seedrandom alea generators. */
export interface Rng {
  next(): number;
}

/** The source of every d6 the engine rolls; a scripted one replays fixed results in tests. */
export interface Dice {
  /** One d6 result, 1..6. */
  d6(): number;
}

/** A re-rolled die: `index` into the primary roll, its first and its final result (R7). */
export interface Reroll {
  index: number;
  from: number;
  to: number;
}

/** One attack, before any dice are rolled (R7, R8, R13–R16, R22). */
export interface AttackOptions {
  /** Attacks (Clash) or Barrage dice (Volley), before Outnumbered / Aimed. */
  dice: number;
  /** The Clash or Volley characteristic: at most this many hits (R7). */
  hitCap: number;
  /** Defense or Evasion, already chosen by the defender (R8). */
  blockDice: number;
  /**
   * Every face rule acting on the attack dice: the attacker's own (Relentless
   * Blows: extraAttack on 1) and those the defender imposes (Parry: reroll on 1).
   * Each must have `on: 'attack'` and effect 'reroll' or 'extraAttack'.
   */
  attackRules?: FaceRule[];
  /** Face rules on the block dice: `on: 'block'`, effect 'reroll' or 'extraBlock'. */
  blockRules?: FaceRule[];
  /** R13: + outnumberedBonus attack dice. */
  outnumbered?: boolean;
  /** R14: re-roll attack dice showing 6 (Clash). */
  inspired?: boolean;
  /** R15: + aimedBonus barrage dice (Volley). */
  aimed?: boolean;
  /** R22: +1 block die. */
  obscured?: boolean;
  /** R13 knob, default 1. */
  outnumberedBonus?: number;
  /** R15 knob, default 1. */
  aimedBonus?: number;
}

/** Everything one attack rolled and what it came to. */
export interface AttackRecord {
  /** The primary roll, Outnumbered / Aimed dice included. */
  attackRolls: number[];
  /** Primary dice re-rolled once (R7). */
  rerolls: Reroll[];
  /** Dice added by extraAttack rules; they trigger nothing (R7). */
  extraAttackRolls: number[];
  /** The primary roll after re-rolls, then the extra dice. */
  finalAttack: number[];
  /** The lowest non-6 results, at most hitCap of them, ascending (R6, R7). */
  hits: number[];
  /** The primary block roll, Obscured die included. */
  blockRolls: number[];
  /** Block dice re-rolled once. */
  blockRerolls: Reroll[];
  /** Dice added by extraBlock rules. */
  extraBlockRolls: number[];
  /** The block roll after re-rolls, then the extra dice. */
  finalBlock: number[];
  /** Which block negated which hit: a maximum matching, block ≤ hit (R8). */
  blocked: { block: number; hit: number }[];
  /** Hits not negated: each becomes a Wound marker (R9). */
  wounds: number;
  /** d6 rolled by this attack, re-rolls and extra dice included. */
  diceRolled: number;
}

/** The result of a Resolve test (R9–R11). */
export interface ResolveResult {
  /** The d6 rolled, or null when the test failed without a roll (Broken!, or effective Resolve ≤ 0). */
  roll: number | null;
  /** Resolve after Overkill (R10). */
  effectiveResolve: number;
  /** 'broken': passed, the warrior is now Broken!; 'slain': failed. */
  outcome: 'broken' | 'slain';
  /** Wound markers after the test: Wounds − 1 when passed (R9), unchanged when slain. */
  markersAfter: number;
}
