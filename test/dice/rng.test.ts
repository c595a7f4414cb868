import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childRng, createRng, deriveSeed, restoreRng, rollAttack, seededDice } from '../../src/dice/index.js';

const draw = (rng: { next(): number }, n: number) => Array.from({ length: n }, () => rng.next());

describe('seeded streams', () => {
  it('same seed, same rolls; different seeds, different rolls', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(draw(createRng(seed), 20)).toEqual(draw(createRng(seed), 20));
      }),
      { seed: 1, numRuns: 100 },
    );
    expect(draw(createRng('a'), 5)).not.toEqual(draw(createRng('b'), 5));
  });

  it('values are in [0, 1) and d6 in 1..6, counted', () => {
    const rng = createRng('range');
    for (const x of draw(rng, 1000)) expect(x >= 0 && x < 1).toBe(true);
    const dice = seededDice(createRng('d6'));
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) seen.add(dice.d6());
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(dice.rolled).toBe(600);
  });

  it('same seed gives the same attack records', () => {
    const opts = { dice: 5, hitCap: 2, blockDice: 3, attackRules: [{ on: 'attack' as const, face: 1 as const, effect: 'extraAttack' as const }] };
    const a = seededDice(createRng('same'));
    const b = seededDice(createRng('same'));
    for (let i = 0; i < 50; i++) expect(rollAttack(a, opts)).toEqual(rollAttack(b, opts));
  });

  it('a stream restored from its state continues exactly', () => {
    const rng = createRng('checkpoint');
    draw(rng, 17);
    const saved = rng.state();
    const ahead = draw(rng, 10);
    expect(draw(restoreRng(saved), 10)).toEqual(ahead);
  });
});

describe('deriveSeed and child streams', () => {
  it('is a pure function of its inputs', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.oneof(fc.string(), fc.integer())), (seed, names) => {
        expect(deriveSeed(seed, ...names)).toBe(deriveSeed(seed, ...names));
        expect(deriveSeed(seed, ...names)).toMatch(/^[0-9a-f]{32}$/);
      }),
      { seed: 2, numRuns: 200 },
    );
  });

  it('tells names apart: order, strings vs numbers, joined vs separate', () => {
    const seeds = [
      deriveSeed('s'),
      deriveSeed('s', 'a', 'b'),
      deriveSeed('s', 'b', 'a'),
      deriveSeed('s', 'a,b'),
      deriveSeed('s', 1),
      deriveSeed('s', '1'),
      deriveSeed('s1'),
      deriveSeed('t', 'a', 'b'),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('child streams do not depend on the order they are drawn in', () => {
    const diceFirst = childRng('game-7', 'dice');
    const diceFirstDraws = draw(diceFirst, 10);
    const setupAfter = draw(childRng('game-7', 'setup'), 10);

    const setupFirst = childRng('game-7', 'setup');
    const setupFirstDraws = draw(setupFirst, 10);
    draw(childRng('game-7', 'player-1'), 100);
    const diceAfter = draw(childRng('game-7', 'dice'), 10);

    expect(diceAfter).toEqual(diceFirstDraws);
    expect(setupFirstDraws).toEqual(setupAfter);
    expect(diceFirstDraws).not.toEqual(setupAfter);
  });

  it('childRng(seed, name) is createRng(deriveSeed(seed, name))', () => {
    expect(draw(childRng('x', 'dice'), 5)).toEqual(draw(createRng(deriveSeed('x', 'dice')), 5));
  });
});
