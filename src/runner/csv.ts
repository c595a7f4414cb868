import { InputError } from '../errors.js';
import { stringify } from 'csv-stringify/sync';
import { SUMMARY_COLUMNS } from './summary.js';
import type { GameError, GameRecord } from './types.js';

/** games.csv columns, in order (documented in the README, section run). */
export const GAME_COLUMNS = [
  'cell',
  'game',
  'seed',
  'scenario',
  'army_a',
  'army_b',
  'policy_a',
  'policy_b',
  'first_seat',
  'winner',
  'vp_a',
  'vp_b',
  'rounds',
  'end_reason',
  'warriors_lost_a',
  'warriors_lost_b',
  'points_destroyed_a',
  'points_destroyed_b',
  'stalled',
  'passive_rounds',
] as const;

export const ERROR_COLUMNS = ['cell', 'game', 'seed', 'error'] as const;

export function gameRow(r: GameRecord): (string | number)[] {
  return [
    r.cell,
    r.game,
    r.seed,
    r.scenario,
    r.armyA,
    r.armyB,
    r.policyA,
    r.policyB,
    r.firstSeat,
    r.winner,
    r.vpA,
    r.vpB,
    r.rounds,
    r.endReason,
    r.warriorsLostA,
    r.warriorsLostB,
    r.pointsDestroyedA,
    r.pointsDestroyedB,
    r.stalled ? 1 : 0,
    r.passiveRounds,
  ];
}

/** The inverse of gameRow, for merge (fields as parseCsvLine returns them). */
export function gameFromFields(f: string[]): GameRecord {
  if (f.length !== GAME_COLUMNS.length) throw new Error(`expected ${GAME_COLUMNS.length} fields, got ${f.length}`);
  const num = (i: number): number => {
    const v = Number(f[i]);
    if (f[i] === '' || !Number.isFinite(v)) throw new Error(`column ${GAME_COLUMNS[i]}: expected a number, got ${JSON.stringify(f[i])}`);
    return v;
  };
  const firstSeat = f[8];
  const winner = f[9];
  if (firstSeat !== 'A' && firstSeat !== 'B') throw new Error(`column first_seat: expected A or B`);
  if (winner !== 'A' && winner !== 'B' && winner !== 'draw') throw new Error(`column winner: expected A, B or draw`);
  return {
    cell: f[0],
    game: num(1),
    seed: f[2],
    scenario: f[3],
    armyA: f[4],
    armyB: f[5],
    policyA: f[6],
    policyB: f[7],
    firstSeat,
    winner,
    vpA: num(10),
    vpB: num(11),
    rounds: num(12),
    endReason: f[13],
    warriorsLostA: num(14),
    warriorsLostB: num(15),
    pointsDestroyedA: num(16),
    pointsDestroyedB: num(17),
    stalled: f[18] === '1',
    passiveRounds: num(19),
  };
}

export function errorRow(e: GameError): (string | number)[] {
  // One line a game: a multi-line message would break line-based merging.
  return [e.cell, e.game, e.seed, e.message.replace(/\s*\n\s*/g, ' | ')];
}

/** A text cell a spreadsheet would run as a formula: it starts with = + - @ (or a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as written: one a spreadsheet would run as a formula gets a
 * leading `'` (docs/OUTPUTS.md). A number, a number's text (`-3`,
 * `-Infinity`) or the lab's own lists of numbers (`-1 1`, `14|15 29|30`)
 * stay as they are: nothing in them can call a function.
 */
export function safeCell(v: string | number): string | number {
  if (typeof v !== 'string' || !FORMULA_START.test(v)) return v;
  const numbers = v.split(/[ |]/);
  return numbers.every((x) => x !== '' && !Number.isNaN(Number(x))) ? v : `'${v}`;
}

/** CSV text of rows (csv-stringify; quotes only where needed; "\n" line ends; formula-like text neutralised, see safeCell). */
export function csvText(rows: (string | number)[][]): string {
  return rows.length === 0
    ? ''
    : stringify(
        rows.map((r) => r.map(safeCell)),
        { eof: true, record_delimiter: 'unix' },
      );
}

export function csvHeader(columns: readonly string[]): string {
  return csvText([[...columns]]);
}

/** Splits one CSV line (RFC 4180 quoting, no embedded line breaks). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (line[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= n) throw new Error('unterminated quoted field');
        const c = line[i];
        if (c === '"') {
          if (line[i + 1] === '"') {
            v += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        v += c;
        i++;
      }
      out.push(v);
    } else {
      let j = line.indexOf(',', i);
      if (j < 0) j = n;
      out.push(line.slice(i, j));
      i = j;
    }
    if (i >= n) return out;
    if (line[i] !== ',') throw new Error(`expected "," at column ${i + 1}`);
    i++;
  }
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
