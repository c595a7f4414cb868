import seedrandom from 'seedrandom';
import type { Dice, Rng } from './types.js';

/** The four numbers of an alea generator; restoring them continues the stream exactly. */
export type RngState = seedrandom.State.Alea;

/** An alea stream that can report its state (for checkpoints and clones). */
export interface SeededRng extends Rng {
  state(): RngState;
}

/** A seeded alea stream (DESIGN.md, Randomness). */
export function createRng(seed: string): SeededRng {
  const prng = seedrandom.alea(seed, { state: true });
  // alea's generator reads no `this`, so it can be the method itself: no extra call per draw.
  return { next: prng, state: () => prng.state() };
}

/** An alea stream continuing from a state taken with `state()`. */
export function restoreRng(state: RngState): SeededRng {
  const prng = seedrandom.alea('', { state: { ...state } });
  return { next: prng, state: () => prng.state() };
}

/**
 * A child seed named by `names`: a pure function of its inputs (a 128-bit
 * cyrb128-style hash as 32 hex digits), so a named stream is the same whatever
 * else was drawn before it. Strings and numbers are told apart ("1" ≠ 1).
 */
export function deriveSeed(seed: string, ...names: (string | number)[]): string {
  // JSON keeps the parts unambiguous: ("a,b") and ("a", "b") differ.
  const text = JSON.stringify([seed, ...names]);
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  // No array of the four: it held small integers or doubles by the hash's value and deoptimised deriveSeed.
  return hex8(h1) + hex8(h2) + hex8(h3) + hex8(h4);
}

function hex8(h: number): string {
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The stream named `name` under `seed`, e.g. childRng(gameSeed, 'dice'). */
export function childRng(seed: string, name: string): SeededRng {
  return createRng(deriveSeed(seed, name));
}

/** d6 from a uniform stream; `rolled` counts every d6 (GameResult.diceRolled). */
export class SeededDice implements Dice {
  rolled = 0;
  constructor(private readonly rng: Rng) {}

  d6(): number {
    this.rolled++;
    return 1 + Math.floor(this.rng.next() * 6);
  }
}

export function seededDice(rng: Rng): Dice & { rolled: number } {
  return new SeededDice(rng);
}

/**
 * Replays fixed results in order (DESIGN.md: an injectable scripted dice source).
 * Every value must be an integer 1..6; running out is an error, never a silent default.
 */
export function scriptedDice(results: number[]): Dice & { remaining(): number } {
  results.forEach((r, i) => {
    if (!Number.isInteger(r) || r < 1 || r > 6) {
      throw new Error(`scriptedDice: result ${i} is ${String(r)}; a d6 result must be an integer 1..6`);
    }
  });
  const script = results.slice();
  let next = 0;
  return {
    d6(): number {
      if (next >= script.length) {
        throw new Error(`scriptedDice: all ${script.length} scripted results are used; another d6 was rolled`);
      }
      return script[next++];
    },
    remaining(): number {
      return script.length - next;
    },
  };
}
