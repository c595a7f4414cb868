/**
 * A game's caches of answers worked out from one of its states (the
 * objectives' control view, the threat map's pair odds, the closing edge),
 * kept on its Match: every fork of the game shares them, as it shares the
 * rules, and an answer holds for the state it names (`s`) while the counts
 * its owner checks (a round, an action count) are unchanged. A fork asking
 * takes the entry over; copyState forgets the entries of the state it
 * overwrites.
 */
import type { GameState, Match, MemoEntry } from './types.js';

/** One owner's slot in every Match's memo, with how to make its empty entry. */
export interface MemoKey<T extends MemoEntry> {
  readonly index: number;
  readonly make: () => T;
}

let keys = 0;

/** A new slot (made once per owner, at module load: slot numbers, not answers). */
export function memoKey<T extends MemoEntry>(make: () => T): MemoKey<T> {
  return { index: keys++, make };
}

/** The game's entry for `key`, made empty on first use. */
export function memoOf<T extends MemoEntry>(s: Readonly<GameState>, key: MemoKey<T>): T {
  const m = s.match.memo;
  let v = m[key.index] as T | undefined;
  if (v === undefined) {
    v = key.make();
    m[key.index] = v;
  }
  return v;
}

/** Forgets every answer worked out from `s` (it is about to become another position). */
export function forget(match: Match, s: Readonly<GameState>): void {
  for (const e of match.memo) if (e !== undefined && e.s === s) e.s = null;
}
