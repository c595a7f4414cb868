/**
 * Clash (R17, R26, R13, R35): attack dice split among engaged enemies and
 * markers within 1", each target Outnumbered or not; the attack itself is
 * combat's (engine/combat.ts).
 */
import { canAttackMarker } from '../../scenarios/index.js';
import { stat } from '../abilities.js';
import { attackMarker, attackWarrior, warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { warriorsNear } from '../grid.js';
import { illegal } from '../illegal.js';
import { inEngagement, norm } from '../space.js';
import type { Activation, GameState, TargetRef, Warrior } from '../types.js';

/** Markers w may attack now with a Clash: within 1" (R26), not friendly, not in Round 1. */
export function clashableMarkers(s: GameState, w: Warrior): number[] {
  const out: number[] = [];
  const ms = s.scenarioState.markers;
  for (let i = 0; i < ms.length; i++) if (mayClashMarker(s, w, i)) out.push(i);
  return out;
}

function mayClashMarker(s: GameState, w: Warrior, i: number): boolean {
  const m = s.scenarioState.markers[i];
  return canAttackMarker(s.scenarioState, i, w.player, s.round) && norm(m.x - w.x, m.y - w.y) - m.r - w.r <= s.match.ruleset.marker.clashRange + 1e-9;
}

/** Whether w may Clash any marker now (clashableMarkers without the list, for every decision). */
export function mayClashAnyMarker(s: GameState, w: Warrior): boolean {
  const n = s.scenarioState.markers.length;
  for (let i = 0; i < n; i++) if (mayClashMarker(s, w, i)) return true;
  return false;
}

/** A Clash's checks before anything changes: every target engaged or clashable, the dice adding up to Attacks. */
export function validateClash(s: GameState, w: Warrior, split: { target: TargetRef; dice: number }[]): void {
  const attacks = stat(s, w, 'attacks');
  let total = 0;
  const seen = new Set<number>();
  for (const part of split) {
    if (!Number.isInteger(part.dice) || part.dice < 1) illegal('each clash target needs at least 1 attack die');
    if (seen.has(part.target)) illegal('a clash target is named twice');
    seen.add(part.target);
    total += part.dice;
    if (part.target >= 0) {
      const t = s.warriors[part.target];
      if (!t || !inEngagement(s, w, t)) illegal(`${warriorLabel(w)} is not engaged with ${part.target}`);
    } else if (!clashableMarkers(s, w).includes(-1 - part.target)) {
      illegal(`${warriorLabel(w)} cannot clash marker ${part.target}`);
    }
  }
  if (split.length === 0 || total !== attacks) illegal(`clash dice must add up to Attacks ${attacks} (got ${total})`);
}

/**
 * R13, R35: the target is Outnumbered by other friendly warriors engaging it
 * that are not Broken! and not engaged with any other enemy that is not Broken!
 * (Broken! warriors are ignored both ways).
 */
export function isOutnumbered(s: GameState, attacker: Warrior, target: Warrior): boolean {
  if (target.duel >= 0) return false; // Duel: no Outnumber assists.
  const need = s.match.ruleset.outnumberedBy[target.profile.role];
  const g = s.grid;
  const ws = s.warriors;
  const reach = g.maxR + s.match.ruleset.engagementRange + 1e-6;
  // The attacker's side near the target, from the grid (whether enough assist does not depend on their order);
  // copied, as each one's own question asks the grid again.
  const n = warriorsNear(g, attacker.player, target.x, target.y, target.r + reach);
  const friends = ASSISTS;
  for (let i = 0; i < n; i++) friends[i] = g.near[i];
  let assists = 0;
  for (let i = 0; i < n; i++) {
    const f = ws[friends[i]];
    if (f === attacker || f.player !== attacker.player || f.status !== 'table' || f.broken || f.duel >= 0) continue;
    if (!inEngagement(s, f, target)) continue;
    let other = false;
    const m = warriorsNear(g, target.player, f.x, f.y, f.r + reach);
    for (let j = 0; j < m; j++) {
      const e = ws[g.near[j]];
      if (e !== target && e.player === target.player && e.status === 'table' && !e.broken && inEngagement(s, f, e)) {
        other = true;
        break;
      }
    }
    if (!other && ++assists >= need) return true;
  }
  return false;
}

/** isOutnumbered's list of the attacker's side near the target. */
const ASSISTS: number[] = [];

export function clash(ctx: Ctx, w: Warrior, a: Activation, split: { target: TargetRef; dice: number }[]): void {
  const s = ctx.s;
  const hitCap = stat(s, w, 'clash');
  for (const part of split) {
    if (part.target >= 0) {
      const t = s.warriors[part.target];
      if (t.status !== 'table') continue; // slain by an earlier part of this Clash
      attackWarrior(ctx, w, t, {
        action: 'clash',
        dice: part.dice,
        hitCap,
        outnumbered: isOutnumbered(s, w, t),
        inspired: a.inspired,
        aimed: false,
        obscured: false,
      });
    } else {
      attackMarker(ctx, w, -1 - part.target, {
        action: 'clash',
        dice: part.dice,
        hitCap,
        outnumbered: false,
        inspired: a.inspired,
        aimed: false,
        obscured: false,
      });
    }
  }
}
