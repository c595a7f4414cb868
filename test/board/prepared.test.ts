import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TABLE,
  EPSILON,
  drivenBack,
  edgeDistance,
  lineOfSight,
  moveAlong,
  pointInPolygon,
  polygonBounds,
  polygonsDistance,
  preparePolygons,
  prepareTerrain,
  rectPolygon,
  segmentPointDistanceSq,
  segmentsDistance,
} from '../../src/board/index.js';
import type { Bounds, Point, Polygon, PreparedPolygons, PreparedTerrain, SizedCircle, TerrainKind } from '../../src/board/index.js';

// The prepared shapes let the hot paths skip terrain a move or a line of sight
// cannot reach. Bounds covering the whole plane turn every such skip off, so
// comparing against them checks that the skips never change a result, to the
// last bit, including on paths that end on, run along or graze a piece.

const EVERYWHERE: Bounds = { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };
const unfiltered = (polys: Polygon[]): PreparedPolygons => ({ polygons: polys, bounds: polys.map(() => EVERYWHERE) });

/** Uniform in [lo, hi] (fc.double spreads over float representations, so it crowds near 0). */
const uniform = (lo: number, hi: number) => fc.integer({ min: 0, max: 1_000_000_000 }).map((i) => lo + ((hi - lo) * i) / 1e9);
/** Half-inch grid, as the terrain generator places pieces. */
const half = (lo: number, hi: number) => fc.integer({ min: lo * 2, max: hi * 2 }).map((i) => i / 2);

const radius = fc.constantFrom(27, 32, 40, 50, 60).map((mm) => mm / 25.4 / 2);
const gridRect = fc.record({ x: half(0, 42), y: half(0, 42), w: half(1, 9), h: half(1, 6) }).map((r) => rectPolygon(r));
const freeRect = fc.record({ x: uniform(0, 44), y: uniform(0, 44), w: uniform(0.5, 9), h: uniform(0.5, 6) }).map((r) => rectPolygon(r));
const triangle = fc.tuple(uniform(0, 48), uniform(0, 48), uniform(1, 6), uniform(0, 6.28)).map(([x, y, s, a]): Polygon => [
  { x, y },
  { x: x + s * Math.cos(a), y: y + s * Math.sin(a) },
  { x: x + s * Math.cos(a + 1.2), y: y + s * Math.sin(a + 1.2) },
]);
const polygon = fc.oneof(gridRect, freeRect, triangle);

/** A point anywhere, or one on a piece: a vertex, or partway along an edge. */
function pointOn(polys: Polygon[]) {
  const anywhere = fc.record({ x: uniform(-2, 50), y: uniform(-2, 50) });
  if (polys.length === 0) return anywhere;
  const onPiece = fc.tuple(fc.nat(polys.length - 1), fc.nat(5), fc.constantFrom(0, 0.5, 1, 1 / 3)).map(([p, i, t]): Point => {
    const poly = polys[p];
    const a = poly[i % poly.length];
    const b = poly[(i + 1) % poly.length];
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  });
  return fc.oneof(anywhere, onPiece);
}

const moveScene = fc.record({ impassable: fc.array(polygon, { maxLength: 4 }), difficult: fc.array(polygon, { maxLength: 5 }), r: radius }).chain((s) =>
  fc.record({
    impassable: fc.constant(s.impassable),
    difficult: fc.constant(s.difficult),
    from: pointOn([...s.difficult, ...s.impassable]),
    to: pointOn([...s.difficult, ...s.impassable]),
    r: fc.constant(s.r),
    maxDistance: uniform(0, 20),
    difficultCost: fc.constantFrom(2, 3),
  }),
);

describe('prepared polygons', () => {
  it('preparePolygons keeps the polygons and their bounds', () => {
    const a = rectPolygon({ x: 1, y: 2, w: 3, h: 4 });
    const b: Polygon = [
      { x: 0, y: 0 },
      { x: 5, y: 1 },
      { x: 2, y: 6 },
    ];
    const p = preparePolygons([a, b]);
    expect(p.polygons).toEqual([a, b]);
    expect(p.bounds).toEqual([polygonBounds(a), polygonBounds(b)]);
    expect(preparePolygons([]).bounds).toEqual([]);
  });

  it('moveAlong gives the same result, bit for bit, prepared, unprepared and with every skip turned off', () => {
    fc.assert(
      fc.property(moveScene, (s) => {
        const opts = {
          mover: { x: s.from.x, y: s.from.y, r: s.r },
          to: s.to,
          maxDistance: s.maxDistance,
          blockers: [],
          table: DEFAULT_TABLE,
          difficultCost: s.difficultCost,
        };
        const want = moveAlong({ ...opts, impassable: unfiltered(s.impassable), difficult: unfiltered(s.difficult) });
        expect(moveAlong({ ...opts, impassable: preparePolygons(s.impassable), difficult: preparePolygons(s.difficult) })).toEqual(want);
        expect(moveAlong({ ...opts, impassable: s.impassable, difficult: s.difficult })).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });

  it('moveAlong: a path along a difficult piece edge, or ending on it, is charged as without the skips', () => {
    const mud = rectPolygon({ x: 10, y: 10, w: 4, h: 4 });
    const cases: [Point, Point][] = [
      [
        { x: 5, y: 10 },
        { x: 20, y: 10 },
      ], // along the bottom edge
      [
        { x: 5, y: 12 },
        { x: 10, y: 12 },
      ], // stops on the left edge
      [
        { x: 14, y: 5 },
        { x: 14, y: 9.9999995 },
      ], // stops just short of the corner, within the margin
      [
        { x: 5, y: 5 },
        { x: 10, y: 10 },
      ], // diagonal to the corner
      [
        { x: 20, y: 14 },
        { x: 14.0000001, y: 14 },
      ],
    ];
    for (const [from, to] of cases) {
      const opts = { mover: { ...from, r: 0.5 }, to, maxDistance: 8, blockers: [], impassable: [], table: DEFAULT_TABLE };
      expect(moveAlong({ ...opts, difficult: preparePolygons([mud]) })).toEqual(moveAlong({ ...opts, difficult: unfiltered([mud]) }));
    }
  });

  it('drivenBack gives the same result prepared and with every skip turned off', () => {
    fc.assert(
      fc.property(moveScene, uniform(0, 6.29), (s, angle) => {
        const warrior = { x: s.from.x, y: s.from.y, r: s.r };
        const d = 2 * s.r + 0.5;
        const from = { x: warrior.x + d * Math.cos(angle), y: warrior.y + d * Math.sin(angle), r: s.r };
        const opts = { warrior, from, distance: 2, blockers: [], table: DEFAULT_TABLE };
        expect(drivenBack({ ...opts, impassable: preparePolygons(s.impassable) })).toEqual(drivenBack({ ...opts, impassable: unfiltered(s.impassable) }));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('prepared terrain', () => {
  const kinds: TerrainKind[][] = [['Obstructing'], ['Obscuring'], ['Obstructing', 'Obscuring'], ['Impassable'], ['Difficult', 'Obscuring']];
  const piece = fc.record({ shape: polygon, size: fc.integer({ min: 1, max: 3 }), rules: fc.constantFrom(...kinds) });
  const warrior = (p: fc.Arbitrary<Point>) => fc.record({ at: p, r: radius, size: fc.integer({ min: 1, max: 3 }) }).map((w): SizedCircle => ({ x: w.at.x, y: w.at.y, r: w.r, size: w.size }));

  const losScene = fc.array(piece, { maxLength: 8 }).chain((pieces) => {
    const at = pointOn(pieces.map((p) => p.shape));
    return fc.record({
      pieces: fc.constant(pieces.map((p, i) => ({ id: `t${i}`, ...p }))),
      shooter: warrior(at),
      target: warrior(at),
      // Bystanders strewn near the line, some tangent to it.
      bystanders: fc.array(fc.record({ t: uniform(-0.2, 1.2), side: uniform(-3, 3), tangent: fc.boolean(), r: radius, size: fc.integer({ min: 1, max: 3 }) }), {
        maxLength: 12,
      }),
    });
  });

  it('prepareTerrain keeps the pieces and their footprints’ bounds', () => {
    const t = { id: 'a', shape: rectPolygon({ x: 1, y: 2, w: 3, h: 4 }), size: 2, rules: ['Obstructing' as const] };
    const p = prepareTerrain([t]);
    expect(p.pieces).toEqual([t]);
    expect(p.bounds).toEqual([polygonBounds(t.shape)]);
  });

  it('lineOfSight gives the same answer prepared, unprepared and with every skip turned off', () => {
    fc.assert(
      fc.property(losScene, (s) => {
        const { shooter, target } = s;
        const dx = target.x - shooter.x;
        const dy = target.y - shooter.y;
        const L = Math.hypot(dx, dy) || 1;
        const warriors = s.bystanders.map((b) => {
          const side = b.tangent ? Math.sign(b.side || 1) * b.r : b.side;
          return { x: shooter.x + dx * b.t - (dy / L) * side, y: shooter.y + dy * b.t + (dx / L) * side, r: b.r, size: b.size };
        });
        const everywhere: PreparedTerrain = { pieces: s.pieces, bounds: s.pieces.map(() => EVERYWHERE) };
        const want = lineOfSight({ shooter, target, warriors, terrain: everywhere });
        expect(lineOfSight({ shooter, target, warriors, terrain: prepareTerrain(s.pieces) })).toEqual(want);
        expect(lineOfSight({ shooter, target, warriors, terrain: s.pieces })).toEqual(want);
        // Intervening warriors, straight from R22 without any skip.
        const lim = (w: SizedCircle) => (w.r + EPSILON) * (w.r + EPSILON);
        const intervened = warriors.some(
          (w) =>
            w.size >= target.size &&
            segmentPointDistanceSq(shooter.x, shooter.y, target.x, target.y, w.x, w.y) <= lim(w) &&
            !(w.size < shooter.size && edgeDistance(w, shooter) < edgeDistance(w, target)),
        );
        expect(want.intervened).toBe(intervened);
        // clearOnly may stop early, but says the same about whether the target can be chosen, and Obscured when it can.
        const quick = lineOfSight({ shooter, target, warriors, terrain: prepareTerrain(s.pieces), clearOnly: true });
        const clear = !want.blocked && !want.intervened;
        expect(!quick.blocked && !quick.intervened).toBe(clear);
        if (clear) expect(quick).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('polygonsDistance', () => {
  it('equals the smallest distance over every pair of edges, bit for bit', () => {
    const reference = (a: Polygon, b: Polygon): number => {
      if (pointInPolygon(a[0].x, a[0].y, b) || pointInPolygon(b[0].x, b[0].y, a)) return 0;
      let m = Infinity;
      for (let i = 0, j = a.length - 1; i < a.length; j = i++) {
        for (let k = 0, l = b.length - 1; k < b.length; l = k++) {
          m = Math.min(m, segmentsDistance(a[j].x, a[j].y, a[i].x, a[i].y, b[l].x, b[l].y, b[k].x, b[k].y));
        }
      }
      return m;
    };
    fc.assert(
      fc.property(polygon, polygon, (a, b) => {
        expect(polygonsDistance(a, b)).toBe(reference(a, b));
      }),
      { numRuns: 3000 },
    );
  });
});
