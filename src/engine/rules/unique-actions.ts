/** Unique Actions (R40): data-defined actions that inflict hits or heal, each once an activation. */
import { lineOfSight } from '../../board/index.js';
import { inflictHits, warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { illegal } from '../illegal.js';
import { canEngage, gap, isEngaged } from '../space.js';
import type { ActionChoice, Activation, GameState, UniqueActionDef, Warrior } from '../types.js';
import { markUsed, used } from './used.js';

export function uniqueDef(s: GameState, w: Warrior, name: string) {
  if (!w.profile.uniqueActions.includes(name)) return undefined;
  return s.match.uniqueActionDefs[w.player].find((d) => d.name === name);
}

/**
 * Whether w may take its i-th Unique Action now (a policy asks this to choose
 * among several): its type fits w being Engaged or not, it was not taken this
 * activation (R40: different Unique Actions are different actions), and a
 * Unique version of a basic action does not follow that action (R40).
 */
export function uniqueAvailable(s: GameState, w: Warrior, a: Activation, i: number, engaged = isEngaged(s, w)): boolean {
  const d = uniqueDef(s, w, w.profile.uniqueActions[i]);
  if (!d || (a.uniques & (1 << i)) !== 0) return false;
  if (d.replaces !== null && used(a, d.replaces)) return false;
  return d.type === 'any' || (d.type === 'combat') === engaged;
}

/** A Unique Action's checks before anything changes: w has it, may take it now, and its target fits. */
export function validateUnique(s: GameState, w: Warrior, act: Extract<ActionChoice, { type: 'unique' }>): void {
  const d = uniqueDef(s, w, act.name);
  if (!d) illegal(`${warriorLabel(w)} has no unique action ${act.name}`);
  const a = s.activation;
  if (a && !uniqueAvailable(s, w, a, w.profile.uniqueActions.indexOf(act.name))) {
    illegal(`${act.name} cannot be used now (engaged: ${isEngaged(s, w)}; once an activation, never with the basic ${d.replaces ?? 'action'} it replaces)`);
  }
  if (d.effect.kind === 'inflictHits' && act.target !== undefined) {
    const t = s.warriors[act.target];
    if (!t || t.status !== 'table' || !uniqueTarget(s, w, t, d.effect)) illegal(`${act.name}: ${act.target} is not a valid target`);
  }
  if (d.effect.kind === 'heal') {
    const t = act.target === undefined ? w : s.warriors[act.target];
    if (!t || t.status !== 'table' || t.player !== w.player || (t !== w && gap(w, t) > d.effect.range + 1e-9)) illegal(`${act.name}: invalid heal target`);
  }
}

/**
 * Whether the enemy t is a target of w's hit-inflicting Unique Action: within
 * its range and, unless its data says otherwise, in Line of Sight (R40). Such
 * actions ignore Outnumbered, Intervening and Obscuring (rules text), so only
 * terrain can block the sight.
 */
export function uniqueTarget(s: GameState, w: Warrior, t: Warrior, eff: Extract<UniqueActionDef['effect'], { kind: 'inflictHits' }>): boolean {
  const range = eff.range > 0 ? eff.range : s.match.ruleset.engagementRange;
  if (t.player === w.player || !canEngage(w, t) || gap(w, t) > range + 1e-9) return false;
  if (eff.lineOfSight === false) return true;
  return !lineOfSight({
    shooter: { x: w.x, y: w.y, r: w.r, size: w.profile.size },
    target: { x: t.x, y: t.y, r: t.r, size: t.profile.size },
    warriors: [],
    terrain: s.match.preparedTerrain,
  }).blocked;
}

export function uniqueAction(ctx: Ctx, w: Warrior, a: Activation, name: string, target: number | undefined): void {
  const s = ctx.s;
  const d = uniqueDef(s, w, name)!;
  if (d.replaces !== null) markUsed(a, d.replaces);
  a.uniques |= 1 << w.profile.uniqueActions.indexOf(name);
  // R40: a Unique Action uses only the rules written in it: fixed hits or healing, never the warrior's own
  // special rules, Inspired!/Aimed! or Command Abilities (only the target's blocks are its own).
  const eff = d.effect;
  if (eff.kind === 'inflictHits') {
    const inRange = s.warriors.filter((e) => e.status === 'table' && uniqueTarget(s, w, e, eff)).sort((p, q) => gap(w, p) - gap(w, q) || p.id - q.id);
    let targets = inRange;
    if (target !== undefined) {
      const t = s.warriors[target];
      targets = [t, ...inRange.filter((e) => e !== t)];
    }
    for (const t of targets.slice(0, eff.maxTargets)) {
      if (t.status === 'table') inflictHits(ctx, w, t, eff.hits, 'unique');
    }
  } else {
    const t = target === undefined ? w : s.warriors[target];
    const healed = Math.min(eff.wounds, t.markers);
    t.markers -= healed;
    ctx.emit?.({ type: 'healed', warrior: warriorLabel(t), wounds: healed });
  }
}
