/** Charge (R18): a March straight at a target, and any March that ends Engaged (Inspired!, Impact hits). */
import { contactPoint } from '../../board/index.js';
import { canAttackMarker } from '../../scenarios/index.js';
import { attackMarker, inflictHits, warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { warriorsNear } from '../grid.js';
import { illegal } from '../illegal.js';
import { canEngage, firstEngagedEnemy, inEngagement, norm, within } from '../space.js';
import type { Activation, GameState, TargetRef, Warrior } from '../types.js';
import { clashableMarkers } from './clash.js';
import { marchAllowance, move } from './movement.js';

/** Enemies and markers a March in a straight line could end engaged with (R18): all in reach of its move. */
export function chargeTargets(s: GameState, w: Warrior): TargetRef[] {
  const out: TargetRef[] = [];
  const reach = chargeReach(s, marchAllowance(s, w, s.activation));
  for (const e of s.warriors) {
    if (e.status === 'table' && e.player !== w.player && canEngage(w, e) && within(w, e, reach)) out.push(e.id);
  }
  chargeableMarkers(s, w, reach, out);
  return out;
}

/** Whether w has any Charge target: chargeTargets without the list, for legalActions at every decision. */
export function canCharge(s: GameState, w: Warrior, march: number): boolean {
  const reach = chargeReach(s, march);
  const ws = s.warriors;
  const g = s.grid;
  const n = warriorsNear(g, w.player === 0 ? 1 : 0, w.x, w.y, w.r + g.maxR + reach + 1e-6);
  for (let i = 0; i < n; i++) {
    const id = g.near[i];
    // within(w, e, reach), from the grid's positions
    const dx = w.x - g.x[id];
    const dy = w.y - g.y[id];
    const lim = w.r + g.r[id] + reach + 1e-9;
    if (dx * dx + dy * dy <= lim * lim && canEngage(w, ws[id])) return true;
  }
  return chargeableMarkers(s, w, reach, null);
}

/** How far a Charge can reach: the March allowance and the Engagement Range (R18). */
function chargeReach(s: GameState, march: number): number {
  return march + s.match.ruleset.engagementRange;
}

/** Appends the markers w can Charge to `out`, or with no `out` says whether there is one. */
function chargeableMarkers(s: GameState, w: Warrior, reach: number, out: TargetRef[] | null): boolean {
  const ms = s.scenarioState.markers;
  let found = false;
  for (let i = 0; i < ms.length; i++) {
    if (!canAttackMarker(s.scenarioState, i, w.player, s.round)) continue;
    const m = ms[i];
    if (norm(m.x - w.x, m.y - w.y) - m.r - w.r <= reach) {
      if (out === null) return true;
      out.push(-1 - i);
      found = true;
    }
  }
  return found;
}

/** R18: a Charge's checks before anything changes: the target is one of chargeTargets. */
export function validateCharge(s: GameState, w: Warrior, target: TargetRef): void {
  if (!chargeTargets(s, w).includes(target)) illegal(`${warriorLabel(w)} cannot charge ${target}`);
}

/** R18: a Charge moves straight into contact with its target, as far as `allowance` (marchAllowance now) goes. */
export function charge(ctx: Ctx, w: Warrior, a: Activation, target: TargetRef, allowance: number): void {
  const s = ctx.s;
  a.marches++;
  const e = target >= 0 ? s.warriors[target] : s.scenarioState.markers[-1 - target];
  const dest = contactPoint(w, e);
  move(ctx, w, 'charge', dest.x, dest.y, allowance, true);
  checkCharge(ctx, w, a, target);
}

/**
 * After a March: ending Engaged (or within 1" of an attackable marker) in a
 * straight line is a Charge, once per activation: Inspired! and Impact hits (R18, R16, R26).
 */
export function checkCharge(ctx: Ctx, w: Warrior, a: Activation, preferred: TargetRef | null): void {
  if (a.charged) return;
  const s = ctx.s;
  let target: TargetRef | null = null;
  if (preferred !== null) {
    if (preferred >= 0 && inEngagement(s, w, s.warriors[preferred])) target = preferred;
    if (preferred < 0 && clashableMarkers(s, w).includes(-1 - preferred)) target = preferred;
  }
  if (target === null) target = firstEngagedEnemy(s, w)?.id ?? null;
  if (target === null) return;
  a.charged = true;
  a.inspired = true;
  let impact = 0;
  for (const sr of w.profile.specialRules) if (sr.kind === 'impact') impact += sr.hits;
  ctx.emit?.({
    type: 'charge',
    warrior: warriorLabel(w),
    target: target >= 0 ? warriorLabel(s.warriors[target]) : `marker ${s.scenarioState.markers[-1 - target].id}`,
    impact,
  });
  if (impact > 0) {
    if (target >= 0) inflictHits(ctx, w, s.warriors[target], impact, 'impact');
    else attackMarker(ctx, w, -1 - target, { action: 'impact', hits: impact });
  }
}
