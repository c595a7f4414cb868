/**
 * How a March-like move walks (R41): what a March, a repeat March, a
 * Reinforcement's entering March and a Reposition may follow, and the
 * questions a policy asks of such a move in a game state (one leg, the space
 * a move plans in, whether a straight March is blocked, the planned path).
 * The board's path planner (board/planner.ts) finds the route; the walk
 * along it uses the same moveAlong as a straight move, one leg at a time, so
 * that a path spends the allowance, meets bases and keeps an entered
 * Engagement Range exactly as a straight line does.
 */
import { freeGoal, moveAlong, planPath } from '../board/index.js';
import type { Circle, MoveOptions, MoveResult, Path, PathSpace, Point, StopReason } from '../board/index.js';
import { warriorsInBox, warriorsNear } from './grid.js';
import { memoKey, memoOf } from './memo.js';
import { moveObstacles, overlapsImpassable } from './space.js';
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
export function leg(s: Readonly<GameState>, w: Warrior, ax: number, ay: number, x: number, y: number, max: number, keepEngagement: boolean): MoveResult {
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
  o.impassable = s.match.impassable;
  o.difficult = s.match.difficult;
  o.table = s.match.table;
  o.engagementRange = s.match.ruleset.engagementRange;
  return moveAlong(o);
}

/**
 * The space a move of w plans in: terrain everywhere, and the bases it could
 * touch on this move, those within `reach` inches of its path's start, edge
 * to edge (a path spends at least its length, so a base farther away cannot
 * be met; R41). Warriors in id order, then the standing standard markers.
 * A reused object, valid until the next call.
 */
export function pathSpace(s: Readonly<GameState>, w: Warrior, x0: number, y0: number, reach: number): PathSpace {
  const g = s.grid;
  const sp = SPACE;
  const bases = sp.bases as Circle[];
  const ids = IDS;
  const pad = w.r + g.maxR + reach + 1e-6;
  let n = 0;
  for (let p = 0; p < 2; p++) {
    const k = warriorsInBox(g, p as PlayerIndex, x0 - pad, y0 - pad, x0 + pad, y0 + pad);
    for (let i = 0; i < k; i++) {
      const id = g.near[i];
      if (id === w.id) continue;
      const dx = g.x[id] - x0;
      const dy = g.y[id] - y0;
      const lim = w.r + g.r[id] + reach + 1e-6;
      if (dx * dx + dy * dy > lim * lim) continue;
      // In id order (a handful): the planner's ties resolve the same whatever the grid's order.
      let m = n++;
      while (m > 0 && ids[m - 1] > id) {
        ids[m] = ids[m - 1];
        m--;
      }
      ids[m] = id;
    }
  }
  for (let i = 0; i < n; i++) bases[i] = s.warriors[ids[i]];
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    if (!m.destroyed && m.behaviour === 'standard') bases[n++] = m;
  }
  sp.baseCount = n;
  sp.r = w.r;
  sp.impassable = s.match.impassable;
  sp.difficult = s.match.difficult;
  sp.table = s.match.table;
  return sp;
}

/** pathSpace's answer and scratch, reused (valid until the next call). */
const SPACE: PathSpace & { bases: Circle[] } = { r: 0, bases: [], baseCount: 0, impassable: [], difficult: [], table: { width: 0, height: 0 } };
const IDS: number[] = [];

/**
 * The path a March of w from where it stands towards (x, y) would plan
 * (R41): the shortest one around terrain and the bases within `allowance`,
 * to (x, y), or to the nearest point to it where w's base may stand. The
 * whole path, not only the part one March covers. Null when w is not on the
 * table or no path exists.
 */
export function plannedPath(s: Readonly<GameState>, w: Warrior, x: number, y: number, allowance: number): Path | null {
  if (w.status !== 'table') return null;
  return planPath(pathSpace(s, w, w.x, w.y, allowance), { x: w.x, y: w.y }, { x, y });
}

/**
 * Whether a March of w towards (x, y) with `max` of allowance (a Reposition
 * without `keepEngagement`) is blocked in a straight line: a base or impassable terrain stops it short of (x, y), and
 * not against what holds (x, y) itself. The engine then plans a path (R41);
 * a policy that wants to spare the planner can ask first. Read-only.
 */
export function marchBlocked(s: Readonly<GameState>, w: Warrior, x: number, y: number, max: number, keepEngagement = true): boolean {
  // A policy drawing candidates may ask the same question twice in one decision (random's March at the
  // nearest enemy): a blocked answer is kept for the rest of the decision (an open one is sent at once).
  if (askedBlocked(s, w, x, y, max, keepEngagement)) return true;
  const r = leg(s, w, w.x, w.y, x, y, max, keepEngagement);
  const blocked = (r.stoppedBy === 'base' || r.stoppedBy === 'terrain') && !stoppedAtGoal(s, w, w.x, w.y, x, y, r.x, r.y);
  if (blocked) rememberBlocked(s, w, x, y, max, keepEngagement);
  else remember(s, w, x, y, max, keepEngagement, r);
  return blocked;
}

/** One blocked question: the decision and bases it was asked at, the warrior, the goal, the allowance. */
interface Blocked {
  dec: number;
  c0: number;
  c1: number;
  w: number;
  x: number;
  y: number;
  max: number;
  keep: boolean;
}

/** The blocked questions asked lately of the state `s` (a small ring; the Match's memo, so copyState forgets them). */
const BLOCKED = memoKey(() => ({
  s: null as Readonly<GameState> | null,
  next: 0,
  ring: Array.from({ length: 4 }, (): Blocked => ({ dec: -1, c0: 0, c1: 0, w: -1, x: 0, y: 0, max: 0, keep: true })),
}));

function rememberBlocked(s: Readonly<GameState>, w: Warrior, x: number, y: number, max: number, keep: boolean): void {
  const b = memoOf(s, BLOCKED);
  if (b.s !== s) {
    // Taken over from another state: its answers are not this one's.
    for (const m of b.ring) m.w = -1;
    b.s = s;
    b.next = 0;
  }
  const m = b.ring[b.next];
  b.next = (b.next + 1) % b.ring.length;
  m.dec = s.decisions;
  m.c0 = s.grid.changes[0];
  m.c1 = s.grid.changes[1];
  m.w = w.id;
  m.x = x;
  m.y = y;
  m.max = max;
  m.keep = keep;
}

/** Whether this very question was answered "blocked" within the same decision, nothing on the table moved since. */
function askedBlocked(s: Readonly<GameState>, w: Warrior, x: number, y: number, max: number, keep: boolean): boolean {
  const b = memoOf(s, BLOCKED);
  if (b.s !== s) return false;
  for (let i = 0; i < b.ring.length; i++) {
    const m = b.ring[i];
    if (m.dec === s.decisions && m.w === w.id && m.x === x && m.y === y && m.max === max && m.keep === keep && m.c0 === s.grid.changes[0] && m.c1 === s.grid.changes[1]) return true;
  }
  return false;
}

/**
 * The last open straight March marchBlocked found, for the engine to take as
 * it is when that very March is chosen next (a policy asks, then sends it):
 * valid while the state, the warrior's place and the bases on the table
 * (the grid's change counts) are as they were, within the same decision.
 * The Match's memo: copyState forgets it.
 */
const LAST = memoKey(() => ({ s: null as Readonly<GameState> | null, w: -1, wx: 0, wy: 0, x: 0, y: 0, max: 0, keep: true, c0: 0, c1: 0, dec: 0, rx: 0, ry: 0, why: 'destination' as StopReason }));

function remember(s: Readonly<GameState>, w: Warrior, x: number, y: number, max: number, keep: boolean, r: MoveResult): void {
  const L = memoOf(s, LAST);
  L.keep = keep;
  L.s = s;
  L.w = w.id;
  L.wx = w.x;
  L.wy = w.y;
  L.x = x;
  L.y = y;
  L.max = max;
  L.c0 = s.grid.changes[0];
  L.c1 = s.grid.changes[1];
  L.dec = s.decisions;
  L.rx = r.x;
  L.ry = r.y;
  L.why = r.stoppedBy;
}

/** The last open March's entry when it answers this very move, else null. */
function remembered(s: Readonly<GameState>, w: Warrior, ax: number, ay: number, x: number, y: number, max: number, keep: boolean): ReturnType<typeof LAST.make> | null {
  const L = memoOf(s, LAST);
  const same =
    L.s === s &&
    L.keep === keep &&
    L.w === w.id &&
    L.wx === ax &&
    L.wy === ay &&
    L.x === x &&
    L.y === y &&
    L.max === max &&
    L.c0 === s.grid.changes[0] &&
    L.c1 === s.grid.changes[1] &&
    w.x === ax &&
    w.y === ay &&
    // Asked while choosing (decisions D), taken while applying that choice (D + 1): nothing else happened between.
    (s.decisions === L.dec || s.decisions === L.dec + 1);
  return same ? L : null;
}

/**
 * Whether a straight move from (ax, ay) towards (x, y) that stopped at
 * (sx, sy) stopped against what holds (x, y) itself: (x, y) is no place for
 * w's base, and the free point nearest it (board.freeGoal) is where the move
 * stopped. Only the bases near (x, y) can hold it.
 */
function stoppedAtGoal(s: Readonly<GameState>, w: Warrior, ax: number, ay: number, x: number, y: number, sx: number, sy: number): boolean {
  // Most often (x, y) is a free place, which a move that stopped short has not reached: no need for the pushes.
  const r = w.r;
  const onTable = x >= r && y >= r && x <= s.match.table.width - r && y <= s.match.table.height - r;
  if (onTable && !overlapsImpassable(s, x, y, r)) {
    const b = lonelyOverlap(s, w, x, y);
    if (b === null) return Math.abs(x - sx) + Math.abs(y - sy) < 1e-5;
    if (b !== MANY) {
      // Inside one base only (a March at a warrior, usually): freeGoal pushes it radially out of that
      // base (away from the start when on its centre), and a point free there is its answer.
      let dx = x - b.x;
      let dy = y - b.y;
      let d = Math.sqrt(dx * dx + dy * dy);
      const deep = d < b.r + r - CLEAR;
      if (d < 1e-12) {
        dx = ax - b.x;
        dy = ay - b.y;
        d = Math.sqrt(dx * dx + dy * dy);
      }
      if (d > 0) {
        const R = b.r + r + 2e-6;
        const px = b.x + (dx / d) * R;
        const py = b.y + (dy / d) * R;
        if (Math.abs(px - sx) + Math.abs(py - sy) < 1e-5) return true;
        // The pushed point stands clear of everything by more than freeGoal's tolerances, and (x, y) lies
        // well inside the base: freeGoal answers that very point, and the move stopped elsewhere.
        if (deep && standsClear(s, w, px, py, b)) return false;
      }
    }
  }
  const goal = freeGoal(pathSpace(s, w, x, y, 2 * (w.r + s.grid.maxR)), { x: ax, y: ay }, { x, y });
  // The pushes leave the goal a few millionths of an inch off the base they push it from.
  return goal === null || Math.abs(goal.x - sx) + Math.abs(goal.y - sy) < 1e-5;
}

const MANY: Circle = { x: 0, y: 0, r: 0 };

/** Far above freeGoal's tolerances (1e-9 on distances, 2e-6 in its pushes). */
const CLEAR = 1e-4;

/**
 * Whether a base of w's size at (x, y) would stand on the table, off impassable terrain and clear of
 * every base but w's and `touched`'s (warriors and standing standard markers), each by more than CLEAR.
 */
function standsClear(s: Readonly<GameState>, w: Warrior, x: number, y: number, touched: Circle): boolean {
  const r = w.r;
  const e = r + CLEAR;
  if (x < e || y < e || x > s.match.table.width - e || y > s.match.table.height - e) return false;
  if (overlapsImpassable(s, x, y, e)) return false;
  const g = s.grid;
  for (let p = 0; p < 2; p++) {
    const k = warriorsNear(g, p as PlayerIndex, x, y, r + g.maxR + CLEAR + 1e-6);
    for (let i = 0; i < k; i++) {
      const id = g.near[i];
      if (id === w.id || s.warriors[id] === touched) continue;
      const dx = g.x[id] - x;
      const dy = g.y[id] - y;
      const lim = g.r[id] + e;
      if (dx * dx + dy * dy <= lim * lim) return false;
    }
  }
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    if (m.destroyed || m.behaviour !== 'standard' || m === touched) continue;
    const dx = m.x - x;
    const dy = m.y - y;
    const lim = m.r + e;
    if (dx * dx + dy * dy <= lim * lim) return false;
  }
  return true;
}

/** The one base (warrior or standard marker) a base of w's size at (x, y) would overlap, null for none, MANY for several. */
function lonelyOverlap(s: Readonly<GameState>, w: Warrior, x: number, y: number): Circle | null {
  const g = s.grid;
  let found: Circle | null = null;
  for (let p = 0; p < 2; p++) {
    const k = warriorsNear(g, p as PlayerIndex, x, y, w.r + g.maxR + 1e-6);
    for (let i = 0; i < k; i++) {
      const id = g.near[i];
      if (id === w.id) continue;
      const dx = g.x[id] - x;
      const dy = g.y[id] - y;
      const lim = g.r[id] + w.r - 1e-9;
      if (dx * dx + dy * dy < lim * lim) {
        if (found !== null) return MANY;
        found = s.warriors[id];
      }
    }
  }
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    if (m.destroyed || m.behaviour !== 'standard') continue;
    const dx = m.x - x;
    const dy = m.y - y;
    const lim = m.r + w.r - 1e-9;
    if (dx * dx + dy * dy < lim * lim) {
      if (found !== null) return MANY;
      found = m;
    }
  }
  return found;
}

/** The walks' answer, reused (hundreds a game): valid until the next walk; copy `via` to keep it. */
const WALK: Walk = { x: 0, y: 0, via: [], stoppedBy: 'destination', faultLeg: -1 };

function walked(x: number, y: number, stoppedBy: StopReason, faultLeg: number): Walk {
  const w = WALK;
  w.x = x;
  w.y = y;
  w.stoppedBy = stoppedBy;
  w.faultLeg = faultLeg;
  return w;
}

/** Scratch for the walk's points. */
const ROUTE: Point[] = [];

/**
 * Moves (without changing the state) w from (ax, ay) towards (x, y) as a
 * March-like move of `max` allowance: straight when the straight line gets
 * there or spends the allowance (difficult terrain included), or stops at the
 * table edge or an Engagement Range; along the planned shortest path when a
 * base or impassable terrain blocks it (R41).
 */
export function walkTowards(s: Readonly<GameState>, w: Warrior, ax: number, ay: number, x: number, y: number, max: number, keepEngagement: boolean): Walk {
  const L = remembered(s, w, ax, ay, x, y, max, keepEngagement);
  if (L !== null) {
    L.s = null;
    WALK.via.length = 0;
    return walked(L.rx, L.ry, L.why, -1);
  }
  const first = leg(s, w, ax, ay, x, y, max, keepEngagement);
  const why = first.stoppedBy;
  // Not blocked: the straight line is the path (difficult terrain on it too: a policy wanting the way
  // around a wood gives it as `path`; the speed contract plans only when the line is blocked).
  WALK.via.length = 0;
  if (why !== 'base' && why !== 'terrain') return walked(first.x, first.y, why, -1);
  const sx = first.x;
  const sy = first.y;
  // Stopped against what holds the goal itself: nothing gets nearer.
  if (stoppedAtGoal(s, w, ax, ay, x, y, sx, sy)) return walked(sx, sy, why, -1);
  const space = pathSpace(s, w, ax, ay, max);
  // R41 asks for no detour limit; the search has one for speed: a path costing more than the straight
  // distance plus twice the allowance plus 6" is not looked for, and the warrior stays where the line stopped.
  const limit = Math.sqrt((x - ax) * (x - ax) + (y - ay) * (y - ay)) + 2 * max + 6;
  const path = plannedOnce(space, ax, ay, x, y, limit);
  if (!path) return walked(sx, sy, why, -1);
  return walkRoute(s, w, path.points, max, keepEngagement, false);
}

/**
 * The planner's answers to walkTowards's last few questions, each with all it
 * was asked (the mover's radius, the bases and terrain, start, goal, limit):
 * a policy predicting a March's end asks what the engine asks again when it
 * applies that March (a fifth of the walks planned). An answer is reused only
 * for the very same question, so it is the one planPath would give.
 */
interface PlanMemo {
  r: number;
  ax: number;
  ay: number;
  x: number;
  y: number;
  limit: number;
  imp: PathSpace['impassable'] | null;
  dif: PathSpace['difficult'] | null;
  w: number;
  h: number;
  n: number;
  /** The bases' x, y, r in turn. */
  bases: Float64Array;
  path: Path | null;
}

const MEMO: PlanMemo[] = Array.from({ length: 8 }, () => ({ r: -1, ax: 0, ay: 0, x: 0, y: 0, limit: 0, imp: null, dif: null, w: 0, h: 0, n: 0, bases: new Float64Array(48), path: null }));
let memoNext = 0;

function sameQuestion(m: PlanMemo, sp: PathSpace, ax: number, ay: number, x: number, y: number, limit: number): boolean {
  if (m.r !== sp.r || m.ax !== ax || m.ay !== ay || m.x !== x || m.y !== y || m.limit !== limit) return false;
  const n = sp.baseCount ?? sp.bases.length;
  if (m.n !== n || m.imp !== sp.impassable || m.dif !== sp.difficult || m.w !== sp.table.width || m.h !== sp.table.height || sp.difficultCost !== undefined) return false;
  const b = m.bases;
  for (let i = 0; i < n; i++) {
    const c = sp.bases[i];
    if (b[3 * i] !== c.x || b[3 * i + 1] !== c.y || b[3 * i + 2] !== c.r) return false;
  }
  return true;
}

/** planPath from (ax, ay) towards (x, y) in `sp` within `limit`, or its answer to the same question lately. The path is shared: read it only. */
function plannedOnce(sp: PathSpace, ax: number, ay: number, x: number, y: number, limit: number): Path | null {
  for (const m of MEMO) if (sameQuestion(m, sp, ax, ay, x, y, limit)) return m.path;
  const path = planPath(sp, { x: ax, y: ay }, { x, y }, limit);
  if (sp.difficultCost !== undefined) return path;
  const m = MEMO[memoNext];
  memoNext = (memoNext + 1) % MEMO.length;
  const n = sp.baseCount ?? sp.bases.length;
  if (m.bases.length < 3 * n) m.bases = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const c = sp.bases[i];
    m.bases[3 * i] = c.x;
    m.bases[3 * i + 1] = c.y;
    m.bases[3 * i + 2] = c.r;
  }
  m.r = sp.r;
  m.ax = ax;
  m.ay = ay;
  m.x = x;
  m.y = y;
  m.limit = limit;
  m.imp = sp.impassable;
  m.dif = sp.difficult;
  m.w = sp.table.width;
  m.h = sp.table.height;
  m.n = n;
  m.path = path;
  return path;
}

/**
 * Walks the route (its first point is the start) leg by leg with moveAlong,
 * spending `max`; stops where the allowance runs out, or where a leg is cut
 * short. With `strict` (a path a policy gave), a leg cut short by anything
 * but the allowance is a fault (R41): `faultLeg` says which.
 */
export function walkRoute(s: Readonly<GameState>, w: Warrior, route: readonly Point[], max: number, keepEngagement: boolean, strict: boolean): Walk {
  let x = route[0].x;
  let y = route[0].y;
  let left = max;
  const via = WALK.via;
  via.length = 0;
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
      if (strict && r.stoppedBy !== 'distance') return walked(x, y, stoppedBy, i - 1);
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
  return walked(x, y, stoppedBy, -1);
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
