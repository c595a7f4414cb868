import { describe, expect, it } from 'vitest';
import { IllegalChoiceError } from '../../src/engine/index.js';
import type { Decision, GameEvent } from '../../src/engine/types.js';
import { skirmish } from './harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;
const R = 27 / 25.4 / 2;

function legal(sk: ReturnType<typeof skirmish>): readonly string[] {
  const d = sk.game.pending() as Extract<Decision, { kind: 'action' }>;
  expect(d.kind).toBe('action');
  return d.legal;
}

function attacks(events: GameEvent[]) {
  return events.filter((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack');
}

describe('action legality (R17)', () => {
  it('an Engaged warrior may only take combat actions', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
    });
    sk.activate(0);
    expect(legal(sk)).toEqual(['reposition', 'inspire', 'clash', 'end']);
  });

  it('an unengaged warrior may only take out-of-combat actions; Volley and Take Aim need Barrage', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { barrage: { dice: 3, range: 12 } } },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    expect(legal(sk)).toEqual(['march', 'takeAim', 'volley', 'end']);
  });

  it('Rally only while Broken!; Charge only with an enemy in reach', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 15 },
      ],
    });
    sk.w(0).broken = true;
    sk.activate(0);
    expect(legal(sk)).toEqual(['march', 'charge', 'rally', 'end']);
  });

  it('never the same action twice, except March', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
      dice: [6, 6, 6, 6, 6],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    expect(legal(sk)).toEqual(['reposition', 'inspire', 'end']);
    expect(() => sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] })).toThrow(IllegalChoiceError);

    const m = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    m.activate(0);
    m.act({ type: 'march', x: 10, y: 30 });
    expect(legal(m)).toContain('march');
  });

  it('an illegal choice changes nothing and the same decision stands', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
    });
    sk.activate(0);
    const before = JSON.stringify(sk.s);
    expect(() => sk.act({ type: 'march', x: 20, y: 20 })).toThrow(IllegalChoiceError);
    expect(() => sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 2 }] })).toThrow(/add up to Attacks 3/);
    expect(JSON.stringify(sk.s)).toBe(before);
  });
});

describe('March (R17) and Charge (R18)', () => {
  it('moves the full March, then half rounded up on the second March; each decision says how far', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    const allowance = () => (sk.game.pending() as Extract<Decision, { kind: 'action' }>).marchAllowance;
    sk.activate(0);
    expect(allowance()).toBe(5);
    sk.act({ type: 'march', x: 10, y: 40 });
    expect(sk.w(0).y).toBeCloseTo(15);
    expect(allowance()).toBe(3); // ceil(5 / 2)
    sk.act({ type: 'march', x: 10, y: 40 });
    expect(sk.w(0).y).toBeCloseTo(18);
  });

  it('stops at the base it marches at and never overlaps it', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 13 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 13 });
    expect(sk.w(0).y).toBeCloseTo(13 - 2 * R);
    expect(sk.w(0).x).toBeCloseTo(10);
  });

  it('walks around a base in its way and never overlaps it (R41)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 13 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 20 });
    const w = sk.w(0);
    expect(Math.hypot(w.x - 10, w.y - 13)).toBeGreaterThanOrEqual(2 * R - 1e-9);
    // Past the friend, on the far side, having spent the whole March.
    expect(w.y).toBeGreaterThan(13);
    const move = sk.events.filter((e) => e.type === 'move').at(-1)!;
    expect(move.type === 'move' && move.via && move.via.length).toBeGreaterThan(0);
  });

  it('a Charge ends Engaged: Inspired!, Impact hits, and Inspired! re-rolls 6s in the Clash (R14, R16)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { specialRules: [{ kind: 'impact', name: 'Impact 2', hits: 2 }] } },
        { player: 1, x: 10, y: 14, profile: { wounds: 3, defense: 2 } },
      ],
      // Impact: hits rolled 3, 4; blocks 6, 3 -> 1 wound.
      // Clash: 6, 2, 3 -> 6 re-rolled to 4 -> hits 2, 3; blocks 3, 6 -> block 3 negates hit 3 -> 1 wound.
      dice: [3, 4, 6, 3, 6, 2, 3, 4, 3, 6],
    });
    sk.activate(0);
    sk.act({ type: 'charge', target: sk.ids[1] });
    expect(sk.w(0).y).toBeCloseTo(14 - 2 * R);
    expect(sk.s.activation?.inspired).toBe(true);
    expect(sk.w(1).markers).toBe(1);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    const [impact, clash] = attacks(sk.events);
    expect(impact.action).toBe('impact');
    expect(impact.rolls.hits).toEqual([3, 4]);
    expect(clash.rolls.finalAttack).toEqual([4, 2, 3]);
    expect(clash.rolls.hits).toEqual([2, 3]);
    expect(clash.rolls.wounds).toBe(1);
    expect(sk.w(1).markers).toBe(2);
    expect(sk.dice.remaining()).toBe(0);
  });

  it('a March that ends Engaged in a straight line is a Charge; entering Engagement Range may continue but not leave it', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 12, y: 14 },
      ],
    });
    sk.activate(0);
    // Straight up past the enemy: the move stops where it would leave its Engagement Range.
    sk.act({ type: 'march', x: 10, y: 15 });
    const w = sk.w(0);
    const gap = Math.hypot(w.x - 12, w.y - 14) - 2 * R;
    expect(gap).toBeLessThanOrEqual(1 + 1e-6);
    expect(sk.s.activation?.charged).toBe(true);
    expect(sk.events.some((e) => e.type === 'charge')).toBe(true);
  });
});

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

describe('Volley (R22, R23, R15)', () => {
  const archer = { barrage: { dice: 3, range: 12 }, volley: 2 };

  it('range is base edge to base edge; Aimed! adds a die', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: archer },
        { player: 1, x: 10, y: 10 + 12 + 2 * R - 0.01, profile: { defense: 1 } },
        { player: 1, x: 30, y: 10 + 12 + 2 * R + 0.2 },
      ],
      dice: [6, 6, 6, 6, 6],
    });
    sk.activate(0);
    expect(() => sk.act({ type: 'volley', target: sk.ids[2] })).toThrow(IllegalChoiceError);
    sk.act({ type: 'takeAim' });
    sk.act({ type: 'volley', target: sk.ids[1] });
    const [a] = attacks(sk.events);
    expect(a.rolls.attackRolls).toHaveLength(4);
  });

  it('obstructing terrain blocks, obscuring terrain adds a block die, an intervening warrior makes the target ineligible', () => {
    const wall = {
      id: 'wall',
      shape: [
        { x: 8, y: 14 },
        { x: 12, y: 14 },
        { x: 12, y: 15 },
        { x: 8, y: 15 },
      ],
      size: 2,
    };
    const blocked = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: archer },
        { player: 1, x: 10, y: 20 },
      ],
      terrain: [{ ...wall, rules: ['Obstructing'] }],
    });
    blocked.activate(0);
    expect(() => blocked.act({ type: 'volley', target: blocked.ids[1] })).toThrow(IllegalChoiceError);

    const obscured = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: archer },
        { player: 1, x: 10, y: 20, profile: { defense: 1 } },
      ],
      terrain: [{ ...wall, rules: ['Obscuring'] }],
      dice: [6, 6, 6, 6, 6],
    });
    obscured.activate(0);
    obscured.act({ type: 'volley', target: obscured.ids[1] });
    const [a] = attacks(obscured.events);
    expect(a.obscured).toBe(true);
    expect(a.rolls.blockRolls).toHaveLength(2); // Defense 1 + 1 for Obscured
    const intervened = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: archer },
        { player: 1, x: 10, y: 20 },
        { player: 1, x: 10, y: 15 },
      ],
    });
    intervened.activate(0);
    expect(() => intervened.act({ type: 'volley', target: intervened.ids[1] })).toThrow(IllegalChoiceError);
  });
});

describe('Reposition, Rally and Combat Rally', () => {
  it('Reposition out of every Engagement Range makes the warrior Broken!', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 0 });
    expect(sk.w(0).y).toBeCloseTo(7); // half of March 5, rounded up
    expect(sk.w(0).broken).toBe(true);
  });

  it('Combat Rally: rallies, then a failed Resolve test ends the activation', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR },
      ],
      dice: [5],
    });
    sk.w(0).broken = true;
    sk.activate(0);
    sk.act({ type: 'combatRally' });
    expect(sk.w(0).broken).toBe(false);
    // The activation ended: the next decision is the other player's card.
    expect(sk.game.pending()).toMatchObject({ kind: 'commandCard', player: 1 });
  });

  it('Rally removes Broken! out of combat', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.w(0).broken = true;
    sk.activate(0);
    sk.act({ type: 'rally' });
    expect(sk.w(0).broken).toBe(false);
  });
});

describe('Command Cards (R19)', () => {
  it('players alternate from the Supremacy player; a player with no cards passes', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 0, x: 8, y: 5 },
        { player: 0, x: 11, y: 5 },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [1, 2], // Supremacy in round 2
    });
    const order: number[] = [];
    for (let d = sk.game.pending(); d && d.kind !== 'supremacyTie' && sk.s.round === 1; d = sk.game.pending()) {
      if (d.kind === 'commandCard') {
        order.push(d.player);
        sk.game.apply({ kind: 'commandCard', regiment: d.regiments[0] });
      } else if (d.kind === 'action') {
        sk.game.apply({ kind: 'action', action: { type: 'end' } });
      } else break;
    }
    expect(order).toEqual([0, 1, 0, 0]);
  });
});
