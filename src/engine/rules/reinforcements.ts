/** Reinforcements (R30): the `enter` action, a March from a table edge point open this round. */
import { entrySegments } from '../../scenarios/index.js';
import { stat } from '../abilities.js';
import { warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { placeOnTable } from '../grid.js';
import { finite, illegal } from '../illegal.js';
import { overlapsBase } from '../space.js';
import type { ActionChoice, Activation, GameState, PlayerIndex, Warrior } from '../types.js';
import { checkCharge } from './charge.js';
import { move } from './movement.js';

/** Inward normal of the table edge a point lies on, or null if it is not on an edge. */
export function edgeNormal(s: GameState, x: number, y: number): [number, number] | null {
  const e = 1e-6;
  if (Math.abs(y) < e && x >= 0 && x <= s.match.table.width) return [0, 1];
  if (Math.abs(y - s.match.table.height) < e && x >= 0 && x <= s.match.table.width) return [0, -1];
  if (Math.abs(x) < e && y >= 0 && y <= s.match.table.height) return [1, 0];
  if (Math.abs(x - s.match.table.width) < e && y >= 0 && y <= s.match.table.height) return [-1, 0];
  return null;
}

/** R30: whether a reinforcement may enter at this edge point this round. */
export function entryAllowed(s: GameState, player: PlayerIndex, x: number, y: number): boolean {
  const n = edgeNormal(s, x, y);
  if (!n) return false;
  const edge = n[1] === 1 ? 'bottom' : n[1] === -1 ? 'top' : n[0] === 1 ? 'left' : 'right';
  const along = edge === 'bottom' || edge === 'top' ? x : y;
  return entrySegments(s.match.scenario, player, s.round, s.match.ruleset).some((g) => g.edge === edge && along >= g.from - 1e-9 && along <= g.to + 1e-9);
}

/** R30: an entry's checks before anything changes: numbers, an edge point open now, a free place there. */
export function validateEnter(s: GameState, w: Warrior, act: Extract<ActionChoice, { type: 'enter' }>): void {
  if (!finite(act.edgeX, act.edgeY) || !finite(act.x, act.y)) illegal('enter: positions must be numbers');
  if (!entryAllowed(s, w.player, act.edgeX, act.edgeY)) illegal(`${warriorLabel(w)} cannot enter at (${act.edgeX}, ${act.edgeY}) in round ${s.round}`);
  const p = entryPosition(s, w, act.edgeX, act.edgeY);
  if (overlapsBase(s, w, p.x, p.y)) illegal(`${warriorLabel(w)}: the entry point (${act.edgeX}, ${act.edgeY}) is occupied`);
}

/**
 * R30: an entering March's allowance, measured from the edge (the base's own
 * depth is already used), with the abilities that reach w at its entry point
 * (R37: a Command Range is measured from there). Read before w is placed, so
 * that a path can be checked before anything changes: w's position is set
 * for the reading and put back (stat reads nothing else of the position).
 */
export function enterAllowance(s: GameState, w: Warrior, x: number, y: number): number {
  const ox = w.x;
  const oy = w.y;
  w.x = x;
  w.y = y;
  const m = stat(s, w, 'march');
  w.x = ox;
  w.y = oy;
  return Math.max(0, m - 2 * w.r);
}

/** R30: a reinforcement's base starts touching the table edge at the entry point. */
export function entryPosition(s: GameState, w: Warrior, ex: number, ey: number): { x: number; y: number } {
  const n = edgeNormal(s, ex, ey)!;
  return {
    x: Math.min(Math.max(ex + n[0] * w.r, w.r), s.match.table.width - w.r),
    y: Math.min(Math.max(ey + n[1] * w.r, w.r), s.match.table.height - w.r),
  };
}

/** R30: w is placed touching the edge at `entry`, then Marches on with `allowance` (enterAllowance). */
export function enter(ctx: Ctx, w: Warrior, a: Activation, act: Extract<ActionChoice, { type: 'enter' }>, entry: { x: number; y: number }, allowance: number): void {
  placeOnTable(ctx.s, w, entry.x, entry.y);
  a.marches++;
  move(ctx, w, 'enter', act.x, act.y, allowance, true, act.path);
  checkCharge(ctx, w, a, null);
}
