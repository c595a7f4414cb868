/**
 * The evaluation's sign: on built positions, being ahead — in VP,
 * in worth destroyed, in wounds dealt, in Broken! enemies, in scoring places —
 * is worth more than zero to me and less than zero to the opponent, from
 * either seat; and along real games, giving a player VP or slaying an enemy
 * of theirs raises their value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { evaluate, evaluationTerms, randomPolicy, warriorWorth } from '../../src/bots/index.js';
import { childRng } from '../../src/dice/index.js';
import { cloneState, Game } from '../../src/engine/index.js';
import { placeOnTable, takeOffTable } from '../../src/engine/grid.js';
import type { GameState, PlayerIndex } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { skirmish } from '../engine/harness.js';

const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);

/** Two warriors a side, far apart, on the empty test table; a zone at (40, 24) when `zone`. */
function even(zone = false) {
  return skirmish({
    warriors: [
      { player: 0, x: 6, y: 6 },
      { player: 0, x: 12, y: 6 },
      { player: 1, x: 6, y: 42 },
      { player: 1, x: 12, y: 42 },
    ],
    scenario: zone ? { objectiveZones: [{ id: 'z', label: 'Z', x: 40, y: 24, diameter: 6, friendlyTo: null }], vpRules: [{ rule: 'zoneSeized', vp: 2 }, { rule: 'pointsSlain' }] } : {},
  });
}

/** The warrior ids of player p in the even position. */
const of = (s: GameState, p: PlayerIndex) => s.warriors.filter((w) => w.player === p).map((w) => w.id);

describe("the evaluation's sign on built positions", () => {
  it('an even position is worth nothing to either side', () => {
    const s = even().s;
    expect(evaluate(s, 0)).toBe(0);
    expect(evaluate(s, 1)).toBe(0);
  });

  for (const me of [0, 1] as PlayerIndex[]) {
    const you = other(me);
    describe(`from player ${me + 1}'s seat`, () => {
      it('ahead in VP is positive for me, negative for the opponent', () => {
        const s = cloneState(even().s);
        s.vp[me] = 3;
        expect(evaluationTerms(s, me).vp).toBe(3);
        expect(evaluate(s, me)).toBeGreaterThan(0);
        expect(evaluate(s, you)).toBeLessThan(0);
      });

      it('ahead in worth (an enemy slain) is positive for me', () => {
        const s = cloneState(even().s);
        const e = s.warriors[of(s, you)[0]];
        takeOffTable(s, e, 'slain');
        expect(evaluationTerms(s, me).worthDestroyed).toBe(warriorWorth(s, e));
        expect(warriorWorth(s, e)).toBeGreaterThan(0);
        expect(evaluate(s, me)).toBeGreaterThan(0);
        expect(evaluate(s, you)).toBeLessThan(0);
      });

      it('wounds on an enemy and an enemy Broken! are positive for me; the same on my own warrior negative', () => {
        const s = cloneState(even().s);
        const e = s.warriors[of(s, you)[0]];
        e.markers = 1;
        e.profile = { ...e.profile, wounds: 3 };
        expect(evaluate(s, me)).toBeGreaterThan(0);
        e.markers = 0;
        e.broken = true;
        expect(evaluate(s, me)).toBeGreaterThan(0);
        expect(evaluate(s, you)).toBeLessThan(0);
        e.broken = false;
        s.warriors[of(s, me)[1]].broken = true;
        expect(evaluate(s, me)).toBeLessThan(0);
      });

      it('a scoring place only I stand in is positive for me', () => {
        const s = cloneState(even(true).s);
        // One of mine into the zone, by the grid's own functions (the state's grid stays consistent).
        const w = s.warriors[of(s, me)[0]];
        takeOffTable(s, w, 'reserve');
        placeOnTable(s, w, 40, 24);
        expect(evaluationTerms(s, me).zoneControl).toBe(1);
        expect(evaluate(s, me)).toBeGreaterThan(0);
        expect(evaluate(s, you)).toBeLessThan(0);
      });

      it('VP outweigh a small loss of worth: ahead 1 VP and a Wound down is still ahead', () => {
        // The currency: a VP is worth more than a Wound of a warrior (DEFAULT_WEIGHTS.vp = 40).
        const s = cloneState(even().s);
        s.vp[me] = 1;
        const mine = s.warriors[of(s, me)[0]];
        mine.markers = 1;
        mine.profile = { ...mine.profile, wounds: 2 };
        expect(evaluate(s, me)).toBeGreaterThan(0);
      });
    });
  }
});

describe('the evaluation along real games (property)', () => {
  const armies = [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/reedmarsh-400.json')] as const;
  const scenarios = ['raid', 'annihilation', 'tug-of-war', 'broken-lines'].map((n) => getScenario(n));

  it('is zero-sum, and a VP more or an enemy slain raises my value, at every tenth decision', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: scenarios.length - 1 }), fc.string(), (sc, seed) => {
        const game = Game.create({ armies: [armies[0], armies[1]], scenario: scenarios[sc], ruleset: DEFAULT_RULESET, seed });
        const rng = childRng(seed, 'p');
        let k = 0;
        for (let d = game.pending(); d !== null; d = game.pending(), k++) {
          const s = game.state;
          if (k % 10 === 0 && s.phase === 'action') {
            for (const me of [0, 1] as PlayerIndex[]) {
              const v = evaluate(s, me);
              expect(v).toBeCloseTo(-evaluate(s, other(me)), 6);
              const more = cloneState(s);
              more.vp[me] += 1;
              expect(evaluate(more, me)).toBeGreaterThan(v);
              const foe = s.warriors.find((w) => w.player !== me && w.status === 'table');
              if (foe) {
                const slain = cloneState(s);
                takeOffTable(slain, slain.warriors[foe.id], 'slain');
                expect(evaluationTerms(slain, me).worthDestroyed).toBeGreaterThan(evaluationTerms(s, me).worthDestroyed);
                expect(evaluate(slain, me)).toBeGreaterThan(v);
              }
            }
          }
          game.apply(randomPolicy.choose({ state: s, me: d.player }, d, rng));
        }
      }),
      { numRuns: 4 },
    );
  });
});
