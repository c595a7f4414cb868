/** The end of the game: wipe-out and the VP threshold (engine/flow/end.ts, victory.ts; R28). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/types.js';
import { endRound, skirmish } from '../harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;

describe('the end of the game (R28)', () => {
  it('a player wiped out loses at once', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0 } },
      ],
      dice: [1, 1, 6, 6, 6], // 2 hits, no blocks rolled (Defense 0), Resolve roll 6 fails
    });
    const events: GameEvent[] = sk.events;
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    expect(sk.game.pending()).toBeNull();
    expect(sk.s.result).toMatchObject({ winner: 0, endReason: 'wipeOut', rounds: 1 });
    expect(events.at(-1)?.type).toBe('gameEnd');
  });

  it('a VP threshold reached in a Victory Phase ends the game; most VP wins', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0 } },
        { player: 1, x: 40, y: 40 },
      ],
      scenario: { vpThreshold: 10 },
      dice: [1, 1, 6, 6],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    endRound(sk);
    expect(sk.s.result).toMatchObject({ winner: 0, endReason: 'vpThreshold', vp: [10, 0] });
  });
});
