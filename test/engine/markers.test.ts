import { describe, expect, it } from 'vitest';
import { clashableMarkers, IllegalChoiceError, volleyTargets } from '../../src/engine/index.js';
import type { Decision, GameEvent } from '../../src/engine/types.js';
import type { ObjectiveMarker } from '../../src/scenarios/types.js';
import { skirmish } from './harness.js';

const marker = (id: string, x: number, y: number, friendlyTo: 0 | 1 | null): ObjectiveMarker => ({
  id,
  x,
  y,
  friendlyTo,
  behaviour: 'standard',
  label: id,
});

/** A 50 mm marker at (10, 12) and a warrior whose base is 0.5" from it. */
function nearMarker(friendlyTo: 0 | 1 | null, dice: number[] = [], round = 2) {
  const mr = 50 / 25.4 / 2;
  const wr = 27 / 25.4 / 2;
  const sk = skirmish({
    warriors: [
      { player: 0, x: 10, y: 12 - mr - wr - 0.5, profile: { attacks: 3, clash: 3, barrage: { dice: 3, range: 10 } } },
      { player: 1, x: 40, y: 40 },
    ],
    scenario: { objectiveMarkers: [marker('B', 10, 12, friendlyTo)] },
    dice,
  });
  sk.s.round = round;
  return sk;
}

describe('objective markers in play (R26)', () => {
  it('a warrior within 1" may Clash a marker without being Engaged; at most 1 wound per action', () => {
    // 3 hits of 1, 2, 3 against Defense 3 blocks of 6, 6, 6: 3 wounds, capped to 1.
    const sk = nearMarker(1, [1, 2, 3, 6, 6, 6]);
    sk.activate(0);
    const d = sk.game.pending() as Extract<Decision, { kind: 'action' }>;
    expect(d.engaged).toBe(false);
    expect(d.legal).toContain('clash');
    sk.act({ type: 'clash', split: [{ target: -1, dice: 3 }] });
    const m = sk.s.scenarioState.markers[0];
    expect(m.damage).toEqual([1, 0]);
    const dmg = sk.events.find((e): e is Extract<GameEvent, { type: 'markerDamaged' }> => e.type === 'markerDamaged');
    expect(dmg?.wounds).toBe(1);
  });

  it('cannot be damaged in Round 1, and a player cannot attack a marker friendly to it', () => {
    const first = nearMarker(1, [], 1);
    expect(clashableMarkers(first.s, first.w(0))).toEqual([]);
    const own = nearMarker(0);
    expect(clashableMarkers(own.s, own.w(0))).toEqual([]);
    own.activate(0);
    expect(() => own.act({ type: 'clash', split: [{ target: -1, dice: 3 }] })).toThrow(IllegalChoiceError);
  });

  it('damage is tracked per player: destroyed when one player reaches 5 Wounds', () => {
    const sk = nearMarker(null, [1, 2, 3, 6, 6, 6]);
    const m = sk.s.scenarioState.markers[0];
    m.damage = [4, 4];
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: -1, dice: 3 }] });
    expect(m.destroyed).toBe(true);
    expect(m.destroyedBy).toBe(0);
  });

  it('can be Volleyed only from within 6"', () => {
    const sk = nearMarker(1);
    expect(volleyTargets(sk.s, sk.w(0))).toContain(-1);
    const far = skirmish({
      warriors: [
        { player: 0, x: 10, y: 2, profile: { barrage: { dice: 3, range: 12 } } },
        { player: 1, x: 40, y: 40 },
      ],
      scenario: { objectiveMarkers: [marker('B', 10, 12, 1)] },
    });
    far.s.round = 2;
    expect(volleyTargets(far.s, far.w(0))).not.toContain(-1);
  });

  it('can be Charged: the charge ends in base contact and makes the warrior Inspired!', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 6 },
        { player: 1, x: 40, y: 40 },
      ],
      scenario: { objectiveMarkers: [marker('B', 10, 12, 1)] },
    });
    sk.s.round = 2;
    sk.activate(0);
    sk.act({ type: 'charge', target: -1 });
    expect(sk.s.activation?.inspired).toBe(true);
    const m = sk.s.scenarioState.markers[0];
    expect(Math.hypot(sk.w(0).x - m.x, sk.w(0).y - m.y)).toBeCloseTo(m.r + sk.w(0).r);
  });
});
