/** The balance run's CSVs: each file's columns as one table (batch/csv.ts), header and rows alike. */
import { columnsOf, type Column, type CsvSchema } from '../batch/csv.js';
import type { AbilityRow, CellRate, MatchupRow, PriceVerdict } from './fit.js';

/** Fixed decimals keep the files short and byte-stable; NaN (no data) prints empty. */
const num = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '');

/** balance.csv: one row a price. */
export const BALANCE_SCHEMA: CsvSchema<PriceVerdict> = [
  { name: 'faction', value: (p) => p.faction },
  { name: 'name', value: (p) => p.name },
  { name: 'pointer', value: (p) => p.pointer },
  { name: 'cost_now', value: (p) => p.costNow },
  { name: 'worth', value: (p) => num(p.worth, 1) },
  { name: 'worth_lo', value: (p) => num(p.low, 1) },
  { name: 'worth_hi', value: (p) => num(p.high, 1) },
  { name: 'proposed', value: (p) => p.proposed },
  { name: 'verdict', value: (p) => p.verdict },
];

/** A held-out rate's four columns (`games_<tier>`, `rate_<tier>`, its interval), all empty when the row has none. */
function rateColumns(tier: string, of: (m: MatchupRow) => CellRate | null): Column<MatchupRow>[] {
  const field = (v: (r: CellRate) => string | number) => (m: MatchupRow) => {
    const r = of(m);
    return r ? v(r) : '';
  };
  return [
    { name: `games_${tier}`, value: field((r) => r.games) },
    { name: `rate_${tier}`, value: field((r) => num(r.rate, 4)) },
    { name: `rate_${tier}_lo`, value: field((r) => num(r.low, 4)) },
    { name: `rate_${tier}_hi`, value: field((r) => num(r.high, 4)) },
  ];
}

/** matchups.csv: one row a faction pair × scenario × limit, today's table, the proposed one and the stronger tier's re-check. */
export const MATCHUP_SCHEMA: CsvSchema<MatchupRow> = [
  { name: 'faction_a', value: (m) => m.factionA },
  { name: 'faction_b', value: (m) => m.factionB },
  { name: 'scenario', value: (m) => m.scenario },
  { name: 'points', value: (m) => m.points },
  ...rateColumns('today', (m) => m.today),
  ...rateColumns('proposed', (m) => m.proposed),
  { name: 'confirm_policy', value: (m) => m.confirm?.policy ?? '' },
  ...rateColumns('confirm', (m) => m.confirm),
  { name: 'confirm_verdict', value: (m) => m.confirm?.verdict ?? '' },
];

/** abilities.csv: one row an ability (and the placebo). */
export const ABILITY_SCHEMA: CsvSchema<AbilityRow> = [
  { name: 'faction', value: (a) => a.faction },
  { name: 'ability', value: (a) => a.ability },
  { name: 'seed_pairs', value: (a) => a.pairs },
  { name: 'rate_with', value: (a) => num(a.rateWith, 4) },
  { name: 'rate_without', value: (a) => num(a.rateWithout, 4) },
  { name: 'logit_diff', value: (a) => num(a.logits, 4) },
  { name: 'worth', value: (a) => num(a.worth, 1) },
  { name: 'worth_lo', value: (a) => num(a.low, 1) },
  { name: 'worth_hi', value: (a) => num(a.high, 1) },
];

/** One fit round: its games, the changes it proposed, how far they move the lists it played, and what came next. */
export interface RoundRow {
  round: number;
  games: number;
  changes: number;
  movement: number;
  next: 'another round' | 'below threshold' | 'at the cap' | 'no change';
}

/** rounds.csv: one row a fit round. */
export const ROUND_SCHEMA: CsvSchema<RoundRow> = [
  { name: 'round', value: (r) => r.round },
  { name: 'games', value: (r) => r.games },
  { name: 'changes', value: (r) => r.changes },
  { name: 'movement', value: (r) => num(r.movement, 4) },
  { name: 'next', value: (r) => r.next },
];

export const BALANCE_COLUMNS = columnsOf(BALANCE_SCHEMA);
export const MATCHUP_COLUMNS = columnsOf(MATCHUP_SCHEMA);
export const ABILITY_COLUMNS = columnsOf(ABILITY_SCHEMA);
export const ROUND_COLUMNS = columnsOf(ROUND_SCHEMA);
