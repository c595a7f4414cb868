import { binomialTest, pairedSignTest, wilsonInterval } from '../stats/index.js';
import type { CellSummary } from './summary.js';
import type { CellSpec, ConfirmSpec, GameRecord } from './types.js';

/**
 * Confirmation: each balance flag of a run is played again by a stronger
 * player on the same seeds and seats, to tell a verdict about the game from
 * one about the weaker player (docs/OUTPUTS.md, Confirmation).
 */

/** The default stronger tier and the games of its first look. */
export const DEFAULT_CONFIRM_POLICY = 'search';
export const DEFAULT_CONFIRM_GAMES = 48;
/** Looks at most: a cell plays games, 2·games, … up to CONFIRM_LOOKS·games. */
export const CONFIRM_LOOKS = 4;
/** Each look tests at the flags' α split over the looks (Bonferroni), so looking again does not inflate false confirmations. */
export const CONFIRM_ALPHA = 0.05 / CONFIRM_LOOKS;
export const MAX_CONFIRM_GAMES = 100_000;
/** A fair claim (side 0) is confirmed early when the stronger tier's 95% interval lies within 50% ± this. */
export const FAIR_MARGIN = 0.1;

export type ConfirmVerdict = 'confirmed' | 'not confirmed' | 'reversed';

/**
 * `--confirm` and an experiment's `"confirm"`: `none`, or a policy spec with
 * an optional `:games` (the first look; even, seats rotate in pairs).
 * Returns the spec, null for none, or what is wrong.
 */
export function parseConfirm(text: string): { spec: ConfirmSpec | null } | { error: string } {
  const t = text.trim();
  if (t === 'none') return { spec: null };
  const m = /^(.*?)(?::(\d+))?$/.exec(t)!;
  const policy = m[1];
  if (policy === '' || policy.startsWith(':')) return { error: `expected a policy with optional :games (e.g. search or search:48) or none, got "${text}"` };
  let games = DEFAULT_CONFIRM_GAMES;
  if (m[2] !== undefined) {
    games = Number(m[2]);
    if (games < 2 || games > MAX_CONFIRM_GAMES) return { error: `games: expected a whole number 2..${MAX_CONFIRM_GAMES}, got ${m[2]} in "${text}"` };
  }
  return { spec: { policy, games: games + (games % 2) } };
}

/** A confirmation as written back: `search:48`, or `none`. */
export function confirmText(c: ConfirmSpec | null): string {
  return c === null ? 'none' : `${c.policy}:${c.games}`;
}

/** The most games a flagged cell plays. */
export const confirmCap = (c: ConfirmSpec): number => CONFIRM_LOOKS * c.games;

/** The cell played by the stronger tier: the same key, seeds and seats, the stronger policy on both sides. */
export function confirmCell(cell: CellSpec, policy: string, index: number): CellSpec {
  return { ...cell, index, policyA: policy, policyB: policy };
}

/** Whether a cell already is the stronger tier (nothing to confirm). */
export const playsStronger = (cell: Pick<CellSpec, 'policyA' | 'policyB'>, c: ConfirmSpec): boolean => cell.policyA === c.policy && cell.policyB === c.policy;

/** The two flags a cell can carry, and a sweep's grid point a fair-value status rests on (army A's side of 50% there). */
export type ClaimKind = 'matchup' | 'first_seat' | 'point';

/**
 * A flag to re-check: which quantity, the side the weaker tier found (+1:
 * army A / the first seat; 0: no side, a sweep's plateau point it found
 * fair), and its rate.
 */
export interface Claim {
  kind: ClaimKind;
  side: 1 | -1 | 0;
  /** The weaker tier's rate of the quantity (army A's or the first seat's win rate, draws half) on the whole cell. */
  rate: number;
}

/** One look at the stronger tier's games: the claim's quantity. */
export interface Look {
  games: number;
  /** Seat-swapped pairs army A / army B scored more in (matchup), or the first / the second seat (first seat). */
  ahead: number;
  behind: number;
  /** The quantity's rate with draws half, and its 95% Wilson interval. */
  rate: number;
  low: number;
  high: number;
}

/** The claim's quantity in a cell summary (the stronger tier's games so far). */
export function lookOf(s: CellSummary, kind: ClaimKind): Look {
  const [ahead, behind, score] = kind === 'first_seat' ? [s.pairsAheadFirst, s.pairsAheadSecond, s.firstSeatWins + s.draws / 2] : [s.pairsAheadA, s.pairsAheadB, s.scoreA];
  const w = wilsonInterval(score, s.games);
  return { games: s.games, ahead, behind, rate: w.p, low: w.low, high: w.high };
}

/**
 * The sequential rule, at one look. The stronger tier's exact sign test on
 * its seat-swapped pairs (the flags' test) at CONFIRM_ALPHA decides
 * `confirmed` (the flagged side) or `reversed` (the other side); its 95%
 * Wilson interval holding 50% while excluding the weaker tier's rate r and
 * its mirror 1 − r decides `not confirmed` (an effect the flag's size is not
 * there at this skill, either way). Otherwise null: undecided, play another
 * block, or at the cap `not confirmed`.
 *
 * A fair claim (a plateau's point, side 0) is the other way round: the sign
 * test finding either side decides `not confirmed` (the stronger player
 * finds a side where the weaker found none); its interval lying within
 * 50% ± FAIR_MARGIN, or the cap reached with no side found, `confirmed`.
 */
export function decideLook(claim: Claim, look: Look, atCap: boolean): ConfirmVerdict | null {
  const sided = binomialTest(look.ahead, look.ahead + look.behind) <= CONFIRM_ALPHA;
  if (claim.side === 0) {
    if (sided) return 'not confirmed';
    return atCap || (look.games > 0 && look.low >= 0.5 - FAIR_MARGIN && look.high <= 0.5 + FAIR_MARGIN) ? 'confirmed' : null;
  }
  if (sided) return (look.ahead > look.behind ? 1 : -1) === claim.side ? 'confirmed' : 'reversed';
  // An effect as large as the flagged one, either way, is ruled out: neither a confirmation nor a reversal can come.
  const within = (x: number): boolean => look.low <= x && x <= look.high;
  if (look.games > 0 && within(0.5) && !within(claim.rate) && !within(1 - claim.rate)) return 'not confirmed';
  return atCap ? 'not confirmed' : null;
}

/** A game's score for army A and for the first seat (a draw is half). */
export function gameScores(r: Pick<GameRecord, 'winner' | 'firstSeat'>): { a: number; first: number } {
  const a = r.winner === 'A' ? 1 : r.winner === 'draw' ? 0.5 : 0;
  return { a, first: r.firstSeat === 'A' ? a : 1 - a };
}

/** The paired test between the tiers: each game below `games` that both played, the weaker's score minus the stronger's. */
export function tiersTest(kind: ClaimKind, weak: ReadonlyMap<number, { a: number; first: number }>, strong: ReadonlyMap<number, { a: number; first: number }>, games: number): number {
  const diffs: number[] = [];
  for (let g = 0; g < games; g++) {
    const w = weak.get(g);
    const s = strong.get(g);
    if (!w || !s) continue;
    diffs.push(kind === 'first_seat' ? w.first - s.first : w.a - s.a);
  }
  return pairedSignTest(diffs).p;
}

/** A claim's outcome, frozen at the look that decided it. */
export interface ClaimResult extends Look {
  kind: ClaimKind;
  verdict: ConfirmVerdict;
  /** The stronger tier's sign-test p at that look. */
  p: number;
  /** The paired test between the tiers on those games. */
  tiersP: number;
}

/** A cell's confirmation: the stronger policy and each flag's result. */
export interface CellConfirmation {
  policy: string;
  claims: ClaimResult[];
}

/** The flags of a summary row (summaryRows' columns) as claims to re-check. */
export function claimsOf(row: readonly string[], column: (name: string) => number): Claim[] {
  const out: Claim[] = [];
  const claim = (kind: ClaimKind, flag: string, rate: string): void => {
    if (row[column(flag)] !== '1') return;
    const r = Number(row[column(rate)]);
    out.push({ kind, side: r > 0.5 ? 1 : -1, rate: r });
  };
  claim('matchup', 'matchup_imbalanced', 'win_rate_a');
  claim('first_seat', 'first_seat_imbalanced', 'first_seat_win_rate');
  return out;
}
