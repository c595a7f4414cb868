/**
 * Which warriors stand where: a uniform grid over the table, each cell a
 * chain of one player's warriors on the table whose centre lies in it. "Who is near"
 * questions (Engagement, what a move could touch, Charge reach) visit the
 * cells a circle around the asker covers instead of every warrior: most of a
 * game's time is spent asking them.
 *
 * The grid also keeps each warrior's centre and base radius in typed arrays:
 * the near-by questions read those, which sit together in memory, rather
 * than the scattered warrior objects and their boxed numbers.
 *
 * Plain typed arrays, copied by cloneState. Only placeOnTable and
 * takeOffTable change a warrior's position or status, so the grid cannot
 * fall out of step with the warriors.
 */
import type { GameState, PlayerIndex, Warrior, WarriorGrid, WarriorStatus } from './types.js';

export type { WarriorGrid } from './types.js';

/** Cell size in inches: about a March, so a move's neighbourhood is a few cells across. */
const CELL = 4;
/** At most this many columns (a row's cells are bits of one int32); a wider table's far columns share the last. */
const MAX_COLS = 30;

/** An empty grid (every warrior off the table) for these warriors on this table. */
export function createGrid(table: { width: number; height: number }, warriors: readonly Warrior[]): WarriorGrid {
  const cols = Math.min(MAX_COLS, Math.max(1, Math.ceil(table.width / CELL)));
  const rows = Math.max(1, Math.ceil(table.height / CELL));
  const n = warriors.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const r = new Float64Array(n);
  let maxR = 0;
  for (let i = 0; i < n; i++) {
    const w = warriors[i];
    x[i] = w.x;
    y[i] = w.y;
    r[i] = w.r;
    if (w.r > maxR) maxR = w.r;
  }
  return {
    cols,
    rows,
    maxR,
    head: new Int32Array(2 * cols * rows).fill(-1),
    next: new Int32Array(n).fill(-1),
    prev: new Int32Array(n).fill(-1),
    cell: new Int32Array(n).fill(-1),
    occupied: new Int32Array(2 * rows),
    x,
    y,
    r,
    near: new Int32Array(n),
    changes: new Uint32Array(2),
  };
}

export function cloneGrid(g: WarriorGrid): WarriorGrid {
  return {
    cols: g.cols,
    rows: g.rows,
    maxR: g.maxR,
    head: g.head.slice(),
    next: g.next.slice(),
    prev: g.prev.slice(),
    cell: g.cell.slice(),
    occupied: g.occupied.slice(),
    x: g.x.slice(),
    y: g.y.slice(),
    r: g.r, // base radii never change: shared
    near: new Int32Array(g.near.length),
    changes: g.changes.slice(),
  };
}

/** Makes `into` (a grid of the same game) hold what `from` holds, in its own arrays. */
export function copyGrid(into: WarriorGrid, from: Readonly<WarriorGrid>): void {
  into.head.set(from.head);
  into.next.set(from.next);
  into.prev.set(from.prev);
  into.cell.set(from.cell);
  into.occupied.set(from.occupied);
  into.x.set(from.x);
  into.y.set(from.y);
  into.changes.set(from.changes);
}

function col(g: WarriorGrid, x: number): number {
  const c = Math.floor(x / CELL);
  return c < 0 ? 0 : c >= g.cols ? g.cols - 1 : c;
}

function row(g: WarriorGrid, y: number): number {
  const r = Math.floor(y / CELL);
  return r < 0 ? 0 : r >= g.rows ? g.rows - 1 : r;
}

function unlink(g: WarriorGrid, id: number): void {
  const c = g.cell[id];
  if (c < 0) return;
  const p = g.prev[id];
  const n = g.next[id];
  if (p >= 0) g.next[p] = n;
  else g.head[c] = n;
  if (n >= 0) g.prev[n] = p;
  g.cell[id] = -1;
  if (g.head[c] < 0) g.occupied[(c / g.cols) | 0] &= ~(1 << (c % g.cols));
}

/** Puts w on the table at (x, y), or moves it there: every position change goes through here. */
export function placeOnTable(s: GameState, w: Warrior, x: number, y: number): void {
  w.x = x;
  w.y = y;
  w.status = 'table';
  const g = s.grid;
  g.changes[w.player]++;
  g.x[w.id] = x;
  g.y[w.id] = y;
  const c = w.player * g.cols * g.rows + row(g, y) * g.cols + col(g, x);
  if (g.cell[w.id] === c) return;
  unlink(g, w.id);
  const h = g.head[c];
  g.next[w.id] = h;
  g.prev[w.id] = -1;
  if (h >= 0) g.prev[h] = w.id;
  g.head[c] = w.id;
  g.cell[w.id] = c;
  g.occupied[(c / g.cols) | 0] |= 1 << (c % g.cols);
}

/** Takes w off the table: slain, or back to reserve when a deployment is undone. */
export function takeOffTable(s: GameState, w: Warrior, status: Exclude<WarriorStatus, 'table'>): void {
  w.status = status;
  s.grid.changes[w.player]++;
  unlink(s.grid, w.id);
}

/**
 * Writes to `g.near` the ids of `player`'s warriors on the table whose centre
 * may lie within `reach` of (x, y), in no particular order, and returns how
 * many. A superset: callers test the exact distance, and must not ask again
 * while reading `g.near`.
 */
export function warriorsNear(g: WarriorGrid, player: PlayerIndex, x: number, y: number, reach: number): number {
  return warriorsInBox(g, player, x - reach, y - reach, x + reach, y + reach);
}

/** As warriorsNear, for the centres that may lie in a box. */
export function warriorsInBox(g: WarriorGrid, player: PlayerIndex, minX: number, minY: number, maxX: number, maxY: number): number {
  const out = g.near;
  let n = 0;
  const c0 = col(g, minX);
  const c1 = col(g, maxX);
  const r1 = row(g, maxY);
  const head = g.head;
  const next = g.next;
  const cols = g.cols;
  const span = ((1 << (c1 - c0 + 1)) - 1) << c0;
  for (let r = row(g, minY); r <= r1; r++) {
    const rowIndex = player * g.rows + r;
    // The occupied cells c0..c1 of this row, lowest column first.
    for (let bits = g.occupied[rowIndex] & span; bits !== 0; bits &= bits - 1) {
      const c = 31 - Math.clz32(bits & -bits);
      for (let id = head[rowIndex * cols + c]; id >= 0; id = next[id]) out[n++] = id;
    }
  }
  return n;
}
