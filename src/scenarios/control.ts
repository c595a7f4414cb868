import type { Ruleset } from '../rules/ruleset.js';
import { seizingWeight } from '../rules/seizing.js';
import { circlesOverlap } from './geometry.js';
import type { ControlRule, ControlWarrior, Friendly, MarkerState, PlayerIndex } from './types.js';

/** The circle warriors must overlap, plus who it is friendly to. */
export interface ZoneCircle {
  x: number;
  y: number;
  diameter: number;
  friendlyTo: Friendly;
}

export interface SeizeZoneOptions {
  zone: ZoneCircle;
  warriors: readonly ControlWarrior[];
  markers: readonly MarkerState[];
  control: ControlRule;
  round: number;
  ruleset: Ruleset;
}

/** Far above the circle test's rounding error: a warrior this far clear on one axis is certainly outside. */
const SLACK = 1e-6;

/** R24: a warrior is within a zone when its base overlaps the zone's circle. */
export function warriorInZone(w: { x: number; y: number; r: number }, zone: { x: number; y: number; diameter: number }): boolean {
  // Most warriors are nowhere near a given zone: settle those without the circle test.
  const reach = w.r + zone.diameter / 2 + SLACK;
  if (w.x - zone.x > reach || zone.x - w.x > reach || w.y - zone.y > reach || zone.y - w.y > reach) return false;
  return circlesOverlap(w.x, w.y, w.r, zone.x, zone.y, zone.diameter / 2);
}

/** A marker (not destroyed) whose base overlaps the zone's circle. */
export function markerInZone(m: MarkerState, zone: { x: number; y: number; diameter: number }): boolean {
  return !m.destroyed && circlesOverlap(m.x, m.y, m.r, zone.x, zone.y, zone.diameter / 2);
}

/**
 * Which players the scenario lets seize this zone at all: not the player it is
 * friendly to (R25), not the enemy of a friendly marker inside it (R25
 * Contested; R32 "a friendly objective marker in the zone always blocks the
 * opponent"), and nobody before the first seizing round (R24).
 */
export function maySeize(zone: ZoneCircle, markers: readonly MarkerState[], round: number, ruleset: Ruleset): [boolean, boolean] {
  if (round < ruleset.firstSeizingRound) return [false, false];
  const may: [boolean, boolean] = [zone.friendlyTo !== 0, zone.friendlyTo !== 1];
  for (const m of markers) {
    if (m.friendlyTo === null || !markerInZone(m, zone)) continue;
    may[1 - m.friendlyTo] = false;
  }
  return may;
}

/** Who seizes a zone under the chosen control rule, or null (nobody). */
export function seizeZone(opts: SeizeZoneOptions): PlayerIndex | null {
  const { zone, warriors, markers, control, round, ruleset } = opts;
  const may = maySeize(zone, markers, round, ruleset);
  if (!may[0] && !may[1]) return null;
  const inside: ControlWarrior[] = [];
  for (const w of warriors) if (warriorInZone(w, zone)) inside.push(w);
  let winner: PlayerIndex | null;
  if (control === 'first-blood') winner = firstBloodWinner(inside, ruleset);
  else if (control === 'conquest-stands') winner = conquestStandsWinner(inside, ruleset);
  else winner = steamrollerWinner(inside, warriors, (w) => warriorInZone(w, zone), ruleset);
  return winner !== null && may[winner] ? winner : null;
}

/**
 * R32: an "always seizes" warrior on exactly one side decides the zone; on
 * both sides they cancel out. Undefined: no such warrior, use the counts.
 */
function alwaysSeizesWinner(inside: readonly ControlWarrior[]): PlayerIndex | null | undefined {
  const has = [false, false];
  for (const w of inside) if (w.alwaysSeizes && !w.cannotSeize) has[w.player] = true;
  if (has[0] === has[1]) return undefined;
  return has[0] ? 0 : 1;
}

/** R24: seizing weights; the larger total seizes, equal totals nobody. */
function firstBloodWinner(inside: readonly ControlWarrior[], ruleset: Ruleset): PlayerIndex | null {
  const always = alwaysSeizesWinner(inside);
  if (always !== undefined) return always;
  const total = [0, 0];
  for (const w of inside) {
    if (w.cannotSeize) continue;
    total[w.player] += seizingWeight(w, ruleset) + (w.seizeBonus ?? 0);
  }
  if (total[0] > total[1]) return 0;
  if (total[1] > total[0]) return 1;
  return null;
}

/** R32 stands of one warrior: characters, officers and retinue count as their regiment's class. */
export function conquestStands(w: ControlWarrior, ruleset: Ruleset): { scoring: number; total: number } {
  const table = ruleset.conquestStands;
  const command = w.kind === 'character' || w.kind === 'officer' || w.kind === 'retinue';
  const base = w.role === 'Monster' && !command ? table.Monster : table[w.class];
  const bonus = w.seizeBonus ?? 0;
  return { scoring: w.cannotSeize ? 0 : base.scoring + bonus, total: base.total + bonus };
}

/** R32: more scoring AND more total stands than the opponent. */
function conquestStandsWinner(inside: readonly ControlWarrior[], ruleset: Ruleset): PlayerIndex | null {
  const always = alwaysSeizesWinner(inside);
  if (always !== undefined) return always;
  const scoring = [0, 0];
  const total = [0, 0];
  for (const w of inside) {
    const s = conquestStands(w, ruleset);
    scoring[w.player] += s.scoring;
    total[w.player] += s.total;
  }
  if (scoring[0] > scoring[1] && total[0] > total[1]) return 0;
  if (scoring[1] > scoring[0] && total[1] > total[0]) return 1;
  return null;
}

/**
 * R33: a regiment may control with at least `eligibleFraction` of its starting
 * warriors (rounded up) alive and every one of them inside (`isInside`).
 */
export function regimentEligible(regimentId: string, all: readonly ControlWarrior[], isInside: (w: ControlWarrior) => boolean, ruleset: Ruleset): boolean {
  let any: ControlWarrior | undefined;
  let inside = 0;
  for (const w of all) {
    if (w.regimentId !== regimentId) continue;
    any = w;
    if (!isInside(w)) return false;
    inside++;
  }
  if (!any) return false;
  const need = Math.ceil(any.regimentStart * ruleset.steamroller.eligibleFraction);
  // Alive warriors off the table (Reinforcements) are not inside.
  return any.regimentAlive >= need && inside >= any.regimentAlive;
}

/** R33: ≥ 1 eligible warrior inside and no opposing warrior inside; Broken! warriors neither control nor contest. */
function steamrollerWinner(inside: readonly ControlWarrior[], all: readonly ControlWarrior[], isInside: (w: ControlWarrior) => boolean, ruleset: Ruleset): PlayerIndex | null {
  const contest = [false, false];
  const control = [false, false];
  const checked = new Map<string, boolean>();
  for (const w of inside) {
    if (w.broken) continue;
    contest[w.player] = true;
    if (control[w.player]) continue;
    let ok = checked.get(w.regimentId);
    if (ok === undefined) {
      ok = regimentEligible(w.regimentId, all, isInside, ruleset);
      checked.set(w.regimentId, ok);
    }
    if (ok) control[w.player] = true;
  }
  if (control[0] && !contest[1]) return 0;
  if (control[1] && !contest[0]) return 1;
  return null;
}

export interface ControlFlagOptions {
  flag: { x: number; y: number; r: number; friendlyTo?: Friendly };
  warriors: readonly ControlWarrior[];
  round: number;
  ruleset: Ruleset;
}

/** Base contact: edges within this many inches count as touching. */
const CONTACT = 0.05;

/**
 * R33 flags: a player controls a flag with an eligible warrior in base
 * contact when no (non-Broken!) enemy is within `flagContestRange` of it; an
 * eligible warrior's regiment must have every remaining warrior within that range.
 */
export function controlFlag(opts: ControlFlagOptions): PlayerIndex | null {
  const { flag, warriors, round, ruleset } = opts;
  if (round < ruleset.firstSeizingRound) return null;
  const range = ruleset.steamroller.flagContestRange;
  const near = (w: ControlWarrior): boolean => circlesOverlap(w.x, w.y, w.r, flag.x, flag.y, flag.r + range);
  const contest = [false, false];
  const control = [false, false];
  for (const w of warriors) {
    if (w.broken || !near(w)) continue;
    contest[w.player] = true;
    const touching = circlesOverlap(w.x, w.y, w.r, flag.x, flag.y, flag.r + CONTACT);
    if (touching && !control[w.player] && regimentEligible(w.regimentId, warriors, near, ruleset)) control[w.player] = true;
  }
  let winner: PlayerIndex | null = null;
  if (control[0] && !contest[1]) winner = 0;
  if (control[1] && !contest[0]) winner = 1;
  if (winner !== null && flag.friendlyTo === winner) return null;
  return winner;
}
