/**
 * What the opponent has shown so far this game: for each warrior, how many
 * rounds running it has stood where it was, free to move (not Engaged, not in
 * Reinforcements). A warrior that has not stepped forward for two rounds is
 * not likely to charge now (a turtle, a line holding a zone): its Charges
 * count for less in the threat map, its Volleys in full (docs/BOTS.md,
 * "Threat-aware positioning").
 *
 * The record is the state's memory (memo.ts): the engine mutates one state a
 * game, and a fork starts with no memory, as a game seen for the first time
 * (so does a fork refilled by copyState). Rounds are compared at their first
 * look, so the record reads only positions, never dice.
 */
import { memoryKey, memoryOf } from '../engine/index.js';
import type { GameState, Warrior } from '../engine/types.js';
import { engaged } from './toolkit.js';

type State = Readonly<GameState>;

/** A warrior within this many inches of where it stood a round ago has not moved (a shuffle in place is no advance). */
const STILL = 0.5;

/** Rounds standing still after which a warrior's Charges count for little. */
export const IDLE_ROUNDS = 2;

/** How much an idle warrior's Charge counts in the threat map (it may still charge what walks into it). */
export const IDLE_CHARGE = 0.25;

interface Record {
  /** Null: nothing seen yet (a new or refilled state). */
  s: State | null;
  round: number;
  x: Float64Array;
  y: Float64Array;
  /** Rounds running the warrior stood still while free to move; -1: not yet seen on the table. */
  idle: Int16Array;
  /** How much each warrior's Charges count in the threat map this round (from `idle`). */
  charge: Float64Array;
}

const SEEN = memoryKey((): Record => ({ s: null, round: -1, x: new Float64Array(0), y: new Float64Array(0), idle: new Int16Array(0), charge: new Float64Array(0) }));

/** The record of this game, brought up to the state's round (positions at each round's first look). */
function record(s: State): Record {
  const r = memoryOf(s, SEEN);
  const n = s.warriors.length;
  if (r.s === null) {
    // Seen for the first time: where the warriors stand now, none idle yet.
    if (r.x.length !== n) {
      r.x = new Float64Array(n);
      r.y = new Float64Array(n);
      r.idle = new Int16Array(n);
      r.charge = new Float64Array(n);
    }
    r.idle.fill(-1);
    r.charge.fill(1);
    r.s = s;
    r.round = s.round;
    for (const w of s.warriors) if (w.status === 'table') see(r, w, 0);
    return r;
  }
  if (r.round !== s.round) {
    for (const w of s.warriors) {
      if (w.status !== 'table') {
        r.idle[w.id] = -1;
        r.charge[w.id] = 1;
        continue;
      }
      const seen = r.idle[w.id] >= 0;
      const still = seen && Math.hypot(w.x - r.x[w.id], w.y - r.y[w.id]) < STILL && !engaged(s, w);
      see(r, w, still ? r.idle[w.id] + 1 : 0);
    }
    r.round = s.round;
  }
  return r;
}

function see(r: Record, w: Warrior, idle: number): void {
  r.x[w.id] = w.x;
  r.y[w.id] = w.y;
  r.idle[w.id] = idle;
  r.charge[w.id] = idle >= IDLE_ROUNDS ? IDLE_CHARGE : 1;
}

/**
 * How much each warrior's Charges count in the threat map now, by warrior id:
 * IDLE_CHARGE once it has stood still IDLE_ROUNDS rounds, else 1 (looked up
 * once a threat map, brought up to date at a round's first look).
 */
export function chargeLikelihoods(s: State): Readonly<Float64Array> {
  return record(s).charge;
}
