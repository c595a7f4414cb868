import type { Circle } from '../board/types.js';
import { warriorsNear } from './grid.js';
import type { GameState, Warrior } from './types.js';

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
  return (
    b.status === 'table' &&
    a.status === 'table' &&
    a.player !== b.player &&
    canEngage(a, b) &&
    within(a, b, s.ruleset.engagementRange)
  );
}

/** Whether a warrior is Engaged with any enemy (R5, R17). */
export function isEngaged(s: GameState, w: Warrior): boolean {
  if (w.status !== 'table') return false;
  const ws = s.warriors;
  const g = s.grid;
  const n = warriorsNear(g, w.player === 0 ? 1 : 0, w.x, w.y, w.r + g.maxR + s.ruleset.engagementRange + 1e-6);
  for (let i = 0; i < n; i++) {
    const e = ws[g.near[i]];
    if (inEngagement(s, w, e)) return true;
  }
  return false;
}

/**
 * The enemy warrior with the lowest id within Engagement Range of w, or null:
 * inEngagement over the warriors the grid finds near w.
 */
export function firstEngagedEnemy(s: GameState, w: Warrior): Warrior | null {
  if (w.status !== 'table') return null;
  const ws = s.warriors;
  const g = s.grid;
  const n = warriorsNear(g, w.player === 0 ? 1 : 0, w.x, w.y, w.r + g.maxR + s.ruleset.engagementRange + 1e-6);
  let first: Warrior | null = null;
  for (let i = 0; i < n; i++) {
    const e = ws[g.near[i]];
    if ((first === null || e.id < first.id) && inEngagement(s, w, e)) first = e;
  }
  return first;
}

/** Enemy warriors within Engagement Range of w, by id. */
export function engagedEnemies(s: GameState, w: Warrior): Warrior[] {
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
 * markers) that a move of `reach` inches could touch: a new array, for the
 * rarer checks (deployment, Duel placement, Driven Back).
 */
export function blockersFor(s: GameState, except: Warrior, reach = Infinity): Circle[] {
  const o = moveObstacles(s, except, reach, false);
  return o.blockers.slice(0, o.blockerCount);
}

/**
 * One pass over the warriors for a move of `reach` inches: the bases it could
 * touch and, with `enemies`, the enemy bases it could become engaged with (R5,
 * Duel isolation), in id order. Valid until the next call.
 */
export function moveObstacles(s: GameState, w: Warrior, reach: number, enemies: boolean): Obstacles {
  const o = OBSTACLES;
  const out = o.blockers;
  const foes = o.enemies;
  let n = 0;
  let m = 0;
  const x = w.x;
  const y = w.y;
  const near = reach + w.r + 2; // 2": more than any base radius
  const near2 = near * near;
  const nearEnemy = near + s.ruleset.engagementRange;
  const nearEnemy2 = enemies ? nearEnemy * nearEnemy : near2;
  const ws = s.warriors;
  for (let i = 0; i < ws.length; i++) {
    const e = ws[i];
    if (e.status !== 'table' || e === w) continue;
    const dx = e.x - x;
    const dy = e.y - y;
    const d2 = dx * dx + dy * dy;
    if (d2 > nearEnemy2) continue;
    if (d2 <= near2) out[n++] = e;
    if (enemies && e.player !== w.player && canEngage(w, e)) foes[m++] = e;
  }
  // Standard objective markers are models on 50 mm bases; Broken Lines' moving marker is not an obstacle.
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) {
    const mk = ms[i];
    if (!mk.destroyed && mk.behaviour === 'standard') out[n++] = mk;
  }
  o.blockerCount = n;
  o.enemyCount = m;
  return o;
}

/** Whether w is within Command Range of the character c: base edges within range (R4). */
export function inCommandRange(c: Warrior, w: Warrior): boolean {
  if (c === w) return true;
  return gap(c, w) <= c.profile.commandRange + 1e-9;
}
