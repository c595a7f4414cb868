import type { Roster } from '../army/types.js';
import { mmToInches, polygonArea, polygonBounds, polygonCentroid, pointInPolygon } from '../board/index.js';
import type { Polygon } from '../board/types.js';
import { createRng } from '../dice/rng.js';
import { DEFAULT_RULESET } from '../rules/ruleset.js';
import { shapePolygon } from './geometry.js';
import { generateTerrain } from './terrain.js';
import type { Scenario } from './types.js';

/**
 * Smallest width and depth of a deployment shape, inches: narrower, and not
 * even a Monster's base fits (a `validate` error, not a late "does not fit in
 * its deployment zone" from `play`).
 */
export const MIN_ZONE_SPAN = 3;

/** Signed area ×2 of the triangle a, b, c. */
function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Segments a–b and c–d cross at a point inside both (touching or running along each other does not count). */
function cross(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }, d: { x: number; y: number }): boolean {
  const d1 = orient(c.x, c.y, d.x, d.y, a.x, a.y);
  const d2 = orient(c.x, c.y, d.x, d.y, b.x, b.y);
  const d3 = orient(a.x, a.y, b.x, b.y, c.x, c.y);
  const d4 = orient(a.x, a.y, b.x, b.y, d.x, d.y);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Two edges of the polygon that cross (not neighbours), or null. */
function selfCrossing(p: Polygon): [number, number] | null {
  const n = p.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours through the closing edge
      if (cross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])) return [i, j];
    }
  }
  return null;
}

/** Whether two simple polygons share area: crossing edges, or one's vertex or centroid strictly inside the other. */
function overlap(a: Polygon, b: Polygon): boolean {
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) if (cross(a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length])) return true;
  }
  const inside = (p: Polygon, q: Polygon): boolean => {
    const c = polygonCentroid(p);
    return pointInPolygon(c.x, c.y, q);
  };
  return inside(a, b) || inside(b, a);
}

/**
 * Deployment geometry `play` would trip over, as [path, message]: shapes that
 * are degenerate (no area, crossing edges, too narrow) and zones of the two
 * players that overlap (identical ones included).
 */
export function deploymentErrors(s: Scenario): [PropertyKey[], string][] {
  const out: [PropertyKey[], string][] = [];
  // The sound shapes of each player, with their index; only those are compared.
  const sound: [number, Polygon][][] = [[], []];
  s.deployment.forEach((shapes, p) =>
    shapes.forEach((shape, i) => {
      const poly = shapePolygon(shape);
      const path = ['deployment', p, i];
      const crossing = 'polygon' in shape ? selfCrossing(poly) : null;
      if (crossing) {
        out.push([[...path, 'polygon'], `edges ${crossing[0]} and ${crossing[1]} cross; expected a simple polygon`]);
        return;
      }
      const b = polygonBounds(poly);
      const span = Math.min(b.maxX - b.minX, b.maxY - b.minY);
      if (polygonArea(poly) < MIN_ZONE_SPAN * MIN_ZONE_SPAN || span < MIN_ZONE_SPAN) {
        out.push([path, `too small for a regiment: at least ${MIN_ZONE_SPAN}" across each way and ${MIN_ZONE_SPAN * MIN_ZONE_SPAN} sq in expected`]);
        return;
      }
      sound[p].push([i, poly]);
    }),
  );
  for (const [i, a] of sound[0]) {
    for (const [j, b] of sound[1]) {
      if (overlap(a, b)) out.push([['deployment', 1, j], `overlaps deployment[0][${i}]: the players' zones must not share ground`]);
    }
  }
  return out;
}

/**
 * Whether R31's generated terrain fits the table (default knobs, a fixed
 * seed), checked by `validate`, so a table too small for it does not fail only in `play`.
 */
export function terrainError(s: Scenario): string | null {
  if (s.terrain !== 'generate') return null;
  try {
    generateTerrain({ scenario: s, rng: createRng('terrain:validate'), ruleset: DEFAULT_RULESET });
    return null;
  } catch {
    return `"generate" cannot place R31's terrain on this ${s.table.width}"×${s.table.height}" table; use a larger table or list the pieces`;
  }
}

/**
 * Whether an army's deployed bases can fit its deployment zones at all: the
 * square each base takes in a formation (its diameter plus the 0.05" spacing
 * deployment uses), summed over the warriors deployed at the start (Flank
 * regiments wait in Reinforcements, R30), against the zones' area. A
 * necessary condition only, checked by `validate` and `run` before any game.
 */
export function deploymentAreaError(s: Scenario, player: 0 | 1, army: Roster): string | null {
  let need = 0;
  for (const reg of army.regiments) {
    if (reg.reinforcement) continue;
    for (const w of reg.warriors) need += (mmToInches(w.profile.baseMm) + 0.05) ** 2;
  }
  let have = 0;
  for (const shape of s.deployment[player]) have += polygonArea(shapePolygon(shape));
  if (need <= have) return null;
  return `scenario ${s.id}'s deployment zone of player ${player + 1} (${Math.round(have)} sq in) is too small for "${army.name}" (its bases need ${Math.round(need)} sq in)`;
}
