import { z } from 'zod';
import { formatPath } from '../errors.js';
import { formatIssues, type ValidationResult } from '../data/json.js';
import { packedList } from '../data/lists.js';
import { BOUNDS, boundedInt, boundedList, boundedNumber } from '../data/bounds.js';
import { polygonBounds } from '../board/index.js';
import { edgeLength, shapePolygon } from './geometry.js';
import { deploymentErrors, terrainError } from './checks.js';
import type { Scenario } from './types.js';

// Every object is strict: an unknown key is an error, never ignored.

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'expected an id of letters, digits, - and _');
// Bounds: src/data/bounds.ts (docs/BOUNDS.md); coordinates are checked against the table.
const coord = z.number().finite();
const pos = boundedNumber('distance', 0);
const nonNeg = boundedNumber('distance');
const friendly = z.union([z.literal(0), z.literal(1), z.null()]);
const point = z.strictObject({ x: coord, y: coord });

export const objectiveZoneSchema = z.strictObject({
  id,
  x: coord,
  y: coord,
  diameter: pos,
  friendlyTo: friendly,
  label: z.string(),
});

export const objectiveMarkerSchema = z.strictObject({
  id,
  x: coord,
  y: coord,
  friendlyTo: friendly,
  behaviour: z.enum(['standard', 'indestructible-moving']),
  label: z.string(),
});

export const capturePointSchema = z.strictObject({
  id,
  x: coord,
  y: coord,
  friendlyTo: friendly,
  controlledBy: friendly,
  range: nonNeg,
  baseMm: boundedNumber('baseMm'),
  label: z.string(),
});

export const zoneShapeSchema = z.union([z.strictObject({ rect: z.strictObject({ x: coord, y: coord, w: pos, h: pos }) }), z.strictObject({ polygon: boundedList(point).min(3) })]);

export const edgeSegmentSchema = z.strictObject({
  edge: z.enum(['bottom', 'top', 'left', 'right']),
  from: nonNeg,
  to: nonNeg,
});

const vp = boundedNumber('vp');
const count = (min: number) => z.int().min(min).max(BOUNDS.listItems.max);

export const vpRuleSchema = z.discriminatedUnion('rule', [
  z.strictObject({
    rule: z.literal('zoneSeized'),
    vp,
    only: z.strictObject({ diameter: pos.optional(), labels: boundedList(z.string()).min(1).optional() }).optional(),
  }),
  z.strictObject({ rule: z.literal('enemyZoneSeized'), vp }),
  z.strictObject({ rule: z.literal('zonesSeizedBonus'), vp, atLeast: z.union([count(1), z.literal('all')]) }),
  z.strictObject({ rule: z.literal('enemyMarkerDestroyed'), vp }),
  z.strictObject({ rule: z.literal('markersDestroyedBonus'), vp, moreThan: count(0) }),
  z.strictObject({ rule: z.literal('enemyMarkerDestroyedOnce'), vp }),
  z.strictObject({ rule: z.literal('markerDestroyedOutsideZones'), vp }),
  z.strictObject({ rule: z.literal('zoneVpBonusAfterEnemyMarker'), vp, per: z.enum(['zone', 'phase']) }),
  z.strictObject({ rule: z.literal('characterRegimentSlain'), vp }),
  z.strictObject({ rule: z.literal('enemyRegimentDestroyed'), vp }),
  z.strictObject({ rule: z.literal('officerSlain'), vp }),
  z.strictObject({
    rule: z.literal('brokenLines'),
    marker: id,
    markerSeized: vp,
    enemyZoneSeized: vp,
    bothBonus: vp,
    markerInFriendlyZone: vp,
  }),
  z.strictObject({
    rule: z.literal('tugOfWar'),
    perPoint: vp,
    linkDistance: pos,
    chainBonuses: boundedList(z.strictObject({ minLength: count(2), vp })),
    instantWin: z.strictObject({ from: id, to: id, countsAsVp: vp }).nullable(),
  }),
  z.strictObject({ rule: z.literal('pointsSlain') }),
]);

export const specialRuleSchema = z.discriminatedUnion('rule', [z.strictObject({ rule: z.literal('movingMarker'), marker: id, range: nonNeg, distance: pos })]);

const terrainPieceSchema = z.strictObject({
  id,
  shape: boundedList(point).min(3),
  size: boundedInt('size'),
  rules: boundedList(z.enum(['Obstructing', 'Obscuring', 'Impassable', 'Difficult', 'Garrison', 'Ruins'])),
});

export const scenarioSchema = z.strictObject({
  kind: z.literal('scenario'),
  id,
  name: z.string().min(1),
  number: count(1).optional(),
  table: z.strictObject({ width: boundedNumber('tableSide'), height: boundedNumber('tableSide') }),
  rounds: boundedInt('rounds'),
  vpThreshold: boundedNumber('vp', 0).nullable(),
  control: z.enum(['first-blood', 'conquest-stands', 'steamroller']).default('first-blood'),
  objectiveZones: boundedList(objectiveZoneSchema),
  objectiveMarkers: boundedList(objectiveMarkerSchema),
  capturePoints: boundedList(capturePointSchema),
  deployment: z.tuple([boundedList(zoneShapeSchema).min(1), boundedList(zoneShapeSchema).min(1)]),
  reinforcement: z.tuple([boundedList(edgeSegmentSchema), boundedList(edgeSegmentSchema)]),
  vpRules: boundedList(vpRuleSchema).min(1),
  special: boundedList(specialRuleSchema),
  terrain: z.union([z.literal('generate'), z.array(terrainPieceSchema).max(BOUNDS.terrainPieces.max)]),
  notes: boundedList(z.string()),
});

/** Checks zod cannot express: ids unique and referenced ones present, geometry on the table. */
function semanticErrors(s: Scenario): [PropertyKey[], string][] {
  const out: [PropertyKey[], string][] = [];
  const { width, height } = s.table;
  const onTable = (x: number, y: number, path: PropertyKey[]): void => {
    if (x < 0 || x > width || y < 0 || y > height) out.push([path, `(${x}, ${y}) is off the ${width}"×${height}" table`]);
  };
  const seen = new Map<string, string>();
  const unique = (key: string, path: PropertyKey[]): void => {
    const before = seen.get(key);
    if (before !== undefined) out.push([[...path, 'id'], `duplicate id "${key}" (also ${before})`]);
    else seen.set(key, formatPath(path));
  };
  s.objectiveZones.forEach((z, i) => {
    unique(z.id, ['objectiveZones', i]);
    onTable(z.x, z.y, ['objectiveZones', i]);
  });
  s.objectiveMarkers.forEach((m, i) => {
    unique(m.id, ['objectiveMarkers', i]);
    onTable(m.x, m.y, ['objectiveMarkers', i]);
  });
  s.capturePoints.forEach((c, i) => {
    unique(c.id, ['capturePoints', i]);
    onTable(c.x, c.y, ['capturePoints', i]);
  });
  s.deployment.forEach((shapes, p) =>
    shapes.forEach((shape, i) => {
      const b = polygonBounds(shapePolygon(shape));
      if (b.minX < 0 || b.minY < 0 || b.maxX > width || b.maxY > height) {
        out.push([['deployment', p, i], 'shape reaches off the table']);
      }
    }),
  );
  out.push(...deploymentErrors(s));
  s.reinforcement.forEach((segs, p) =>
    segs.forEach((seg, i) => {
      const len = edgeLength(seg.edge, width, height);
      if (seg.from >= seg.to) out.push([['reinforcement', p, i], `"from" (${seg.from}) must be less than "to" (${seg.to})`]);
      if (seg.to > len) out.push([['reinforcement', p, i, 'to'], `must be ≤ ${len}, the ${seg.edge} edge's length`]);
    }),
  );
  const markerIds = new Set(s.objectiveMarkers.map((m) => m.id));
  const pointIds = new Set(s.capturePoints.map((c) => c.id));
  s.vpRules.forEach((r, i) => {
    if (r.rule === 'brokenLines' && !markerIds.has(r.marker)) out.push([['vpRules', i, 'marker'], `no objective marker "${r.marker}"`]);
    if (r.rule === 'tugOfWar' && r.instantWin) {
      if (!pointIds.has(r.instantWin.from)) out.push([['vpRules', i, 'instantWin', 'from'], `no capture point "${r.instantWin.from}"`]);
      if (!pointIds.has(r.instantWin.to)) out.push([['vpRules', i, 'instantWin', 'to'], `no capture point "${r.instantWin.to}"`]);
    }
    if (r.rule === 'zoneSeized' && r.only?.labels) {
      const labels = new Set(s.objectiveZones.map((z) => z.label));
      r.only.labels.forEach((l, j) => {
        if (!labels.has(l)) out.push([['vpRules', i, 'only', 'labels', j], `no objective zone labelled "${l}"`]);
      });
    }
  });
  s.special.forEach((r, i) => {
    const m = s.objectiveMarkers.find((mk) => mk.id === r.marker);
    if (!m) out.push([['special', i, 'marker'], `no objective marker "${r.marker}"`]);
    else if (m.behaviour !== 'indestructible-moving') out.push([['special', i, 'marker'], `marker "${r.marker}" must have behaviour "indestructible-moving"`]);
  });
  s.objectiveMarkers.forEach((m, i) => {
    if (m.behaviour === 'indestructible-moving' && !s.special.some((r) => r.rule === 'movingMarker' && r.marker === m.id)) {
      out.push([['objectiveMarkers', i, 'behaviour'], `"indestructible-moving" needs a "movingMarker" special rule for "${m.id}"`]);
    }
  });
  return out;
}

/**
 * Every list in `value`, at any depth, replaced by a packedList: zod's lists
 * are holey, and of another kind when empty, so each loop of the engine over a
 * scenario list was deoptimised the first time a worker met a scenario without
 * zones or markers.
 */
function packLists(value: unknown): unknown {
  if (Array.isArray(value)) return packedList(value.map(packLists));
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = packLists(o[k]);
  }
  return value;
}

/** Parses a scenario; errors as `file: path: message` lines. */
export function parseScenario(json: unknown, file: string): { scenario?: Scenario; errors: string[] } {
  const res = scenarioSchema.safeParse(json);
  if (!res.success) return { errors: formatIssues(file, res.error.issues) };
  // `number` first and always present (undefined when the file has none): one shape for
  // every scenario, as a second one deoptimised the engine's reads of scenario fields.
  const scenario = packLists({ number: res.data.number, ...res.data }) as Scenario;
  const errors = semanticErrors(scenario).map(([path, msg]) => `${file}: ${formatPath(path)}: ${msg}`);
  return errors.length > 0 ? { errors } : { scenario, errors };
}

/** The `validate` command's validator for `"kind": "scenario"` files. */
export function validateScenarioJson(json: unknown, file: string): ValidationResult {
  const { scenario, errors } = parseScenario(json, file);
  if (!scenario) return { errors };
  const s = scenario;
  const terrain = terrainError(s);
  if (terrain) return { errors: [`${file}: terrain: ${terrain}`] };
  return {
    errors: [],
    summary:
      `scenario ${s.id} (${s.name}): ${s.rounds} rounds, ` +
      `${s.vpThreshold === null ? 'no VP threshold' : `${s.vpThreshold} VP threshold`}, ` +
      `${s.objectiveZones.length} zones, ${s.objectiveMarkers.length} markers, ${s.capturePoints.length} capture points, ` +
      `${s.vpRules.length} VP rules`,
  };
}
