import type { Roster } from '../army/types.js';
import type { Ruleset } from '../rules/ruleset.js';

/** Player index: 0 is player 1 (the first seat, edge at y = 0), 1 is player 2. */
export type PlayerIndex = 0 | 1;

export type EndReason = 'vpThreshold' | 'lastRound' | 'wipeOut' | 'instantWin' | 'stalled';

/** What one finished game reports to the runner. */
export interface GameResult {
  /** Winning player index, or null for a draw. */
  winner: PlayerIndex | null;
  vp: [number, number];
  /** Rounds played (the round the game ended in). */
  rounds: number;
  endReason: EndReason;
  /** Warriors each player lost (slain, or counted destroyed at the end per R30). */
  warriorsLost: [number, number];
  /** Points of each player's warriors destroyed. */
  pointsDestroyed: [number, number];
  /** True when the game hit the engine's safety limit instead of ending by the rules. */
  stalled: boolean;
  /** Activation actions taken and d6 rolled, for benchmarks. */
  actions: number;
  diceRolled: number;
}

export type { Roster, Ruleset };
