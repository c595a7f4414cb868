import type { EndReason } from '../engine/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { seizeZone, type ZoneCircle } from './control.js';
import { baseRadius, circlesOverlap } from './geometry.js';
import { markerInAnyZone } from './markers.js';
import type {
  CapturePointState,
  ControlRule,
  ControlWarrior,
  Friendly,
  PlayerIndex,
  Scenario,
  ScenarioState,
  VictoryResult,
  VictoryTally,
  VpLine,
  VpRule,
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

/** An empty tally, for the engine to fill between Victory Phases. */
export function emptyTally(): VictoryTally {
  return {
    enemyRegimentsDestroyed: [0, 0],
    officersSlain: [0, 0],
    enemyCharacterRegimentSlain: [false, false],
    pointsSlain: [0, 0],
  };
}

const PLAYERS: readonly PlayerIndex[] = [0, 1];

/**
 * The Victory Phase: moves Broken Lines' marker, seizes zones and capture
 * points, scores every VP rule of the scenario for both players and updates
 * `state` (VP totals, zone and point owners; markers destroyed since the last
 * Victory Phase are used up, R27). Mutates `state`; returns what was scored.
 */
export function victoryPhase(opts: VictoryPhaseOptions): VictoryResult {
  const { scenario, state, round, warriors, tally, ruleset } = opts;
  const control = opts.control ?? scenario.control;
  const detail: VpLine[] = [];
  const add = (player: PlayerIndex, rule: VpRule['rule'], vp: number, why: string): void => {
    if (vp !== 0) detail.push({ player, rule, vp, why });
  };

  // Broken Lines: the marker's seizer moves it before scoring, so a marker
  // pushed into a friendly zone scores this phase.
  const markerSeizedBy = new Map<string, Friendly>();
  for (const sp of scenario.special) {
    const idx = state.markers.findIndex((m) => m.id === sp.marker);
    const m = state.markers[idx];
    const circle: ZoneCircle = { x: m.x, y: m.y, diameter: 2 * (m.r + sp.range), friendlyTo: null };
    const seizer = seizeZone({ zone: circle, warriors, markers: [], control, round, ruleset });
    markerSeizedBy.set(m.id, seizer);
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
  const zoneSeizedBy: Friendly[] = scenario.objectiveZones.map((zone) =>
    seizeZone({ zone, warriors, markers: state.markers, control, round, ruleset }),
  );
  state.zoneSeizedBy = zoneSeizedBy;

  // Capture points: the seizing rules within `range` of the point's base; a
  // point stays with its holder until the opponent seizes it.
  scenario.capturePoints.forEach((cp, i) => {
    const circle: ZoneCircle = { x: cp.x, y: cp.y, diameter: 2 * (baseRadius(cp.baseMm) + cp.range), friendlyTo: cp.friendlyTo };
    const seizer = seizeZone({ zone: circle, warriors, markers: [], control, round, ruleset });
    if (seizer !== null) state.capturePoints[i].controlledBy = seizer;
  });

  const destroyedNow = state.destroyedSinceVictory.map((i) => state.markers[i]);
  const reinf = tally.reinforcementsAtEnd;
  let instantWinner: PlayerIndex | null = null;
  let instantVp = 0;

  for (const p of PLAYERS) {
    const e: PlayerIndex = p === 0 ? 1 : 0;
    const seized = scenario.objectiveZones.filter((_, i) => zoneSeizedBy[i] === p);
    const destroyedEnemyEver = state.markers.some((m) => m.destroyed && m.destroyedBy === p && m.friendlyTo === e);
    for (const rule of scenario.vpRules) {
      switch (rule.rule) {
        case 'zoneSeized': {
          const only = rule.only;
          const n = seized.filter(
            (z) => (only?.diameter === undefined || z.diameter === only.diameter) && (only?.labels === undefined || only.labels.includes(z.label)),
          ).length;
          add(p, rule.rule, n * rule.vp, `${n} zone(s) seized${only ? ' (of those counted)' : ''}`);
          break;
        }
        case 'enemyZoneSeized': {
          const n = seized.filter((z) => z.friendlyTo === e).length;
          add(p, rule.rule, n * rule.vp, `${n} enemy zone(s) seized`);
          break;
        }
        case 'zonesSeizedBonus': {
          const need = rule.atLeast === 'all' ? scenario.objectiveZones.filter((z) => z.friendlyTo !== p).length : rule.atLeast;
          if (need > 0 && seized.length >= need) add(p, rule.rule, rule.vp, `${seized.length} zones seized (≥ ${need})`);
          break;
        }
        case 'enemyMarkerDestroyed': {
          const n = destroyedNow.filter((m) => m.destroyedBy === p && m.friendlyTo === e).length;
          add(p, rule.rule, n * rule.vp, `${n} enemy marker(s) destroyed this round`);
          break;
        }
        case 'markersDestroyedBonus': {
          const n = destroyedNow.filter((m) => m.destroyedBy === p).length;
          if (n > rule.moreThan) add(p, rule.rule, rule.vp, `${n} markers destroyed this round`);
          break;
        }
        case 'enemyMarkerDestroyedOnce': {
          if (!state.firstEnemyMarkerScored[p] && destroyedEnemyEver) {
            state.firstEnemyMarkerScored[p] = true;
            add(p, rule.rule, rule.vp, 'the enemy marker destroyed');
          }
          break;
        }
        case 'markerDestroyedOutsideZones': {
          const n = destroyedNow.filter((m) => m.destroyedBy === p && m.friendlyTo !== p && !m.inZone).length;
          add(p, rule.rule, n * rule.vp, `${n} marker(s) destroyed outside every zone`);
          break;
        }
        case 'zoneVpBonusAfterEnemyMarker': {
          if (destroyedEnemyEver && seized.length > 0) {
            const n = rule.per === 'zone' ? seized.length : 1;
            add(p, rule.rule, n * rule.vp, `zone VP after destroying the enemy marker (${rule.per === 'zone' ? `${n} zone(s)` : 'once'})`);
          }
          break;
        }
        case 'characterRegimentSlain': {
          const slain = tally.enemyCharacterRegimentSlain[p] || (reinf?.characterRegiment[e] ?? false);
          if (slain && !state.characterRegimentScored[p]) {
            state.characterRegimentScored[p] = true;
            add(p, rule.rule, rule.vp, 'the enemy Character Regiment slain');
          }
          break;
        }
        case 'enemyRegimentDestroyed': {
          const n = tally.enemyRegimentsDestroyed[p] + (reinf?.regiments[e] ?? 0);
          add(p, rule.rule, n * rule.vp, `${n} enemy regiment(s) destroyed`);
          break;
        }
        case 'officerSlain': {
          const n = tally.officersSlain[p] + (reinf?.officers[e] ?? 0);
          add(p, rule.rule, n * rule.vp, `${n} enemy officer(s) slain`);
          break;
        }
        case 'pointsSlain': {
          const n = tally.pointsSlain[p] + (reinf?.points[e] ?? 0);
          add(p, rule.rule, n, `${Math.round(n * 100) / 100} points of enemy warriors slain`);
          break;
        }
        case 'brokenLines': {
          const m = state.markers.find((mk) => mk.id === rule.marker);
          const markerMine = markerSeizedBy.get(rule.marker) === p;
          const enemyZones = seized.filter((z) => z.friendlyTo === e).length;
          if (markerMine) add(p, rule.rule, rule.markerSeized, 'the marker seized');
          if (enemyZones > 0) add(p, rule.rule, enemyZones * rule.enemyZoneSeized, 'the enemy zone seized');
          if (markerMine && enemyZones > 0) add(p, rule.rule, rule.bothBonus, 'both the marker and the enemy zone seized');
          const home = scenario.objectiveZones.filter((z) => z.friendlyTo === p);
          if (m && home.some((z) => circlesOverlap(m.x, m.y, m.r, z.x, z.y, z.diameter / 2))) {
            add(p, rule.rule, rule.markerInFriendlyZone, 'the marker within the friendly zone');
          }
          break;
        }
        case 'tugOfWar': {
          const mine = state.capturePoints.filter((c) => c.controlledBy === p);
          add(p, rule.rule, mine.length * rule.perPoint, `${mine.length} point(s) held`);
          const chains = capturePointChains(state.capturePoints, p, rule.linkDistance);
          const longest = chains.reduce((a, c) => Math.max(a, c.length), 0);
          for (const b of rule.chainBonuses) {
            if (longest >= b.minLength) add(p, rule.rule, b.vp, `a chain of ${longest} (≥ ${b.minLength})`);
          }
          const win = rule.instantWin;
          if (win && chains.some((c) => c.includes(win.from) && c.includes(win.to))) {
            instantWinner = p;
            instantVp = win.countsAsVp;
          }
          break;
        }
      }
    }
  }

  const gained: [number, number] = [0, 0];
  for (const l of detail) gained[l.player] += l.vp;
  state.vp[0] += gained[0];
  state.vp[1] += gained[1];
  // Tug-of-War: an A-to-B chain wins at once and counts as that many VP.
  if (instantWinner !== null && state.vp[instantWinner] < instantVp) {
    gained[instantWinner] += instantVp - state.vp[instantWinner];
    state.vp[instantWinner] = instantVp;
  }
  state.destroyedSinceVictory = [];
  state.victoryPhasesDone++;
  return { vp: gained, total: [state.vp[0], state.vp[1]], detail, zoneSeizedBy, instantWinner };
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
