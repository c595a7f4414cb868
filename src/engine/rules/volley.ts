/** Take Aim and Volley (R22, R23, R15): shooting at range, in Line of Sight, Obscured or not. */
import { lineOfSight } from '../../board/index.js';
import type { LineOfSightOptions } from '../../board/index.js';
import { canAttackMarker } from '../../scenarios/index.js';
import { stat } from '../abilities.js';
import { attackMarker, attackWarrior, warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { illegal } from '../illegal.js';
import { gap, norm } from '../space.js';
import type { Activation, GameState, TargetRef, Warrior } from '../types.js';

type SightBase = { x: number; y: number; r: number; size: number };
const sightPool: SightBase[] = [];
const sightScratch: SightBase[] = [];

/**
 * Warriors other than the shooter and `except` whose bases could touch the
 * line from the shooter to (tx, ty): its line-of-sight obstacles (R22). Pooled
 * objects in a reused array (volley targets are checked for many decisions),
 * valid until the next call.
 */
function losWarriors(s: GameState, shooter: Warrior, tx: number, ty: number, except: Warrior): readonly SightBase[] {
  const out = sightScratch;
  out.length = 0;
  const pad = s.grid.maxR + 1e-6;
  const minX = (shooter.x < tx ? shooter.x : tx) - pad;
  const maxX = (shooter.x < tx ? tx : shooter.x) + pad;
  const minY = (shooter.y < ty ? shooter.y : ty) - pad;
  const maxY = (shooter.y < ty ? ty : shooter.y) + pad;
  const ws = s.warriors;
  let n = 0;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (w.status !== 'table' || w === shooter || w === except) continue;
    if (w.x < minX || w.x > maxX || w.y < minY || w.y > maxY) continue;
    let b = sightPool[n];
    if (b === undefined) {
      b = { x: 0, y: 0, r: 0, size: 0 };
      sightPool.push(b);
    }
    b.x = w.x;
    b.y = w.y;
    b.r = w.r;
    b.size = w.profile.size;
    out.push(b);
    n++;
  }
  return out;
}

/** R22, R23: whether `shooter` may Volley `target`, and whether the target is Obscured. */
export function volleyCheck(s: GameState, shooter: Warrior, target: TargetRef): { ok: boolean; obscured: boolean } {
  return sightCheck(s, shooter, target, false);
}

/** lineOfSight's options, reused (it keeps nothing): volley lines are checked hundreds of times a game. */
const SIGHT: LineOfSightOptions & { shooter: SightBase; target: SightBase } = {
  shooter: { x: 0, y: 0, r: 0, size: 0 },
  target: { x: 0, y: 0, r: 0, size: 0 },
  warriors: [],
  terrain: { pieces: [], bounds: [] },
  clearOnly: false,
};

/** Whether a line of sight from `shooter` at (x, y, r, size) is clear (lineOfSight with SIGHT). */
function sight(s: GameState, shooter: Warrior, x: number, y: number, r: number, size: number, except: Warrior, clearOnly: boolean) {
  const o = SIGHT;
  o.shooter.x = shooter.x;
  o.shooter.y = shooter.y;
  o.shooter.r = shooter.r;
  o.shooter.size = shooter.profile.size;
  o.target.x = x;
  o.target.y = y;
  o.target.r = r;
  o.target.size = size;
  o.warriors = losWarriors(s, shooter, x, y, except);
  o.terrain = s.match.preparedTerrain;
  o.clearOnly = clearOnly;
  return lineOfSight(o);
}

/** volleyCheck; with `clearOnly`, `obscured` is meaningful only when `ok` (a line that fails stops early). */
function sightCheck(s: GameState, shooter: Warrior, target: TargetRef, clearOnly: boolean): { ok: boolean; obscured: boolean } {
  const barrage = shooter.profile.barrage;
  if (!barrage) return { ok: false, obscured: false };
  if (target < 0) {
    const i = -1 - target;
    const m = s.scenarioState.markers[i];
    if (!m || !canAttackMarker(s.scenarioState, i, shooter.player, s.round)) return { ok: false, obscured: false };
    const d = norm(m.x - shooter.x, m.y - shooter.y) - m.r - shooter.r;
    if (d > Math.min(barrage.range, s.match.ruleset.marker.volleyRange) + 1e-9) return { ok: false, obscured: false };
    const los = sight(s, shooter, m.x, m.y, m.r, s.match.ruleset.marker.size, shooter, clearOnly);
    return { ok: !los.blocked && !los.intervened, obscured: los.obscured };
  }
  const t = s.warriors[target];
  if (!t || t.status !== 'table' || t.player === shooter.player) return { ok: false, obscured: false };
  // Duel: a duelling character may only be targeted by its opponent.
  if (t.duel >= 0 && t.duel !== shooter.id) return { ok: false, obscured: false };
  if (gap(shooter, t) > barrage.range + 1e-9) return { ok: false, obscured: false };
  const los = sight(s, shooter, t.x, t.y, t.r, t.profile.size, t, clearOnly);
  return { ok: !los.blocked && !los.intervened, obscured: los.obscured };
}

/**
 * Volley targets w can shoot now (enemy warriors and markers). With
 * `obscured`, also writes there whether each target's line is Obscured (by
 * index in the answer), so that a policy weighing them need not trace the
 * lines again.
 */
export function volleyTargets(s: GameState, w: Warrior, obscured?: boolean[]): TargetRef[] {
  const out: TargetRef[] = [];
  if (obscured) obscured.length = 0;
  const barrage = w.profile.barrage;
  if (!barrage) return out;
  for (const t of s.warriors) {
    if (t.status !== 'table' || t.player === w.player) continue;
    if (gap(w, t) > barrage.range + 1e-9) continue;
    const chk = sightCheck(s, w, t.id, true);
    if (chk.ok) {
      out.push(t.id);
      obscured?.push(chk.obscured);
    }
  }
  for (let i = 0; i < s.scenarioState.markers.length; i++) {
    const chk = sightCheck(s, w, -1 - i, true);
    if (chk.ok) {
      out.push(-1 - i);
      obscured?.push(chk.obscured);
    }
  }
  return out;
}

/** A Volley's checks before anything changes: the target is in range and sight. */
export function validateVolley(s: GameState, w: Warrior, target: TargetRef): void {
  if (!volleyCheck(s, w, target).ok) illegal(`${warriorLabel(w)} cannot volley ${target}`);
}

/** Take Aim: this activation's Volley is Aimed!. */
export function takeAim(ctx: Ctx, w: Warrior, a: Activation): void {
  a.aimed = true;
  ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'aimed' });
}

/** A Volley at `target`: the barrage's dice, its Volley as the hit cap, Aimed! and Obscured as they stand. */
export function volley(ctx: Ctx, w: Warrior, a: Activation, target: TargetRef): void {
  const s = ctx.s;
  const chk = volleyCheck(s, w, target);
  const spec = {
    action: 'volley' as const,
    dice: w.profile.barrage!.dice,
    hitCap: stat(s, w, 'volley'),
    outnumbered: false,
    inspired: false,
    aimed: a.aimed,
    obscured: chk.obscured,
  };
  if (target >= 0) attackWarrior(ctx, w, s.warriors[target], spec);
  else attackMarker(ctx, w, -1 - target, spec);
}
