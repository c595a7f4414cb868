import type { BattlefieldRole, WarriorClass } from './types.js';

/**
 * Every number and choice of the rulings (docs/RULES.md), as a knob with that ruling's default.
 * A ruleset file overrides any subset of these (validated by rulesetSchema).
 */
export interface Ruleset {
  /** R1: rounds when a scenario sets none. */
  defaultRounds: number;
  /** R4: Command Range in inches unless a profile says otherwise. */
  commandRange: number;
  /** R5: Engagement Range between base edges, inches. */
  engagementRange: number;
  /** R3: default Size per role. */
  sizeByRole: Record<BattlefieldRole, number>;
  /** R3: default base diameter in mm per role. */
  baseMmByRole: Record<BattlefieldRole, number>;
  /** R8: the defender's choice of Defense or Evasion. */
  blockChoice: 'larger' | 'defense' | 'evasion';
  /** R10: Overkill reduces effective Resolve by 1 per extra Wound marker. */
  overkill: boolean;
  /** R12: Driven Back distance in inches. */
  drivenBackDistance: number;
  /** R13: other friendly warriors needed to Outnumber a target, by the target's role. */
  outnumberedBy: Record<BattlefieldRole, number>;
  /** R13: extra attack dice when the target is Outnumbered. */
  outnumberedBonus: number;
  /** R15: extra Barrage dice when Aimed!. */
  aimedBonus: number;
  /** R17: actions per activation. */
  actionsPerActivation: number;
  /** R17: the second and later March moves this fraction of March, rounded up. */
  repeatMarchFraction: number;
  /** R17: Reposition moves this fraction of March, rounded up. */
  repositionFraction: number;
  /** R20: a Supremacy tie is chosen by the player with fewer VP; equal VP re-roll. */
  supremacyTie: 'fewerVpChooses' | 'reroll';
  /** R24: seizing weights (first-blood control rule). */
  seizingWeights: {
    Infantry: Record<WarriorClass, number>;
    Cavalry: Record<WarriorClass, number>;
    Brute: Record<WarriorClass, number>;
    Monster: Record<WarriorClass, number>;
    /** Characters, Retinue and Officers. */
    command: number;
  };
  /** R24: no seizing before this round. */
  firstSeizingRound: number;
  /** R26: objective markers. */
  marker: {
    size: number;
    baseMm: number;
    wounds: number;
    defense: number;
    evasion: number;
    /** No damage before this round. */
    firstDamageRound: number;
    maxWoundsPerAction: number;
    volleyRange: number;
    /** A warrior within this many inches may Clash a marker without being Engaged. */
    clashRange: number;
  };
  /** R30: reinforcements. */
  reinforcements: {
    firstRound: number;
    /** From this round on, any table edge except the opponent's Reinforcement Zone. */
    anyEdgeFromRound: number;
  };
  /** R31: terrain generation. */
  terrain: {
    minPieces: number;
    maxPieces: number;
    minGap: number;
    maxFootprint: [number, number];
    maxGarrison: number;
    maxRuins: number;
    minObscuring: number;
    minObstructing: number;
  };
  /** R32: conquest-stands counts (scoring, total) per class; monsters override. */
  conquestStands: {
    Light: { scoring: number; total: number };
    Medium: { scoring: number; total: number };
    Heavy: { scoring: number; total: number };
    Monster: { scoring: number; total: number };
  };
  /** R33: steamroller control. */
  steamroller: {
    /** A regiment is eligible with at least this fraction of its starting warriors (rounded up). */
    eligibleFraction: number;
    flagContestRange: number;
    /** Optional deployment depths by turn order: [first player, second player]. */
    turnOrderDepths: [number, number] | null;
  };
  /** Engine safety, not a rule: a game that needs more decisions than this ends as stalled. */
  maxDecisionsPerGame: number;
}

export const DEFAULT_RULESET: Ruleset = {
  defaultRounds: 6,
  commandRange: 6,
  engagementRange: 1,
  sizeByRole: { Infantry: 1, Cavalry: 2, Brute: 2, Monster: 3 },
  baseMmByRole: { Infantry: 27, Cavalry: 50, Brute: 50, Monster: 60 },
  blockChoice: 'larger',
  overkill: true,
  drivenBackDistance: 2,
  outnumberedBy: { Infantry: 1, Cavalry: 2, Brute: 2, Monster: 3 },
  outnumberedBonus: 1,
  aimedBonus: 1,
  actionsPerActivation: 2,
  repeatMarchFraction: 0.5,
  repositionFraction: 0.5,
  supremacyTie: 'fewerVpChooses',
  seizingWeights: {
    Infantry: { Light: 0.5, Medium: 1, Heavy: 1 },
    Cavalry: { Light: 2, Medium: 3, Heavy: 3 },
    Brute: { Light: 2, Medium: 3, Heavy: 3 },
    Monster: { Light: 6, Medium: 6, Heavy: 6 },
    command: 1,
  },
  firstSeizingRound: 2,
  marker: {
    size: 2,
    baseMm: 50,
    wounds: 5,
    defense: 3,
    evasion: 0,
    firstDamageRound: 2,
    maxWoundsPerAction: 1,
    volleyRange: 6,
    clashRange: 1,
  },
  reinforcements: { firstRound: 2, anyEdgeFromRound: 4 },
  terrain: {
    minPieces: 10,
    maxPieces: 14,
    minGap: 3,
    maxFootprint: [9, 6],
    maxGarrison: 2,
    maxRuins: 4,
    minObscuring: 2,
    minObstructing: 2,
  },
  conquestStands: {
    Light: { scoring: 0, total: 1 },
    Medium: { scoring: 1, total: 1 },
    Heavy: { scoring: 1, total: 1 },
    Monster: { scoring: 3, total: 3 },
  },
  steamroller: { eligibleFraction: 0.5, flagContestRange: 4, turnOrderDepths: null },
  maxDecisionsPerGame: 100_000,
};
