/**
 * The planner's exactness (R31, R41), against answers worked out here by
 * other means: a table whose cheapest way is the longer one round a base
 * because a wood lies on the shorter.
 */
import { describe, expect, it } from 'vitest';
import { ARC_EXCESS, planPath, preparePolygons, rectPolygon } from '../../src/board/index.js';
import type { PathSpace, Point } from '../../src/board/index.js';

const table = { width: 16, height: 16 };

/**
 * Length of the path from `from` to `to` wrapping the disc (c, R) on one side
 * (o = +1 anticlockwise round it, −1 clockwise): two tangents and the arc.
 */
function wrapLength(from: Point, to: Point, c: Point, R: number, o: 1 | -1): number {
  const d1 = Math.hypot(from.x - c.x, from.y - c.y);
  const d2 = Math.hypot(to.x - c.x, to.y - c.y);
  const a1 = Math.atan2(from.y - c.y, from.x - c.x);
  const a2 = Math.atan2(to.y - c.y, to.x - c.x);
  let sweep = (o * (a2 - a1)) % (2 * Math.PI);
  if (sweep < 0) sweep += 2 * Math.PI;
  return Math.sqrt(d1 * d1 - R * R) + Math.sqrt(d2 * d2 - R * R) + R * (sweep - Math.acos(R / d1) - Math.acos(R / d2));
}

describe('planPath: difficult terrain counted double in the search, not only in the answer (R31)', () => {
  // Guards the search's cost of a leg: were difficult terrain counted once there (its length), the search
  // would take the shorter way round the base, through the wood, and answer a path costing over 16".
  it('goes the longer way round a base when the shorter way runs through a wood', () => {
    const from = { x: 3, y: 8 };
    const to = { x: 13, y: 8 };
    const base = { x: 8, y: 8.4, r: 0.5 };
    const r = 0.5;
    // The wood fills x 5..11 below y = 7.6: the base's grown disc (radius 1) reaches down to y = 7.4.
    const wood = rectPolygon({ x: 5, y: 4, w: 6, h: 3.6 });
    const sp: PathSpace = { r, bases: [base], impassable: preparePolygons([]), difficult: preparePolygons([wood]), table };
    const R = r + base.r;
    const under = wrapLength(from, to, base, R, 1);
    const over = wrapLength(from, to, base, R, -1);
    // The way under is the shorter by length, but any path under the base runs at least the disc's chord
    // at y = 7.6 (1.2") inside the wood, so its cost is over `under` + 1.2 > `over`.
    expect(under).toBeLessThan(over);
    expect(under + 1.2).toBeGreaterThan(over);
    const p = planPath(sp, from, to)!;
    expect(p).not.toBeNull();
    expect(p.cost, `cost ${p.cost}, points ${JSON.stringify(p.points)}`).toBeLessThanOrEqual(over + ARC_EXCESS + 1e-6);
    expect(p.cost).toBeGreaterThanOrEqual(over - 1e-6);
    expect(p.cost).toBeCloseTo(p.length, 12);
    // Over the base: every point of the path at or above the line.
    for (const q of p.points) expect(q.y).toBeGreaterThanOrEqual(8 - 1e-9);
  });
});
