/** Reinforcements entering (engine/rules/reinforcements.ts; R30). */
import { describe, expect, it } from 'vitest';
import { entryAllowed, IllegalChoiceError } from '../../../src/engine/index.js';
import type { Decision } from '../../../src/engine/types.js';
import { endRound, skirmish } from '../harness.js';

describe('Reinforcements (R30)', () => {
  it("none in Round 1; Rounds 2–3 from the own Reinforcement Zone; from Round 4 any edge but the opponent's zone", () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 0, x: 0, y: 0, reinforcement: true, regiment: 'flankers' },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [1, 2, 1, 2, 1, 2],
    });
    expect(sk.w(1).status).toBe('reserve');
    // Round 1: the flankers' card is not offered.
    const d = sk.game.pending() as Extract<Decision, { kind: 'commandCard' }>;
    expect(d.regiments).not.toContain(sk.w(1).regiment);
    endRound(sk);
    expect(sk.s.round).toBe(2);
    expect(entryAllowed(sk.s, 0, 20, 0)).toBe(true); // own edge
    expect(entryAllowed(sk.s, 0, 0, 20)).toBe(false); // a side edge, not the zone
    expect(entryAllowed(sk.s, 0, 20, 48)).toBe(false);
    sk.activate(1);
    expect(() => sk.act({ type: 'enter', edgeX: 20, edgeY: 48, x: 20, y: 40 })).toThrow(IllegalChoiceError);
    sk.act({ type: 'enter', edgeX: 20, edgeY: 0, x: 20, y: 24 });
    const w = sk.w(1);
    expect(w.status).toBe('table');
    // Entering is a March measured from the edge: the base's front edge ends March (5") in.
    expect(w.y + w.r).toBeCloseTo(5);
    sk.s.round = 4;
    expect(entryAllowed(sk.s, 0, 0, 20)).toBe(true);
    expect(entryAllowed(sk.s, 0, 20, 48)).toBe(false);
  });

  it('regiments still off the table at the end count as destroyed (R30)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 1, x: 40, y: 40 },
        { player: 1, x: 0, y: 0, reinforcement: true, regiment: 'late' },
      ],
      scenario: { rounds: 1 },
    });
    endRound(sk);
    const r = sk.s.result!;
    expect(r.endReason).toBe('lastRound');
    expect(r.warriorsLost).toEqual([0, 1]);
    expect(r.vp).toEqual([10, 0]); // pointsSlain: the late regiment's 10 points
    expect(r.winner).toBe(0);
  });
});
