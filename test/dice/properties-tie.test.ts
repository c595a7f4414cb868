import { describe, expect, it } from 'vitest';
import { checkProperty, compilePropertyFile, type CompiledProperty } from '../../src/dice/index.js';

/*
 * Two counterexamples equally small. "No more wounds than
 * 3 attacks against Defense 2" fails at (attacks 4, defense 2) and at
 * (attacks 3, defense 1), each one step from the start of its axes. The
 * answer must not depend on the order the file lists its axes in: the tie
 * goes to the smaller indices read in the axes' name order (attacks before
 * defense), so attacks 3, defense 1.
 */
function compile(method: 'exhaustive' | 'sample'): CompiledProperty {
  const property = {
    name: 'tie',
    domain: { attacks: '3..6', clash: 4, defense: [2, 1, 0] },
    baseline: { attacks: 3, defense: 2 },
    statistic: 'mean',
    relation: '<=',
    check: { method, samples: 300, seed: 11 },
  };
  const { properties, errors } = compilePropertyFile({ kind: 'properties', properties: [property] }, 't.json');
  expect(errors).toEqual([]);
  return properties[0];
}

/** The same property with its axes in the reverse order (as a file listing them the other way round would give). */
function reversed(p: CompiledProperty): CompiledProperty {
  expect(p.monotoneAxis).toBe(-1);
  return { ...p, axes: [...p.axes].reverse() };
}

describe('the property checker: a tie between equally small counterexamples', () => {
  it('exhaustive: the same point whatever the order of the axes in the file', async () => {
    const p = compile('exhaustive');
    const a = await checkProperty(p);
    const b = await checkProperty(reversed(p));
    expect(a.verdict).toBe('fail');
    expect(a.counterexample?.point).toEqual({ attacks: 3, clash: 4, defense: 1 });
    expect(b.counterexample?.point).toEqual(a.counterexample?.point);
    expect(b.failing).toBe(a.failing);
  });

  it('sampled: the same points drawn and the same shrunk counterexample whatever the order', async () => {
    const p = compile('sample');
    const a = await checkProperty(p);
    const b = await checkProperty(reversed(p));
    expect(a.verdict).toBe('fail');
    expect(b.counterexample?.point).toEqual(a.counterexample?.point);
    expect([b.checked, b.failing, b.shrinks]).toEqual([a.checked, a.failing, a.shrinks]);
  });
});
