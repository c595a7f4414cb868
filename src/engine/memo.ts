/**
 * A game's caches of answers worked out from one of its states (the
 * objectives' control view, the threat map's pair odds, the closing edge,
 * the last straight Marches tested), kept on its Match: every fork of the
 * game shares them, as it shares the rules, and an answer holds for the
 * state it names (`s`) while the counts its owner checks (a round, an action
 * count) are unchanged. A fork asking takes the entry over; copyState
 * forgets the entries of the state it overwrites.
 *
 * A state's memory (GameState.memory) is the other kind: what a reader has
 * seen of the game so far (the opponent's idle warriors), which no answer
 * about the state as it stands can rebuild. It belongs to one state: a fork
 * starts with none (cloneState), and a state refilled by copyState forgets
 * its own (its entries' `s` set to null: start afresh), so a preallocated
 * fork answers as a fresh clone would.
 */
import type { GameState, Match, MemoEntry } from './types.js';

/** One owner's slot in every Match's memo, with how to make its empty entry. */
export interface MemoKey<T extends MemoEntry> {
  readonly index: number;
  readonly make: () => T;
}

let keys = 0;
let memoryKeys = 0;

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

/** A new slot in every state's memory (made once per owner, at module load). */
export function memoryKey<T extends MemoEntry>(make: () => T): MemoKey<T> {
  return { index: memoryKeys++, make };
}

/**
 * The state's own memory entry for `key`, made empty on first use; an entry
 * whose `s` is null was forgotten (copyState): its owner starts afresh.
 */
export function memoryOf<T extends MemoEntry>(s: Readonly<GameState>, key: MemoKey<T>): T {
  const m = s.memory;
  let v = m[key.index] as T | undefined;
  if (v === undefined) {
    v = key.make();
    m[key.index] = v;
  }
  return v;
}

const LIFE = memoryKey(() => ({ s: null as Readonly<GameState> | null, n: 0 }));

/**
 * Which life of the state object `s` this is: the number changes once
 * copyState has made it another position. A reader's own cache of answers
 * about a state (kept outside the memo) keys on the state and its life, so a
 * refilled fork is not taken for the game it was.
 */
export function lifeOf(s: Readonly<GameState>): number {
  const e = memoryOf(s, LIFE);
  if (e.s === null) {
    e.s = s;
    e.n++;
  }
  return e.n;
}

/** Forgets every answer worked out from `s` (it is about to become another position). */
export function forget(match: Match, s: Readonly<GameState>): void {
  for (const e of match.memo) if (e !== undefined && e.s === s) e.s = null;
  for (const e of s.memory) if (e !== undefined) e.s = null;
}
