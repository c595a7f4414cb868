import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockHits, compileAttack, compileHits, createRng, resolveTest, rollAttack, rollHits, rollWounds, scriptedDice, seededDice, type AttackOptions, type FaceRule } from '../../src/dice/index.js';

const relentlessBlows: FaceRule = { on: 'attack', face: 1, effect: 'extraAttack' };
const parry: FaceRule = { on: 'attack', face: 1, effect: 'reroll' };

describe('the rules text worked examples', () => {
  it('first example: 4 attacks, Clash 2, Defense 3 — hits 2 and 3, block 3 negates 3, blocks 4 and 6 fail', () => {
    const dice = scriptedDice([4, 2, 6, 3, 3, 4, 6]);
    const r = rollAttack(dice, { dice: 4, hitCap: 2, blockDice: 3 });
    expect(r.attackRolls).toEqual([4, 2, 6, 3]);
    expect(r.hits).toEqual([2, 3]);
    expect(r.blockRolls).toEqual([3, 4, 6]);
    expect(r.blocked).toEqual([{ block: 3, hit: 3 }]);
    expect(r.wounds).toBe(1);
    expect(r.diceRolled).toBe(7);
    expect(dice.remaining()).toBe(0);
  });

  it('second example: Relentless Blows + Parry on a 1 — the extra attack 3 and the re-roll 1→4, hits 2 and 3', () => {
    // Draw order: primary roll, re-rolls, extra attacks, then blocks.
    const dice = scriptedDice([1, 2, 5, 4, 3, 3, 4, 6]);
    const r = rollAttack(dice, { dice: 3, hitCap: 2, blockDice: 3, attackRules: [relentlessBlows, parry] });
    expect(r.attackRolls).toEqual([1, 2, 5]);
    expect(r.rerolls).toEqual([{ index: 0, from: 1, to: 4 }]);
    expect(r.extraAttackRolls).toEqual([3]);
    expect(r.finalAttack).toEqual([4, 2, 5, 3]);
    expect(r.hits).toEqual([2, 3]);
    expect(r.blocked).toEqual([{ block: 3, hit: 3 }]);
    expect(r.wounds).toBe(1);
    expect(r.diceRolled).toBe(8);
  });
});

describe('R6: a 6 always fails', () => {
  it('attack 6s are never hits, even below the cap', () => {
    const r = rollAttack(scriptedDice([6, 6, 1]), { dice: 3, hitCap: 3, blockDice: 0 });
    expect(r.hits).toEqual([1]);
    expect(r.wounds).toBe(1);
  });
  it('block 6s never block', () => {
    expect(blockHits([5, 5], [6, 6, 5]).wounds).toBe(1);
    const r = rollAttack(scriptedDice([5, 6, 6]), { dice: 1, hitCap: 1, blockDice: 2 });
    expect(r.wounds).toBe(1);
  });
});

describe('R7: hits and face triggers', () => {
  it('the lowest non-6 results up to the cap are the hits', () => {
    const r = rollAttack(scriptedDice([5, 1, 4, 2, 6]), { dice: 5, hitCap: 2, blockDice: 0 });
    expect(r.hits).toEqual([1, 2]);
    expect(r.wounds).toBe(2);
  });
  it('fewer non-6 results than the cap: all of them are hits', () => {
    const r = rollAttack(scriptedDice([6, 3, 6]), { dice: 3, hitCap: 5, blockDice: 0 });
    expect(r.hits).toEqual([3]);
  });
  it('a re-rolled die is never re-rolled again (no re-roll of a re-roll)', () => {
    const dice = scriptedDice([1, 1, 3]);
    const r = rollAttack(dice, { dice: 1, hitCap: 1, blockDice: 0, attackRules: [parry] });
    expect(r.rerolls).toEqual([{ index: 0, from: 1, to: 1 }]);
    expect(r.hits).toEqual([1]);
    expect(dice.remaining()).toBe(1);
  });
  it('several re-roll rules on one face still re-roll once', () => {
    const dice = scriptedDice([1, 5, 2]);
    const r = rollAttack(dice, { dice: 1, hitCap: 1, blockDice: 0, attackRules: [parry, parry, { on: 'attack', face: 1, effect: 'reroll' }] });
    expect(r.rerolls).toHaveLength(1);
    expect(r.finalAttack).toEqual([5]);
    expect(dice.remaining()).toBe(1);
  });
  it('each extraAttack rule on a face adds one die; extra dice trigger nothing', () => {
    const dice = scriptedDice([1, 2, 1, 1, 1]);
    const r = rollAttack(dice, { dice: 2, hitCap: 5, blockDice: 0, attackRules: [relentlessBlows, relentlessBlows] });
    expect(r.attackRolls).toEqual([1, 2]);
    expect(r.extraAttackRolls).toEqual([1, 1]); // the extra 1s add nothing more
    expect(r.finalAttack).toEqual([1, 2, 1, 1]);
    expect(dice.remaining()).toBe(1);
  });
  it('re-rolls happen in die order before the extra dice', () => {
    const r = rollAttack(scriptedDice([2, 1, 2, 5, 4, 3]), {
      dice: 3,
      hitCap: 5,
      blockDice: 0,
      attackRules: [
        { on: 'attack', face: 2, effect: 'reroll' },
        { on: 'attack', face: 1, effect: 'extraAttack' },
      ],
    });
    expect(r.rerolls).toEqual([
      { index: 0, from: 2, to: 5 },
      { index: 2, from: 2, to: 4 },
    ]);
    expect(r.extraAttackRolls).toEqual([3]);
    expect(r.finalAttack).toEqual([5, 1, 4, 3]);
  });
});

describe('R8: blocks', () => {
  it('a block negates a hit of equal or higher value only', () => {
    expect(blockHits([3], [3]).wounds).toBe(0);
    expect(blockHits([3], [4]).wounds).toBe(1);
    expect(blockHits([3], [1]).wounds).toBe(0);
  });
  it('the number negated is the maximum matching', () => {
    // Block 2 on hit 5 would leave block 4 nothing; the maximum is 2.
    expect(blockHits([5, 2], [2, 4])).toEqual({
      blocked: [
        { block: 2, hit: 2 },
        { block: 4, hit: 5 },
      ],
      wounds: 0,
    });
    expect(blockHits([1, 3], [3, 1]).wounds).toBe(0);
    expect(blockHits([1, 1, 4], [2, 2, 2]).wounds).toBe(2);
  });
  it('the defender may roll more block dice than hits', () => {
    const r = rollAttack(scriptedDice([4, 6, 5, 5, 4]), { dice: 1, hitCap: 1, blockDice: 4 });
    expect(r.blockRolls).toHaveLength(4);
    expect(r.blocked).toEqual([{ block: 4, hit: 4 }]);
    expect(r.wounds).toBe(0);
  });
  it('blockHits equals a brute-force maximum matching', () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }), fc.array(face, { maxLength: 5 }), (hits, blocks) => {
        const { blocked, wounds } = blockHits(hits, blocks);
        expect(wounds).toBe(hits.length - bruteMatching(hits, blocks));
        for (const pair of blocked) expect(pair.block).toBeLessThanOrEqual(pair.hit);
        expect(blocked.every((b) => b.block !== 6)).toBe(true);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
  it('reroll and extraBlock rules act on the block dice', () => {
    const dice = scriptedDice([5, 4, 1, 6, 3, 2]);
    // Hit 5 and 4; blocks: primary 1 and 6; the 6 is re-rolled into 3; the 1 adds an extra block die: 2.
    const r = rollAttack(dice, {
      dice: 2,
      hitCap: 2,
      blockDice: 2,
      blockRules: [
        { on: 'block', face: 6, effect: 'reroll' },
        { on: 'block', face: 1, effect: 'extraBlock' },
      ],
    });
    expect(r.blockRolls).toEqual([1, 6]);
    expect(r.blockRerolls).toEqual([{ index: 1, from: 6, to: 3 }]);
    expect(r.extraBlockRolls).toEqual([2]);
    expect(r.finalBlock).toEqual([1, 3, 2]);
    expect(r.wounds).toBe(0);
    expect(r.diceRolled).toBe(6);
  });
});

describe('R9–R11: Resolve tests', () => {
  it('pass on a roll ≤ Resolve: Broken!, markers drop to Wounds − 1', () => {
    expect(resolveTest(scriptedDice([2]), { markers: 3, wounds: 3, resolve: 2, broken: false })).toEqual({
      roll: 2,
      effectiveResolve: 2,
      outcome: 'broken',
      markersAfter: 2,
    });
    expect(resolveTest(scriptedDice([3]), { markers: 3, wounds: 3, resolve: 2, broken: false }).outcome).toBe('slain');
  });
  it('R10 Overkill: the rules example, a Men-at-Arms (Wounds 1, Resolve 2) suffering 2 wounds tests on 1', () => {
    const pass = resolveTest(scriptedDice([1]), { markers: 2, wounds: 1, resolve: 2, broken: false });
    expect(pass).toEqual({ roll: 1, effectiveResolve: 1, outcome: 'broken', markersAfter: 0 });
    expect(resolveTest(scriptedDice([2]), { markers: 2, wounds: 1, resolve: 2, broken: false }).outcome).toBe('slain');
    expect(resolveTest(scriptedDice([2]), { markers: 2, wounds: 1, resolve: 2, broken: false, overkill: false }).outcome).toBe('broken');
  });
  it('R10: effective Resolve ≤ 0 fails without a roll', () => {
    const dice = scriptedDice([1]);
    expect(resolveTest(dice, { markers: 4, wounds: 1, resolve: 3, broken: false })).toEqual({
      roll: null,
      effectiveResolve: 0,
      outcome: 'slain',
      markersAfter: 4,
    });
    expect(dice.remaining()).toBe(1);
  });
  it('R11: a Broken! warrior fails automatically without rolling', () => {
    const dice = scriptedDice([1]);
    const r = resolveTest(dice, { markers: 2, wounds: 2, resolve: 6, broken: true });
    expect(r.outcome).toBe('slain');
    expect(r.roll).toBeNull();
    expect(dice.remaining()).toBe(1);
  });
  it('no test is due below Wounds', () => {
    expect(() => resolveTest(scriptedDice([1]), { markers: 1, wounds: 2, resolve: 3, broken: false })).toThrow(/no Resolve test is due/);
  });
});

describe('R13 Outnumbered, R14 Inspired!, R15 Aimed!, R22 Obscured', () => {
  it('R13: Outnumbered rolls one more attack die (knob outnumberedBonus)', () => {
    expect(rollAttack(scriptedDice([1, 2, 3]), { dice: 2, hitCap: 3, blockDice: 0, outnumbered: true }).attackRolls).toEqual([1, 2, 3]);
    const r = rollAttack(scriptedDice([1, 2, 3, 4]), { dice: 2, hitCap: 4, blockDice: 0, outnumbered: true, outnumberedBonus: 2 });
    expect(r.attackRolls).toHaveLength(4);
  });
  it('R14: Inspired! re-rolls attack 6s, once', () => {
    const dice = scriptedDice([6, 3, 6, 4]);
    const r = rollAttack(dice, { dice: 2, hitCap: 2, blockDice: 1, inspired: true });
    expect(r.rerolls).toEqual([{ index: 0, from: 6, to: 6 }]);
    expect(r.hits).toEqual([3]);
    expect(r.blockRolls).toEqual([4]);
    expect(r.wounds).toBe(1);
    // A re-roll rule on 6 as well still re-rolls once.
    const both = rollAttack(scriptedDice([6, 2]), { dice: 1, hitCap: 1, blockDice: 0, inspired: true, attackRules: [{ on: 'attack', face: 6, effect: 'reroll' }] });
    expect(both.finalAttack).toEqual([2]);
    expect(both.diceRolled).toBe(2);
  });
  it('R15: Aimed! adds one barrage die (knob aimedBonus)', () => {
    expect(rollAttack(scriptedDice([5, 5, 5]), { dice: 2, hitCap: 2, blockDice: 0, aimed: true }).attackRolls).toEqual([5, 5, 5]);
    expect(rollAttack(scriptedDice([5, 5, 5, 5]), { dice: 2, hitCap: 2, blockDice: 0, aimed: true, aimedBonus: 2 }).diceRolled).toBe(4);
  });
  it('R22: Obscured adds one block die', () => {
    const r = rollAttack(scriptedDice([4, 6, 6, 4]), { dice: 1, hitCap: 1, blockDice: 2, obscured: true });
    expect(r.blockRolls).toEqual([6, 6, 4]);
    expect(r.wounds).toBe(0);
  });
});

describe('R16: inflicted hits (Impact X)', () => {
  it('rolls X dice, discards 6s, no cap; then blocks as usual', () => {
    const dice = scriptedDice([6, 2, 5, 1, 2, 6]);
    const r = rollHits(dice, { hits: 4, blockDice: 2 });
    expect(r.hits).toEqual([1, 2, 5]);
    expect(r.blockRolls).toEqual([2, 6]);
    expect(r.blocked).toEqual([{ block: 2, hit: 2 }]);
    expect(r.wounds).toBe(2);
    expect(dice.remaining()).toBe(0);
  });
});

describe('scripted dice and validation', () => {
  it('scriptedDice rejects a value that is not 1..6 and throws when exhausted', () => {
    expect(() => scriptedDice([1, 7])).toThrow(/result 1 is 7/);
    expect(() => scriptedDice([0])).toThrow(/1\.\.6/);
    expect(() => scriptedDice([2.5])).toThrow(/1\.\.6/);
    const dice = scriptedDice([3]);
    expect(dice.d6()).toBe(3);
    expect(() => dice.d6()).toThrow(/all 1 scripted results are used/);
  });
  it('rules must act on the dice they are given to', () => {
    const wrong = { on: 'block', face: 1, effect: 'extraBlock' } as FaceRule;
    expect(() => rollAttack(scriptedDice([1]), { dice: 1, hitCap: 1, blockDice: 0, attackRules: [wrong] })).toThrow(/attack dice/);
    expect(() => rollAttack(scriptedDice([1]), { dice: 1, hitCap: 1, blockDice: 0, blockRules: [relentlessBlows] })).toThrow(/block dice/);
    expect(() => rollAttack(scriptedDice([1]), { dice: -1, hitCap: 1, blockDice: 0 })).toThrow(RangeError);
  });
});

describe('rollWounds (the hot path) draws exactly what rollAttack draws', () => {
  const rule = fc.record({
    on: fc.constant('attack' as const),
    face: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<FaceRule['face']>,
    effect: fc.constantFrom('reroll' as const, 'extraAttack' as const),
  });
  const blockRule = fc.record({
    on: fc.constant('block' as const),
    face: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<FaceRule['face']>,
    effect: fc.constantFrom('reroll' as const, 'extraBlock' as const),
  });
  const options: fc.Arbitrary<AttackOptions> = fc.record({
    dice: fc.integer({ min: 0, max: 10 }),
    hitCap: fc.integer({ min: 0, max: 6 }),
    blockDice: fc.integer({ min: 0, max: 6 }),
    attackRules: fc.array(rule, { maxLength: 3 }),
    blockRules: fc.array(blockRule, { maxLength: 2 }),
    outnumbered: fc.boolean(),
    inspired: fc.boolean(),
    aimed: fc.boolean(),
    obscured: fc.boolean(),
  });
  it('same wounds and the same number of dice from the same stream', () => {
    fc.assert(
      fc.property(options, fc.string(), (opts, seed) => {
        const a = seededDice(createRng(seed));
        const b = seededDice(createRng(seed));
        const compiled = compileAttack(opts);
        for (let i = 0; i < 20; i++) {
          const record = rollAttack(a, opts);
          expect(rollWounds(b, compiled)).toBe(record.wounds);
          expect(b.rolled).toBe(a.rolled);
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
  it('compileHits matches rollHits', () => {
    const a = seededDice(createRng('impact'));
    const b = seededDice(createRng('impact'));
    const c = compileHits({ hits: 3, blockDice: 2 });
    for (let i = 0; i < 200; i++) expect(rollWounds(b, c)).toBe(rollHits(a, { hits: 3, blockDice: 2 }).wounds);
  });
});

/** The largest number of hits that can be negated, by trying every assignment. */
function bruteMatching(hits: number[], blocks: number[]): number {
  const best = (i: number, used: boolean[]): number => {
    if (i === hits.length) return 0;
    let m = best(i + 1, used); // hit i not negated
    for (let j = 0; j < blocks.length; j++) {
      if (used[j] || blocks[j] === 6 || blocks[j] > hits[i]) continue;
      used[j] = true;
      m = Math.max(m, 1 + best(i + 1, used));
      used[j] = false;
    }
    return m;
  };
  return best(
    0,
    blocks.map(() => false),
  );
}
