import { binomialTest, holm } from '../stats/index.js';
import type { CellSummary } from './summary.js';

/** The family-wise error rate of the balance flags. */
export const BALANCE_ALPHA = 0.05;

type Verdict = 'A' | 'B' | '-';

/**
 * summary.csv rows with the balance flags (issue 16). A cell is
 * `matchup_imbalanced` when army A's win rate differs from 50%, and
 * `first_seat_imbalanced` when the first seat's does: an exact binomial
 * (sign) test on the cell's seat-swapped game pairs that one side won more
 * of (tied pairs carry no sign), Holm-corrected over all cells of the run at
 * α = 0.05, each flag its own family. `verdict_agrees` compares cells that
 * differ only by a mirrored policy pair ([x, x] and [y, y]): 1 when every
 * tier flags the same sides, 0 when the verdict changes with the bots' skill,
 * empty when the cell has no other tier.
 */
export function summaryRows(summaries: readonly CellSummary[], alpha = BALANCE_ALPHA): string[][] {
  const matchup = holm(
    summaries.map((s) => binomialTest(s.pairsAheadA, s.pairsAheadA + s.pairsAheadB)),
    alpha,
  );
  const seat = holm(
    summaries.map((s) => binomialTest(s.pairsAheadFirst, s.pairsAheadFirst + s.pairsAheadSecond)),
    alpha,
  );
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
  const agrees = new Array<string>(summaries.length).fill('');
  for (const members of tiers.values()) {
    if (new Set(members.map((i) => summaries[i].cell.policyA)).size < 2) continue;
    const same = members.every((i) => verdicts[i] === verdicts[members[0]]);
    for (const i of members) agrees[i] = same ? '1' : '0';
  }
  return summaries.map((s, i) => [
    ...s.row(),
    matchup.adjusted[i].toFixed(4),
    matchup.rejected[i] ? '1' : '0',
    seat.adjusted[i].toFixed(4),
    seat.rejected[i] ? '1' : '0',
    agrees[i],
  ]);
}
