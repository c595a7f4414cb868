/**
 * The path planner: shortest paths of a moving base (R41): straight segments around the bases
 * and impassable terrain on the table, with difficult terrain's double cost.
 *
 * Method. The base's centre moves in the free space: outside every other base
 * grown by the mover's radius (a disc of radius r + rb), at least r from every
 * impassable polygon, and at least r from the table edge. A shortest path in
 * that space is made of tangent segments and arcs: around a grown base, and
 * around the circle of radius r at a convex corner of an impassable polygon
 * (the grown polygon's rounded corners; its straight sides are tangents
 * between consecutive corners). A* searches that tangent graph lazily: every
 * tangent from the node just reached to every circle is queued with its exact
 * cost, and checked for legality only when it comes off the queue. Corners of
 * difficult polygons are points a path may turn at (around a wood rather than
 * through it), and where a path crosses a difficult polygon's side the
 * crossing slides along that side afterwards until the cost stops falling
 * (refraction: R31 counts the part inside double).
 *
 * The rules ask for straight segments, so each arc is flown as a chain of
 * tangents circumscribing it, just outside the circle: legal (the chain never
 * comes nearer the circle's centre than the arc) and longer than the arc by
 * at most ARC_EXCESS. Every segment of the answer, chains included, is checked
 * exactly (segment against disc and polygon), so a returned path is legal
 * whatever the approximations; it is within PATH_TOLERANCE of the shortest
 * one on the tables the property tests draw.
 *
 * Pure geometry: plain numbers in, a new Path out; nothing here knows a game.
 * The planner owns its scratch (the Space every question fills, the circle,
 * node and heap buffers of the search, the refinement's marks): one question
 * at a time, none asked inside another, no garbage per question.
 */
import { EPSILON, asPrepared, boundsNear, pointInBoundedPolygon, polygonSignedArea, segmentPointDistanceSq, segmentsDistance } from './geometry.js';
import type { Circle, Point, Polygon, PreparedPolygons, Table } from './types.js';

/** Length of (dx, dy): Math.hypot is several times slower in V8. */
function hyp(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** How far a returned path may be longer than the shortest legal one, inches (the property tests hold the planner to it). */
export const PATH_TOLERANCE = 0.05;
/** Extra length of one arc's circumscribed chain over the arc, at most (inches). */
export const ARC_EXCESS = 0.004;
/** Tangent circles are grown by this much, so that tangents stay legal after rounding (touching is allowed, R41). */
const GROW = 1e-6;
/** A search that closes this many nodes gives up (no answer rather than an unbounded one). */
const MAX_CLOSED = 256;

/** What a path must avoid, and what it costs (R31, R41). */
export interface PathSpace {
  /** The mover's base radius, inches. */
  r: number;
  /** Every other base the path may touch but not cross (warriors and objective markers). */
  bases: readonly Circle[];
  /** How many of `bases` to use (default all). */
  baseCount?: number;
  impassable: readonly Polygon[] | PreparedPolygons;
  difficult: readonly Polygon[] | PreparedPolygons;
  /** Allowance spent per inch of the centre's path inside difficult terrain (default 2, R31). */
  difficultCost?: number;
  table: Table;
}

/** A path of straight segments: its points, start and end included, and what it measures. */
export interface Path {
  points: Point[];
  /** Inches the centre travels. */
  length: number;
  /** Allowance it spends: `length` with the parts inside difficult terrain counted double (R31, R41). */
  cost: number;
}

/** Why a path is not legal (pathProblem). */
export interface PathFault {
  /** Index of the segment (0: from points[0] to points[1]). */
  leg: number;
  reason: 'base' | 'terrain' | 'edge';
}

// ---------------------------------------------------------------- the space, prepared once per question

interface Space {
  r: number;
  bx: number[];
  by: number[];
  /** Grown radius of each base: r + its radius. */
  bR: number[];
  nb: number;
  maxBR: number;
  imp: PreparedPolygons;
  dif: PreparedPolygons;
  factor: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The one Space every question fills (no question is asked inside another): no garbage per question. */
const SPACE: Space = {
  r: 0,
  bx: [],
  by: [],
  bR: [],
  nb: 0,
  maxBR: 0,
  imp: { polygons: [], bounds: [] },
  dif: { polygons: [], bounds: [] },
  factor: 2,
  minX: 0,
  maxX: 0,
  minY: 0,
  maxY: 0,
};

function prepareSpace(p: PathSpace): Space {
  const sp = SPACE;
  const n = p.baseCount ?? p.bases.length;
  let maxBR = 0;
  for (let i = 0; i < n; i++) {
    const b = p.bases[i];
    sp.bx[i] = b.x;
    sp.by[i] = b.y;
    const R = p.r + b.r;
    sp.bR[i] = R;
    if (R > maxBR) maxBR = R;
  }
  sp.r = p.r;
  sp.nb = n;
  sp.maxBR = maxBR;
  sp.imp = asPrepared(p.impassable);
  sp.dif = asPrepared(p.difficult);
  sp.factor = p.difficultCost ?? 2;
  sp.minX = p.r;
  sp.maxX = p.table.width - p.r;
  sp.minY = p.r;
  sp.maxY = p.table.height - p.r;
  return sp;
}

// ---------------------------------------------------------------- legality and cost of one segment

/** Why the centre's segment a–b is illegal, or null: it crosses a base, comes within r of impassable terrain, or leaves the table. */
function segmentFault(sp: Space, ax: number, ay: number, bx: number, by: number): PathFault['reason'] | null {
  const e = 1e-9;
  if (bx < sp.minX - e || bx > sp.maxX + e || by < sp.minY - e || by > sp.maxY + e) return 'edge';
  if (ax < sp.minX - e || ax > sp.maxX + e || ay < sp.minY - e || ay > sp.maxY + e) return 'edge';
  const loX = ax < bx ? ax : bx;
  const hiX = ax < bx ? bx : ax;
  const loY = ay < by ? ay : by;
  const hiY = ay < by ? by : ay;
  for (let i = 0; i < sp.nb; i++) {
    const R = sp.bR[i];
    const cx = sp.bx[i];
    const cy = sp.by[i];
    if (cx + R < loX || cx - R > hiX || cy + R < loY || cy - R > hiY) continue;
    const lim = R - EPSILON;
    if (lim > 0 && segmentPointDistanceSq(ax, ay, bx, by, cx, cy) < lim * lim) return 'base';
  }
  const r = sp.r;
  const imp = sp.imp;
  for (let p = 0; p < imp.polygons.length; p++) {
    if (!boundsNear(imp.bounds[p], loX, loY, hiX, hiY, r)) continue;
    const poly = imp.polygons[p];
    if (pointInBoundedPolygon(ax, ay, poly, imp.bounds[p])) return 'terrain';
    const lim = r - EPSILON;
    for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) {
      if (segmentsDistance(ax, ay, bx, by, poly[j].x, poly[j].y, poly[k].x, poly[k].y) < lim) return 'terrain';
    }
  }
  return null;
}

let cutScratch = new Float64Array(16);

/** Allowance the centre's segment a–b spends: its length, the parts inside difficult polygons times the factor (R31). */
function segmentCost(sp: Space, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.sqrt(dx * dx + dy * dy);
  const dif = sp.dif;
  if (len === 0 || dif.polygons.length === 0) return len;
  const loX = ax < bx ? ax : bx;
  const hiX = ax < bx ? bx : ax;
  const loY = ay < by ? ay : by;
  const hiY = ay < by ? by : ay;
  let k = 0;
  let any = false;
  cutScratch[k++] = 0;
  for (let p = 0; p < dif.polygons.length; p++) {
    if (!boundsNear(dif.bounds[p], loX, loY, hiX, hiY, 1e-6)) continue;
    any = true;
    const poly = dif.polygons[p];
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const cx = poly[j].x;
      const cy = poly[j].y;
      const sx = poly[i].x - cx;
      const sy = poly[i].y - cy;
      const denom = dx * sy - dy * sx;
      if (denom === 0) continue;
      const qx = cx - ax;
      const qy = cy - ay;
      const t = (qx * sy - qy * sx) / denom;
      const u = (qx * dy - qy * dx) / denom;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) {
        if (k + 2 >= cutScratch.length) {
          const bigger = new Float64Array(cutScratch.length * 2);
          bigger.set(cutScratch);
          cutScratch = bigger;
        }
        let m = k++;
        while (m > 0 && cutScratch[m - 1] > t) {
          cutScratch[m] = cutScratch[m - 1];
          m--;
        }
        cutScratch[m] = t;
      }
    }
  }
  if (!any) return len;
  cutScratch[k++] = 1;
  let cost = 0;
  for (let i = 1; i < k; i++) {
    const a = cutScratch[i - 1];
    const b = cutScratch[i];
    if (b <= a) continue;
    const mid = (a + b) / 2;
    const mx = ax + dx * mid;
    const my = ay + dy * mid;
    let inside = false;
    for (let p = 0; p < dif.polygons.length && !inside; p++) inside = pointInBoundedPolygon(mx, my, dif.polygons[p], dif.bounds[p]);
    cost += (b - a) * len * (inside ? sp.factor : 1);
  }
  return cost;
}

// ---------------------------------------------------------------- free positions

/** Whether the centre may stand at (x, y): on the table, no base overlapped, no impassable terrain within r. */
function isFree(sp: Space, x: number, y: number): boolean {
  return segmentFault(sp, x, y, x, y) === null;
}

/**
 * The goal the path aims at: `to` itself when the base may stand there, else
 * the nearest point found by pushing it out of what it overlaps (onto the
 * table; radially out of a base, away from `from` when on its centre; out of
 * impassable terrain to r beyond its nearest side); null when a few pushes do
 * not find a free point.
 */
function freeGoalIn(sp: Space, from: Point, to: Point): Point | null {
  let x = to.x;
  let y = to.y;
  const g = 2 * GROW;
  for (let round = 0; round < 6; round++) {
    if (x < sp.minX) x = sp.minX + g;
    if (x > sp.maxX) x = sp.maxX - g;
    if (y < sp.minY) y = sp.minY + g;
    if (y > sp.maxY) y = sp.maxY - g;
    if (isFree(sp, x, y)) return { x, y };
    for (let i = 0; i < sp.nb; i++) {
      let dx = x - sp.bx[i];
      let dy = y - sp.by[i];
      let d = Math.sqrt(dx * dx + dy * dy);
      const R = sp.bR[i] + g;
      if (d >= sp.bR[i] - EPSILON) continue;
      if (d < 1e-12) {
        dx = from.x - sp.bx[i];
        dy = from.y - sp.by[i];
        d = Math.sqrt(dx * dx + dy * dy);
        if (d < 1e-12) {
          dx = 0;
          dy = -1;
          d = 1;
        }
      }
      x = sp.bx[i] + (dx / d) * R;
      y = sp.by[i] + (dy / d) * R;
    }
    const imp = sp.imp;
    for (let p = 0; p < imp.polygons.length; p++) {
      const poly = imp.polygons[p];
      if (!boundsNear(imp.bounds[p], x, y, x, y, sp.r)) continue;
      // Nearest point of the boundary, then out along the way away from the polygon.
      let best = Infinity;
      let qx = 0;
      let qy = 0;
      for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) {
        const ax = poly[j].x;
        const ay = poly[j].y;
        const ex = poly[k].x - ax;
        const ey = poly[k].y - ay;
        const l2 = ex * ex + ey * ey;
        let t = l2 > 0 ? ((x - ax) * ex + (y - ay) * ey) / l2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const px = ax + t * ex;
        const py = ay + t * ey;
        const d2 = (px - x) * (px - x) + (py - y) * (py - y);
        if (d2 < best) {
          best = d2;
          qx = px;
          qy = py;
        }
      }
      const inside = pointInBoundedPolygon(x, y, poly, imp.bounds[p]);
      const d = Math.sqrt(best);
      if (!inside && d >= sp.r - EPSILON) continue;
      let nx = x - qx;
      let ny = y - qy;
      if (d < 1e-12) {
        nx = from.x - qx;
        ny = from.y - qy;
      }
      const nl = Math.sqrt(nx * nx + ny * ny) || 1;
      const sgn = inside ? -1 : 1;
      x = qx + ((sgn * nx) / nl) * (sp.r + g);
      y = qy + ((sgn * ny) / nl) * (sp.r + g);
    }
  }
  return isFree(sp, x, y) ? { x, y } : null;
}

// ---------------------------------------------------------------- the tangent graph

/**
 * A convex corner of a polygon: its point, the outward normals of the sides
 * before and after it, and the sign of the turn from the first to the second
 * (the free arc of its circle lies between them).
 */
interface Corner extends Point {
  n1x: number;
  n1y: number;
  n2x: number;
  n2y: number;
  turn: number;
}

/** Convex corners of the polygons (either winding), each once. */
function convexCorners(polys: PreparedPolygons, out: Corner[]): void {
  for (const poly of polys.polygons) {
    const n = poly.length;
    const sgn = polygonSignedArea(poly) >= 0 ? 1 : -1;
    for (let i = 0; i < n; i++) {
      const a = poly[(i + n - 1) % n];
      const b = poly[i];
      const c = poly[(i + 1) % n];
      const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
      if (cross * sgn <= 0) continue;
      // Outward normal of a side d of an anticlockwise polygon: (dy, -dx); flipped for a clockwise one.
      const d1x = b.x - a.x;
      const d1y = b.y - a.y;
      const d2x = c.x - b.x;
      const d2y = c.y - b.y;
      const l1 = hyp(d1x, d1y) || 1;
      const l2 = hyp(d2x, d2y) || 1;
      out.push({ x: b.x, y: b.y, n1x: (sgn * d1y) / l1, n1y: (-sgn * d1x) / l1, n2x: (sgn * d2y) / l2, n2y: (-sgn * d2x) / l2, turn: sgn });
    }
  }
}

const cornerCache = new WeakMap<PreparedPolygons, Corner[]>();

function cornersOf(polys: PreparedPolygons): Corner[] {
  let c = cornerCache.get(polys);
  if (!c) {
    c = [];
    convexCorners(polys, c);
    cornerCache.set(polys, c);
  }
  return c;
}

/** A min-heap of queued edges, by f then by insertion order (deterministic ties). */
class EdgeHeap {
  f: number[] = [];
  seq: number[] = [];
  from: number[] = [];
  to: number[] = [];
  orient: number[] = [];
  g: number[] = [];
  size = 0;
  private next = 0;

  reset(): void {
    this.size = 0;
    this.next = 0;
  }

  push(f: number, from: number, to: number, orient: number, g: number): void {
    let i = this.size++;
    const s = this.next++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.f[p] < f || (this.f[p] === f && this.seq[p] < s)) break;
      this.set(i, this.f[p], this.seq[p], this.from[p], this.to[p], this.orient[p], this.g[p]);
      i = p;
    }
    this.set(i, f, s, from, to, orient, g);
  }

  /** Removes the top; its fields are left in top* for the caller. */
  topFrom = 0;
  topTo = 0;
  topOrient = 0;
  topG = 0;
  pop(): void {
    this.topFrom = this.from[0];
    this.topTo = this.to[0];
    this.topOrient = this.orient[0];
    this.topG = this.g[0];
    const n = --this.size;
    if (n === 0) return;
    const f = this.f[n];
    const s = this.seq[n];
    const fr = this.from[n];
    const to = this.to[n];
    const o = this.orient[n];
    const g = this.g[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (this.f[c + 1] < this.f[c] || (this.f[c + 1] === this.f[c] && this.seq[c + 1] < this.seq[c]))) c++;
      if (f < this.f[c] || (f === this.f[c] && s < this.seq[c])) break;
      this.set(i, this.f[c], this.seq[c], this.from[c], this.to[c], this.orient[c], this.g[c]);
      i = c;
    }
    this.set(i, f, s, fr, to, o, g);
  }

  private set(i: number, f: number, s: number, from: number, to: number, o: number, g: number): void {
    this.f[i] = f;
    this.seq[i] = s;
    this.from[i] = from;
    this.to[i] = to;
    this.orient[i] = o;
    this.g[i] = g;
  }
}

/** Scratch of a tangent's computation. */
const T = { px: 0, py: 0, qx: 0, qy: 0, ok: false };

/**
 * The tangent leaving circle a (turning `oa`: +1 anticlockwise, -1 clockwise)
 * for circle b (to turn `ob` around it): its end points in T. With the travel
 * direction u, a turner keeps the centre on its left when anticlockwise, so
 * P = a − oa·Ra·left(u), Q = b − ob·Rb·left(u); b − a = L·u + k·left(u) with
 * k = ob·Rb − oa·Ra gives u by a rotation.
 */
function tangent(ax: number, ay: number, Ra: number, oa: number, bx: number, by: number, Rb: number, ob: number): void {
  const dx = bx - ax;
  const dy = by - ay;
  const k = ob * Rb - oa * Ra;
  const d2 = dx * dx + dy * dy;
  const L2 = d2 - k * k;
  if (!(L2 > 1e-18)) {
    T.ok = false;
    return;
  }
  const L = Math.sqrt(L2);
  // u = rotate(d, -atan2(k, L)) / |d|: (L·d + k·left(d)) rotated back, i.e. u = (L·d − k·left(d)) / d².
  const ux = (L * dx + k * dy) / d2;
  const uy = (L * dy - k * dx) / d2;
  // left(u) = (−uy, ux)
  T.px = ax + oa * Ra * uy;
  T.py = ay - oa * Ra * ux;
  T.qx = bx + ob * Rb * uy;
  T.qy = by - ob * Rb * ux;
  T.ok = true;
}

/** Number of tangents in the chain that circumscribes an arc of radius R and sweep d within ARC_EXCESS. */
function chainSegments(R: number, d: number): number {
  if (R <= 0 || d <= 1e-12) return 0;
  let k = Math.max(1, Math.ceil(Math.sqrt((R * d * d * d) / (12 * ARC_EXCESS))));
  while (k < 4096 && (d / (2 * k) >= Math.PI / 2 - 1e-9 || R * (2 * k * Math.tan(d / (2 * k)) - d) > ARC_EXCESS)) k++;
  return k;
}

/**
 * Appends to `out` the turning points of the chain around (cx, cy) radius R
 * from angle a0 sweeping d (signed by o): the corners of the circumscribing
 * tangents, at radius R / cos(d / 2k).
 */
function chainPoints(cx: number, cy: number, R: number, a0: number, d: number, o: number, out: Point[]): void {
  const k = chainSegments(R, d);
  if (k === 0) return;
  const step = d / k;
  const rr = R / Math.cos(step / 2);
  for (let m = 0; m < k; m++) {
    const a = a0 + o * step * (m + 0.5);
    out.push({ x: cx + rr * Math.cos(a), y: cy + rr * Math.sin(a) });
  }
}

/** Sweep from angle a to angle b turning o (+1 anticlockwise), in [0, 2π); a near-full turn counts as none. */
function sweep(a: number, b: number, o: number): number {
  let d = o * (b - a);
  const TAU = 2 * Math.PI;
  d %= TAU;
  if (d < 0) d += TAU;
  if (d > TAU - 1e-9) d = 0;
  return d;
}

/**
 * The shortest path of the centre from `from` towards `to` in the space:
 * to `to` itself when the base may stand there, else to the free point
 * nearest it that the pushes find (see freeGoalIn). Null when that point does
 * not exist, cannot be reached, or `from` is not a free position. The cost
 * is exact for the points returned; the path is at most PATH_TOLERANCE
 * longer than the shortest. With `limit`, paths costing more are not looked
 * for (null): the search's work grows with the area they could cover.
 */
/** Where a path from `from` towards `to` aims: `to` when a base of radius r may stand there, else the free point planPath aims at; null when none is found. */
export function freeGoal(space: PathSpace, from: Point, to: Point): Point | null {
  return freeGoalIn(prepareSpace(space), from, to);
}

export function planPath(space: PathSpace, from: Point, to: Point, limit = Infinity): Path | null {
  const sp = prepareSpace(space);
  if (!isFree(sp, from.x, from.y)) return null;
  const goal = freeGoalIn(sp, from, to);
  if (!goal) return null;
  return search(sp, from, goal, limit);
}

function search(sp: Space, from: Point, goal: Point, limit: number): Path | null {
  const d = hyp(goal.x - from.x, goal.y - from.y);
  // Straight and clear, with no difficult terrain on the way: nothing is shorter.
  if (segmentFault(sp, from.x, from.y, goal.x, goal.y) === null) {
    const c = segmentCost(sp, from.x, from.y, goal.x, goal.y);
    if (c <= d + 1e-12)
      return {
        points: [
          { x: from.x, y: from.y },
          { x: goal.x, y: goal.y },
        ],
        length: d,
        cost: c,
      };
  }
  const wrap = aroundOne(sp, from, goal);
  if (wrap) return wrap;
  // A path of cost L never leaves the ellipse |s−p| + |p−g| ≤ L, so only the circles reaching into it
  // matter: search with a bound, and widen it until a path within it is found.
  const far = Math.min(limit, 2 * (sp.maxX - sp.minX + sp.maxY - sp.minY) + 4 * d);
  for (let bound = Math.min(d + 4, far); ; bound = Math.min(bound * 2, far)) {
    const found = bounded(sp, from, goal, bound);
    if (found !== null || bound >= far) return found;
  }
}

/**
 * The common case. Every path goes round a base the straight line crosses on
 * one side or the other, and the shortest on a side, were there nothing else,
 * wraps it tangentially: so no path is shorter than the shorter wrap. When
 * that wrap is legal and crosses no difficult terrain (its cost is its
 * length) it is the shortest path. Tried for each base the line crosses;
 * null when none gives it.
 */
function aroundOne(sp: Space, from: Point, goal: Point): Path | null {
  for (let i = 0; i < sp.nb; i++) {
    const lim = sp.bR[i] - EPSILON;
    if (segmentPointDistanceSq(from.x, from.y, goal.x, goal.y, sp.bx[i], sp.by[i]) >= lim * lim) continue;
    const cx = sp.bx[i];
    const cy = sp.by[i];
    const R = sp.bR[i] + GROW;
    let best: Point[] | null = null;
    let bestLen = Infinity;
    let lower = Infinity;
    for (let t = 0; t < 2; t++) {
      const o = t === 0 ? 1 : -1;
      tangent(from.x, from.y, 0, 0, cx, cy, R, o);
      if (!T.ok) return null;
      const ax = T.qx;
      const ay = T.qy;
      tangent(cx, cy, R, o, goal.x, goal.y, 0, 0);
      if (!T.ok) return null;
      const a0 = Math.atan2(ay - cy, ax - cx);
      const sw = sweep(a0, Math.atan2(T.py - cy, T.px - cx), o);
      const k = chainSegments(R, sw);
      const len = hyp(ax - from.x, ay - from.y) + (k > 0 ? 2 * k * R * Math.tan(sw / (2 * k)) : 0) + hyp(goal.x - T.px, goal.y - T.py);
      // The arc itself bounds this side from below; the chain is what a path can follow.
      const arcLen = hyp(ax - from.x, ay - from.y) + R * sw + hyp(goal.x - T.px, goal.y - T.py);
      if (arcLen < lower) lower = arcLen;
      if (len >= bestLen) continue;
      const pts: Point[] = [{ x: from.x, y: from.y }];
      chainPoints(cx, cy, R, a0, sw, o, pts);
      if (k === 0) pts.push({ x: ax, y: ay });
      pts.push({ x: goal.x, y: goal.y });
      let legal = true;
      for (let m = 1; m < pts.length && legal; m++) legal = segmentFault(sp, pts[m - 1].x, pts[m - 1].y, pts[m].x, pts[m].y) === null;
      if (legal) {
        best = pts;
        bestLen = len;
      }
    }
    if (!best) continue;
    const path = measure(sp, best);
    // Shortest within the chains' excess over the arcs (ARC_EXCESS), and no difficult terrain on it.
    if (path.cost <= path.length + 1e-12 && path.length <= lower + ARC_EXCESS + 1e-9) return path;
  }
  return null;
}

/** The lower bound of a path from s to g that touches the circle (c, R): |s−c| + |c−g| − 2R. */
function viaBound(sx: number, sy: number, gx: number, gy: number, cx: number, cy: number, R: number): number {
  return hyp(cx - sx, cy - sy) + hyp(gx - cx, gy - cy) - 2 * R;
}

// Scratch of the search, grown on demand and reused by every search (hundreds a game): no garbage.
let cX = new Float64Array(64);
let cY = new Float64Array(64);
let cR = new Float64Array(64);
/** The base behind a circle (index into the space's bases), or -1. */
let cBase = new Int32Array(64);
/** The impassable corner behind a circle, or -1. */
let cCorner = new Int32Array(64);
let nbrStart = new Int32Array(65);
let nbrList = new Int32Array(256);
let nCircle = new Int32Array(256);
let nOrient = new Int8Array(256);
let nAngle = new Float64Array(256);
let nX = new Float64Array(256);
let nY = new Float64Array(256);
let nG = new Float64Array(256);
let nParent = new Int32Array(256);
let closedStamp = new Int32Array(1024);
let stamp = 0;
const HEAP = new EdgeHeap();
let chX = new Float64Array(64);
let chY = new Float64Array(64);
let cornerList: Corner[] = [];

function growCircles(n: number): void {
  if (cX.length >= n) return;
  const m = Math.max(n, cX.length * 2);
  const f = (a: Float64Array) => {
    const b = new Float64Array(m);
    b.set(a);
    return b;
  };
  cX = f(cX);
  cY = f(cY);
  cR = f(cR);
  const i32 = (a: Int32Array) => {
    const b = new Int32Array(m);
    b.set(a);
    return b;
  };
  cBase = i32(cBase);
  cCorner = i32(cCorner);
  nbrStart = new Int32Array(m + 1);
}

function growNodes(n: number): void {
  if (nCircle.length > n) return;
  const m = nCircle.length * 2;
  const f = (a: Float64Array) => {
    const b = new Float64Array(m);
    b.set(a);
    return b;
  };
  const i32 = (a: Int32Array) => {
    const b = new Int32Array(m);
    b.set(a);
    return b;
  };
  nCircle = i32(nCircle);
  nParent = i32(nParent);
  const o = new Int8Array(m);
  o.set(nOrient);
  nOrient = o;
  nAngle = f(nAngle);
  nX = f(nX);
  nY = f(nY);
  nG = f(nG);
}

/** Whether (x, y) on circle i is free of the bases overlapping that circle, and on an impassable corner's free arc. */
function pointFree(sp: Space, i: number, x: number, y: number): boolean {
  for (let m = nbrStart[i]; m < nbrStart[i + 1]; m++) {
    const k = nbrList[m];
    const dx = x - sp.bx[k];
    const dy = y - sp.by[k];
    const lim = sp.bR[k] - EPSILON;
    if (dx * dx + dy * dy < lim * lim) return false;
  }
  const ci = cCorner[i];
  if (ci >= 0) {
    // Only the arc outside the polygon is free: between its sides' outward normals.
    const q = cornerList[ci];
    const vx = x - q.x;
    const vy = y - q.y;
    const tol = -1e-7 * cR[i];
    if ((q.n1x * vy - q.n1y * vx) * q.turn < tol || (vx * q.n2y - vy * q.n2x) * q.turn < tol) return false;
  }
  return true;
}

/**
 * Legality and cost of leaving a node: the arc's chain around circle c from
 * angle a0 to the departure point (px, py) turning o, then the tangent to
 * (qx, qy). Returns the cost, or -1 when a part is illegal.
 */
function legCostAt(sp: Space, c: number, a0: number, o: number, px: number, py: number, qx: number, qy: number): number {
  // Legality first, every part (two in five legs queued are not legal): then the cost, in the same order as ever.
  if (segmentFault(sp, px, py, qx, qy) !== null) return -1;
  let cost = 0;
  const R = cR[c];
  if (R > 0) {
    const ccx = cX[c];
    const ccy = cY[c];
    const d = sweep(a0, Math.atan2(py - ccy, px - ccx), o);
    const k = chainSegments(R, d);
    if (k > 0) {
      if (chX.length < k + 2) {
        chX = new Float64Array(2 * k + 2);
        chY = new Float64Array(2 * k + 2);
      }
      chX[0] = ccx + R * Math.cos(a0);
      chY[0] = ccy + R * Math.sin(a0);
      const step = d / k;
      const rr = R / Math.cos(step / 2);
      for (let m = 0; m < k; m++) {
        const a = a0 + o * step * (m + 0.5);
        chX[m + 1] = ccx + rr * Math.cos(a);
        chY[m + 1] = ccy + rr * Math.sin(a);
      }
      chX[k + 1] = px;
      chY[k + 1] = py;
      for (let m = 1; m <= k + 1; m++) if (segmentFault(sp, chX[m - 1], chY[m - 1], chX[m], chY[m]) !== null) return -1;
      for (let m = 1; m <= k + 1; m++) cost += segmentCost(sp, chX[m - 1], chY[m - 1], chX[m], chY[m]);
    }
  }
  return cost + segmentCost(sp, px, py, qx, qy);
}

/** A* over the tangent graph of the circles that reach into the ellipse of paths costing at most `bound`; null if none is that short. */
function bounded(sp: Space, from: Point, goal: Point, bound: number): Path | null {
  // Circles: 0 the start, 1 the goal (points), then the grown bases, the impassable corners (radius r), the difficult corners (points).
  const fx = from.x;
  const fy = from.y;
  const gx = goal.x;
  const gy = goal.y;
  const allImp = cornersOf(sp.imp);
  const allDif = cornersOf(sp.dif);
  growCircles(2 + sp.nb + allImp.length + allDif.length);
  cX[0] = fx;
  cY[0] = fy;
  cR[0] = 0;
  cX[1] = gx;
  cY[1] = gy;
  cR[1] = 0;
  cBase[0] = cBase[1] = -1;
  cCorner[0] = cCorner[1] = -1;
  let M = 2;
  for (let i = 0; i < sp.nb; i++) {
    if (viaBound(fx, fy, gx, gy, sp.bx[i], sp.by[i], sp.bR[i]) > bound) continue;
    cX[M] = sp.bx[i];
    cY[M] = sp.by[i];
    cR[M] = sp.bR[i] + GROW;
    cBase[M] = i;
    cCorner[M] = -1;
    M++;
  }
  cornerList = allImp;
  for (let i = 0; i < allImp.length; i++) {
    const p = allImp[i];
    if (viaBound(fx, fy, gx, gy, p.x, p.y, sp.r) > bound) continue;
    cX[M] = p.x;
    cY[M] = p.y;
    cR[M] = sp.r + GROW;
    cBase[M] = -1;
    cCorner[M] = i;
    M++;
  }
  for (let i = 0; i < allDif.length; i++) {
    const p = allDif[i];
    if (viaBound(fx, fy, gx, gy, p.x, p.y, 0) > bound) continue;
    cX[M] = p.x;
    cY[M] = p.y;
    cR[M] = 0;
    cBase[M] = -1;
    cCorner[M] = -1;
    M++;
  }
  // A tangent point inside another grown base is not free, so its tangent is not legal: each circle's
  // overlapping bases, found once, reject most tangents in a crowd before they are queued.
  let nn = 0;
  for (let i = 0; i < M; i++) {
    nbrStart[i] = nn;
    const Ri = cR[i];
    if (Ri <= 0) continue;
    for (let k = 0; k < sp.nb; k++) {
      if (cBase[i] === k) continue;
      const dx = sp.bx[k] - cX[i];
      const dy = sp.by[k] - cY[i];
      const lim = Ri + sp.bR[k];
      if (dx * dx + dy * dy < lim * lim) {
        if (nn >= nbrList.length) {
          const b = new Int32Array(nbrList.length * 2);
          b.set(nbrList);
          nbrList = b;
        }
        nbrList[nn++] = k;
      }
    }
  }
  nbrStart[M] = nn;
  const keys = 4 * M * M;
  if (closedStamp.length < keys) closedStamp = new Int32Array(Math.max(keys, closedStamp.length * 2));
  if (++stamp > 0x7ffffff0) {
    closedStamp.fill(0);
    stamp = 1;
  }
  const heap = HEAP;
  heap.reset();
  let nodes = 1;
  nCircle[0] = 0;
  nOrient[0] = 1;
  nAngle[0] = 0;
  nX[0] = fx;
  nY[0] = fy;
  nG[0] = 0;
  nParent[0] = -1;
  let closedCount = 0;
  let found = -1;
  let node = 0;
  for (;;) {
    // Expand `node`: queue the tangent to every circle, by its length (a lower bound of its cost).
    const c = nCircle[node];
    const o = nOrient[node];
    const g0 = nG[node];
    const ccx = cX[c];
    const ccy = cY[c];
    const Rc = cR[c];
    for (let j = 1; j < M; j++) {
      if (j === c) continue;
      const Rj = cR[j];
      for (let t = 0; t < (Rj > 0 ? 2 : 1); t++) {
        const oj = t === 0 ? 1 : -1;
        tangent(ccx, ccy, Rc, o, cX[j], cY[j], Rj, oj);
        if (!T.ok) continue;
        const seg = hyp(T.qx - T.px, T.qy - T.py);
        const toGoal = hyp(gx - T.qx, gy - T.qy);
        // The arc adds to g0 first and is never negative: when the rest alone is over the bound, so is f
        // (floating-point addition is monotone), and the tests below need not be made.
        if (g0 + seg + toGoal > bound) continue;
        if (!pointFree(sp, j, T.qx, T.qy) || (Rc > 0 && !pointFree(sp, c, T.px, T.py))) continue;
        const arc = Rc > 0 ? Rc * sweep(nAngle[node], Math.atan2(T.py - ccy, T.px - ccx), o) : 0;
        const f = g0 + arc + seg + toGoal;
        if (f > bound) continue;
        heap.push(f, node, j, oj, g0 + arc + seg);
      }
    }
    // Next: the best queued tangent whose end is not closed and that is legal.
    let next = -1;
    while (heap.size > 0) {
      heap.pop();
      const from0 = heap.topFrom;
      const j = heap.topTo;
      const exact = heap.topOrient === 2 || heap.topOrient === -2;
      const oj = heap.topOrient > 0 ? 1 : -1;
      const cc = nCircle[from0];
      const oc = nOrient[from0];
      const key = ((cc * 2 + (oc > 0 ? 0 : 1)) * M + j) * 2 + (oj > 0 ? 0 : 1);
      if (closedStamp[key] === stamp) continue;
      tangent(cX[cc], cY[cc], cR[cc], oc, cX[j], cY[j], cR[j], oj);
      if (!T.ok) continue;
      const qx = T.qx;
      const qy = T.qy;
      let g = heap.topG;
      if (!exact) {
        // Queued with lengths only; now checked, and costed with difficult terrain.
        const cost = legCostAt(sp, cc, nAngle[from0], oc, T.px, T.py, qx, qy);
        if (cost < 0) continue;
        const gTrue = nG[from0] + cost;
        if (gTrue > g + 1e-12) {
          const f = gTrue + hyp(gx - qx, gy - qy);
          if (f <= bound) heap.push(f, from0, j, 2 * oj, gTrue);
          continue;
        }
        g = gTrue;
      }
      closedStamp[key] = stamp;
      closedCount++;
      growNodes(nodes + 1);
      const n = nodes++;
      nCircle[n] = j;
      nOrient[n] = oj;
      nAngle[n] = cR[j] > 0 ? Math.atan2(qy - cY[j], qx - cX[j]) : 0;
      nX[n] = qx;
      nY[n] = qy;
      nG[n] = g;
      nParent[n] = from0;
      next = n;
      break;
    }
    if (next < 0) break;
    if (nCircle[next] === 1) {
      found = next;
      break;
    }
    if (closedCount > MAX_CLOSED) break;
    node = next;
  }
  if (found < 0) return null;
  // Rebuild: each node's arrival point, with the chain of the arc before its departure.
  const order: number[] = [];
  for (let n = found; n >= 0; n = nParent[n]) order.push(n);
  order.reverse();
  const points: Point[] = [{ x: fx, y: fy }];
  for (let i = 1; i < order.length; i++) {
    const prev = order[i - 1];
    const cur = order[i];
    const c = nCircle[prev];
    if (cR[c] > 0 && i > 1) {
      tangent(cX[c], cY[c], cR[c], nOrient[prev], cX[nCircle[cur]], cY[nCircle[cur]], cR[nCircle[cur]], nOrient[cur]);
      const d = sweep(nAngle[prev], Math.atan2(T.py - cY[c], T.px - cX[c]), nOrient[prev]);
      // The arrival and departure points lie on the chain's first and last tangents: only its corners turn.
      points.pop();
      chainPoints(cX[c], cY[c], cR[c], nAngle[prev], d, nOrient[prev], points);
    }
    points.push({ x: nX[cur], y: nY[cur] });
  }
  return finish(sp, points);
}

/** Drops repeated points, slides difficult-terrain crossings (refine) and measures the path. */
function finish(sp: Space, pts: Point[]): Path {
  const points: Point[] = [pts[0]];
  for (let i = 1; i < pts.length; i++) {
    const p = points[points.length - 1];
    if (Math.abs(pts[i].x - p.x) > 1e-9 || Math.abs(pts[i].y - p.y) > 1e-9) points.push(pts[i]);
  }
  if (points.length === 1) points.push({ x: pts[0].x, y: pts[0].y });
  const refined = sp.dif.polygons.length > 0 ? refine(sp, points) : points;
  return measure(sp, refined);
}

function measure(sp: Space, points: Point[]): Path {
  let length = 0;
  let cost = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    length += hyp(b.x - a.x, b.y - a.y);
    cost += segmentCost(sp, a.x, a.y, b.x, b.y);
  }
  return { points, length, cost };
}

/**
 * Refraction at difficult terrain (R31): every place where a segment crosses
 * a difficult polygon's side becomes a point that slides along that side,
 * each in turn to where the two segments through it cost least (a convex
 * function of its place on the side when the segments stay each in or out of
 * the terrain, found by golden-section search), as long as both stay legal,
 * until a sweep gains under 1e-7". Turning points that come from the
 * tangent graph stay where they are.
 */
/** refine's space: the bases and terrain whose boxes reach the box of `pts` and the sides (a margin over the box tests'). */
const NEAR: Space = { r: 0, bx: [], by: [], bR: [], nb: 0, maxBR: 0, imp: { polygons: [], bounds: [] }, dif: { polygons: [], bounds: [] }, factor: 2, minX: 0, maxX: 0, minY: 0, maxY: 0 };

function nearSpace(sp: Space, pts: readonly Point[], side: readonly (readonly [Point, Point] | null)[]): Space {
  let loX = Infinity;
  let loY = Infinity;
  let hiX = -Infinity;
  let hiY = -Infinity;
  const grow = (p: Point): void => {
    if (p.x < loX) loX = p.x;
    if (p.x > hiX) hiX = p.x;
    if (p.y < loY) loY = p.y;
    if (p.y > hiY) hiY = p.y;
  };
  for (const p of pts) grow(p);
  for (const q of side) {
    if (!q) continue;
    grow(q[0]);
    grow(q[1]);
  }
  // Rounding may put a point on a side an ulp outside the side's box: a margin far above that.
  const m = 1e-6;
  loX -= m;
  loY -= m;
  hiX += m;
  hiY += m;
  const near = NEAR;
  let n = 0;
  for (let i = 0; i < sp.nb; i++) {
    const R = sp.bR[i];
    const cx = sp.bx[i];
    const cy = sp.by[i];
    if (cx + R < loX || cx - R > hiX || cy + R < loY || cy - R > hiY) continue;
    near.bx[n] = cx;
    near.by[n] = cy;
    near.bR[n] = R;
    n++;
  }
  near.nb = n;
  near.r = sp.r;
  near.maxBR = sp.maxBR;
  near.factor = sp.factor;
  near.minX = sp.minX;
  near.maxX = sp.maxX;
  near.minY = sp.minY;
  near.maxY = sp.maxY;
  const pick = (from: PreparedPolygons, margin: number): PreparedPolygons => {
    const polygons: Polygon[] = [];
    const bounds: PreparedPolygons['bounds'][number][] = [];
    for (let p = 0; p < from.polygons.length; p++) {
      if (!boundsNear(from.bounds[p], loX, loY, hiX, hiY, margin)) continue;
      polygons.push(from.polygons[p]);
      bounds.push(from.bounds[p]);
    }
    return { polygons, bounds };
  };
  near.imp = pick(sp.imp, sp.r);
  near.dif = pick(sp.dif, 1e-6);
  return near;
}

/** refine's scratch: when each point last moved, and when each crossing was last placed (a count of moves). */
const MOVED_AT: number[] = [];
const PLACED_AT: number[] = [];

function refine(sp: Space, input: Point[]): Point[] {
  // Split every segment at its crossings of difficult sides, remembering the side.
  const pts: Point[] = [input[0]];
  const side: (readonly [Point, Point] | null)[] = [null];
  const dif = sp.dif;
  for (let i = 1; i < input.length; i++) {
    const a = input[i - 1];
    const b = input[i];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const hits: { t: number; p: Point; q: Point }[] = [];
    for (let p = 0; p < dif.polygons.length; p++) {
      const poly = dif.polygons[p];
      for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) {
        const c = poly[j];
        const e = poly[k];
        const sx = e.x - c.x;
        const sy = e.y - c.y;
        const denom = dx * sy - dy * sx;
        if (denom === 0) continue;
        const qx = c.x - a.x;
        const qy = c.y - a.y;
        const t = (qx * sy - qy * sx) / denom;
        const u = (qx * dy - qy * dx) / denom;
        if (t > 1e-9 && t < 1 - 1e-9 && u > 1e-9 && u < 1 - 1e-9) hits.push({ t, p: c, q: e });
      }
    }
    hits.sort((h1, h2) => h1.t - h2.t);
    for (const h of hits) {
      pts.push({ x: a.x + dx * h.t, y: a.y + dy * h.t });
      side.push([h.p, h.q]);
    }
    pts.push(b);
    side.push(null);
  }
  if (pts.length === input.length) return input;
  const PHI = (Math.sqrt(5) - 1) / 2;
  // Every segment tried below joins points of the path or of the sides crossed: only the bases and pieces
  // near their box can matter, and the others fail segmentFault's and segmentCost's own box tests anyway
  // (same answers, a few dozen fewer tests each time; thousands of times a refinement).
  const near = nearSpace(sp, pts, side);
  const local = (i: number, x: number, y: number): number => {
    const a = pts[i - 1];
    const b = pts[i + 1];
    if (segmentFault(near, a.x, a.y, x, y) !== null || segmentFault(near, x, y, b.x, b.y) !== null) return Infinity;
    return segmentCost(near, a.x, a.y, x, y) + segmentCost(near, x, y, b.x, b.y);
  };
  // A point whose neighbours have not moved since it was last placed would be placed where it is again
  // (the search below is a function of them): it is skipped, with the same answer.
  let moves = 0;
  const movedAt = MOVED_AT;
  const placedAt = PLACED_AT;
  for (let i = 0; i < pts.length; i++) {
    movedAt[i] = 0;
    placedAt[i] = -1;
  }
  for (let sweepN = 0; sweepN < 60; sweepN++) {
    let gain = 0;
    for (let i = 1; i < pts.length - 1; i++) {
      const s = side[i];
      if (!s) continue;
      if (placedAt[i] >= movedAt[i - 1] && placedAt[i] >= movedAt[i + 1]) continue;
      const [p, q] = s;
      const at = (t: number) => local(i, p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
      const before = local(i, pts[i].x, pts[i].y);
      let lo = 0;
      let hi = 1;
      let x1 = hi - PHI * (hi - lo);
      let x2 = lo + PHI * (hi - lo);
      let f1 = at(x1);
      let f2 = at(x2);
      for (let it = 0; it < 40; it++) {
        if (f1 <= f2) {
          hi = x2;
          x2 = x1;
          f2 = f1;
          x1 = hi - PHI * (hi - lo);
          f1 = at(x1);
        } else {
          lo = x1;
          x1 = x2;
          f1 = f2;
          x2 = lo + PHI * (hi - lo);
          f2 = at(x2);
        }
      }
      const t = (lo + hi) / 2;
      const after = at(t);
      if (after < before - 1e-12) {
        gain += before - after;
        pts[i] = { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
        movedAt[i] = ++moves;
      }
      placedAt[i] = moves;
    }
    if (gain < 1e-7) break;
  }
  // Crossing points that ended up on a straight line with their neighbours turn nowhere: drop them.
  const out: Point[] = [pts[0]];
  for (let i = 1; i < pts.length - 1; i++) {
    const a = out[out.length - 1];
    const b = pts[i];
    const c = pts[i + 1];
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    const l = hyp(b.x - a.x, b.y - a.y) * hyp(c.x - b.x, c.y - b.y);
    if (side[i] && Math.abs(cross) <= 1e-12 * (l || 1)) continue;
    out.push(b);
  }
  out.push(pts[pts.length - 1]);
  return out;
}

// ---------------------------------------------------------------- paths given by a caller

/** The first segment of the path that is not legal (R41: it crosses a base or impassable terrain, or leaves the table), or null. */
export function pathFault(space: PathSpace, points: readonly Point[]): PathFault | null {
  const sp = prepareSpace(space);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const reason = segmentFault(sp, a.x, a.y, b.x, b.y);
    if (reason !== null) return { leg: i - 1, reason };
  }
  return null;
}

/** What the path measures: its length, and its cost with difficult parts counted double (R31, R41). */
export function measurePath(space: Pick<PathSpace, 'r' | 'difficult' | 'difficultCost' | 'table'>, points: readonly Point[]): Path {
  const sp = prepareSpace({ ...space, bases: [], impassable: [] });
  return measure(sp, points.slice());
}

/**
 * The part of the path an allowance covers (R41): its points up to where the
 * cost reaches `allowance`, the last one cut where the allowance runs out.
 */
export function truncatePath(space: Pick<PathSpace, 'r' | 'difficult' | 'difficultCost' | 'table'>, points: readonly Point[], allowance: number): Path {
  const sp = prepareSpace({ ...space, bases: [], impassable: [] });
  const out: Point[] = [points[0]];
  let left = allowance;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const c = segmentCost(sp, a.x, a.y, b.x, b.y);
    if (c <= left + 1e-12) {
      out.push(b);
      left -= c;
      continue;
    }
    // Bisect for the point where the segment's cost equals what is left (cost grows with the distance).
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 60; it++) {
      const m = (lo + hi) / 2;
      if (segmentCost(sp, a.x, a.y, a.x + (b.x - a.x) * m, a.y + (b.y - a.y) * m) <= left) lo = m;
      else hi = m;
    }
    out.push({ x: a.x + (b.x - a.x) * lo, y: a.y + (b.y - a.y) * lo });
    break;
  }
  if (out.length === 1) out.push({ x: points[0].x, y: points[0].y });
  return measure(sp, out);
}
