/*
 * The CSVs a batch writes. Each file's columns are one table, a schema: a
 * column's name and the value a row gives it. The same table writes the
 * header and the rows, and reads a row back by name (merge, resume), so a
 * column added, removed or moved changes every use at once.
 */
import { stringify } from 'csv-stringify/sync';
import type { TaskError } from './types.js';

/** One column of a CSV: its name in the header, and its value in a row. */
export interface Column<T> {
  readonly name: string;
  value(row: T): string | number;
}

/** A CSV's columns, in order. */
export type CsvSchema<T> = readonly Column<T>[];

/** The header names of a schema. */
export function columnsOf<T>(schema: CsvSchema<T>): string[] {
  return schema.map((c) => c.name);
}

/** One row's values, in the schema's order. */
export function rowOf<T>(schema: CsvSchema<T>, row: T): (string | number)[] {
  return schema.map((c) => c.value(row));
}

/** The named columns of a schema, in the order named (a file showing some of another's columns: one definition each). */
export function pickColumns<T>(schema: CsvSchema<T>, names: readonly string[]): CsvSchema<T> {
  return names.map((n) => schema[columnIndex(schema, n)]);
}

/** A column's place in a schema's rows, by its name; a name the schema lacks throws (never column -1). */
export function columnIndex<T>(schema: CsvSchema<T>, name: string): number {
  const i = schema.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`no column ${name} in ${columnsOf(schema).join(',')}`);
  return i;
}

/**
 * A row back as its fields by column name: exactly the schema's fields, in
 * its order. Fields read from a written CSV take `unsafeCell` first (see
 * csvFields); a checkpoint's are as the row gave them.
 */
export function fieldsByName<T>(schema: CsvSchema<T>, fields: readonly string[]): Record<string, string> {
  if (fields.length !== schema.length) throw new Error(`expected ${schema.length} fields, got ${fields.length}`);
  const out: Record<string, string> = {};
  schema.forEach((c, i) => {
    out[c.name] = fields[i];
  });
  return out;
}

/**
 * The fields of a schema's columns in a line of its written CSV, with the
 * formula guard of safeCell taken off, so each reads back as the row gave it.
 * With `more`, columns after the schema's (a sweep's parameters in
 * games.csv) may follow and are not read.
 */
export function csvFields<T>(schema: CsvSchema<T>, line: string, more = false): string[] {
  const f = parseCsvLine(line);
  if (more ? f.length < schema.length : f.length !== schema.length) throw new Error(`expected ${schema.length} fields, got ${f.length}`);
  return f.slice(0, schema.length).map(unsafeCell);
}

/** errors.csv: one row an item (game or campaign) that threw. */
export const ERROR_SCHEMA: CsvSchema<TaskError> = [
  { name: 'cell', value: (e) => e.cell },
  { name: 'game', value: (e) => e.game },
  { name: 'seed', value: (e) => e.seed },
  // One line an item: a multi-line message would break line-based merging.
  { name: 'error', value: (e) => e.message.replace(/\s*\n\s*/g, ' | ') },
];

export const ERROR_COLUMNS = columnsOf(ERROR_SCHEMA);

export function errorRow(e: TaskError): (string | number)[] {
  return rowOf(ERROR_SCHEMA, e);
}

/** An errors.csv line back into its error (merge). */
export function errorFromCsv(line: string): TaskError {
  const f = fieldsByName(ERROR_SCHEMA, csvFields(ERROR_SCHEMA, line));
  return { cell: f.cell, game: Number(f.game), seed: f.seed, message: f.error };
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

/**
 * A written text cell back as the row gave it: the `'` safeCell put before a
 * formula-like value comes off. (A value that itself began with `'` and a
 * formula character would lose its `'`: no name the lab writes does.)
 */
export function unsafeCell(s: string): string {
  return s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
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

/** A whole CSV file of a schema: its header, then a row each. */
export function csvOf<T>(schema: CsvSchema<T>, rows: readonly T[]): string {
  return csvHeader(columnsOf(schema)) + csvText(rows.map((r) => rowOf(schema, r)));
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
