/** The Policy interface belongs to the engine (which asks it); re-exported here for bot authors. */
export type { GameView, Policy } from '../engine/types.js';

export interface HeuristicOptions {
  /** 0..1: how much a fight is worth against the scenario's objectives. */
  aggression: number;
  /** 0..1: how much the scenario's scoring places and markers are worth. */
  objective: number;
  /** Finer play: Take Aim, fall back and shoot, Duels by odds, deployment to a plan, card order by urgency, threat-aware moves, Unique Actions and Reposition. */
  tactics: boolean;
  /**
   * 0..2: how much the threat map counts (1: a wound expected is worth what
   * the evaluation says). The heuristics without tactics ignore it.
   */
  caution?: number;
  /** How much more a place is worth to a warrior whose weight holds it (default GOAL_DEFAULTS.hold). */
  hold?: number;
  /** A place's worth when the weight there and coming already suffices (default GOAL_DEFAULTS.crowded). */
  crowded?: number;
  /** An enemy marker's goal worth, in attacks on it (default GOAL_DEFAULTS.marker). */
  marker?: number;
  /** Share of a place's worth in denying it when an enemy is within two Marches (default GOAL_DEFAULTS.deny). */
  deny?: number;
  /** A held place's worth against a Charge, in VP weights (default GOAL_DEFAULTS.holdCharge). */
  holdCharge?: number;
  /** Evaluation weight of Broken! in attacks, threats and leaving a fight (default DEFAULT_WEIGHTS.broken). */
  broken?: number;
  /** Evaluation weight of wounds in attacks and threats (default DEFAULT_WEIGHTS.wounds). */
  wounds?: number;
}
