import type { Shard } from './types.js';

/**
 * The items (games of a cell, campaigns) that slice K of N plays: a
 * contiguous block of whole pairs, so both seats of a seed stay together and
 * merging is concatenation.
 */
export function shardRange(games: number, shard: Shard | null): { start: number; end: number } {
  if (shard === null) return { start: 0, end: games };
  const pairs = Math.ceil(games / 2);
  const p0 = Math.floor((pairs * (shard.k - 1)) / shard.n);
  const p1 = Math.floor((pairs * shard.k) / shard.n);
  return { start: Math.min(games, 2 * p0), end: Math.min(games, 2 * p1) };
}

/** Parses `--shard K/N`. */
export function parseShard(text: string): Shard | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || k < 1 || k > n) return null;
  return { k, n };
}
