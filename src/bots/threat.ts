/**
 * The threat map: for a place, what the enemy's Charges and Volleys are
 * expected to cost a warrior standing there before it acts again, in the
 * evaluation's currency (exact odds, `attackValue`). And its mirror, what
 * the warrior could strike from there. Moves, fall-backs and goals weigh
 * both (docs/BOTS.md, "Threat-aware positioning").
 */
import { lineOfSight } from '../board/index.js';
import type { LineOfSightOptions } from '../board/types.js';
import { engagedEnemies, memoKey, memoOf } from '../engine/index.js';
import { blockDiceFor, stat } from '../engine/index.js';
import { canEngage } from '../engine/space.js';
import type { GameState, Warrior } from '../engine/types.js';
import { chargeLikelihoods } from './observed.js';
import { attackOdds, attackValue, DEFAULT_WEIGHTS, engaged, noFaceRuleAbilities, statNow, type EvalWeights } from './toolkit.js';
import { warriorWorth } from './worth.js';

type State = Readonly<GameState>;

/** lineOfSight's options for the map (terrain only: bases move before the shot). */
const SIGHT: LineOfSightOptions = {
  shooter: { x: 0, y: 0, r: 0, size: 0 },
  target: { x: 0, y: 0, r: 0, size: 0 },
  warriors: [],
  terrain: { pieces: [], bounds: [] },
  clearOnly: false,
};

/** A friend within this many inches of a place shares the enemy's attacks there. */
const SHARE_NEAR = 3;
/** Each sharing friend takes this share of the threat off w (up to SHARE_MAX friends): 1 / (1 + SHARE × friends). */
const SHARE = 0.5;
const SHARE_MAX = 4;

/** How a threat at a place breaks down, for the reason line (the last call's, reused). */
export const lastThreat = { chargers: 0, shooters: 0, worst: -1 };

/**
 * A threat map for one warrior, prepared once a decision: the enemies that
 * could reach anywhere its move could end, with their attacks' worth (which
 * depends on the profiles and states, not on where w stands). `at(x, y)` and
 * `strike(x, y)` then cost a distance a nearby enemy (and a line of sight a
 * shooter in range).
 */
export class ThreatMap {
  private s: State | null = null;
  private w: Warrior | null = null;
  private n = 0;
  private readonly id: number[] = [];
  private readonly x: number[] = [];
  private readonly y: number[] = [];
  private readonly r: number[] = [];
  private readonly size: number[] = [];
  private readonly march: number[] = [];
  private readonly range: number[] = [];
  private readonly weight: number[] = [];
  private readonly chargeK: number[] = [];
  private readonly charge: number[] = [];
  private readonly chargeOut: number[] = [];
  private readonly volleyAimed: number[] = [];
  private readonly volleyMoved: number[] = [];
  private readonly obscured: number[] = [];
  private readonly mine: number[] = [];
  private readonly mineShot: number[] = [];
  private myMarch = 0;
  private myRange = -1;
  /** Friends that share the enemy's attacks: where they stand, and how far they may yet come this Command Card. */
  private nf = 0;
  private readonly fx: number[] = [];
  private readonly fy: number[] = [];
  private readonly fcome: number[] = [];
  /** w's Resolve and block dice now, once a preparation (-1: not yet). */
  private myResolve = -1;
  private myBlock = 0;
  /** w's Attacks, Clash and Volley now (-1: not yet; Volley -1 for no Barrage). */
  private myAttacks = -1;
  private myClash = 0;
  private myVolley = -1;

  /** Whether any enemy could reach somewhere within `reach` of w (when not, the map is zero there). */
  get any(): boolean {
    return this.n > 0;
  }

  /** The enemies that matter within `reach` inches of w's centre, and their attacks' worth. */
  prepare(s: State, w: Warrior, reach: number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): this {
    this.s = s;
    this.w = w;
    const er = s.match.ruleset.engagementRange;
    this.myMarch = statNow(s, w, 'march');
    this.myRange = w.profile.barrage ? w.profile.barrage.range : -1;
    this.myResolve = -1;
    this.myAttacks = -1;
    let n = 0;
    // The most any ability in force could add to a March: an enemy out of reach even with it needs no stat.
    let boost = 0;
    for (const a of s.abilities) if (a.def && a.def.effect.kind === 'modify' && a.def.effect.stat === 'march' && a.def.effect.by > 0) boost += a.def.effect.by;
    const ours = Math.max(this.myMarch + er, this.myRange);
    // Looked up at the first enemy that matters (the record's rounds are compared at that look).
    let likely: Readonly<Float64Array> | null = null;
    for (const e of s.warriors) {
      if (e.status !== 'table' || e.player === w.player) continue;
      const far = Math.sqrt((e.x - w.x) ** 2 + (e.y - w.y) ** 2) - e.r - w.r - reach;
      const barrage = e.profile.barrage;
      if (far > ours) {
        const most = Math.max(0, e.profile.march + boost);
        if (far > (e.broken ? 0 : Math.max(most * 1.5 + er, barrage ? barrage.range + most : 0))) continue;
      }
      const march = statNow(s, e, 'march');
      const theirs = e.broken ? 0 : Math.max(march * 1.5 + er, barrage ? barrage.range + march : 0);
      if (far > theirs && far > ours) continue;
      this.id[n] = e.id;
      this.x[n] = e.x;
      this.y[n] = e.y;
      this.r[n] = e.r;
      this.size[n] = e.profile.size;
      this.march[n] = march;
      this.range[n] = barrage && !e.broken ? barrage.range : -1;
      // An enemy that has acted this round counts half (it may act before w next round, or after); an engaged
      // or Broken! one is busy.
      this.weight[n] = e.broken || busy(s, e, w) ? 0 : e.activated && s.phase === 'action' ? 0.5 : 1;
      // One that has stood still for rounds is not likely to charge now (observed.ts); its Volleys count in full.
      this.chargeK[n] = (likely ??= chargeLikelihoods(s))[e.id];
      // The attacks' worth, worked out when a place first needs them.
      this.charge[n] = NaN;
      this.mine[n] = NaN;
      n++;
    }
    this.n = n;
    // Friends within reach of the place too share the enemy's Charges and Volleys: those standing near it, and
    // the rest of w's regiment still to act this card, which may follow it there (a regiment that arrives
    // together spreads the enemy's attacks; a warrior that goes alone takes them all).
    let nf = 0;
    if (n > 0) {
      for (const f of s.warriors) {
        if (f.status !== 'table' || f.player !== w.player || f === w || f.broken) continue;
        const come = f.regiment === w.regiment && !f.activated && s.activation?.warrior !== f.id ? statNow(s, f, 'march') : 0;
        if (Math.sqrt((f.x - w.x) ** 2 + (f.y - w.y) ** 2) > reach + come + SHARE_NEAR) continue;
        this.fx[nf] = f.x;
        this.fy[nf] = f.y;
        this.fcome[nf] = come;
        nf++;
      }
    }
    this.nf = nf;
    this.weights = weights;
    return this;
  }

  private weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS;

  /** Enemy i's attacks on w: remembered by the pair with all attackOdds reads (see PAIRS), else worked out. */
  private theirs(i: number): void {
    const s = this.s!;
    const w = this.w!;
    const e = s.warriors[this.id[i]];
    const can = canEngage(e, w);
    const shooter = this.range[i] >= 0;
    const memo = pairsFor(s, this.weights);
    if (memo === null) {
      this.theirsNow(i, e, can, shooter);
      return;
    }
    const g = s;
    if (this.myResolve < 0) {
      this.myResolve = stat(g, w, 'resolve');
      this.myBlock = blockDiceFor(g, w);
    }
    const key = KEY;
    key[0] = stat(g, e, 'attacks');
    key[1] = stat(g, e, 'clash');
    key[2] = shooter ? stat(g, e, 'volley') : -1;
    key[3] = this.myResolve;
    key[4] = this.myBlock;
    key[5] = w.markers;
    key[6] = w.broken ? 1 : 0;
    key[7] = can ? 1 : 0;
    key[8] = warriorWorth(s, w);
    const seen = entries(memo.pairs, profileId(memo, e.profile) * 4096 + profileId(memo, w.profile));
    const v0 = found(seen);
    if (v0 !== null) {
      this.charge[i] = v0[KEYS];
      this.chargeOut[i] = v0[KEYS + 1];
      this.volleyAimed[i] = v0[KEYS + 2];
      this.obscured[i] = v0[KEYS + 3];
      this.volleyMoved[i] = v0[KEYS + 4];
      return;
    }
    this.theirsNow(i, e, can, shooter);
    const v = new Float64Array(KEYS + 5);
    v.set(key);
    v[KEYS] = this.charge[i];
    v[KEYS + 1] = this.chargeOut[i];
    v[KEYS + 2] = this.volleyAimed[i];
    v[KEYS + 3] = this.obscured[i];
    v[KEYS + 4] = this.volleyMoved[i];
    seen.push(v);
  }

  /** Enemy i's attacks on w, by exact odds. */
  private theirsNow(i: number, e: Warrior, can: boolean, shooter: boolean): void {
    const s = this.s!;
    const w = this.w!;
    const weights = this.weights;
    this.charge[i] = can ? attackValue(s, attackOdds(s, e, w, { action: 'clash', inspired: true, outnumbered: false }), w, weights) : 0;
    this.chargeOut[i] = can ? attackValue(s, attackOdds(s, e, w, { action: 'clash', inspired: true, outnumbered: true }), w, weights) : 0;
    this.volleyAimed[i] = shooter ? attackValue(s, attackOdds(s, e, w, { action: 'volley', aimed: true, obscured: false }), w, weights) : 0;
    this.obscured[i] = shooter ? attackValue(s, attackOdds(s, e, w, { action: 'volley', aimed: true, obscured: true }), w, weights) : 0;
    this.volleyMoved[i] = shooter ? attackValue(s, attackOdds(s, e, w, { action: 'volley', aimed: false, obscured: false }), w, weights) : 0;
  }

  /** w's attacks on enemy i. */
  private ours(i: number): void {
    const s = this.s!;
    const w = this.w!;
    const e = s.warriors[this.id[i]];
    const can = canEngage(w, e);
    if (this.myAttacks < 0) {
      const g = s;
      this.myAttacks = stat(g, w, 'attacks');
      this.myClash = stat(g, w, 'clash');
      this.myVolley = w.profile.barrage ? stat(g, w, 'volley') : -1;
    }
    const g = s;
    strikeWorth(s, w, e, this.weights, this.myAttacks, this.myClash, this.myVolley, stat(g, e, 'resolve'), blockDiceFor(g, e), can);
    this.mine[i] = can ? STRIKE.charge : 0;
    this.mineShot[i] = this.myRange >= 0 ? STRIKE.shot : 0;
  }

  /**
   * Expected loss of w standing at (x, y) before it acts again: a Charge
   * (Inspired!, R14) from each enemy within a March and Engagement Range (a
   * March and a half-March Charge counts 0.6), a Volley (Aimed! when it need
   * not move, Obscured by the terrain between, R22; 0.6 when it must move
   * first) from each shooter within range or a March and range. Two or more
   * chargers: the ones after the first strike Outnumbered (R13). Each enemy
   * does the worse of the two; the total is capped at what w is worth (its
   * worth, and being Broken! on top: attackValue's most).
   */
  at(x: number, y: number): number {
    const s = this.s!;
    const w = this.w!;
    const er = s.match.ruleset.engagementRange;
    let total = 0;
    let chargers = 0;
    let shooters = 0;
    let worst = -1;
    let worstV = 0;
    for (let i = 0; i < this.n; i++) {
      const weight = this.weight[i];
      if (weight === 0) continue;
      const far = Math.sqrt((this.x[i] - x) ** 2 + (this.y[i] - y) ** 2) - this.r[i] - w.r;
      const march = this.march[i];
      const range = this.range[i];
      if (far > march * 1.5 + er && far > range + march) continue;
      if (this.charge[i] !== this.charge[i]) this.theirs(i);
      let charge = 0;
      if (this.charge[i] > 0 && far <= march * 1.5 + er) {
        const k = far <= march + er ? 1 : 0.6;
        chargers++;
        charge = k * this.chargeK[i] * (chargers > 1 ? this.chargeOut[i] : this.charge[i]);
      }
      let volley = 0;
      if (range >= 0 && far <= range + march) {
        shooters++;
        if (far <= range) {
          const o = SIGHT;
          o.shooter.x = this.x[i];
          o.shooter.y = this.y[i];
          o.shooter.r = this.r[i];
          o.shooter.size = this.size[i];
          o.target.x = x;
          o.target.y = y;
          o.target.r = w.r;
          o.target.size = w.profile.size;
          o.terrain = s.match.preparedTerrain;
          const los = lineOfSight(o);
          volley = los.blocked ? 0.6 * this.volleyMoved[i] : los.obscured ? this.obscured[i] : this.volleyAimed[i];
        } else volley = 0.6 * this.volleyMoved[i];
      }
      const v = weight * (charge > volley ? charge : volley);
      total += v;
      if (v > worstV) {
        worstV = v;
        worst = this.id[i];
      }
    }
    lastThreat.chargers = chargers;
    lastThreat.shooters = shooters;
    lastThreat.worst = worst;
    if (total > 0 && this.nf > 0) total /= 1 + SHARE * Math.min(SHARE_MAX, this.friendsAt(x, y));
    const cap = warriorWorth(s, w) * (1 + this.weights.broken);
    return total < cap ? total : cap;
  }

  /** Friends within SHARE_NEAR of (x, y), or able to come there this card. */
  private friendsAt(x: number, y: number): number {
    let m = 0;
    for (let j = 0; j < this.nf; j++) if (Math.sqrt((this.fx[j] - x) ** 2 + (this.fy[j] - y) ** 2) <= SHARE_NEAR + this.fcome[j]) m++;
    return m;
  }

  /** What w could strike from (x, y) when it acts next: its best Charge on an enemy within a March and Engagement Range, else its best Volley in range. */
  strike(x: number, y: number): number {
    const er = this.s!.match.ruleset.engagementRange;
    const w = this.w!;
    let best = 0;
    for (let i = 0; i < this.n; i++) {
      const far = Math.sqrt((this.x[i] - x) ** 2 + (this.y[i] - y) ** 2) - this.r[i] - w.r;
      if (far > this.myMarch + er && far > this.myRange) continue;
      if (this.mine[i] !== this.mine[i]) this.ours(i);
      const v = far <= this.myMarch + er ? this.mine[i] : this.mineShot[i];
      if (v > best) best = v;
    }
    return best;
  }
}

/** Whether e is Engaged with someone other than w (it fights there; engaged with w alone, it is free once w is gone). */
function busy(s: State, e: Warrior, w: Warrior): boolean {
  if (!engaged(s, e)) return false;
  for (const f of engagedEnemies(s, e)) if (f !== w) return true;
  return false;
}

/**
 * The enemy table's answers by the pair of profiles (attacker's × target's):
 * what an enemy's Charges and Volleys are worth against w, each with the
 * numbers attackOdds and attackValue read besides the two profiles (the
 * attacker's Attacks, Clash and Volley, the target's Resolve, block dice,
 * markers, Broken! and worth, and whether the two may engage). Warriors of
 * one profile share them, and a wound, a Command Ability or a Duel gives
 * another entry. Only while no ability in force adds a face rule (then the
 * odds are the profiles' and these numbers'); for one state, ruleset and
 * weights (a fork or another game starts afresh).
 */
const KEYS = 9;
const OURS = 4096 * 4096;
const KEY = new Float64Array(KEYS);
interface Pairs {
  s: State | null;
  rules: State['match']['ruleset'] | null;
  weights: Readonly<EvalWeights> | null;
  pairs: Map<number, Float64Array[]>;
  /** A small number for each profile met since `pairs` was last emptied. */
  profiles: Map<Warrior['profile'], number>;
}

/** The pair answers, for one state (the game's memo: a fork or another game starts afresh). */
const PAIRS = memoKey((): Pairs => ({ s: null, rules: null, weights: null, pairs: new Map(), profiles: new Map() }));

function pairsFor(s: State, weights: Readonly<EvalWeights>): Pairs | null {
  if (!noFaceRuleAbilities(s)) return null;
  const m = memoOf(s, PAIRS);
  if (s !== m.s || s.match.ruleset !== m.rules || weights !== m.weights || m.profiles.size >= 4000) {
    m.pairs.clear();
    m.profiles.clear();
    m.s = s;
    m.rules = s.match.ruleset;
    m.weights = weights;
  }
  return m;
}

function profileId(m: Pairs, p: Warrior['profile']): number {
  let id = m.profiles.get(p);
  if (id === undefined) {
    id = m.profiles.size;
    m.profiles.set(p, id);
  }
  return id;
}

/** strikeWorth's answer (reused). */
const STRIKE = { charge: 0, shot: 0 };

/**
 * What w's Charge (Inspired!, R14; not Outnumbered) and Aimed! Volley (not
 * Obscured; 0 without a Barrage) on e are worth, in STRIKE: from PAIRS when
 * found there, else by exact odds. `attacks`, `clash`, `volley` are w's now
 * (volley -1 without a Barrage), `resolve` and `block` e's (its Resolve and
 * block dice now); the Charge's worth is worked out only when `can` (else 0)
 * unless the pair is remembered.
 */
function strikeWorth(s: State, w: Warrior, e: Warrior, weights: Readonly<EvalWeights>, attacks: number, clash: number, volley: number, resolve: number, block: number, can: boolean): void {
  const memo = pairsFor(s, weights);
  let seen: Float64Array[] | undefined;
  if (memo !== null) {
    const key = KEY;
    key[0] = attacks;
    key[1] = clash;
    key[2] = volley;
    key[3] = resolve;
    key[4] = block;
    key[5] = e.markers;
    key[6] = e.broken ? 1 : 0;
    key[7] = 1;
    key[8] = warriorWorth(s, e);
    // Their attacks' pairs are below 4096², these above.
    seen = entries(memo.pairs, OURS + profileId(memo, w.profile) * 4096 + profileId(memo, e.profile));
    const v = found(seen);
    if (v !== null) {
      STRIKE.charge = v[KEYS];
      STRIKE.shot = v[KEYS + 1];
      return;
    }
    // Remembered, the Charge is worked out whether or not this pair may engage now.
    can = true;
  }
  STRIKE.charge = can ? attackValue(s, attackOdds(s, w, e, { action: 'clash', inspired: true, outnumbered: false }), e, weights) : 0;
  STRIKE.shot = volley >= 0 ? attackValue(s, attackOdds(s, w, e, { action: 'volley', aimed: true, obscured: false }), e, weights) : 0;
  if (seen !== undefined) {
    const v = new Float64Array(KEYS + 2);
    v.set(KEY);
    v[KEYS] = STRIKE.charge;
    v[KEYS + 1] = STRIKE.shot;
    seen.push(v);
  }
}

/** The answers remembered for a pair (an empty list, kept, the first time). */
function entries(memo: Map<number, Float64Array[]>, pair: number): Float64Array[] {
  let seen = memo.get(pair);
  if (seen === undefined) {
    seen = [];
    memo.set(pair, seen);
  }
  return seen;
}

/** The answer among `seen` whose numbers are KEY's, or null. */
function found(seen: readonly Float64Array[]): Float64Array | null {
  next: for (const v of seen) {
    for (let i = 0; i < KEYS; i++) if (v[i] !== KEY[i]) continue next;
    return v;
  }
  return null;
}

const MAP = new ThreatMap();

/** The threat map's expected loss of w at (x, y) (docs/BOTS.md): ThreatMap prepared for that one place. */
export function threatAt(s: State, w: Warrior, x: number, y: number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): number {
  return MAP.prepare(s, w, Math.sqrt((x - w.x) ** 2 + (y - w.y) ** 2), weights).at(x, y);
}

/** What w could strike from (x, y) when it acts next (ThreatMap.strike). */
export function strikeAt(s: State, w: Warrior, x: number, y: number, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): number {
  return MAP.prepare(s, w, Math.sqrt((x - w.x) ** 2 + (y - w.y) ** 2), weights).strike(x, y);
}

/** closingEdge's last answers: per state and round, for each player (the game's memo). */
const EDGE = memoKey(() => ({ s: null as State | null, round: -1, edge: [1, 1] as [number, number] }));
const EDGE_RESOLVE: number[] = [];
const EDGE_BLOCK: number[] = [];

/**
 * Whether `me` gains by closing: the expected worth of my warriors' Charges
 * on the enemy's (each on an average enemy, by exact odds) over theirs on
 * mine, worked out once a round. Above 1 a fight favours me; below it I should make the enemy come.
 */
export function closingEdge(s: State, me: 0 | 1): number {
  const m = memoOf(s, EDGE);
  if (m.s !== s || m.round !== s.round) {
    m.s = s;
    m.round = s.round;
    // By profile (a representative warrior of each, weighted by how many stand): a few dozen pairs, not hundreds.
    const reps: [Warrior[], Warrior[]] = [[], []];
    const counts: [number[], number[]] = [[], []];
    for (const w of s.warriors) {
      if (w.status !== 'table') continue;
      const list = reps[w.player];
      const k = list.findIndex((r) => r.profile === w.profile);
      if (k < 0) {
        list.push(w);
        counts[w.player].push(1);
      } else {
        counts[w.player][k]++;
        // A fresh one stands for the profile (the same few odds all game).
        if (w.markers === 0 && !w.broken) list[k] = w;
      }
    }
    const dealt = [0, 0];
    const g = s;
    for (const p of [0, 1] as const) {
      const q = p === 0 ? 1 : 0;
      let them = 0;
      for (const c of counts[q]) them += c;
      // The targets' Resolve and block dice, once each.
      const resolve = EDGE_RESOLVE;
      const block = EDGE_BLOCK;
      for (let j = 0; j < reps[q].length; j++) {
        resolve[j] = stat(g, reps[q][j], 'resolve');
        block[j] = blockDiceFor(g, reps[q][j]);
      }
      for (let i = 0; i < reps[p].length; i++) {
        const w = reps[p][i];
        const attacks = stat(g, w, 'attacks');
        const clash = stat(g, w, 'clash');
        const volley = w.profile.barrage ? stat(g, w, 'volley') : -1;
        for (let j = 0; j < reps[q].length; j++) {
          const e = reps[q][j];
          strikeWorth(s, w, e, DEFAULT_WEIGHTS, attacks, clash, volley, resolve[j], block[j], true);
          dealt[p] += (counts[p][i] * counts[q][j] * Math.max(STRIKE.charge, STRIKE.shot)) / Math.max(1, them);
        }
      }
    }
    m.edge[0] = dealt[1] > 0 ? dealt[0] / dealt[1] : 2;
    m.edge[1] = dealt[0] > 0 ? dealt[1] / dealt[0] : 2;
  }
  return m.edge[me];
}
