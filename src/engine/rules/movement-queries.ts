/** The planner's answer to "how would this warrior March there", for plugins and bots (read-only). */
import type { Path } from '../../board/index.js';
import { plannedPath } from '../walk.js';
import type { GameState, Warrior } from '../types.js';
import { marchAllowance } from './movement.js';

/**
 * The path a March of w towards (x, y) would plan now (R41): the shortest
 * around terrain and the bases within its March allowance, to (x, y) or, when
 * w's base cannot stand there, to the nearest point found where it can; its
 * `cost` counts difficult terrain double (R31). The whole path: a March
 * follows it as far as its allowance goes. Straight when nothing is in the
 * way. Null when w is not on the table or no path exists. A read-only question
 * (the planner's answer for plugins and bots).
 */
export function shortestPath(s: Readonly<GameState>, w: Warrior, x: number, y: number): Path | null {
  const a = s.activation && s.activation.warrior === w.id ? s.activation : null;
  return plannedPath(s, w, x, y, marchAllowance(s, w, a));
}

/** shortestPath's cost (R41: difficult terrain counted double), Infinity when there is none. */
export function pathDistance(s: Readonly<GameState>, w: Warrior, x: number, y: number): number {
  const p = shortestPath(s, w, x, y);
  return p ? p.cost : Infinity;
}
