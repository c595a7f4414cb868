import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circleOverlapsPolygon, pointInPolygon, polygonBounds, polygonsDistance } from '../../src/board/index.js';
import { DEFAULT_RULESET as RS } from '../../src/rules/ruleset.js';
import { deploymentPolygons, generateTerrain, listScenarios, shapePolygon } from '../../src/scenarios/index.js';
import type { Friendly, Scenario } from '../../src/scenarios/types.js';
import { mulberry32 } from './helpers.js';

const scenarios = listScenarios();
const swap = (f: Friendly): Friendly => (f === null ? null : f === 0 ? 1 : 0);
const key = (x: number, y: number, rest: unknown[]) => JSON.stringify([+x.toFixed(6), +y.toFixed(6), ...rest]);

function rotatedKeys(s: Scenario, items: { x: number; y: number }[], rest: (i: any) => unknown[], rotate: boolean): string[] {
  return items
    .map((i) =>
      rotate ? key(s.table.width - i.x, s.table.height - i.y, rest({ ...i, friendlyTo: swap((i as any).friendlyTo), controlledBy: swap((i as any).controlledBy) })) : key(i.x, i.y, rest(i)),
    )
    .sort();
}

describe('built-in scenarios are symmetric under 180° rotation with friendlyTo swapped (R29)', () => {
  it.each(scenarios.map((s) => [s.id, s] as const))('%s: zones, markers and points', (_id, s) => {
    const zone = (z: any) => [z.diameter, z.friendlyTo];
    const marker = (m: any) => [m.friendlyTo, m.behaviour];
    const point = (c: any) => [c.friendlyTo, c.controlledBy, c.range];
    expect(rotatedKeys(s, s.objectiveZones, zone, true)).toEqual(rotatedKeys(s, s.objectiveZones, zone, false));
    expect(rotatedKeys(s, s.objectiveMarkers, marker, true)).toEqual(rotatedKeys(s, s.objectiveMarkers, marker, false));
    expect(rotatedKeys(s, s.capturePoints, point, true)).toEqual(rotatedKeys(s, s.capturePoints, point, false));
  });

  it("deployment: a point is in player 1's zone exactly when its rotation is in player 2's (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: scenarios.length - 1 }), fc.double({ min: 0, max: 48, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), (i, x, y) => {
        const s = scenarios[i];
        const inZone = (p: 0 | 1, px: number, py: number) => deploymentPolygons(s, p).some((poly) => pointInPolygon(px, py, poly));
        expect(inZone(0, x, y)).toBe(inZone(1, 48 - x, 48 - y));
      }),
      { numRuns: 2000 },
    );
  });

  it("reinforcement: a point of the table edge is in player 1's zone exactly when its rotation is in player 2's (property)", () => {
    const on = (s: Scenario, p: 0 | 1, edge: string, t: number) => s.reinforcement[p].some((seg) => seg.edge === edge && seg.from <= t && t <= seg.to);
    const opposite: Record<string, string> = { bottom: 'top', top: 'bottom', left: 'right', right: 'left' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: scenarios.length - 1 }), fc.constantFrom('bottom', 'top', 'left', 'right'), fc.double({ min: 0, max: 48, noNaN: true }), (i, edge, t) => {
        const s = scenarios[i];
        expect(on(s, 0, edge, t)).toBe(on(s, 1, opposite[edge], 48 - t));
      }),
      { numRuns: 2000 },
    );
  });

  it("friendly zones and markers sit in their owner's half, or on the centre line (R29)", () => {
    for (const s of scenarios) {
      for (const f of [...s.objectiveZones, ...s.objectiveMarkers, ...s.capturePoints]) {
        if (f.friendlyTo === 0) expect(f.y, `${s.id} ${f.id}`).toBeLessThanOrEqual(24);
        if (f.friendlyTo === 1) expect(f.y, `${s.id} ${f.id}`).toBeGreaterThanOrEqual(24);
      }
    }
  });
});

describe('generated terrain meets R31 (1,000 seeds)', () => {
  const generated = scenarios.filter((s) => s.terrain === 'generate');
  const t = RS.terrain;
  const markerR = 50 / 25.4 / 2;

  it('count, gaps, footprints, kinds, sizes, objectives, deployment, symmetry', () => {
    const shapeKey = (size: number, rules: string[], pts: [number, number][]) => JSON.stringify([size, rules, pts.map(([x, y]) => [+x.toFixed(6), +y.toFixed(6)]).sort()]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: generated.length - 1 }), fc.integer(), (i, seed) => {
        const s = generated[i];
        const pieces = generateTerrain({ scenario: s, rng: mulberry32(seed), ruleset: RS });
        // Plain checks collected as messages: one expect per run keeps 1,000 runs fast.
        const bad: string[] = [];
        const check = (ok: boolean, what: string) => {
          if (!ok) bad.push(what);
        };
        check(pieces.length >= t.minPieces && pieces.length <= t.maxPieces, `${pieces.length} pieces`);
        const count = (k: string) => pieces.filter((p) => p.rules.includes(k as never)).length;
        check(count('Garrison') <= t.maxGarrison, 'too many Garrison');
        check(count('Ruins') <= t.maxRuins, 'too many Ruins');
        check(count('Obscuring') >= t.minObscuring, 'too few Obscuring');
        check(count('Obstructing') >= t.minObstructing, 'too few Obstructing');
        check(count('Impassable') > 0 && count('Difficult') > 0, 'no Impassable or no Difficult');
        check(new Set(pieces.map((p) => p.id)).size === pieces.length, 'duplicate ids');
        const keys = new Set(
          pieces.map((q) =>
            shapeKey(
              q.size,
              q.rules,
              q.shape.map((v) => [v.x, v.y]),
            ),
          ),
        );
        const deployment = [...s.deployment[0], ...s.deployment[1]].map(shapePolygon);
        for (const [a, p] of pieces.entries()) {
          check(p.size >= 1 && p.size <= 3, `${p.id} size ${p.size}`);
          const b = polygonBounds(p.shape);
          const dims = [b.maxX - b.minX, b.maxY - b.minY].sort((u, v) => v - u);
          check(dims[0] <= t.maxFootprint[0] + 1e-9 && dims[1] <= t.maxFootprint[1] + 1e-9, `${p.id} footprint ${dims.join('x')}`);
          check(b.minX >= 0 && b.minY >= 0 && b.maxX <= 48 && b.maxY <= 48, `${p.id} off the table`);
          for (const q of pieces.slice(a + 1)) check(polygonsDistance(p.shape, q.shape) >= t.minGap - 1e-9, `${p.id} within 3" of ${q.id}`);
          for (const z of s.objectiveZones) check(!circleOverlapsPolygon({ x: z.x, y: z.y, r: z.diameter / 2 }, p.shape), `${p.id} on ${z.id}`);
          for (const m of s.objectiveMarkers) check(!circleOverlapsPolygon({ x: m.x, y: m.y, r: markerR }, p.shape), `${p.id} on ${m.id}`);
          for (const c of s.capturePoints) check(!circleOverlapsPolygon({ x: c.x, y: c.y, r: c.baseMm / 25.4 / 2 }, p.shape), `${p.id} on ${c.id}`);
          if (p.rules.includes('Impassable')) for (const d of deployment) check(polygonsDistance(d, p.shape) > 0, `${p.id} impassable in a deployment zone`);
          // Its rotation is a piece of the same kind (itself, for a centre piece).
          check(
            keys.has(
              shapeKey(
                p.size,
                p.rules,
                p.shape.map((v) => [48 - v.x, 48 - v.y]),
              ),
            ),
            `${p.id} has no mirror`,
          );
        }
        expect(bad, `${s.id} seed ${seed}`).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const s = generated[0];
    const a = generateTerrain({ scenario: s, rng: mulberry32(42), ruleset: RS });
    expect(generateTerrain({ scenario: s, rng: mulberry32(42), ruleset: RS })).toEqual(a);
    expect(generateTerrain({ scenario: s, rng: mulberry32(43), ruleset: RS })).not.toEqual(a);
  });

  it('a scenario with fixed terrain gets a copy of it', () => {
    const piece = { id: 'hill', shape: shapePolygon({ rect: { x: 20, y: 2, w: 8, h: 4 } }), size: 2, rules: ['Obscuring' as const] };
    const s = { ...generated[0], terrain: [piece] };
    const got = generateTerrain({ scenario: s, rng: mulberry32(1), ruleset: RS });
    expect(got).toEqual([piece]);
    expect(got[0]).not.toBe(piece);
  });
});
