import type { Point, Polygon, TerrainKind, TerrainPiece } from '../board/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { circleOverlapsPolygon, polygonBounds as bbox, polygonsDistance, rotatePolygon180 } from '../board/index.js';
import { baseRadius, shapePolygon } from './geometry.js';
import type { Scenario } from './types.js';

/** A kind of terrain piece the generator can place; sizes are inches, footprint before turning. */
interface Template {
  name: string;
  w: [number, number];
  h: [number, number];
  size: number;
  rules: TerrainKind[];
  shape: 'rect' | 'L';
}

// Sizes follow R22 (terrain Size against warrior Size): walls and hedges 1,
// woods and ruins 2, buildings and rocks 3. Every footprint fits 9"×6" (R31).
const TEMPLATES: readonly Template[] = [
  { name: 'woods', w: [5, 8], h: [4, 6], size: 2, rules: ['Obscuring', 'Difficult'], shape: 'rect' },
  { name: 'ruins', w: [5, 8], h: [4, 6], size: 2, rules: ['Ruins', 'Obscuring', 'Difficult'], shape: 'L' },
  { name: 'building', w: [5, 8], h: [4, 6], size: 3, rules: ['Garrison', 'Obstructing'], shape: 'rect' },
  { name: 'rocks', w: [3, 6], h: [3, 5], size: 3, rules: ['Impassable', 'Obstructing'], shape: 'rect' },
  { name: 'wall', w: [5, 8], h: [1, 1], size: 1, rules: ['Obstructing'], shape: 'rect' },
  { name: 'hedge', w: [5, 8], h: [1, 1], size: 1, rules: ['Obscuring'], shape: 'rect' },
  { name: 'marsh', w: [5, 8], h: [4, 6], size: 1, rules: ['Difficult'], shape: 'rect' },
];

/** Placed before any other pair so every battlefield has these (R31 minimums, plus Impassable and Difficult). */
const FIRST_PAIRS = ['rocks', 'woods'] as const;

export interface GenerateTerrainOptions {
  scenario: Scenario;
  /** A seeded stream in [0, 1), e.g. the game's `setup` stream. */
  rng: { next(): number };
  ruleset: Ruleset;
}

/** Objectives terrain must stay off (R31 "none on an objective"). */
function keepOutCircles(scenario: Scenario, ruleset: Ruleset): { x: number; y: number; r: number }[] {
  const markerR = baseRadius(ruleset.marker.baseMm) + ruleset.marker.clashRange;
  return [
    ...scenario.objectiveZones.map((z) => ({ x: z.x, y: z.y, r: z.diameter / 2 })),
    ...scenario.objectiveMarkers.map((m) => ({ x: m.x, y: m.y, r: markerR })),
    ...scenario.capturePoints.map((c) => ({ x: c.x, y: c.y, r: baseRadius(c.baseMm) + c.range })),
  ];
}

function countKind(pieces: readonly TerrainPiece[], kind: TerrainKind): number {
  let n = 0;
  for (const p of pieces) if (p.rules.includes(kind)) n++;
  return n;
}

/**
 * R31: a battlefield of 10–14 pieces, none on an objective, each at least 3"
 * from the others, footprints within 9"×6", at most 2 Garrison and 4 Ruins,
 * at least 2 Obscuring and 2 Obstructing, and some Impassable and Difficult;
 * Impassable pieces never touch a deployment zone.
 * Pieces are placed in pairs, the second the first rotated 180° about the
 * table centre; an odd count adds one piece centred on the table, which is its
 * own rotation. A scenario with fixed terrain returns a copy of it.
 * Deterministic for a given rng.
 */
export function generateTerrain(opts: GenerateTerrainOptions): TerrainPiece[] {
  const { scenario, rng, ruleset } = opts;
  if (scenario.terrain !== 'generate') return scenario.terrain.map((t) => ({ ...t, shape: t.shape.map((p) => ({ ...p })), rules: [...t.rules] }));
  for (let attempt = 0; attempt < 50; attempt++) {
    const pieces = tryGenerate(scenario, rng, ruleset);
    if (pieces) return pieces;
  }
  throw new Error(`could not place terrain for scenario ${scenario.id} under R31's constraints`);
}

function tryGenerate(scenario: Scenario, rng: { next(): number }, ruleset: Ruleset): TerrainPiece[] | null {
  const t = ruleset.terrain;
  const { width, height } = scenario.table;
  const keepOut = keepOutCircles(scenario, ruleset);
  // Impassable pieces stay out of deployment zones so every army can deploy (small zones such as a 12" square).
  const deployment = [...scenario.deployment[0], ...scenario.deployment[1]].map(shapePolygon);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)];
  const between = (lo: number, hi: number): number => lo + Math.round(rng.next() * (hi - lo) * 2) / 2;

  const shapeOf = (tpl: Template): Polygon => {
    const w = between(tpl.w[0], tpl.w[1]);
    const h = between(tpl.h[0], tpl.h[1]);
    const local: Point[] =
      tpl.shape === 'rect'
        ? [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }]
        : // An L of two walls: long side w, short side h, 2" thick.
          [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: 2 }, { x: 2, y: 2 }, { x: 2, y: h }, { x: 0, y: h }];
    // Turn by 0/90/180/270°, then centre on the origin.
    const turn = Math.floor(rng.next() * 4);
    const turned = local.map((p) => (turn === 0 ? p : turn === 1 ? { x: -p.y, y: p.x } : turn === 2 ? { x: -p.x, y: -p.y } : { x: p.y, y: -p.x }));
    const b = bbox(turned);
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2;
    return turned.map((p) => ({ x: p.x - cx, y: p.y - cy }));
  };
  const at = (shape: Polygon, x: number, y: number): Polygon => shape.map((p) => ({ x: p.x + x, y: p.y + y }));
  const fits = (poly: Polygon, placed: readonly TerrainPiece[], impassable: boolean): boolean => {
    const b = bbox(poly);
    if (b.minX < 0 || b.minY < 0 || b.maxX > width || b.maxY > height) return false;
    for (const c of keepOut) if (circleOverlapsPolygon(c, poly)) return false;
    if (impassable) for (const d of deployment) if (polygonsDistance(poly, d) === 0) return false;
    for (const q of placed) {
      // Boxes this far apart hold shapes at least as far apart: skip the exact test.
      const c = bbox(q.shape);
      if (b.minX - c.maxX >= t.minGap || c.minX - b.maxX >= t.minGap || b.minY - c.maxY >= t.minGap || c.minY - b.maxY >= t.minGap) continue;
      if (polygonsDistance(poly, q.shape) < t.minGap) return false;
    }
    return true;
  };
  const allowed = (tpl: Template, placed: readonly TerrainPiece[], copies: number): boolean =>
    (!tpl.rules.includes('Garrison') || countKind(placed, 'Garrison') + copies <= t.maxGarrison) &&
    (!tpl.rules.includes('Ruins') || countKind(placed, 'Ruins') + copies <= t.maxRuins);

  const placed: TerrainPiece[] = [];
  let target = t.minPieces + Math.floor(rng.next() * (t.maxPieces - t.minPieces + 1));
  const nextId = (): string => `t${String(placed.length + 1).padStart(2, '0')}`;

  // An odd count needs a piece on the centre, its own 180° rotation.
  if (target % 2 === 1) {
    let done = false;
    for (let k = 0; k < 10 && !done; k++) {
      const tpl = pick(TEMPLATES.filter((x) => x.shape === 'rect'));
      const poly = at(shapeOf(tpl), width / 2, height / 2);
      if (fits(poly, placed, tpl.rules.includes('Impassable'))) {
        placed.push({ id: nextId(), shape: poly, size: tpl.size, rules: [...tpl.rules] });
        done = true;
      }
    }
    if (!done) target += target < t.maxPieces ? 1 : -1;
  }

  const plan: (Template | null)[] = FIRST_PAIRS.map((n) => TEMPLATES.find((x) => x.name === n)!);
  while (placed.length + plan.length * 2 < target) plan.push(null);
  for (const wanted of plan) {
    let ok = false;
    for (let k = 0; k < 80 && !ok; k++) {
      const tpl = wanted ?? pick(TEMPLATES);
      if (!allowed(tpl, placed, 2)) continue;
      const shape = shapeOf(tpl);
      const b = bbox(shape);
      const x = between(-b.minX, width - b.maxX);
      const y = between(-b.minY, height - b.maxY);
      const poly = at(shape, x, y);
      const twin = rotatePolygon180(poly, scenario.table);
      const impassable = tpl.rules.includes('Impassable');
      if (!fits(poly, placed, impassable) || !fits(twin, placed, impassable) || polygonsDistance(poly, twin) < t.minGap) continue;
      placed.push({ id: nextId(), shape: poly, size: tpl.size, rules: [...tpl.rules] });
      placed.push({ id: nextId(), shape: twin, size: tpl.size, rules: [...tpl.rules] });
      ok = true;
    }
    if (!ok && wanted) return null;
  }
  if (placed.length < t.minPieces || placed.length > t.maxPieces) return null;
  if (countKind(placed, 'Obscuring') < t.minObscuring || countKind(placed, 'Obstructing') < t.minObstructing) return null;
  return placed;
}
