/**
 * R42 Duel placement: "place this Character Engaged with the Target Enemy by
 * the shortest distance possible" is the point nearest the character's
 * current position among every point where its base is Engaged with the
 * target and overlaps no other base, impassable terrain or the table's edge.
 *
 * Those points form the annulus of Engagement around the target (its base
 * may touch the target's, and its edge is at most the Engagement Range away)
 * with the other bases (grown by the character's radius), impassable terrain
 * (grown the same way) and the table's margin taken out. The nearest point of
 * such a region to a point is the point itself, or lies on its boundary: the
 * nearest point of one boundary curve, or where two curves cross. Every
 * candidate of those kinds is tried, and the nearest that is Engaged and free
 * wins (ties: the first found, in a fixed order).
 */
import type { Point } from '../board/index.js';
import { overlapsBase, overlapsImpassable } from './space.js';
import type { GameState, Warrior } from './types.js';

/** Boundary curves are moved this far into the region, so that a point on one is inside it after rounding. */
const IN = 1e-7;

interface Curve {
  /** A circle (cx, cy, r), or a segment (ax, ay)–(bx, by) when r < 0. */
  cx: number;
  cy: number;
  r: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

const circle = (cx: number, cy: number, r: number): Curve => ({ cx, cy, r, ax: 0, ay: 0, bx: 0, by: 0 });
const segment = (ax: number, ay: number, bx: number, by: number): Curve => ({ cx: 0, cy: 0, r: -1, ax, ay, bx, by });

/** The point of the curve nearest (px, py). */
function nearestOn(c: Curve, px: number, py: number, out: Point[]): void {
  if (c.r >= 0) {
    const dx = px - c.cx;
    const dy = py - c.cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 0) out.push({ x: c.cx + (dx / d) * c.r, y: c.cy + (dy / d) * c.r });
    return;
  }
  const ex = c.bx - c.ax;
  const ey = c.by - c.ay;
  const l2 = ex * ex + ey * ey;
  let t = l2 > 0 ? ((px - c.ax) * ex + (py - c.ay) * ey) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  out.push({ x: c.ax + t * ex, y: c.ay + t * ey });
}

/** Where two curves cross. */
function crossings(a: Curve, b: Curve, out: Point[]): void {
  if (a.r >= 0 && b.r >= 0) {
    const dx = b.cx - a.cx;
    const dy = b.cy - a.cy;
    const d2 = dx * dx + dy * dy;
    const d = Math.sqrt(d2);
    if (d === 0 || d > a.r + b.r || d < Math.abs(a.r - b.r)) return;
    const k = (a.r * a.r - b.r * b.r + d2) / (2 * d);
    const h = Math.sqrt(Math.max(0, a.r * a.r - k * k));
    const mx = a.cx + (dx / d) * k;
    const my = a.cy + (dy / d) * k;
    out.push({ x: mx - (dy / d) * h, y: my + (dx / d) * h }, { x: mx + (dy / d) * h, y: my - (dx / d) * h });
    return;
  }
  if (a.r < 0 && b.r < 0) {
    const rx = a.bx - a.ax;
    const ry = a.by - a.ay;
    const sx = b.bx - b.ax;
    const sy = b.by - b.ay;
    const den = rx * sy - ry * sx;
    if (den === 0) return;
    const qx = b.ax - a.ax;
    const qy = b.ay - a.ay;
    const t = (qx * sy - qy * sx) / den;
    const u = (qx * ry - qy * rx) / den;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1) out.push({ x: a.ax + t * rx, y: a.ay + t * ry });
    return;
  }
  const c = a.r >= 0 ? a : b;
  const s = a.r >= 0 ? b : a;
  const ex = s.bx - s.ax;
  const ey = s.by - s.ay;
  const fx = s.ax - c.cx;
  const fy = s.ay - c.cy;
  const A = ex * ex + ey * ey;
  const B = 2 * (fx * ex + fy * ey);
  const C = fx * fx + fy * fy - c.r * c.r;
  const disc = B * B - 4 * A * C;
  if (A === 0 || disc < 0) return;
  const sq = Math.sqrt(disc);
  for (const t of [(-B - sq) / (2 * A), (-B + sq) / (2 * A)]) if (t >= 0 && t <= 1) out.push({ x: s.ax + t * ex, y: s.ay + t * ey });
}

/**
 * R42: where `mover` goes to be Engaged with `target` by the shortest
 * distance, or null when no point is Engaged and free.
 */
export function duelPlacement(s: GameState, mover: Warrior, target: Warrior): Point | null {
  const rc = mover.r;
  const rIn = target.r + rc;
  const rOut = rIn + s.match.ruleset.engagementRange;
  const tx = target.x;
  const ty = target.y;
  const curves: Curve[] = [circle(tx, ty, rOut - IN), circle(tx, ty, rIn + IN)];
  // Other bases near the annulus, grown by the mover's radius.
  for (const w of s.warriors) {
    if (w === mover || w === target || w.status !== 'table') continue;
    const R = w.r + rc;
    if (Math.hypot(w.x - tx, w.y - ty) <= rOut + R) curves.push(circle(w.x, w.y, R + IN));
  }
  for (const m of s.scenarioState.markers) {
    if (m.destroyed || m.behaviour !== 'standard') continue;
    const R = m.r + rc;
    if (Math.hypot(m.x - tx, m.y - ty) <= rOut + R) curves.push(circle(m.x, m.y, R + IN));
  }
  // Impassable terrain grown by the mover's radius: each side moved out, each corner a circle.
  const { polygons, bounds } = s.match.impassable;
  for (let p = 0; p < polygons.length; p++) {
    const b = bounds[p];
    const reach = rOut + rc;
    if (b.minX > tx + reach || b.maxX < tx - reach || b.minY > ty + reach || b.maxY < ty - reach) continue;
    const poly = polygons[p];
    let area = 0;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) area += poly[j].x * poly[i].y - poly[i].x * poly[j].y;
    const sgn = area >= 0 ? 1 : -1;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const a = poly[j];
      const c = poly[i];
      const len = Math.hypot(c.x - a.x, c.y - a.y) || 1;
      const nx = (sgn * (c.y - a.y)) / len;
      const ny = (-sgn * (c.x - a.x)) / len;
      const o = rc + IN;
      curves.push(segment(a.x + nx * o, a.y + ny * o, c.x + nx * o, c.y + ny * o));
      curves.push(circle(c.x, c.y, rc + IN));
    }
  }
  // The table's margin.
  const W = s.match.table.width;
  const H = s.match.table.height;
  const m = rc + IN;
  curves.push(segment(m, m, W - m, m), segment(W - m, m, W - m, H - m), segment(W - m, H - m, m, H - m), segment(m, H - m, m, m));

  const px = mover.x;
  const py = mover.y;
  const cands: Point[] = [{ x: px, y: py }];
  for (const c of curves) nearestOn(c, px, py, cands);
  for (let i = 0; i < curves.length; i++) for (let j = i + 1; j < curves.length; j++) crossings(curves[i], curves[j], cands);

  let best: Point | null = null;
  let bestD = Infinity;
  for (const q of cands) {
    const d = Math.hypot(q.x - px, q.y - py);
    if (d >= bestD) continue;
    const dt = Math.hypot(q.x - tx, q.y - ty);
    if (dt < rIn - 1e-9 || dt > rOut + 1e-9) continue;
    if (q.x < rc - 1e-9 || q.y < rc - 1e-9 || q.x > W - rc + 1e-9 || q.y > H - rc + 1e-9) continue;
    if (overlapsBase(s, mover, q.x, q.y) || overlapsImpassable(s, q.x, q.y, rc)) continue;
    best = q;
    bestD = d;
  }
  return best;
}
