/**
 * Where a warrior should go: the scoring places the scenario's VP rules
 * reward, the markers worth attacking, and the nearest enemy, each valued in
 * the evaluation's currency over the path distance (R41: a March walks
 * around terrain and bases, so a place behind a wood is as far as the walk).
 */
import { lifeOf, norm } from '../engine/index.js';
import { zoneCounted } from '../scenarios/index.js';
import type { GameState, PlayerIndex, Warrior } from '../engine/types.js';
import { markerLabel, num, placeLabel, warriorName } from './labels.js';
import { travel } from './route.js';
import { mustHold, nearestFoe, standsIn } from './scripts.js';
import { DEFAULT_WEIGHTS, objectives, statNow, type Objective } from './toolkit.js';
import type { HeuristicOptions } from './types.js';
import { warriorWorth } from './worth.js';

type State = Readonly<GameState>;
const W = DEFAULT_WEIGHTS;

/** VP one Victory Phase gives for holding a place of this kind, read from the scenario's VP rules. */
export function placeVp(s: State, o: Objective, me: PlayerIndex): number {
  let vp = 0;
  for (const r of s.match.scenario.vpRules) {
    if (o.kind === 'zone') {
      // A zoneSeized rule may count only some zones (by diameter or label), as the scenario scores them.
      if (r.rule === 'zoneSeized') vp += !r.only || zoneCounted(r.only, s.match.scenario.objectiveZones[o.index]) ? r.vp : 0;
      else if (r.rule === 'enemyZoneSeized' && o.friendlyTo === (me === 0 ? 1 : 0)) vp += r.vp;
      else if (r.rule === 'brokenLines' && o.friendlyTo !== null) vp += r.enemyZoneSeized;
      else if (r.rule === 'zonesSeizedBonus') vp += r.vp / Math.max(1, s.match.scenario.objectiveZones.length);
    } else if (o.kind === 'point' && r.rule === 'tugOfWar') vp += r.perPoint + 1;
    else if (o.kind === 'movingMarker' && r.rule === 'brokenLines') vp += r.markerSeized + r.markerInFriendlyZone;
  }
  return vp;
}

/**
 * VP `me` scores for destroying marker i, from the scenario's VP rules as
 * victory.ts counts them: an enemy marker's rules only for the enemy's, the
 * once-only rule until it has scored, the outside-the-zones rule only for a
 * marker outside every zone; the round bonuses at half.
 */
export function markerVp(s: State, i: number, me: PlayerIndex): number {
  const m = s.scenarioState.markers[i];
  const enemys = m.friendlyTo === (me === 0 ? 1 : 0);
  let vp = 0;
  for (const r of s.match.scenario.vpRules) {
    if (r.rule === 'enemyMarkerDestroyed') vp += enemys ? r.vp : 0;
    else if (r.rule === 'enemyMarkerDestroyedOnce') vp += enemys && !s.scenarioState.firstEnemyMarkerScored[me] ? r.vp : 0;
    else if (r.rule === 'markerDestroyedOutsideZones') vp += m.inZone ? 0 : r.vp;
    else if (r.rule === 'markersDestroyedBonus') vp += r.vp / 2;
    else if (r.rule === 'zoneVpBonusAfterEnemyMarker') vp += enemys ? r.vp / 2 : 0;
  }
  return vp;
}

/** Victory Phases still to come that score places (from the first seizing round). */
export function phasesLeft(s: State): number {
  return Math.max(1, s.match.scenario.rounds - Math.max(s.round, s.match.ruleset.firstSeizingRound) + 1);
}

/** Where a warrior should go: a point, whether to hold, what is there, and the runner-up's worth. */
export interface Goal {
  x: number;
  y: number;
  hold: boolean;
  /** '' (nowhere better: stay), 'hold' (a place w is needed in), 'place', 'marker' or 'enemy'. */
  what: '' | 'hold' | 'place' | 'marker' | 'enemy';
  place: Objective | null;
  /** The marker's index, for 'marker'. */
  marker: number;
  enemy: Warrior | null;
  /** Its worth now (what is there over the walk to it), and the next best goal's, with its name. */
  value: number;
  second: number;
  secondLabel: string;
  /** What reaching it is worth, before the walk is counted (the `worth` a move's progress is a share of). */
  worth: number;
}

/** A goal as a reason names it ("hold zone N1", "zone A", "marker M", "Reed Spears#12"). */
export function goalLabel(s: State, g: Readonly<Goal>): string {
  switch (g.what) {
    case 'hold':
      return `hold ${placeLabel(s, g.place!)}`;
    case 'place':
      return placeLabel(s, g.place!);
    case 'marker':
      return markerLabel(s, g.marker);
    case 'enemy':
      return warriorName(s, g.enemy!.id);
    default:
      return 'nowhere better';
  }
}

/** "zone N1 (worth 42.0; next Reed Spears#12, 30.5)": a goal with the runner-up's worth. */
export function goalReason(s: State, g: Readonly<Goal>): string {
  return `${goalLabel(s, g)} (worth ${num(g.value)}${g.secondLabel ? `; next ${g.secondLabel}, ${num(g.second)}` : ''})`;
}

/** A place's key among all kinds. */
const placeKey = (p: Objective): number => p.index + (p.kind === 'zone' ? 0 : p.kind === 'point' ? 1000 : 2000);

/** goal()'s places to walk to, before the walks are planned (scratch). */
const CAND: { i: number; worth: number; bound: number; hold: boolean }[] = [];

/** Weight w adds to a place under first-blood-like counting (1 a warrior is near enough for planning). */
const OWN_WEIGHT = 1;

/** The goal numbers' defaults (HeuristicOptions; the registry's option defaults; bench/ntbea.ts tunes them). */
export const GOAL_DEFAULTS = { hold: 1.5, crowded: 0.2, marker: 3, deny: 0.6, holdCharge: 2 } as const;

/** A goal's worth fades with the walk: halved at two Marches away. */
export const fade = (d: number, march: number): number => 1 / (1 + Math.max(0, d) / (2 * march));

/** The goal finder of one policy: its options and its caches of the scoring places. */
export class Goals {
  constructor(readonly o: HeuristicOptions) {}

  /** The scoring places, worked out once a Command Card's activation (its warriors' own moves change little of it). */
  private placesFor = -1;
  private placesState: State | null = null;
  private placesLife = 0;
  private places: readonly Objective[] = [];
  placesNow(s: State): readonly Objective[] {
    const key = s.round * 1000 + s.card;
    if (s.card < 0) return objectives(s);
    if (this.placesFor !== key || this.placesState !== s || this.placesLife !== lifeOf(s)) {
      this.places = objectives(s);
      this.placesFor = key;
      this.placesState = s;
      this.placesLife = lifeOf(s);
      this.claimOf.clear();
      this.countComing(s);
    }
    return this.places;
  }

  /**
   * Warriors of each side outside each place that could step into it by the
   * next Victory Phase (a March from its edge): the weight a place may face,
   * not only the weight in it now.
   */
  private readonly coming: [number[], number[]] = [[], []];
  private countComing(s: State): void {
    const ps = this.places;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      let a = 0;
      let b = 0;
      for (const e of s.warriors) {
        // One that has acted this round moves no more before the Victory Phase.
        if (e.status !== 'table' || e.broken || (e.activated && s.phase === 'action') || standsIn(e, p)) continue;
        if (norm(e.x - p.x, e.y - p.y) - p.radius - e.r > statNow(s, e, 'march')) continue;
        if (e.player === 0) a++;
        else b++;
      }
      this.coming[0][i] = a;
      this.coming[1][i] = b;
    }
  }

  /**
   * The place each warrior of the card's activation set out for (by the
   * place's index): its weight is on the way, so the next warrior of the
   * regiment sees the place needing less and spreads to another (a regiment
   * of ten does not all walk to one point). Forgotten with the places.
   */
  private readonly claimOf = new Map<number, number>();
  private claimsOn(s: State, p: Objective, except: number): number {
    const i = placeKey(p);
    let n = 0;
    // One already inside is in the place's weight.
    for (const [id, k] of this.claimOf) if (k === i && id !== except && !standsIn(s.warriors[id], p)) n++;
    return n;
  }

  /** placeVp of each of `placesVp`'s places for either player (the VP rules do not change in a game). */
  private placesVp: readonly Objective[] | null = null;
  private vpScenario: State['match']['scenario'] | null = null;
  private readonly VP: [number[], number[]] = [[], []];
  vpOf(s: State, ps: readonly Objective[]): [number[], number[]] {
    if (ps !== this.placesVp || s.match.scenario !== this.vpScenario) {
      for (let i = 0; i < ps.length; i++) {
        this.VP[0][i] = placeVp(s, ps[i], 0);
        this.VP[1][i] = placeVp(s, ps[i], 1);
      }
      this.placesVp = ps;
      this.vpScenario = s.match.scenario;
    }
    return this.VP;
  }

  /** What an attack on marker i is worth to `me` now. */
  markerWorth(s: State, me: PlayerIndex, i: number): number {
    const m = s.scenarioState.markers[i];
    if (m.destroyed || m.behaviour !== 'standard' || m.friendlyTo === me) return 0;
    // A marker has 5 Wounds and takes at most 1 a hit (R26): a hit is a fifth of the way.
    return (this.o.objective * W.vp * (markerVp(s, i, me) + 0.5)) / s.scenarioState.markerRules.wounds;
  }

  /** Whether an enemy of `me` stands within two Marches of place i of `ps` (it may seize it by the next Victory Phase). */
  private nearFor: readonly Objective[] | null = null;
  private readonly NEAR: [boolean[], boolean[]] = [[], []];
  enemyNear(s: State, ps: readonly Objective[], i: number, me: PlayerIndex): boolean {
    if (ps !== this.nearFor) {
      this.nearFor = ps;
      for (let k = 0; k < ps.length; k++) {
        const p = ps[k];
        this.NEAR[0][k] = false;
        this.NEAR[1][k] = false;
        for (const e of s.warriors) {
          if (e.status !== 'table') continue;
          // An enemy of player q is a warrior of the other player.
          if (norm(e.x - p.x, e.y - p.y) - p.radius - e.r <= 2 * e.profile.march) this.NEAR[e.player === 0 ? 1 : 0][k] = true;
        }
      }
    }
    return this.NEAR[me][i];
  }

  /**
   * What place i of `ps` is worth to `me` to hold (VP over the phases left).
   * Our own zone is worth what denying it is: all of it when the enemy is
   * inside, most of it when an enemy could get there by the next Victory
   * Phase (two Marches), a tenth otherwise.
   */
  placeWorth(s: State, ps: readonly Objective[], i: number, me: PlayerIndex): number {
    const vps = this.vpOf(s, ps);
    const p = ps[i];
    const vp = vps[me][i];
    if (vp <= 0) return 0;
    const you = me === 0 ? 1 : 0;
    const ours = p.friendlyTo === me;
    const enemyScores = ours ? vps[you][i] : 0;
    const deny = p.weight[you] > 0 ? 1 : this.enemyNear(s, ps, i, me) ? (this.o.deny ?? GOAL_DEFAULTS.deny) : 0.1;
    // A zone an enemy marker Contests (R25) scores nothing for me until the marker falls: worth what denying it
    // is, or a tenth of its VP when ours Contests it for the enemy too (a place to stand for later).
    if (!ours && !p.may[me]) return this.o.objective * W.vp * phasesLeft(s) * (p.may[you] ? deny * vps[you][i] : 0.1 * vp);
    return this.o.objective * W.vp * phasesLeft(s) * (ours ? deny * enemyScores : vp);
  }

  /** goal()'s answer, reused (one at a time). */
  private readonly G: Goal = { x: 0, y: 0, hold: false, what: '', place: null, marker: -1, enemy: null, value: 0, second: 0, secondLabel: '', worth: 0 };

  /**
   * Where w should go: the best place or enemy by worth over the walk; `hold` when it should stay put.
   * `runnerUp`: also find the next best (for a reason line; it costs walks to plan). Without it, `second`
   * is 0 and `secondLabel` empty; the goal is the same.
   */
  goal(s: State, w: Warrior, me: PlayerIndex, runnerUp = true): Readonly<Goal> {
    const o = this.o;
    const march = Math.max(1, w.profile.march);
    const best = this.G;
    best.x = w.x;
    best.y = w.y;
    best.hold = false;
    best.what = '';
    best.place = null;
    best.marker = -1;
    best.enemy = null;
    best.worth = 0;
    let bestV = -Infinity;
    let second = -Infinity;
    let secondLabel = '';
    let bestLabel = '';
    const you = me === 0 ? 1 : 0;
    // A candidate better than the best pushes the best down to runner-up.
    const better = (v: number, label: () => string): boolean => {
      if (v > bestV) {
        if (bestV > -Infinity) {
          second = bestV;
          secondLabel = bestLabel;
        }
        bestV = v;
        if (runnerUp) bestLabel = label();
        return true;
      }
      if (v > second) {
        second = v;
        if (runnerUp) secondLabel = label();
      }
      return false;
    };
    if (o.objective > 0) {
      const hold = o.hold ?? GOAL_DEFAULTS.hold;
      const crowded = o.crowded ?? GOAL_DEFAULTS.crowded;
      const ps = this.placesNow(s);
      for (let i = 0; i < ps.length; i++) {
        const p = ps[i];
        const worth = this.placeWorth(s, ps, i, me);
        if (worth <= 0) continue;
        if (mustHold(w, p, me, OWN_WEIGHT)) {
          if (better(worth * hold, () => `hold ${placeLabel(s, p)}`)) {
            best.x = p.x;
            best.y = p.y;
            best.hold = true;
            best.what = 'hold';
            best.place = p;
            best.worth = worth * hold;
          }
          continue;
        }
        const need = p.weight[you] + (s.card >= 0 ? this.coming[you][i] : 0) - p.weight[me] - this.claimsOn(s, p, w.id) * OWN_WEIGHT + 1;
        const crowd = need <= 0 ? crowded : 1;
        const straight = Math.max(0, norm(p.x - w.x, p.y - w.y) - p.radius);
        CAND.push({ i, worth: worth * crowd, bound: worth * crowd * fade(straight, march), hold: need <= 0 });
      }
      // Best on the straight line first: the walk is never shorter, so once a place's straight-line worth
      // cannot beat the runner-up, no walk needs planning for it or any after it.
      CAND.sort((a, b) => b.bound - a.bound || a.i - b.i);
      for (const c of CAND) {
        if (c.bound <= bestV && (!runnerUp || c.bound <= second)) break;
        const p = ps[c.i];
        const d = Math.max(0, travel(s, w, p.x, p.y) - p.radius);
        if (better(c.worth * fade(d, march), () => placeLabel(s, p))) {
          best.x = p.x;
          best.y = p.y;
          best.hold = standsIn(w, p) && c.hold;
          best.what = 'place';
          best.place = p;
          best.worth = c.worth;
        }
      }
      CAND.length = 0;
      const ms = s.scenarioState.markers;
      for (let i = 0; i < ms.length; i++) {
        const worth = this.markerWorth(s, me, i) * (o.marker ?? GOAL_DEFAULTS.marker);
        if (worth <= 0) continue;
        const straight = norm(ms[i].x - w.x, ms[i].y - w.y);
        if (worth * fade(straight, march) <= bestV && (!runnerUp || worth * fade(straight, march) <= second)) continue;
        const d = travel(s, w, ms[i].x, ms[i].y);
        if (better(worth * fade(d, march), () => markerLabel(s, i))) {
          best.x = ms[i].x;
          best.y = ms[i].y;
          best.hold = false;
          best.what = 'marker';
          best.place = null;
          best.marker = i;
          best.worth = worth;
        }
      }
    }
    // The enemy: by its worth, nearer first; a fight is the goal when it outweighs the places.
    const near = nearestFoe(s, w);
    if (near) {
      const e = near.foe;
      const worth = o.aggression * warriorWorth(s, e) * W.worthDestroyed * 2;
      if (better(worth * fade(near.d - 2, march), () => warriorName(s, e.id)) || bestV === -Infinity) {
        best.x = e.x;
        best.y = e.y;
        best.hold = false;
        best.what = 'enemy';
        best.place = null;
        best.enemy = e;
        best.worth = worth;
      }
    }
    // Set out for a place: claimed until the places are worked out again (a warrior stands in one place at a time).
    if (best.what === 'place' && s.card >= 0) this.claimOf.set(w.id, placeKey(best.place!));
    else this.claimOf.delete(w.id);
    best.value = bestV === -Infinity ? 0 : bestV;
    best.second = second === -Infinity || !runnerUp ? 0 : second;
    best.secondLabel = second === -Infinity || !runnerUp ? '' : secondLabel;
    return best;
  }
}
