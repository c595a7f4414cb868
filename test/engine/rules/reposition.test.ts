/** Reposition (engine/rules/reposition.ts; R17, R36). */
import { describe, expect, it } from 'vitest';
import { skirmish } from '../harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;

describe('Reposition', () => {
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
});
