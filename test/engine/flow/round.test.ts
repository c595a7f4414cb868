/** The start of a round: the Supremacy roll (engine/flow/round.ts; R20). */
import { describe, expect, it } from 'vitest';
import { endRound, skirmish } from '../harness.js';

describe('Supremacy (R20)', () => {
  it('the lower roll acts first', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 1, x: 40, y: 40 },
      ],
      supremacy: 1,
    });
    expect(sk.s.supremacy).toBe(1);
    expect(sk.game.pending()).toMatchObject({ kind: 'commandCard', player: 1 });
  });

  it('a tie: the player with fewer VP chooses; equal VP re-roll', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [3, 3, 4, 4, 2, 5],
    });
    // Round 1 ends; VP are equal (0-0): the 3-3 and 4-4 ties are re-rolled, then 2 against 5.
    endRound(sk);
    expect(sk.s.round).toBe(2);
    expect(sk.s.supremacy).toBe(0);
    const t = skirmish({
      warriors: [
        { player: 0, x: 5, y: 5 },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [3, 3],
    });
    t.s.scenarioState.vp = [4, 1]; // the totals are the scenario state's; the Victory Phase copies them to s.vp
    endRound(t);
    expect(t.game.pending()).toEqual({ kind: 'supremacyTie', player: 1 });
    t.game.apply({ kind: 'supremacyTie', supremacy: 0 });
    expect(t.s.supremacy).toBe(0);
  });
});
