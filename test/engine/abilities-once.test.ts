/**
 * R43 for face rules: the same Command Ability from two sources applies
 * once, whether it modifies a characteristic (test/engine/rulings.test.ts) or
 * adds a face rule to the dice (R7: every extra rule on a face adds a die, so
 * a rule counted twice would add two).
 */
import { describe, expect, it } from 'vitest';
import type { FaceRule } from '../../src/dice/types.js';
import { activeFaceRules } from '../../src/engine/abilities.js';
import type { GameEvent } from '../../src/engine/types.js';
import type { CommandAbilityDef } from '../../src/rules/types.js';
import { skirmish } from './harness.js';

const R = 27 / 25.4 / 2;
const fury: CommandAbilityDef = { name: 'Fury', target: 'friendly', effect: { kind: 'faceRule', rule: { on: 'attack', face: 1, effect: 'extraAttack' } } };
const frenzy: CommandAbilityDef = { name: 'Frenzy', target: 'friendly', effect: { kind: 'faceRule', rule: { on: 'attack', face: 1, effect: 'extraAttack' } } };

/**
 * Two characters of player 0 with the abilities named, both in Command Range
 * of a trooper (attacks 2) in contact with an enemy; both abilities used.
 * Dice: the trooper's two attack dice show 1, then every die after shows 5.
 */
function twoSources(abilities: [string, string]) {
  const sk = skirmish({
    warriors: [
      { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Chief A', commandAbilities: [abilities[0]] } },
      { player: 0, x: 14, y: 5, kind: 'character', profile: { name: 'Chief B', commandAbilities: [abilities[1]] } },
      { player: 0, x: 12, y: 8, profile: { attacks: 2, clash: 3 } },
      { player: 1, x: 12, y: 8 + 2 * R + 0.5, profile: { defense: 1 } },
    ],
    commandAbilities: [fury, frenzy],
    dice: [1, 1, ...Array<number>(20).fill(5)],
  });
  sk.game.apply({ kind: 'commandAbility', ability: abilities[0] });
  sk.game.apply({ kind: 'commandAbility', ability: abilities[1] });
  return sk;
}

/** The trooper Clashes the enemy with its 2 attacks: every attack die rolled, extras included. */
function clashRolls(sk: ReturnType<typeof twoSources>): number[] {
  sk.activate(2);
  sk.act({ type: 'clash', split: [{ target: sk.ids[3], dice: 2 }] });
  const a = sk.events.find((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack')!;
  expect(a).toBeDefined();
  // The primary roll, then the extra dice its faces added (R7).
  expect(a.rolls.attackRolls).toEqual([1, 1]);
  return a.rolls.finalAttack;
}

describe('R43: the same face-rule Command Ability from two sources applies once', () => {
  // Guards the once-only rule for face rules: were the second Fury applied too, each 1 would add two dice.
  it('two Furies in range: one extra attack die per 1, not two', () => {
    const sk = twoSources(['Fury', 'Fury']);
    expect(sk.s.abilities.filter((a) => a.name === 'Fury')).toHaveLength(2);
    const out: FaceRule[] = [];
    activeFaceRules(sk.s, sk.w(2), 'attack', out);
    expect(out).toEqual([fury.effect.kind === 'faceRule' && fury.effect.rule]);
    // Two dice showing 1, one extra die each: 4 attack dice in all.
    expect(clashRolls(sk)).toHaveLength(4);
  });

  // The other side: two different abilities with the same rule are two rules (R43 is about one ability from
  // two sources), so an ability is known by its name, not by what it does.
  it('Fury and Frenzy in range: two extra attack dice per 1', () => {
    const sk = twoSources(['Fury', 'Frenzy']);
    const out: FaceRule[] = [];
    activeFaceRules(sk.s, sk.w(2), 'attack', out);
    expect(out).toHaveLength(2);
    expect(clashRolls(sk)).toHaveLength(6);
  });
});
