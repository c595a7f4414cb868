import { describe, expect, it } from 'vitest';
import { CellSummary, SUMMARY_COLUMNS, summaryRows, formatSummaryTable } from '../../src/runner/index.js';
import type { GameRecord } from '../../src/runner/types.js';

const col = (name: (typeof SUMMARY_COLUMNS)[number]): number => SUMMARY_COLUMNS.indexOf(name);
const ref = (label: string) => ({ label, path: `${label}.json`, file: '' });

/**
 * A cell of `pairs` seat-swapped pairs: in `aAhead` of them army A wins both
 * games, in `firstAhead` the first seat wins both, the rest split by seat 1/1.
 */
function cell(key: string, policy: string, pairs: { aAhead: number; bAhead?: number; firstAhead?: number; even: number }, point?: { index: number; values: string[]; sameAs?: number }): CellSummary {
  const s = new CellSummary({ key, scenarioLabel: 'raid', armyA: ref('x'), armyB: ref('y'), policyA: policy, policyB: policy, ...(point ? { point } : {}) });
  let g = 0;
  const game = (firstSeat: 'A' | 'B', winner: 'A' | 'B'): void => {
    const r: GameRecord = {
      cell: key,
      game: g++,
      seed: 's',
      scenario: 'raid',
      armyA: 'x',
      armyB: 'y',
      policyA: policy,
      policyB: policy,
      firstSeat,
      winner,
      vpA: 0,
      vpB: 0,
      rounds: 5,
      endReason: 'lastRound',
      warriorsLostA: 0,
      warriorsLostB: 0,
      pointsDestroyedA: 0,
      pointsDestroyedB: 0,
      stalled: false,
      passiveRounds: 0,
    };
    s.add(r);
  };
  for (let i = 0; i < pairs.aAhead; i++) {
    game('A', 'A');
    game('B', 'A');
  }
  for (let i = 0; i < (pairs.bAhead ?? 0); i++) {
    game('A', 'B');
    game('B', 'B');
  }
  for (let i = 0; i < (pairs.firstAhead ?? 0); i++) {
    game('A', 'A');
    game('B', 'B');
  }
  // The second seat wins both.
  for (let i = 0; i < pairs.even; i++) {
    game('A', 'B');
    game('B', 'A');
  }
  return s;
}

describe('balance flags', () => {
  it('flags by exact binomial tests on pairs with a Holm correction over all cells', () => {
    // Sign tests: 20 of 20 decisive pairs → p = 2^-19 ≈ 1.9e-6; 15 of 20 → p ≈ 0.041 (significant alone, not after Holm over 4 cells).
    const cells = [
      cell('strong', 'p', { aAhead: 20, even: 0 }),
      cell('weak', 'p', { aAhead: 15, bAhead: 5, even: 0 }),
      cell('even', 'p', { aAhead: 10, bAhead: 10, even: 0 }),
      cell('seat', 'p', { aAhead: 0, firstAhead: 30, even: 0 }),
    ];
    const rows = summaryRows(cells);
    expect(rows[0]).toHaveLength(SUMMARY_COLUMNS.length);
    expect(rows.map((r) => r[col('matchup_imbalanced')])).toEqual(['1', '0', '0', '0']);
    expect(rows.map((r) => r[col('first_seat_imbalanced')])).toEqual(['0', '0', '0', '1']);
    // Holm's adjusted p of the weak cell: its raw 0.0414 × 3 (second smallest of 4).
    expect(Number(rows[1][col('matchup_p_holm')])).toBeCloseTo(0.1241, 3);
    // Alone, the weak cell is flagged.
    expect(summaryRows([cells[1]])[0][col('matchup_imbalanced')]).toBe('1');
    expect(rows.every((r) => r[col('verdict_agrees')] === '')).toBe(true);
    expect(formatSummaryTable(rows)).toMatch(/strong .*A favoured/);
    expect(formatSummaryTable(rows)).toMatch(/seat .*first seat favoured/);
  });

  it('verdict_agrees compares mirrored policy tiers of the same cell', () => {
    const agree = summaryRows([cell('a | random', 'random', { aAhead: 20, even: 0 }), cell('a | balanced', 'balanced', { aAhead: 25, even: 2 })]);
    expect(agree.map((r) => r[col('verdict_agrees')])).toEqual(['1', '1']);
    const flip = summaryRows([cell('a | random', 'random', { aAhead: 20, even: 0 }), cell('a | balanced', 'balanced', { aAhead: 0, bAhead: 20, even: 0 })]);
    expect(flip.map((r) => r[col('verdict_agrees')])).toEqual(['0', '0']);
    expect(formatSummaryTable(flip)).toMatch(/verdict differs between bot tiers/);
  });

  it('counts grid points that play the very same games (same_as) once in the Holm family', () => {
    // A sweep: cost=10 one list, cost=20, 30 and 40 the same other list (the very same games).
    const pt = (index: number, sameAs?: number) => ({ index, values: [String(10 * (index + 1))], ...(sameAs !== undefined ? { sameAs } : {}) });
    const sweep = [
      cell('m | cost=10', 'p', { aAhead: 20, even: 0 }, pt(0)),
      cell('m | cost=20', 'p', { aAhead: 15, bAhead: 5, even: 0 }, pt(1)),
      cell('m | cost=30', 'p', { aAhead: 15, bAhead: 5, even: 0 }, pt(2, 1)),
      cell('m | cost=40', 'p', { aAhead: 15, bAhead: 5, even: 0 }, pt(3, 1)),
    ];
    const rows = summaryRows(sweep);
    // Two distinct tests: the weak cell's raw 0.0414 × 1 (second smallest of 2), not × 3 (of 4).
    const weak = rows.slice(1).map((r) => Number(r[col('matchup_p_holm')]));
    expect(weak).toEqual([weak[0], weak[0], weak[0]]);
    expect(weak[0]).toBeCloseTo(0.0414, 3);
    expect(rows.slice(1).map((r) => r[col('matchup_imbalanced')])).toEqual(['1', '1', '1']);
    // Without same_as the four cells would be four tests and the weak ones not flagged.
    const apart = summaryRows(sweep.map((s, i) => cell(s.cell.key, 'p', i === 0 ? { aAhead: 20, even: 0 } : { aAhead: 15, bAhead: 5, even: 0 }, pt(i))));
    expect(Number(apart[1][col('matchup_p_holm')])).toBeCloseTo(0.1241, 3);
  });
});
