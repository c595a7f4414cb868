import type { Polygon } from '../board/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { edgeLength, shapePolygon } from './geometry.js';
import type { EdgeSegment, PlayerIndex, Scenario, TableEdge } from './types.js';

/** A player's deployment zone as polygons (their union is the zone). */
export function deploymentPolygons(scenario: Scenario, player: PlayerIndex): Polygon[] {
  return scenario.deployment[player].map(shapePolygon);
}

const EDGES: readonly TableEdge[] = ['bottom', 'right', 'top', 'left'];

/** Per scenario and player, any table edge but the opponent's Reinforcement Zone (scenarios are immutable). */
const ANY_EDGE = new WeakMap<Scenario, [EdgeSegment[], EdgeSegment[]]>();

/**
 * R30: where `player`'s reinforcements may enter in `round`: nowhere before
 * the first reinforcement round, its Reinforcement Zone in the next rounds,
 * then any table edge except the opponent's Reinforcement Zone.
 */
export function entrySegments(scenario: Scenario, player: PlayerIndex, round: number, ruleset: Ruleset): readonly EdgeSegment[] {
  const r = ruleset.reinforcements;
  if (round < r.firstRound) return [];
  if (round < r.anyEdgeFromRound) return scenario.reinforcement[player];
  let anyEdge = ANY_EDGE.get(scenario);
  if (!anyEdge) {
    anyEdge = [anyEdgeBut(scenario, 1), anyEdgeBut(scenario, 0)];
    ANY_EDGE.set(scenario, anyEdge);
  }
  return anyEdge[player];
}

/** Every table edge minus `opponent`'s Reinforcement Zone. */
function anyEdgeBut(scenario: Scenario, opponent: PlayerIndex): EdgeSegment[] {
  const theirs = scenario.reinforcement[opponent];
  const out: EdgeSegment[] = [];
  for (const edge of EDGES) {
    // The edge minus the opponent's segments on it.
    let free: [number, number][] = [[0, edgeLength(edge, scenario.table.width, scenario.table.height)]];
    for (const s of theirs) {
      if (s.edge !== edge) continue;
      free = free.flatMap(([a, b]): [number, number][] => {
        if (s.to <= a || s.from >= b) return [[a, b]];
        const parts: [number, number][] = [];
        if (s.from > a) parts.push([a, s.from]);
        if (s.to < b) parts.push([s.to, b]);
        return parts;
      });
    }
    for (const [from, to] of free) out.push({ edge, from, to });
  }
  return out;
}
