/**
 * How a warrior would move, as the engine would move it: the walk's length
 * to a point, where a March would end, whether a Charge's straight line
 * reaches its target (R18). The bots decide where to go; the board and the
 * engine's own move rules say how far they get.
 */
import { contactPoint, moveAlong } from '../board/index.js';
import type { MoveOptions, MoveResult } from '../board/types.js';
import { marchAllowance, norm } from '../engine/index.js';
import { moveObstacles } from '../engine/space.js';
import type { GameState, TargetRef, Warrior } from '../engine/types.js';

type State = Readonly<GameState>;
const st = (s: State): GameState => s as GameState;

/** Centre-to-centre length of the walk from w to (x, y) (a straight line until the planner, R41, is merged). */
export function travel(_s: State, w: Warrior, x: number, y: number): number {
  return norm(x - w.x, y - w.y);
}

const OUT: MoveResult = { x: 0, y: 0, travelled: 0, cost: 0, stoppedBy: 'destination' };
const MOVE: MoveOptions = {
  mover: { x: 0, y: 0, r: 0 },
  to: { x: 0, y: 0 },
  maxDistance: 0,
  blockers: [],
  impassable: [],
  difficult: [],
  table: { width: 0, height: 0 },
  out: OUT,
};

/**
 * Where a move of w towards (x, y) with allowance `max` would end, by the
 * engine's own rules (bases, terrain, the table, Engagement kept when
 * `keepEngagement`): the answer is reused, read it before the next call.
 */
export function moveEnd(s: State, w: Warrior, x: number, y: number, max: number, keepEngagement = true): Readonly<MoveResult> {
  const reach = Math.min(max, norm(x - w.x, y - w.y));
  const o = MOVE;
  o.mover.x = w.x;
  o.mover.y = w.y;
  o.mover.r = w.r;
  o.to.x = x;
  o.to.y = y;
  o.maxDistance = max;
  const near = moveObstacles(st(s), w, x, y, reach, keepEngagement);
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

/** How far a March towards (x, y) would take w now (its allowance now), in inches walked. */
export function marchGain(s: State, w: Warrior, x: number, y: number, max = marchAllowance(st(s), w, s.activation)): number {
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
  const end = moveEnd(s, w, dest.x, dest.y, marchAllowance(st(s), w, s.activation));
  // Engaged (R5), or a marker within its Clash range (R26): edge to edge from where the move ends.
  const range = target >= 0 ? s.ruleset.engagementRange : s.ruleset.marker.clashRange;
  const reach = w.r + e.r + range + 1e-9;
  return (end.x - e.x) ** 2 + (end.y - e.y) ** 2 <= reach * reach;
}
