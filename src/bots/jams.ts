/**
 * Whether the heuristics' ranks jam, counted while they play: how often a
 * warrior means to move (a free warrior's March towards a goal elsewhere is
 * worked out), how often it stays because bases block every way on (the
 * March would walk under MIN_MARCH, stopped by a base short of the goal: the
 * planner found no way round within the engine's detour limit), and how often
 * a warrior is blocked by its own side two activations running (the base it
 * stops against is a friend's, in this activation and its previous one, the
 * round before) while a way round exists (the planner, with no limit, finds
 * a path). A bench sets a tally (`tallyMoves`) around its games and reads it;
 * with none set the bots count nothing and work out nothing more. Counting
 * never changes a choice: it reads the state and the March already worked
 * out, after the choice is made.
 */
import type { Activation, GameState, PlayerIndex, Warrior } from '../engine/types.js';
import { friendsStop, longWay, stoppedShort, type MarchEnd } from './route.js';

type State = Readonly<GameState>;

/** Counts by player (seat 0, seat 1). */
export interface MoveTally {
  /** A free warrior's March towards a goal elsewhere worked out. */
  meant: [number, number];
  /** It stays: the March would walk under MIN_MARCH, stopped by a base short of the goal. */
  baseStays: [number, number];
  /** Activations in which a warrior stays against a friend's base, as in its previous activation, while a way round exists. */
  ownBlocked: [number, number];
}

export const newMoveTally = (): MoveTally => ({ meant: [0, 0], baseStays: [0, 0], ownBlocked: [0, 0] });

let tally: MoveTally | null = null;

/**
 * Per warrior id, its last activation that meant to move: the round, whether
 * its own side blocked it there, whether it was blocked the round before, and
 * whether it is counted.
 */
const LAST = new Map<number, { act: Activation; round: number; blocked: boolean; prev: boolean; counted: boolean }>();

/** Count into `t` from now on (null: stop counting). One game at a time: set a fresh tally before each game. */
export function tallyMoves(t: MoveTally | null): void {
  tally = t;
  LAST.clear();
}

/**
 * Stops counting until the returned function is called: a search's playouts
 * play the heuristics on forks, whose Marches are not the game's.
 */
export function pauseTally(): () => void {
  const t = tally;
  tally = null;
  return () => {
    tally = t;
  };
}

/** Whether a tally is set (the bots call noteMove only then). */
export const counting = (): boolean => tally !== null;

/**
 * A warrior of `me` meant to March towards (x, y); `end` is where that March
 * would end, `min` the least March worth taking, `stays` whether it stays
 * (the bot chose no move at all).
 */
export function noteMove(s: State, w: Warrior, me: PlayerIndex, x: number, y: number, end: Readonly<MarchEnd>, min: number, stays: boolean): void {
  const t = tally;
  if (!t || !s.activation) return;
  t.meant[me]++;
  const stuck = stays && end.travelled < min && stoppedShort(s, w, x, y, end);
  let own = false;
  if (stuck) {
    t.baseStays[me]++;
    own = friendsStop(s, w, end) && longWay(s, w, x, y) !== null;
  }
  const a = s.activation;
  let rec = LAST.get(w.id);
  if (!rec || rec.act !== a) {
    // Its activations come one a round: the previous one is the round before's.
    const prev = rec !== undefined && rec.round === s.round - 1 && rec.blocked;
    rec = { act: a, round: s.round, blocked: false, prev, counted: false };
    LAST.set(w.id, rec);
  }
  // Blocked in an activation when blocked at any of its March decisions.
  if (own) rec.blocked = true;
  if (rec.blocked && rec.prev && !rec.counted) {
    t.ownBlocked[me]++;
    rec.counted = true;
  }
}
