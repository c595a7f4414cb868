/**
 * Names for reasons: places and markers by their labels on the map and in
 * the replay (zone N1, point (24,12), marker M), warriors as the narration
 * names them (Reed Spears#12).
 */
import type { GameState, TargetRef } from '../engine/types.js';
import type { Objective } from './toolkit.js';

type State = Readonly<GameState>;

/** A marker by its map label ("marker M"), its id when the scenario gives none. */
export function markerLabel(s: State, i: number): string {
  const m = s.scenarioState.markers[i];
  const def = s.match.scenario.objectiveMarkers.find((d) => d.id === m.id);
  return `marker ${def?.label ?? m.id}`;
}

/** A scoring place by its map label: "zone N1", "point (24,12)", the moving marker as "marker M". */
export function placeLabel(s: State, p: Readonly<Objective>): string {
  switch (p.kind) {
    case 'zone':
      return `zone ${s.match.scenario.objectiveZones[p.index].label}`;
    case 'point':
      return `point ${s.match.scenario.capturePoints[p.index].label}`;
    case 'movingMarker':
      return markerLabel(s, p.index);
  }
}

/** A warrior as the narration names it. */
export function warriorName(s: State, id: number): string {
  return `${s.warriors[id].profile.name}#${id}`;
}

/** A warrior or a marker (a TargetRef). */
export function targetLabel(s: State, t: TargetRef): string {
  return t >= 0 ? warriorName(s, t) : markerLabel(s, -1 - t);
}

/** A number for a reason line: one decimal, no "-0.0". */
export function num(v: number): string {
  const r = v.toFixed(1);
  return r === '-0.0' ? '0.0' : r;
}
