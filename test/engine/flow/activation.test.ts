/** The Action Phase: Command Cards in turn (engine/flow/activation.ts; R19). */
import { describe, expect, it } from 'vitest';
import { skirmish } from '../harness.js';

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
