/** March and Charge (engine/rules/march.ts, charge.ts, movement.ts; R17, R18, R41). */
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../src/engine/types.js';
import { attacks, skirmish } from '../harness.js';

const R = 27 / 25.4 / 2;

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
