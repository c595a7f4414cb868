import { MeanAccumulator, wilsonHalfWidth, wilsonInterval } from '../stats/index.js';
import type { CellSpec, GameRecord } from './types.js';

/** summary.csv columns, in order (documented in the README, section run). */
export const SUMMARY_COLUMNS = [
  'cell',
  'scenario',
  'army_a',
  'army_b',
  'policy_a',
  'policy_b',
  'games',
  'errors',
  'wins_a',
  'draws',
  'losses_a',
  'win_rate_a',
  'win_rate_a_low',
  'win_rate_a_high',
  'first_seat_win_rate',
  'first_seat_win_rate_low',
  'first_seat_win_rate_high',
  'vp_a_mean',
  'vp_a_low',
  'vp_a_high',
  'vp_b_mean',
  'vp_b_low',
  'vp_b_high',
  'vp_margin_mean',
  'vp_margin_low',
  'vp_margin_high',
  'rounds_mean',
  'stall_rate',
  'passive_rounds_mean',
] as const;

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

  constructor(readonly cell: Pick<CellSpec, 'key' | 'scenarioLabel' | 'armyA' | 'armyB' | 'policyA' | 'policyB'>) {}

  add(r: GameRecord): void {
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

  /** Army A's wins with draws as half. */
  get scoreA(): number {
    return this.winsA + this.draws / 2;
  }

  /** Half-width of army A's win-rate interval (1 with no games): what --precision tests. */
  halfWidth(): number {
    return this.games === 0 ? 1 : wilsonHalfWidth(this.scoreA, this.games);
  }

  row(): string[] {
    const c = this.cell;
    const win = wilsonInterval(this.scoreA, this.games);
    const first = wilsonInterval(this.firstSeatWins + this.draws / 2, this.games);
    const vpA = this.vpA.interval();
    const vpB = this.vpB.interval();
    const margin = this.margin.interval();
    return [
      c.key,
      c.scenarioLabel,
      c.armyA.label,
      c.armyB.label,
      c.policyA,
      c.policyB,
      String(this.games),
      String(this.errors),
      String(this.winsA),
      String(this.draws),
      String(this.lossesA),
      fmt(win.p),
      fmt(win.low),
      fmt(win.high),
      fmt(first.p),
      fmt(first.low),
      fmt(first.high),
      fmt(vpA.mean),
      fmt(vpA.low),
      fmt(vpA.high),
      fmt(vpB.mean),
      fmt(vpB.low),
      fmt(vpB.high),
      fmt(margin.mean),
      fmt(margin.low),
      fmt(margin.high),
      fmt(this.rounds.interval().mean),
      fmt(this.games === 0 ? Number.NaN : this.stalled / this.games),
      fmt(this.passive.interval().mean),
    ];
  }
}
