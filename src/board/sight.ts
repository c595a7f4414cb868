/** Line of sight and Volley range (R22, R23). */
import { EPSILON, asPreparedTerrain, edgeDistance, segmentPointDistanceSq, segmentPolygonSpan } from './geometry.js';
import type { Circle, LineOfSight, LineOfSightOptions, SizedCircle } from './types.js';

const crossing = new Float64Array(2);
const BOX_MARGIN = 1e-6;

/**
 * R22 line of sight: the segment between the shooter's and the target's base
 * centres.
 * - `blocked`: it touches or crosses terrain with the Obstructing rule whose
 *   Size is at least the target's.
 * - `obscured`: it touches or crosses terrain with the Obscuring rule whose Size
 *   is at least half the target's (+1 block die).
 * - `intervened`: it touches or crosses the base of another warrior whose Size
 *   is at least the target's; the target cannot be chosen for a Volley.
 * Size Matters: an intervening warrior or obscuring terrain is ignored when its
 * Size is smaller than the shooter's AND it is nearer to the shooter than to the
 * target. "Nearer" is measured to base edges (as every distance, R23): for a
 * warrior, its edge distance to the shooter against its edge distance to the
 * target; for terrain, the midpoint of the part of the segment it spans (first
 * to last contact) against the same two base edges. Equal is not nearer.
 * Size Matters never lifts `blocked`. Shooter and target are skipped if they
 * appear in `warriors` (same object).
 */
export function lineOfSight(opts: LineOfSightOptions): LineOfSight {
  const { shooter, target, warriors } = opts;
  const terrain = asPreparedTerrain(opts.terrain);
  const ax = shooter.x;
  const ay = shooter.y;
  const bx = target.x;
  const by = target.y;
  const loX = ax < bx ? ax : bx;
  const hiX = ax < bx ? bx : ax;
  const loY = ay < by ? ay : by;
  const hiY = ay < by ? by : ay;
  // clearOnly: the bases first (a line of sight fails more often on a base than on terrain), and stop at the first failure.
  const clearOnly = opts.clearOnly === true;
  const intervened = intervening(shooter, target, warriors, loX, hiX, loY, hiY);
  if (intervened && clearOnly) return { blocked: false, obscured: false, intervened };
  const L = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  let blocked = false;
  let obscured = false;

  for (let i = 0; i < terrain.pieces.length; i++) {
    // Boxes apart: segmentPolygonSpan's own first reject, without the vertices.
    const b = terrain.bounds[i];
    if (hiX < b.minX || loX > b.maxX || hiY < b.minY || loY > b.maxY) continue;
    const piece = terrain.pieces[i];
    const obstructs = !blocked && piece.size >= target.size && piece.rules.includes('Obstructing');
    const obscures = !obscured && piece.size >= target.size / 2 && piece.rules.includes('Obscuring');
    if (!obstructs && !obscures) continue;
    if (!segmentPolygonSpan(ax, ay, bx, by, piece.shape, crossing)) continue;
    if (obstructs) {
      blocked = true;
      if (clearOnly) return { blocked, obscured: false, intervened };
    }
    if (obscures) {
      const mid = ((crossing[0] + crossing[1]) / 2) * L;
      const nearerShooter = mid - shooter.r < L - mid - target.r;
      if (!(piece.size < shooter.size && nearerShooter)) obscured = true;
    }
  }

  return { blocked, obscured, intervened };
}

/** lineOfSight's `intervened`: a base of another warrior of at least the target's Size touches the line (Size Matters applied). */
function intervening(shooter: SizedCircle, target: SizedCircle, warriors: readonly SizedCircle[], loX: number, hiX: number, loY: number, hiY: number): boolean {
  const ax = shooter.x;
  const ay = shooter.y;
  const bx = target.x;
  const by = target.y;
  // A base whose centre is farther than its radius (plus a margin far above
  // rounding) outside the line's box cannot touch the line: skip the exact test.
  const minX = loX - BOX_MARGIN;
  const maxX = hiX + BOX_MARGIN;
  const minY = loY - BOX_MARGIN;
  const maxY = hiY + BOX_MARGIN;
  for (let i = 0; i < warriors.length; i++) {
    const w = warriors[i];
    if (w.size < target.size || w === shooter || w === target) continue;
    const lim = w.r + EPSILON;
    if (w.x + lim < minX || w.x - lim > maxX || w.y + lim < minY || w.y - lim > maxY) continue;
    if (segmentPointDistanceSq(ax, ay, bx, by, w.x, w.y) > lim * lim) continue;
    if (w.size < shooter.size && edgeDistance(w, shooter) < edgeDistance(w, target)) continue; // Size Matters
    return true;
  }
  return false;
}

/** R23: Volley range is measured base edge to base edge. */
export function volleyRange(a: Circle, b: Circle): number {
  return edgeDistance(a, b);
}
