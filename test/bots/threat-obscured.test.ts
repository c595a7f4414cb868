/**
 * The threat map's Volleys through terrain (R22): a shooter whose line to the
 * place crosses Obscuring terrain strikes Obscured (+1 block die), and one
 * whose line is blocked by Obstructing terrain must move first. Each worth is
 * checked against the exact odds of that Volley, worked out here.
 */
import { describe, expect, it } from 'vitest';
import { attackOdds, attackValue, threatAt } from '../../src/bots/index.js';
import type { TerrainPiece } from '../../src/board/index.js';
import type { Warrior } from '../../src/engine/types.js';
import { skirmish } from '../engine/harness.js';

const r = 27 / 25.4 / 2;

/** A 2" × 8" strip across the line y = 24 at x 34..36, with the rule given. */
const strip = (rule: 'Obscuring' | 'Obstructing'): TerrainPiece => ({
  id: rule,
  shape: [
    { x: 34, y: 20 },
    { x: 36, y: 20 },
    { x: 36, y: 28 },
    { x: 34, y: 28 },
  ],
  size: 3,
  rules: [rule],
});

/** My warrior at (10, 24), worth 1,000 points; an enemy shooter 9" east of the place (30, 24), edge to edge: in range, out of Charge reach. */
function board(terrain: TerrainPiece[]) {
  const sk = skirmish({
    warriors: [
      { player: 0, x: 10, y: 24, profile: { wounds: 2, defense: 1 } },
      { player: 1, x: 30 + 2 * r + 9, y: 24, profile: { attacks: 4, clash: 4, march: 5, barrage: { dice: 3, range: 10 } } },
    ],
    terrain,
    dice: [],
  });
  return sk;
}

type Sk = ReturnType<typeof board>;
const volleyWorth = (sk: Sk, a: Warrior, t: Warrior, aimed: boolean, obscured: boolean) => attackValue(sk.s, attackOdds(sk.s, a, t, { action: 'volley', aimed, obscured }), t);

describe('the threat map: a Volley through terrain (R22)', () => {
  // Guards the map's line of sight: were Obscured ignored, the place behind the wood would be as
  // dangerous as the open one.
  it('Obscuring terrain in the line: the Aimed! Volley, Obscured, by exact odds: less than in the open', () => {
    const open = board([]);
    const wooded = board([strip('Obscuring')]);
    const aimed = volleyWorth(open, open.w(1), open.w(0), true, false);
    const obscured = volleyWorth(wooded, wooded.w(1), wooded.w(0), true, true);
    expect(obscured).toBeLessThan(aimed - 1e-6);
    expect(threatAt(open.s, open.w(0), 30, 24)).toBeCloseTo(aimed, 9);
    expect(threatAt(wooded.s, wooded.w(0), 30, 24)).toBeCloseTo(obscured, 9);
    // A place whose line passes the strip's end (the line meets y = 20 at x 38.3, east of the strip): open again.
    expect(threatAt(wooded.s, wooded.w(0), 36, 15)).toBeCloseTo(volleyWorth(wooded, wooded.w(1), wooded.w(0), true, false), 9);
  });

  // Guards the blocked case: a line through Obstructing terrain leaves only the Volley after a March.
  it('Obstructing terrain in the line: only the Volley after a March (0.6 of it, not Aimed!)', () => {
    const sk = board([strip('Obstructing')]);
    const moved = volleyWorth(sk, sk.w(1), sk.w(0), false, false);
    expect(threatAt(sk.s, sk.w(0), 30, 24)).toBeCloseTo(0.6 * moved, 9);
  });
});
