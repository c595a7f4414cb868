/**
 * Straight-line movement of a base (March, Charge, Reposition, reinforcement
 * entry) and Driven Back. The mover's centre travels along the segment to its
 * destination; each rule that can end the move gives the first distance along
 * the line where it applies, and the smallest wins. Closed-form per obstacle,
 * no allocation apart from the result.
 */
import { EPSILON, asPrepared, boundsNear, pointInBoundedPolygon, segmentPointDistanceSq, segmentsDistance } from './geometry.js';
import type { Circle, DrivenBackOptions, MoveOptions, MoveResult, Point, PreparedPolygons, StopReason, Table } from './types.js';

/** R5 default. */
const DEFAULT_ENGAGEMENT_RANGE = 1;
/** R31: difficult terrain halves movement, so an inch inside costs two. */
const DEFAULT_DIFFICULT_COST = 2;
/**
 * A difficult polygon whose bounds stay this far from the centre's path is
 * skipped. Far above rounding and EPSILON (within which a boundary point counts
 * as inside), so no crossing or covered point is lost; only a crossing made up
 * by rounding on an edge nearly parallel to the path could be.
 */
const REACH_MARGIN = 1e-6;
const NO_POLYGONS: PreparedPolygons = { polygons: [], bounds: [] };

/**
 * First distance s ≥ 0 along the ray (x0, y0) + s·(ux, uy) at which a base of
 * radius R (sum of both radii) around (cx, cy) would be overlapped; Infinity
 * when the path only grazes it (touching is allowed) or moves away. A base
 * already overlapping is allowed to move apart but not deeper.
 */
function circleEntry(x0: number, y0: number, ux: number, uy: number, cx: number, cy: number, R: number): number {
  const wx = x0 - cx;
  const wy = y0 - cy;
  const b = wx * ux + wy * uy;
  if (b >= 0) return Infinity; // moving away: the gap never shrinks
  const rIn = R - EPSILON;
  if (rIn <= 0) return Infinity;
  const c = wx * wx + wy * wy;
  if (c - b * b >= rIn * rIn) return Infinity; // closest approach leaves them at most touching
  const s = -b - Math.sqrt(b * b - c + R * R);
  return s > 0 ? s : 0;
}

/**
 * Interval of the ray inside the capsule {p : dist(p, segment a–b) ≤ r},
 * written to span[0], span[1] (empty when span[0] > span[1]).
 */
const span = new Float64Array(2);
function capsuleSpan(x0: number, y0: number, ux: number, uy: number, ax: number, ay: number, bx: number, by: number, r: number): void {
  let lo = Infinity;
  let hi = -Infinity;
  const r2 = r * r;
  // End discs.
  for (let k = 0; k < 2; k++) {
    const wx = x0 - (k === 0 ? ax : bx);
    const wy = y0 - (k === 0 ? ay : by);
    const b = wx * ux + wy * uy;
    const disc = b * b - (wx * wx + wy * wy - r2);
    if (disc >= 0) {
      const sq = Math.sqrt(disc);
      if (-b - sq < lo) lo = -b - sq;
      if (-b + sq > hi) hi = -b + sq;
    }
  }
  // Rectangle along the segment: 0 ≤ t ≤ L across, |h| ≤ r (Liang–Barsky).
  const ex0 = bx - ax;
  const ey0 = by - ay;
  const L = Math.sqrt(ex0 * ex0 + ey0 * ey0);
  if (L > 0) {
    const ex = ex0 / L;
    const ey = ey0 / L;
    const px = x0 - ax;
    const py = y0 - ay;
    let sIn = -Infinity;
    let sOut = Infinity;
    let ok = true;
    for (let k = 0; k < 2 && ok; k++) {
      const v0 = k === 0 ? px * ex + py * ey : -px * ey + py * ex;
      const dv = k === 0 ? ux * ex + uy * ey : -ux * ey + uy * ex;
      const vlo = k === 0 ? 0 : -r;
      const vhi = k === 0 ? L : r;
      if (dv === 0) {
        if (v0 < vlo || v0 > vhi) ok = false;
      } else {
        let s1 = (vlo - v0) / dv;
        let s2 = (vhi - v0) / dv;
        if (s1 > s2) {
          const t = s1;
          s1 = s2;
          s2 = t;
        }
        if (s1 > sIn) sIn = s1;
        if (s2 < sOut) sOut = s2;
        if (sIn > sOut) ok = false;
      }
    }
    if (ok) {
      if (sIn < lo) lo = sIn;
      if (sOut > hi) hi = sOut;
    }
  }
  span[0] = lo;
  span[1] = hi;
}

/**
 * First distance s in [0, sMax] at which a base of radius r on the ray would
 * overlap segment a–b; Infinity if it never does within sMax. Touching is
 * allowed; a base already overlapping may move out but not deeper.
 */
function edgeEntry(x0: number, y0: number, ux: number, uy: number, sMax: number, ax: number, ay: number, bx: number, by: number, r: number): number {
  const rIn = r - EPSILON;
  if (rIn <= 0) return Infinity;
  // Does the path come closer than rIn at all? Robust against grazing.
  if (segmentsDistance(x0, y0, x0 + ux * sMax, y0 + uy * sMax, ax, ay, bx, by) >= rIn) return Infinity;
  if (segmentPointDistanceSq(ax, ay, bx, by, x0, y0) < rIn * rIn) {
    // Already overlapping: the distance to a segment is convex along a line, so
    // it may only go on if that distance is not shrinking.
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    let t = len2 > 0 ? ((x0 - ax) * ex + (y0 - ay) * ey) / len2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const dx = x0 - (ax + t * ex);
    const dy = y0 - (ay + t * ey);
    return dx * ux + dy * uy < 0 || (dx === 0 && dy === 0) ? 0 : Infinity;
  }
  capsuleSpan(x0, y0, ux, uy, ax, ay, bx, by, r);
  const s = span[0];
  return s > 0 ? s : 0;
}

/** First distance along the ray where the base would overlap any of the polygons. */
function polygonsEntry(x0: number, y0: number, ux: number, uy: number, sMax: number, r: number, polys: PreparedPolygons): number {
  let best = Infinity;
  const x1 = x0 + ux * sMax;
  const y1 = y0 + uy * sMax;
  const minX = (x0 < x1 ? x0 : x1) - r;
  const maxX = (x0 < x1 ? x1 : x0) + r;
  const minY = (y0 < y1 ? y0 : y1) - r;
  const maxY = (y0 < y1 ? y1 : y0) + r;
  for (let p = 0; p < polys.polygons.length; p++) {
    // A polygon whose box misses the swept path's box has no edge whose box meets it.
    if (!boundsNear(polys.bounds[p], minX, minY, maxX, maxY, 0)) continue;
    const poly = polys.polygons[p];
    const n = poly.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = poly[j].x;
      const ay = poly[j].y;
      const bx = poly[i].x;
      const by = poly[i].y;
      // Edge's box against the swept path's box.
      if ((ax < bx ? bx : ax) < minX || (ax < bx ? ax : bx) > maxX) continue;
      if ((ay < by ? by : ay) < minY || (ay < by ? ay : by) > maxY) continue;
      const lim = best < sMax ? best : sMax;
      const s = edgeEntry(x0, y0, ux, uy, lim, ax, ay, bx, by, r);
      if (s < best) best = s;
    }
  }
  return best;
}

/** First distance along the ray at which the base would leave the table (R30 entries from off-table may move on). */
function edgeStop(x0: number, y0: number, ux: number, uy: number, r: number, table: Table): number {
  let best = Infinity;
  const loX = r;
  const hiX = table.width - r;
  const loY = r;
  const hiY = table.height - r;
  if (ux < 0) best = x0 < loX - EPSILON ? 0 : Math.min(best, Math.max(0, (x0 - loX) / -ux));
  else if (ux > 0) best = x0 > hiX + EPSILON ? 0 : Math.min(best, Math.max(0, (hiX - x0) / ux));
  if (uy < 0) best = y0 < loY - EPSILON ? 0 : Math.min(best, Math.max(0, (y0 - loY) / -uy));
  else if (uy > 0) best = y0 > hiY + EPSILON ? 0 : Math.min(best, Math.max(0, (hiY - y0) / uy));
  return best;
}

// Scratch for difficult-terrain crossings along the path, each piece's cost
// factor and the difficult polygons near the path (grown on demand, never shrunk).
let cuts = new Float64Array(32);
let factors = new Float64Array(32);
let near = new Int32Array(8);

/**
 * Writes to `near` the indexes of the polygons whose bounds come within
 * REACH_MARGIN of the segment's box, and returns how many there are.
 */
function nearPolygons(polys: PreparedPolygons, ax: number, ay: number, bx: number, by: number): number {
  const n = polys.polygons.length;
  if (near.length < n) near = new Int32Array(n);
  const minX = ax < bx ? ax : bx;
  const maxX = ax < bx ? bx : ax;
  const minY = ay < by ? ay : by;
  const maxY = ay < by ? by : ay;
  let k = 0;
  for (let p = 0; p < n; p++) if (boundsNear(polys.bounds[p], minX, minY, maxX, maxY, REACH_MARGIN)) near[k++] = p;
  return k;
}

/** Whether (x, y) lies inside any of the first `nNear` polygons of `near` (boundary included). */
function inNearPolygon(x: number, y: number, polys: PreparedPolygons, nNear: number): boolean {
  for (let k = 0; k < nNear; k++) {
    const p = near[k];
    if (pointInBoundedPolygon(x, y, polys.polygons[p], polys.bounds[p])) return true;
  }
  return false;
}

/**
 * Collects, in `cuts`, the sorted distances in [0, sEnd] where the centre's
 * path crosses the boundary of any of the first `nNear` polygons of `near`,
 * bracketed by 0 and sEnd. Returns how many there are.
 */
function difficultCuts(x0: number, y0: number, ux: number, uy: number, sEnd: number, polys: PreparedPolygons, nNear: number): number {
  let k = 0;
  cuts[k++] = 0;
  for (let q = 0; q < nNear; q++) {
    const poly = polys.polygons[near[q]];
    const n = poly.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const cx = poly[j].x;
      const cy = poly[j].y;
      const sx = poly[i].x - cx;
      const sy = poly[i].y - cy;
      const denom = ux * sy - uy * sx;
      if (denom === 0) continue; // parallel: the crossings at its ends come from the neighbouring edges
      const qx = cx - x0;
      const qy = cy - y0;
      const s = (qx * sy - qy * sx) / denom;
      const u = (qx * uy - qy * ux) / denom;
      if (s > 0 && s < sEnd && u >= 0 && u <= 1) {
        if (k + 1 >= cuts.length) {
          const bigger = new Float64Array(cuts.length * 2);
          bigger.set(cuts);
          cuts = bigger;
        }
        // Insertion sort as we go: a handful of crossings at most.
        let m = k++;
        while (m > 0 && cuts[m - 1] > s) {
          cuts[m] = cuts[m - 1];
          m--;
        }
        cuts[m] = s;
      }
    }
  }
  if (k + 1 >= cuts.length) {
    const bigger = new Float64Array(cuts.length * 2);
    bigger.set(cuts);
    cuts = bigger;
  }
  cuts[k++] = sEnd;
  if (factors.length < cuts.length) factors = new Float64Array(cuts.length);
  return k;
}

/**
 * Moves the mover's centre along the straight line towards `to` as far as the
 * rules allow, and says what stopped it:
 * - `destination`: it got there;
 * - `distance`: the allowance ran out (R31: an inch of the centre's path inside
 *   difficult terrain costs `difficultCost`, default 2);
 * - `edge`: its base touched the table edge;
 * - `terrain`: its base touched impassable terrain (R31);
 * - `base`: its base touched a blocker (bases never overlap; touching is allowed);
 * - `engagement`: once within `engagementRange` (R5) of an `engageWith` base it
 *   may not leave that range (March), so it stops where it would leave it. Since
 *   the gap to a circle is convex along a line, that is where the gap, having
 *   dropped to the range or below, rises back to exactly the range.
 * On a tie the earlier reason in this list is reported. A base that starts
 * overlapping something (or off the table) may move out of it but not deeper.
 * A base that starts inside an impassable polygon without touching its edges is
 * not stopped by it. `blockers` must include enemies: `engageWith` bases do not
 * block by themselves.
 */
export function moveAlong(opts: MoveOptions): MoveResult {
  const { mover, to, maxDistance, blockers, table } = opts;
  const x0 = mover.x;
  const y0 = mover.y;
  const r = mover.r;
  const dx = to.x - x0;
  const dy = to.y - y0;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len <= EPSILON) return result(opts, x0, y0, 0, 0, 'destination');
  if (!(maxDistance > 0)) return result(opts, x0, y0, 0, 0, 'distance');
  const ux = dx / len;
  const uy = dy / len;
  const difficultCost = opts.difficultCost ?? DEFAULT_DIFFICULT_COST;
  const impassable = asPrepared(opts.impassable);
  const difficult = asPrepared(opts.difficult);

  let stop = len;
  let stoppedBy: StopReason = 'destination';

  // Allowance, with difficult terrain along the way (R31). Pieces the path does
  // not come near add no crossing and cover none of it: without any, the
  // allowance is spent one for one, exactly as the pieces would give.
  let nCuts = 0;
  const nNear = difficult.polygons.length === 0 ? 0 : nearPolygons(difficult, x0, y0, to.x, to.y);
  if (nNear === 0) {
    if (maxDistance < stop - EPSILON) {
      stop = maxDistance;
      stoppedBy = 'distance';
    }
  } else {
    nCuts = difficultCuts(x0, y0, ux, uy, len, difficult, nNear);
    let cost = 0;
    for (let k = 1; k < nCuts; k++) {
      const a = cuts[k - 1];
      const b = cuts[k];
      factors[k] = 1;
      if (b <= a) continue;
      const mid = (a + b) / 2;
      const f = inNearPolygon(x0 + ux * mid, y0 + uy * mid, difficult, nNear) ? difficultCost : 1;
      factors[k] = f;
      const piece = (b - a) * f;
      if (cost + piece > maxDistance) {
        const s = a + (maxDistance - cost) / f;
        if (s < stop - EPSILON) {
          stop = s;
          stoppedBy = 'distance';
        }
        break;
      }
      cost += piece;
    }
  }

  const sEdge = edgeStop(x0, y0, ux, uy, r, table);
  if (sEdge < stop - EPSILON) {
    stop = sEdge;
    stoppedBy = 'edge';
  }

  if (impassable.polygons.length > 0 && stop > 0) {
    const sTerrain = polygonsEntry(x0, y0, ux, uy, stop, r, impassable);
    if (sTerrain < stop - EPSILON) {
      stop = sTerrain;
      stoppedBy = 'terrain';
    }
  }

  const nBlockers = opts.blockerCount ?? blockers.length;
  for (let i = 0; i < nBlockers && stop > 0; i++) {
    const b = blockers[i];
    const R = r + b.r;
    // Cheap rejects: behind the mover, or too far ahead to be reached before `stop`.
    const along = (b.x - x0) * ux + (b.y - y0) * uy;
    if (along <= 0 || along - R > stop) continue;
    const s = circleEntry(x0, y0, ux, uy, b.x, b.y, R);
    if (s < stop - EPSILON) {
      stop = s;
      stoppedBy = 'base';
    }
  }

  // March: entering an enemy's Engagement Range is allowed, leaving it is not.
  const engageWith = opts.engageWith;
  const nEngage = engageWith ? (opts.engageCount ?? engageWith.length) : 0;
  if (engageWith && nEngage > 0) {
    const range = opts.engagementRange ?? DEFAULT_ENGAGEMENT_RANGE;
    // One pass suffices: `stop` only decreases, so an enemy skipped as not yet
    // entered, or as not left before `stop`, stays skipped.
    for (let i = 0; i < nEngage; i++) {
      const e = engageWith[i];
      const R = r + e.r + range;
      const wx = x0 - e.x;
      const wy = y0 - e.y;
      const b = wx * ux + wy * uy;
      const disc = b * b - (wx * wx + wy * wy - R * R);
      if (disc <= 0) continue;
      const sq = Math.sqrt(disc);
      const sIn = -b - sq;
      const sOut = -b + sq;
      if (sOut <= EPSILON) continue; // the range lies behind the mover
      if (sIn <= stop && sOut < stop - EPSILON) {
        stop = sOut > 0 ? sOut : 0;
        stoppedBy = 'engagement';
      }
    }
  }

  let cost = stop;
  if (nCuts > 0) {
    cost = 0;
    for (let k = 1; k < nCuts; k++) {
      const a = cuts[k - 1];
      if (a >= stop) break;
      const b = cuts[k] < stop ? cuts[k] : stop;
      if (b > a) cost += (b - a) * factors[k];
    }
  }
  if (stoppedBy === 'destination') return result(opts, to.x, to.y, len, cost, stoppedBy);
  return result(opts, x0 + ux * stop, y0 + uy * stop, stop, cost, stoppedBy);
}

/** moveAlong's answer, in `opts.out` when the caller gives one (hundreds of moves a game), else a new object. */
function result(opts: MoveOptions, x: number, y: number, travelled: number, cost: number, stoppedBy: StopReason): MoveResult {
  const out = opts.out;
  if (out === undefined) return { x, y, travelled, cost, stoppedBy };
  out.x = x;
  out.y = y;
  out.travelled = travelled;
  out.cost = cost;
  out.stoppedBy = stoppedBy;
  return out;
}

/** Indexes of the bases in `others` within `range` of c, base edge to base edge (R5; touching the range counts). */
export function engagedWith(c: Circle, others: readonly Circle[], range: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < others.length; i++) if (withinRange(c, others[i], range)) out.push(i);
  return out;
}

/** Whether any base in `others` is within `range` of c, base edge to base edge (R5). No allocation. */
export function isEngaged(c: Circle, others: readonly Circle[], range: number): boolean {
  for (let i = 0; i < others.length; i++) if (withinRange(c, others[i], range)) return true;
  return false;
}

function withinRange(a: Circle, b: Circle, range: number): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lim = a.r + b.r + range + EPSILON;
  return dx * dx + dy * dy <= lim * lim;
}

/**
 * R12 Driven Back: moves the warrior directly away from `from` until `distance`
 * inches separate their base edges, or it touches another base, impassable
 * terrain or the table edge (difficult terrain does not shorten it: the rule
 * gives a separation, not an allowance). A warrior already that far away does
 * not move; one whose centre coincides with `from` has no "away" and does not move.
 */
export function drivenBack(opts: DrivenBackOptions): MoveResult {
  const { warrior: w, from, distance: gap, blockers, impassable, table } = opts;
  const vx = w.x - from.x;
  const vy = w.y - from.y;
  const d = Math.sqrt(vx * vx + vy * vy);
  const need = from.r + w.r + gap - d;
  if (d <= EPSILON || need <= 0) return { x: w.x, y: w.y, travelled: 0, cost: 0, stoppedBy: 'destination' };
  const to = { x: w.x + (vx / d) * need, y: w.y + (vy / d) * need };
  return moveAlong({ mover: w, to, maxDistance: need, blockers, impassable, difficult: NO_POLYGONS, table });
}

/**
 * The point `dist` inches from `from` towards `to` (beyond `to` if dist is
 * longer, away from it if negative); `from` itself when the two coincide.
 */
export function pointTowards(from: Point, to: Point, dist: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len === 0) return { x: from.x, y: from.y };
  return { x: from.x + (dx / len) * dist, y: from.y + (dy / len) * dist };
}

/**
 * Where the mover's centre goes so that its base is `gap` inches from the
 * target's base (0: base contact), on the line from the target towards the
 * mover. Coincident centres: the mover is placed on the target's −y side
 * (towards player 1's edge).
 */
export function contactPoint(mover: Circle, target: Circle, gap = 0): Point {
  const dx = mover.x - target.x;
  const dy = mover.y - target.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  const R = mover.r + target.r + gap;
  if (len === 0) return { x: target.x, y: target.y - R };
  return { x: target.x + (dx / len) * R, y: target.y + (dy / len) * R };
}

/** The nearest centre position at which the base lies wholly on the table. */
export function clampToTable(c: Circle, table: Table): Point {
  const x = c.x < c.r ? c.r : c.x > table.width - c.r ? table.width - c.r : c.x;
  const y = c.y < c.r ? c.r : c.y > table.height - c.r ? table.height - c.r : c.y;
  return { x, y };
}
