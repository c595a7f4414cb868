/**
 * The bot author's toolkit: read-only questions about a game state, answered
 * by the engine's and the scenarios' own functions (never a second copy of a
 * rule). Nothing here mutates the state or reads the game's dice.
 */
import { inflictedWoundDistribution, targetOutcome, woundDistribution } from '../dice/index.js';
import type { AttackOptions } from '../dice/types.js';
import {
  attackOptionsFor,
  blockDiceFor,
  chargeTargets,
  clashableMarkers,
  controlWarrior,
  controlWarriors,
  copyScenarioState,
  engagedEnemies,
  gap,
  inCommandRange,
  isEngaged,
  isOutnumbered,
  marchAllowance,
  memoKey,
  memoOf,
  norm,
  scratchScenarioState,
  regimentsAlive,
  stat,
  volleyCheck,
  volleyTargets,
} from '../engine/index.js';
import type { GameState, PlayerIndex, TargetRef, Warrior } from '../engine/types.js';
import type { Profile } from '../rules/index.js';
import { seizingWeight } from '../rules/index.js';
import { baseRadius, conquestStands, maySeize, seizeZone, victoryPhase, warriorInZone } from '../scenarios/index.js';
import type { ControlWarrior, Friendly, ZoneCircle } from '../scenarios/index.js';
import { warriorWorth } from './worth.js';

/**
 * The planner (R41): `shortestPath(s, w, x, y)` is the path a March of w
 * towards (x, y) would follow (whole, with its `cost`, difficult terrain
 * double), `pathDistance(s, w, x, y)` its cost (Infinity when none).
 */
export { pathDistance, shortestPath } from '../engine/index.js';
export { PATH_TOLERANCE } from '../board/index.js';
export type { Path } from '../board/index.js';

type State = Readonly<GameState>;

// ---------------------------------------------------------------- targets, engagement, movement

/** Enemies and markers a Charge could reach now (R18), as TargetRefs (marker i is -1 - i). */
export function legalChargeTargets(s: State, w: Warrior): TargetRef[] {
  return chargeTargets(s, w);
}

/** Enemy warriors w may Clash now (within Engagement Range, Duel isolation respected). */
export function legalClashTargets(s: State, w: Warrior): Warrior[] {
  return engagedEnemies(s, w);
}

/** Markers w may Clash now (R26), as marker indices. */
export function legalClashMarkers(s: State, w: Warrior): number[] {
  return clashableMarkers(s, w);
}

/** Enemy warriors and markers w may Volley now (range, line of sight, Intervening; R22). */
export function legalVolleyTargets(s: State, w: Warrior): TargetRef[] {
  return volleyTargets(s, w);
}

/** Whether w may Volley `target` now, and whether the target would be Obscured (an extra block die, R22). */
export function volleyLine(s: State, w: Warrior, target: TargetRef): { ok: boolean; obscured: boolean } {
  return volleyCheck(s, w, target);
}

/** Whether w is Engaged with any enemy (R5). */
export function engaged(s: State, w: Warrior): boolean {
  return isEngaged(s, w);
}

/** How far a March (or Charge) would take w now: halved on a repeat unless Press Forward (R17, R21). */
export function marchNow(s: State, w: Warrior): number {
  return marchAllowance(s, w, s.activation && s.activation.warrior === w.id ? s.activation : null);
}

/** Gap between two bases' edges, inches (the rules' distances are edge to edge). */
export function baseGap(a: Warrior, b: Warrior): number {
  return gap(a, b);
}

/** Centre-to-centre distance from a warrior to a point. */
export function distanceTo(w: { x: number; y: number }, x: number, y: number): number {
  return norm(x - w.x, y - w.y);
}

/** Whether `target` would be Outnumbered by w's friends if w Clashed it now (R13). */
export function outnumbered(s: State, w: Warrior, target: Warrior): boolean {
  return isOutnumbered(s, w, target);
}

/** Whether w is within Command Range of character c (R4). */
export function inRangeOfCommand(c: Warrior, w: Warrior): boolean {
  return inCommandRange(c, w);
}

/** A characteristic with the Command Abilities in force (R21). */
export function statNow(s: State, w: Warrior, name: 'march' | 'clash' | 'attacks' | 'volley' | 'defense' | 'evasion' | 'resolve'): number {
  return stat(s, w, name);
}

// ---------------------------------------------------------------- exact attack odds

/** What one attack is expected to do to its target: from the exact wound distribution (src/dice). */
export interface AttackOdds {
  /** P(exactly k wounds) at index k. */
  wounds: readonly number[];
  expectedWounds: number;
  /** P(the target is slain by this attack). */
  slain: number;
  /** P(the target survives its Resolve test and becomes Broken!). */
  broken: number;
}

export interface AttackOddsOptions {
  action: 'clash' | 'volley';
  /** Clash: the attack dice aimed at this target (default all Attacks). */
  dice?: number;
  /** Clash: re-roll 6s (a Charge or Inspire this activation, R14). */
  inspired?: boolean;
  /** Volley: +1 Barrage (Take Aim, R15). */
  aimed?: boolean;
  /** Clash: default whether the target is Outnumbered now (R13). */
  outnumbered?: boolean;
  /** Volley: default whether the line of sight is Obscured now (R22). */
  obscured?: boolean;
}

const ODDS = new Map<string, AttackOdds>();
const ODDS_MAX = 20_000;

/** Memo key of what an attack's outcome depends on: the dice's options and the target's state. */
function oddsKey(o: AttackOptions, t: Warrior, resolve: number, overkill: boolean): string {
  let k = `${o.dice},${o.hitCap},${o.blockDice},${o.outnumbered ? 1 : 0}${o.inspired ? 1 : 0}${o.aimed ? 1 : 0}${o.obscured ? 1 : 0},${o.outnumberedBonus},${o.aimedBonus}`;
  for (const r of o.attackRules ?? []) k += `a${r.face}${r.effect[0]}`;
  for (const r of o.blockRules ?? []) k += `b${r.face}${r.effect[0]}`;
  return `${k}|${t.profile.wounds},${resolve},${t.markers},${t.broken ? 1 : 0},${overkill ? 1 : 0}`;
}

/**
 * The exact odds of w attacking `target` now: the engine's own attack options
 * (face rules, Command Abilities, Defense or Evasion) fed to src/dice's exact
 * distribution, memoised (the same few profiles recur all game).
 */
export function attackOdds(s: State, w: Warrior, target: Warrior, opts: AttackOddsOptions): AttackOdds {
  const g = s;
  const clash = opts.action === 'clash';
  const outnumbered = clash && (opts.outnumbered ?? isOutnumbered(g, w, target));
  const inspired = clash && opts.inspired === true;
  const aimed = !clash && opts.aimed === true;
  const obscured = !clash && (opts.obscured ?? volleyCheck(g, w, target.id).obscured);
  const barrage = w.profile.barrage;
  const dice = clash ? (opts.dice ?? stat(g, w, 'attacks')) : (barrage?.dice ?? 0);
  const hitCap = stat(g, w, clash ? 'clash' : 'volley');
  // The target's Resolve as its Resolve test reads it (R37: e.g. Croak of Doom).
  const resolve = stat(g, target, 'resolve');
  // With no Command Ability in force that adds a face rule, the engine's attack options are the two profiles'
  // face rules and these numbers: a memo by profiles and one number, before the one by the options' text.
  let plain: Map<number, AttackOdds> | null = null;
  let plainKey = 0;
  if (noFaceRuleAbilities(s)) {
    const block = blockDiceFor(g, target);
    const flags = (outnumbered ? 1 : 0) | (inspired ? 2 : 0) | (aimed ? 4 : 0) | (obscured ? 8 : 0) | (clash ? 16 : 0) | (target.broken ? 32 : 0);
    // A key under 2^28 stays a small integer for V8 (a larger one is a heap number: slower to hash, and garbage).
    if (small(dice) && tiny(hitCap) && tiny(block) && tiny(resolve) && tiny(target.markers)) {
      plainKey = dice + 64 * (hitCap + 16 * (block + 16 * (resolve + 16 * (flags + 64 * target.markers))));
      plain = plainMemo(s, w.profile, target.profile);
      const hit = plain.get(plainKey);
      if (hit !== undefined) return hit;
    }
  }
  const o = attackOptionsFor(g, w, target, { action: opts.action, dice, hitCap, outnumbered, inspired, aimed, obscured });
  const key = oddsKey(o, target, resolve, s.match.ruleset.overkill);
  let odds = ODDS.get(key);
  if (odds === undefined) {
    odds = fateOf(s, target, resolve, woundDistribution(o));
    if (ODDS.size >= ODDS_MAX) ODDS.clear();
    ODDS.set(key, odds);
  }
  if (plain !== null) {
    if (plainCount >= ODDS_MAX) clearPlain(s);
    plain.set(plainKey, odds);
    plainCount++;
  }
  return odds;
}

/** The target's fate under a distribution of wounds (R9–R11): slain, Broken!, and the mean wounds. */
function fateOf(s: State, target: Warrior, resolve: number, wounds: number[]): AttackOdds {
  const out = targetOutcome({
    attack: wounds,
    wounds: target.profile.wounds,
    resolve,
    markers: Math.min(target.markers, target.profile.wounds - 1),
    broken: target.broken,
    overkill: s.match.ruleset.overkill,
  });
  let mean = 0;
  for (let k = 1; k < wounds.length; k++) mean += k * wounds[k];
  return { wounds, expectedWounds: mean, slain: out.slain, broken: out.broken };
}

/**
 * The exact odds of `hits` hits inflicted on `target` now (a Unique Action's
 * or Impact's fixed hits, R16, R40): only the target's blocks, its Defense or
 * Evasion and its face rules, count; memoised with attackOdds's answers.
 */
export function hitsOdds(s: State, target: Warrior, hits: number): AttackOdds {
  const g = s;
  const full = attackOptionsFor(g, target, target, { action: 'volley', dice: hits, hitCap: hits, outnumbered: false, inspired: false, aimed: false, obscured: false });
  const o: AttackOptions = { dice: hits, hitCap: hits, blockDice: full.blockDice, blockRules: full.blockRules };
  const resolve = stat(g, target, 'resolve');
  const key = `h${oddsKey(o, target, resolve, s.match.ruleset.overkill)}`;
  let odds = ODDS.get(key);
  if (odds === undefined) {
    odds = fateOf(s, target, resolve, inflictedWoundDistribution({ hits, blockDice: o.blockDice, blockRules: o.blockRules }));
    if (ODDS.size >= ODDS_MAX) ODDS.clear();
    ODDS.set(key, odds);
  }
  return odds;
}

/** Whether no ability in force adds a face rule (activeFaceRules would add none): an attack's face rules are its profiles' own. */
export function noFaceRuleAbilities(s: State): boolean {
  for (const a of s.abilities) if (a.def && a.def.effect.kind === 'faceRule') return false;
  return true;
}

/** An integer from 0 to 63: one field of the plain memo's number. */
function small(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < 64;
}

/** An integer from 0 to 15: a narrower field of it. */
function tiny(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < 16;
}

/**
 * attackOdds by attacker's profile, then target's profile, then a number of
 * the dice, hit cap, block dice, target's Resolve, flags and the target's
 * markers: for one ruleset (the bonuses and Overkill are its), emptied when
 * another comes.
 */
const PLAIN = new Map<Profile, Map<Profile, Map<number, AttackOdds>>>();
let plainRuleset: State['match']['ruleset'] | null = null;
let plainCount = 0;

function clearPlain(s: State): void {
  PLAIN.clear();
  plainRuleset = s.match.ruleset;
  plainCount = 0;
}

function plainMemo(s: State, attacker: Profile, target: Profile): Map<number, AttackOdds> {
  if (s.match.ruleset !== plainRuleset) clearPlain(s);
  let byTarget = PLAIN.get(attacker);
  if (byTarget === undefined) {
    byTarget = new Map();
    PLAIN.set(attacker, byTarget);
  }
  let m = byTarget.get(target);
  if (m === undefined) {
    m = new Map();
    byTarget.set(target, m);
  }
  return m;
}

// ---------------------------------------------------------------- objectives and control

/** One place the scenario scores: an Objective Zone, a capture point, or the circle around a moving marker. */
export interface Objective {
  kind: 'zone' | 'point' | 'movingMarker';
  /** Index in scenario.objectiveZones, scenarioState.capturePoints or scenarioState.markers. */
  index: number;
  x: number;
  y: number;
  /** A base overlapping this circle is inside (R24). */
  radius: number;
  friendlyTo: Friendly;
  /** Who would seize it if the Victory Phase ran now under the game's control rule, as from the first seizing round (null: nobody). */
  seizedBy: PlayerIndex | null;
  /** Each player's seizing weight inside under the control rule: first-blood weights, conquest-stands scoring stands, steamroller non-Broken! warriors. */
  weight: [number, number];
  /** Whether each player may seize it at all (friendly zones, friendly markers: R25), as from the first seizing round. */
  may: [boolean, boolean];
  /** Who holds it now: a zone's seizer at the last Victory Phase, a point's controller. */
  heldBy: Friendly;
}

/** objectives()'s answer for a state, with the counts it was worked out at. */
const OBJECTIVES = memoKey(() => ({ s: null as State | null, actions: -1, decisions: -1, round: -1, phase: 'setup' as State['phase'], value: [] as Objective[] }));

/** objectives()'s control view of warrior i and its weight, made in the call numbered CONTROL_GEN[i]. */
const CONTROL: ControlWarrior[] = [];
const CONTROL_WEIGHT: number[] = [];
const CONTROL_GEN: number[] = [];
let controlGen = 0;

/** Weight one warrior adds under the control rule (R24, R32, R33). */
function controlWeight(w: ControlWarrior, s: State): number {
  if (s.match.control === 'conquest-stands') return conquestStands(w, s.match.ruleset).scoring;
  if (s.match.control === 'steamroller') return w.broken ? 0 : 1;
  return w.cannotSeize ? 0 : seizingWeight(w, s.match.ruleset) + (w.seizeBonus ?? 0);
}

/**
 * Every scoring place with who would seize it now and each side's weight in
 * it, by the scenarios' own seizeZone. Cached until the next action, or
 * outside the Action Phase the next decision: what moves warriors and changes
 * who holds what.
 */
export function objectives(s: State): readonly Objective[] {
  const c = memoOf(s, OBJECTIVES);
  // In the Action Phase only actions move warriors or change who is Broken!; elsewhere any decision may
  // (a deployment, Rallying Cry, a Duel's placement).
  if (c.s === s && c.actions === s.actions && c.round === s.round && c.phase === s.phase && (s.phase === 'action' || c.decisions === s.decisions)) return c.value;
  const g = s;
  // Steamroller's eligibility looks at whole regiments: every warrior's control view. The other rules
  // need only the warriors inside a place, made when first found inside one (most stand in none).
  const all = s.match.control === 'steamroller' ? controlWarriors(g) : null;
  const weights = all ? all.map((w) => controlWeight(w, s)) : null;
  const ws = s.warriors;
  let alive: number[] | null = null;
  const gen = ++controlGen;
  const ss = s.scenarioState;
  const out: Objective[] = [];
  const inside: ControlWarrior[] = [];
  const add = (kind: Objective['kind'], index: number, zone: ZoneCircle, heldBy: Friendly, markers: boolean): void => {
    const weight: [number, number] = [0, 0];
    inside.length = 0;
    if (all && weights) {
      for (let i = 0; i < all.length; i++) {
        const w = all[i];
        if (!warriorInZone(w, zone)) continue;
        weight[w.player] += weights[i];
        inside.push(w);
      }
    } else {
      for (let i = 0; i < ws.length; i++) {
        const w = ws[i];
        if (w.status !== 'table' || !warriorInZone(w, zone)) continue;
        if (CONTROL_GEN[i] !== gen) {
          alive ??= regimentsAlive(g);
          const cw = controlWarrior(g, w, alive);
          CONTROL[i] = cw;
          CONTROL_WEIGHT[i] = controlWeight(cw, s);
          CONTROL_GEN[i] = gen;
        }
        weight[w.player] += CONTROL_WEIGHT[i];
        inside.push(CONTROL[i]);
      }
    }
    const ms = markers ? ss.markers : [];
    const may = maySeize(zone, ms, Math.max(s.round, s.match.ruleset.firstSeizingRound), s.match.ruleset);
    // Steamroller's eligibility looks at whole regiments; the other rules only at the warriors inside.
    const seizedBy = seizeZone({
      zone,
      warriors: all ?? inside,
      markers: ms,
      control: s.match.control,
      round: Math.max(s.round, s.match.ruleset.firstSeizingRound),
      ruleset: s.match.ruleset,
    });
    out.push({ kind, index, x: zone.x, y: zone.y, radius: zone.diameter / 2, friendlyTo: zone.friendlyTo, seizedBy, weight, may, heldBy });
  };
  s.match.scenario.objectiveZones.forEach((z, i) => add('zone', i, z, ss.zoneSeizedBy[i] ?? null, true));
  s.match.scenario.capturePoints.forEach((cp, i) => {
    const p = ss.capturePoints[i];
    add('point', i, { x: cp.x, y: cp.y, diameter: 2 * (baseRadius(cp.baseMm) + cp.range), friendlyTo: cp.friendlyTo }, p.controlledBy, false);
  });
  for (const sp of s.match.scenario.special) {
    const i = ss.markers.findIndex((m) => m.id === sp.marker);
    const m = ss.markers[i];
    add('movingMarker', i, { x: m.x, y: m.y, diameter: 2 * (m.r + sp.range), friendlyTo: null }, null, false);
  }
  c.s = s;
  c.actions = s.actions;
  c.decisions = s.decisions;
  c.round = s.round;
  c.phase = s.phase;
  c.value = out;
  return out;
}

/** scoreIfVictoryNow's copy of the scenario state, which the Victory Phase changes (scratch, refilled each call). */
const SCORED = scratchScenarioState();

/**
 * What each player would score if the Victory Phase ran now: the scenarios'
 * own victoryPhase on copies of the scenario state and the round's tally.
 */
export function scoreIfVictoryNow(s: State): [number, number] {
  const out = victoryPhase({
    scenario: s.match.scenario,
    state: copyScenarioState(SCORED, s.scenarioState),
    round: s.round,
    warriors: controlWarriors(s),
    tally: s.tally, // victoryPhase only reads it
    control: s.match.control,
    ruleset: s.match.ruleset,
  });
  return [out.vp[0], out.vp[1]];
}

// ---------------------------------------------------------------- evaluation

/**
 * What a warrior is worth to the bots, from the two armies' profiles by exact
 * odds, never from its cost (worth.ts): `warriorWorth(s, w)`, and a regiment's,
 * `regimentWorth(s, i)`. The evaluation's currency.
 */
export { regimentWorth, warriorWorth, WORTH_SCALE } from './worth.js';

/**
 * Named weights of the evaluation, in one currency: a point of worth
 * (`warriorWorth`, points-like, never a cost). VP are worth `vp` each; a
 * Wound marker a share of its warrior's worth (worth / Wounds) times
 * `wounds`; a Broken! warrior `broken` of its worth; a scoring place held or
 * about to be seized `zoneControl`.
 */
export interface EvalWeights {
  /** Victory Points scored so far, per VP. */
  vp: number;
  /** VP the Victory Phase would give if it ran now, per VP (scaled by the rounds still to play). */
  projectedVp: number;
  /** Worth of the enemy warriors destroyed minus own, per point of worth. */
  worthDestroyed: number;
  /** Wound markers, as a fraction of the warrior's worth per Wound. */
  wounds: number;
  /** Scoring places each side would seize now, per place. */
  zoneControl: number;
  /** Broken! warriors, as a fraction of their worth. */
  broken: number;
}

export const DEFAULT_WEIGHTS: Readonly<EvalWeights> = Object.freeze({
  vp: 40,
  projectedVp: 25,
  worthDestroyed: 1,
  wounds: 0.5,
  zoneControl: 15,
  broken: 0.3,
});

/** One side's terms of the evaluation. */
export interface EvalTerms {
  vp: number;
  projectedVp: number;
  worthDestroyed: number;
  wounds: number;
  zoneControl: number;
  broken: number;
}

/** The evaluation's terms for `me` minus the opponent's, before weighting. */
export function evaluationTerms(s: State, me: PlayerIndex): EvalTerms {
  const you = me === 0 ? 1 : 0;
  const t: EvalTerms = { vp: s.vp[me] - s.vp[you], projectedVp: 0, worthDestroyed: 0, wounds: 0, zoneControl: 0, broken: 0 };
  if (s.phase !== 'over') {
    const now = scoreIfVictoryNow(s);
    t.projectedVp = (now[me] - now[you]) * Math.max(1, s.match.scenario.rounds - s.round + 1);
    for (const o of objectives(s)) if (o.seizedBy !== null) t.zoneControl += o.seizedBy === me ? 1 : -1;
  }
  for (const w of s.warriors) {
    const sign = w.player === me ? -1 : 1; // harm to the enemy counts for me
    if (w.status === 'slain') t.worthDestroyed += sign * warriorWorth(s, w);
    else if (w.status === 'table') {
      if (w.markers > 0) t.wounds += (sign * w.markers * warriorWorth(s, w)) / w.profile.wounds;
      if (w.broken) t.broken += sign * warriorWorth(s, w);
    }
  }
  return t;
}

/** A state's value for `me`: the weighted terms (higher is better for me). */
export function evaluate(s: State, me: PlayerIndex, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): number {
  const t = evaluationTerms(s, me);
  return (
    weights.vp * t.vp + weights.projectedVp * t.projectedVp + weights.worthDestroyed * t.worthDestroyed + weights.wounds * t.wounds + weights.zoneControl * t.zoneControl + weights.broken * t.broken
  );
}

/**
 * An attack's expected worth in the evaluation's currency: the target's
 * worth if slain, `broken` of it if Broken!, and the wounds' share.
 */
export function attackValue(s: State, odds: AttackOdds, target: Warrior, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): number {
  const worth = warriorWorth(s, target);
  return odds.slain * worth * weights.worthDestroyed + odds.broken * worth * weights.broken + (1 - odds.slain) * odds.expectedWounds * (worth / target.profile.wounds) * weights.wounds;
}
