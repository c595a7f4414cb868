import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../src/data/bounds.js';

describe('BOUNDS', () => {
  it('docs/BOUNDS.md shows exactly the table in src/data/bounds.ts', () => {
    const doc = readFileSync('docs/BOUNDS.md', 'utf8');
    const rows = doc.split('\n').filter((l) => /^\| `/.test(l));
    const fmt = (n: number): string => n.toLocaleString('en-US').replace(/,/g, ' ');
    expect(rows).toEqual(Object.entries(BOUNDS).map(([k, b]) => `| \`${k}\` | ${'exclusiveMin' in b && b.exclusiveMin ? '> ' : ''}${fmt(b.min)} | ${fmt(b.max)} | ${b.what} |`));
  });
});
