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
}
