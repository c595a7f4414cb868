/**
 * Plane geometry on the table, in inches. Hot-path functions take plain
 * numbers and do not allocate; the ones returning a Point say so.
 */
import { packedList } from '../data/lists.js';
import type { Bounds, Circle, Point, Polygon, PreparedPolygons, PreparedTerrain, Rect, Table, TerrainPiece } from './types.js';

/**
 * Slack for touching tests, inches. Two shapes closer than this count as
 * touching, not overlapping, so a base placed exactly in contact stays legal
 * after floating-point rounding.
 */
export const EPSILON = 1e-9;

/** The 48"×48" table (DESIGN.md). */
export const DEFAULT_TABLE: Table = { width: 48, height: 48 };

const MM_PER_INCH = 25.4;

export function mmToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

/** Distance between two points. */
export function distance(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Gap between two bases' edges: 0 when touching, negative when overlapping (R5, R23). */
export function edgeDistance(a: Circle, b: Circle): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return Math.sqrt(dx * dx + dy * dy) - a.r - b.r;
}

/** The four corners of a rectangle, anticlockwise from its lower-left corner. */
export function rectPolygon(r: Rect): Polygon {
  return [
    { x: r.x, y: r.y },
    { x: r.x + r.w, y: r.y },
    { x: r.x + r.w, y: r.y + r.h },
    { x: r.x, y: r.y + r.h },
  ];
}

/** R29, R31: the point rotated 180° about the table centre. */
export function rotate180(p: Point, table: Table): Point {
  return { x: table.width - p.x, y: table.height - p.y };
}

/** R29, R31: the polygon rotated 180° about the table centre (winding is kept). */
export function rotatePolygon180(poly: Polygon, table: Table): Polygon {
  const out: Polygon = new Array(poly.length);
  for (let i = 0; i < poly.length; i++) out[i] = { x: table.width - poly[i].x, y: table.height - poly[i].y };
  return out;
}

/** Where along a–b (0 at a, 1 at b) the point closest to (px, py) lies; 0 for a degenerate segment. */
function closestParam(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (!(len2 > 0)) return 0;
  const t = ((px - ax) * dx + (py - ay) * dy) / len2;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** Squared distance from (px, py) to the segment a–b (a degenerate segment is a point). */
export function segmentPointDistanceSq(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = closestParam(ax, ay, bx, by, px, py);
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

/** Distance from (px, py) to the segment a–b. */
export function segmentPointDistance(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return Math.sqrt(segmentPointDistanceSq(ax, ay, bx, by, px, py));
}

/** The point of segment a–b closest to (px, py). Allocates the result. */
export function closestPointOnSegment(ax: number, ay: number, bx: number, by: number, px: number, py: number): Point {
  const t = closestParam(ax, ay, bx, by, px, py);
  return { x: ax + t * (bx - ax), y: ay + t * (by - ay) };
}

/** Gap between segment a–b and the circle's edge: negative when the segment enters the circle. */
export function segmentCircleDistance(ax: number, ay: number, bx: number, by: number, c: Circle): number {
  return Math.sqrt(segmentPointDistanceSq(ax, ay, bx, by, c.x, c.y)) - c.r;
}

/** Whether segment a–b touches or crosses the circle (a tangent counts). */
export function segmentIntersectsCircle(ax: number, ay: number, bx: number, by: number, c: Circle): boolean {
  const lim = c.r + EPSILON;
  return segmentPointDistanceSq(ax, ay, bx, by, c.x, c.y) <= lim * lim;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether (px, py), known to be collinear with a–b, lies within its bounding box. */
function withinBox(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return px >= (ax < bx ? ax : bx) && px <= (ax < bx ? bx : ax) && py >= (ay < by ? ay : by) && py <= (ay < by ? by : ay);
}

/** Whether segments a–b and c–d share a point (touching and collinear overlap count). */
export function segmentsIntersect(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && withinBox(cx, cy, dx, dy, ax, ay)) return true;
  if (d2 === 0 && withinBox(cx, cy, dx, dy, bx, by)) return true;
  if (d3 === 0 && withinBox(ax, ay, bx, by, cx, cy)) return true;
  if (d4 === 0 && withinBox(ax, ay, bx, by, dx, dy)) return true;
  return false;
}

/** Shortest distance between segments a–b and c–d (0 when they meet). */
export function segmentsDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  let m = segmentPointDistanceSq(cx, cy, dx, dy, ax, ay);
  let d = segmentPointDistanceSq(cx, cy, dx, dy, bx, by);
  if (d < m) m = d;
  d = segmentPointDistanceSq(ax, ay, bx, by, cx, cy);
  if (d < m) m = d;
  d = segmentPointDistanceSq(ax, ay, bx, by, dx, dy);
  if (d < m) m = d;
  return Math.sqrt(m);
}

/**
 * Whether (x, y) is inside the polygon (even–odd rule, so either winding).
 * Points on the boundary (within EPSILON) count as inside.
 */
export function pointInPolygon(x: number, y: number, poly: Polygon): boolean {
  const n = poly.length;
  let inside = false;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = poly[i].x;
    const yi = poly[i].y;
    const xj = poly[j].x;
    const yj = poly[j].y;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    if (xi < minX) minX = xi;
    if (xi > maxX) maxX = xi;
    if (yi < minY) minY = yi;
    if (yi > maxY) maxY = yi;
  }
  if (inside) return true;
  // Only a point near the boundary needs the tolerance check.
  if (x < minX - EPSILON || x > maxX + EPSILON || y < minY - EPSILON || y > maxY + EPSILON) return false;
  const e2 = EPSILON * EPSILON;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (segmentPointDistanceSq(poly[j].x, poly[j].y, poly[i].x, poly[i].y, x, y) <= e2) return true;
  }
  return false;
}

/** Whether the point lies inside any of the polygons (boundary included). */
export function pointInAnyPolygon(x: number, y: number, polys: readonly Polygon[]): boolean {
  for (let i = 0; i < polys.length; i++) if (pointInPolygon(x, y, polys[i])) return true;
  return false;
}

/** Smallest distance from (x, y) to the polygon's boundary. */
export function polygonBoundaryDistance(x: number, y: number, poly: Polygon): number {
  let m = Infinity;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const d = segmentPointDistanceSq(poly[j].x, poly[j].y, poly[i].x, poly[i].y, x, y);
    if (d < m) m = d;
  }
  return Math.sqrt(m);
}

/**
 * Whether the whole base lies inside the polygon ("wholly within", R30).
 * A base touching the boundary from inside counts.
 */
export function circleWhollyWithin(c: Circle, poly: Polygon): boolean {
  if (!pointInPolygon(c.x, c.y, poly)) return false;
  const lim = c.r - EPSILON;
  if (lim <= 0) return true;
  const lim2 = lim * lim;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (segmentPointDistanceSq(poly[j].x, poly[j].y, poly[i].x, poly[i].y, c.x, c.y) < lim2) return false;
  }
  return true;
}

/** Twice the signed area: positive for anticlockwise vertices. */
function signedArea2(poly: Polygon): number {
  let s = 0;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) s += poly[j].x * poly[i].y - poly[i].x * poly[j].y;
  return s;
}

/** Signed area: positive when the vertices run anticlockwise. */
export function polygonSignedArea(poly: Polygon): number {
  return signedArea2(poly) / 2;
}

export function polygonArea(poly: Polygon): number {
  return Math.abs(signedArea2(poly)) / 2;
}

/** Area centroid; for a degenerate (zero-area) polygon, the mean of its vertices. */
export function polygonCentroid(poly: Polygon): Point {
  const n = poly.length;
  let a2 = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const cross = poly[j].x * poly[i].y - poly[i].x * poly[j].y;
    a2 += cross;
    cx += (poly[j].x + poly[i].x) * cross;
    cy += (poly[j].y + poly[i].y) * cross;
  }
  if (Math.abs(a2) <= EPSILON * EPSILON) {
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < n; i++) {
      sx += poly[i].x;
      sy += poly[i].y;
    }
    return n === 0 ? { x: NaN, y: NaN } : { x: sx / n, y: sy / n };
  }
  return { x: cx / (3 * a2), y: cy / (3 * a2) };
}

export function polygonBounds(poly: Polygon): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** The polygons with their bounds, for the hot paths; the polygons must not change afterwards. */
export function preparePolygons(polys: readonly Polygon[]): PreparedPolygons {
  // Lists of one elements kind even when empty (packedList): the movement loops over
  // them were deoptimised by the first table without impassable or difficult terrain.
  const polygons = packedList(polys);
  const bounds = packedList(polys.map(polygonBounds));
  return { polygons, bounds };
}

/** The polygons as given if already prepared, else prepared now (an allocation per call). */
export function asPrepared(polys: readonly Polygon[] | PreparedPolygons): PreparedPolygons {
  return Array.isArray(polys) ? preparePolygons(polys) : (polys as PreparedPolygons);
}

/** The pieces with their footprints' bounds, for line of sight; the pieces must not change afterwards. */
export function prepareTerrain(pieces: readonly TerrainPiece[]): PreparedTerrain {
  return { pieces, bounds: pieces.map((t) => polygonBounds(t.shape)) };
}

/** The terrain as given if already prepared, else prepared now (an allocation per call). */
export function asPreparedTerrain(terrain: readonly TerrainPiece[] | PreparedTerrain): PreparedTerrain {
  return Array.isArray(terrain) ? prepareTerrain(terrain) : (terrain as PreparedTerrain);
}

/**
 * Whether the bounds come within `margin` of the box [minX, maxX] × [minY, maxY].
 */
export function boundsNear(b: Bounds, minX: number, minY: number, maxX: number, maxY: number, margin: number): boolean {
  return b.minX - margin <= maxX && b.maxX + margin >= minX && b.minY - margin <= maxY && b.maxY + margin >= minY;
}

/**
 * pointInPolygon with the polygon's bounds known. A point more than EPSILON
 * outside them is outside: no edge straddles its y, or every one that does is
 * on the same side of it, an even number, and it is not within EPSILON of the
 * boundary; so this answers exactly as pointInPolygon does.
 */
export function pointInBoundedPolygon(x: number, y: number, poly: Polygon, b: Bounds): boolean {
  if (x < b.minX - EPSILON || x > b.maxX + EPSILON || y < b.minY - EPSILON || y > b.maxY + EPSILON) return false;
  return pointInPolygon(x, y, poly);
}

/** Whether two bases touch or overlap (touching counts: R24 "overlaps" is read inclusively). */
export function circleOverlapsCircle(a: Circle, b: Circle): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lim = a.r + b.r + EPSILON;
  return dx * dx + dy * dy <= lim * lim;
}

/** Whether the base touches or overlaps the polygon (inside it, or within r of its boundary). */
export function circleOverlapsPolygon(c: Circle, poly: Polygon): boolean {
  const lim = c.r + EPSILON;
  const lim2 = lim * lim;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (segmentPointDistanceSq(poly[j].x, poly[j].y, poly[i].x, poly[i].y, c.x, c.y) <= lim2) return true;
  }
  return pointInPolygon(c.x, c.y, poly);
}

/** Whether segment a–b touches or enters the polygon (a segment wholly inside counts). */
export function segmentIntersectsPolygon(ax: number, ay: number, bx: number, by: number, poly: Polygon): boolean {
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (segmentsIntersect(ax, ay, bx, by, poly[j].x, poly[j].y, poly[i].x, poly[i].y)) return true;
  }
  return pointInPolygon(ax, ay, poly);
}

/**
 * Where segment a–b first and last meets the polygon, as fractions of the
 * segment (0 at a, 1 at b), written to out[0] and out[1]. Returns false when
 * they do not meet. Does not allocate.
 */
export function segmentPolygonSpan(ax: number, ay: number, bx: number, by: number, poly: Polygon, out: Float64Array | number[]): boolean {
  const n = poly.length;
  const rx = bx - ax;
  const ry = by - ay;
  // Cheap rejects first, as most terrain is nowhere near a given line of sight:
  // bounding boxes apart, or every vertex strictly on one side of the line.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let left = 0;
  let right = 0;
  for (let i = 0; i < n; i++) {
    const p = poly[i];
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
    const side = rx * (p.y - ay) - ry * (p.x - ax);
    if (side > 0) left++;
    else if (side < 0) right++;
  }
  if ((left === n || right === n) && (rx !== 0 || ry !== 0)) return false;
  if ((ax > bx ? ax : bx) < minX || (ax < bx ? ax : bx) > maxX || (ay > by ? ay : by) < minY || (ay < by ? ay : by) > maxY) {
    return false;
  }
  let tMin = Infinity;
  let tMax = -Infinity;
  if (pointInPolygon(ax, ay, poly)) tMin = tMax = 0;
  if (pointInPolygon(bx, by, poly)) {
    if (tMin > 1) tMin = 1;
    tMax = 1;
  }
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const cx = poly[j].x;
    const cy = poly[j].y;
    const sx = poly[i].x - cx;
    const sy = poly[i].y - cy;
    const denom = rx * sy - ry * sx;
    if (denom === 0) {
      // Parallel: only a collinear overlap meets; its ends are the edge's ends projected on a–b.
      if (orient(ax, ay, bx, by, cx, cy) !== 0) continue;
      const len2 = rx * rx + ry * ry;
      if (len2 === 0) continue;
      for (let k = 0; k < 2; k++) {
        const px = k === 0 ? cx : poly[i].x;
        const py = k === 0 ? cy : poly[i].y;
        const t = ((px - ax) * rx + (py - ay) * ry) / len2;
        if (t >= 0 && t <= 1) {
          if (t < tMin) tMin = t;
          if (t > tMax) tMax = t;
        }
      }
      continue;
    }
    const qx = cx - ax;
    const qy = cy - ay;
    const t = (qx * sy - qy * sx) / denom;
    const u = (qx * ry - qy * rx) / denom;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1) {
      if (t < tMin) tMin = t;
      if (t > tMax) tMax = t;
    }
  }
  if (tMin > tMax) return false;
  out[0] = tMin;
  out[1] = tMax;
  return true;
}

/** Slack, far above rounding, on the box gaps polygonsDistance uses to skip pairs of edges. */
const GAP_MARGIN = 1e-6;

/** Shortest distance between two polygons, 0 when they touch, overlap or one holds the other (R31 terrain gap). */
export function polygonsDistance(a: Polygon, b: Polygon): number {
  const na = a.length;
  const nb = b.length;
  if (na === 0 || nb === 0) return Infinity;
  if (pointInPolygon(a[0].x, a[0].y, b) || pointInPolygon(b[0].x, b[0].y, a)) return 0;
  // Two edges are at least as far apart as their boxes: a pair whose boxes are
  // farther apart than the best so far (plus GAP_MARGIN) cannot lower it.
  let m = Infinity;
  for (let i = 0, j = na - 1; i < na; j = i++) {
    const ax = a[j].x;
    const ay = a[j].y;
    const bx = a[i].x;
    const by = a[i].y;
    const aMinX = ax < bx ? ax : bx;
    const aMaxX = ax < bx ? bx : ax;
    const aMinY = ay < by ? ay : by;
    const aMaxY = ay < by ? by : ay;
    for (let k = 0, l = nb - 1; k < nb; l = k++) {
      const cx = b[l].x;
      const cy = b[l].y;
      const dx = b[k].x;
      const dy = b[k].y;
      const gx = Math.max(0, (cx < dx ? cx : dx) - aMaxX, aMinX - (cx < dx ? dx : cx));
      const gy = Math.max(0, (cy < dy ? cy : dy) - aMaxY, aMinY - (cy < dy ? dy : cy));
      const lim = m + GAP_MARGIN;
      if (gx * gx + gy * gy > lim * lim) continue;
      const d = segmentsDistance(ax, ay, bx, by, cx, cy, dx, dy);
      if (d < m) {
        m = d;
        if (m === 0) return 0;
      }
    }
  }
  return m;
}

/** Whether (x, y) lies inside any polygon of the union except possibly at its boundary. */
function coveredByUnion(x: number, y: number, polys: readonly Polygon[]): boolean {
  for (let i = 0; i < polys.length; i++) if (pointInPolygon(x, y, polys[i])) return true;
  return false;
}

/**
 * Whether the whole base lies inside the union of the polygons ("wholly
 * within" a zone built from several pieces, e.g. an L of squares: a base may
 * straddle two adjacent squares). Touching the union's outer boundary from
 * inside counts.
 *
 * Method: the base is covered when its centre is, and no piece of the union's
 * boundary passes through the open disc. A polygon edge is union boundary
 * where the side facing away from its polygon is not covered by any polygon;
 * each edge part inside the disc is cut where other polygons' edges or
 * vertices meet it, and each part is probed just outside at its midpoint.
 */
export function circleWhollyWithinUnion(c: Circle, polys: readonly Polygon[]): boolean {
  for (let i = 0; i < polys.length; i++) if (circleWhollyWithin(c, polys[i])) return true;
  if (!coveredByUnion(c.x, c.y, polys)) return false;
  const rIn = c.r - EPSILON;
  if (rIn <= 0) return true;
  const probe = 1e-7;
  const cuts: number[] = [];
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p];
    const n = poly.length;
    const outwardSign = signedArea2(poly) >= 0 ? 1 : -1;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = poly[j].x;
      const ay = poly[j].y;
      const ex = poly[i].x - ax;
      const ey = poly[i].y - ay;
      const len2 = ex * ex + ey * ey;
      if (len2 === 0) continue;
      // Part of the edge strictly inside the disc of radius rIn: |a + t e - c|² < rIn².
      const wx = ax - c.x;
      const wy = ay - c.y;
      const b = (wx * ex + wy * ey) / len2;
      const cc = (wx * wx + wy * wy - rIn * rIn) / len2;
      const disc = b * b - cc;
      if (disc <= 0) continue;
      const sq = Math.sqrt(disc);
      const t0 = Math.max(0, -b - sq);
      const t1 = Math.min(1, -b + sq);
      if (t1 <= t0) continue;
      cuts.length = 0;
      cuts.push(t0, t1);
      for (let q = 0; q < polys.length; q++) {
        if (q === p) continue;
        const other = polys[q];
        const m = other.length;
        for (let k = 0, l = m - 1; k < m; l = k++) {
          // Other polygon's vertex on this edge.
          const vx = other[k].x;
          const vy = other[k].y;
          const tv = ((vx - ax) * ex + (vy - ay) * ey) / len2;
          if (tv > t0 && tv < t1 && segmentPointDistanceSq(ax, ay, ax + ex, ay + ey, vx, vy) <= EPSILON * EPSILON) {
            cuts.push(tv);
          }
          // Other polygon's edge crossing this edge.
          const ox = other[l].x;
          const oy = other[l].y;
          const sx = vx - ox;
          const sy = vy - oy;
          const denom = ex * sy - ey * sx;
          if (denom === 0) continue;
          const qx = ox - ax;
          const qy = oy - ay;
          const t = (qx * sy - qy * sx) / denom;
          const u = (qx * ey - qy * ex) / denom;
          if (t > t0 && t < t1 && u >= 0 && u <= 1) cuts.push(t);
        }
      }
      cuts.sort((x, y) => x - y);
      const len = Math.sqrt(len2);
      // Outward normal: to the right of the edge for an anticlockwise polygon.
      const nx = (outwardSign * ey) / len;
      const ny = (-outwardSign * ex) / len;
      for (let k = 1; k < cuts.length; k++) {
        if (cuts[k] - cuts[k - 1] <= 0) continue;
        const tm = (cuts[k] + cuts[k - 1]) / 2;
        const mx = ax + tm * ex + probe * nx;
        const my = ay + tm * ey + probe * ny;
        if (!coveredByUnion(mx, my, polys)) return false;
      }
    }
  }
  return true;
}
