import { binomialTest, holm } from '../stats/index.js';
import { rowOf } from '../batch/csv.js';
import { cellFigures, SUMMARY_SCHEMA, type CellSummary } from './summary.js';
import type { CellConfirmation } from './confirm.js';

/** The family-wise error rate of the balance flags. */
export const BALANCE_ALPHA = 0.05;

type Verdict = 'A' | 'B' | '-';

/**
 * summary.csv rows with the balance flags. A cell is
 * `matchup_imbalanced` when army A's win rate differs from 50%, and
 * `first_seat_imbalanced` when the first seat's does: an exact binomial
 * (sign) test on the cell's seat-swapped game pairs that one side won more
 * of (tied pairs carry no sign), Holm-corrected over all cells of the run at
 * α = 0.05, each flag its own family. `verdict_agrees` compares cells that
 * differ only by a mirrored policy pair ([x, x] and [y, y]): 1 when every
 * tier flags the same sides, 0 when the verdict changes with the bots' skill,
 * empty when the cell has no other tier. `confirmations` (a run's, by cell)
 * fill the confirmation columns, empty without.
 */
export function summaryRows(summaries: readonly CellSummary[], alpha = BALANCE_ALPHA, confirmations: readonly (CellConfirmation | null)[] = []): string[][] {
  // A sweep cell playing the very games of an earlier grid point's (same_as) is one test, not two.
  const same = sameCells(summaries);
  const family = summaries.map((_s, i) => i).filter((i) => same[i] === i);
  const corrected = (p: (s: CellSummary) => number): { adjusted: number[]; rejected: boolean[] } => {
    const h = holm(
      family.map((i) => p(summaries[i])),
      alpha,
    );
    const at = new Map(family.map((i, k) => [i, k]));
    return { adjusted: same.map((r) => h.adjusted[at.get(r)!]), rejected: same.map((r) => h.rejected[at.get(r)!]) };
  };
  const matchup = corrected((s) => binomialTest(s.pairsAheadA, s.pairsAheadA + s.pairsAheadB));
  const seat = corrected((s) => binomialTest(s.pairsAheadFirst, s.pairsAheadFirst + s.pairsAheadSecond));
  const verdicts = summaries.map((s, i) => {
    const side = (flag: boolean, ahead: number, behind: number): Verdict => (!flag ? '-' : ahead > behind ? 'A' : 'B');
    return `${side(matchup.rejected[i], s.pairsAheadA, s.pairsAheadB)}${side(seat.rejected[i], s.pairsAheadFirst, s.pairsAheadSecond)}`;
  });
  // Tiers: cells alike but for a mirrored policy pair.
  const tiers = new Map<string, number[]>();
  summaries.forEach((s, i) => {
    const c = s.cell;
    if (c.policyA !== c.policyB) return;
    const group = JSON.stringify([c.armyA.path, c.armyB.path, c.scenarioLabel, c.point?.index ?? null]);
    tiers.set(group, [...(tiers.get(group) ?? []), i]);
  });
  const agrees = new Array<'' | '0' | '1'>(summaries.length).fill('');
  for (const members of tiers.values()) {
    if (new Set(members.map((i) => summaries[i].cell.policyA)).size < 2) continue;
    const same = members.every((i) => verdicts[i] === verdicts[members[0]]);
    for (const i of members) agrees[i] = same ? '1' : '0';
  }
  return summaries.map((s, i) => {
    const flags = { matchupP: matchup.adjusted[i], matchup: matchup.rejected[i], seatP: seat.adjusted[i], seat: seat.rejected[i], agrees: agrees[i] };
    return rowOf(SUMMARY_SCHEMA, { ...cellFigures(s), flags, confirmation: confirmations[i] ?? null }).map(String);
  });
}

/**
 * Each cell's representative: itself, or for a sweep cell marked `sameAs`
 * the cell of that grid point with the same key before the point (its games
 * are the very same). Cells are matched by key, so the order of `summaries`
 * does not matter.
 */
export function sameCells(summaries: readonly CellSummary[]): number[] {
  const byPoint = new Map<string, number>();
  const bare = (s: CellSummary): string => s.cell.key.slice(0, s.cell.key.lastIndexOf(' | '));
  summaries.forEach((s, i) => {
    if (s.cell.point) byPoint.set(`${s.cell.point.index}\u0000${bare(s)}`, i);
  });
  return summaries.map((s, i) => {
    const to = s.cell.point?.sameAs;
    if (to === undefined || to === s.cell.point!.index) return i;
    return byPoint.get(`${to}\u0000${bare(s)}`) ?? i;
  });
}
