import type { Ruleset } from '../rules/ruleset.js';
import { baseRadius, circlesOverlap } from './geometry.js';
import type { MarkerState, PlayerIndex, Scenario, ScenarioState } from './types.js';

/** A fresh ScenarioState for a game of `scenario`. */
export function createScenarioState(scenario: Scenario, ruleset: Ruleset): ScenarioState {
  const r = baseRadius(ruleset.marker.baseMm);
  // Built by push from one literal, so every game's list has the same elements kind,
  // empty or not: lists made by .map() of an empty array differ, and the engine's
  // hot loops over markers were recompiled for each kind.
  const markers: MarkerState[] = [];
  for (const m of scenario.objectiveMarkers) {
    markers.push({
      id: m.id,
      x: m.x,
      y: m.y,
      r,
      friendlyTo: m.friendlyTo,
      behaviour: m.behaviour,
      damage: [0, 0],
      destroyed: false,
      destroyedBy: null,
      destroyedRound: null,
      inZone: false,
    });
  }
  for (const m of markers) m.inZone = markerInAnyZone(scenario, m);
  return {
    scenarioId: scenario.id,
    markers,
    capturePoints: scenario.capturePoints.map((c) => ({
      id: c.id,
      x: c.x,
      y: c.y,
      friendlyTo: c.friendlyTo,
      controlledBy: c.controlledBy,
    })),
    zoneSeizedBy: scenario.objectiveZones.map(() => null),
    vp: [0, 0],
    destroyedSinceVictory: [],
    characterRegimentScored: [false, false],
    firstEnemyMarkerScored: [false, false],
    victoryPhasesDone: 0,
    markerRules: {
      wounds: ruleset.marker.wounds,
      firstDamageRound: ruleset.marker.firstDamageRound,
      maxWoundsPerAction: ruleset.marker.maxWoundsPerAction,
    },
  };
}

/** The marker's base overlaps some objective zone of the scenario. */
export function markerInAnyZone(scenario: Scenario, m: { x: number; y: number; r: number }): boolean {
  return scenario.objectiveZones.some((z) => circlesOverlap(m.x, m.y, m.r, z.x, z.y, z.diameter / 2));
}

/**
 * R26: a player may attack a marker that is not friendly to it, not
 * destroyed, attackable at all (Broken Lines' marker is not), from the
 * marker's first damage round on.
 */
export function canAttackMarker(state: ScenarioState, markerIdx: number, player: PlayerIndex, round: number): boolean {
  const m = state.markers[markerIdx];
  if (!m) return false;
  return !m.destroyed && m.behaviour === 'standard' && m.friendlyTo !== player && round >= state.markerRules.firstDamageRound;
}

/**
 * Wounds one action of `player` dealt a marker (after the engine rolled the
 * attack and the marker's blocks). Call once per action: at most
 * `maxWoundsPerAction` (1) is applied here (R26). Damage is kept per player;
 * the marker is destroyed when one player's damage reaches its Wounds.
 * Attacking a marker that cannot be attacked is an error.
 */
export function damageMarker(state: ScenarioState, markerIdx: number, player: PlayerIndex, wounds: number, round: number): { applied: number; destroyed: boolean } {
  if (!canAttackMarker(state, markerIdx, player, round)) {
    throw new Error(`player ${player + 1} cannot attack marker ${state.markers[markerIdx]?.id ?? markerIdx} in round ${round}`);
  }
  const m = state.markers[markerIdx];
  const applied = Math.max(0, Math.min(wounds, state.markerRules.maxWoundsPerAction, state.markerRules.wounds - m.damage[player]));
  m.damage[player] += applied;
  if (m.damage[player] >= state.markerRules.wounds) {
    m.destroyed = true;
    m.destroyedBy = player;
    m.destroyedRound = round;
    state.destroyedSinceVictory.push(markerIdx);
  }
  return { applied, destroyed: m.destroyed };
}
