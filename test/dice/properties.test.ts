import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPropertyFile } from '../../src/cli/commands/diceCheck.js';
import { checkProperty, compareValues, compilePropertyFile, pointCase, statisticValue, woundDistribution, type PropertyResult } from '../../src/dice/index.js';
import { BUILT_IN_SPECIAL_RULES } from '../../src/rules/index.js';

type Json = Record<string, unknown>;

/** Compiles one property (the file around it is implied) and checks it. */
async function check(property: Json): Promise<PropertyResult> {
  const { properties, errors } = compilePropertyFile({ kind: 'properties', properties: [{ name: 'p', ...property }] }, 't.json');
  expect(errors).toEqual([]);
  return checkProperty(properties[0]);
}

function errorsOf(property: Json, file: Json = {}): string[] {
  return compilePropertyFile({ kind: 'properties', properties: [{ name: 'p', ...property }], ...file }, 't.json').errors;
}

const stat = (point: Json, s: Parameters<typeof statisticValue>[1]) => statisticValue(pointCase(point, BUILT_IN_SPECIAL_RULES), s);

describe('statistics on hand-made cases', () => {
  // One die, Clash 1, no block: a wound on 1–5.
  const one = { attacks: 1, clash: 1, defense: 0 };
  it('mean, p_at_least, p_unharmed, distribution', () => {
    expect(stat(one, 'mean')[0]).toBeCloseTo(5 / 6, 14);
    expect(stat(one, { p_at_least: 1 })[0]).toBeCloseTo(5 / 6, 14);
    expect(stat(one, { p_at_least: 2 })[0]).toBe(0);
    expect(stat(one, 'p_unharmed')[0]).toBeCloseTo(1 / 6, 14);
    expect(stat(one, 'distribution')).toEqual([expect.closeTo(5 / 6, 14)]);
  });
  it('warriors add up: two warriors, one die each', () => {
    const two = { ...one, warriors: 2 };
    expect(stat(two, 'mean')[0]).toBeCloseTo(10 / 6, 14);
    expect(stat(two, { p_at_least: 2 })[0]).toBeCloseTo(25 / 36, 14);
    expect(stat(two, 'p_unharmed')[0]).toBeCloseTo(1 / 36, 14);
    expect(stat(two, 'distribution')).toEqual([expect.closeTo(35 / 36, 14), expect.closeTo(25 / 36, 14)]);
  });
  it('p_slain and p_broken (R9–R11)', () => {
    expect(stat({ ...one, wounds: 1, resolve: 0 }, 'p_slain')[0]).toBeCloseTo(5 / 6, 14);
    expect(stat({ ...one, wounds: 1, resolve: 3 }, 'p_broken')[0]).toBeCloseTo(5 / 12, 14);
    expect(stat({ ...one, wounds: 1, resolve: 3, broken: true }, 'p_slain')[0]).toBeCloseTo(5 / 6, 14);
    // Two warriors against Wounds 1, Resolve 3: the second wound slays the Broken! target.
    expect(stat({ ...one, warriors: 2, wounds: 1, resolve: 3 }, 'p_slain')[0]).toBeCloseTo(5 / 12 + (5 / 12) * (5 / 6) + (1 / 6) * (5 / 12), 14);
  });
  it('special-rule names are their face rules: Parry is the attacker re-rolling 1s', () => {
    const a = stat({ attacks: 4, clash: 2, defense: 3, specialRules: ['Parry'] }, 'distribution');
    const b = stat({ attacks: 4, clash: 2, defense: 3, rerollAttack: [1] }, 'distribution');
    expect(a).toEqual(b);
  });
  it('the defender blocks with the larger of Defense and Evasion unless told (R8)', () => {
    const w = (blockDice: number) => woundDistribution({ dice: 3, hitCap: 2, blockDice });
    const mean = (d: number[]) => d.reduce((s, p, k) => s + k * p, 0);
    expect(stat({ barrage: 3, volley: 2, defense: 1, evasion: 3 }, 'mean')[0]).toBeCloseTo(mean(w(3)), 14);
    expect(stat({ barrage: 3, volley: 2, defense: 1, evasion: 3, blockWith: 'defense' }, 'mean')[0]).toBeCloseTo(mean(w(1)), 14);
  });
});

describe('relations on hand-made values', () => {
  it('>=, <=, == within a tolerance, difference bounds', () => {
    expect(compareValues('>=', [0.5], [0.6], 0, 1e-9, false)).toMatchObject({ ok: true, difference: expect.closeTo(0.1, 14) });
    expect(compareValues('>=', [0.6], [0.5], 0, 1e-9, false).ok).toBe(false);
    expect(compareValues('<=', [0.6], [0.5], 0, 1e-9, false).ok).toBe(true);
    expect(compareValues('<=', [0.5], [0.6], 0, 1e-9, false).ok).toBe(false);
    expect(compareValues('==', [0.5], [0.53], 0, 0.05, false).ok).toBe(true);
    expect(compareValues('==', [0.5], [0.56], 0, 0.05, false).ok).toBe(false);
    expect(compareValues('variant - baseline <=', [1], [1.4], 0.5, 1e-9, false).ok).toBe(true);
    expect(compareValues('variant - baseline <=', [1], [1.6], 0.5, 1e-9, false).ok).toBe(false);
    expect(compareValues('variant - baseline >=', [1], [1.6], 0.5, 1e-9, false).ok).toBe(true);
    expect(compareValues('variant - baseline >=', [1], [1.4], 0.5, 1e-9, false).ok).toBe(false);
  });
  it('stochastic order: every P(≥ k), the worst k reported', () => {
    // Crossing distributions: neither dominates.
    const b = [0.8, 0.1];
    const v = [0.7, 0.3];
    expect(compareValues('>=', b, v, 0, 1e-9, true)).toMatchObject({ ok: false, k: 1, baseline: 0.8, variant: 0.7 });
    expect(compareValues('<=', b, v, 0, 1e-9, true)).toMatchObject({ ok: false, k: 2, baseline: 0.1, variant: 0.3 });
    expect(compareValues('>=', [0.7, 0.1], [0.8, 0.3], 0, 1e-9, true).ok).toBe(true);
  });
});

describe('relations through property files, with known verdicts', () => {
  const grid = { attacks: '1..4', clash: '1..3', defense: '0..2' };
  it('>=: one more attack die never lowers mean wounds; <=: one more block die never raises them', async () => {
    expect((await check({ domain: grid, variant: { attacks: '+1' }, statistic: 'mean', relation: '>=' })).verdict).toBe('pass');
    expect((await check({ domain: grid, variant: { defense: '+1' }, statistic: 'distribution', relation: '<=' })).verdict).toBe('pass');
    const r = await check({ domain: grid, variant: { defense: '+1' }, statistic: 'mean', relation: '>=' });
    expect(r).toMatchObject({ verdict: 'fail', method: 'exhaustive', checked: 36, failing: 36 });
    expect(r.counterexample?.point).toEqual({ attacks: 1, clash: 1, defense: 0 });
    // 1 die against 0 or 1 block die: 5/6 against 5/6 − 15/36.
    expect(r.counterexample).toMatchObject({ baseline: expect.closeTo(5 / 6, 12), variant: expect.closeTo(5 / 6 - 15 / 36, 12) });
  });
  it('==: Parry is "re-roll attack 1s" exactly', async () => {
    expect((await check({ domain: grid, baseline: { rerollAttack: [1] }, variant: { specialRules: ['Parry'] }, statistic: 'distribution', relation: '==' })).verdict).toBe('pass');
    expect((await check({ domain: grid, baseline: { rerollAttack: [2] }, variant: { specialRules: ['Parry'] }, statistic: 'mean', relation: '==' })).verdict).toBe('fail');
  });
  it('variant − baseline bounds: a second die at Clash 1 adds 5/36', async () => {
    const p = { domain: { attacks: 1, clash: 1, defense: 0 }, variant: { attacks: '+1' }, statistic: 'mean' };
    expect((await check({ ...p, relation: 'variant - baseline <=', bound: 0.14 })).verdict).toBe('pass');
    const r = await check({ ...p, relation: 'variant - baseline <=', bound: 0.13 });
    expect(r.verdict).toBe('fail');
    expect(r.counterexample?.difference).toBeCloseTo(5 / 36, 14);
    expect((await check({ ...p, relation: 'variant - baseline >=', bound: 0.13 })).verdict).toBe('pass');
    expect((await check({ ...p, relation: 'variant - baseline >=', bound: 0.14 })).verdict).toBe('fail');
  });
  it('monotone: increasing in attacks holds; decreasing fails at the first step', async () => {
    expect((await check({ domain: grid, statistic: 'mean', relation: 'monotone', axis: 'attacks', direction: 'increasing' })).verdict).toBe('pass');
    const r = await check({ domain: grid, statistic: 'mean', relation: 'monotone', axis: 'attacks', direction: 'decreasing' });
    expect(r).toMatchObject({ verdict: 'fail', domainPoints: 27, failing: 27 });
    expect(r.counterexample?.point).toEqual({ attacks: 1, clash: 1, defense: 0 });
    expect(r.counterexample?.next).toEqual({ attacks: 2, clash: 1, defense: 0 });
    expect(r.counterexample?.difference).toBeCloseTo(5 / 36, 14);
  });
  it('monotone of the difference: Shield Wall does not help more with every Defense die', async () => {
    const r = await check({
      domain: grid,
      variant: { specialRules: ['Shield Wall'] },
      statistic: 'mean',
      relation: 'monotone',
      axis: 'defense',
      direction: 'increasing',
      of: 'difference',
    });
    // Shield Wall lowers mean wounds more with more block dice in this grid: the difference falls.
    expect(r.verdict).toBe('fail');
    const c = r.counterexample!;
    expect(c.variant).toBeLessThan(c.baseline);
  });
  it('points where markers ≥ wounds are left out', async () => {
    const r = await check({ domain: { attacks: 2, clash: 2, defense: 1, wounds: '1..3', resolve: 2, markers: '0..2' }, statistic: 'p_slain', relation: '>=' });
    expect(r).toMatchObject({ verdict: 'pass', domainPoints: 9, checked: 6 });
    // Monotone in markers: the next point must be a target too. More markers, more often slain.
    const m = await check({
      domain: { attacks: 2, clash: 2, defense: 1, wounds: 3, resolve: 2, markers: '0..2' },
      statistic: 'p_slain',
      relation: 'monotone',
      axis: 'markers',
      direction: 'increasing',
    });
    expect(m).toMatchObject({ verdict: 'pass', domainPoints: 2, checked: 2 });
    const { properties } = compilePropertyFile(
      { kind: 'properties', properties: [{ name: 'p', domain: { attacks: 2, clash: 2, defense: 1, wounds: 1, resolve: 2, markers: '1..2' }, statistic: 'p_slain', relation: '>=' }] },
      't.json',
    );
    await expect(checkProperty(properties[0])).rejects.toThrow(/no point of the domain describes a target/);
  });
});

describe('shrinking: the smallest counterexample of a planted failure', () => {
  // "No more wounds than with 3 attack dice" fails exactly when attacks ≥ 4.
  const planted = { domain: { attacks: '1..12', clash: '1..6', defense: '0..8' }, baseline: { attacks: 3 }, statistic: 'mean', relation: '<=' };
  it('exhaustive: attacks 4 with every other axis at its first value; every failing point counted', async () => {
    const r = await check(planted);
    expect(r.method).toBe('exhaustive');
    expect(r.counterexample?.point).toEqual({ attacks: 4, clash: 1, defense: 0 });
    expect(r.failing).toBe(9 * 6 * 9);
  });
  it('fast-check sampling shrinks to the same point', async () => {
    const r = await check({ ...planted, check: { method: 'sample', samples: 200, seed: 7 } });
    expect(r.method).toBe('sampled');
    expect(r.checked).toBe(200);
    expect(r.counterexample?.point).toEqual({ attacks: 4, clash: 1, defense: 0 });
    expect(r.shrinks).toBeGreaterThan(0);
    // Same seed, same answer.
    expect(await check({ ...planted, check: { method: 'sample', samples: 200, seed: 7 } })).toEqual(r);
  });
  it('auto samples a domain larger than maxPoints', async () => {
    const r = await check({ ...planted, check: { maxPoints: 100 } });
    expect(r.method).toBe('sampled');
    expect(r.counterexample?.point).toEqual({ attacks: 4, clash: 1, defense: 0 });
  });
});

describe('property files: one-line errors with the JSON path', () => {
  const base = { domain: { attacks: '1..3', clash: 2, defense: 1 }, statistic: 'mean', relation: '>=' };
  it('schema errors', () => {
    expect(compilePropertyFile({ kind: 'faction' }, 't.json').errors[0]).toMatch(/^t\.json: kind: expected "properties"/);
    expect(errorsOf({ ...base, domain: { attacks: 'lots', clash: 2, defense: 1 } })).toEqual([
      't.json: properties[0].domain.attacks: expected a range such as "0..30" (or a whole number, or a list of them)',
    ]);
    expect(errorsOf({ ...base, domain: { attacks: [1, 'x'], clash: 2, defense: 1 } })).toEqual([
      't.json: properties[0].domain.attacks: expected a whole number 0..30, a range "a..b" or a list of whole numbers',
    ]);
    expect(errorsOf({ ...base, domain: { attacks: 40, clash: 2, defense: 1 } })).toEqual(['t.json: properties[0].domain.attacks: must be ≤ 30']);
    expect(errorsOf({ ...base, domain: { ...base.domain, blockWith: 'x' } })[0]).toMatch(/blockWith: expected "larger", "defense" or "evasion"/);
    expect(errorsOf({ ...base, domain: { attacks: '5..3', clash: 2, defense: 1 } })).toEqual(['t.json: properties[0].domain.attacks: expected a range a..b with 0 ≤ a ≤ b ≤ 30, got "5..3"']);
    expect(errorsOf({ ...base, relation: '>' })[0]).toMatch(/^t\.json: properties\[0\]\.relation: expected ">=" or "<="/);
    expect(errorsOf({ ...base, colour: 'red' })).toEqual(['t.json: properties[0].colour: unknown key']);
    expect(errorsOf({ ...base, statistic: 'median' })[0]).toMatch(/^t\.json: properties\[0\]\.statistic: expected one of "mean"/);
    expect(errorsOf({ ...base, variant: { attacks: 'more' } })[0]).toMatch(/^t\.json: properties\[0\]\.variant\.attacks: expected "\+n" or "-n"/);
  });
  it('meaning errors', () => {
    expect(errorsOf({ ...base, variant: { specialRules: ['Iron Will'] } })).toEqual([
      't.json: properties[0].variant.specialRules[0]: unknown special rule "Iron Will" (a built-in, or one of the listed factions\' own)',
    ]);
    expect(errorsOf({ ...base, domain: { ...base.domain, specialRules: [[], ['Flank']] } })[0]).toMatch(/domain\.specialRules\[1\]\[0\]: "Flank" is a deployment rule/);
    expect(errorsOf({ ...base, relation: 'variant - baseline <=' })).toEqual(['t.json: properties[0].bound: missing (expected a number: variant - baseline <= bound)']);
    expect(errorsOf({ ...base, relation: 'monotone', axis: 'resolve', direction: 'increasing' })[0]).toMatch(/axis: expected an axis of the domain \(attacks, clash, defense\), got "resolve"/);
    expect(errorsOf({ ...base, relation: 'monotone', axis: 'clash', direction: 'increasing' })[0]).toMatch(/gives clash one value/);
    expect(errorsOf({ ...base, domain: { ...base.domain, barrage: 2 } })[0]).toMatch(/properties\[0\]\.domain: use attacks\/clash \(a Clash\) or barrage\/volley/);
    expect(errorsOf({ ...base, domain: { attacks: 2, clash: 2 } })[0]).toMatch(/domain: missing the target's block dice/);
    // The domain gives the profiles; a baseline only changes them.
    expect(errorsOf({ ...base, domain: { clash: 2, defense: 1 }, baseline: { attacks: 3 } })[0]).toMatch(/domain: a Clash needs both attacks and clash/);
    expect(errorsOf({ ...base, statistic: 'p_slain' })[0]).toMatch(/statistic: p_slain needs the target's wounds and resolve/);
    expect(errorsOf({ ...base, variant: { wounds: '+1' } })[0]).toMatch(/variant\.wounds: "\+1" changes wounds, but the domain gives no wounds/);
    expect(errorsOf({ ...base, domain: { barrage: 2, volley: 1, evasion: 1, specialRules: ['Impact 2'] } })[0]).toMatch(/applies to a Clash, not a Volley/);
    expect(errorsOf({ ...base, domain: { ...base.domain, aimed: true } })[0]).toMatch(/aimed applies to Volleys only/);
  });
});

describe('the sample property file', () => {
  it('every verdict as expected; Thick Hide against +1 Defense fails at Defense 6', async () => {
    const file = join(import.meta.dirname, '..', '..', 'sims', 'properties', 'sample-factions.json');
    const { properties, errors } = await buildPropertyFile(JSON.parse(readFileSync(file, 'utf8')), file);
    expect(errors).toEqual([]);
    expect(properties.length).toBeGreaterThanOrEqual(6);
    const results = await Promise.all(properties.map((p) => checkProperty(p)));
    const failed = results.filter((r) => r.verdict === 'fail');
    expect(failed.map((r) => r.name)).toEqual(['Thick Hide is never better than +1 Defense']);
    expect(failed[0]).toMatchObject({ method: 'exhaustive', checked: 350, failing: 1 });
    expect(failed[0].counterexample?.point).toEqual({ attacks: 10, clash: 1, defense: 6 });
    expect(failed[0].counterexample?.baselinePoint).toEqual({ attacks: 10, clash: 1, defense: 7 });
    expect(results.every((r) => r.method === 'exhaustive')).toBe(true);
  });
});
