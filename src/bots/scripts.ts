/**
 * Scripts: small behaviours a warrior can follow (advance to an objective,
 * attack the best target by exact odds, hold a zone, fall back and shoot,
 * rally). Each answers with an action and its worth in the evaluation's
 * currency, or null when it does not apply; policies and search choose among
 * them. `note`, when given, receives a one-line reason.
 */
import { norm } from '../engine/index.js';
import type { ActionChoice, GameState, PlayerIndex, TargetRef, Warrior } from '../engine/types.js';
import { towards } from './candidates.js';
import {
  attackOdds,
  attackValue,
  DEFAULT_WEIGHTS,
  legalChargeTargets,
  legalClashMarkers,
  legalClashTargets,
  legalVolleyTargets,
  type EvalWeights,
  type Objective,
} from './toolkit.js';

type State = Readonly<GameState>;
export type Note = ((reason: string) => void) | undefined;

/** An attack a script found: the target, its worth, and P(slain) for the reason line. */
export interface AttackPick {
  target: TargetRef;
  value: number;
  slain: number;
}

const label = (s: State, t: TargetRef): string =>
  t >= 0 ? `${s.warriors[t].profile.name}#${t}` : `marker ${s.scenarioState.markers[-1 - t].id}`;

/** Rally: remove Broken! (out of combat), or Combat Rally (engaged); null when not Broken! or not allowed. */
export function rally(w: Warrior, legal: readonly string[], note?: Note): ActionChoice | null {
  if (!w.broken) return null;
  if (legal.includes('rally')) {
    note?.('rally: Broken! warriors fail every Resolve test');
    return { type: 'rally' };
  }
  if (legal.includes('combatRally')) {
    note?.('combat rally: Broken! in combat');
    return { type: 'combatRally' };
  }
  return null;
}

/**
 * The best Clash target by exact odds (all Attacks on one: focus fire), or a
 * marker worth `markerValue(i)`; null when there is none.
 */
export function bestClash(s: State, w: Warrior, inspired: boolean, markerValue: (i: number) => number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): AttackPick | null {
  let best: AttackPick | null = null;
  for (const e of legalClashTargets(s, w)) {
    const odds = attackOdds(s, w, e, { action: 'clash', inspired });
    const value = attackValue(odds, e, weights);
    if (!best || value > best.value) best = { target: e.id, value, slain: odds.slain };
  }
  if (best) return best;
  for (const i of legalClashMarkers(s, w)) {
    const value = markerValue(i);
    if (value > 0 && (!best || value > best.value)) best = { target: -1 - i, value, slain: 0 };
  }
  return best;
}

/** The Clash action for a pick: every Attack die at its target. */
export function clashAt(s: State, pick: AttackPick, attacks: number, note?: Note): ActionChoice {
  note?.(`clash ${label(s, pick.target)}, P(slain) ${pick.slain.toFixed(2)}`);
  return { type: 'clash', split: [{ target: pick.target, dice: attacks }] };
}

/**
 * The best Charge target: its Clash odds Inspired! (a Charge inspires, R18),
 * as if the Clash follows; markers by `markerValue`. Null when none.
 */
export function bestCharge(s: State, w: Warrior, markerValue: (i: number) => number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): AttackPick | null {
  let best: AttackPick | null = null;
  for (const t of legalChargeTargets(s, w)) {
    let value: number;
    let slain = 0;
    if (t >= 0) {
      const e = s.warriors[t];
      const odds = attackOdds(s, w, e, { action: 'clash', inspired: true });
      value = attackValue(odds, e, weights);
      slain = odds.slain;
    } else value = markerValue(-1 - t);
    if (value > 0 && (!best || value > best.value)) best = { target: t, value, slain };
  }
  return best;
}

/** The best Volley target by exact odds (Obscured and Aimed! counted); markers by `markerValue`. */
export function bestVolley(s: State, w: Warrior, aimed: boolean, markerValue: (i: number) => number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): AttackPick | null {
  let best: AttackPick | null = null;
  for (const t of legalVolleyTargets(s, w)) {
    let value: number;
    let slain = 0;
    if (t >= 0) {
      const e = s.warriors[t];
      const odds = attackOdds(s, w, e, { action: 'volley', aimed });
      value = attackValue(odds, e, weights);
      slain = odds.slain;
    } else value = markerValue(-1 - t);
    if (value > 0 && (!best || value > best.value)) best = { target: t, value, slain };
  }
  return best;
}

/** Advance: a March of `dist` inches towards (x, y). */
export function advanceTo(w: Warrior, x: number, y: number, dist: number): ActionChoice {
  const p = towards(w, x, y, dist);
  return { type: 'march', x: p.x, y: p.y };
}

/** The nearest enemy on the table and its centre distance (null when none). */
export function nearestFoe(s: State, w: Warrior): { foe: Warrior; d: number } | null {
  let foe: Warrior | null = null;
  let best = Infinity;
  for (const e of s.warriors) {
    if (e.status !== 'table' || e.player === w.player) continue;
    const d = (e.x - w.x) ** 2 + (e.y - w.y) ** 2;
    if (d < best) {
      best = d;
      foe = e;
    }
  }
  return foe ? { foe, d: Math.sqrt(best) } : null;
}

/**
 * Fall back: a March of `dist` directly away from `threat` (kept on the
 * table), for a shooter that should keep its range.
 */
export function fallBackFrom(s: State, w: Warrior, threat: Warrior, dist: number): ActionChoice {
  const dx = w.x - threat.x;
  const dy = w.y - threat.y;
  const d = norm(dx, dy) || 1;
  const x = Math.min(Math.max(w.x + (dx / d) * dist, w.r), s.table.width - w.r);
  const y = Math.min(Math.max(w.y + (dy / d) * dist, w.r), s.table.height - w.r);
  return { type: 'march', x, y };
}

/** Whether w stands in objective o (its base overlaps the circle, R24). */
export function standsIn(w: Warrior, o: Objective): boolean {
  return norm(w.x - o.x, w.y - o.y) < o.radius + w.r;
}

/**
 * Hold: whether w's weight is needed where it stands. True when o is one `me`
 * may seize (or must deny), w is inside, and without w its side would no
 * longer out-weigh the enemy there.
 */
export function mustHold(w: Warrior, o: Objective, me: PlayerIndex, own: number): boolean {
  if (!standsIn(w, o)) return false;
  const you = me === 0 ? 1 : 0;
  const mine = o.weight[me];
  const theirs = o.weight[you];
  // A place friendly to us we cannot seize: worth standing in only to deny an enemy there.
  return mine >= theirs && mine - own <= theirs && (o.friendlyTo !== me || theirs > 0);
}
