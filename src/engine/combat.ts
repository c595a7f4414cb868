import { drivenBack } from '../board/index.js';
import { rollAttack, rollHits, resolveTest } from '../dice/index.js';
import type { AttackOptions, AttackRecord } from '../dice/index.js';
import type { Dice, FaceRule } from '../dice/types.js';
import { damageMarker } from '../scenarios/index.js';
import { activeFaceRules, blockDiceFor, profileBlockDice, stat } from './abilities.js';
import { placeOnTable, takeOffTable } from './grid.js';
import { blockersFor, gap } from './space.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { Profile } from '../rules/types.js';
import type { GameEvent, GameState, TargetRef, Warrior } from './types.js';

/** What the engine's rule code needs besides the state: the dice stream and the event listener. */
export interface Ctx {
  s: GameState;
  dice: Dice & { rolled: number };
  emit: ((e: GameEvent) => void) | null;
}

export function warriorLabel(w: Warrior): string {
  return `P${w.player + 1} ${w.profile.name}#${w.id}`;
}

export function targetLabel(s: GameState, t: TargetRef): string {
  return t >= 0 ? warriorLabel(s.warriors[t]) : `marker ${s.scenarioState.markers[-1 - t].id}`;
}

function eventRolls(rec: AttackRecord) {
  return {
    attackRolls: rec.attackRolls,
    finalAttack: rec.finalAttack,
    hits: rec.hits,
    blockRolls: rec.blockRolls,
    wounds: rec.wounds,
  };
}

/** Attack dice rules of the profiles: the attacker's own and those the defender imposes on its attackers (R16). */
function profileAttackRules(attacker: Profile, defender: Profile | null): FaceRule[] {
  const out: FaceRule[] = [];
  for (const sr of attacker.specialRules) {
    if (sr.kind === 'face' && sr.appliesTo === 'self' && sr.rule.on === 'attack') out.push(sr.rule);
  }
  if (defender) {
    for (const sr of defender.specialRules) {
      if (sr.kind === 'face' && sr.appliesTo === 'attacker' && sr.rule.on === 'attack') out.push(sr.rule);
    }
  }
  return out;
}

/** Attack dice rules with those of the Command Abilities in force on the attacker (R16). */
function attackRulesFor(s: GameState, attacker: Warrior, defender: Warrior | null): FaceRule[] {
  const out = profileAttackRules(attacker.profile, defender ? defender.profile : null);
  activeFaceRules(s, attacker, 'attack', out);
  return out;
}

function blockRulesFor(s: GameState, defender: Warrior): FaceRule[] {
  const out = profileBlockRules(defender.profile);
  activeFaceRules(s, defender, 'block', out);
  return out;
}

/** The defender profile's own block dice rules. */
function profileBlockRules(defender: Profile): FaceRule[] {
  const out: FaceRule[] = [];
  for (const sr of defender.specialRules) {
    if (sr.kind === 'face' && sr.appliesTo === 'self' && sr.rule.on === 'block') out.push(sr.rule);
  }
  return out;
}

export interface AttackSpec {
  action: 'clash' | 'volley';
  dice: number;
  hitCap: number;
  outnumbered: boolean;
  inspired: boolean;
  aimed: boolean;
  obscured: boolean;
}

/** What an attack of `attacker` on `target` rolls (R7–R16): the dice's AttackOptions, for rolling or for exact odds. */
export function attackOptionsFor(s: GameState, attacker: Warrior, target: Warrior, spec: AttackSpec): AttackOptions {
  return attackOptions(s.match.ruleset, blockDiceFor(s, target), attackRulesFor(s, attacker, target), blockRulesFor(s, target), spec);
}

/**
 * attackOptionsFor with no game: an attack of a warrior of profile
 * `attacker` on one of profile `target` under `ruleset`, no Command Ability
 * in force (what a profile can do, e.g. the bots' worth of a warrior).
 */
export function profileAttackOptions(ruleset: Ruleset, attacker: Profile, target: Profile, spec: AttackSpec): AttackOptions {
  return attackOptions(ruleset, profileBlockDice(ruleset, target), profileAttackRules(attacker, target), profileBlockRules(target), spec);
}

function attackOptions(ruleset: Ruleset, blockDice: number, attackRules: FaceRule[], blockRules: FaceRule[], spec: AttackSpec): AttackOptions {
  return {
    dice: spec.dice,
    hitCap: spec.hitCap,
    blockDice,
    attackRules,
    blockRules,
    outnumbered: spec.outnumbered,
    inspired: spec.inspired,
    aimed: spec.aimed,
    obscured: spec.obscured,
    outnumberedBonus: ruleset.outnumberedBonus,
    aimedBonus: ruleset.aimedBonus,
  };
}

/** The attack sequence against a warrior, then its wounds (R7–R16). */
export function attackWarrior(ctx: Ctx, attacker: Warrior, target: Warrior, spec: AttackSpec): void {
  const rec = rollAttack(ctx.dice, attackOptionsFor(ctx.s, attacker, target, spec));
  ctx.emit?.({
    type: 'attack',
    warrior: warriorLabel(attacker),
    target: warriorLabel(target),
    action: spec.action,
    rolls: eventRolls(rec),
    obscured: spec.obscured,
    outnumbered: spec.outnumbered,
  });
  if (rec.wounds > 0) sufferWounds(ctx, target, rec.wounds, attacker);
}

/** "A rule inflicts X hits" (Impact X, unique actions): the enemy rolls the hits, the target blocks (R16). */
export function inflictHits(ctx: Ctx, source: Warrior, target: Warrior, hits: number, action: 'impact' | 'unique'): void {
  const s = ctx.s;
  const rec = rollHits(ctx.dice, { hits, blockDice: blockDiceFor(s, target), blockRules: blockRulesFor(s, target) });
  ctx.emit?.({
    type: 'attack',
    warrior: warriorLabel(source),
    target: warriorLabel(target),
    action,
    rolls: eventRolls(rec),
    obscured: false,
    outnumbered: false,
  });
  if (rec.wounds > 0) sufferWounds(ctx, target, rec.wounds, source);
}

/** An attack on an objective marker: Defense 3 blocks, at most 1 wound per action, damage per player (R26). */
export function attackMarker(ctx: Ctx, attacker: Warrior, markerIndex: number, spec: AttackSpec | { action: 'impact'; hits: number }): void {
  const s = ctx.s;
  const marker = s.scenarioState.markers[markerIndex];
  const m = s.match.ruleset.marker;
  const rec =
    spec.action === 'impact'
      ? rollHits(ctx.dice, { hits: spec.hits, blockDice: Math.max(m.defense, m.evasion) })
      : rollAttack(ctx.dice, {
          dice: spec.dice,
          hitCap: spec.hitCap,
          blockDice: Math.max(m.defense, m.evasion),
          attackRules: attackRulesFor(s, attacker, null),
          inspired: spec.inspired,
          aimed: spec.aimed,
          obscured: spec.obscured,
          aimedBonus: s.match.ruleset.aimedBonus,
        });
  ctx.emit?.({
    type: 'attack',
    warrior: warriorLabel(attacker),
    target: `marker ${marker.id}`,
    action: spec.action,
    rolls: eventRolls(rec),
    obscured: spec.action !== 'impact' && spec.obscured,
    outnumbered: false,
  });
  if (rec.wounds > 0) {
    const wounds = Math.min(rec.wounds, m.maxWoundsPerAction);
    const out = damageMarker(s.scenarioState, markerIndex, attacker.player, wounds, s.round);
    s.woundsDealt += out.applied;
    ctx.emit?.({
      type: 'markerDamaged',
      marker: marker.id,
      player: attacker.player,
      wounds: out.applied,
      destroyed: out.destroyed,
    });
  }
}

/**
 * Wound markers, then the Resolve test when they reach Wounds (R9–R11);
 * Broken! by an enemy within Engagement Range drives the warrior back (R12).
 */
export function sufferWounds(ctx: Ctx, w: Warrior, wounds: number, by: Warrior | null): void {
  const s = ctx.s;
  s.woundsDealt += wounds;
  w.markers += wounds;
  const W = w.profile.wounds;
  if (w.markers < W) return;
  const test = resolveTest(ctx.dice, {
    markers: w.markers,
    wounds: W,
    resolve: stat(s, w, 'resolve'), // R37
    broken: w.broken,
    overkill: s.match.ruleset.overkill,
  });
  ctx.emit?.({
    type: 'resolveTest',
    warrior: warriorLabel(w),
    roll: test.roll,
    needed: test.effectiveResolve,
    outcome: test.outcome,
  });
  if (test.outcome === 'slain') {
    slay(ctx, w);
    return;
  }
  w.markers = W - 1;
  becomeBroken(ctx, w, by);
}

/** Broken! (R11): a Broken! character's (or leader's, R38) Command Abilities end; an enemy in Engagement drives it back (R12). */
export function becomeBroken(ctx: Ctx, w: Warrior, by: Warrior | null): void {
  const s = ctx.s;
  if (!w.broken) {
    w.broken = true;
    ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'broken' });
    if (s.abilities.length > 0 && (w.kind === 'character' || w.kind === 'leader')) s.abilities = s.abilities.filter((a) => a.source !== w.id);
  }
  if (by && by.status === 'table' && gap(w, by) <= s.match.ruleset.engagementRange + 1e-9) {
    const from = { x: w.x, y: w.y };
    // `by` is among the blockers; moving directly away from it never meets it.
    const blockers = blockersFor(s, w);
    const to = drivenBack({
      warrior: { x: w.x, y: w.y, r: w.r },
      from: { x: by.x, y: by.y, r: by.r },
      distance: s.match.ruleset.drivenBackDistance,
      blockers,
      impassable: s.match.impassable,
      table: s.match.table,
    });
    placeOnTable(s, w, to.x, to.y);
    if (w.duel >= 0 && gap(w, s.warriors[w.duel]) > s.match.ruleset.engagementRange + 1e-9) endDuel(s, w);
    ctx.emit?.({ type: 'drivenBack', warrior: warriorLabel(w), from: [from.x, from.y], to: [w.x, w.y] });
  }
}

/** A Duel ends when either character is slain, leaves Engagement, or at the end of the round. */
export function endDuel(s: GameState, w: Warrior): void {
  if (w.duel < 0) return;
  const o = s.warriors[w.duel];
  if (o.duel === w.id) o.duel = -1;
  w.duel = -1;
}

/** Slain: removed from the battlefield; the round's tally records what the scenarios score (R27). */
export function slay(ctx: Ctx, w: Warrior): void {
  const s = ctx.s;
  takeOffTable(s, w, 'slain');
  s.alive[w.player]--;
  w.broken = false;
  endDuel(s, w);
  if (s.abilities.length > 0 && (w.kind === 'character' || w.kind === 'leader')) s.abilities = s.abilities.filter((a) => a.source !== w.id);
  const enemy = w.player === 0 ? 1 : 0;
  const t = s.tally;
  t.pointsSlain[enemy] += w.points;
  if (w.kind === 'officer') t.officersSlain[enemy] += 1;
  ctx.emit?.({ type: 'slain', warrior: warriorLabel(w), player: w.player, points: w.points });
  const reg = s.regiments[w.regiment];
  if (reg.warriors.every((id) => s.warriors[id].status === 'slain')) {
    t.enemyRegimentsDestroyed[enemy] += 1;
    if (reg.isCharacterRegiment) t.enemyCharacterRegimentSlain[enemy] = true;
  }
}
