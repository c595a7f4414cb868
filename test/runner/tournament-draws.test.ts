import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAIRING_COLUMNS, planTournament, RATING_COLUMNS, TournamentTables } from '../../src/runner/index.js';
import type { GameRecord } from '../../src/runner/types.js';
import { FIXTURES, tmp } from './helpers.js';

/*
 * How a draw counts in a tournament's tables. A draw is
 * half a win for each side, in pairings.csv's win rate and in the ratings'
 * Bradley–Terry scores: a draw counted as a win or as a loss fails here.
 */
const ARMY = path.join(FIXTURES, 'sims', 'armies', 'alpha-400.json');

function tables(results: ('A' | 'B' | 'draw')[]): { pairing: Record<string, string>; ratings: Record<string, Record<string, string>> } {
  // One army (the mirror match), one scenario: a cell a pairing, as many games as results.
  const t = planTournament({ policies: ['random', 'aggressive'], armies: [ARMY], scenarios: ['raid'], games: results.length, seed: 's', out: tmp('draws-') });
  expect(t.experiment.cells).toHaveLength(1);
  expect(t.gamesPerPairing).toBe(results.length);
  const cell = t.experiment.cells[0];
  const tab = new TournamentTables(t);
  const rows: GameRecord[] = results.map((winner, game) => ({
    cell: cell.key,
    game,
    seed: `s${game >> 1}`,
    scenario: 'raid',
    armyA: 'alpha-400',
    armyB: 'alpha-400',
    policyA: cell.policyA,
    policyB: cell.policyB,
    firstSeat: game % 2 === 0 ? 'A' : 'B',
    winner,
    vpA: winner === 'A' ? 2 : 1,
    vpB: winner === 'B' ? 2 : 1,
    rounds: 6,
    endReason: 'lastRound',
    warriorsLostA: 0,
    warriorsLostB: 0,
    pointsDestroyedA: 0,
    pointsDestroyedB: 0,
    stalled: false,
    passiveRounds: 0,
  }));
  tab.add(cell, rows);
  const [p] = tab.pairingRows();
  const pairing = Object.fromEntries(PAIRING_COLUMNS.map((c, i) => [c, p[i]]));
  const ratings = Object.fromEntries(tab.ratingRows().map((r) => [r[0], Object.fromEntries(RATING_COLUMNS.map((c, i) => [c, r[i]]))]));
  return { pairing, ratings };
}

describe('tournament tables: a draw counts half', () => {
  it('all draws: a 50% win rate and equal ratings (random anchored at 0)', () => {
    const { pairing, ratings } = tables(['draw', 'draw', 'draw', 'draw', 'draw', 'draw', 'draw', 'draw']);
    expect([pairing.wins_a, pairing.draws, pairing.losses_a]).toEqual(['0', '8', '0']);
    expect(Number(pairing.win_rate_a)).toBe(0.5);
    expect(Number(ratings.random.rating)).toBe(0);
    expect(Number(ratings.aggressive.rating)).toBeCloseTo(0, 6);
  });

  it('3 wins and 2 draws in 8 score 4 of 8, the same as 4 wins and 4 losses; more than 3 wins and 5 losses', () => {
    const withDraws = tables(['A', 'draw', 'A', 'B', 'A', 'draw', 'B', 'B']);
    const even = tables(['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B']);
    const fewer = tables(['A', 'B', 'A', 'B', 'A', 'B', 'B', 'B']);
    expect(Number(withDraws.pairing.win_rate_a)).toBe(0.5);
    expect(withDraws.pairing.draws).toBe('2');
    // random is policy A of the pairing (listed first) and anchored at 0: aggressive's rating mirrors random's score.
    expect(Number(withDraws.ratings.aggressive.rating)).toBeCloseTo(Number(even.ratings.aggressive.rating), 6);
    expect(Number(withDraws.ratings.aggressive.rating)).toBeLessThan(Number(fewer.ratings.aggressive.rating));
  });
});
