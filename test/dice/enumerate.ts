import type { Dice } from '../../src/dice/index.js';

const NEED_ANOTHER_DIE = Symbol('need another die');

/**
 * Brute force: runs `run` on every sequence of d6 results it can consume,
 * each with probability 6^-length. Independent of the exact method: it only
 * drives the code under test with every possible die sequence.
 */
export function enumerateOutcomes<T>(run: (dice: Dice) => T): { value: T; p: number }[] {
  const out: { value: T; p: number }[] = [];
  const stack: number[][] = [[]];
  while (stack.length > 0) {
    const prefix = stack.pop()!;
    let used = 0;
    const dice: Dice = {
      d6() {
        if (used < prefix.length) return prefix[used++];
        throw NEED_ANOTHER_DIE;
      },
    };
    try {
      out.push({ value: run(dice), p: 6 ** -prefix.length });
    } catch (err) {
      if (err !== NEED_ANOTHER_DIE) throw err;
      for (let f = 1; f <= 6; f++) stack.push([...prefix, f]);
    }
  }
  return out;
}

/** Every sequence of d6 results `run` can consume, as the sequences themselves. */
export function enumerateSequences(run: (dice: Dice) => void): number[][] {
  const seqs: number[][] = [];
  enumerateOutcomes((dice) => {
    const seen: number[] = [];
    run({
      d6() {
        const r = dice.d6();
        seen.push(r);
        return r;
      },
    });
    seqs.push(seen);
  });
  return seqs;
}
