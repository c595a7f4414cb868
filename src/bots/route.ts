/**
 * How a warrior would move, as the engine would move it: the walk's length
 * to a point (the planner, R41), where a March would end (the engine's own
 * walk: straight when it can, else the shortest path), whether a Charge's
 * straight line reaches its target (R18). The bots decide where to go; the
 * board and the engine say how and how far.
 */
import { contactPoint, freeGoal, planPath, segmentIntersectsPolygon, type Path, type PathSpace } from '../board/index.js';
import { marchAllowance, norm } from '../engine/index.js';
import { leg, pathSpace, walkRoute, walkTowards, type Walk } from '../engine/walk.js';
import type { GameState, TargetRef, Warrior } from '../engine/types.js';

type State = Readonly<GameState>;

/** Whether the straight line from (ax, ay) to (bx, by) crosses impassable or difficult terrain (a prepared piece's box first). */
function terrainOnLine(s: State, ax: number, ay: number, bx: number, by: number): boolean {
  for (const set of [s.match.impassable, s.match.difficult]) {
    const loX = Math.min(ax, bx);
    const hiX = Math.max(ax, bx);
    const loY = Math.min(ay, by);
    const hiY = Math.max(ay, by);
    for (let i = 0; i < set.polygons.length; i++) {
      const b = set.bounds[i];
      if (b.maxX < loX || b.minX > hiX || b.maxY < loY || b.minY > hiY) continue;
      if (segmentIntersectsPolygon(ax, ay, bx, by, set.polygons[i])) return true;
    }
  }
  return false;
}

/**
 * The walk from w to (x, y), centre to centre: the straight line when no
 * terrain lies on it, else the board planner's shortest path around the
 * terrain (difficult terrain counted double, R31, R41; no path: the straight
 * line doubled). Bases are left out: they move before w gets there. For
 * choosing goals; remembered per table by the base's size, its place and
 * the goal's (a warrior standing still asks again every decision).
 */
export function travel(s: State, w: Warrior, x: number, y: number): number {
  const straight = norm(x - w.x, y - w.y);
  if (straight < 1e-9 || !terrainOnLine(s, w.x, w.y, x, y)) return straight;
  // The same question comes back several times a decision and from warriors standing still: remembered
  // per table (the terrain) by the warrior's base, place and goal.
  if (s.match.impassable !== travelTerrain || travelCount > 20_000) {
    TRAVEL.clear();
    travelCount = 0;
    travelTerrain = s.match.impassable;
  }
  // The key is all the answer depends on (so it is the same whatever was asked before: determinism): the five
  // numbers, found by a hash of their bits (no text to build) and compared exactly.
  const h = hashOf(w.r, w.x, w.y, x, y);
  let list = TRAVEL.get(h);
  if (list !== undefined) {
    for (let i = 0; i < list.length; i += 6) {
      if (list[i] === w.r && list[i + 1] === w.x && list[i + 2] === w.y && list[i + 3] === x && list[i + 4] === y) return list[i + 5];
    }
  } else {
    list = [];
    TRAVEL.set(h, list);
  }
  SPACE.r = w.r;
  SPACE.impassable = s.match.impassable;
  SPACE.difficult = s.match.difficult;
  SPACE.table = s.match.table;
  const p = planPath(SPACE, { x: w.x, y: w.y }, { x, y });
  const d = p ? p.cost : 2 * straight;
  list.push(w.r, w.x, w.y, x, y, d);
  travelCount++;
  return d;
}

/** travel's answers by hashOf their five numbers: runs of (r, wx, wy, x, y, answer). */
const TRAVEL = new Map<number, number[]>();
let travelCount = 0;
const BITS = new Float64Array(1);
const WORDS = new Int32Array(BITS.buffer);

/** A small-integer hash of the numbers' bits (equal numbers, equal hashes; 0 and -0 alike, as their text was). */
function hashOf(a: number, b: number, c: number, d: number, e: number): number {
  return mix(mix(mix(mix(mix(0x811c9dc5, a), b), c), d), e) & 0x3fffffff;
}

function mix(h: number, v: number): number {
  BITS[0] = v === 0 ? 0 : v;
  return Math.imul(Math.imul(h ^ WORDS[0], 0x01000193) ^ WORDS[1], 0x01000193);
}
const SPACE: PathSpace = { r: 0, bases: [], impassable: [], difficult: [], table: { width: 0, height: 0 } };
let travelTerrain: State['match']['impassable'] | null = null;

/** A March's predicted end: where it stops, the points it turns at, how far it walked, why it stopped. */
export interface MarchEnd {
  x: number;
  y: number;
  via: [number, number][];
  travelled: number;
  stoppedBy: string;
}

/**
 * The point `t` inches along a walk (from w's place through `via` to the
 * end), and the turning points passed before it: a shorter March along the
 * same route, given to the engine as its path (R41), so that it is not
 * planned twice.
 */
export function alongWalk(w: { x: number; y: number }, end: Readonly<MarchEnd>, t: number): { x: number; y: number; path: { x: number; y: number }[] } {
  const path: { x: number; y: number }[] = [];
  let px = w.x;
  let py = w.y;
  let left = t;
  const pts: [number, number][] = [...end.via, [end.x, end.y]];
  for (let i = 0; i < pts.length; i++) {
    const [qx, qy] = pts[i];
    const d = norm(qx - px, qy - py);
    if (d >= left || i === pts.length - 1) {
      const k = d > 1e-12 ? Math.min(1, left / d) : 0;
      return { x: px + (qx - px) * k, y: py + (qy - py) * k, path };
    }
    left -= d;
    px = qx;
    py = qy;
    path.push({ x: qx, y: qy });
  }
  return { x: end.x, y: end.y, path };
}

/**
 * Where a move of w towards (x, y) with allowance `max` would end, by the
 * engine's own walk (R41: straight when it can, else the shortest path;
 * Engagement kept when `keepEngagement`).
 */
export function moveEnd(s: State, w: Warrior, x: number, y: number, max: number, keepEngagement = true): MarchEnd {
  return endOf(w, walkTowards(s, w, w.x, w.y, x, y, max, keepEngagement));
}

/** A walk of w (the engine's scratch) as a MarchEnd of its own. */
function endOf(w: Warrior, walk: Readonly<Walk>): MarchEnd {
  let len = 0;
  let px = w.x;
  let py = w.y;
  for (const [vx, vy] of walk.via) {
    len += norm(vx - px, vy - py);
    px = vx;
    py = vy;
  }
  len += norm(walk.x - px, walk.y - py);
  return { x: walk.x, y: walk.y, via: walk.via.map(([a, b]) => [a, b] as [number, number]), travelled: len, stoppedBy: walk.stoppedBy };
}

/**
 * Whether a March of w towards (x, y) that ended at `end` was stopped by a
 * base short of where it aims: not at the free point nearest (x, y), where
 * the engine stops a March at what holds the goal itself (board.freeGoal).
 * The planner found no way round then (none within the engine's detour
 * limit, or w's start touches a base too closely to plan from).
 */
export function stoppedShort(s: State, w: Warrior, x: number, y: number, end: Readonly<MarchEnd>): boolean {
  if (end.stoppedBy !== 'base') return false;
  const g = freeGoal(pathSpace(s, w, x, y, 2 * (w.r + s.grid.maxR)), { x: w.x, y: w.y }, { x, y });
  return g !== null && Math.hypot(g.x - end.x, g.y - end.y) >= 1e-3;
}

/** Whether every base w touches where the March stopped is a friend's (a standard marker is no friend). */
export function friendsStop(s: State, w: Warrior, end: Readonly<MarchEnd>): boolean {
  let friends = 0;
  for (const o of s.warriors) {
    if (o.id === w.id || o.status !== 'table') continue;
    if (Math.hypot(o.x - end.x, o.y - end.y) - o.r - w.r > 1e-3) continue;
    if (o.player !== w.player) return false;
    friends++;
  }
  for (const m of s.scenarioState.markers) {
    if (!m.destroyed && m.behaviour === 'standard' && Math.hypot(m.x - end.x, m.y - end.y) - m.r - w.r <= 1e-3) return false;
  }
  return friends > 0;
}

/** The planner's shortest way from w to (x, y) round every base and the terrain, however long; null when there is none. */
export function longWay(s: State, w: Warrior, x: number, y: number): Path | null {
  return planPath(pathSpace(s, w, w.x, w.y, s.match.table.width + s.match.table.height), { x: w.x, y: w.y }, { x, y });
}

/**
 * A March of `max` towards (x, y) along the planner's shortest way round
 * every base and the terrain, however long (R41 sets no detour limit; the
 * engine's own walk stops looking at one, walkTowards): where it ends, or
 * null when there is no way or it would not move.
 */
export function detour(s: State, w: Warrior, x: number, y: number, max: number): MarchEnd | null {
  const path = longWay(s, w, x, y);
  if (!path) return null;
  const walk = walkRoute(s, w, path.points, max, true, true);
  return walk.faultLeg >= 0 ? null : endOf(w, walk);
}

/** How far a March towards (x, y) would take w now (its allowance now), in inches walked. */
export function marchGain(s: State, w: Warrior, x: number, y: number, max = marchAllowance(s, w, s.activation)): number {
  return moveEnd(s, w, x, y, max).travelled;
}

/**
 * Whether a Charge of w at `target` would end Engaged with it (R18: the
 * Charge is one straight line to the contact point; a base or terrain in the
 * way stops it short, and then nothing is charged).
 */
export function chargeLands(s: State, w: Warrior, target: TargetRef): boolean {
  const e = target >= 0 ? s.warriors[target] : s.scenarioState.markers[-1 - target];
  const dest = contactPoint(w, e);
  const end = leg(s, w, w.x, w.y, dest.x, dest.y, marchAllowance(s, w, s.activation), true);
  // Engaged (R5), or a marker within its Clash range (R26): edge to edge from where the move ends.
  const range = target >= 0 ? s.match.ruleset.engagementRange : s.match.ruleset.marker.clashRange;
  const reach = w.r + e.r + range + 1e-9;
  return (end.x - e.x) ** 2 + (end.y - e.y) ** 2 <= reach * reach;
}
