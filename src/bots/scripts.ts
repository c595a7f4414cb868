/**
 * Scripts: small behaviours a warrior can follow (advance to an objective,
 * attack the best target by exact odds, hold a zone, fall back and shoot,
 * rally). Each answers with an action and its worth in the evaluation's
 * currency, or null when it does not apply; policies and search choose among
 * them. `note`, when given, receives a one-line reason.
 */
import { memoKey, memoOf, norm, volleyTargets } from '../engine/index.js';
import type { ActionChoice, GameState, PlayerIndex, TargetRef, Warrior } from '../engine/types.js';
import { attackOdds, attackValue, DEFAULT_WEIGHTS, legalChargeTargets, legalClashMarkers, legalClashTargets, type EvalWeights, type Objective } from './toolkit.js';

type State = Readonly<GameState>;
export type Note = ((reason: string) => void) | undefined;

/** An attack a script found: the target, its worth, and P(slain) for the reason line. */
export interface AttackPick {
  target: TargetRef;
  value: number;
  slain: number;
}

const label = (s: State, t: TargetRef): string => (t >= 0 ? `${s.warriors[t].profile.name}#${t}` : `marker ${s.scenarioState.markers[-1 - t].id}`);

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
    const value = attackValue(s, odds, e, weights);
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
 * as if the Clash follows; markers by `markerValue`; only targets `lands`
 * accepts (for example those whose straight line is open). Null when none.
 */
export function bestCharge(s: State, w: Warrior, markerValue: (i: number) => number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS, lands: (t: number) => boolean = () => true): AttackPick | null {
  let best: AttackPick | null = null;
  for (const t of legalChargeTargets(s, w)) {
    let value: number;
    let slain = 0;
    if (t >= 0) {
      const e = s.warriors[t];
      const odds = attackOdds(s, w, e, { action: 'clash', inspired: true });
      value = attackValue(s, odds, e, weights);
      slain = odds.slain;
    } else value = markerValue(-1 - t);
    if (value > 0 && (!best || value > best.value) && lands(t)) best = { target: t, value, slain };
  }
  return best;
}

/** Whether each of bestVolley's targets is Obscured (scratch, one call at a time). */
const OBSCURED: boolean[] = [];

/** The best Volley target by exact odds (Obscured and Aimed! counted); markers by `markerValue`. */
export function bestVolley(s: State, w: Warrior, aimed: boolean, markerValue: (i: number) => number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): AttackPick | null {
  let best: AttackPick | null = null;
  // The lines are traced once: the targets' list says which are Obscured.
  const obscured = OBSCURED;
  const targets = volleyTargets(s, w, obscured);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    let value: number;
    let slain = 0;
    if (t >= 0) {
      const e = s.warriors[t];
      const odds = attackOdds(s, w, e, { action: 'volley', aimed, obscured: obscured[k] });
      value = attackValue(s, odds, e, weights);
      slain = odds.slain;
    } else value = markerValue(-1 - t);
    if (value > 0 && (!best || value > best.value)) best = { target: t, value, slain };
  }
  return best;
}

/** Turns tried when the straight way is blocked, radians either side (a March only goes straight). */
const DETOURS = [0, 0.4, -0.4, 0.8, -0.8, 1.2, -1.2];
const DETOUR_COS = DETOURS.map(Math.cos);
const DETOUR_SIN = DETOURS.map(Math.sin);

/** The bases near a March's start (centre x, y and radius), gathered once for all the turns tried. */
const NEAR_X: number[] = [];
const NEAR_Y: number[] = [];
const NEAR_R: number[] = [];

/** Gathers into NEAR_* the bases on the table, other than w, that a move of `dist` could touch; returns how many. */
function basesNear(s: State, w: Warrior, dist: number): number {
  const ws = s.warriors;
  const reach = dist + w.r + s.grid.maxR;
  let n = 0;
  for (let i = 0; i < ws.length; i++) {
    const b = ws[i];
    if (b === w || b.status !== 'table') continue;
    const dx = b.x - w.x;
    const dy = b.y - w.y;
    if (dx > reach || dx < -reach || dy > reach || dy < -reach) continue;
    NEAR_X[n] = dx;
    NEAR_Y[n] = dy;
    NEAR_R[n] = b.r + w.r;
    n++;
  }
  return n;
}

/**
 * How far w gets along the unit direction (ux, uy) before touching one of
 * the n bases in NEAR_* (up to `dist`): a March stops there.
 */
function clearRun(n: number, ux: number, uy: number, dist: number): number {
  let run = dist;
  for (let i = 0; i < n; i++) {
    const cx = NEAR_X[i];
    const cy = NEAR_Y[i];
    const R = NEAR_R[i];
    const along = cx * ux + cy * uy;
    if (along <= 0 || along - R > run) continue;
    const perp = cx * uy - cy * ux;
    if (perp * perp >= R * R) continue;
    const hit = along - Math.sqrt(R * R - perp * perp);
    if (hit < run) run = hit < 0 ? 0 : hit;
  }
  return run;
}

/**
 * Advance: a March of up to `dist` inches towards (x, y). When a base stands
 * in the straight way, the turn (up to about 70°) that gains the most ground
 * towards the goal.
 */
export function advanceTo(s: State, w: Warrior, x: number, y: number, dist: number): ActionChoice {
  const dx = x - w.x;
  const dy = y - w.y;
  const d = norm(dx, dy);
  if (d < 1e-9) return { type: 'march', x: w.x, y: w.y };
  const want = Math.min(dist, d);
  const ux = dx / d;
  const uy = dy / d;
  const n = basesNear(s, w, want);
  let bestGain = -1;
  let bx = w.x;
  let by = w.y;
  for (let k = 0; k < DETOURS.length; k++) {
    const a = DETOURS[k];
    const c = DETOUR_COS[k];
    const sn = DETOUR_SIN[k];
    const vx = ux * c - uy * sn;
    const vy = ux * sn + uy * c;
    const run = clearRun(n, vx, vy, want);
    const gain = run * c;
    if (gain > bestGain + 1e-6) {
      bestGain = gain;
      bx = w.x + vx * run;
      by = w.y + vy * run;
    }
    // The straight way is clear (or nearly): take it.
    if (a === 0 && run >= want - 1e-6) return { type: 'march', x: w.x + ux * want, y: w.y + uy * want };
  }
  return { type: 'march', x: bx, y: by };
}

/**
 * nearestFoe's last answers for each warrior id (the foe's id, or -1 for
 * none, and the distance) about the state `s`, with what each depends on:
 * the warrior's centre and the grid's count of the enemy's changes (a policy
 * asks it many times a Command Card, mostly while the enemy stands still).
 * The Match's memo: a fork asking takes it over (`gen` moves on, every
 * answer stale), and copyState forgets it.
 */
const FOES = memoKey(() => ({ s: null as State | null, gen: 0, at: [] as number[], changes: [] as number[], x: [] as number[], y: [] as number[], id: [] as number[], d: [] as number[] }));

/** The nearest enemy on the table and its centre distance (null when none). */
export function nearestFoe(s: State, w: Warrior): { foe: Warrior; d: number } | null {
  const m = memoOf(s, FOES);
  if (m.s !== s) {
    m.s = s;
    m.gen++;
  }
  const id = w.id;
  const changes = s.grid.changes[w.player === 0 ? 1 : 0];
  if (m.at[id] === m.gen && m.changes[id] === changes && m.x[id] === w.x && m.y[id] === w.y) {
    const f = m.id[id];
    return f < 0 ? null : { foe: s.warriors[f], d: m.d[id] };
  }
  const f = nearestFoeId(s, w);
  const d = Math.sqrt(FOE_BEST);
  m.at[id] = m.gen;
  m.changes[id] = changes;
  m.x[id] = w.x;
  m.y[id] = w.y;
  m.id[id] = f;
  m.d[id] = d;
  return f < 0 ? null : { foe: s.warriors[f], d };
}

/** nearestFoeId's squared distance. */
let FOE_BEST = Infinity;

/** The id of w's nearest enemy on the table (the lowest id among equals), or -1; its squared centre distance in FOE_BEST. */
function nearestFoeId(s: State, w: Warrior): number {
  let foe = -1;
  let best = Infinity;
  const ws = s.warriors;
  for (let i = 0; i < ws.length; i++) {
    const e = ws[i];
    if (e.status !== 'table' || e.player === w.player) continue;
    const d = (e.x - w.x) ** 2 + (e.y - w.y) ** 2;
    if (d < best) {
      best = d;
      foe = e.id;
    }
  }
  FOE_BEST = best;
  return foe;
}

/**
 * Fall back: a March of `dist` directly away from `threat` (kept on the
 * table), for a shooter that should keep its range.
 */
export function fallBackFrom(s: State, w: Warrior, threat: Warrior, dist: number): ActionChoice {
  const dx = w.x - threat.x;
  const dy = w.y - threat.y;
  const d = norm(dx, dy) || 1;
  const x = Math.min(Math.max(w.x + (dx / d) * dist, w.r), s.match.table.width - w.r);
  const y = Math.min(Math.max(w.y + (dy / d) * dist, w.r), s.match.table.height - w.r);
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
