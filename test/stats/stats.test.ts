import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MeanAccumulator, meanInterval, tQuantile975, wilsonHalfWidth, wilsonInterval } from '../../src/stats/index.js';

describe('wilsonInterval', () => {
  it('matches known values', () => {
    const r = wilsonInterval(8, 10);
    expect(r.p).toBe(0.8);
    expect(r.low).toBeCloseTo(0.4902, 4);
    expect(r.high).toBeCloseTo(0.9433, 4);
    const zero = wilsonInterval(0, 10);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval(10, 10);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
    const half = wilsonInterval(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
  });

  it('takes draws as half wins (fractional successes)', () => {
    const r = wilsonInterval(5.5, 10);
    expect(r.p).toBe(0.55);
    expect(r.low).toBeLessThan(0.55);
    expect(r.high).toBeGreaterThan(0.55);
  });

  it('has an unknown proportion with no trials, and rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toEqual({ p: Number.NaN, low: 0, high: 1 });
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
  });

  it('always contains p within [0, 1] and narrows with n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n * 2) / 2;
        const r = wilsonInterval(k, n);
        expect(r.low).toBeGreaterThanOrEqual(0);
        expect(r.high).toBeLessThanOrEqual(1);
        expect(r.low).toBeLessThanOrEqual(r.p + 1e-12);
        expect(r.high).toBeGreaterThanOrEqual(r.p - 1e-12);
        expect(wilsonHalfWidth(k * 4, n * 4)).toBeLessThan(wilsonHalfWidth(k, n));
      }),
    );
  });
});

describe('meanInterval (Student t, 95%)', () => {
  it('matches a hand computation', () => {
    // mean 3, sample sd sqrt(2.5), t(0.975, 4) = 2.776445
    const r = meanInterval([1, 2, 3, 4, 5]);
    expect(r.mean).toBe(3);
    const half = 2.776445105 * Math.sqrt(2.5 / 5);
    expect(r.low).toBeCloseTo(3 - half, 6);
    expect(r.high).toBeCloseTo(3 + half, 6);
  });

  it('gives the same from running sums as from the values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 200 }), { minLength: 2, maxLength: 300 }), (xs) => {
        const acc = new MeanAccumulator();
        for (const x of xs) acc.add(x);
        const a = meanInterval(xs);
        const b = acc.interval();
        expect(b.mean).toBeCloseTo(a.mean, 9);
        expect(b.low).toBeCloseTo(a.low, 6);
        expect(b.high).toBeCloseTo(a.high, 6);
      }),
    );
  });

  it('has no interval for fewer than two values', () => {
    expect(meanInterval([])).toEqual({ mean: Number.NaN, low: Number.NaN, high: Number.NaN });
    expect(meanInterval([4])).toEqual({ mean: 4, low: Number.NaN, high: Number.NaN });
    expect(meanInterval([7, 7, 7])).toEqual({ mean: 7, low: 7, high: 7 });
  });

  it('uses t quantiles close to the tables', () => {
    const table: [number, number][] = [
      [1, 12.7062],
      [4, 2.7764],
      [10, 2.2281],
      [11, 2.201],
      [20, 2.086],
      [30, 2.0423],
      [120, 1.9799],
      [1e6, 1.96],
    ];
    for (const [df, t] of table) expect(tQuantile975(df)).toBeCloseTo(t, 3);
  });
});
