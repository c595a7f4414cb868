import { circleWhollyWithinUnion, polygonBounds } from '../board/index.js';
import type { Bounds, Polygon } from '../board/types.js';
import type { Rng } from '../dice/types.js';
import { entrySegments } from '../scenarios/index.js';
import type { CapturePointState, EdgeSegment, MarkerState, ObjectiveZone } from '../scenarios/types.js';
import { norm } from '../engine/index.js';
import type { GameState, PlayerIndex, Warrior } from '../engine/types.js';

/** Helpers that offer bots sensible candidate choices; the engine still checks every choice. */

export function pick<T>(items: readonly T[], rng: Rng): T {
  return items[Math.floor(rng.next() * items.length)];
}

/** Far above the geometry's rounding error: a box test decides only where the exact test could not disagree. */
const SLACK = 1e-6;

type Base = { x: number; y: number; r: number };

/** Whether a base of radius r at (x, y) would overlap base `o` or come within 1e-6" of it. */
function overlaps(o: Base, x: number, y: number, r: number): boolean {
  const lim = o.r + r + 1e-6;
  const dx = o.x - x;
  const dy = o.y - y;
  // Clear on one axis: no root needed.
  if (dx > lim + SLACK || dx < -lim - SLACK || dy > lim + SLACK || dy < -lim - SLACK) return false;
  return norm(dx, dy) < lim;
}

/** Markers a base must stay clear of: standard ones still standing. */
function markerInTheWay(m: MarkerState): boolean {
  return !m.destroyed && m.behaviour === 'standard';
}

/** The bases a new base must stay clear of (warriors on the table, standard markers) that are `near`. */
function basesInTheWay(s: Readonly<GameState>, near: (o: Base) => boolean): Base[] {
  const out: Base[] = [];
  for (const w of s.warriors) if (w.status === 'table' && near(w)) out.push(w);
  for (const m of s.scenarioState.markers) if (markerInTheWay(m) && near(m)) out.push(m);
  return out;
}

/** Whether a base of radius r at (x, y) would overlap a warrior on the table or a standard marker. */
function overlapsTable(s: Readonly<GameState>, x: number, y: number, r: number): boolean {
  for (const w of s.warriors) if (w.status === 'table' && overlaps(w, x, y, r)) return true;
  for (const m of s.scenarioState.markers) if (markerInTheWay(m) && overlaps(m, x, y, r)) return true;
  return false;
}

/** Whether a base of radius r at (x, y) would overlap any of `bases`. */
function overlapsAny(bases: readonly Base[], x: number, y: number, r: number): boolean {
  for (const b of bases) if (overlaps(b, x, y, r)) return true;
  return false;
}

/** A deployment zone (a union of polygons) with the boxes that settle most "wholly within" tests. */
interface Zone {
  polys: readonly Polygon[];
  /** The box of the whole union: a base poking out of it is not within. */
  all: Bounds;
  /** The pieces that are axis-aligned rectangles: a base inside one's box is within. */
  rects: Bounds[];
}

/** The zone's boxes; a rectangle is a four-cornered piece whose every side is level or upright. */
function zoneOf(polys: readonly Polygon[]): Zone {
  const all = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const rects: Bounds[] = [];
  for (const poly of polys) {
    const b = polygonBounds(poly);
    all.minX = Math.min(all.minX, b.minX);
    all.minY = Math.min(all.minY, b.minY);
    all.maxX = Math.max(all.maxX, b.maxX);
    all.maxY = Math.max(all.maxY, b.maxY);
    if (poly.length === 4 && poly.every((p, i) => p.x === poly[(i + 1) % 4].x || p.y === poly[(i + 1) % 4].y)) rects.push(b);
  }
  return { polys, all, rects };
}

/** circleWhollyWithinUnion for a base of radius r at (x, y), from the boxes where they settle it. */
function withinZone(z: Zone, x: number, y: number, r: number): boolean {
  const a = z.all;
  if (x - r < a.minX - SLACK || x + r > a.maxX + SLACK || y - r < a.minY - SLACK || y + r > a.maxY + SLACK) return false;
  for (const b of z.rects) {
    if (x - r > b.minX + SLACK && x + r < b.maxX - SLACK && y - r > b.minY + SLACK && y + r < b.maxY - SLACK) return true;
  }
  return circleWhollyWithinUnion({ x, y, r }, z.polys);
}

/** A random point inside a union of polygons (rejection sampling in a random piece's bounds). */
export function randomPointIn(zones: readonly Polygon[], rng: Rng): { x: number; y: number } {
  const poly = pick(zones, rng);
  const b = polygonBounds(poly);
  for (let i = 0; i < 50; i++) {
    const x = b.minX + rng.next() * (b.maxX - b.minX);
    const y = b.minY + rng.next() * (b.maxY - b.minY);
    if (circleWhollyWithinUnion({ x, y, r: 0.01 }, [poly])) return { x, y };
  }
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

/** Cells a formation may use on each side of its anchor. */
const FORMATION_REACH = 6;

/** Grid cells in order of distance from a formation's anchor (a compact block). */
const FORMATION_CELLS: readonly [number, number][] = (() => {
  const cells: [number, number][] = [];
  const n = FORMATION_REACH;
  for (let i = -n; i <= n; i++) for (let j = -n; j <= n; j++) cells.push([i, j]);
  return cells.sort((a, b) => a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1]) || a[0] - b[0] || a[1] - b[1]);
})();

/**
 * Positions for every warrior of a regiment in a close formation around
 * `anchor`, wholly within the zones and clear of other bases; null when the
 * formation does not fit there.
 */
export function formationAt(s: Readonly<GameState>, regiment: number, zones: readonly Polygon[], anchor: { x: number; y: number }): { x: number; y: number }[] | null {
  return formationIn(s, regiment, zoneOf(zones), anchor);
}

/** formationAt with the zone's boxes worked out once (deploymentFor tries many anchors). */
function formationIn(s: Readonly<GameState>, regiment: number, zone: Zone, anchor: { x: number; y: number }): { x: number; y: number }[] | null {
  const ids = s.regiments[regiment].warriors;
  let r = -Infinity;
  for (const id of ids) r = Math.max(r, s.warriors[id].r);
  const step = 2 * r + 0.05;
  const cells = FORMATION_CELLS;
  // Only bases near the block of cells can be in the way (clear of it on one axis: no overlap); the
  // regiment's own join them as they are placed.
  const reach = FORMATION_REACH * step + r + 1e-6 + SLACK;
  const inTheWay = basesInTheWay(s, (o) => Math.abs(o.x - anchor.x) <= reach + o.r && Math.abs(o.y - anchor.y) <= reach + o.r);
  const placed: { x: number; y: number }[] = [];
  let c = 0;
  for (const id of ids) {
    const w = s.warriors[id];
    let ok = false;
    while (c < cells.length) {
      const x = anchor.x + cells[c][0] * step;
      const y = anchor.y + cells[c][1] * step;
      c++;
      if (withinZone(zone, x, y, w.r) && !overlapsAny(inTheWay, x, y, w.r)) {
        placed.push({ x, y });
        inTheWay.push({ x, y, r: w.r });
        ok = true;
        break;
      }
    }
    if (!ok) return null;
  }
  return placed;
}

/** A legal formation for the regiment somewhere in the zones (tries random anchors, then a scan). */
export function deploymentFor(s: Readonly<GameState>, regiment: number, zones: readonly Polygon[], rng: Rng, preferred?: { x: number; y: number }): { x: number; y: number }[] {
  const zone = zoneOf(zones);
  if (preferred) {
    const f = formationIn(s, regiment, zone, preferred);
    if (f) return f;
  }
  for (let i = 0; i < 30; i++) {
    const f = formationIn(s, regiment, zone, randomPointIn(zones, rng));
    if (f) return f;
  }
  for (const poly of zones) {
    const b = polygonBounds(poly);
    for (let x = b.minX + 0.6; x < b.maxX; x += 1) {
      for (let y = b.minY + 0.6; y < b.maxY; y += 1) {
        const f = formationIn(s, regiment, zone, { x, y });
        if (f) return f;
      }
    }
  }
  throw new Error(`regiment ${s.regiments[regiment].id} does not fit in its deployment zone`);
}

/** A point `dist` inches from w towards (x, y), or w's position if they coincide. */
export function towards(w: Warrior, x: number, y: number, dist: number): { x: number; y: number } {
  const dx = x - w.x;
  const dy = y - w.y;
  const d = norm(dx, dy);
  if (d < 1e-9) return { x: w.x, y: w.y };
  const k = Math.min(1, dist / d);
  return { x: w.x + dx * k, y: w.y + dy * k };
}

/** The nearest enemy warrior on the table, or null. */
export function nearestEnemy(s: Readonly<GameState>, w: Warrior): Warrior | null {
  let best: Warrior | null = null;
  let bestD = Infinity;
  for (const e of s.warriors) {
    if (e.status !== 'table' || e.player === w.player) continue;
    const d = (e.x - w.x) ** 2 + (e.y - w.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/**
 * A uniformly random objective worth walking to: a zone, attackable marker
 * or capture point not already `player`'s (its centre), or null when there is
 * none. Draws once, and only when there is one.
 */
export function randomObjective(s: Readonly<GameState>, player: PlayerIndex, rng: Rng): { x: number; y: number } | null {
  const zones = s.match.scenario.objectiveZones;
  const markers = s.scenarioState.markers;
  const points = s.scenarioState.capturePoints;
  const zoneWanted = (z: ObjectiveZone): boolean => z.friendlyTo !== player;
  const markerWanted = (m: MarkerState): boolean => !m.destroyed && m.friendlyTo !== player;
  const pointWanted = (p: CapturePointState): boolean => p.controlledBy !== player;
  // Counted, then found by index: the same draw as picking from a list of them, without making the list.
  let n = 0;
  for (const z of zones) if (zoneWanted(z)) n++;
  for (const m of markers) if (markerWanted(m)) n++;
  for (const p of points) if (pointWanted(p)) n++;
  if (n === 0) return null;
  let i = Math.floor(rng.next() * n);
  for (const z of zones) if (zoneWanted(z) && i-- === 0) return z;
  for (const m of markers) if (markerWanted(m) && i-- === 0) return m;
  for (const p of points) if (pointWanted(p) && i-- === 0) return p;
  return null;
}

/** The centre of a base of radius r touching the table edge at an edge point, and that point. */
function edgePoint(seg: EdgeSegment, t: number, table: { width: number; height: number }, r: number) {
  switch (seg.edge) {
    case 'bottom':
      return { x: t, y: 0, cx: t, cy: r };
    case 'top':
      return { x: t, y: table.height, cx: t, cy: table.height - r };
    case 'left':
      return { x: 0, y: t, cx: r, cy: t };
    case 'right':
      return { x: table.width, y: t, cx: table.width - r, cy: t };
  }
}

/**
 * A random free point of the table edge where w may enter from
 * Reinforcements this round (R30), or null if none is found: samples the
 * allowed edge stretches, then scans them every inch.
 */
export function randomEntryPoint(s: Readonly<GameState>, w: Warrior, rng: Rng): { x: number; y: number } | null {
  const segs = entrySegments(s.match.scenario, w.player, s.round, s.match.ruleset).filter((g) => g.to - g.from >= 2 * w.r);
  if (segs.length === 0) return null;
  const total = segs.reduce((n, g) => n + (g.to - g.from - 2 * w.r), 0);
  const free = (seg: EdgeSegment, t: number) => {
    const p = edgePoint(seg, t, s.match.table, w.r);
    return overlapsTable(s, p.cx, p.cy, w.r) ? null : { x: p.x, y: p.y };
  };
  for (let i = 0; i < 20; i++) {
    let u = rng.next() * total;
    for (const g of segs) {
      const len = g.to - g.from - 2 * w.r;
      if (u <= len) {
        const p = free(g, g.from + w.r + u);
        if (p) return p;
        break;
      }
      u -= len;
    }
  }
  for (const g of segs) {
    for (let t = g.from + w.r; t <= g.to - w.r; t += 1) {
      const p = free(g, t);
      if (p) return p;
    }
  }
  return null;
}

/**
 * The free point of the table edge nearest (x, y) where w may enter from
 * Reinforcements this round (R30), scanned every inch; null if none.
 */
export function entryPointNear(s: Readonly<GameState>, w: Warrior, x: number, y: number): { x: number; y: number } | null {
  let best: { x: number; y: number } | null = null;
  let bestD = Infinity;
  for (const g of entrySegments(s.match.scenario, w.player, s.round, s.match.ruleset)) {
    for (let t = g.from + w.r; t <= g.to - w.r; t += 1) {
      const p = edgePoint(g, t, s.match.table, w.r);
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d < bestD && !overlapsTable(s, p.cx, p.cy, w.r)) {
        bestD = d;
        best = { x: p.x, y: p.y };
      }
    }
  }
  return best;
}
