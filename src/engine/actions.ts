import { contactPoint, lineOfSight } from '../board/index.js';
import type { LineOfSightOptions, Path, StopReason } from '../board/index.js';
import { canAttackMarker, entrySegments } from '../scenarios/index.js';
import { coveredBy, stat } from './abilities.js';
import { attackMarker, attackWarrior, becomeBroken, endDuel, inflictHits, warriorLabel } from './combat.js';
import type { Ctx } from './combat.js';
import { placeOnTable, warriorsNear } from './grid.js';
import { givenRoute, leg, plannedPath, walkRoute, walkTowards, type Walk } from './walk.js';
import { canEngage, engagedEnemies, firstEngagedEnemy, gap, inEngagement, isEngaged, norm, overlapsBase, within } from './space.js';
import type { ActionChoice, ActionType, Activation, GameState, PlayerIndex, TargetRef, UniqueActionDef, Warrior } from './types.js';

/** Thrown for a choice the rules do not allow: the engine never silently changes it (DESIGN). */
export class IllegalChoiceError extends Error {
  override readonly name = 'IllegalChoiceError';
}

function illegal(msg: string): never {
  throw new IllegalChoiceError(msg);
}

/** Actions that count as the same action for "never the same one twice" (R17). */
function family(t: ActionType): ActionType {
  if (t === 'charge' || t === 'enter') return 'march';
  return t;
}

function used(a: Activation, t: ActionType): boolean {
  return (a.used & BIT[family(t)]) !== 0;
}

/** Records an action of t's family as taken this activation. */
function markUsed(a: Activation, t: ActionType): void {
  a.used |= BIT[family(t)];
}

export function uniqueDef(s: GameState, w: Warrior, name: string) {
  if (!w.profile.uniqueActions.includes(name)) return undefined;
  return s.match.uniqueActionDefs[w.player].find((d) => d.name === name);
}

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
function mayClashAnyMarker(s: GameState, w: Warrior): boolean {
  const n = s.scenarioState.markers.length;
  for (let i = 0; i < n; i++) if (mayClashMarker(s, w, i)) return true;
  return false;
}

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

/** The order legal actions are listed in: every list is a subsequence of it. */
const ACTION_ORDER: readonly ActionType[] = ['enter', 'reposition', 'inspire', 'march', 'charge', 'takeAim', 'volley', 'rally', 'clash', 'combatRally', 'unique', 'end'];
const BIT = Object.fromEntries(ACTION_ORDER.map((t, i) => [t, 1 << i])) as Record<ActionType, number>;
/** legalMask's flag for "w is Engaged", above the action bits. */
const ENGAGED = 1 << ACTION_ORDER.length;
/** One frozen list per set of actions, shared by every decision that offers it. */
const LISTS: (readonly ActionType[] | undefined)[] = [];

/** The list of the actions in a legalMask, in ACTION_ORDER. */
export function actionList(mask: number): readonly ActionType[] {
  const m = mask & (ENGAGED - 1);
  let list = LISTS[m];
  if (list === undefined) {
    list = Object.freeze(ACTION_ORDER.filter((t) => (m & BIT[t]) !== 0));
    LISTS[m] = list;
  }
  return list;
}

/** The actions w may take now (R17), always including 'end'. */
export function legalActions(s: GameState, w: Warrior, a: Activation): { legal: readonly ActionType[]; engaged: boolean } {
  const m = legalMask(s, w, a);
  return { legal: actionList(m), engaged: (m & ENGAGED) !== 0 };
}

/** Whether the only legal action left is 'end'. */
export function onlyEnd(mask: number): boolean {
  return (mask & (ENGAGED - 1)) === BIT.end;
}

/** Whether w is Engaged, from a legalMask. */
export function engagedIn(mask: number): boolean {
  return (mask & ENGAGED) !== 0;
}

/**
 * legalActions as bits (one per ActionType, and ENGAGED), so that the engine
 * asks every decision without building a list (actionList interns them).
 * `march` is w's marchAllowance now, when the caller has it already.
 */
export function legalMask(s: GameState, w: Warrior, a: Activation, march = marchAllowance(s, w, s.activation)): number {
  if (w.status === 'reserve') return (used(a, 'enter') ? 0 : BIT.enter) | BIT.end;
  const engaged = isEngaged(s, w);
  let m = BIT.end;
  if (engaged) {
    m |= ENGAGED;
    if (!used(a, 'reposition')) m |= BIT.reposition;
    if (!used(a, 'inspire')) m |= BIT.inspire;
    if (!used(a, 'clash')) m |= BIT.clash;
    if (w.broken && !used(a, 'combatRally')) m |= BIT.combatRally;
  } else {
    m |= BIT.march;
    if (!a.charged && canCharge(s, w, march)) m |= BIT.charge;
    if (w.profile.barrage) {
      if (!used(a, 'takeAim')) m |= BIT.takeAim;
      if (!used(a, 'volley')) m |= BIT.volley;
    }
    if (w.broken && !used(a, 'rally')) m |= BIT.rally;
    if (!used(a, 'clash') && mayClashAnyMarker(s, w)) m |= BIT.clash;
  }
  const uniques = w.profile.uniqueActions;
  for (let i = 0; i < uniques.length; i++) {
    if (uniqueAvailable(s, w, a, i, engaged)) {
      m |= BIT.unique;
      break;
    }
  }
  // 'volley' is listed whenever the rules allow the action; whether a target is in
  // range and sight is the policy's question (volleyTargets), checked when chosen.
  return m;
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
function canCharge(s: GameState, w: Warrior, march: number): boolean {
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

/** R17: March, halved (rounded up) after the first unless Press Forward covers the warrior (R21). */
export function marchAllowance(s: GameState, w: Warrior, a: Activation | null): number {
  const march = stat(s, w, 'march');
  if (a && a.marches > 0 && !coveredBy(s, w, 'Press Forward')) return Math.ceil(march * s.match.ruleset.repeatMarchFraction);
  return march;
}

/**
 * The path a March of w towards (x, y) would plan now (R41): the shortest
 * around terrain and the bases within its March allowance, to (x, y) or, when
 * w's base cannot stand there, to the nearest point found where it can; its
 * `cost` counts difficult terrain double (R31). The whole path: a March
 * follows it as far as its allowance goes. Straight when nothing is in the
 * way. Null when w is not on the table or no path exists. A read-only question
 * (the planner's answer for plugins and bots).
 */
export function shortestPath(s: Readonly<GameState>, w: Warrior, x: number, y: number): Path | null {
  const st = s as GameState;
  const a = st.activation && st.activation.warrior === w.id ? st.activation : null;
  return plannedPath(st, w, x, y, marchAllowance(st, w, a));
}

/** shortestPath's cost (R41: difficult terrain counted double), Infinity when there is none. */
export function pathDistance(s: Readonly<GameState>, w: Warrior, x: number, y: number): number {
  const p = shortestPath(s, w, x, y);
  return p ? p.cost : Infinity;
}

/**
 * Moves w towards (x, y) as far as the rules allow and reports it. A Charge
 * goes straight (R18); a March, an entering March and a Reposition follow
 * the policy's `path` when given, else the shortest path when the straight
 * line is blocked or crosses difficult terrain (R41; engine/walk.ts).
 * March-like moves may not leave an Engagement Range once entered
 * (`keepEngagement`).
 */
function move(ctx: Ctx, w: Warrior, action: ActionType, x: number, y: number, max: number, keepEngagement: boolean, path?: readonly { x: number; y: number }[]): void {
  const s = ctx.s;
  const fromX = w.x;
  const fromY = w.y;
  let to: { x: number; y: number; stoppedBy: string };
  let via: readonly [number, number][] = NO_VIA;
  if (action === 'charge') {
    to = leg(s, w, fromX, fromY, x, y, max, keepEngagement);
  } else if (path !== undefined) {
    // A March's or a Reposition's path was walked as it was checked, a moment ago: the same walk.
    const walk = action !== 'enter' && sameWalk(s, w, path, fromX, fromY, x, y, max, keepEngagement) ? CHECKED : walkRoute(s, w, givenRoute(fromX, fromY, path, x, y), max, keepEngagement, true);
    to = walk;
    via = walk.via;
  } else {
    const walk = walkTowards(s, w, fromX, fromY, x, y, max, keepEngagement);
    to = walk;
    via = walk.via;
  }
  const toX = to.x;
  const toY = to.y;
  const stoppedBy = to.stoppedBy;
  placeOnTable(s, w, toX, toY);
  if (ctx.emit) {
    // The walk's `via` is reused scratch: the event gets its own copy.
    if (via.length > 0) ctx.emit({ type: 'move', warrior: warriorLabel(w), action, from: [fromX, fromY], to: [toX, toY], via: via.slice(), stoppedBy });
    else ctx.emit({ type: 'move', warrior: warriorLabel(w), action, from: [fromX, fromY], to: [toX, toY], stoppedBy });
  }
}

const NO_VIA: readonly [number, number][] = [];

/**
 * validatePath's last legal walk, with what it walked: the state, the
 * warrior and where it stood, the path given (the very array), the point,
 * the allowance, and the grid's change counts. move() takes it when asked the
 * same walk with nothing moved since (a March or a Reposition is checked,
 * then walked, in one performAction).
 */
const CHECKED = {
  s: null as GameState | null,
  w: -1,
  ax: 0,
  ay: 0,
  path: null as readonly { x: number; y: number }[] | null,
  toX: 0,
  toY: 0,
  max: 0,
  keep: true,
  c0: 0,
  c1: 0,
  // The walk: where it ended, its turning points, why it stopped.
  x: 0,
  y: 0,
  via: [] as [number, number][],
  stoppedBy: 'destination' as StopReason,
};

function checkedWalk(s: GameState, w: Warrior, act: Extract<ActionChoice, { type: 'march' | 'reposition' | 'enter' }>, ax: number, ay: number, max: number, keep: boolean, walk: Walk): void {
  const c = CHECKED;
  c.s = s;
  c.w = w.id;
  c.ax = ax;
  c.ay = ay;
  c.path = act.path ?? null;
  c.toX = act.x;
  c.toY = act.y;
  c.max = max;
  c.keep = keep;
  c.c0 = s.grid.changes[0];
  c.c1 = s.grid.changes[1];
  // The walk's answer is reused scratch: copied.
  c.via.length = 0;
  for (const [vx, vy] of walk.via) c.via.push([vx, vy]);
  c.x = walk.x;
  c.y = walk.y;
  c.stoppedBy = walk.stoppedBy;
}

function sameWalk(s: GameState, w: Warrior, path: readonly { x: number; y: number }[], ax: number, ay: number, x: number, y: number, max: number, keep: boolean): boolean {
  const c = CHECKED;
  const same =
    c.s === s &&
    c.w === w.id &&
    c.path === path &&
    c.ax === ax &&
    c.ay === ay &&
    c.toX === x &&
    c.toY === y &&
    c.max === max &&
    c.keep === keep &&
    c.c0 === s.grid.changes[0] &&
    c.c1 === s.grid.changes[1];
  c.s = null;
  return same;
}

/** The longest path a policy may give, in points (a guard on input size, not a rule). */
export const MAX_PATH_POINTS = 256;

/**
 * R41: a path given with a March, an entering March or a Reposition must be
 * a list of points, and every leg of it up to where the allowance runs out
 * must be legal: no base, impassable terrain or table edge crossed, and for a
 * March no Engagement Range left once entered. Checked before anything moves.
 */
function validatePath(s: GameState, w: Warrior, act: Extract<ActionChoice, { type: 'march' | 'reposition' | 'enter' }>, ax: number, ay: number, max: number, keepEngagement: boolean): void {
  const path = act.path;
  if (path === undefined) return;
  if (!Array.isArray(path) || path.length > MAX_PATH_POINTS) illegal(`${act.type}: path must be a list of at most ${MAX_PATH_POINTS} points {x, y}`);
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (p === null || typeof p !== 'object' || !finite(p.x, p.y)) illegal(`${act.type}: path[${i}] must be a point {x, y} of numbers`);
  }
  const route = givenRoute(ax, ay, path, act.x, act.y).slice();
  const walk = walkRoute(s, w, route, max, keepEngagement, true);
  if (walk.faultLeg < 0) {
    checkedWalk(s, w, act, ax, ay, max, keepEngagement, walk);
    return;
  }
  const a = route[walk.faultLeg];
  const b = route[walk.faultLeg + 1];
  const leg = `leg ${walk.faultLeg + 1} (${a.x.toFixed(2)}, ${a.y.toFixed(2)}) -> (${b.x.toFixed(2)}, ${b.y.toFixed(2)})`;
  const why: Record<string, string> = {
    base: "crosses another warrior's or a marker's base",
    terrain: 'crosses impassable terrain',
    edge: 'leaves the table',
    engagement: "leaves an enemy's Engagement Range it has entered",
  };
  illegal(`${warriorLabel(w)}: ${act.type} path ${leg} ${why[walk.stoppedBy] ?? `stops (${walk.stoppedBy})`} at (${walk.x.toFixed(2)}, ${walk.y.toFixed(2)}) (R41)`);
}

/**
 * After a March: ending Engaged (or within 1" of an attackable marker) in a
 * straight line is a Charge, once per activation: Inspired! and Impact hits (R18, R16, R26).
 */
function checkCharge(ctx: Ctx, w: Warrior, a: Activation, preferred: TargetRef | null): void {
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

/** Whether both are finite numbers (Number.isFinite is false for anything else). */
function finite(a: unknown, b: unknown): boolean {
  return Number.isFinite(a) && Number.isFinite(b);
}

/** Every check of an action's parameters, before anything changes (an illegal choice changes nothing). */
function validateAction(s: GameState, w: Warrior, act: ActionChoice): void {
  switch (act.type) {
    case 'march':
    case 'reposition':
      if (!finite(act.x, act.y)) illegal(`${act.type}: destination must be numbers`);
      return;
    case 'charge':
      if (!chargeTargets(s, w).includes(act.target)) illegal(`${warriorLabel(w)} cannot charge ${act.target}`);
      return;
    case 'enter': {
      if (!finite(act.edgeX, act.edgeY) || !finite(act.x, act.y)) illegal('enter: positions must be numbers');
      if (!entryAllowed(s, w.player, act.edgeX, act.edgeY)) illegal(`${warriorLabel(w)} cannot enter at (${act.edgeX}, ${act.edgeY}) in round ${s.round}`);
      const p = entryPosition(s, w, act.edgeX, act.edgeY);
      if (overlapsBase(s, w, p.x, p.y)) illegal(`${warriorLabel(w)}: the entry point (${act.edgeX}, ${act.edgeY}) is occupied`);
      return;
    }
    case 'volley':
      if (!volleyCheck(s, w, act.target).ok) illegal(`${warriorLabel(w)} cannot volley ${act.target}`);
      return;
    case 'clash': {
      const attacks = stat(s, w, 'attacks');
      let total = 0;
      const seen = new Set<number>();
      for (const part of act.split) {
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
      if (act.split.length === 0 || total !== attacks) illegal(`clash dice must add up to Attacks ${attacks} (got ${total})`);
      return;
    }
    case 'unique': {
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
      return;
    }
    default:
      return;
  }
}

/**
 * R30: an entering March's allowance, measured from the edge (the base's own
 * depth is already used), with the abilities that reach w at its entry point
 * (R37: a Command Range is measured from there). Read before w is placed, so
 * that a path can be checked before anything changes: w's position is set
 * for the reading and put back (stat reads nothing else of the position).
 */
function enterAllowance(s: GameState, w: Warrior, x: number, y: number): number {
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
function entryPosition(s: GameState, w: Warrior, ex: number, ey: number): { x: number; y: number } {
  const n = edgeNormal(s, ex, ey)!;
  return {
    x: Math.min(Math.max(ex + n[0] * w.r, w.r), s.match.table.width - w.r),
    y: Math.min(Math.max(ey + n[1] * w.r, w.r), s.match.table.height - w.r),
  };
}

/**
 * Performs one action of the active warrior (R17, R18, R26, R30); `legal` and
 * `march` are the decision's list (legalActions) and March allowance.
 */
export function performAction(ctx: Ctx, w: Warrior, a: Activation, act: ActionChoice, legal: readonly ActionType[], march: number): void {
  const s = ctx.s;
  if (!legal.includes(act.type)) illegal(`${warriorLabel(w)} cannot ${act.type} now (legal: ${legal.join(', ')})`);
  validateAction(s, w, act);
  const entry = act.type === 'enter' ? entryPosition(s, w, act.edgeX, act.edgeY) : null;
  // R30: entering is a March measured from the edge; the base's own depth is already used.
  const enterMarch = entry ? enterAllowance(s, w, entry.x, entry.y) : 0;
  const reposition = act.type === 'reposition' ? Math.ceil(stat(s, w, 'march') * s.match.ruleset.repositionFraction) : 0;
  if (act.type === 'march') validatePath(s, w, act, w.x, w.y, march, true);
  else if (act.type === 'reposition') validatePath(s, w, act, w.x, w.y, reposition, false);
  else if (act.type === 'enter') validatePath(s, w, act, entry!.x, entry!.y, enterMarch, true);
  if (act.type === 'end') {
    a.ended = true;
    return;
  }
  s.actions++;
  a.actionsLeft--;
  markUsed(a, act.type);
  switch (act.type) {
    case 'march':
    case 'charge': {
      a.marches++;
      if (act.type === 'march') {
        move(ctx, w, 'march', act.x, act.y, march, true, act.path);
        checkCharge(ctx, w, a, null);
      } else {
        const e = act.target >= 0 ? s.warriors[act.target] : s.scenarioState.markers[-1 - act.target];
        const dest = contactPoint(w, e);
        move(ctx, w, 'charge', dest.x, dest.y, march, true);
        checkCharge(ctx, w, a, act.target);
      }
      return;
    }
    case 'enter': {
      placeOnTable(s, w, entry!.x, entry!.y);
      a.marches++;
      move(ctx, w, 'enter', act.x, act.y, enterMarch, true, act.path);
      checkCharge(ctx, w, a, null);
      return;
    }
    case 'reposition': {
      const before = engagedEnemies(s, w);
      move(ctx, w, 'reposition', act.x, act.y, reposition, false, act.path);
      if (w.duel >= 0 && !inEngagement(s, w, s.warriors[w.duel])) endDuel(s, w);
      // R36: leaving any enemy's Engagement Range by Reposition: Broken!, even while still engaged with another.
      if (before.some((e) => !within(w, e, s.match.ruleset.engagementRange))) becomeBroken(ctx, w, null);
      return;
    }
    case 'inspire':
      a.inspired = true;
      ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'inspired' });
      return;
    case 'takeAim':
      a.aimed = true;
      ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'aimed' });
      return;
    case 'rally':
      w.broken = false;
      ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
      return;
    case 'combatRally':
      combatRally(ctx, w, a);
      return;
    case 'clash':
      clash(ctx, w, a, act.split);
      return;
    case 'volley': {
      const chk = volleyCheck(s, w, act.target);
      const spec = {
        action: 'volley' as const,
        dice: w.profile.barrage!.dice,
        hitCap: stat(s, w, 'volley'),
        outnumbered: false,
        inspired: false,
        aimed: a.aimed,
        obscured: chk.obscured,
      };
      if (act.target >= 0) attackWarrior(ctx, w, s.warriors[act.target], spec);
      else attackMarker(ctx, w, -1 - act.target, spec);
      return;
    }
    case 'unique':
      uniqueAction(ctx, w, a, act.name, act.target);
      return;
  }
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

function clash(ctx: Ctx, w: Warrior, a: Activation, split: { target: TargetRef; dice: number }[]): void {
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

/** Combat Rally: rally, then a Resolve test; a failure ends the activation. Rallying Cry re-rolls a failure (R21). */
function combatRally(ctx: Ctx, w: Warrior, a: Activation): void {
  const s = ctx.s;
  w.broken = false;
  ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
  const needed = stat(s, w, 'resolve'); // R37
  let roll = ctx.dice.d6();
  let passed = roll <= needed;
  ctx.emit?.({ type: 'resolveTest', warrior: warriorLabel(w), roll, needed, outcome: passed ? 'passed' : 'failed' });
  if (!passed && coveredBy(s, w, 'Rallying Cry')) {
    roll = ctx.dice.d6();
    passed = roll <= needed;
    ctx.emit?.({ type: 'resolveTest', warrior: warriorLabel(w), roll, needed, outcome: passed ? 'passed' : 'failed' });
  }
  if (!passed) a.ended = true;
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

function uniqueAction(ctx: Ctx, w: Warrior, a: Activation, name: string, target: number | undefined): void {
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
