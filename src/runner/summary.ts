import { MeanAccumulator, wilsonHalfWidth, wilsonInterval } from '../stats/index.js';
import type { CellSpec, GameRecord } from './types.js';

/** summary.csv's confirmation columns, after the balance flags: each flag's re-check by the stronger tier (confirm.ts). */
export const CONFIRM_COLUMNS = [
  'confirm_policy',
  'matchup_confirm_games',
  'matchup_confirm_rate',
  'matchup_confirm_low',
  'matchup_confirm_high',
  'matchup_confirm_p',
  'matchup_tiers_p',
  'matchup_confirmation',
  'first_seat_confirm_games',
  'first_seat_confirm_rate',
  'first_seat_confirm_low',
  'first_seat_confirm_high',
  'first_seat_confirm_p',
  'first_seat_tiers_p',
  'first_seat_confirmation',
] as const;

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
  // Balance flags over all cells of the run (balance.ts): Holm-adjusted exact binomial tests on game pairs.
  'matchup_p_holm',
  'matchup_imbalanced',
  'first_seat_p_holm',
  'first_seat_imbalanced',
  'verdict_agrees',
  // Each flag re-checked by a stronger player on the same seeds and seats (confirm.ts).
  ...CONFIRM_COLUMNS,
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

/** Army A's score in a game: a draw is half a win. */
function scoreOf(r: GameRecord): number {
  return r.winner === 'A' ? 1 : r.winner === 'draw' ? 0.5 : 0;
}
