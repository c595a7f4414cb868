import type { Bounds, Circle, Point, Polygon, TerrainKind, TerrainPiece } from '../board/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { circleOverlapsPolygon, polygonBounds as bbox, polygonsDistance, rotatePolygon180 } from '../board/index.js';
import { baseRadius, shapePolygon } from './geometry.js';
import type { Scenario } from './types.js';
import { InputError } from '../errors.js';

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
function keepOutCircles(scenario: Scenario, ruleset: Ruleset): Circle[] {
  const markerR = baseRadius(ruleset.marker.baseMm) + ruleset.marker.clashRange;
  // Pushed onto one literal: a spread of .map()s gave an empty scenario's list
  // another elements kind, and fits() was deoptimised at each change of scenario.
  const out: Circle[] = [];
  for (const z of scenario.objectiveZones) out.push({ x: z.x, y: z.y, r: z.diameter / 2 });
  for (const m of scenario.objectiveMarkers) out.push({ x: m.x, y: m.y, r: markerR });
  for (const c of scenario.capturePoints) out.push({ x: c.x, y: c.y, r: baseRadius(c.baseMm) + c.range });
  return out;
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
  // The ruleset's terrain knobs or the table leave no room: the user's inputs, so one line and exit 2.
  throw new InputError(
    `could not place terrain for scenario ${scenario.id} under R31's constraints (ruleset terrain knobs: ${ruleset.terrain.minPieces}–${ruleset.terrain.maxPieces} pieces, ${ruleset.terrain.minGap}" apart, on a ${scenario.table.width}"×${scenario.table.height}" table)`,
  );
}

/**
 * A polygon with its bounding box and, when known, rectangles whose union it
 * is (its distances are then theirs).
 */
interface Footprint extends Bounds {
  poly: Polygon;
  parts: readonly Bounds[] | null;
}

/**
 * `shape` says how the polygon was built: a rectangle, or an L (vertex 0 the
 * outer corner, as shapeOf lays it out, under any quarter turn, move or 180°
 * rotation) made of the rectangles spanned by vertices 0–2 and 0, 4, 5.
 */
function footprint(poly: Polygon, shape: Template['shape'] | null): Footprint {
  const b = bbox(poly);
  let parts: Bounds[] | null = null;
  if (shape === 'rect') parts = [b];
  else if (shape === 'L') parts = [bbox([poly[0], poly[1], poly[2]]), bbox([poly[0], poly[4], poly[5]])];
  return { poly, parts, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
}

/** A deployment zone's footprint: rectangles are recognised, other shapes get the polygon tests. */
function zoneFootprint(poly: Polygon): Footprint {
  let rect = poly.length === 4;
  for (let i = 0; i < poly.length && rect; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    rect = p.x === q.x || p.y === q.y;
  }
  return footprint(poly, rect ? 'rect' : null);
}

/** Far above the polygon tests' rounding error: a box decides a test only where they could not disagree. */
const SLACK = 1e-6;

/** The squared distance between two boxes (0 when they touch or overlap). */
function boxDistanceSq(a: Bounds, b: Bounds): number {
  const gx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const gy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return gx * gx + gy * gy;
}

/**
 * polygonsDistance(a, b) < gap, without the polygon test when the boxes
 * settle it: shapes are at least as far apart as their boxes, and shapes made
 * of rectangles exactly as far as their nearest rectangles. Only a distance
 * within SLACK of the gap needs the polygon test.
 */
function closerThan(a: Footprint, b: Footprint, gap: number): boolean {
  const far = (gap + SLACK) * (gap + SLACK);
  if (boxDistanceSq(a, b) >= far) return false;
  if (a.parts && b.parts && gap > SLACK) {
    let d2 = Infinity;
    for (const p of a.parts) for (const q of b.parts) d2 = Math.min(d2, boxDistanceSq(p, q));
    if (d2 >= far) return false;
    if (d2 <= (gap - SLACK) * (gap - SLACK)) return true;
  }
  return polygonsDistance(a.poly, b.poly) < gap;
}

/** polygonsDistance(a, b) === 0 (touching or overlapping), skipping the polygon test when the boxes are apart. */
function touches(a: Footprint, b: Footprint): boolean {
  return boxDistanceSq(a, b) <= SLACK * SLACK && polygonsDistance(a.poly, b.poly) === 0;
}

/** The squared distance from (x, y) to a box (0 inside it). */
function pointBoxDistanceSq(x: number, y: number, b: Bounds): number {
  const dx = Math.max(0, b.minX - x, x - b.maxX);
  const dy = Math.max(0, b.minY - y, y - b.maxY);
  return dx * dx + dy * dy;
}

/** circleOverlapsPolygon(c, f.poly), from the boxes as in closerThan where they settle it. */
function circleOverlaps(c: Circle, f: Footprint): boolean {
  const far = (c.r + SLACK) * (c.r + SLACK);
  if (pointBoxDistanceSq(c.x, c.y, f) > far) return false;
  if (f.parts && c.r > SLACK) {
    let d2 = Infinity;
    for (const p of f.parts) d2 = Math.min(d2, pointBoxDistanceSq(c.x, c.y, p));
    if (d2 > far) return false;
    if (d2 < (c.r - SLACK) * (c.r - SLACK)) return true;
  }
  return circleOverlapsPolygon(c, f.poly);
}

const RECT_TEMPLATES = TEMPLATES.filter((x) => x.shape === 'rect');

function tryGenerate(scenario: Scenario, rng: { next(): number }, ruleset: Ruleset): TerrainPiece[] | null {
  const t = ruleset.terrain;
  const { width, height } = scenario.table;
  const keepOut = keepOutCircles(scenario, ruleset);
  // Impassable pieces stay out of deployment zones so every army can deploy (small zones such as a 12" square).
  const deployment = [...scenario.deployment[0], ...scenario.deployment[1]].map((z) => zoneFootprint(shapePolygon(z)));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)];
  const between = (lo: number, hi: number): number => lo + Math.round(rng.next() * (hi - lo) * 2) / 2;

  /** A random footprint of the template, turned by 0/90/180/270° and centred on the origin. */
  const shapeOf = (tpl: Template): Polygon => {
    const w = between(tpl.w[0], tpl.w[1]);
    const h = between(tpl.h[0], tpl.h[1]);
    const shape: Point[] =
      tpl.shape === 'rect'
        ? [
            { x: 0, y: 0 },
            { x: w, y: 0 },
            { x: w, y: h },
            { x: 0, y: h },
          ]
        : // An L of two walls: long side w, short side h, 2" thick.
          [
            { x: 0, y: 0 },
            { x: w, y: 0 },
            { x: w, y: 2 },
            { x: 2, y: 2 },
            { x: 2, y: h },
            { x: 0, y: h },
          ];
    const turn = Math.floor(rng.next() * 4);
    for (const p of shape) {
      const { x, y } = p;
      if (turn === 1) {
        p.x = -y;
        p.y = x;
      } else if (turn === 2) {
        p.x = -x;
        p.y = -y;
      } else if (turn === 3) {
        p.x = y;
        p.y = -x;
      }
    }
    const b = bbox(shape);
    moveBy(shape, -(b.minX + b.maxX) / 2, -(b.minY + b.maxY) / 2);
    return shape;
  };
  const fits = (f: Footprint, impassable: boolean): boolean => {
    if (f.minX < 0 || f.minY < 0 || f.maxX > width || f.maxY > height) return false;
    for (const c of keepOut) if (circleOverlaps(c, f)) return false;
    if (impassable) for (const d of deployment) if (touches(f, d)) return false;
    for (const q of boxes) {
      // Boxes this far apart on one axis hold shapes at least as far apart.
      if (f.minX - q.maxX >= t.minGap || q.minX - f.maxX >= t.minGap || f.minY - q.maxY >= t.minGap || q.minY - f.maxY >= t.minGap) continue;
      if (closerThan(f, q, t.minGap)) return false;
    }
    return true;
  };
  const allowed = (tpl: Template, placed: readonly TerrainPiece[], copies: number): boolean =>
    (!tpl.rules.includes('Garrison') || countKind(placed, 'Garrison') + copies <= t.maxGarrison) && (!tpl.rules.includes('Ruins') || countKind(placed, 'Ruins') + copies <= t.maxRuins);

  const placed: TerrainPiece[] = [];
  /** The footprints of `placed`, in the same order. */
  const boxes: Footprint[] = [];
  const place = (tpl: Template, f: Footprint): void => {
    placed.push({ id: `t${String(placed.length + 1).padStart(2, '0')}`, shape: f.poly, size: tpl.size, rules: [...tpl.rules] });
    boxes.push(f);
  };
  let target = t.minPieces + Math.floor(rng.next() * (t.maxPieces - t.minPieces + 1));

  // An odd count needs a piece on the centre, its own 180° rotation.
  if (target % 2 === 1) {
    let done = false;
    for (let k = 0; k < 10 && !done; k++) {
      const tpl = pick(RECT_TEMPLATES);
      const f = footprint(moveBy(shapeOf(tpl), width / 2, height / 2), tpl.shape);
      if (fits(f, tpl.rules.includes('Impassable'))) {
        place(tpl, f);
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
      const f = footprint(moveBy(shape, x, y), tpl.shape);
      const impassable = tpl.rules.includes('Impassable');
      if (!fits(f, impassable)) continue;
      const twin = footprint(rotatePolygon180(f.poly, scenario.table), tpl.shape);
      if (!fits(twin, impassable) || closerThan(f, twin, t.minGap)) continue;
      place(tpl, f);
      place(tpl, twin);
      ok = true;
    }
    if (!ok && wanted) return null;
  }
  if (placed.length < t.minPieces || placed.length > t.maxPieces) return null;
  if (countKind(placed, 'Obscuring') < t.minObscuring || countKind(placed, 'Obstructing') < t.minObstructing) return null;
  return placed;
}

/** Moves every vertex by (dx, dy), in place; returns the polygon. */
function moveBy(poly: Point[], dx: number, dy: number): Point[] {
  for (const p of poly) {
    p.x += dx;
    p.y += dy;
  }
  return poly;
}
