import type { Circle } from '../board/types.js';
import { pointInPolygon, segmentPointDistanceSq } from '../board/index.js';
import { warriorsInBox, warriorsNear } from './grid.js';
import type { GameState, PlayerIndex, Warrior } from './types.js';

/** Length of (dx, dy). Math.hypot is several times slower in V8, and this is the hot path. */
export function norm(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** Gap between two bases' edges, inches (negative when overlapping). */
export function gap(a: Warrior, b: Warrior): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy) - a.r - b.r;
}

/**
 * Whether a and b can engage each other at all: a character in a Duel can
 * only engage, or be engaged by, its Duel opponent (Duel rules).
 */
export function canEngage(a: Warrior, b: Warrior): boolean {
  if (a.duel >= 0) return a.duel === b.id;
  if (b.duel >= 0) return b.duel === a.id;
  return true;
}

/** Whether the base edges of a and b are within `range` inches (squared, no square root: hot path). */
export function within(a: Warrior, b: Warrior, range: number): boolean {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const reach = a.r + b.r + range + 1e-9;
  return dx * dx + dy * dy <= reach * reach;
}

/** R5: within Engagement Range of each other, respecting Duel isolation. */
export function inEngagement(s: GameState, a: Warrior, b: Warrior): boolean {
  return b.status === 'table' && a.status === 'table' && a.player !== b.player && canEngage(a, b) && within(a, b, s.match.ruleset.engagementRange);
}

/** Whether a warrior is Engaged with any enemy (R5, R17). */
export function isEngaged(s: Readonly<GameState>, w: Warrior): boolean {
  return engagedId(s, w, false) >= 0;
}

/** The enemy warrior with the lowest id within Engagement Range of w, or null. */
export function firstEngagedEnemy(s: GameState, w: Warrior): Warrior | null {
  const id = engagedId(s, w, true);
  return id >= 0 ? s.warriors[id] : null;
}

/**
 * inEngagement over the enemies the grid finds near w, from its typed
 * positions: the id of one within Engagement Range (the lowest with
 * `lowest`), or -1.
 */
function engagedId(s: GameState, w: Warrior, lowest: boolean): number {
  if (w.status !== 'table') return -1;
  const g = s.grid;
  const range = s.match.ruleset.engagementRange;
  const n = warriorsNear(g, w.player === 0 ? 1 : 0, w.x, w.y, w.r + g.maxR + range + 1e-6);
  let first = -1;
  for (let i = 0; i < n; i++) {
    const id = g.near[i];
    if (first >= 0 && id > first) continue;
    // within(w, e, range)
    const dx = w.x - g.x[id];
    const dy = w.y - g.y[id];
    const reach = w.r + g.r[id] + range + 1e-9;
    if (dx * dx + dy * dy > reach * reach || !canEngage(w, s.warriors[id])) continue;
    if (!lowest) return id;
    first = id;
  }
  return first;
}

/** Enemy warriors within Engagement Range of w, by id. */
export function engagedEnemies(s: Readonly<GameState>, w: Warrior): Warrior[] {
  const out: Warrior[] = [];
  const ws = s.warriors;
  for (let i = 0; i < ws.length; i++) {
    const e = ws[i];
    if (e.player !== w.player && e.status === 'table' && inEngagement(s, w, e)) out.push(e);
  }
  return out;
}

/**
 * A move's obstacles: the bases it could touch and the enemy bases it could
 * become engaged with. The arrays are scratch, reused by every move (hundreds
 * a game) and never shrunk: only the first `blockerCount` / `enemyCount`
 * entries are this move's. Warriors and markers go in as they are (moveAlong
 * reads x, y and r).
 */
export interface Obstacles {
  blockers: Circle[];
  blockerCount: number;
  enemies: Circle[];
  enemyCount: number;
}

const OBSTACLES: Obstacles = { blockers: [], blockerCount: 0, enemies: [], enemyCount: 0 };

/**
 * Every base on the table except `except` (warriors and standard objective
 * markers), in id order: a new array, for Driven Back.
 */
export function blockersFor(s: GameState, except: Warrior): Circle[] {
  const out: Circle[] = [];
  for (const w of s.warriors) if (w.status === 'table' && w !== except) out.push(w);
  return out.slice(0, standardMarkers(s, out, out.length));
}

/** Whether a base of w's size at (x, y) would overlap another base on the table (touching is allowed). */
export function overlapsBase(s: GameState, w: Warrior, x: number, y: number): boolean {
  const g = s.grid;
  for (let p = 0; p < 2; p++) {
    const k = warriorsNear(g, p as PlayerIndex, x, y, w.r + g.maxR + 1e-6);
    for (let i = 0; i < k; i++) {
      const id = g.near[i];
      if (id !== w.id && norm(g.x[id] - x, g.y[id] - y) < g.r[id] + w.r - 1e-9) return true;
    }
  }
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const b = ms[i];
    if (!b.destroyed && b.behaviour === 'standard' && norm(b.x - x, b.y - y) < b.r + w.r - 1e-9) return true;
  }
  return false;
}

/**
 * What a straight move of w from (ax, ay) could meet on its first `reach`
 * inches towards (tx, ty): the bases it could touch and, with `enemies`, the enemy bases it
 * could become engaged with (R5, Duel isolation), each in id order (moveAlong
 * keeps the first of tied stops, as a scan of the warriors would list them).
 * Only bases near the path's capsule can matter, so the grid finds the
 * candidates. Valid until the next call.
 */
export function moveObstacles(s: Readonly<GameState>, w: Warrior, ax: number, ay: number, tx: number, ty: number, reach: number, enemies: boolean): Obstacles {
  const o = OBSTACLES;
  const g = s.grid;
  const ws = s.warriors;
  // The travelled segment a–b, and how far from it a base can still matter.
  const len = norm(tx - ax, ty - ay);
  const k = len > 0 ? Math.min(reach, len) / len : 0;
  const bx = ax + (tx - ax) * k;
  const by = ay + (ty - ay) * k;
  const range = s.match.ruleset.engagementRange;
  const pad = w.r + g.maxR + (enemies ? range : 0) + 1e-6;
  const minX = (ax < bx ? ax : bx) - pad;
  const maxX = (ax < bx ? bx : ax) + pad;
  const minY = (ay < by ? ay : by) - pad;
  const maxY = (ay < by ? by : ay) + pad;
  const out = o.blockers;
  const foes = o.enemies;
  let n = 0;
  let f = 0;
  for (let p = 0; p < 2; p++) {
    const c = warriorsInBox(g, p as PlayerIndex, minX, minY, maxX, maxY);
    const foe = enemies && p !== w.player;
    for (let i = 0; i < c; i++) {
      const id = g.near[i];
      if (id === w.id) continue;
      const d2 = segmentPointDistanceSq(ax, ay, bx, by, g.x[id], g.y[id]);
      const touch = w.r + g.r[id] + 1e-6;
      const engage = touch + range;
      if (d2 > (foe ? engage * engage : touch * touch)) continue;
      if (d2 <= touch * touch) n = insertById(out, n, ws[id]);
      if (foe && d2 <= engage * engage && canEngage(w, ws[id])) f = insertById(foes, f, ws[id]);
    }
  }
  o.blockerCount = standardMarkers(s, out, n);
  o.enemyCount = f;
  return o;
}

/** Inserts w into the first n entries of `list`, kept in id order (a handful at most); returns n + 1. */
function insertById(list: Circle[], n: number, w: Warrior): number {
  let k = n;
  while (k > 0 && (list[k - 1] as Warrior).id > w.id) {
    list[k] = list[k - 1];
    k--;
  }
  list[k] = w;
  return n + 1;
}

/** Appends to `out` from index n the standing standard objective markers, and returns the new count. */
function standardMarkers(s: GameState, out: Circle[], n: number): number {
  // Standard objective markers are models on 50 mm bases; Broken Lines' moving marker is not an obstacle.
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const mk = ms[i];
    if (!mk.destroyed && mk.behaviour === 'standard') out[n++] = mk;
  }
  return n;
}

/** Whether a base of radius r at (x, y) would overlap impassable terrain (touching is allowed, R31). */
export function overlapsImpassable(s: Readonly<GameState>, x: number, y: number, r: number): boolean {
  const { polygons, bounds } = s.match.impassable;
  const lim = r - 1e-9;
  for (let i = 0; i < polygons.length; i++) {
    const b = bounds[i];
    if (x + r < b.minX || x - r > b.maxX || y + r < b.minY || y - r > b.maxY) continue;
    const poly = polygons[i];
    if (pointInPolygon(x, y, poly)) return true;
    for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) {
      if (segmentPointDistanceSq(poly[j].x, poly[j].y, poly[k].x, poly[k].y, x, y) < lim * lim) return true;
    }
  }
  return false;
}

/** Whether w is within Command Range of the character c: base edges within range (R4). */
export function inCommandRange(c: Warrior, w: Warrior): boolean {
  if (c === w) return true;
  return gap(c, w) <= c.profile.commandRange + 1e-9;
}
