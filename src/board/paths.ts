/**
 * Shortest paths of a moving base (R41): straight segments around the bases
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
 */
import { EPSILON, asPrepared, boundsNear, pointInBoundedPolygon, polygonSignedArea, segmentPointDistanceSq, segmentsDistance } from './geometry.js';
import type { Circle, Point, Polygon, PreparedPolygons, Table } from './types.js';

/** How far a returned path may be longer than the shortest legal one, inches (issue 22: 0.05"). */
export const PATH_TOLERANCE = 0.05;
/** Extra length of one arc's circumscribed chain over the arc, at most (inches). */
export const ARC_EXCESS = 0.004;
/** Tangent circles are grown by this much, so that tangents stay legal after rounding (touching is allowed, R41). */
const GROW = 1e-6;
/** A search that closes this many nodes gives up (no answer rather than an unbounded one). */
const MAX_CLOSED = 4000;

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

function prepareSpace(p: PathSpace): Space {
  const n = p.baseCount ?? p.bases.length;
  const bx: number[] = [];
  const by: number[] = [];
  const bR: number[] = [];
  let maxBR = 0;
  for (let i = 0; i < n; i++) {
    const b = p.bases[i];
    bx.push(b.x);
    by.push(b.y);
    const R = p.r + b.r;
    bR.push(R);
    if (R > maxBR) maxBR = R;
  }
  return {
    r: p.r,
    bx,
    by,
    bR,
    nb: n,
    maxBR,
    imp: asPrepared(p.impassable),
    dif: asPrepared(p.difficult),
    factor: p.difficultCost ?? 2,
    minX: p.r,
    maxX: p.table.width - p.r,
    minY: p.r,
    maxY: p.table.height - p.r,
  };
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

/** Circles a path may turn around: their centres, radii (grown) and, for a polygon's corner, nothing more. */
interface Circles {
  x: number[];
  y: number[];
  R: number[];
  n: number;
}

/** Convex corners of the polygons (either winding), each once; `out` gets their points. */
function convexCorners(polys: PreparedPolygons, out: Point[]): void {
  for (const poly of polys.polygons) {
    const n = poly.length;
    const sgn = polygonSignedArea(poly) >= 0 ? 1 : -1;
    for (let i = 0; i < n; i++) {
      const a = poly[(i + n - 1) % n];
      const b = poly[i];
      const c = poly[(i + 1) % n];
      const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
      if (cross * sgn > 0) out.push(b);
    }
  }
}

const cornerCache = new WeakMap<PreparedPolygons, Point[]>();

function cornersOf(polys: PreparedPolygons): Point[] {
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

const chainScratch: Point[] = [];

/**
 * Legality and cost of leaving a node: the arc's chain around circle c from
 * angle a0 to the departure point (px, py) turning o, then the tangent to
 * (qx, qy). Returns the cost, or -1 when a part is illegal.
 */
function legCost(sp: Space, C: Circles, c: number, a0: number, o: number, px: number, py: number, qx: number, qy: number, check: boolean): number {
  let cost = 0;
  let sx = px;
  let sy = py;
  const R = C.R[c];
  if (R > 0) {
    const a1 = Math.atan2(py - C.y[c], px - C.x[c]);
    const d = sweep(a0, a1, o);
    if (d > 0) {
      const pts = chainScratch;
      pts.length = 0;
      // Arrival point first, then the chain's corners, then the departure point.
      pts.push({ x: C.x[c] + R * Math.cos(a0), y: C.y[c] + R * Math.sin(a0) });
      chainPoints(C.x[c], C.y[c], R, a0, d, o, pts);
      pts.push({ x: px, y: py });
      for (let i = 1; i < pts.length; i++) {
        if (check && segmentFault(sp, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y) !== null) return -1;
        cost += segmentCost(sp, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
      }
    }
    sx = px;
    sy = py;
  }
  if (check && segmentFault(sp, sx, sy, qx, qy) !== null) return -1;
  return cost + segmentCost(sp, sx, sy, qx, qy);
}

/**
 * The shortest path of the centre from `from` towards `to` in the space:
 * to `to` itself when the base may stand there, else to the free point
 * nearest it that the pushes find (see freeGoalIn). Null when that point does
 * not exist, cannot be reached, or `from` is not a free position. The cost
 * is exact for the points returned; the path is at most PATH_TOLERANCE
 * longer than the shortest.
 */
/** Where a path from `from` towards `to` aims: `to` when a base of radius r may stand there, else the free point planPath aims at; null when none is found. */
export function freeGoal(space: PathSpace, from: Point, to: Point): Point | null {
  return freeGoalIn(prepareSpace(space), from, to);
}

export function planPath(space: PathSpace, from: Point, to: Point): Path | null {
  const sp = prepareSpace(space);
  if (!isFree(sp, from.x, from.y)) return null;
  const goal = freeGoalIn(sp, from, to);
  if (!goal) return null;
  return search(sp, from, goal);
}

function search(sp: Space, from: Point, goal: Point): Path | null {
  // Straight and clear, with no difficult terrain on the way: nothing is shorter.
  if (segmentFault(sp, from.x, from.y, goal.x, goal.y) === null) {
    const len = Math.hypot(goal.x - from.x, goal.y - from.y);
    const c = segmentCost(sp, from.x, from.y, goal.x, goal.y);
    if (c <= len + 1e-12) return { points: [{ x: from.x, y: from.y }, { x: goal.x, y: goal.y }], length: len, cost: c };
  }
  // Circles: 0 the start, 1 the goal (points), then the grown bases, the impassable corners (radius r), the difficult corners (points).
  const C: Circles = { x: [from.x, goal.x], y: [from.y, goal.y], R: [0, 0], n: 2 };
  for (let i = 0; i < sp.nb; i++) {
    C.x.push(sp.bx[i]);
    C.y.push(sp.by[i]);
    C.R.push(sp.bR[i] + GROW);
  }
  for (const p of cornersOf(sp.imp)) {
    C.x.push(p.x);
    C.y.push(p.y);
    C.R.push(sp.r + GROW);
  }
  for (const p of cornersOf(sp.dif)) {
    C.x.push(p.x);
    C.y.push(p.y);
    C.R.push(0);
  }
  C.n = C.x.length;
  const M = C.n;
  // Nodes: arrival points, keyed by (circle, turn, came-from circle, its turn).
  const nodeCircle: number[] = [0];
  const nodeOrient: number[] = [1];
  const nodeAngle: number[] = [0];
  const nodeX: number[] = [from.x];
  const nodeY: number[] = [from.y];
  const nodeG: number[] = [0];
  const nodeParent: number[] = [-1];
  const heap = new EdgeHeap();
  const gx = goal.x;
  const gy = goal.y;

  const expand = (node: number): void => {
    const c = nodeCircle[node];
    const o = nodeOrient[node];
    const g = nodeG[node];
    const cx = C.x[c];
    const cy = C.y[c];
    const Rc = C.R[c];
    for (let j = 1; j < M; j++) {
      if (j === c) continue;
      const Rj = C.R[j];
      for (let t = 0; t < (Rj > 0 ? 2 : 1); t++) {
        const oj = t === 0 ? 1 : -1;
        tangent(cx, cy, Rc, o, C.x[j], C.y[j], Rj, oj);
        if (!T.ok) continue;
        // Optimistic: the arc (never shorter than its chord... use the straight part and the arc) plus the tangent.
        let arc = 0;
        if (Rc > 0) arc = Rc * sweep(nodeAngle[node], Math.atan2(T.py - cy, T.px - cx), o);
        const seg = Math.hypot(T.qx - T.px, T.qy - T.py);
        const h = Math.hypot(gx - T.qx, gy - T.qy);
        heap.push(g + arc + seg + h, node, j, oj, g + arc + seg);
      }
    }
  };

  const closed = new Set<number>();
  expand(0);
  let found = -1;
  while (heap.size > 0) {
    heap.pop();
    const from0 = heap.topFrom;
    const j = heap.topTo;
    const exact = heap.topOrient === 2 || heap.topOrient === -2;
    const oj = heap.topOrient > 0 ? 1 : -1;
    const c = nodeCircle[from0];
    const o = nodeOrient[from0];
    const key = ((c * 2 + (o > 0 ? 0 : 1)) * M + j) * 2 + (oj > 0 ? 0 : 1);
    if (closed.has(key)) continue;
    tangent(C.x[c], C.y[c], C.R[c], o, C.x[j], C.y[j], C.R[j], oj);
    if (!T.ok) continue;
    const qx = T.qx;
    const qy = T.qy;
    let g = heap.topG;
    if (!exact) {
      // Queued with lengths only (a lower bound); now checked, and costed with difficult terrain.
      const cost = legCost(sp, C, c, nodeAngle[from0], o, T.px, T.py, qx, qy, true);
      if (cost < 0) continue;
      const gTrue = nodeG[from0] + cost;
      if (gTrue > g + 1e-12) {
        heap.push(gTrue + Math.hypot(gx - qx, gy - qy), from0, j, 2 * oj, gTrue);
        continue;
      }
      g = gTrue;
    }
    closed.add(key);
    const node = nodeCircle.length;
    nodeCircle.push(j);
    nodeOrient.push(oj);
    nodeAngle.push(C.R[j] > 0 ? Math.atan2(qy - C.y[j], qx - C.x[j]) : 0);
    nodeX.push(qx);
    nodeY.push(qy);
    nodeG.push(g);
    nodeParent.push(from0);
    if (j === 1) {
      found = node;
      break;
    }
    if (closed.size > MAX_CLOSED) break;
    expand(node);
  }
  if (found < 0) return null;
  // Rebuild: each node's arrival point, with the chain of the arc before its departure.
  const order: number[] = [];
  for (let n = found; n >= 0; n = nodeParent[n]) order.push(n);
  order.reverse();
  const points: Point[] = [{ x: from.x, y: from.y }];
  for (let i = 1; i < order.length; i++) {
    const prev = order[i - 1];
    const cur = order[i];
    const c = nodeCircle[prev];
    if (C.R[c] > 0 && i > 1) {
      tangent(C.x[c], C.y[c], C.R[c], nodeOrient[prev], C.x[nodeCircle[cur]], C.y[nodeCircle[cur]], C.R[nodeCircle[cur]], nodeOrient[cur]);
      const a1 = Math.atan2(T.py - C.y[c], T.px - C.x[c]);
      const d = sweep(nodeAngle[prev], a1, nodeOrient[prev]);
      const chain: Point[] = [];
      chainPoints(C.x[c], C.y[c], C.R[c], nodeAngle[prev], d, nodeOrient[prev], chain);
      // The arrival point and the departure point lie on the chain's first and last tangents: only its corners turn.
      points.pop();
      for (const p of chain) points.push(p);
    }
    points.push({ x: nodeX[cur], y: nodeY[cur] });
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
    length += Math.hypot(b.x - a.x, b.y - a.y);
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
  const local = (i: number, x: number, y: number): number => {
    const a = pts[i - 1];
    const b = pts[i + 1];
    if (segmentFault(sp, a.x, a.y, x, y) !== null || segmentFault(sp, x, y, b.x, b.y) !== null) return Infinity;
    return segmentCost(sp, a.x, a.y, x, y) + segmentCost(sp, x, y, b.x, b.y);
  };
  for (let sweepN = 0; sweepN < 60; sweepN++) {
    let gain = 0;
    for (let i = 1; i < pts.length - 1; i++) {
      const s = side[i];
      if (!s) continue;
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
      }
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
    const l = Math.hypot(b.x - a.x, b.y - a.y) * Math.hypot(c.x - b.x, c.y - b.y);
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
