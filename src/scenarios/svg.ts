import { pointInPolygon, polygonCentroid } from '../board/index.js';
import type { Point, Polygon, TerrainPiece } from '../board/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { baseRadius, segmentEnds, shapePolygon } from './geometry.js';
import type { Friendly, Scenario } from './types.js';

export interface ScenarioSvgOptions {
  scenario: Scenario;
  terrain?: readonly TerrainPiece[];
  ruleset: Ruleset;
  /** Pixels per inch. */
  scale?: number;
  /** Draw objective markers and capture points (default true); a replay draws them per step instead. */
  objectives?: boolean;
}

const PLAYER_COLOUR = ['#1f5fbf', '#c0392b'] as const;
const NEUTRAL = '#7a7a7a';
const colour = (f: Friendly): string => (f === null ? NEUTRAL : PLAYER_COLOUR[f]);

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const TAG: Record<TerrainPiece['rules'][number], string> = {
  Obstructing: 'Obst',
  Obscuring: 'Obsc',
  Impassable: 'Imp',
  Difficult: 'Diff',
  Garrison: 'Gar',
  Ruins: 'Ruin',
};

function terrainFill(t: TerrainPiece): string {
  if (t.rules.includes('Impassable')) return '#5d4a3a';
  if (t.rules.includes('Garrison')) return '#8c6d4f';
  if (t.rules.includes('Ruins')) return '#a89f91';
  if (t.rules.includes('Obscuring')) return '#4f8a4f';
  if (t.rules.includes('Obstructing')) return '#6d6d6d';
  return '#9bb7a0';
}

/** A point inside the polygon for its label: the centroid, or (an L) the middle of a diagonal that lies inside. */
function labelPoint(poly: Polygon): Point {
  const c = polygonCentroid(poly);
  if (pointInPolygon(c.x, c.y, poly)) return c;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 2) % poly.length];
    const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (pointInPolygon(m.x, m.y, poly)) return m;
  }
  return c;
}

/**
 * The table as SVG, player 1's edge at the bottom: a 12" grid, deployment
 * zones, reinforcement edges, objective zones, markers, capture points and
 * terrain, so a designer can check placements by eye.
 */
export function scenarioSvg(opts: ScenarioSvgOptions): string {
  const { scenario: s, terrain = [], ruleset } = opts;
  const k = opts.scale ?? 12;
  const { width, height } = s.table;
  const m = 40; // margin for edge labels
  const W = width * k + 2 * m;
  const H = height * k + 2 * m + 50;
  const X = (x: number): number => +(m + x * k).toFixed(2);
  const Y = (y: number): number => +(m + 20 + (height - y) * k).toFixed(2);
  const pts = (poly: readonly { x: number; y: number }[]): string => poly.map((p) => `${X(p.x)},${Y(p.y)}`).join(' ');
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="${W / 2}" y="18" font-size="15" text-anchor="middle" font-weight="bold">${esc(`${s.name} (${s.id})`)}</text>`);
  out.push(`<rect x="${X(0)}" y="${Y(height)}" width="${width * k}" height="${height * k}" fill="#f4f1e8" stroke="#000" stroke-width="1.5"/>`);

  // Deployment zones.
  s.deployment.forEach((shapes, p) => {
    for (const shape of shapes) {
      out.push(`<polygon points="${pts(shapePolygon(shape))}" fill="${PLAYER_COLOUR[p]}" fill-opacity="0.18" stroke="${PLAYER_COLOUR[p]}" stroke-width="1.5" stroke-dasharray="6 3"/>`);
    }
  });
  // 12" grid.
  for (let x = 12; x < width; x += 12) out.push(`<line x1="${X(x)}" y1="${Y(0)}" x2="${X(x)}" y2="${Y(height)}" stroke="#999" stroke-width="0.7"/>`);
  for (let y = 12; y < height; y += 12) out.push(`<line x1="${X(0)}" y1="${Y(y)}" x2="${X(width)}" y2="${Y(y)}" stroke="#999" stroke-width="0.7"/>`);
  for (let x = 0; x <= width; x += 12) out.push(`<text x="${X(x)}" y="${Y(0) + 14}" font-size="10" text-anchor="middle" fill="#555">${x}</text>`);
  for (let y = 0; y <= height; y += 12) out.push(`<text x="${X(0) - 4}" y="${Y(y) + 3}" font-size="10" text-anchor="end" fill="#555">${y}</text>`);

  // Terrain.
  for (const t of terrain) {
    out.push(
      `<polygon points="${pts(t.shape)}" fill="${terrainFill(t)}" fill-opacity="0.85" stroke="#333" stroke-width="1"><title>${esc(`${t.id}: ${t.rules.join(', ')} (size ${t.size})`)}</title></polygon>`,
    );
    const at = labelPoint(t.shape);
    const tag = t.rules.map((r) => TAG[r]).join('/');
    const ink = t.rules.includes('Ruins') || terrainFill(t) === '#9bb7a0' ? '#222' : '#fff';
    out.push(`<text x="${X(at.x)}" y="${Y(at.y) + 3}" font-size="8" text-anchor="middle" fill="${ink}">${esc(tag)}</text>`);
  }

  // Reinforcement zones: thick bars just outside the table edge.
  s.reinforcement.forEach((segs, p) => {
    const off = p === 0 ? 6 : 12;
    for (const seg of segs) {
      const [a, b] = segmentEnds(seg, width, height);
      const dx = seg.edge === 'left' ? -off : seg.edge === 'right' ? off : 0;
      const dy = seg.edge === 'bottom' ? off : seg.edge === 'top' ? -off : 0;
      out.push(
        `<line x1="${X(a.x) + dx}" y1="${Y(a.y) + dy}" x2="${X(b.x) + dx}" y2="${Y(b.y) + dy}" stroke="${PLAYER_COLOUR[p]}" stroke-width="4" stroke-linecap="butt"><title>player ${p + 1} reinforcement zone</title></line>`,
      );
    }
  });

  // Objective zones.
  for (const z of s.objectiveZones) {
    const c = colour(z.friendlyTo);
    out.push(`<circle cx="${X(z.x)}" cy="${Y(z.y)}" r="${(z.diameter / 2) * k}" fill="${c}" fill-opacity="0.22" stroke="${c}" stroke-width="2"/>`);
    out.push(`<text x="${X(z.x)}" y="${Y(z.y) - 4}" font-size="11" text-anchor="middle" font-weight="bold" fill="${c}">${esc(z.label)}</text>`);
    out.push(`<text x="${X(z.x)}" y="${Y(z.y) + 9}" font-size="9" text-anchor="middle" fill="${c}">${z.diameter}" zone</text>`);
  }
  // Capture points with their seizing range.
  for (const cp of s.capturePoints) {
    const r = baseRadius(cp.baseMm);
    const c = colour(cp.controlledBy);
    out.push(`<circle cx="${X(cp.x)}" cy="${Y(cp.y)}" r="${(r + cp.range) * k}" fill="none" stroke="${colour(cp.friendlyTo)}" stroke-width="1" stroke-dasharray="3 3"/>`);
    if (opts.objectives !== false) out.push(`<circle cx="${X(cp.x)}" cy="${Y(cp.y)}" r="${r * k}" fill="${c}" stroke="#000" stroke-width="1"/>`);
    out.push(`<text x="${X(cp.x)}" y="${Y(cp.y) - (r + cp.range) * k - 2}" font-size="9" text-anchor="middle">${esc(cp.label)}</text>`);
  }
  // Objective markers.
  const mr = baseRadius(ruleset.marker.baseMm);
  for (const mk of opts.objectives === false ? [] : s.objectiveMarkers) {
    const c = colour(mk.friendlyTo);
    const dash = mk.behaviour === 'standard' ? '' : ' stroke-dasharray="2 2"';
    out.push(`<circle cx="${X(mk.x)}" cy="${Y(mk.y)}" r="${mr * k}" fill="${c}" stroke="#000" stroke-width="1.5"${dash}/>`);
    // Short labels fit on the marker; longer ones go above it.
    if (mk.label.length <= 2) out.push(`<text x="${X(mk.x)}" y="${Y(mk.y) + 4}" font-size="11" text-anchor="middle" font-weight="bold" fill="#fff">${esc(mk.label)}</text>`);
    else out.push(`<text x="${X(mk.x)}" y="${Y(mk.y) - mr * k - 3}" font-size="10" text-anchor="middle" font-weight="bold" fill="${c}">${esc(mk.label)}</text>`);
  }

  // Edge labels.
  out.push(`<text x="${W / 2}" y="${Y(0) + 30}" font-size="12" text-anchor="middle" fill="${PLAYER_COLOUR[0]}" font-weight="bold">Player 1 edge (y = 0)</text>`);
  out.push(`<text x="${W / 2}" y="${Y(height) - 18}" font-size="12" text-anchor="middle" fill="${PLAYER_COLOUR[1]}" font-weight="bold">Player 2 edge (y = ${height})</text>`);
  out.push(
    `<text x="${W / 2}" y="${Y(0) + 48}" font-size="10" text-anchor="middle" fill="#444">blue: player 1, red: player 2, grey: neutral; dashed areas: deployment zones; bars outside an edge: reinforcement zones</text>`,
    `<text x="${W / 2}" y="${Y(0) + 61}" font-size="10" text-anchor="middle" fill="#444">terrain rules: Obst(ructing), Obsc(uring), Imp(assable), Diff(icult), Gar(rison), Ruin(s)</text>`,
  );
  out.push('</svg>');
  return out.join('\n') + '\n';
}
