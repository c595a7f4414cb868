/** The attack sequence in play, reached through Clash (engine/combat.ts, engine/rules/clash.ts; R9–R13). */
import { describe, expect, it } from 'vitest';
import { attackOptionsFor, profileAttackOptions, type AttackSpec } from '../../src/engine/index.js';
import type { GameEvent } from '../../src/engine/types.js';
import { BUILT_IN_SPECIAL_RULES } from '../../src/rules/index.js';
import { attacks, skirmish } from './harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;
const R = 27 / 25.4 / 2;

describe('the attack sequence in play', () => {
  it('Outnumbered: one more Attack die when another friendly warrior engages the target and no other enemy (R13)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 10 + 2 * NEAR },
        { player: 1, x: 10, y: 10 + NEAR },
      ],
      dice: [6, 6, 6, 6, 6, 6], // 4 attack dice, then Defense 2
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    const [a] = attacks(sk.events);
    expect(a.outnumbered).toBe(true);
    expect(a.rolls.attackRolls).toHaveLength(4);
  });

  it('no Outnumbered when the assistant is Broken! or engaged with another enemy (R13)', () => {
    for (const variant of ['broken', 'busy'] as const) {
      const warriors = [
        { player: 0 as const, x: 10, y: 10 },
        { player: 0 as const, x: 10, y: 10 + 2 * NEAR },
        { player: 1 as const, x: 10, y: 10 + NEAR },
      ];
      if (variant === 'busy') warriors.push({ player: 1, x: 10 + NEAR, y: 10 + 2 * NEAR });
      const sk = skirmish({ warriors, dice: [6, 6, 6, 6, 6] });
      if (variant === 'broken') sk.w(1).broken = true;
      sk.activate(0);
      sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
      expect(attacks(sk.events)[0].outnumbered).toBe(false);
      expect(attacks(sk.events)[0].rolls.attackRolls).toHaveLength(3);
    }
  });

  it('Clash splits Attacks among enemies in range, each attacked separately', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
      dice: [6, 6, 6, 6, 6, 6, 6], // 2 attacks + 2 blocks, 1 attack + 2 blocks
    });
    sk.activate(0);
    sk.act({
      type: 'clash',
      split: [
        { target: sk.ids[1], dice: 2 },
        { target: sk.ids[2], dice: 1 },
      ],
    });
    const as = attacks(sk.events);
    expect(as.map((a) => a.rolls.attackRolls.length)).toEqual([2, 1]);
  });

  it('wounds reach Wounds: a passed Resolve test leaves Wounds − 1 markers, Broken!, Driven Back 2" directly away (R9, R12)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { wounds: 2, resolve: 3, defense: 0 } },
      ],
      // hits 1 and 2, no blocks -> 2 wounds -> Resolve 3 (no Overkill) -> roll 3 passes.
      dice: [1, 2, 6, 3],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    const t = sk.w(1);
    expect(t.broken).toBe(true);
    expect(t.markers).toBe(1);
    expect(t.x).toBeCloseTo(10);
    expect(t.y - sk.w(0).y - 2 * R).toBeCloseTo(2);
  });

  it('Overkill lowers Resolve by each marker beyond Wounds; a Broken! warrior fails automatically (R10, R11)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { wounds: 1, resolve: 2, defense: 0 } },
      ],
      // 2 wounds on Wounds 1 -> effective Resolve 1 -> roll 2 fails -> slain.
      dice: [1, 2, 6, 2],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    expect(sk.w(1).status).toBe('slain');
    const test = sk.events.find((e) => e.type === 'resolveTest') as Extract<GameEvent, { type: 'resolveTest' }>;
    expect(test.needed).toBe(1);

    const b = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0 } },
      ],
      dice: [1, 6, 6],
    });
    b.w(1).broken = true;
    b.activate(0);
    b.act({ type: 'clash', split: [{ target: b.ids[1], dice: 3 }] });
    expect(b.w(1).status).toBe('slain');
    expect(b.dice.remaining()).toBe(0); // no Resolve die was rolled
  });
});

describe('profileAttackOptions: an attack of one profile on another, no game', () => {
  it("is attackOptionsFor of warriors of those profiles with no Command Ability in force, whatever the ruleset's block choice (R8, R16)", () => {
    const rule = (name: string) => BUILT_IN_SPECIAL_RULES[name];
    for (const blockChoice of ['larger', 'defense', 'evasion'] as const) {
      const sk = skirmish({
        ruleset: { blockChoice },
        warriors: [
          { player: 0, x: 10, y: 10, profile: { specialRules: [rule('Relentless Blows'), rule('Deflect')], defense: 1, evasion: 3 } },
          { player: 1, x: 30, y: 30, profile: { name: 'Guard', specialRules: [rule('Parry'), rule('Shield Wall')], defense: 3, evasion: 0 } },
        ],
      });
      for (const [a, t] of [
        [0, 1],
        [1, 0],
      ]) {
        const spec: AttackSpec = { action: 'clash', dice: 4, hitCap: 2, outnumbered: true, inspired: false, aimed: true, obscured: false };
        const live = attackOptionsFor(sk.s, sk.w(a), sk.w(t), spec);
        expect(profileAttackOptions(sk.s.match.ruleset, sk.w(a).profile, sk.w(t).profile, spec)).toEqual(live);
        // Not empty answers: each side's own block rule, and the first's Relentless Blows with the Guard's Parry.
        expect(live.blockRules).toHaveLength(1);
        expect(live.attackRules).toHaveLength(a === 0 ? 2 : 0);
      }
    }
  });
});
