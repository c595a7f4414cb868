/**
 * Moving a base, for every action that moves one (March, Charge, entering,
 * Reposition): the March allowance (R17), the walk, and a policy's path
 * checked before anything moves (R41).
 */
import { coveredBy, stat } from '../abilities.js';
import { warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { placeOnTable } from '../grid.js';
import { finite, illegal } from '../illegal.js';
import { givenRoute, leg, walkRoute, walkTowards, type Walk } from '../walk.js';
import type { ActionChoice, ActionType, Activation, GameState, Warrior } from '../types.js';

/** R17: March, halved (rounded up) after the first unless Press Forward covers the warrior (R21). */
export function marchAllowance(s: Readonly<GameState>, w: Warrior, a: Activation | null): number {
  const march = stat(s, w, 'march');
  if (a && a.marches > 0 && !coveredBy(s, w, 'Press Forward')) return Math.ceil(march * s.match.ruleset.repeatMarchFraction);
  return march;
}

/**
 * Moves w towards (x, y) as far as the rules allow and reports it. A Charge
 * goes straight (R18); a March, an entering March and a Reposition follow
 * the policy's `path` when given, else the shortest path when the straight
 * line is blocked or crosses difficult terrain (R41; engine/walk.ts).
 * March-like moves may not leave an Engagement Range once entered
 * (`keepEngagement`). `checked` is validatePath's walk of this very path on
 * this state, handed over by performAction when nothing has walked or moved
 * since (a March or a Reposition is checked, then walked, in one action):
 * it is taken as it is rather than walked again.
 */
export function move(ctx: Ctx, w: Warrior, action: ActionType, x: number, y: number, max: number, keepEngagement: boolean, path?: readonly { x: number; y: number }[], checked?: Walk | null): void {
  const s = ctx.s;
  const fromX = w.x;
  const fromY = w.y;
  let to: { x: number; y: number; stoppedBy: string };
  let via: readonly [number, number][] = NO_VIA;
  if (action === 'charge') {
    to = leg(s, w, fromX, fromY, x, y, max, keepEngagement);
  } else if (path !== undefined) {
    const walk = checked ?? walkRoute(s, w, givenRoute(fromX, fromY, path, x, y), max, keepEngagement, true);
    to = walk;
    via = walk.via;
  } else {
    const walk = walkTowards(s, w, fromX, fromY, x, y, max, keepEngagement);
    to = walk;
    via = walk.via;
  }
  const toX = to.x;
  const toY = to.y;
  const stoppedBy = to.stoppedBy;
  placeOnTable(s, w, toX, toY);
  if (ctx.emit) {
    // The walk's `via` is reused scratch: the event gets its own copy.
    if (via.length > 0) ctx.emit({ type: 'move', warrior: warriorLabel(w), action, from: [fromX, fromY], to: [toX, toY], via: via.slice(), stoppedBy });
    else ctx.emit({ type: 'move', warrior: warriorLabel(w), action, from: [fromX, fromY], to: [toX, toY], stoppedBy });
  }
}

const NO_VIA: readonly [number, number][] = [];

/** The longest path a policy may give, in points (a guard on input size, not a rule). */
export const MAX_PATH_POINTS = 256;

/**
 * R41: a path given with a March, an entering March or a Reposition must be
 * a list of points, and every leg of it up to where the allowance runs out
 * must be legal: no base, impassable terrain or table edge crossed, and for a
 * March no Engagement Range left once entered. Checked before anything moves.
 * Returns the legal walk (null: no path given), walk.ts's scratch: valid
 * until the next walk, for move() to take when nothing walks in between.
 */
export function validatePath(
  s: GameState,
  w: Warrior,
  act: Extract<ActionChoice, { type: 'march' | 'reposition' | 'enter' }>,
  ax: number,
  ay: number,
  max: number,
  keepEngagement: boolean,
): Walk | null {
  const path = act.path;
  if (path === undefined) return null;
  if (!Array.isArray(path) || path.length > MAX_PATH_POINTS) illegal(`${act.type}: path must be a list of at most ${MAX_PATH_POINTS} points {x, y}`);
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (p === null || typeof p !== 'object' || !finite(p.x, p.y)) illegal(`${act.type}: path[${i}] must be a point {x, y} of numbers`);
  }
  const route = givenRoute(ax, ay, path, act.x, act.y).slice();
  const walk = walkRoute(s, w, route, max, keepEngagement, true);
  if (walk.faultLeg < 0) return walk;
  const a = route[walk.faultLeg];
  const b = route[walk.faultLeg + 1];
  const leg = `leg ${walk.faultLeg + 1} (${a.x.toFixed(2)}, ${a.y.toFixed(2)}) -> (${b.x.toFixed(2)}, ${b.y.toFixed(2)})`;
  const why: Record<string, string> = {
    base: "crosses another warrior's or a marker's base",
    terrain: 'crosses impassable terrain',
    edge: 'leaves the table',
    engagement: "leaves an enemy's Engagement Range it has entered",
  };
  illegal(`${warriorLabel(w)}: ${act.type} path ${leg} ${why[walk.stoppedBy] ?? `stops (${walk.stoppedBy})`} at (${walk.x.toFixed(2)}, ${walk.y.toFixed(2)}) (R41)`);
}
