import { deriveSeed } from '../dice/index.js';

/**
 * A game's seed (DESIGN.md, Determinism): a hash of the experiment seed, the
 * cell key and the pair index. Games 2k and 2k+1 share a seed and swap seats.
 */
export function gameSeed(experimentSeed: string, cellKey: string, game: number): string {
  return deriveSeed(experimentSeed, cellKey, Math.floor(game / 2));
}

/** Seat rotation: in game 2k army A is player 1; in game 2k+1 army B is. */
export function armyAFirst(game: number): boolean {
  return game % 2 === 0;
}
