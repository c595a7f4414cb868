/**
 * The heuristic policies (aggressive, objective, balanced): one decision
 * procedure over the scripts, weighted by options. `aggression` scales what
 * fighting is worth, `objective` what the scenario's scoring places are
 * worth; `tactics` switches on the finer play (Take Aim, fall back and shoot,
 * Duels by odds, planned deployment, command cards by urgency).
 */
import { polygonBounds } from '../board/index.js';
import type { Rng } from '../dice/types.js';
import { gap, norm } from '../engine/index.js';
import type { ActionChoice, Choice, Decision, GameState, GameView, PlayerIndex, Policy, Warrior } from '../engine/types.js';
import { deploymentFor, entryPointNear } from './candidates.js';
import {
  advanceTo,
  bestCharge,
  bestClash,
  bestVolley,
  clashAt,
  fallBackFrom,
  mustHold,
  nearestFoe,
  rally,
  standsIn,
  type Note,
} from './scripts.js';
import { attackOdds, DEFAULT_WEIGHTS, engaged, objectives, statNow, type Objective } from './toolkit.js';

type State = Readonly<GameState>;

export interface HeuristicOptions {
  /** 0..1: how much a fight is worth against the scenario's objectives. */
  aggression: number;
  /** 0..1: how much the scenario's scoring places and markers are worth. */
  objective: number;
  /** Finer play: Take Aim, fall back and shoot, Duels by odds, deployment to a plan, card order by urgency. */
  tactics: boolean;
}

const W = DEFAULT_WEIGHTS;

/** VP one Victory Phase gives for holding a place of this kind, read from the scenario's VP rules. */
function placeVp(s: State, o: Objective, me: PlayerIndex): number {
  let vp = 0;
  for (const r of s.scenario.vpRules) {
    if (o.kind === 'zone') {
      if (r.rule === 'zoneSeized') vp += r.vp;
      else if (r.rule === 'enemyZoneSeized' && o.friendlyTo === (me === 0 ? 1 : 0)) vp += r.vp;
      else if (r.rule === 'brokenLines' && o.friendlyTo !== null) vp += r.enemyZoneSeized;
      else if (r.rule === 'zonesSeizedBonus') vp += r.vp / Math.max(1, s.scenario.objectiveZones.length);
    } else if (o.kind === 'point' && r.rule === 'tugOfWar') vp += r.perPoint + 1;
    else if (o.kind === 'movingMarker' && r.rule === 'brokenLines') vp += r.markerSeized + r.markerInFriendlyZone;
  }
  return vp;
}

/** markerVp's last answer and its scenario (the VP rules do not change in a game). */
let markerVpOf: State['scenario'] | null = null;
let markerVpValue = 0;

/** VP for destroying an enemy (or neutral) marker, from the scenario's VP rules. */
function markerVp(s: State): number {
  if (s.scenario === markerVpOf) return markerVpValue;
  let vp = 0;
  for (const r of s.scenario.vpRules) {
    if (r.rule === 'enemyMarkerDestroyed' || r.rule === 'enemyMarkerDestroyedOnce' || r.rule === 'markerDestroyedOutsideZones') vp += r.vp;
    else if (r.rule === 'markersDestroyedBonus' || r.rule === 'zoneVpBonusAfterEnemyMarker') vp += r.vp / 2;
  }
  markerVpOf = s.scenario;
  markerVpValue = vp;
  return vp;
}

/** Victory Phases still to come that score places (from the first seizing round). */
function phasesLeft(s: State): number {
  return Math.max(1, s.scenario.rounds - Math.max(s.round, s.ruleset.firstSeizingRound) + 1);
}

/** Where a warrior should go (heuristicPolicy's goal): a point, whether to hold, and what is there. */
interface Goal {
  x: number;
  y: number;
  hold: boolean;
  /** '' (nowhere better: stay), 'hold' (a place w is needed in), 'place', 'marker' or 'enemy'. */
  what: '' | 'hold' | 'place' | 'marker' | 'enemy';
  place: Objective | null;
  /** The marker's index, for 'marker'. */
  marker: number;
  enemy: Warrior | null;
}

/** A goal as the reason line names it ("hold zone 1", "marker M2", "enemy Reed Spears#12"). */
function goalLabel(s: State, g: Readonly<Goal>): string {
  switch (g.what) {
    case 'hold':
      return `hold ${g.place!.kind} ${g.place!.index}`;
    case 'place':
      return `${g.place!.kind} ${g.place!.index}`;
    case 'marker':
      return `marker ${s.scenarioState.markers[g.marker].id}`;
    case 'enemy':
      return `enemy ${g.enemy!.profile.name}#${g.enemy!.id}`;
    default:
      return '';
  }
}

/** Weight w adds to a place under first-blood-like counting (1 a warrior is near enough for planning). */
const OWN_WEIGHT = 1;

export function heuristicPolicy(name: string, o: HeuristicOptions): Policy {
  const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);

  /** What an attack on marker i is worth to `me` now. */
  function markerWorth(s: State, me: PlayerIndex, i: number): number {
    const m = s.scenarioState.markers[i];
    if (m.destroyed || m.behaviour !== 'standard' || m.friendlyTo === me) return 0;
    // A marker has 5 Wounds and takes at most 1 a hit (R26): a hit is a fifth of the way.
    return (o.objective * W.vp * (markerVp(s) + 0.5)) / s.scenarioState.markerRules.wounds;
  }
  /** markerWorth for the decision being made, as the scripts take it (one function, no closure a decision). */
  const now = { s: null as unknown as State, me: 0 as PlayerIndex };
  const mv = (i: number): number => markerWorth(now.s, now.me, i);

  /** The scoring places, worked out once a Command Card's activation (its warriors' own moves change little of it). */
  let placesFor = -1;
  let placesState: State | null = null;
  let places: readonly Objective[] = [];
  function placesNow(s: State): readonly Objective[] {
    const key = s.round * 1000 + s.card;
    if (s.card < 0) return objectives(s);
    if (placesFor !== key || placesState !== s) {
      places = objectives(s);
      placesFor = key;
      placesState = s;
    }
    return places;
  }

  /** placeVp of each of `placesVp`'s places for either player (the VP rules do not change in a game). */
  let placesVp: readonly Objective[] | null = null;
  let vpScenario: State['scenario'] | null = null;
  const VP: [number[], number[]] = [[], []];
  function vpOf(s: State, ps: readonly Objective[]): [number[], number[]] {
    if (ps !== placesVp || s.scenario !== vpScenario) {
      for (let i = 0; i < ps.length; i++) {
        VP[0][i] = placeVp(s, ps[i], 0);
        VP[1][i] = placeVp(s, ps[i], 1);
      }
      placesVp = ps;
      vpScenario = s.scenario;
    }
    return VP;
  }

  /** goal()'s answer, reused (one at a time); `what` names it for the reason line. */
  const G: Goal = { x: 0, y: 0, hold: false, what: '', place: null, marker: -1, enemy: null };

  /** Where w should go: the best place or enemy by worth over distance; `hold` when it should stay put. */
  function goal(s: State, w: Warrior, me: PlayerIndex): Readonly<Goal> {
    const march = Math.max(1, w.profile.march);
    const best = G;
    best.x = w.x;
    best.y = w.y;
    best.hold = false;
    best.what = '';
    best.place = null;
    best.marker = -1;
    best.enemy = null;
    let bestV = -Infinity;
    const left = phasesLeft(s);
    const you = other(me);
    if (o.objective > 0) {
      const ps = placesNow(s);
      const vps = vpOf(s, ps);
      for (let i = 0; i < ps.length; i++) {
        const p = ps[i];
        const vp = vps[me][i];
        if (vp <= 0) continue;
        const ours = p.friendlyTo === me;
        const enemyScores = ours ? vps[you][i] : 0;
        // Our own zone: worth only what denying the enemy is.
        const worth = o.objective * W.vp * left * (ours ? (p.weight[you] > 0 ? enemyScores : 0.1 * enemyScores) : vp);
        if (worth <= 0) continue;
        if (mustHold(w, p, me, OWN_WEIGHT)) {
          const v = worth * 1.5;
          if (v > bestV) {
            bestV = v;
            best.x = p.x;
            best.y = p.y;
            best.hold = true;
            best.what = 'hold';
            best.place = p;
          }
          continue;
        }
        const need = p.weight[you] - p.weight[me] + 1;
        const crowd = need <= 0 ? 0.2 : 1;
        const d = Math.max(0, norm(p.x - w.x, p.y - w.y) - p.radius);
        const v = (worth * crowd) / (1 + d / (2 * march));
        if (v > bestV) {
          bestV = v;
          best.x = p.x;
          best.y = p.y;
          best.hold = standsIn(w, p) && need <= 0;
          best.what = 'place';
          best.place = p;
        }
      }
      const ms = s.scenarioState.markers;
      for (let i = 0; i < ms.length; i++) {
        const worth = markerWorth(s, me, i) * 3;
        if (worth <= 0) continue;
        const d = norm(ms[i].x - w.x, ms[i].y - w.y);
        const v = worth / (1 + d / (2 * march));
        if (v > bestV) {
          bestV = v;
          best.x = ms[i].x;
          best.y = ms[i].y;
          best.hold = false;
          best.what = 'marker';
          best.place = null;
          best.marker = i;
        }
      }
    }
    // The enemy: worth its points, nearer first; a fight is the goal when it outweighs the places.
    const near = nearestFoe(s, w);
    if (near) {
      const e = near.foe;
      const v = (o.aggression * e.points * W.pointsDestroyed * 2) / (1 + Math.max(0, near.d - 2) / (2 * march));
      if (v > bestV || bestV === -Infinity) {
        bestV = v;
        best.x = e.x;
        best.y = e.y;
        best.hold = false;
        best.what = 'enemy';
        best.place = null;
        best.enemy = e;
      }
    }
    return best;
  }

  function action(s: State, w: Warrior, d: Extract<Decision, { kind: 'action' }>, me: PlayerIndex, note: Note): ActionChoice {
    const a = s.activation!;
    const legal = d.legal;
    const has = (t: string): boolean => legal.includes(t as never);
    now.s = s;
    now.me = me;
    const r = rally(w, legal, note);
    if (r) return r;

    if (w.status === 'reserve') {
      if (has('enter')) {
        const g = goal(s, w, me);
        const p = entryPointNear(s, w, g.x, g.y);
        if (p) {
          note?.(`enter towards ${goalLabel(s, g)}`);
          return { type: 'enter', edgeX: p.x, edgeY: p.y, x: g.x, y: g.y };
        }
      }
      return { type: 'end' };
    }

    if (d.engaged) {
      if (has('clash')) {
        if (has('inspire') && !a.inspired && a.actionsLeft >= 2) {
          note?.('inspire before the clash: re-roll 6s');
          return { type: 'inspire' };
        }
        const best = bestClash(s, w, a.inspired, mv);
        if (best) return clashAt(s, best, statNow(s, w, 'attacks'), note);
      }
      return { type: 'end' };
    }

    // Out of combat: markers within reach first (they score), then shooting, charging, moving.
    if (has('clash')) {
      const m = bestClash(s, w, a.inspired, mv);
      if (m) return clashAt(s, m, statNow(s, w, 'attacks'), note);
    }
    let g: ReturnType<typeof goal> | null = null;
    const shooter = w.profile.barrage !== undefined && w.profile.barrage !== null;
    if (shooter && has('volley')) {
      const v = bestVolley(s, w, a.aimed, mv);
      if (v) {
        if (o.tactics && has('takeAim') && !a.aimed && a.actionsLeft >= 2) {
          const threat = nearestFoe(s, w);
          const safe = !threat || threat.d - w.r - threat.foe.r > threat.foe.profile.march + s.ruleset.engagementRange + 1;
          if (safe) {
            note?.('take aim: +1 Barrage for the volley');
            return { type: 'takeAim' };
          }
        }
        note?.(`volley ${v.target >= 0 ? `${s.warriors[v.target].profile.name}#${v.target}` : 'marker'}, P(slain) ${v.slain.toFixed(2)}`);
        return { type: 'volley', target: v.target };
      }
    }
    if (has('charge') && (a.actionsLeft >= 2 || o.aggression >= 0.8)) {
      const c = bestCharge(s, w, mv);
      // A charge is worth it when the fight is worth more than the goal (a held place keeps its warriors).
      g = goal(s, w, me);
      const holdWorth = g.hold ? W.vp * o.objective * 2 : 0;
      if (c && c.value * (0.5 + o.aggression) > holdWorth) {
        note?.(`charge ${c.target >= 0 ? `${s.warriors[c.target].profile.name}#${c.target}` : `marker ${s.scenarioState.markers[-1 - c.target].id}`}, P(slain) ${c.slain.toFixed(2)}`);
        return { type: 'charge', target: c.target };
      }
    }
    g ??= goal(s, w, me);
    if (g.hold) {
      note?.(`hold: needed in ${goalLabel(s, g)}`);
      return { type: 'end' };
    }
    if (has('march')) {
      if (shooter && o.tactics) {
        const threat = nearestFoe(s, w);
        const range = w.profile.barrage!.range;
        // Keep the range: fall back when an enemy could charge next, close in when nothing is in range.
        if (threat && threat.d - w.r - threat.foe.r < threat.foe.profile.march + s.ruleset.engagementRange && has('volley')) {
          note?.(`fall back from ${threat.foe.profile.name}#${threat.foe.id} and shoot`);
          return fallBackFrom(s, w, threat.foe, d.marchAllowance);
        }
        if (threat && g.what === 'enemy') {
          const want = threat.d - w.r - threat.foe.r - range * 0.8;
          if (want <= 0) return { type: 'end' };
          return advanceTo(s, w, threat.foe.x, threat.foe.y, Math.min(d.marchAllowance, want));
        }
      }
      note?.(`advance to ${goalLabel(s, g)}`);
      return advanceTo(s, w, g.x, g.y, d.marchAllowance);
    }
    return { type: 'end' };
  }

  /** Cards in order of urgency: engaged or able to charge first (strike before being struck). */
  function card(s: State, regiments: number[]): number {
    let best = regiments[0];
    let bestV = -Infinity;
    for (const i of regiments) {
      let v = 0;
      let looked = false;
      for (const id of s.regiments[i].warriors) {
        const w = s.warriors[id];
        if (w.status === 'reserve') v += 1;
        if (w.status !== 'table' || w.activated) continue;
        if (engaged(s, w)) v += 3;
        else if (!looked) {
          // A regiment moves together: whether one of it can reach the enemy says it for all.
          looked = true;
          const f = nearestFoe(s, w);
          if (f && f.d - w.r - f.foe.r <= w.profile.march + s.ruleset.engagementRange) v += 2 * s.regiments[i].warriors.length;
        }
        if (w.broken) v += 1;
      }
      v += s.regiments[i].points / 1000;
      if (v > bestV) {
        bestV = v;
        best = i;
      }
    }
    return best;
  }

  /** A Command Ability on purpose: Rallying Cry for the Broken!, a Duel the odds favour, a unique ability that helps, else Press Forward. */
  function commandAbility(s: State, d: Extract<Decision, { kind: 'commandAbility' }>, note: Note): Choice {
    const c = s.warriors[d.character];
    let broken = 0;
    let wounded = 0;
    let fighting = 0;
    for (const w of s.warriors) {
      if (w.player !== c.player || w.status !== 'table' || gap(c, w) > c.profile.commandRange + 1e-9) continue;
      if (w.broken) broken++;
      if (w.markers > 0) wounded++;
      const f = nearestFoe(s, w);
      if (f && f.d - w.r - f.foe.r < w.profile.march + 2) fighting++;
    }
    if (broken > 0 && d.abilities.includes('Rallying Cry')) {
      note?.(`Rallying Cry: ${broken} Broken! in range`);
      return { kind: 'commandAbility', ability: 'Rallying Cry' };
    }
    if ((o.tactics || o.aggression >= 0.8) && d.abilities.includes('Duel')) {
      for (const t of d.duelTargets) {
        const e = s.warriors[t];
        const mine = attackOdds(s, c, e, { action: 'clash', outnumbered: false }).slain;
        const theirs = attackOdds(s, e, c, { action: 'clash', outnumbered: false }).slain;
        if (mine > theirs * 1.5 && mine > 0.2) {
          note?.(`Duel ${e.profile.name}#${e.id}: P(slain) ${mine.toFixed(2)} against ${theirs.toFixed(2)}`);
          return { kind: 'commandAbility', ability: 'Duel', target: t };
        }
      }
    }
    for (const name of d.abilities) {
      const def = s.commandAbilityDefs[c.player].find((x) => x.name === name);
      if (!def) continue;
      if (def.effect.kind === 'heal' ? wounded > 0 : fighting > 0 && (def.target === 'enemy' || !('by' in def.effect) || def.effect.by > 0)) {
        note?.(`${name}: ${def.effect.kind === 'heal' ? `${wounded} wounded` : `${fighting} near the enemy`} in range`);
        return { kind: 'commandAbility', ability: name };
      }
    }
    if (!d.abilities.includes('Press Forward')) return { kind: 'commandAbility', ability: null };
    note?.('Press Forward: full March on the second move');
    return { kind: 'commandAbility', ability: 'Press Forward' };
  }

  /** Deployment to a plan: each regiment towards a place to take (or the centre), shooters held back. */
  function deploy(s: State, d: Extract<Decision, { kind: 'deploy' }>, rng: Rng): Choice {
    const me = d.player;
    // Largest regiment first: the ones that matter most get the best ground.
    const regiment = d.regiments.reduce((a, b) => (s.regiments[b].points > s.regiments[a].points ? b : a));
    if (!o.tactics) return { kind: 'deploy', regiment, positions: deploymentFor(s, regiment, d.zones, rng) };
    const places = objectives(s).filter((p) => p.friendlyTo !== me);
    const mine = s.regiments.filter((r) => r.player === me && !r.reinforcement);
    const done = mine.filter((r) => s.warriors[r.warriors[0]].status === 'table').length;
    const b = d.zones.map(polygonBounds).reduce((x, y) => ({ minX: Math.min(x.minX, y.minX), minY: Math.min(x.minY, y.minY), maxX: Math.max(x.maxX, y.maxX), maxY: Math.max(x.maxY, y.maxY) }));
    // Regiments side by side across the zone (room to move), each towards a place to take if there are any.
    const lane = b.minX + ((done + 0.5) / Math.max(1, mine.length)) * (b.maxX - b.minX);
    const target = places.length > 0 ? places[done % places.length] : { x: lane, y: s.table.height / 2 };
    const shooter = s.regiments[regiment].warriors.some((id) => s.warriors[id].profile.barrage);
    // The point of the zone's box nearest the target, 2" in (shooters 5" back).
    const inset = shooter ? 5 : 2;
    const x = Math.min(Math.max((target.x + lane) / 2, b.minX + inset), b.maxX - inset);
    const y = Math.min(Math.max(target.y, b.minY + inset), b.maxY - inset);
    return { kind: 'deploy', regiment, positions: deploymentFor(s, regiment, d.zones, rng, { x, y }) };
  }

  return {
    name,
    choose(view: GameView, d: Decision, rng: Rng): Choice {
      const s = view.state;
      const note = view.explain ? (r: string) => view.explain!(`${name}: ${r}`) : undefined;
      switch (d.kind) {
        case 'deployFirst':
          // Deploying second sees the enemy's plan.
          return { kind: 'deployFirst', first: other(d.player) };
        case 'deploy':
          return deploy(s, d, rng);
        case 'supremacyTie':
          return { kind: 'supremacyTie', supremacy: d.player };
        case 'commandAbility':
          return commandAbility(s, d, note);
        case 'duelResponse': {
          const me = s.warriors[d.character];
          const them = s.warriors[d.challenger];
          const mine = attackOdds(s, me, them, { action: 'clash', outnumbered: false }).slain;
          const theirs = attackOdds(s, them, me, { action: 'clash', outnumbered: false }).slain;
          // Declining breaks the character (and silences it): accept unless the odds are clearly against it.
          const accept = !o.tactics || theirs < 0.5 || mine >= theirs * 0.6;
          note?.(`${accept ? 'accept' : 'decline'} the Duel: P(slain) ${mine.toFixed(2)} against ${theirs.toFixed(2)}`);
          return { kind: 'duelResponse', accept };
        }
        case 'commandCard':
          return { kind: 'commandCard', regiment: o.tactics ? card(s, d.regiments) : d.regiments[0] };
        case 'selectWarrior': {
          // Engaged warriors strike first; then the ones that can charge; else any.
          for (const id of d.warriors) if (engaged(s, s.warriors[id])) return { kind: 'selectWarrior', warrior: id };
          // The front first, so that it does not stand in the way of the rest.
          let front = d.warriors[0];
          let best = Infinity;
          for (const id of d.warriors) {
            const f = nearestFoe(s, s.warriors[id]);
            if (f && f.d < best) {
              best = f.d;
              front = id;
            }
          }
          return { kind: 'selectWarrior', warrior: front };
        }
        case 'action':
          return { kind: 'action', action: action(s, s.warriors[d.warrior], d, d.player, note) };
      }
    },
  };
}
