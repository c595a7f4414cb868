import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET as RS } from '../../src/rules/ruleset.js';
import { canAttackMarker, createScenarioState, damageMarker, getScenario } from '../../src/scenarios/index.js';

describe('objective markers (R26)', () => {
  const pincer = getScenario('pincer');
  const idx = (state: ReturnType<typeof createScenarioState>, id: string) => state.markers.findIndex((m) => m.id === id);

  it('starts with the ruleset base, no damage, and knows which markers sit in a zone', () => {
    const s = createScenarioState(pincer, RS);
    const a = s.markers[idx(s, 'marker-a')];
    expect(a.r).toBeCloseTo(50 / 25.4 / 2);
    expect(a.damage).toEqual([0, 0]);
    expect(a.inZone).toBe(true);
    expect(s.markers[idx(s, 'marker-west')].inZone).toBe(false);
  });

  it("the rules text's example: 3 wounds from player 1 and 4 from player 2 destroy nothing; 2 more from player 1 do", () => {
    const s = createScenarioState(pincer, RS);
    const m = idx(s, 'marker-west');
    for (let i = 0; i < 3; i++) damageMarker(s, m, 0, 1, 2);
    for (let i = 0; i < 4; i++) damageMarker(s, m, 1, 1, 2);
    expect(s.markers[m].damage).toEqual([3, 4]);
    expect(s.markers[m].destroyed).toBe(false);
    expect(damageMarker(s, m, 0, 1, 3)).toEqual({ applied: 1, destroyed: false });
    expect(damageMarker(s, m, 0, 1, 3)).toEqual({ applied: 1, destroyed: true });
    expect(s.markers[m]).toMatchObject({ destroyed: true, destroyedBy: 0, destroyedRound: 3, damage: [5, 4] });
    expect(s.destroyedSinceVictory).toEqual([m]);
    expect(canAttackMarker(s, m, 1, 3)).toBe(false);
  });

  it('at most 1 wound per action', () => {
    const s = createScenarioState(pincer, RS);
    const m = idx(s, 'marker-west');
    expect(damageMarker(s, m, 0, 4, 2)).toEqual({ applied: 1, destroyed: false });
    expect(damageMarker(s, m, 0, 0, 2)).toEqual({ applied: 0, destroyed: false });
    expect(s.markers[m].damage).toEqual([1, 0]);
  });

  it('cannot be attacked in Round 1, by the player it is friendly to, or when it cannot be wounded', () => {
    const s = createScenarioState(pincer, RS);
    const a = idx(s, 'marker-a');
    expect(canAttackMarker(s, a, 1, 1)).toBe(false);
    expect(canAttackMarker(s, a, 1, 2)).toBe(true);
    expect(canAttackMarker(s, a, 0, 2)).toBe(false);
    expect(() => damageMarker(s, a, 0, 1, 2)).toThrow(/cannot attack/);
    expect(canAttackMarker(s, idx(s, 'marker-west'), 0, 2)).toBe(true);
    expect(canAttackMarker(s, idx(s, 'marker-west'), 1, 2)).toBe(true);
    const bl = createScenarioState(getScenario('broken-lines'), RS);
    expect(canAttackMarker(bl, 0, 0, 5)).toBe(false);
  });
});
