/** Rally and Combat Rally (engine/rules/rally.ts; R17). */
import { describe, expect, it } from 'vitest';
import { skirmish } from '../harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;

describe('Rally and Combat Rally', () => {
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
