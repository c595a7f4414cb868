import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TABLE,
  circleOverlapsPolygon,
  circleWhollyWithin,
  circleWhollyWithinUnion,
  drivenBack,
  edgeDistance,
  moveAlong,
  pointInPolygon,
  polygonsDistance,
  rectPolygon,
  rotate180,
  rotatePolygon180,
} from '../../src/board/index.js';
import type { Circle, Polygon } from '../../src/board/index.js';

const TOL = 1e-6;
const table = DEFAULT_TABLE;

/** Uniform in [lo, hi] (fc.double spreads over float representations, so it crowds near 0). */
const uniform = (lo: number, hi: number) => fc.integer({ min: 0, max: 1_000_000_000 }).map((i) => lo + ((hi - lo) * i) / 1e9);

const coord = uniform(0, 48);
const radius = fc.constantFrom(27, 32, 40, 50, 60).map((mm) => mm / 25.4 / 2);
const circle = fc.record({ x: coord, y: coord, r: radius });
const rect = fc.record({ x: uniform(0, 44), y: uniform(0, 44) }).chain(({ x, y }) =>
  fc.record({
    x: fc.constant(x),
    y: fc.constant(y),
    w: uniform(0.5, Math.min(9, 48 - x)),
    h: uniform(0.5, Math.min(6, 48 - y)),
  }),
);
// A triangle, to have non-rectangular terrain too.
const triangle = fc.tuple(coord, coord, uniform(1, 6), uniform(0, 6.28)).map(([x, y, s, a]): Polygon => [
  { x, y },
  { x: x + s * Math.cos(a), y: y + s * Math.sin(a) },
  { x: x + s * Math.cos(a + 1.2), y: y + s * Math.sin(a + 1.2) },
]);
const polygon = fc.oneof(rect.map(rectPolygon), triangle);

/** A legal starting position: mover on the table, overlapping no blocker or impassable piece. */
const scene = fc
  .record({
    mover: circle,
    to: fc.record({ x: uniform(-5, 53), y: uniform(-5, 53) }),
    maxDistance: uniform(0, 20),
    blockers: fc.array(circle, { maxLength: 20 }),
    impassable: fc.array(polygon, { maxLength: 6 }),
    difficult: fc.array(polygon, { maxLength: 3 }),
    engaging: fc.integer({ min: 0, max: 4 }),
  })
  .map((s) => {
    const m = s.mover;
    const mover = {
      x: Math.min(Math.max(m.x, m.r), 48 - m.r),
      y: Math.min(Math.max(m.y, m.r), 48 - m.r),
      r: m.r,
    };
    const blockers = s.blockers.filter((b) => edgeDistance(b, mover) >= 0);
    const impassable = s.impassable.filter((p) => !circleOverlapsPolygon(mover, p) && !pointInPolygon(mover.x, mover.y, p));
    return { ...s, mover, blockers, impassable, engageWith: blockers.slice(0, s.engaging) };
  });

describe('moveAlong properties', () => {
  it('never overlaps a blocker or impassable terrain, never leaves the table, never overspends', () => {
    fc.assert(
      fc.property(scene, (s) => {
        const m = moveAlong({ ...s, table, engagementRange: 1 });
        const base: Circle = { x: m.x, y: m.y, r: s.mover.r };
        for (const b of s.blockers) expect(edgeDistance(base, b)).toBeGreaterThanOrEqual(-TOL);
        for (const p of s.impassable) expect(circleOverlapsPolygon({ ...base, r: base.r - TOL }, p)).toBe(false);
        expect(m.x).toBeGreaterThanOrEqual(base.r - TOL);
        expect(m.x).toBeLessThanOrEqual(48 - base.r + TOL);
        expect(m.y).toBeGreaterThanOrEqual(base.r - TOL);
        expect(m.y).toBeLessThanOrEqual(48 - base.r + TOL);
        expect(m.travelled).toBeLessThanOrEqual(m.cost + TOL);
        expect(m.cost).toBeLessThanOrEqual(s.maxDistance + TOL);
        // It stays on the segment towards the destination.
        const len = Math.hypot(s.to.x - s.mover.x, s.to.y - s.mover.y);
        expect(m.travelled).toBeLessThanOrEqual(len + TOL);
        expect(Math.hypot(m.x - s.mover.x, m.y - s.mover.y)).toBeCloseTo(m.travelled, 6);
        // The reason is honest: what it names is touching the base where it stopped.
        const near = (v: number, w: number) => Math.abs(v - w) < 1e-6;
        switch (m.stoppedBy) {
          case 'destination':
            expect(m.x).toBeCloseTo(s.to.x, 6);
            expect(m.y).toBeCloseTo(s.to.y, 6);
            break;
          case 'distance':
            expect(m.cost).toBeCloseTo(s.maxDistance, 6);
            break;
          case 'base':
            expect(s.blockers.some((b) => near(edgeDistance(base, b), 0))).toBe(true);
            break;
          case 'terrain':
            expect(s.impassable.some((p) => circleOverlapsPolygon({ ...base, r: base.r + 1e-6 }, p))).toBe(true);
            break;
          case 'edge':
            expect(near(m.x, base.r) || near(m.y, base.r) || near(m.x, 48 - base.r) || near(m.y, 48 - base.r)).toBe(true);
            break;
          case 'engagement':
            expect(s.engageWith.some((e) => near(edgeDistance(base, e), 1))).toBe(true);
            break;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a warrior that came within Engagement Range of an enemy is still within it at the end', () => {
    // Enemies strewn along the path, 0–3" to either side of it, so the path often enters their range.
    const engagementScene = fc
      .record({
        mover: circle,
        angle: uniform(0, 6.29),
        length: uniform(0, 20),
        maxDistance: uniform(0, 20),
        enemies: fc.array(fc.record({ along: uniform(0, 20), side: uniform(-3, 3), r: radius }), { maxLength: 5 }),
      })
      .map((e) => {
        const ux = Math.cos(e.angle);
        const uy = Math.sin(e.angle);
        const to = { x: e.mover.x + ux * e.length, y: e.mover.y + uy * e.length };
        const enemies = e.enemies.map((q) => ({ x: e.mover.x + ux * q.along - uy * q.side, y: e.mover.y + uy * q.along + ux * q.side, r: q.r })).filter((q) => edgeDistance(q, e.mover) >= 0);
        return { mover: e.mover, to, maxDistance: e.maxDistance, blockers: enemies, engageWith: enemies, impassable: [], difficult: [] };
      });
    let engagedStops = 0;
    fc.assert(
      fc.property(engagementScene, (s) => {
        const m = moveAlong({ ...s, table: { width: 100, height: 100 }, engagementRange: 1 });
        if (m.stoppedBy === 'engagement') engagedStops++;
        const ux = m.travelled > 0 ? (m.x - s.mover.x) / m.travelled : 0;
        const uy = m.travelled > 0 ? (m.y - s.mover.y) / m.travelled : 0;
        for (const e of s.engageWith) {
          let entered = false;
          for (let k = 0; k <= 40; k++) {
            const t = (m.travelled * k) / 40;
            const p = { x: s.mover.x + ux * t, y: s.mover.y + uy * t, r: s.mover.r };
            if (edgeDistance(p, e) <= 1) entered = true;
          }
          if (entered) expect(edgeDistance({ x: m.x, y: m.y, r: s.mover.r }, e)).toBeLessThanOrEqual(1 + TOL);
        }
      }),
      { numRuns: 300 },
    );
    expect(engagedStops).toBeGreaterThan(0); // the scene does exercise the rule
  });

  it('does not stop early for no reason: with nothing in the way it reaches min(allowance, length)', () => {
    fc.assert(
      fc.property(scene, (s) => {
        const m = moveAlong({ ...s, blockers: [], impassable: [], difficult: [], engageWith: [], table });
        const len = Math.hypot(s.to.x - s.mover.x, s.to.y - s.mover.y);
        if (m.stoppedBy !== 'edge') expect(m.travelled).toBeCloseTo(Math.min(len, s.maxDistance), 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('drivenBack properties', () => {
  it('moves straight away from the enemy and never beyond the Driven Back distance', () => {
    fc.assert(
      fc.property(circle, radius, uniform(0, 6.29), uniform(0, 1), fc.array(circle, { maxLength: 6 }), fc.array(polygon, { maxLength: 3 }), (w0, fromR, angle, gap0, others, rocks) => {
        const warrior = {
          ...w0,
          x: Math.min(Math.max(w0.x, w0.r), 48 - w0.r),
          y: Math.min(Math.max(w0.y, w0.r), 48 - w0.r),
        };
        // The enemy that broke it, within Engagement Range (R12).
        const d = warrior.r + fromR + gap0;
        const from = { x: warrior.x + d * Math.cos(angle), y: warrior.y + d * Math.sin(angle), r: fromR };
        const blockers = others.filter((b) => edgeDistance(b, warrior) >= 0);
        const impassable = rocks.filter((p) => !circleOverlapsPolygon(warrior, p) && !pointInPolygon(warrior.x, warrior.y, p));
        const p = drivenBack({ warrior, from, distance: 2, blockers, impassable, table });
        const after = { x: p.x, y: p.y, r: warrior.r };
        const before = edgeDistance(warrior, from);
        const gap = edgeDistance(after, from);
        expect(gap).toBeGreaterThanOrEqual(before - TOL);
        expect(gap).toBeLessThanOrEqual(2 + TOL);
        const cross = (p.x - from.x) * (warrior.y - from.y) - (p.y - from.y) * (warrior.x - from.x);
        expect(Math.abs(cross)).toBeLessThan(1e-6 * (1 + Math.hypot(warrior.x - from.x, warrior.y - from.y) * 10));
        for (const b of blockers) expect(edgeDistance(after, b)).toBeGreaterThanOrEqual(-TOL);
        for (const q of impassable) expect(circleOverlapsPolygon({ ...after, r: after.r - TOL }, q)).toBe(false);
        if (p.stoppedBy === 'destination') expect(gap).toBeCloseTo(2, 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('shape properties', () => {
  it('rotate180 twice is the identity', () => {
    fc.assert(
      fc.property(coord, coord, uniform(10, 100), (x, y, w) => {
        const t = { width: w, height: w * 0.75 };
        const p = rotate180(rotate180({ x, y }, t), t);
        expect(p.x).toBeCloseTo(x, 9);
        expect(p.y).toBeCloseTo(y, 9);
      }),
    );
    fc.assert(
      fc.property(polygon, (poly) => {
        const back = rotatePolygon180(rotatePolygon180(poly, table), table);
        back.forEach((p, i) => {
          expect(p.x).toBeCloseTo(poly[i].x, 9);
          expect(p.y).toBeCloseTo(poly[i].y, 9);
        });
      }),
    );
  });

  it('circleWhollyWithin implies the centre is in the polygon, and every point of the base is', () => {
    fc.assert(
      fc.property(circle, polygon, (c, poly) => {
        if (!circleWhollyWithin(c, poly)) return;
        expect(pointInPolygon(c.x, c.y, poly)).toBe(true);
        for (let k = 0; k < 32; k++) {
          const a = (k / 32) * 2 * Math.PI;
          const rr = c.r * (1 - 1e-6);
          expect(pointInPolygon(c.x + rr * Math.cos(a), c.y + rr * Math.sin(a), poly)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('circleWhollyWithinUnion matches an exact oracle on zones built from 6" squares', () => {
    // Zones built from a 6" grid of squares, like the scenario maps. Oracle: the
    // base is wholly within iff its centre is at least r from every square not in
    // the zone (squares in a ring around the grid stand for the rest of the plane).
    const cell = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(fc.uniqueArray(cell, { minLength: 1, maxLength: 10, selector: ([i, j]) => `${i},${j}` }), uniform(-1, 25), uniform(-1, 25), radius, (cells, x, y, r) => {
        const polys = cells.map(([i, j]) => rectPolygon({ x: i * 6, y: j * 6, w: 6, h: 6 }));
        const c = { x, y, r };
        const within = circleWhollyWithinUnion(c, polys);
        const inZone = new Set(cells.map(([i, j]) => `${i},${j}`));
        let toOutside = Infinity;
        for (let i = -1; i <= 4; i++) {
          for (let j = -1; j <= 4; j++) {
            if (inZone.has(`${i},${j}`)) continue;
            const dx = Math.max(i * 6 - x, 0, x - (i + 1) * 6);
            const dy = Math.max(j * 6 - y, 0, y - (j + 1) * 6);
            toOutside = Math.min(toOutside, Math.hypot(dx, dy));
          }
        }
        if (toOutside > r + 1e-7) expect(within).toBe(true);
        if (toOutside < r - 1e-7) expect(within).toBe(false);
        if (polys.some((p) => circleWhollyWithin(c, p))) expect(within).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('polygonsDistance is symmetric and zero when they overlap', () => {
    fc.assert(
      fc.property(polygon, polygon, (a, b) => {
        const d = polygonsDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(polygonsDistance(b, a)).toBeCloseTo(d, 9);
        if (pointInPolygon(a[0].x, a[0].y, b)) expect(d).toBe(0);
      }),
    );
  });
});
