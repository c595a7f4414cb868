import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileAttack,
  createRng,
  expectedWounds,
  hitsDistribution,
  inflictedWoundDistribution,
  resolveTest,
  rollAttack,
  rollHits,
  rollWounds,
  seededDice,
  targetOutcome,
  woundDistribution,
  type AttackOptions,
  type FaceRule,
} from '../../src/dice/index.js';
import { enumerateOutcomes } from './enumerate.js';

const rule = (on: 'attack' | 'block', face: FaceRule['face'], effect: FaceRule['effect']): FaceRule => ({ on, face, effect });
const relentlessBlows = rule('attack', 1, 'extraAttack');
const parry = rule('attack', 1, 'reroll');

/** P(k) by brute force over every die sequence. */
function bruteDistribution(run: (dice: Parameters<typeof rollAttack>[0]) => number): number[] {
  const out: number[] = [];
  for (const { value, p } of enumerateOutcomes(run)) out[value] = (out[value] ?? 0) + p;
  return Array.from(out, (x) => x ?? 0);
}

function expectSameDistribution(exact: number[], brute: number[]): void {
  const n = Math.max(exact.length, brute.length);
  for (let k = 0; k < n; k++) expect(Math.abs((exact[k] ?? 0) - (brute[k] ?? 0))).toBeLessThan(1e-12);
}

describe('exact distributions equal brute-force enumeration of every die sequence', () => {
  const plain: AttackOptions[] = [];
  for (let dice = 0; dice <= 3; dice++) for (let hitCap = 0; hitCap <= 3; hitCap++) for (let blockDice = 0; blockDice <= 2; blockDice++) plain.push({ dice, hitCap, blockDice });

  const withRules: AttackOptions[] = [
    { dice: 2, hitCap: 2, blockDice: 1, attackRules: [relentlessBlows, parry] }, // the rules' example pair
    { dice: 2, hitCap: 1, blockDice: 1, attackRules: [relentlessBlows, parry] },
    { dice: 2, hitCap: 3, blockDice: 1, attackRules: [relentlessBlows, relentlessBlows] },
    { dice: 2, hitCap: 2, blockDice: 1, attackRules: [rule('attack', 1, 'reroll'), rule('attack', 2, 'reroll'), rule('attack', 2, 'reroll')] },
    { dice: 2, hitCap: 2, blockDice: 1, inspired: true },
    { dice: 2, hitCap: 2, blockDice: 1, inspired: true, attackRules: [rule('attack', 6, 'extraAttack')] },
    { dice: 1, hitCap: 2, blockDice: 1, outnumbered: true },
    { dice: 1, hitCap: 3, blockDice: 1, outnumbered: true, outnumberedBonus: 2 },
    { dice: 1, hitCap: 2, blockDice: 1, aimed: true },
    { dice: 2, hitCap: 2, blockDice: 1, obscured: true },
    { dice: 1, hitCap: 1, blockDice: 2, blockRules: [rule('block', 1, 'extraBlock'), rule('block', 6, 'reroll')] },
    { dice: 2, hitCap: 2, blockDice: 1, blockRules: [rule('block', 3, 'extraBlock'), rule('block', 3, 'extraBlock'), rule('block', 5, 'reroll')] },
    {
      dice: 1,
      hitCap: 2,
      blockDice: 1,
      obscured: true,
      attackRules: [relentlessBlows, parry],
      blockRules: [rule('block', 2, 'extraBlock'), rule('block', 5, 'reroll')],
    },
  ];

  it('plain attacks: up to 3 dice, cap 3, 2 block dice', () => {
    for (const opts of plain) {
      expectSameDistribution(
        woundDistribution(opts),
        bruteDistribution((d) => rollAttack(d, opts).wounds),
      );
    }
  });

  it('face rules, Inspired!, Outnumbered, Aimed!, Obscured, extra and re-rolled blocks', () => {
    for (const opts of withRules) {
      expectSameDistribution(
        woundDistribution(opts),
        bruteDistribution((d) => rollAttack(d, opts).wounds),
      );
    }
  });

  it('hitsDistribution', () => {
    for (const opts of [...plain.filter((o) => o.blockDice === 0), ...withRules.slice(0, 7)]) {
      expectSameDistribution(
        hitsDistribution(opts),
        bruteDistribution((d) => rollAttack(d, { ...opts, blockDice: 0, blockRules: [], obscured: false }).hits.length),
      );
    }
  });

  it('inflicted hits (Impact X)', () => {
    for (const hits of [0, 1, 2, 3])
      for (const blockDice of [0, 1, 2]) {
        const opts = { hits, blockDice, blockRules: [rule('block', 4, 'reroll')] };
        expectSameDistribution(
          inflictedWoundDistribution(opts),
          bruteDistribution((d) => rollHits(d, opts).wounds),
        );
      }
  });

  it('targetOutcome: attack then Resolve test, with Overkill and markers', () => {
    const cases = [
      { attack: { dice: 2, hitCap: 2, blockDice: 1 }, wounds: 1, resolve: 2 },
      { attack: { dice: 2, hitCap: 2, blockDice: 1 }, wounds: 2, resolve: 3, markers: 1 },
      { attack: { dice: 2, hitCap: 2, blockDice: 0, attackRules: [relentlessBlows] }, wounds: 1, resolve: 3, overkill: false },
      { attack: { dice: 2, hitCap: 2, blockDice: 0 }, wounds: 1, resolve: 4, broken: true },
    ];
    for (const c of cases) {
      const exact = targetOutcome(c);
      const fate = { slain: 0, broken: 0, unharmed: 0, woundedOnly: 0 };
      for (const { value, p } of enumerateOutcomes((dice) => {
        const w = rollAttack(dice, c.attack).wounds;
        const markers = (c.markers ?? 0) + w;
        if (w === 0) return 'unharmed' as const;
        if (markers < c.wounds) return 'woundedOnly' as const;
        return resolveTest(dice, { markers, wounds: c.wounds, resolve: c.resolve, broken: c.broken ?? false, overkill: c.overkill }).outcome;
      })) {
        fate[value] += p;
      }
      for (const k of ['slain', 'broken', 'unharmed', 'woundedOnly'] as const) expect(Math.abs(exact[k] - fate[k])).toBeLessThan(1e-12);
    }
  });
});

describe('known values', () => {
  it('4 attacks, Clash 2, Defense 3', () => {
    expect(woundDistribution({ dice: 4, hitCap: 2, blockDice: 3 }).map((p) => p.toFixed(4))).toEqual(['0.3798', '0.4193', '0.2009']);
  });
  it('one die: 5/6 to hit; against one block die 5/12 to wound', () => {
    expect(woundDistribution({ dice: 1, hitCap: 1, blockDice: 0 })[1]).toBeCloseTo(5 / 6, 14);
    expect(woundDistribution({ dice: 1, hitCap: 1, blockDice: 1 })[1]).toBeCloseTo(5 / 12, 14);
  });
  it('targetOutcome by hand', () => {
    const dist = [0.5, 0.3, 0.2];
    const a = targetOutcome({ attack: dist, wounds: 2, resolve: 3 });
    expect(a.unharmed).toBeCloseTo(0.5, 14);
    expect(a.woundedOnly).toBeCloseTo(0.3, 14);
    expect(a.broken).toBeCloseTo(0.1, 14);
    expect(a.slain).toBeCloseTo(0.1, 14);
    // One marker already: 1 wound tests on 3, 2 wounds test on 2 (Overkill, R10).
    const b = targetOutcome({ attack: dist, wounds: 2, resolve: 3, markers: 1 });
    expect(b.broken).toBeCloseTo(0.3 * 0.5 + 0.2 / 3, 14);
    expect(b.slain).toBeCloseTo(0.3 * 0.5 + (0.2 * 2) / 3, 14);
    expect(b.woundedOnly).toBe(0);
    // Broken! fails every test (R11).
    expect(targetOutcome({ attack: dist, wounds: 1, resolve: 6, broken: true }).slain).toBeCloseTo(0.5, 14);
  });
  it('results are copies: mutating one does not change the next', () => {
    const a = woundDistribution({ dice: 3, hitCap: 2, blockDice: 2 });
    a[0] = 99;
    expect(woundDistribution({ dice: 3, hitCap: 2, blockDice: 2 })[0]).toBeLessThan(1);
  });
  it('handles 20 attack dice against 10 block dice', () => {
    const d = woundDistribution({ dice: 20, hitCap: 20, blockDice: 10 });
    expect(d).toHaveLength(21);
    expect(Math.abs(d.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
  });
  it('too large for the exact method is a clear RangeError', () => {
    expect(() => woundDistribution({ dice: 30, hitCap: 30, blockDice: 20, blockRules: [rule('block', 1, 'extraBlock')] })).toThrow(/too large/);
  });
});

const faceArb = fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<FaceRule['face']>;
const optionsArb: fc.Arbitrary<AttackOptions> = fc.record({
  dice: fc.integer({ min: 0, max: 10 }),
  hitCap: fc.integer({ min: 0, max: 6 }),
  blockDice: fc.integer({ min: 0, max: 6 }),
  attackRules: fc.array(fc.record({ on: fc.constant('attack' as const), face: faceArb, effect: fc.constantFrom('reroll' as const, 'extraAttack' as const) }), { maxLength: 3 }),
  blockRules: fc.array(fc.record({ on: fc.constant('block' as const), face: faceArb, effect: fc.constantFrom('reroll' as const, 'extraBlock' as const) }), { maxLength: 2 }),
  outnumbered: fc.boolean(),
  inspired: fc.boolean(),
  aimed: fc.boolean(),
  obscured: fc.boolean(),
});

describe('properties', () => {
  it('every distribution sums to 1 within 1e-12 and has no negative entry', () => {
    fc.assert(
      fc.property(optionsArb, (opts) => {
        for (const d of [woundDistribution(opts), hitsDistribution(opts)]) {
          expect(Math.abs(d.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
          for (const p of d) expect(p).toBeGreaterThan(-1e-15);
        }
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('expected wounds never rise with more block dice, never fall with more dice or a higher cap', () => {
    fc.assert(
      fc.property(optionsArb, (opts) => {
        const e = expectedWounds(opts);
        expect(expectedWounds({ ...opts, blockDice: opts.blockDice + 1 })).toBeLessThanOrEqual(e + 1e-12);
        expect(expectedWounds({ ...opts, dice: opts.dice + 1 })).toBeGreaterThanOrEqual(e - 1e-12);
        expect(expectedWounds({ ...opts, hitCap: opts.hitCap + 1 })).toBeGreaterThanOrEqual(e - 1e-12);
      }),
      { seed: 12, numRuns: 200 },
    );
  });

  it('seeded Monte Carlo agrees with the exact distribution within 4 standard errors', () => {
    const samples = 20_000;
    fc.assert(
      fc.property(optionsArb, fc.string(), (opts, seed) => {
        const exact = woundDistribution(opts);
        const counts = new Array<number>(exact.length).fill(0);
        const dice = seededDice(createRng(seed));
        const compiled = compileAttack(opts);
        for (let i = 0; i < samples; i++) counts[rollWounds(dice, compiled)]++;
        exact.forEach((p, k) => {
          const se = Math.sqrt((p * (1 - p)) / samples);
          expect(Math.abs(counts[k] / samples - p)).toBeLessThanOrEqual(4 * se + 1 / samples);
        });
      }),
      { seed: 13, numRuns: 12 },
    );
  });

  it('Monte Carlo through rollAttack and resolveTest agrees with targetOutcome', () => {
    const samples = 20_000;
    const attack: AttackOptions = { dice: 5, hitCap: 3, blockDice: 2, attackRules: [relentlessBlows] };
    const target = { wounds: 2, resolve: 3, markers: 1 };
    const exact = targetOutcome({ attack, ...target });
    const dice = seededDice(createRng('fate'));
    const fate = { slain: 0, broken: 0, unharmed: 0, woundedOnly: 0 };
    for (let i = 0; i < samples; i++) {
      const w = rollAttack(dice, attack).wounds;
      if (w === 0) fate.unharmed++;
      else if (target.markers + w < target.wounds) fate.woundedOnly++;
      else fate[resolveTest(dice, { markers: target.markers + w, wounds: target.wounds, resolve: target.resolve, broken: false }).outcome]++;
    }
    for (const k of ['slain', 'broken', 'unharmed', 'woundedOnly'] as const) {
      const p = exact[k];
      expect(Math.abs(fate[k] / samples - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / samples) + 1 / samples);
    }
  });
});
