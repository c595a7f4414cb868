import { describe, expect, it } from 'vitest';
import { entryAllowed, IllegalChoiceError, isEngaged } from '../../src/engine/index.js';
import type { Decision, GameEvent } from '../../src/engine/types.js';
import { skirmish } from './harness.js';

const NEAR = 1.5;

function endRound(sk: ReturnType<typeof skirmish>): void {
  const round = sk.s.round;
  for (let d = sk.game.pending(); d && sk.s.round === round; d = sk.game.pending()) {
    if (d.kind === 'commandCard') sk.game.apply({ kind: 'commandCard', regiment: d.regiments[0] });
    else if (d.kind === 'selectWarrior') sk.game.apply({ kind: 'selectWarrior', warrior: d.warriors[0] });
    else if (d.kind === 'action') sk.game.apply({ kind: 'action', action: { type: 'end' } });
    else if (d.kind === 'commandAbility') sk.game.apply({ kind: 'commandAbility', ability: null });
    else throw new Error(`unexpected ${d.kind}`);
  }
}

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
