import { InputError } from '../errors.js';
import type { RowCodec } from '../batch/checkpoint.js';
import { columnsOf, csvFields, fieldsByName, parseCsvLine, rowOf, type CsvSchema } from '../batch/csv.js';
import { SUMMARY_COLUMNS } from './summary.js';
import type { GameRecord } from './types.js';

/** games.csv: one row a game, army A and B in the matchup's order (documented in the README, section run). */
export const GAME_SCHEMA: CsvSchema<GameRecord> = [
  { name: 'cell', value: (r) => r.cell },
  { name: 'game', value: (r) => r.game },
  { name: 'seed', value: (r) => r.seed },
  { name: 'scenario', value: (r) => r.scenario },
  { name: 'army_a', value: (r) => r.armyA },
  { name: 'army_b', value: (r) => r.armyB },
  { name: 'policy_a', value: (r) => r.policyA },
  { name: 'policy_b', value: (r) => r.policyB },
  { name: 'first_seat', value: (r) => r.firstSeat },
  { name: 'winner', value: (r) => r.winner },
  { name: 'vp_a', value: (r) => r.vpA },
  { name: 'vp_b', value: (r) => r.vpB },
  { name: 'rounds', value: (r) => r.rounds },
  { name: 'end_reason', value: (r) => r.endReason },
  { name: 'warriors_lost_a', value: (r) => r.warriorsLostA },
  { name: 'warriors_lost_b', value: (r) => r.warriorsLostB },
  { name: 'points_destroyed_a', value: (r) => r.pointsDestroyedA },
  { name: 'points_destroyed_b', value: (r) => r.pointsDestroyedB },
  { name: 'stalled', value: (r) => (r.stalled ? 1 : 0) },
  { name: 'passive_rounds', value: (r) => r.passiveRounds },
];

export const GAME_COLUMNS = columnsOf(GAME_SCHEMA);

export function gameRow(r: GameRecord): (string | number)[] {
  return rowOf(GAME_SCHEMA, r);
}

/** The inverse of gameRow (fields as the row gave them: a checkpoint's; for a games.csv line see gameFromCsv). */
export function gameFromFields(fields: readonly string[]): GameRecord {
  const f = fieldsByName(GAME_SCHEMA, fields);
  const num = (name: string): number => {
    const v = Number(f[name]);
    if (f[name] === '' || !Number.isFinite(v)) throw new Error(`column ${name}: expected a number, got ${JSON.stringify(f[name])}`);
    return v;
  };
  const firstSeat = f.first_seat;
  const winner = f.winner;
  if (firstSeat !== 'A' && firstSeat !== 'B') throw new Error(`column first_seat: expected A or B`);
  if (winner !== 'A' && winner !== 'B' && winner !== 'draw') throw new Error(`column winner: expected A, B or draw`);
  return {
    cell: f.cell,
    game: num('game'),
    seed: f.seed,
    scenario: f.scenario,
    armyA: f.army_a,
    armyB: f.army_b,
    policyA: f.policy_a,
    policyB: f.policy_b,
    firstSeat,
    winner,
    vpA: num('vp_a'),
    vpB: num('vp_b'),
    rounds: num('rounds'),
    endReason: f.end_reason,
    warriorsLostA: num('warriors_lost_a'),
    warriorsLostB: num('warriors_lost_b'),
    pointsDestroyedA: num('points_destroyed_a'),
    pointsDestroyedB: num('points_destroyed_b'),
    stalled: f.stalled === '1',
    passiveRounds: num('passive_rounds'),
  };
}

/** A game in a checkpoint line: its games.csv row, unguarded. */
export const GAME_CODEC: RowCodec<GameRecord> = { encode: gameRow, decode: (f) => gameFromFields(f.map(String)), indexOf: (r) => r.game };

/** A games.csv line back into its game (merge, balance): a sweep's parameter columns after the game's are not read. */
export function gameFromCsv(line: string): GameRecord {
  return gameFromFields(csvFields(GAME_SCHEMA, line, true));
}

/**
 * Checks a CSV file of an output folder before a reader relies on it (issue
 * 25: `report` on a damaged summary.csv said only "unterminated quoted
 * field"): every line must parse and have the header's number of fields. A
 * damaged line is an InputError naming the file and the line.
 */
export function checkCsvFile(file: string, text: string): void {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new InputError(`${file}: expected a CSV header line, found an empty file`);
  let columns = 0;
  // Columns that hold numbers (or nothing, for no data): a report must not chart "abc" as NaN.
  let numeric: [number, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    let fields: string[] | null = null;
    let n: number;
    if (line.includes('"')) {
      try {
        fields = parseCsvLine(line);
      } catch (err) {
        throw new InputError(`${file}: line ${i + 1}: damaged CSV: ${(err as Error).message}`);
      }
      n = fields.length;
    } else {
      n = 1;
      for (let j = line.indexOf(','); j >= 0; j = line.indexOf(',', j + 1)) n++;
    }
    if (i === 0) {
      columns = n;
      numeric = (fields ?? line.split(',')).flatMap((c, k): [number, string][] => (NUMBER_COLUMNS.has(c) ? [[k, c]] : []));
      continue;
    }
    if (n !== columns) throw new InputError(`${file}: line ${i + 1}: damaged CSV: ${n} fields, the header has ${columns}`);
    if (numeric.length === 0) continue;
    fields ??= line.split(',');
    for (const [k, name] of numeric) {
      const v = fields[k];
      if (v !== '' && (v.trim() !== v || Number.isNaN(Number(v)))) {
        throw new InputError(`${file}: line ${i + 1}: column ${name}: expected a number, got ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`);
      }
    }
  }
}

/** Columns of the run's CSVs (games.csv, summary.csv) that hold only numbers, or nothing for no data. */
const NUMBER_COLUMNS: ReadonlySet<string> = new Set([
  'game',
  'vp_a',
  'vp_b',
  'rounds',
  'warriors_lost_a',
  'warriors_lost_b',
  'points_destroyed_a',
  'points_destroyed_b',
  'stalled',
  'passive_rounds',
  ...SUMMARY_COLUMNS.slice(SUMMARY_COLUMNS.indexOf('games'), SUMMARY_COLUMNS.indexOf('passive_rounds_mean') + 1),
]);
