/**
 * Board geometry throughput on a game-sized table: 48"×48", 12 terrain pieces
 * (4 impassable, 2 difficult, the rest Obstructing/Obscuring), 40 bases.
 * Run: npx tsx bench/board.ts
 *
 * Recorded 2026-11-30, Node 20, 2-core machine shared with other jobs (load
 * average ~10, so figures swing 3×; best of 5 runs, then the typical run):
 *   edgeDistance                                  20 ns      (~85 ns)
 *   moveAlong, 39 blockers, 4 impassable, 2 difficult  0.69 µs (~1.7 µs)
 *   moveAlong, + 20 enemies to engage             0.85 µs    (~2.0 µs)
 *   drivenBack from base contact                  0.38 µs    (~1.1 µs)
 *   lineOfSight, 38 warriors, 12 terrain pieces   0.65 µs    (~1.8 µs)
 * Before the cheap rejects (bounding boxes, all-vertices-on-one-side for line
 * of sight, behind/too-far-ahead for blockers, cached difficult factors) the
 * typical figures were about 3.0 µs for moveAlong and 4.0 µs for lineOfSight.
 *
 * Re-run 2026-11-30 after terrain bounds were prepared once (preparePolygons,
 * prepareTerrain), best of 5, load average ~3, before → after:
 *   moveAlong, 39 blockers, 4 impassable, 2 difficult  0.48 → 0.34 µs
 *   moveAlong, + 20 enemies to engage             0.52 → 0.38 µs
 *   drivenBack from base contact                  0.21 → 0.15 µs
 *   lineOfSight, 38 warriors, 12 terrain pieces   0.45 → 0.28 µs
 * On the calls of real random games (recorded, replayed) moveAlong went from
 * about 0.66 to 0.35 µs and lineOfSight from 0.9 to 0.5 µs.
 *
 * The planner (2026-12-02, load average ~15, tsx): see bench/README.md
 * (## engine, "Path movement").
 */
import seedrandom from 'seedrandom';
import { lineOfSight, moveAlong, drivenBack, edgeDistance, planPath, preparePolygons, prepareTerrain, rectPolygon } from '../src/board/index.js';
import type { Circle, SizedCircle, TerrainKind, TerrainPiece } from '../src/board/index.js';

const rng = seedrandom('board-bench');
const rand = (lo: number, hi: number) => lo + (hi - lo) * rng();
const table = { width: 48, height: 48 };

const terrain: TerrainPiece[] = [];
const kinds: TerrainKind[][] = [
  ['Impassable'],
  ['Impassable'],
  ['Impassable', 'Obstructing'],
  ['Impassable', 'Obstructing'],
  ['Difficult', 'Obscuring'],
  ['Difficult', 'Obscuring'],
  ['Obstructing'],
  ['Obstructing'],
  ['Obscuring'],
  ['Obscuring'],
  ['Ruins', 'Obscuring'],
  ['Garrison', 'Obstructing'],
];
for (let i = 0; i < kinds.length; i++) {
  terrain.push({
    id: `t${i}`,
    shape: rectPolygon({ x: rand(2, 40), y: rand(8, 36), w: rand(2, 9), h: rand(2, 6) }),
    size: 1 + Math.floor(rand(0, 3)),
    rules: kinds[i],
  });
}
// Prepared once, as the engine does for a game.
const impassable = preparePolygons(terrain.filter((t) => t.rules.includes('Impassable')).map((t) => t.shape));
const difficult = preparePolygons(terrain.filter((t) => t.rules.includes('Difficult')).map((t) => t.shape));

const sightTerrain = prepareTerrain(terrain);

const bases: SizedCircle[] = [];
while (bases.length < 40) {
  const r = rng() < 0.8 ? 27 / 25.4 / 2 : 50 / 25.4 / 2;
  const c = { x: rand(r, 48 - r), y: rand(r, 48 - r), r, size: r < 0.6 ? 1 : 2 };
  if (bases.every((b) => edgeDistance(b, c) > 0)) bases.push(c);
}
const enemies: Circle[] = bases.slice(20);

function time(label: string, n: number, f: (i: number) => number): void {
  let sink = 0;
  for (let i = 0; i < Math.min(n, 10_000); i++) sink += f(i); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += f(i);
  const ns = Number(process.hrtime.bigint() - t0);
  console.log(`${label.padEnd(44)} ${(n / (ns / 1e9) / 1e6).toFixed(2).padStart(7)} M/s  ${(ns / n).toFixed(0).padStart(6)} ns/call  (${sink % 7})`);
}

const N = 400_000;
const targets = Array.from({ length: 1024 }, () => ({ x: rand(0, 48), y: rand(0, 48) }));
const others = bases.map((_, i) => bases.filter((__, j) => j !== i));

time('edgeDistance', 10 * N, (i) => edgeDistance(bases[i % 40], bases[(i * 7 + 3) % 40]));
time('moveAlong (39 blockers, terrain, no engagement)', N, (i) => {
  const k = i % 20;
  return moveAlong({
    mover: bases[k],
    to: targets[i & 1023],
    maxDistance: 6,
    blockers: others[k],
    impassable,
    difficult,
    table,
  }).travelled;
});
time('moveAlong (+ 20 enemies to engage)', N, (i) => {
  const k = i % 20;
  return moveAlong({
    mover: bases[k],
    to: targets[i & 1023],
    maxDistance: 6,
    blockers: others[k],
    impassable,
    difficult,
    table,
    engageWith: enemies,
    engagementRange: 1,
  }).travelled;
});
// Driven Back from an enemy in base contact, in a random direction.
const pushers = bases.slice(0, 20).map((b, k) => {
  const a = (k / 20) * 2 * Math.PI;
  return { x: b.x + Math.cos(a) * (2 * b.r), y: b.y + Math.sin(a) * (2 * b.r), r: b.r };
});
time('drivenBack (from base contact)', N, (i) => {
  const k = i % 20;
  return drivenBack({ warrior: bases[k], from: pushers[k], distance: 2, blockers: others[k], impassable, table }).x;
});
time('lineOfSight (38 warriors, 12 terrain pieces)', N, (i) => {
  const a = i % 20;
  const b = 20 + ((i * 3) % 20);
  const los = lineOfSight({ shooter: bases[a], target: bases[b], warriors: others[a], terrain: sightTerrain });
  return (los.blocked ? 1 : 0) + (los.obscured ? 2 : 0) + (los.intervened ? 4 : 0);
});

// The planner (R41): shortest paths of a base across the whole table (the questions a bot asks),
// and of a March (goal within 6", the bases within reach), on the same table.
const P = 2_000;
const far = Array.from({ length: 256 }, () => {
  for (;;) {
    const a = { x: rand(1, 47), y: rand(1, 47) };
    if (bases.every((b) => Math.hypot(b.x - a.x, b.y - a.y) > b.r + 0.6)) return a;
  }
});
let found = 0;
time('planPath, anywhere to anywhere (40 bases)', P, (i) => {
  const k = i % 20;
  const p = planPath({ r: bases[k].r, bases: others[k], impassable, difficult, table }, bases[k], far[i & 255]);
  if (p) found++;
  return p ? p.points.length : 0;
});
console.log(`  (${((found / (P + Math.min(P, 10_000))) * 100).toFixed(0)}% found a path)`);
time('planPath, a March: goal within 6"', P, (i) => {
  const k = i % 20;
  const t = far[i & 255];
  const d = Math.hypot(t.x - bases[k].x, t.y - bases[k].y);
  const goal = d > 6 ? { x: bases[k].x + ((t.x - bases[k].x) * 6) / d, y: bases[k].y + ((t.y - bases[k].y) * 6) / d } : t;
  const near = others[k].filter((b) => Math.hypot(b.x - bases[k].x, b.y - bases[k].y) < 6 + b.r + bases[k].r);
  const p = planPath({ r: bases[k].r, bases: near, impassable, difficult, table }, bases[k], goal);
  return p ? p.points.length : 0;
});
