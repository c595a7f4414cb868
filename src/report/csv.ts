import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { parseCsvLine } from '../runner/csv.js';
import type { CsvTable } from './types.js';

/** Reads one CSV file of a run folder (no embedded line breaks: the runner never writes them). */
export function readCsv(file: string): CsvTable {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new InputError(`${file}: expected a CSV header line, found an empty file`);
  const columns = parseCsvLine(lines[0]);
  const rows: string[][] = new Array(lines.length - 1);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    // Plain lines (no quotes) split directly: a 100,000-row games.csv in well under a second.
    const row = line.includes('"') ? parseCsvLine(line) : line.split(',');
    if (row.length !== columns.length) {
      throw new InputError(`${file}: line ${i + 1}: expected ${columns.length} fields (${columns[0]}, ...), found ${row.length}`);
    }
    rows[i - 1] = row;
  }
  return { file, columns, rows };
}

/** Reads `dir/name` when it exists. */
export function readOptional(dir: string, name: string): CsvTable | null {
  const file = path.join(dir, name);
  return existsSync(file) ? readCsv(file) : null;
}

/** The index of a column, or an exit-2 error naming the file and the missing column. */
export function col(t: CsvTable, name: string): number {
  const i = t.columns.indexOf(name);
  if (i < 0) throw new InputError(`${t.file}: expected a column "${name}", found ${t.columns.join(', ')}`);
  return i;
}

/** The index of a column, or -1 when the file has none (optional columns such as the Holm flags). */
export function optCol(t: CsvTable, name: string): number {
  return t.columns.indexOf(name);
}

/** A number field; an empty field (no data) is NaN. */
export function num(s: string): number {
  return s === '' ? Number.NaN : Number(s);
}
