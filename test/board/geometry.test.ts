import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TABLE,
  circleOverlapsCircle,
  circleOverlapsPolygon,
  circleWhollyWithin,
  circleWhollyWithinUnion,
  closestPointOnSegment,
  distance,
  edgeDistance,
  mmToInches,
  pointInPolygon,
  polygonArea,
  polygonBounds,
  polygonCentroid,
  polygonSignedArea,
  polygonsDistance,
  rectPolygon,
  rotate180,
  rotatePolygon180,
  segmentCircleDistance,
  segmentIntersectsCircle,
  segmentIntersectsPolygon,
  segmentPolygonSpan,
  segmentsDistance,
  segmentsIntersect,
} from '../../src/board/index.js';
import type { Polygon } from '../../src/board/index.js';

const square = (x: number, y: number, s: number): Polygon => rectPolygon({ x, y, w: s, h: s });
const triangle: Polygon = [
  { x: 0, y: 0 },
  { x: 4, y: 0 },
  { x: 0, y: 3 },
];
// An L: 0..6 × 0..2 plus 0..2 × 2..6, clockwise.
const ell: Polygon = [
  { x: 0, y: 0 },
  { x: 0, y: 6 },
  { x: 2, y: 6 },
  { x: 2, y: 2 },
  { x: 6, y: 2 },
  { x: 6, y: 0 },
];

describe('basics', () => {
  it('distance and edge distance', () => {
    expect(distance(0, 0, 3, 4)).toBe(5);
    expect(distance(1, 1, 1, 1)).toBe(0);
    expect(edgeDistance({ x: 0, y: 0, r: 1 }, { x: 5, y: 0, r: 1 })).toBe(3);
    expect(edgeDistance({ x: 0, y: 0, r: 1 }, { x: 2, y: 0, r: 1 })).toBe(0); // touching
    expect(edgeDistance({ x: 0, y: 0, r: 1 }, { x: 1, y: 0, r: 1 })).toBe(-1); // overlapping
  });

  it('mmToInches', () => {
    expect(mmToInches(25.4)).toBe(1);
    expect(mmToInches(50)).toBeCloseTo(1.9685, 4);
    expect(mmToInches(0)).toBe(0);
  });

  it('rectPolygon runs anticlockwise from the lower-left corner', () => {
    const p = rectPolygon({ x: 1, y: 2, w: 3, h: 4 });
    expect(p).toEqual([
      { x: 1, y: 2 },
      { x: 4, y: 2 },
      { x: 4, y: 6 },
      { x: 1, y: 6 },
    ]);
    expect(polygonSignedArea(p)).toBe(12);
  });

  it('rotate180 about the table centre, also for a non-square table', () => {
    expect(rotate180({ x: 6, y: 12 }, DEFAULT_TABLE)).toEqual({ x: 42, y: 36 });
    expect(rotate180({ x: 24, y: 24 }, DEFAULT_TABLE)).toEqual({ x: 24, y: 24 });
    expect(rotate180({ x: 0, y: 0 }, { width: 60, height: 44 })).toEqual({ x: 60, y: 44 });
    const r = rotatePolygon180(rectPolygon({ x: 0, y: 0, w: 6, h: 3 }), DEFAULT_TABLE);
    expect(r).toEqual([
      { x: 48, y: 48 },
      { x: 42, y: 48 },
      { x: 42, y: 45 },
      { x: 48, y: 45 },
    ]);
    expect(polygonSignedArea(r)).toBe(18); // winding kept
  });
});

describe('pointInPolygon', () => {
  it('inside, outside, either winding, concave', () => {
    expect(pointInPolygon(1, 1, triangle)).toBe(true);
    expect(pointInPolygon(3, 2, triangle)).toBe(false);
    expect(pointInPolygon(1, 1, [...triangle].reverse())).toBe(true);
    expect(pointInPolygon(1, 5, ell)).toBe(true);
    expect(pointInPolygon(4, 4, ell)).toBe(false); // in the notch
    expect(pointInPolygon(5, 1, ell)).toBe(true);
  });

  it('boundary counts as inside, vertices too', () => {
    expect(pointInPolygon(2, 0, triangle)).toBe(true);
    expect(pointInPolygon(0, 0, triangle)).toBe(true);
    expect(pointInPolygon(2, 1.5, triangle)).toBe(true); // on the hypotenuse
    expect(pointInPolygon(2, 4, ell)).toBe(true); // on the inner edge
    expect(pointInPolygon(2.001, 4, ell)).toBe(false);
  });
});

describe('circles and polygons', () => {
  it('circleWhollyWithin: inside, touching the edge from inside, crossing', () => {
    const sq = square(0, 0, 6);
    expect(circleWhollyWithin({ x: 3, y: 3, r: 1 }, sq)).toBe(true);
    expect(circleWhollyWithin({ x: 1, y: 3, r: 1 }, sq)).toBe(true); // touching x = 0
    expect(circleWhollyWithin({ x: 0.9, y: 3, r: 1 }, sq)).toBe(false);
    expect(circleWhollyWithin({ x: 10, y: 3, r: 1 }, sq)).toBe(false);
    expect(circleWhollyWithin({ x: 3, y: 3, r: 4 }, sq)).toBe(false); // centre in, base sticks out
    expect(circleWhollyWithin({ x: 1, y: 5, r: 0.9 }, ell)).toBe(true);
    expect(circleWhollyWithin({ x: 1.5, y: 3, r: 0.9 }, ell)).toBe(false); // crosses the inner edge
  });

  it('circleWhollyWithinUnion: straddling two adjacent squares is within', () => {
    const a = square(0, 0, 6);
    const b = square(6, 0, 6);
    const c = square(0, 6, 6); // L: a + b + c
    const base = { x: 6, y: 3, r: 1 };
    expect(circleWhollyWithin(base, a)).toBe(false);
    expect(circleWhollyWithin(base, b)).toBe(false);
    expect(circleWhollyWithinUnion(base, [a, b])).toBe(true);
    expect(circleWhollyWithinUnion({ x: 6, y: 5.5, r: 1 }, [a, b])).toBe(false); // sticks out at y = 6
    // Corner of the L: straddles a, b and c at (6, 6) — the notch above b is outside.
    expect(circleWhollyWithinUnion({ x: 5.5, y: 5.5, r: 1 }, [a, b, c])).toBe(false);
    expect(circleWhollyWithinUnion({ x: 5, y: 5, r: 1 }, [a, b, c])).toBe(true); // touches the notch corner
    expect(circleWhollyWithinUnion({ x: 3, y: 6, r: 2 }, [a, b, c])).toBe(true); // straddles a and c
    // Squares not touching: the gap between them is outside.
    expect(circleWhollyWithinUnion({ x: 6.5, y: 3, r: 1 }, [a, square(7, 0, 6)])).toBe(false);
    // Single polygon and empty union.
    expect(circleWhollyWithinUnion({ x: 3, y: 3, r: 1 }, [a])).toBe(true);
    expect(circleWhollyWithinUnion({ x: 3, y: 3, r: 1 }, [])).toBe(false);
  });

  it('circleWhollyWithinUnion: overlapping pieces and partial shared edges', () => {
    const a = rectPolygon({ x: 0, y: 0, w: 6, h: 6 });
    const b = rectPolygon({ x: 6, y: 3, w: 6, h: 6 }); // shares only half of a's right edge
    expect(circleWhollyWithinUnion({ x: 6, y: 4.5, r: 1 }, [a, b])).toBe(true);
    expect(circleWhollyWithinUnion({ x: 6, y: 3, r: 1 }, [a, b])).toBe(false); // dips below b at x > 6
    const overlapping = rectPolygon({ x: 4, y: 0, w: 6, h: 6 });
    expect(circleWhollyWithinUnion({ x: 6, y: 3, r: 2.5 }, [a, overlapping])).toBe(true);
  });

  it('circleOverlapsCircle: touching counts (R24)', () => {
    expect(circleOverlapsCircle({ x: 0, y: 0, r: 1 }, { x: 2, y: 0, r: 1 })).toBe(true);
    expect(circleOverlapsCircle({ x: 0, y: 0, r: 1 }, { x: 2.01, y: 0, r: 1 })).toBe(false);
    expect(circleOverlapsCircle({ x: 0, y: 0, r: 3 }, { x: 0.5, y: 0, r: 0.5 })).toBe(true); // one inside the other
  });

  it('circleOverlapsPolygon: crossing an edge, inside, touching a vertex, outside', () => {
    const sq = square(0, 0, 6);
    expect(circleOverlapsPolygon({ x: 6.5, y: 3, r: 1 }, sq)).toBe(true);
    expect(circleOverlapsPolygon({ x: 3, y: 3, r: 1 }, sq)).toBe(true);
    expect(circleOverlapsPolygon({ x: 6 + Math.SQRT1_2, y: 6 + Math.SQRT1_2, r: 1 }, sq)).toBe(true);
    expect(circleOverlapsPolygon({ x: 7.5, y: 7.5, r: 1 }, sq)).toBe(false);
    expect(circleOverlapsPolygon({ x: 3, y: 3, r: 50 }, sq)).toBe(true); // polygon inside the circle
  });
});

describe('segments', () => {
  it('segmentsIntersect: crossing, touching at an end, collinear overlap and apart, parallel', () => {
    expect(segmentsIntersect(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 1, 1, 1, 2, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 2, 0, 1, 0, 3, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 2, 0, 3, 0)).toBe(false);
    expect(segmentsIntersect(0, 0, 2, 0, 0, 1, 2, 1)).toBe(false);
    expect(segmentsIntersect(1, 1, 1, 1, 0, 0, 2, 2)).toBe(true); // degenerate on the other
    expect(segmentsIntersect(1, 2, 1, 2, 0, 0, 2, 2)).toBe(false);
  });

  it('segmentsDistance', () => {
    expect(segmentsDistance(0, 0, 2, 0, 0, 1, 2, 1)).toBe(1);
    expect(segmentsDistance(0, 0, 2, 2, 0, 2, 2, 0)).toBe(0);
    expect(segmentsDistance(0, 0, 1, 0, 4, 4, 4, 4)).toBe(5);
  });

  it('closestPointOnSegment: interior, clamped ends, degenerate segment', () => {
    expect(closestPointOnSegment(0, 0, 10, 0, 3, 5)).toEqual({ x: 3, y: 0 });
    expect(closestPointOnSegment(0, 0, 10, 0, -3, 5)).toEqual({ x: 0, y: 0 });
    expect(closestPointOnSegment(0, 0, 10, 0, 13, -5)).toEqual({ x: 10, y: 0 });
    expect(closestPointOnSegment(2, 2, 2, 2, 7, 7)).toEqual({ x: 2, y: 2 });
  });

  it('segment against circle: through, tangent, short of it, degenerate', () => {
    const c = { x: 5, y: 1, r: 1 };
    expect(segmentCircleDistance(0, 0, 10, 0, c)).toBe(0);
    expect(segmentIntersectsCircle(0, 0, 10, 0, c)).toBe(true); // tangent counts
    expect(segmentIntersectsCircle(0, -0.01, 10, -0.01, c)).toBe(false);
    expect(segmentCircleDistance(0, 1, 10, 1, c)).toBe(-1);
    expect(segmentIntersectsCircle(0, 1, 3, 1, c)).toBe(false); // stops 1" short
    expect(segmentCircleDistance(0, 1, 3, 1, c)).toBe(1);
    expect(segmentIntersectsCircle(5, 1.5, 5, 1.5, c)).toBe(true); // a point inside
  });

  it('segmentIntersectsPolygon: crossing, wholly inside, touching a corner, missing', () => {
    const sq = square(2, 2, 2);
    expect(segmentIntersectsPolygon(0, 3, 10, 3, sq)).toBe(true);
    expect(segmentIntersectsPolygon(2.5, 2.5, 3.5, 3.5, sq)).toBe(true);
    expect(segmentIntersectsPolygon(0, 2, 2, 0, square(1, 1, 2))).toBe(true); // corner (1,1) on it
    expect(segmentIntersectsPolygon(0, 0, 10, 1, sq)).toBe(false);
    expect(segmentIntersectsPolygon(3, 3, 3, 3, sq)).toBe(true); // degenerate inside
  });

  it('segmentPolygonSpan: entry and exit fractions', () => {
    const out = [0, 0];
    expect(segmentPolygonSpan(0, 3, 10, 3, square(2, 2, 2), out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.2, 12);
    expect(out[1]).toBeCloseTo(0.4, 12);
    expect(segmentPolygonSpan(3, 3, 10, 3, square(2, 2, 2), out)).toBe(true);
    expect(out[0]).toBe(0);
    expect(out[1]).toBeCloseTo(1 / 7, 12);
    expect(segmentPolygonSpan(0, 2, 10, 2, square(2, 2, 2), out)).toBe(true); // along an edge
    expect(out[0]).toBeCloseTo(0.2, 12);
    expect(out[1]).toBeCloseTo(0.4, 12);
    expect(segmentPolygonSpan(0, 0, 10, 0, square(2, 2, 2), out)).toBe(false);
  });
});

describe('polygon measures', () => {
  it('area, signed area and centroid', () => {
    expect(polygonArea(triangle)).toBe(6);
    expect(polygonArea([...triangle].reverse())).toBe(6);
    expect(polygonSignedArea([...triangle].reverse())).toBe(-6);
    expect(polygonArea(ell)).toBe(20);
    const c = polygonCentroid(triangle);
    expect(c.x).toBeCloseTo(4 / 3, 12);
    expect(c.y).toBeCloseTo(1, 12);
    const l = polygonCentroid(ell); // 12 at (3,1) and 8 at (1,4)
    expect(l.x).toBeCloseTo((12 * 3 + 8 * 1) / 20, 12);
    expect(l.y).toBeCloseTo((12 * 1 + 8 * 4) / 20, 12);
    expect(
      polygonCentroid([
        { x: 0, y: 0 },
        { x: 2, y: 2 },
        { x: 4, y: 4 },
      ]),
    ).toEqual({ x: 2, y: 2 }); // degenerate
  });

  it('polygonBounds', () => {
    expect(polygonBounds(ell)).toEqual({ minX: 0, minY: 0, maxX: 6, maxY: 6 });
  });

  it('polygonsDistance: apart, corner to corner, touching, overlapping, nested (R31 3" gap)', () => {
    const a = square(0, 0, 6);
    expect(polygonsDistance(a, square(9, 0, 4))).toBe(3);
    expect(polygonsDistance(a, square(9, 10, 4))).toBe(5);
    expect(polygonsDistance(a, square(6, 0, 4))).toBe(0);
    expect(polygonsDistance(a, square(4, 4, 4))).toBe(0);
    expect(polygonsDistance(a, square(2, 2, 1))).toBe(0);
    expect(polygonsDistance(square(2, 2, 1), a)).toBe(0);
    expect(polygonsDistance(ell, square(3, 3, 2))).toBe(1); // in the notch: 1 from both arms
  });
});
