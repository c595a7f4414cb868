import type { EndReason } from '../types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { seizeZone, type ZoneCircle } from './control.js';
import { baseRadius, circlesOverlap } from './geometry.js';
import { markerInAnyZone } from './markers.js';
import type {
  CapturePointState,
  ControlRule,
  ControlWarrior,
  Friendly,
  MarkerState,
  ObjectiveZone,
  PlayerIndex,
  Scenario,
  ScenarioState,
  VictoryResult,
  VictoryTally,
  VpLine,
  VpRule,
  ZoneFilter,
} from './types.js';

export interface VictoryPhaseOptions {
  scenario: Scenario;
  state: ScenarioState;
  round: number;
  /** Every warrior on the table. */
  warriors: readonly ControlWarrior[];
  tally: VictoryTally;
  /** Defaults to the scenario's own control rule. */
  control?: ControlRule;
  ruleset: Ruleset;
}

/**
 * VP as the rules count them: fractional points (points slain) summed in a
 * different order must not make 236.8 and 236.79999999999998 a win.
 */
function roundVp(vp: number): number {
  return Math.round(vp * 1e6) / 1e6;
}

/** An empty tally, for the engine to fill between Victory Phases. */
export function emptyTally(): VictoryTally {
  return {
    enemyRegimentsDestroyed: [0, 0],
    officersSlain: [0, 0],
    enemyCharacterRegimentSlain: [false, false],
    pointsSlain: [0, 0],
  };
}

/**
 * The Victory Phase: moves Broken Lines' marker, seizes zones and capture
 * points, scores every VP rule of the scenario for both players and updates
 * `state` (VP totals, zone and point owners; markers destroyed since the last
 * Victory Phase are used up, R27). Mutates `state`; returns what was scored.
 */
export function victoryPhase(opts: VictoryPhaseOptions): VictoryResult {
  const { scenario, state, round, warriors, ruleset } = opts;
  const control = opts.control ?? scenario.control;

  // Broken Lines: the marker's seizer moves it before scoring, so a marker
  // pushed into a friendly zone scores this phase.
  const markerSeizedBy = new Map<string, Friendly>();
  for (const sp of scenario.special) {
    const m = state.markers.find((mk) => mk.id === sp.marker)!;
    const circle: ZoneCircle = { x: m.x, y: m.y, diameter: 2 * (m.r + sp.range), friendlyTo: null };
    const seizer = seizeZone({ zone: circle, warriors, markers: [], control, round, ruleset });
    markerSeizedBy.set(m.id, seizer);
    m.seizedBy = seizer;
    if (seizer === null) continue;
    const home = scenario.objectiveZones.find((z) => z.friendlyTo === seizer);
    if (!home) continue;
    const dx = home.x - m.x;
    const dy = home.y - m.y;
    const d = Math.hypot(dx, dy);
    const step = Math.min(sp.distance, d);
    if (d > 0) {
      m.x += (dx / d) * step;
      m.y += (dy / d) * step;
    }
    m.inZone = markerInAnyZone(scenario, m);
  }

  // Zones (R24, R25, R32, R33).
  const zoneSeizedBy: Friendly[] = [];
  for (const zone of scenario.objectiveZones) {
    zoneSeizedBy.push(seizeZone({ zone, warriors, markers: state.markers, control, round, ruleset }));
  }
  state.zoneSeizedBy = zoneSeizedBy;

  // Capture points: the seizing rules within `range` of the point's base; a
  // point stays with its holder until the opponent seizes it. R39: "friendly
  // to" a player only means that player starts holding it; once the opponent
  // captures it, its first owner may capture it back like any other point.
  for (let i = 0; i < scenario.capturePoints.length; i++) {
    const cp = scenario.capturePoints[i];
    const circle: ZoneCircle = { x: cp.x, y: cp.y, diameter: 2 * (baseRadius(cp.baseMm) + cp.range), friendlyTo: null };
    const seizer = seizeZone({ zone: circle, warriors, markers: [], control, round, ruleset });
    if (seizer !== null) state.capturePoints[i].controlledBy = seizer;
  }

  const scoring: Scoring = {
    scenario,
    state,
    tally: opts.tally,
    zoneSeizedBy,
    markerSeizedBy,
    destroyedNow: state.destroyedSinceVictory.map((i) => state.markers[i]),
    detail: [],
    instantWinner: null,
    instantVp: 0,
  };
  for (const rule of scenario.vpRules) scoreRule(scoring, 0, rule);
  for (const rule of scenario.vpRules) scoreRule(scoring, 1, rule);
  const { detail, instantWinner, instantVp } = scoring;

  const gained: [number, number] = [0, 0];
  for (const l of detail) gained[l.player] += l.vp;
  gained[0] = roundVp(gained[0]);
  gained[1] = roundVp(gained[1]);
  state.vp[0] = roundVp(state.vp[0] + gained[0]);
  state.vp[1] = roundVp(state.vp[1] + gained[1]);
  // Tug-of-War: an A-to-B chain wins at once and counts as that many VP.
  if (instantWinner !== null && state.vp[instantWinner] < instantVp) {
    gained[instantWinner] += instantVp - state.vp[instantWinner];
    state.vp[instantWinner] = instantVp;
  }
  state.destroyedSinceVictory = [];
  state.victoryPhasesDone++;
  return { vp: gained, total: [state.vp[0], state.vp[1]], detail, zoneSeizedBy, instantWinner };
}

/** One Victory Phase's scoring: what the rules read, and what they have scored so far. */
interface Scoring {
  scenario: Scenario;
  state: ScenarioState;
  tally: VictoryTally;
  /** Who seized each zone this phase (scenario order). */
  zoneSeizedBy: Friendly[];
  /** Who seized each Broken Lines marker this phase, by id. */
  markerSeizedBy: Map<string, Friendly>;
  /** Markers destroyed since the last Victory Phase. */
  destroyedNow: MarkerState[];
  detail: VpLine[];
  instantWinner: PlayerIndex | null;
  instantVp: number;
}

/** Zones `p` seized this phase that pass `ok`. */
function countSeized(sc: Scoring, p: PlayerIndex, ok: (z: ObjectiveZone) => boolean = () => true): number {
  const zones = sc.scenario.objectiveZones;
  let n = 0;
  for (let i = 0; i < zones.length; i++) if (sc.zoneSeizedBy[i] === p && ok(zones[i])) n++;
  return n;
}

/** Markers destroyed since the last Victory Phase that pass `ok`. */
function countDestroyedNow(sc: Scoring, ok: (m: MarkerState) => boolean): number {
  let n = 0;
  for (const m of sc.destroyedNow) if (ok(m)) n++;
  return n;
}

/** Whether `p` has ever destroyed a marker friendly to its enemy `e`. */
function destroyedEnemyMarker(sc: Scoring, p: PlayerIndex, e: PlayerIndex): boolean {
  for (const m of sc.state.markers) if (m.destroyed && m.destroyedBy === p && m.friendlyTo === e) return true;
  return false;
}

/** Whether a zoneSeized rule's filter counts zone z (by diameter and by label). */
export function zoneCounted(only: ZoneFilter, z: { diameter: number; label: string }): boolean {
  return (only.diameter === undefined || z.diameter === only.diameter) && (only.labels === undefined || only.labels.includes(z.label));
}

/** Scores one VP rule for player p; `why` is only worded for VP actually gained. */
function scoreRule(sc: Scoring, p: PlayerIndex, rule: VpRule): void {
  const e: PlayerIndex = p === 0 ? 1 : 0;
  const { state, tally } = sc;
  const reinf = tally.reinforcementsAtEnd;
  const add = (vp: number, why: () => string): void => {
    if (vp !== 0) sc.detail.push({ player: p, rule: rule.rule, vp, why: why() });
  };
  switch (rule.rule) {
    case 'zoneSeized': {
      const only = rule.only;
      const n = only ? countSeized(sc, p, (z) => zoneCounted(only, z)) : countSeized(sc, p);
      add(n * rule.vp, () => `${n} zone(s) seized${only ? ' (of those counted)' : ''}`);
      break;
    }
    case 'enemyZoneSeized': {
      const n = countSeized(sc, p, (z) => z.friendlyTo === e);
      add(n * rule.vp, () => `${n} enemy zone(s) seized`);
      break;
    }
    case 'zonesSeizedBonus': {
      let need = 0;
      if (rule.atLeast !== 'all') need = rule.atLeast;
      else for (const z of sc.scenario.objectiveZones) if (z.friendlyTo !== p) need++;
      const seized = countSeized(sc, p);
      if (need > 0 && seized >= need) add(rule.vp, () => `${seized} zones seized (≥ ${need})`);
      break;
    }
    case 'enemyMarkerDestroyed': {
      const n = countDestroyedNow(sc, (m) => m.destroyedBy === p && m.friendlyTo === e);
      add(n * rule.vp, () => `${n} enemy marker(s) destroyed this round`);
      break;
    }
    case 'markersDestroyedBonus': {
      const n = countDestroyedNow(sc, (m) => m.destroyedBy === p);
      if (n > rule.moreThan) add(rule.vp, () => `${n} markers destroyed this round`);
      break;
    }
    case 'enemyMarkerDestroyedOnce': {
      if (!state.firstEnemyMarkerScored[p] && destroyedEnemyMarker(sc, p, e)) {
        state.firstEnemyMarkerScored[p] = true;
        add(rule.vp, () => 'the enemy marker destroyed');
      }
      break;
    }
    case 'markerDestroyedOutsideZones': {
      const n = countDestroyedNow(sc, (m) => m.destroyedBy === p && m.friendlyTo !== p && !m.inZone);
      add(n * rule.vp, () => `${n} marker(s) destroyed outside every zone`);
      break;
    }
    case 'zoneVpBonusAfterEnemyMarker': {
      const seized = countSeized(sc, p);
      if (seized > 0 && destroyedEnemyMarker(sc, p, e)) {
        const n = rule.per === 'zone' ? seized : 1;
        add(n * rule.vp, () => `zone VP after destroying the enemy marker (${rule.per === 'zone' ? `${n} zone(s)` : 'once'})`);
      }
      break;
    }
    case 'characterRegimentSlain': {
      const slain = tally.enemyCharacterRegimentSlain[p] || (reinf?.characterRegiment[e] ?? false);
      if (slain && !state.characterRegimentScored[p]) {
        state.characterRegimentScored[p] = true;
        add(rule.vp, () => 'the enemy Character Regiment slain');
      }
      break;
    }
    case 'enemyRegimentDestroyed': {
      const n = tally.enemyRegimentsDestroyed[p] + (reinf?.regiments[e] ?? 0);
      add(n * rule.vp, () => `${n} enemy regiment(s) destroyed`);
      break;
    }
    case 'officerSlain': {
      const n = tally.officersSlain[p] + (reinf?.officers[e] ?? 0);
      add(n * rule.vp, () => `${n} enemy officer(s) slain`);
      break;
    }
    case 'pointsSlain': {
      const n = tally.pointsSlain[p] + (reinf?.points[e] ?? 0);
      add(n, () => `${Math.round(n * 100) / 100} points of enemy warriors slain`);
      break;
    }
    case 'brokenLines': {
      const m = state.markers.find((mk) => mk.id === rule.marker);
      const markerMine = sc.markerSeizedBy.get(rule.marker) === p;
      const enemyZones = countSeized(sc, p, (z) => z.friendlyTo === e);
      if (markerMine) add(rule.markerSeized, () => 'the marker seized');
      if (enemyZones > 0) add(enemyZones * rule.enemyZoneSeized, () => 'the enemy zone seized');
      if (markerMine && enemyZones > 0) add(rule.bothBonus, () => 'both the marker and the enemy zone seized');
      const home = sc.scenario.objectiveZones.filter((z) => z.friendlyTo === p);
      if (m && home.some((z) => circlesOverlap(m.x, m.y, m.r, z.x, z.y, z.diameter / 2))) {
        add(rule.markerInFriendlyZone, () => 'the marker within the friendly zone');
      }
      break;
    }
    case 'tugOfWar': {
      let held = 0;
      for (const c of state.capturePoints) if (c.controlledBy === p) held++;
      add(held * rule.perPoint, () => `${held} point(s) held`);
      const chains = capturePointChains(state.capturePoints, p, rule.linkDistance);
      let longest = 0;
      for (const c of chains) longest = Math.max(longest, c.length);
      for (const b of rule.chainBonuses) {
        if (longest >= b.minLength) add(b.vp, () => `a chain of ${longest} (≥ ${b.minLength})`);
      }
      const win = rule.instantWin;
      if (win && chains.some((c) => c.includes(win.from) && c.includes(win.to))) {
        sc.instantWinner = p;
        sc.instantVp = win.countsAsVp;
      }
      break;
    }
  }
}

/**
 * Tug-of-War chains of `player`: its points linked through points
 * `linkDistance` apart horizontally or vertically. A link inside a chain adds
 * nothing, so a chain is a connected group. Each chain is a list of point ids.
 */
export function capturePointChains(points: readonly CapturePointState[], player: PlayerIndex, linkDistance: number): string[][] {
  const mine = points.filter((c) => c.controlledBy === player);
  const linked = (a: CapturePointState, b: CapturePointState): boolean => {
    const dx = Math.abs(a.x - b.x);
    const dy = Math.abs(a.y - b.y);
    return (Math.abs(dx - linkDistance) < 1e-6 && dy < 1e-6) || (Math.abs(dy - linkDistance) < 1e-6 && dx < 1e-6);
  };
  const chains: string[][] = [];
  const done = new Set<string>();
  for (const start of mine) {
    if (done.has(start.id)) continue;
    const chain: string[] = [];
    const stack = [start];
    done.add(start.id);
    while (stack.length > 0) {
      const c = stack.pop()!;
      chain.push(c.id);
      for (const o of mine) {
        if (!done.has(o.id) && linked(c, o)) {
          done.add(o.id);
          stack.push(o);
        }
      }
    }
    chains.push(chain);
  }
  return chains;
}

export interface GameEndOptions {
  scenario: Scenario;
  state: ScenarioState;
  /** The round whose Victory Phase just ended. */
  round: number;
  instantWinner?: PlayerIndex | null;
  /** Per player: no warriors on the table and none left in Reinforcements. */
  wipedOut?: [boolean, boolean];
}

export interface GameEnd {
  over: boolean;
  winner: PlayerIndex | null;
  reason: EndReason | null;
}

/**
 * R28: the game ends when a player is wiped out (that player loses), on an
 * instant win, at the end of a Victory Phase when a player has reached the VP
 * threshold, or after the last round; most VP wins, equal VP is a draw.
 */
export function gameEnd(opts: GameEndOptions): GameEnd {
  const { scenario, state, round, instantWinner, wipedOut } = opts;
  if (wipedOut && (wipedOut[0] || wipedOut[1])) {
    const winner: PlayerIndex | null = wipedOut[0] && wipedOut[1] ? null : wipedOut[0] ? 1 : 0;
    return { over: true, winner, reason: 'wipeOut' };
  }
  if (instantWinner !== undefined && instantWinner !== null) return { over: true, winner: instantWinner, reason: 'instantWin' };
  const [a, b] = state.vp;
  const most: PlayerIndex | null = a > b ? 0 : b > a ? 1 : null;
  if (scenario.vpThreshold !== null && (a >= scenario.vpThreshold || b >= scenario.vpThreshold)) {
    return { over: true, winner: most, reason: 'vpThreshold' };
  }
  if (round >= scenario.rounds) return { over: true, winner: most, reason: 'lastRound' };
  return { over: false, winner: null, reason: null };
}
