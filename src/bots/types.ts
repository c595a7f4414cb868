import type { Rng } from '../dice/types.js';
import type { Choice, Decision, GameView } from '../engine/types.js';

/**
 * A bot. `choose` is synchronous and reads only the view and its own rng
 * stream (never the game's dice). Search budgets count iterations, never
 * milliseconds, so results reproduce (DESIGN.md).
 */
export interface Policy {
  name: string;
  choose(view: GameView, decision: Decision, rng: Rng): Choice;
}
