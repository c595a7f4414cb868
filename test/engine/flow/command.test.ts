/** The Command Phase and Duels (engine/flow/command.ts; R21, R42). */
import { describe, expect, it } from 'vitest';
import { IllegalChoiceError, isEngaged } from '../../../src/engine/index.js';
import type { Decision } from '../../../src/engine/types.js';
import { endRound, skirmish } from '../harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;

describe('Command phase (R21)', () => {
  const captain = { name: 'Captain', commandRange: 6 };

  it('Rallying Cry rallies Broken! friends within Command Range', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: captain },
        { player: 0, x: 10, y: 14 },
        { player: 0, x: 10, y: 30 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    // Deployment happened before the command phase: break them now and replay the phase's choice.
    const d = sk.game.pending() as Extract<Decision, { kind: 'commandAbility' }>;
    expect(d.kind).toBe('commandAbility');
    expect(d.abilities).toEqual(['Rallying Cry', 'Press Forward']);
    sk.w(1).broken = true;
    sk.w(2).broken = true;
    sk.game.apply({ kind: 'commandAbility', ability: 'Rallying Cry' });
    expect(sk.w(1).broken).toBe(false);
    expect(sk.w(2).broken).toBe(true);
  });

  it('Press Forward: a second March within Command Range moves the full March', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: captain },
        { player: 0, x: 14, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.game.apply({ kind: 'commandAbility', ability: 'Press Forward' });
    sk.activate(1);
    sk.act({ type: 'march', x: 14, y: 40 });
    expect(sk.game.pending()).toMatchObject({ kind: 'action', marchAllowance: 5 });
    sk.act({ type: 'march', x: 14, y: 40 });
    expect(sk.w(1).y).toBeCloseTo(20);
  });

  it('a Broken! character performs no Command Ability (R11)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: captain },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [2, 1], // supremacy in round 2 -> player 2
    });
    sk.game.apply({ kind: 'commandAbility', ability: null });
    sk.w(0).broken = true;
    endRound(sk);
    expect(sk.s.round).toBe(2);
    expect(sk.game.pending()?.kind).toBe('commandCard');
  });

  describe('Duel', () => {
    const duellists = () =>
      skirmish({
        warriors: [
          { player: 0, x: 10, y: 10, kind: 'character', profile: captain },
          { player: 1, x: 10, y: 15, kind: 'character', profile: { name: 'Warlord' } },
          { player: 0, x: 10 + NEAR, y: 15 },
        ],
      });

    it('accepted: the challenger is placed Engaged by the shortest distance; others within 1" are not Engaged with a duellist', () => {
      const sk = duellists();
      const d = sk.game.pending() as Extract<Decision, { kind: 'commandAbility' }>;
      expect(d.abilities).toContain('Duel');
      expect(d.duelTargets).toEqual([sk.ids[1]]);
      sk.game.apply({ kind: 'commandAbility', ability: 'Duel', target: sk.ids[1] });
      expect(sk.game.pending()).toMatchObject({ kind: 'duelResponse', player: 1, character: sk.ids[1] });
      sk.game.apply({ kind: 'duelResponse', accept: true });
      const c = sk.w(0);
      const t = sk.w(1);
      expect(Math.hypot(c.x - t.x, c.y - t.y) - c.r - t.r).toBeLessThanOrEqual(1);
      expect(c.duel).toBe(t.id);
      expect(isEngaged(sk.s, c)).toBe(true);
      // The third warrior stands within 1" of the Warlord but is not Engaged with it.
      expect(isEngaged(sk.s, sk.w(2))).toBe(false);
    });

    it('declined: the target becomes Broken! and performs no Command Ability this phase', () => {
      const sk = duellists();
      sk.game.apply({ kind: 'commandAbility', ability: 'Duel', target: sk.ids[1] });
      sk.game.apply({ kind: 'duelResponse', accept: false });
      expect(sk.w(1).broken).toBe(true);
      expect(sk.w(0).duel).toBe(-1);
      expect(sk.game.pending()?.kind).toBe('commandCard');
    });

    it('a target out of Command Range cannot be challenged', () => {
      const sk = duellists();
      expect(() => sk.game.apply({ kind: 'commandAbility', ability: 'Duel', target: sk.ids[2] })).toThrow(IllegalChoiceError);
    });
  });
});
