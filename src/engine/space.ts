import type { Circle } from '../board/types.js';
import type { GameState, Warrior } from './types.js';

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

/** R5: within Engagement Range of each other, respecting Duel isolation. */
export function inEngagement(s: GameState, a: Warrior, b: Warrior): boolean {
  return (
    b.status === 'table' &&
    a.status === 'table' &&
    a.player !== b.player &&
    canEngage(a, b) &&
    gap(a, b) <= s.ruleset.engagementRange + 1e-9
  );
}

/** Whether a warrior is Engaged with any enemy (R5, R17). */
export function isEngaged(s: GameState, w: Warrior): boolean {
  if (w.status !== 'table') return false;
  const ws = s.warriors;
  for (let i = 0; i < ws.length; i++) {
    const e = ws[i];
    if (e.player !== w.player && e.status === 'table' && inEngagement(s, w, e)) return true;
  }
  return false;
}

/** Enemy warriors within Engagement Range of w. */
export function engagedEnemies(s: GameState, w: Warrior): Warrior[] {
  const out: Warrior[] = [];
  const ws = s.warriors;
  for (let i = 0; i < ws.length; i++) {
    const e = ws[i];
    if (e.player !== w.player && e.status === 'table' && inEngagement(s, w, e)) out.push(e);
  }
  return out;
}

/** Every base on the table except `except` (warriors and standing objective markers), for movement. */
export function blockersFor(s: GameState, except: Warrior): Circle[] {
  const out: Circle[] = [];
  for (const w of s.warriors) {
    if (w.status === 'table' && w !== except) out.push({ x: w.x, y: w.y, r: w.r });
  }
  // Standard objective markers are models on 50 mm bases; Broken Lines' moving marker is not an obstacle.
  for (const m of s.scenarioState.markers) {
    if (!m.destroyed && m.behaviour === 'standard') out.push({ x: m.x, y: m.y, r: m.r });
  }
  return out;
}

/** Enemy bases w could become engaged with while moving (R5, Duel isolation). */
export function engageableEnemies(s: GameState, w: Warrior): Circle[] {
  const out: Circle[] = [];
  for (const e of s.warriors) {
    if (e.player !== w.player && e.status === 'table' && canEngage(w, e)) out.push({ x: e.x, y: e.y, r: e.r });
  }
  return out;
}

/** Distance between base centres. */
export function centreDistance(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx;
  const dy = ay - by;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Whether w is within Command Range of the character c: base edges within range (R4). */
export function inCommandRange(c: Warrior, w: Warrior): boolean {
  if (c === w) return true;
  return gap(c, w) <= c.profile.commandRange + 1e-9;
}
