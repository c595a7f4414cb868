/** Take Aim and Volley (engine/rules/volley.ts; R22, R23, R15). */
import { describe, expect, it } from 'vitest';
import { IllegalChoiceError } from '../../../src/engine/index.js';
import { attacks, skirmish } from '../harness.js';

const R = 27 / 25.4 / 2;

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
