import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';
import { cli } from './helpers.js';

/* A damaged CSV is one line naming the file and the line (exit 2); --csv makes missing folders. */
const base = mkdtempSync(path.join(tmpdir(), 'skirmish-damaged-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const RUN = path.join(ROOT, 'test', 'fixtures', 'report', 'run');

function damaged(file: string, line: number, edit: (l: string) => string): string {
  const dir = path.join(base, `${path.basename(file, '.csv')}-${line}`);
  cpSync(RUN, dir, { recursive: true });
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  lines[line - 1] = edit(lines[line - 1]);
  writeFileSync(path.join(dir, file), lines.join('\n'));
  return dir;
}

describe('report on a damaged CSV', () => {
  it('an unterminated quote in summary.csv: the file and the line, exit 2, no report', () => {
    const dir = damaged('summary.csv', 3, (l) => `"${l}`);
    const r = cli(['report', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${path.join(dir, 'summary.csv')}: line 3: damaged CSV: unterminated quoted field\n`);
    expect(existsSync(path.join(dir, 'report.html'))).toBe(false);
  });

  it('a line of games.csv cut short: the file and the line, exit 2', () => {
    const dir = damaged('games.csv', 100, (l) => l.slice(0, l.lastIndexOf(',', l.length - 5)));
    const r = cli(['report', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^${path.join(dir, 'games.csv').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 100: damaged CSV: \\d+ fields, the header has \\d+\\n$`));
  });
});

describe('dice table --csv', () => {
  it('makes missing folders, as the other output flags do', () => {
    const file = path.join(base, 'new', 'deeper', 'table.csv');
    const r = cli(['dice', 'table', '--attacks', '1..3', '--clash', '2', '--defense', '0..1', '--csv', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('attacks,clash,defense,expected_wounds,p_at_least_1_wound');
  });
});
