import type { ArmyFile, Faction } from '../army/index.js';
import { randomArmy } from '../army/random.js';
import { createRng, deriveSeed } from '../dice/rng.js';
import type { GeneratedSide } from './types.js';

/**
 * A side's points limit for one seed pair: `points` moved by up to ±jitter of
 * itself, to a whole number. Jittered limits keep the points a list spends
 * from being locked to its counts, so a fit can tell a price from a count.
 */
export function generatedLimit(side: GeneratedSide, seed: string, role: 'A' | 'B'): number {
  if (side.jitter === 0) return side.points;
  const u = createRng(deriveSeed(seed, 'limit', role)).next();
  return Math.max(1, Math.round(side.points * (1 + side.jitter * (2 * u - 1))));
}

/**
 * The list a generated side fields in the games of one seed (both seats of a
 * pair share it): a random legal list of its faction within its jittered
 * limit. The same cell, seed and faction always give the same list, so the
 * games can be explained afterwards from games.csv alone.
 */
export function generatedList(side: GeneratedSide, faction: Faction, seed: string, role: 'A' | 'B'): ArmyFile {
  return randomArmy({ faction, points: generatedLimit(side, seed, role), seed: deriveSeed(seed, 'list', role) });
}
