import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { parseCsvLine } from '../batch/csv.js';
import type { ColumnTable, CsvTable } from './types.js';

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

/**
 * Only the named columns of a big CSV (games.csv), as arrays of strings: a
 * 100,000-row file is scanned once without splitting every field.
 */
export function readColumns(file: string, names: readonly string[]): ColumnTable {
  const text = readFileSync(file, 'utf8');
  const eol = text.indexOf('\n');
  const header = parseCsvLine(eol < 0 ? text : text.slice(0, eol));
  const want = names.map((n) => {
    const i = header.indexOf(n);
    if (i < 0) throw new InputError(`${file}: expected a column "${n}", found ${header.join(', ')}`);
    return i;
  });
  const order = want.map((w, k) => [w, k]).sort((a, b) => a[0] - b[0]);
  const last = order[order.length - 1][0];
  const cols: string[][] = names.map(() => []);
  let pos = eol < 0 ? text.length : eol + 1;
  let line = 2;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    if (text.charCodeAt(pos) === 34 /* " */ || text.slice(pos, end).includes('"')) {
      // A quoted field: the careful parser.
      const f = parseCsvLine(text.slice(pos, end));
      for (const [w, k] of order) cols[k].push(f[w]);
    } else {
      let field = 0;
      let start = pos;
      let o = 0;
      while (field <= last) {
        let c = text.indexOf(',', start);
        if (c < 0 || c > end) {
          if (field < last) throw new InputError(`${file}: line ${line}: expected ${header.length} fields (${header[0]}, ...), found ${field + 1}`);
          c = end;
        }
        if (field === order[o][0]) cols[order[o++][1]].push(text.slice(start, c));
        field++;
        start = c + 1;
        if (o === order.length) break;
      }
    }
    pos = end + 1;
    line++;
  }
  const index = new Map(names.map((n, k) => [n, cols[k]]));
  return { file, rows: cols[0]?.length ?? 0, get: (n) => index.get(n)! };
}
