import { describe, expect, it } from 'vitest';
import { columnsOf, csvFields, csvHeader, csvText, fieldsByName, rowOf, safeCell, unsafeCell, type CsvSchema } from '../../src/batch/csv.js';

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

  it('refuses a line of another width; `more` reads the first columns of a wider one', () => {
    expect(() => csvFields(SCHEMA, 'a,1,x')).toThrow('expected 2 fields, got 3');
    expect(() => csvFields(SCHEMA, 'a', true)).toThrow('expected 2 fields, got 1');
    expect(csvFields(SCHEMA, 'a,1,x', true)).toEqual(['a', '1']);
    expect(() => fieldsByName(SCHEMA, ['a'])).toThrow('expected 2 fields, got 1');
  });
});
