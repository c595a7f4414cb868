import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileAttack,
  convolve,
  createRng,
  inflictedWoundDistribution,
  regimentAttacks,
  regimentOutcome,
  regimentWoundDistribution,
  resolveTest,
  rollAttack,
  rollRegiment,
  rollWounds,
  seededDice,
  sequenceOutcome,
  targetOutcome,
  woundDistribution,
  type AttackOptions,
  type Dice,
  type TargetState,
} from '../../src/dice/index.js';
import { enumerateOutcomes } from './enumerate.js';

type Fate = 'slain' | 'broken' | 'woundedOnly' | 'unharmed';

/**
 * The attack sequence played die by die, as the engine's sufferWounds plays
 * it: markers carry over, a pass leaves Wounds − 1 and Broken!, a Broken!
 * target fails its next test, a slain target takes no more attacks.
 */
function playSequence(dice: Dice, attack: AttackOptions, warriors: number, t: TargetState): { total: number; fate: Fate } {
  let markers = t.markers ?? 0;
  let broken = t.broken ?? false;
  let made = false;
  let slain = false;
  let total = 0;
  for (let i = 0; i < warriors; i++) {
    const w = rollAttack(dice, attack).wounds;
    total += w;
    if (slain || w === 0) continue;
    markers += w;
    if (markers < t.wounds) continue;
    const r = resolveTest(dice, { markers, wounds: t.wounds, resolve: t.resolve, broken, overkill: t.overkill });
    if (r.outcome === 'slain') slain = true;
    else {
      markers = r.markersAfter;
      broken = made = true;
    }
  }
  return { total, fate: slain ? 'slain' : made ? 'broken' : total > 0 ? 'woundedOnly' : 'unharmed' };
}

describe('convolve', () => {
  it('adds independent counts', () => {
    const d = convolve([0.5, 0.5], [0.25, 0.75]);
    expect(d).toEqual([0.125, 0.5, 0.375]);
  });
});

describe('sequenceOutcome: one attack is targetOutcome', () => {
  it('for markers, Broken!, Overkill on and off', () => {
    const dist = [0.2, 0.3, 0.25, 0.15, 0.1];
    for (const wounds of [1, 2, 3])
      for (const resolve of [0, 1, 3, 6])
        for (let markers = 0; markers < wounds; markers++)
          for (const broken of [false, true])
            for (const overkill of [false, true]) {
              const t = { wounds, resolve, markers, broken, overkill };
              const a = sequenceOutcome([dist], t);
              const b = targetOutcome({ attack: dist, ...t });
              for (const k of ['slain', 'broken', 'woundedOnly', 'unharmed'] as const) expect(a[k]).toBeCloseTo(b[k], 14);
            }
  });
});

describe('sequenceOutcome by hand (R9–R11)', () => {
  const one = [0, 1]; // exactly one wound
  it('two single wounds on Wounds 2, Resolve 3: one test at the second', () => {
    const o = sequenceOutcome([one, one], { wounds: 2, resolve: 3 });
    expect(o.slain).toBeCloseTo(0.5, 14);
    expect(o.broken).toBeCloseTo(0.5, 14);
  });
  it('a Broken! target fails its next test without a roll: the third wound slays', () => {
    expect(sequenceOutcome([one, one, one], { wounds: 2, resolve: 3 }).slain).toBeCloseTo(1, 14);
  });
  it('Overkill counts only the markers of this test (R10)', () => {
    // 2 wounds on Wounds 1: Resolve 6 − 1 = 5.
    expect(sequenceOutcome([[0, 0, 1]], { wounds: 1, resolve: 6 }).broken).toBeCloseTo(5 / 6, 14);
    expect(sequenceOutcome([[0, 0, 1]], { wounds: 1, resolve: 6, overkill: false }).broken).toBeCloseTo(1, 14);
    // Wounds 3, Resolve 4: 2 wounds, then 3 (5 markers: Overkill 2, test on 2), then nothing more.
    const o = sequenceOutcome(
      [
        [0, 0, 1],
        [0, 0, 0, 1],
      ],
      { wounds: 3, resolve: 4 },
    );
    expect(o.broken).toBeCloseTo(2 / 6, 14);
    expect(o.slain).toBeCloseTo(4 / 6, 14);
  });
  it('no wound at all: unharmed; wounds below Wounds: wounded only', () => {
    const o = sequenceOutcome(
      [
        [0.5, 0.5],
        [0.5, 0.5],
      ],
      { wounds: 3, resolve: 2 },
    );
    expect(o.unharmed).toBeCloseTo(0.25, 14);
    expect(o.woundedOnly).toBeCloseTo(0.75, 14);
  });
  it('an already Broken! target is never "made Broken!" again', () => {
    const o = sequenceOutcome([one, one], { wounds: 2, resolve: 6, broken: true });
    expect(o.slain).toBeCloseTo(1, 14);
    expect(o.broken).toBe(0);
  });
});

describe('regiment odds equal every die sequence of the attack sequence', () => {
  const cases: { attack: AttackOptions; warriors: number; target: TargetState }[] = [
    { attack: { dice: 1, hitCap: 1, blockDice: 0 }, warriors: 3, target: { wounds: 2, resolve: 3 } },
    { attack: { dice: 1, hitCap: 1, blockDice: 1 }, warriors: 2, target: { wounds: 2, resolve: 2 } },
    { attack: { dice: 2, hitCap: 2, blockDice: 0 }, warriors: 2, target: { wounds: 1, resolve: 5, markers: 0 } },
    { attack: { dice: 1, hitCap: 2, blockDice: 0, attackRules: [{ on: 'attack', face: 1, effect: 'extraAttack' }] }, warriors: 2, target: { wounds: 3, resolve: 4, markers: 1 } },
    { attack: { dice: 2, hitCap: 1, blockDice: 0 }, warriors: 2, target: { wounds: 2, resolve: 6, broken: true } },
    { attack: { dice: 2, hitCap: 2, blockDice: 0 }, warriors: 2, target: { wounds: 2, resolve: 4, overkill: false } },
  ];
  it('P(total wounds) and the target fate, exactly', () => {
    for (const c of cases) {
      const dist: number[] = [];
      const fate = { slain: 0, broken: 0, woundedOnly: 0, unharmed: 0 };
      for (const { value, p } of enumerateOutcomes((d) => playSequence(d, c.attack, c.warriors, c.target))) {
        dist[value.total] = (dist[value.total] ?? 0) + p;
        fate[value.fate] += p;
      }
      const exact = regimentWoundDistribution(c);
      for (let k = 0; k < Math.max(exact.length, dist.length); k++) expect(exact[k] ?? 0).toBeCloseTo(dist[k] ?? 0, 10);
      const o = regimentOutcome(c);
      for (const k of Object.keys(fate) as Fate[]) expect(o[k]).toBeCloseTo(fate[k], 10);
    }
  });
});

describe('regiment odds against a Monte Carlo of the attack sequence', () => {
  it('rollRegiment, the dice command sampler, rolls what the sequence played die by die rolls, from the same stream', () => {
    const attack: AttackOptions = { dice: 4, hitCap: 3, blockDice: 2, attackRules: [{ on: 'attack', face: 1, effect: 'extraAttack' }] };
    const compiled = compileAttack(attack);
    const targets: TargetState[] = [
      { wounds: 3, resolve: 3 },
      { wounds: 2, resolve: 4, markers: 1, overkill: false },
      { wounds: 4, resolve: 2, broken: true },
    ];
    for (const target of targets) {
      const a = seededDice(createRng(`rollRegiment-${target.wounds}`));
      const b = seededDice(createRng(`rollRegiment-${target.wounds}`));
      for (let i = 0; i < 2_000; i++) {
        const want = playSequence(a, attack, 3, target);
        expect(rollRegiment(b, compiled, 3, target)).toEqual({ wounds: want.total, fate: want.fate });
      }
    }
    const a = seededDice(createRng('no target'));
    const b = seededDice(createRng('no target'));
    for (let i = 0; i < 500; i++) {
      const want = [0, 1, 2].reduce((t) => t + rollAttack(a, attack).wounds, 0);
      expect(rollRegiment(b, compiled, 3)).toEqual({ wounds: want, fate: null });
    }
  });

  it('4 warriors, Relentless Blows, against Wounds 4, Resolve 2 (60,000 sequences, 4 standard errors)', () => {
    const attack: AttackOptions = { dice: 3, hitCap: 3, blockDice: 2, attackRules: [{ on: 'attack', face: 1, effect: 'extraAttack' }] };
    const target = { wounds: 4, resolve: 2 };
    const n = 60_000;
    const dice = seededDice(createRng('regiment-mc'));
    const fate = { slain: 0, broken: 0, woundedOnly: 0, unharmed: 0 };
    const totals: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = playSequence(dice, attack, 4, target);
      fate[r.fate]++;
      totals[r.total] = (totals[r.total] ?? 0) + 1;
    }
    const o = regimentOutcome({ attack, warriors: 4, target });
    for (const k of Object.keys(fate) as Fate[]) {
      const p = o[k];
      expect(Math.abs(fate[k] / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
    }
    const d = regimentWoundDistribution({ attack, warriors: 4 });
    d.forEach((p, k) => expect(Math.abs((totals[k] ?? 0) / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9));
  });

  it('invariant: outcomes sum to 1 and P(slain) never falls with another warrior', () => {
    const arb = fc.record({
      dice: fc.integer({ min: 0, max: 5 }),
      hitCap: fc.integer({ min: 0, max: 4 }),
      blockDice: fc.integer({ min: 0, max: 4 }),
      warriors: fc.integer({ min: 1, max: 5 }),
      wounds: fc.integer({ min: 1, max: 5 }),
      resolve: fc.integer({ min: 0, max: 6 }),
      overkill: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, (x) => {
        const attack = { dice: x.dice, hitCap: x.hitCap, blockDice: x.blockDice };
        const target = { wounds: x.wounds, resolve: x.resolve, overkill: x.overkill };
        const a = regimentOutcome({ attack, warriors: x.warriors, target });
        const b = regimentOutcome({ attack, warriors: x.warriors + 1, target });
        expect(a.slain + a.broken + a.woundedOnly + a.unharmed).toBeCloseTo(1, 12);
        expect(b.slain).toBeGreaterThanOrEqual(a.slain - 1e-12);
      }),
      { seed: 19, numRuns: 200 },
    );
  });
});

describe('Impact X (R16): each warrior charges, then attacks', () => {
  it('interleaves the impact hits and the attacks, blocked by the same dice', () => {
    const attack: AttackOptions = { dice: 3, hitCap: 2, blockDice: 2, blockRules: [{ on: 'block', face: 2, effect: 'extraBlock' }] };
    const list = regimentAttacks({ attack, warriors: 2, impact: 2 });
    const impact = inflictedWoundDistribution({ hits: 2, blockDice: 2, blockRules: attack.blockRules });
    expect(list).toEqual([impact, woundDistribution(attack), impact, woundDistribution(attack)]);
  });
  it('the Monte Carlo of Charge then Clash agrees', () => {
    const attack: AttackOptions = { dice: 2, hitCap: 2, blockDice: 1 };
    const target = { wounds: 3, resolve: 2 };
    const o = regimentOutcome({ attack, warriors: 1, impact: 1, target });
    const dice = seededDice(createRng('impact'));
    const compiled = compileAttack(attack);
    const hits = compileAttack({ dice: 1, hitCap: 1, blockDice: 1 });
    const n = 100_000;
    let slain = 0;
    for (let i = 0; i < n; i++) {
      let markers = 0;
      let broken = false;
      let dead = false;
      for (const c of [hits, compiled]) {
        const w = rollWounds(dice, c);
        if (dead || w === 0) continue;
        markers += w;
        if (markers < target.wounds) continue;
        const r = resolveTest(dice, { markers, ...target, broken });
        if (r.outcome === 'slain') dead = true;
        else [markers, broken] = [r.markersAfter, true];
      }
      if (dead) slain++;
    }
    expect(Math.abs(slain / n - o.slain)).toBeLessThanOrEqual(4 * Math.sqrt((o.slain * (1 - o.slain)) / n));
  });
});
