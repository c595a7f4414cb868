import { describe, expect, it } from 'vitest';
import { columnIndex, columnsOf, csvFields, csvHeader, csvOf, csvText, fieldsByName, pickColumns, rowOf, safeCell, unsafeCell, type CsvSchema } from '../../src/batch/csv.js';

interface Row {
  name: string;
  n: number;
}

const SCHEMA: CsvSchema<Row> = [
  { name: 'name', value: (r) => r.name },
  { name: 'n', value: (r) => r.n },
];

/** A row written as its CSV line, then read back by name. */
const roundTrip = (r: Row): Record<string, string> => fieldsByName(SCHEMA, csvFields(SCHEMA, csvText([rowOf(SCHEMA, r)]).trimEnd()));

describe('CSV schemas', () => {
  it('one table gives the header, the row and the read-back by name', () => {
    expect(csvHeader(columnsOf(SCHEMA))).toBe('name,n\n');
    expect(roundTrip({ name: 'a, "b"', n: -3 })).toEqual({ name: 'a, "b"', n: '-3' });
  });

  it('a formula-like value is guarded when written and reads back as the row gave it', () => {
    for (const name of ['-bb-ab', '=SUM(A1)', '+x', '@y']) {
      const line = csvText([rowOf(SCHEMA, { name, n: 1 })]);
      expect(line.startsWith(name)).toBe(false);
      expect(roundTrip({ name, n: 1 }).name).toBe(name);
    }
    // The lab's own lists of numbers are not guarded: nothing to take off.
    expect(safeCell('-1 1')).toBe('-1 1');
    expect(unsafeCell('-1 1')).toBe('-1 1');
  });

  it('a whole file from the table: header, then a row each', () => {
    expect(
      csvOf(SCHEMA, [
        { name: 'a', n: 1 },
        { name: 'b', n: 2 },
      ]),
    ).toBe('name,n\na,1\nb,2\n');
    expect(csvOf(SCHEMA, [])).toBe('name,n\n');
  });

  it('columns by name: their place, or a loud error for a name the table lacks; a pick keeps the order named', () => {
    expect(columnIndex(SCHEMA, 'n')).toBe(1);
    expect(() => columnIndex(SCHEMA, 'm')).toThrow('no column m in name,n');
    const picked = pickColumns(SCHEMA, ['n', 'name']);
    expect(csvOf(picked, [{ name: 'a', n: 1 }])).toBe('n,name\n1,a\n');
  });

  it('refuses a line of another width; `more` reads the first columns of a wider one', () => {
    expect(() => csvFields(SCHEMA, 'a,1,x')).toThrow('expected 2 fields, got 3');
    expect(() => csvFields(SCHEMA, 'a', true)).toThrow('expected 2 fields, got 1');
    expect(csvFields(SCHEMA, 'a,1,x', true)).toEqual(['a', '1']);
    expect(() => fieldsByName(SCHEMA, ['a'])).toThrow('expected 2 fields, got 1');
  });
});

describe('formula-like text cells', () => {
  it('text a spreadsheet would run as a formula gets a leading quote; numbers and their text stay numbers', () => {
    expect(csvText([['=HYPERLINK("x")', '+1 up', '-rush', '@SUM(A1)', '\tx', 'plain', 'a=b', -3, '-3', '+2.5', '-Infinity', 0]])).toBe(
      `"'=HYPERLINK(""x"")",'+1 up,'-rush,'@SUM(A1),'\tx,plain,a=b,-3,-3,+2.5,-Infinity,0\n`,
    );
  });

  it("the lab's own lists of numbers stay as written; a list with anything else in it does not", () => {
    expect(csvText([['-1 1', '-14|15 29|30', '-1 1+2', '-1  1', '-1 x']])).toBe(`-1 1,-14|15 29|30,'-1 1+2,'-1  1,'-1 x\n`);
  });
});
