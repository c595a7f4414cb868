/**
 * Strength checks on fixed seeds: a bot that gets worse fails
 * here. Each check plays a fixed set of games — the sample lists, four
 * scenarios, each pair of lists with either policy on either list and in
 * either seat (the tournament's rotation) — and asks for a score (a draw half
 * a win) below the figure measured on these very seeds, by a margin that
 * small changes of play do not cross but a weaker bot does (the figures and
 * the margins: bench/README.md, ## bots). `STRENGTH_REPORT=1 npx vitest run
 * test/bots/strength.test.ts` prints the figures.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const SCENARIOS = ['annihilation', 'raid', 'tug-of-war', 'broken-lines'].map((n) => getScenario(n));
const PAIRS = [
  [0, 1],
  [0, 2],
  [1, 2],
] as const;

/** Policy a's score against b over `n` games (a multiple of 4): a seed group of four plays each list with a, in each seat. */
function score(a: string, b: string, n: number, points: 400 | 800): { score: number; games: number } {
  const lists = ['ironbound', 'reedmarsh', 'tuskfell'].map((f) => loadRoster(`sims/armies/${f}-${points}.json`));
  let total = 0;
  let games = 0;
  for (let g = 0; games < n; g++) {
    const [x, y] = PAIRS[Math.floor(g / SCENARIOS.length) % PAIRS.length];
    for (const [mine, seat] of [
      [x, 0],
      [y, 0],
      [x, 1],
      [y, 1],
    ] as const) {
      const theirs = mine === x ? y : x;
      const [pa, pb] = [getPolicy(a), getPolicy(b)];
      const r = playGame({
        armies: seat === 0 ? [lists[mine], lists[theirs]] : [lists[theirs], lists[mine]],
        scenario: SCENARIOS[g % SCENARIOS.length],
        ruleset: DEFAULT_RULESET,
        seed: `strength-${g}`,
        policies: seat === 0 ? [pa, pb] : [pb, pa],
      });
      expect(r.stalled).toBe(false);
      total += r.winner === seat ? 1 : r.winner === null ? 0.5 : 0;
      games++;
    }
  }
  // STRENGTH_REPORT=1 prints the figures, to re-measure them when the bots change (then set each threshold below its figure).
  if (process.env.STRENGTH_REPORT) console.log(`strength: ${a} against ${b}, ${points}-point lists: ${total} of ${games}`);
  return { score: total, games };
}

/** Seconds on a quiet machine; the timeouts leave room for a machine shared many ways. */
const SLOW = 240_000;

describe('strength on fixed seeds', () => {
  it(
    'balanced beats random: at least 23 of 24 (measured 24)',
    () => {
      const r = score('balanced', 'random', 24, 800);
      expect(r.score, `balanced scored ${r.score} of ${r.games} against random`).toBeGreaterThanOrEqual(23);
    },
    SLOW,
  );

  it(
    'balanced beats aggressive: at least 54 of 96 (measured 62.5)',
    () => {
      const r = score('balanced', 'aggressive', 96, 800);
      expect(r.score, `balanced scored ${r.score} of ${r.games} against aggressive`).toBeGreaterThanOrEqual(54);
    },
    SLOW,
  );

  it(
    'search (one playout a plan) beats balanced: at least 13 of 24 (measured 14)',
    () => {
      const r = score('search:playouts=1', 'balanced', 24, 400);
      expect(r.score, `search scored ${r.score} of ${r.games} against balanced`).toBeGreaterThanOrEqual(13);
    },
    SLOW,
  );
});
