/** Axial hex coordinates (q, r): the six neighbours of a hex. */
const DIRECTIONS: readonly [number, number][] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export function hexKey(q: number, r: number): string {
  return `${q},${r}`;
}

/** Adjacency of hexes given by axial coordinates: for each, the indices of its neighbours present in the list. */
export function hexAdjacency(hexes: readonly { q: number; r: number }[]): number[][] {
  const at = new Map(hexes.map((h, i) => [hexKey(h.q, h.r), i]));
  return hexes.map((h) => DIRECTIONS.flatMap(([dq, dr]) => at.get(hexKey(h.q + dq, h.r + dr)) ?? []).sort((a, b) => a - b));
}

/** Hex distance between two axial coordinates. */
export function hexDistance(a: { q: number; r: number }, b: { q: number; r: number }): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** True when every hex can be reached from the first through neighbours. */
export function hexConnected(adjacent: readonly number[][]): boolean {
  if (adjacent.length === 0) return true;
  const seen = new Set([0]);
  const stack = [0];
  while (stack.length > 0) {
    for (const n of adjacent[stack.pop()!]) {
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  return seen.size === adjacent.length;
}
