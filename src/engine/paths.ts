/**
 * Path movement (R41): what a March, a repeat March, a Reinforcement's
 * entering March and a Reposition may follow, and the planner's questions
 * asked of a game state. The board's planner (board/paths.ts) finds the
 * route; the walk along it uses the same moveAlong as a straight move, one
 * leg at a time, so that a path spends the allowance, meets bases and keeps
 * an entered Engagement Range exactly as a straight line does.
 */
import { freeGoal, moveAlong, planPath } from '../board/index.js';
import type { Circle, MoveOptions, MoveResult, Path, PathSpace, Point, StopReason } from '../board/index.js';
import { warriorsInBox } from './grid.js';
import { moveObstacles } from './space.js';
import type { GameState, PlayerIndex, Warrior } from './types.js';

/** Where a move ended, the points it turned at, and why it stopped. */
export interface Walk {
  x: number;
  y: number;
  /** Turning points passed, between the start and the end (R41: the path's narration). */
  via: [number, number][];
  stoppedBy: StopReason;
  /** For a path given by a policy: the leg that broke R41 (0: the first), else -1. */
  faultLeg: number;
}

/** moveAlong's options, reused: it runs hundreds of times a game and keeps nothing (fewer allocations, less GC). */
const MOVE: MoveOptions & { mover: Circle; to: Point; out: MoveResult } = {
  mover: { x: 0, y: 0, r: 0 },
  to: { x: 0, y: 0 },
  maxDistance: 0,
  blockers: [],
  blockerCount: 0,
  impassable: [],
  difficult: [],
  table: { width: 0, height: 0 },
  engageWith: undefined,
  engageCount: 0,
  engagementRange: 1,
  out: { x: 0, y: 0, travelled: 0, cost: 0, stoppedBy: 'destination' },
};

/**
 * One straight leg of w's move from (ax, ay) towards (x, y) with `max` of
 * allowance left (board.moveAlong); March-like moves may not leave an
 * Engagement Range once entered (`keepEngagement`). The answer is MOVE.out,
 * valid until the next call.
 */
export function leg(s: GameState, w: Warrior, ax: number, ay: number, x: number, y: number, max: number, keepEngagement: boolean): MoveResult {
  // The centre travels at most the allowance (difficult terrain only shortens it).
  const dx = x - ax;
  const dy = y - ay;
  const reach = Math.min(max, Math.sqrt(dx * dx + dy * dy));
  const o = MOVE;
  o.mover.x = ax;
  o.mover.y = ay;
  o.mover.r = w.r;
  o.to.x = x;
  o.to.y = y;
  o.maxDistance = max;
  const near = moveObstacles(s, w, ax, ay, x, y, reach, keepEngagement);
  o.blockers = near.blockers;
  o.blockerCount = near.blockerCount;
  o.engageWith = keepEngagement ? near.enemies : undefined;
  o.engageCount = near.enemyCount;
  o.impassable = s.impassable;
  o.difficult = s.difficult;
  o.table = s.table;
  o.engagementRange = s.ruleset.engagementRange;
  return moveAlong(o);
}

/**
 * The space a move of w plans in: terrain everywhere, and the bases it could
 * touch on this move, those within `reach` inches of its path's start, edge
 * to edge (a path spends at least its length, so a base farther away cannot
 * be met; R41). Warriors in id order, then the standing standard markers.
 */
export function pathSpace(s: GameState, w: Warrior, x0: number, y0: number, reach: number): PathSpace {
  const g = s.grid;
  const bases: Circle[] = [];
  const pad = w.r + g.maxR + reach + 1e-6;
  const ids: number[] = [];
  for (let p = 0; p < 2; p++) {
    const n = warriorsInBox(g, p as PlayerIndex, x0 - pad, y0 - pad, x0 + pad, y0 + pad);
    for (let i = 0; i < n; i++) if (g.near[i] !== w.id) ids.push(g.near[i]);
  }
  ids.sort((a, b) => a - b);
  for (const id of ids) {
    const o = s.warriors[id];
    const dx = o.x - x0;
    const dy = o.y - y0;
    const lim = w.r + o.r + reach + 1e-6;
    if (dx * dx + dy * dy <= lim * lim) bases.push(o);
  }
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    if (!m.destroyed && m.behaviour === 'standard') bases.push(m);
  }
  return { r: w.r, bases, impassable: s.impassable, difficult: s.difficult, table: s.table };
}

/**
 * The path a March of w from where it stands towards (x, y) would plan
 * (R41): the shortest one around terrain and the bases within `allowance`,
 * to (x, y), or to the nearest point to it where w's base may stand. The
 * whole path, not only the part one March covers. Null when w is not on the
 * table or no path exists.
 */
export function plannedPath(s: GameState, w: Warrior, x: number, y: number, allowance: number): Path | null {
  if (w.status !== 'table') return null;
  return planPath(pathSpace(s, w, w.x, w.y, allowance), { x: w.x, y: w.y }, { x, y });
}

/** Scratch for the walk's points. */
const ROUTE: Point[] = [];

/**
 * Moves (without changing the state) w from (ax, ay) towards (x, y) as a
 * March-like move of `max` allowance: straight when the straight line gets
 * there or spends the allowance without difficult terrain, or stops at the
 * table edge or an Engagement Range; along the planned shortest path when a
 * base or impassable terrain blocks it or difficult terrain lies on it (R41).
 */
export function walkTowards(s: GameState, w: Warrior, ax: number, ay: number, x: number, y: number, max: number, keepEngagement: boolean): Walk {
  const first = leg(s, w, ax, ay, x, y, max, keepEngagement);
  const why = first.stoppedBy;
  const difficultMet = first.cost > first.travelled + 1e-9;
  if (((why === 'destination' || why === 'distance') && !difficultMet) || why === 'edge' || why === 'engagement') {
    return { x: first.x, y: first.y, via: [], stoppedBy: why, faultLeg: -1 };
  }
  const sx = first.x;
  const sy = first.y;
  const space = pathSpace(s, w, ax, ay, max);
  const from = { x: ax, y: ay };
  if (why === 'base' || why === 'terrain') {
    // Stopped against what holds the goal itself: nothing gets nearer.
    const goal = freeGoal(space, from, { x, y });
    if (!goal || Math.abs(goal.x - sx) + Math.abs(goal.y - sy) < 1e-6) {
      return { x: sx, y: sy, via: [], stoppedBy: why, faultLeg: -1 };
    }
  }
  const path = planPath(space, from, { x, y });
  if (!path) return { x: sx, y: sy, via: [], stoppedBy: why, faultLeg: -1 };
  return walkRoute(s, w, path.points, max, keepEngagement, false);
}

/**
 * Walks the route (its first point is the start) leg by leg with moveAlong,
 * spending `max`; stops where the allowance runs out, or where a leg is cut
 * short. With `strict` (a path a policy gave), a leg cut short by anything
 * but the allowance is a fault (R41): `faultLeg` says which.
 */
export function walkRoute(s: GameState, w: Warrior, route: readonly Point[], max: number, keepEngagement: boolean, strict: boolean): Walk {
  let x = route[0].x;
  let y = route[0].y;
  let left = max;
  const via: [number, number][] = [];
  let stoppedBy: StopReason = 'destination';
  for (let i = 1; i < route.length; i++) {
    const p = route[i];
    if (Math.abs(p.x - x) <= 1e-12 && Math.abs(p.y - y) <= 1e-12) continue;
    const r = leg(s, w, x, y, p.x, p.y, left, keepEngagement);
    left -= r.cost;
    x = r.x;
    y = r.y;
    if (r.stoppedBy !== 'destination') {
      stoppedBy = r.stoppedBy;
      if (strict && r.stoppedBy !== 'distance') return { x, y, via, stoppedBy, faultLeg: i - 1 };
      break;
    }
    if (i < route.length - 1) {
      if (left <= 1e-12) {
        stoppedBy = 'distance';
        break;
      }
      via.push([x, y]);
    }
  }
  return { x, y, via, stoppedBy, faultLeg: -1 };
}

/** The route of a path a policy gave: the warrior's place, the path's points, then (x, y) unless the path ends there. */
export function givenRoute(ax: number, ay: number, path: readonly { x: number; y: number }[], x: number, y: number): Point[] {
  const out = ROUTE;
  out.length = 0;
  out.push({ x: ax, y: ay });
  for (const p of path) out.push({ x: p.x, y: p.y });
  const last = out[out.length - 1];
  if (last.x !== x || last.y !== y) out.push({ x, y });
  return out;
}
