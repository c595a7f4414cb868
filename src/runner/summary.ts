import { columnsOf, type Column, type CsvSchema } from '../batch/csv.js';
import { MeanAccumulator, wilsonHalfWidth, wilsonInterval } from '../stats/index.js';
import type { CellSpec, GameRecord } from './types.js';

/** Fixed decimals keep summary.csv short and byte-stable; NaN (no data) prints empty. */
export function fmt(x: number): string {
  return Number.isFinite(x) ? x.toFixed(4) : '';
}

/**
 * One cell's statistics, fed game rows in game order (the order fixes every
 * floating-point sum, so a merge reproduces the bytes). O(1) memory.
 */
export class CellSummary {
  games = 0;
  errors = 0;
  winsA = 0;
  draws = 0;
  lossesA = 0;
  /** Wins of whichever army had the first seat. */
  firstSeatWins = 0;
  stalled = 0;
  readonly vpA = new MeanAccumulator();
  readonly vpB = new MeanAccumulator();
  readonly margin = new MeanAccumulator();
  readonly rounds = new MeanAccumulator();
  readonly passive = new MeanAccumulator();
  /** Complete seat-swapped pairs (games 2k, 2k+1) where army A / army B scored more. */
  pairsAheadA = 0;
  pairsAheadB = 0;
  /** Complete pairs where the first seat / the second seat scored more. */
  pairsAheadFirst = 0;
  pairsAheadSecond = 0;
  /** Sweep cells: each pair's (or lone game's) score for army A, its games and its seed pair (game / 2), the crossing's bootstrap units. */
  readonly units: { scores: number[]; games: number[]; pairs: number[] } | null;
  /** An even game waiting for its partner. */
  private pending: GameRecord | null = null;

  constructor(readonly cell: Pick<CellSpec, 'key' | 'scenarioLabel' | 'armyA' | 'armyB' | 'policyA' | 'policyB' | 'point'>) {
    this.units = cell.point ? { scores: [], games: [], pairs: [] } : null;
  }

  add(r: GameRecord): void {
    this.pair(r);
    this.games++;
    if (r.winner === 'A') this.winsA++;
    else if (r.winner === 'B') this.lossesA++;
    else this.draws++;
    if (r.winner === r.firstSeat) this.firstSeatWins++;
    if (r.stalled) this.stalled++;
    this.vpA.add(r.vpA);
    this.vpB.add(r.vpB);
    this.margin.add(r.vpA - r.vpB);
    this.rounds.add(r.rounds);
    this.passive.add(r.passiveRounds);
  }

  /** Pairs up games 2k and 2k+1 (a game whose partner threw stays alone). */
  private pair(r: GameRecord): void {
    const p = this.pending;
    if (p !== null && r.game === p.game + 1 && r.game % 2 === 1) {
      this.pending = null;
      const a = scoreOf(p) + scoreOf(r);
      if (a > 1) this.pairsAheadA++;
      else if (a < 1) this.pairsAheadB++;
      // The first seat's score: army A's in game 2k (A first), army B's in game 2k+1.
      const first = scoreOf(p) + 1 - scoreOf(r);
      if (first > 1) this.pairsAheadFirst++;
      else if (first < 1) this.pairsAheadSecond++;
      this.units?.scores.push(a);
      this.units?.games.push(2);
      this.units?.pairs.push(p.game >> 1);
      return;
    }
    if (p !== null) this.lone(p);
    this.pending = null;
    if (r.game % 2 === 0) this.pending = r;
    else this.lone(r);
  }

  private lone(r: GameRecord): void {
    this.units?.scores.push(scoreOf(r));
    this.units?.games.push(1);
    this.units?.pairs.push(r.game >> 1);
  }

  /** The bootstrap units so far, a game still waiting for its partner included. */
  crossingUnits(): { scores: number[]; games: number[]; pairs: number[] } {
    const u = this.units ?? { scores: [], games: [], pairs: [] };
    if (this.pending === null) return u;
    return { scores: [...u.scores, scoreOf(this.pending)], games: [...u.games, 1], pairs: [...u.pairs, this.pending.game >> 1] };
  }

  /** Army A's wins with draws as half. */
  get scoreA(): number {
    return this.winsA + this.draws / 2;
  }

  /** Half-width of army A's win-rate interval (1 with no games): what --precision tests. */
  halfWidth(): number {
    return this.games === 0 ? 1 : wilsonHalfWidth(this.scoreA, this.games);
  }
}

/** Army A's score in a game: a draw is half a win. */
function scoreOf(r: GameRecord): number {
  return r.winner === 'A' ? 1 : r.winner === 'draw' ? 0.5 : 0;
}

/** A balance flag's re-check as summary.csv shows it (confirm.ts's ClaimResult). */
interface FlagCheck {
  kind: string;
  games: number;
  rate: number;
  low: number;
  high: number;
  p: number;
  tiersP: number;
  verdict: string;
}

/** A cell's games with army A's win rate, the first seat's, and the VP means with their intervals, computed once. */
export interface CellFigures {
  s: CellSummary;
  win: Interval;
  first: Interval;
  vpA: Interval;
  vpB: Interval;
  margin: Interval;
}

/** What one summary.csv row shows: a cell's games, its balance flags over the run (balance.ts), and its confirmation (confirm.ts). */
export interface SummaryLine extends CellFigures {
  flags: { matchupP: number; matchup: boolean; seatP: number; seat: boolean; agrees: '' | '0' | '1' };
  confirmation: { policy: string; claims: readonly FlagCheck[] } | null;
}

interface Interval {
  mean: number;
  low: number;
  high: number;
}

export function cellFigures(s: CellSummary): CellFigures {
  const p = (x: { p: number; low: number; high: number }): Interval => ({ mean: x.p, low: x.low, high: x.high });
  return {
    s,
    win: p(wilsonInterval(s.scoreA, s.games)),
    first: p(wilsonInterval(s.firstSeatWins + s.draws / 2, s.games)),
    vpA: s.vpA.interval(),
    vpB: s.vpB.interval(),
    margin: s.margin.interval(),
  };
}

type Figure = 'win' | 'first' | 'vpA' | 'vpB' | 'margin';

/** Three columns: a figure's mean and its 95% interval's ends. */
function interval(figure: Figure, names: [string, string, string]): Column<CellFigures>[] {
  return [
    { name: names[0], value: (l) => fmt(l[figure].mean) },
    { name: names[1], value: (l) => fmt(l[figure].low) },
    { name: names[2], value: (l) => fmt(l[figure].high) },
  ];
}

/** A flag's confirmation columns: its games, the stronger tier's rate and interval, its p, the tiers' p, the verdict (all empty without one). */
function confirmation(kind: 'matchup' | 'first_seat'): Column<SummaryLine>[] {
  const of =
    (v: (r: FlagCheck) => string) =>
    (l: SummaryLine): string => {
      const r = l.confirmation?.claims.find((x) => x.kind === kind);
      return r ? v(r) : '';
    };
  return [
    { name: `${kind}_confirm_games`, value: of((r) => String(r.games)) },
    { name: `${kind}_confirm_rate`, value: of((r) => fmt(r.rate)) },
    { name: `${kind}_confirm_low`, value: of((r) => fmt(r.low)) },
    { name: `${kind}_confirm_high`, value: of((r) => fmt(r.high)) },
    { name: `${kind}_confirm_p`, value: of((r) => r.p.toFixed(4)) },
    { name: `${kind}_tiers_p`, value: of((r) => r.tiersP.toFixed(4)) },
    { name: `${kind}_confirmation`, value: of((r) => r.verdict) },
  ];
}

const mean = (a: MeanAccumulator): number => a.interval().mean;

/** A cell's own columns: summary.csv's up to its balance flags, and a tournament's pairings.csv's (by name). */
export const CELL_SCHEMA: CsvSchema<CellFigures> = [
  { name: 'cell', value: (l) => l.s.cell.key },
  { name: 'scenario', value: (l) => l.s.cell.scenarioLabel },
  { name: 'army_a', value: (l) => l.s.cell.armyA.label },
  { name: 'army_b', value: (l) => l.s.cell.armyB.label },
  { name: 'policy_a', value: (l) => l.s.cell.policyA },
  { name: 'policy_b', value: (l) => l.s.cell.policyB },
  { name: 'games', value: (l) => String(l.s.games) },
  { name: 'errors', value: (l) => String(l.s.errors) },
  { name: 'wins_a', value: (l) => String(l.s.winsA) },
  { name: 'draws', value: (l) => String(l.s.draws) },
  { name: 'losses_a', value: (l) => String(l.s.lossesA) },
  ...interval('win', ['win_rate_a', 'win_rate_a_low', 'win_rate_a_high']),
  ...interval('first', ['first_seat_win_rate', 'first_seat_win_rate_low', 'first_seat_win_rate_high']),
  ...interval('vpA', ['vp_a_mean', 'vp_a_low', 'vp_a_high']),
  ...interval('vpB', ['vp_b_mean', 'vp_b_low', 'vp_b_high']),
  ...interval('margin', ['vp_margin_mean', 'vp_margin_low', 'vp_margin_high']),
  { name: 'rounds_mean', value: (l) => fmt(mean(l.s.rounds)) },
  { name: 'stall_rate', value: (l) => fmt(l.s.games === 0 ? Number.NaN : l.s.stalled / l.s.games) },
  { name: 'passive_rounds_mean', value: (l) => fmt(mean(l.s.passive)) },
];

/** summary.csv: one row a cell (documented in docs/OUTPUTS.md). */
export const SUMMARY_SCHEMA: CsvSchema<SummaryLine> = [
  ...CELL_SCHEMA,
  // Balance flags over all cells of the run (balance.ts): Holm-adjusted exact binomial tests on game pairs.
  { name: 'matchup_p_holm', value: (l) => l.flags.matchupP.toFixed(4) },
  { name: 'matchup_imbalanced', value: (l) => (l.flags.matchup ? '1' : '0') },
  { name: 'first_seat_p_holm', value: (l) => l.flags.seatP.toFixed(4) },
  { name: 'first_seat_imbalanced', value: (l) => (l.flags.seat ? '1' : '0') },
  { name: 'verdict_agrees', value: (l) => l.flags.agrees },
  // Each flag re-checked by a stronger player on the same seeds and seats (confirm.ts).
  { name: 'confirm_policy', value: (l) => l.confirmation?.policy ?? '' },
  ...confirmation('matchup'),
  ...confirmation('first_seat'),
];

/** summary.csv columns, in order. */
export const SUMMARY_COLUMNS = columnsOf(SUMMARY_SCHEMA);

/** summary.csv's confirmation columns, after the balance flags: each flag's re-check by the stronger tier (confirm.ts). */
export const CONFIRM_COLUMNS = SUMMARY_COLUMNS.slice(SUMMARY_COLUMNS.indexOf('confirm_policy'));
