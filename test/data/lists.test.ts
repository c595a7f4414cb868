import { describe, expect, it } from 'vitest';
import { packedList } from '../../src/data/lists.js';

describe('packedList', () => {
  it('copies a list in order, holes filled, and never returns the input', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    const out = packedList(sparse);
    expect(out).not.toBe(sparse);
    expect(out).toEqual([1, undefined, 3]);
    expect(1 in out).toBe(true);
    expect(packedList([])).toEqual([]);
    expect(packedList(new Set(['a', 'b']))).toEqual(['a', 'b']);
  });
});
