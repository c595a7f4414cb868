/** Rulings R35, R36, R38 and R40 in built positions with scripted dice. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/types.js';
import { skirmish } from './harness.js';

const NEAR = 1.5;

const attacks = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack');

describe('R35: Outnumbered ignores Broken! warriors both ways', () => {
  it('a friend engaged with a Broken! enemy besides the target still assists', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 10 + 2 * NEAR },
        { player: 1, x: 10, y: 10 + NEAR },
        { player: 1, x: 10 + NEAR, y: 10 + 2 * NEAR }, // engaged with the assistant, Broken!
      ],
      dice: [6, 6, 6, 6, 6, 6],
    });
    sk.w(3).broken = true;
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    expect(attacks(sk.events)[0]).toMatchObject({ outnumbered: true });
    expect(attacks(sk.events)[0].rolls.attackRolls).toHaveLength(4);
  });
});

describe('R36: Reposition out of one Engagement Range', () => {
  it('makes the warrior Broken! even while it stays engaged with another enemy', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 11.9 }, // engaged (gap 0.84")
        { player: 1, x: 10, y: 8.5 }, // engaged (gap 0.44")
      ],
    });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 8 }); // stops touching the second enemy, 1.27" from the first
    expect(sk.events.some((e) => e.type === 'status' && e.status === 'broken')).toBe(true);
    expect(sk.w(0).broken).toBe(true);
  });

  it('a Reposition within the same Engagement Ranges does not', () => {
    const sk = skirmish({ warriors: [{ player: 0, x: 10, y: 10 }, { player: 1, x: 10, y: 11.9 }] });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 10.5 });
    expect(sk.w(0).broken).toBe(false);
  });
});
