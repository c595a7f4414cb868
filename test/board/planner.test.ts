/**
 * The planner (R41): scripted tables with known answers, then fast-check
 * properties on random tables. Legality and cost are checked here by their
 * own means (distances to every base and side; cost by sampling the path),
 * not by the planner's functions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARC_EXCESS,
  PATH_TOLERANCE,
  measurePath,
  pathFault,
  planPath,
  pointInPolygon,
  preparePolygons,
  rectPolygon,
  segmentPointDistanceSq,
  segmentsDistance,
  truncatePath,
} from '../../src/board/index.js';
import type { Circle, Path, PathSpace, Point, Polygon, PreparedPolygons } from '../../src/board/index.js';

const table = { width: 16, height: 16 };

function space(r: number, bases: Circle[], impassable: Polygon[] = [], difficult: Polygon[] = [], t = table): PathSpace {
  return { r, bases, impassable: preparePolygons(impassable), difficult: preparePolygons(difficult), table: t };
}

/** Why segment a–b is illegal for a base of radius r in sp, checked by plain distances; null when legal. */
function illegal(sp: PathSpace, a: Point, b: Point): string | null {
  const r = sp.r;
  const e = 1e-9;
  for (const p of [a, b]) if (p.x < r - e || p.y < r - e || p.x > sp.table.width - r + e || p.y > sp.table.height - r + e) return 'edge';
  for (const c of sp.bases) {
    const lim = r + c.r - 1e-8;
    if (segmentPointDistanceSq(a.x, a.y, b.x, b.y, c.x, c.y) < lim * lim) return `base at (${c.x}, ${c.y})`;
  }
  const imp = (sp.impassable as PreparedPolygons).polygons;
  for (const poly of imp) {
    if (pointInPolygon(a.x, a.y, poly)) return 'inside terrain';
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      if (segmentsDistance(a.x, a.y, b.x, b.y, poly[j].x, poly[j].y, poly[i].x, poly[i].y) < r - 1e-8) return 'terrain';
    }
  }
  return null;
}

/** Cost by sampling: the centre's path in steps of `h`, each step counted double inside difficult terrain (R31). */
function sampledCost(sp: PathSpace, pts: readonly Point[], h = 0.002): number {
  const dif = (sp.difficult as PreparedPolygons).polygons;
  let cost = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const n = Math.max(1, Math.ceil(len / h));
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      cost += (len / n) * (dif.some((p) => pointInPolygon(x, y, p)) ? 2 : 1);
    }
  }
  return cost;
}

function lengthOf(pts: readonly Point[]): number {
  let l = 0;
  for (let i = 1; i < pts.length; i++) l += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  return l;
}

function expectLegal(sp: PathSpace, p: Path): void {
  for (let i = 1; i < p.points.length; i++) expect(illegal(sp, p.points[i - 1], p.points[i]), `leg ${i}`).toBeNull();
}

/**
 * The cheapest path on a grid of spacing h over the table, every node joined
 * to those within 3 steps whose segment is legal (an any-angle grid: 32
 * directions), start and goal joined the same way; Dijkstra. Infinity when
 * none. A legal path, so never shorter than the true shortest.
 */
function gridCost(sp: PathSpace, from: Point, to: Point, h: number): number {
  const nx = Math.floor(sp.table.width / h) + 1;
  const ny = Math.floor(sp.table.height / h) + 1;
  const N = nx * ny + 2;
  const px = new Float64Array(N);
  const py = new Float64Array(N);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      px[j * nx + i] = i * h;
      py[j * nx + i] = j * h;
    }
  const S = N - 2;
  const G = N - 1;
  px[S] = from.x;
  py[S] = from.y;
  px[G] = to.x;
  py[G] = to.y;
  const free = (k: number) => illegal(sp, { x: px[k], y: py[k] }, { x: px[k], y: py[k] }) === null;
  const ok = new Uint8Array(N);
  for (let k = 0; k < N; k++) ok[k] = free(k) ? 1 : 0;
  const dist = new Float64Array(N).fill(Infinity);
  const done = new Uint8Array(N);
  dist[S] = 0;
  const neighbours = (k: number): number[] => {
    const out: number[] = [];
    const cx = k >= nx * ny ? Math.round(px[k] / h) : k % nx;
    const cy = k >= nx * ny ? Math.round(py[k] / h) : Math.floor(k / nx);
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++) {
        const i = cx + dx;
        const j = cy + dy;
        if ((dx === 0 && dy === 0) || i < 0 || j < 0 || i >= nx || j >= ny) continue;
        out.push(j * nx + i);
      }
    if (Math.hypot(px[k] - to.x, py[k] - to.y) <= 3.5 * h) out.push(G);
    return out;
  };
  // A plain O(N²) Dijkstra is fast enough for a thousand nodes.
  for (;;) {
    let u = -1;
    for (let k = 0; k < N; k++) if (!done[k] && dist[k] < Infinity && (u < 0 || dist[k] < dist[u])) u = k;
    if (u < 0) return Infinity;
    if (u === G) return dist[G];
    done[u] = 1;
    for (const v of neighbours(u)) {
      if (done[v] || !ok[v]) continue;
      const a = { x: px[u], y: py[u] };
      const b = { x: px[v], y: py[v] };
      if (illegal(sp, a, b) !== null) continue;
      const c = dist[u] + measurePath(sp, [a, b]).cost;
      if (c < dist[v]) dist[v] = c;
    }
  }
}

describe('planPath: tables with known answers', () => {
  it('goes straight when nothing is in the way', () => {
    const p = planPath(space(0.5, [{ x: 10, y: 2, r: 0.5 }]), { x: 2, y: 8 }, { x: 12, y: 8 })!;
    expect(p.points).toEqual([
      { x: 2, y: 8 },
      { x: 12, y: 8 },
    ]);
    expect(p.length).toBeCloseTo(10, 12);
    expect(p.cost).toBeCloseTo(10, 12);
  });

  it('wraps a base in the way: two tangents and the arc, within ARC_EXCESS', () => {
    const sp = space(0.5, [{ x: 8, y: 8, r: 0.5 }]);
    const p = planPath(sp, { x: 3, y: 8 }, { x: 13, y: 8 })!;
    // Grown radius R = 1 at distance 5 from both ends: 2·√24 + R·(π − 2·acos(R/5)).
    const exact = 2 * Math.sqrt(24) + (Math.PI - 2 * Math.acos(1 / 5));
    expect(p.length).toBeGreaterThanOrEqual(exact - 1e-6);
    expect(p.length).toBeLessThanOrEqual(exact + ARC_EXCESS + 1e-6);
    expectLegal(sp, p);
  });

  it('goes round an impassable block at r from its corners', () => {
    const sp = space(0.5, [], [rectPolygon({ x: 6, y: 4, w: 4, h: 8 })]);
    const p = planPath(sp, { x: 3, y: 8 }, { x: 13, y: 8 })!;
    // Round the lower side (or the upper, the same by symmetry): a tangent from the start to the corner
    // circle at (6, 4), radius r, its arc down to the grown side y = 3.5, the side, and the same mirrored.
    const R = 0.5;
    const d = 5;
    const arc = 1.5 * Math.PI - (Math.atan2(4, -3) + Math.acos(R / d));
    const exact = 2 * (Math.sqrt(d * d - R * R) + R * arc) + 4;
    expectLegal(sp, p);
    expect(p.length).toBeGreaterThanOrEqual(exact - 1e-6);
    expect(p.length).toBeLessThanOrEqual(exact + 2 * ARC_EXCESS + 1e-6);
  });

  it('crosses a strip of difficult terrain where the doubled part is least (refraction), as a 1-D search finds', () => {
    // Start 3" below a 6"-deep strip, goal 3" above it and 6" across: the cheapest crossing point on each side.
    const strip = rectPolygon({ x: 0, y: 4, w: 16, h: 6 });
    const sp = space(0.5, [], [], [strip]);
    const from = { x: 4, y: 1 };
    const to = { x: 10, y: 13 };
    const p = planPath(sp, from, to)!;
    // Symmetric: enter at x = 4 + a, leave at x = 10 − a; cost 2·√(9 + a²) + 2·√(36 + (6 − 2a)²).
    let best = Infinity;
    for (let a = 0; a <= 3; a += 1e-5) best = Math.min(best, 2 * Math.sqrt(9 + a * a) + 2 * Math.sqrt(36 + (6 - 2 * a) ** 2));
    expect(p.cost).toBeGreaterThanOrEqual(best - 1e-6);
    expect(p.cost).toBeLessThanOrEqual(best + 1e-4);
    expect(p.cost).toBeCloseTo(sampledCost(sp, p.points), 2);
  });

  it('aims at the free point nearest a goal no base can stand on, and answers null when none can be reached', () => {
    const sp = space(0.5, [{ x: 8, y: 8, r: 0.5 }]);
    // The goal is the other base's centre: the path ends touching it, on the side it came from.
    const p = planPath(sp, { x: 3, y: 8 }, { x: 8, y: 8 })!;
    const end = p.points[p.points.length - 1];
    expect(Math.hypot(end.x - 8, end.y - 8)).toBeCloseTo(1, 5);
    expect(end.x).toBeLessThan(8);
    // A goal walled in by a ring of bases.
    const ring: Circle[] = [];
    for (let k = 0; k < 12; k++) ring.push({ x: 8 + 2 * Math.cos((k * Math.PI) / 6), y: 8 + 2 * Math.sin((k * Math.PI) / 6), r: 0.55 });
    expect(planPath(space(0.5, ring), { x: 2, y: 2 }, { x: 8, y: 8 })).toBeNull();
  });

  it('truncatePath spends exactly the allowance, difficult parts double (R31, R41)', () => {
    const sp = space(0.5, [], [], [rectPolygon({ x: 5, y: 0, w: 2, h: 16 })]);
    const cut = truncatePath(
      sp,
      [
        { x: 2, y: 8 },
        { x: 12, y: 8 },
      ],
      6,
    );
    // 3" to the strip, then 1.5" inside it at double cost.
    expect(cut.points[cut.points.length - 1].x).toBeCloseTo(6.5, 9);
    expect(cut.cost).toBeCloseTo(6, 9);
  });

  it('pathFault names the first leg that crosses a base, terrain or the edge', () => {
    const sp = space(0.5, [{ x: 8, y: 8, r: 0.5 }], [rectPolygon({ x: 2, y: 12, w: 2, h: 2 })]);
    expect(
      pathFault(sp, [
        { x: 3, y: 8 },
        { x: 6, y: 8 },
        { x: 13, y: 8 },
      ]),
    ).toEqual({ leg: 1, reason: 'base' });
    expect(
      pathFault(sp, [
        { x: 3, y: 8 },
        { x: 3, y: 15 },
      ]),
    ).toEqual({ leg: 0, reason: 'terrain' });
    expect(
      pathFault(sp, [
        { x: 3, y: 8 },
        { x: 0.2, y: 8 },
      ]),
    ).toEqual({ leg: 0, reason: 'edge' });
    expect(
      pathFault(sp, [
        { x: 3, y: 8 },
        { x: 8, y: 6.5 },
        { x: 13, y: 8 },
      ]),
    ).toBeNull();
  });
});

// ---------------------------------------------------------------- properties on random tables

const uniform = (lo: number, hi: number) => fc.integer({ min: 0, max: 1_000_000 }).map((i) => lo + ((hi - lo) * i) / 1e6);
const radius = fc.constantFrom(25, 27, 32, 40, 50).map((mm) => mm / 25.4 / 2);
const base = fc.record({ x: uniform(1, 15), y: uniform(1, 15), r: radius });
const rect = fc.record({ x: uniform(1, 12), y: uniform(1, 12), w: uniform(0.5, 4), h: uniform(0.5, 4) }).map(rectPolygon);
const tableArb = fc.record({
  r: radius,
  bases: fc.array(base, { minLength: 1, maxLength: 8 }),
  impassable: fc.array(rect, { maxLength: 2 }),
  difficult: fc.array(rect, { maxLength: 2 }),
  from: fc.record({ x: uniform(1, 15), y: uniform(1, 15) }),
  to: fc.record({ x: uniform(1, 15), y: uniform(1, 15) }),
});

/** The table's space, with the bases that overlap each other or the start dropped (a table as the engine keeps it). */
function tableSpace(t: { r: number; bases: Circle[]; impassable: Polygon[]; difficult: Polygon[]; from: Point }): PathSpace {
  const kept: Circle[] = [];
  for (const b of t.bases) {
    if (kept.some((k) => Math.hypot(k.x - b.x, k.y - b.y) < k.r + b.r)) continue;
    if (Math.hypot(t.from.x - b.x, t.from.y - b.y) < t.r + b.r) continue;
    kept.push(b);
  }
  return space(t.r, kept, t.impassable, t.difficult);
}

describe('planPath: properties on random tables (fast-check)', () => {
  it('every returned path is legal, ends at the goal when the goal is free, and measures what it reports', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const sp = tableSpace(t);
        if (illegal(sp, t.from, t.from) !== null) return;
        const p = planPath(sp, t.from, t.to);
        if (!p) return;
        expectLegal(sp, p);
        expect(p.points[0]).toEqual(t.from);
        if (illegal(sp, t.to, t.to) === null) expect(p.points[p.points.length - 1]).toEqual(t.to);
        expect(p.length).toBeCloseTo(lengthOf(p.points), 9);
        expect(Math.abs(p.cost - sampledCost(sp, p.points))).toBeLessThan(0.01);
      }),
      { numRuns: 150, seed: 22, endOnFailure: true },
    );
  });

  it(`no path on a fine any-angle grid is cheaper by more than PATH_TOLERANCE (${PATH_TOLERANCE}")`, () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const sp = tableSpace(t);
        if (illegal(sp, t.from, t.from) !== null || illegal(sp, t.to, t.to) !== null) return;
        const p = planPath(sp, t.from, t.to);
        const grid = gridCost(sp, t.from, t.to, 0.5);
        if (!p) {
          expect(grid).toBe(Infinity);
          return;
        }
        expect(grid).toBeGreaterThanOrEqual(p.cost - PATH_TOLERANCE);
      }),
      { numRuns: 40, seed: 22, endOnFailure: true },
    );
  });
});
