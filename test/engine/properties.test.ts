import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { randomPolicy } from '../../src/bots/index.js';
import { childRng } from '../../src/dice/index.js';
import { Game, playGame } from '../../src/engine/index.js';
import type { GameEvent, GameState } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/reedmarsh-400.json'), loadRoster('sims/armies/tuskfell-400.json')];
const scenarios = ['annihilation', 'raid', 'broken-lines', 'tug-of-war', 'pincer'].map((n) => getScenario(n));

function counts(s: GameState) {
  const c = { table: 0, slain: 0, reserve: 0 };
  for (const w of s.warriors) c[w.status]++;
  return c;
}

describe('whole random games (property)', () => {
  it('always end with a valid result and conserve warriors', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: scenarios.length - 1 }), fc.string(), (a, b, sc, seed) => {
        const game = Game.create({ armies: [armies[a], armies[b]], scenario: scenarios[sc], ruleset: DEFAULT_RULESET, seed });
        const start = game.state.warriors.length;
        const rng = childRng(seed, 'p');
        for (let d = game.pending(); d; d = game.pending()) {
          game.apply(randomPolicy.choose({ state: game.state, me: d.player }, d, rng));
          const c = counts(game.state);
          expect(c.table + c.slain + c.reserve).toBe(start);
        }
        const r = game.state.result!;
        expect(r).not.toBeNull();
        expect(r.rounds).toBeGreaterThanOrEqual(1);
        expect(r.rounds).toBeLessThanOrEqual(scenarios[sc].rounds);
        expect([0, 1, null]).toContain(r.winner);
        if (r.endReason !== 'wipeOut' && r.endReason !== 'instantWin') {
          expect(r.winner).toBe(r.vp[0] > r.vp[1] ? 0 : r.vp[1] > r.vp[0] ? 1 : null);
        }
        expect(r.warriorsLost[0] + r.warriorsLost[1]).toBe(counts(game.state).slain);
        // Bases never overlap at the end.
        const on = game.state.warriors.filter((w) => w.status === 'table');
        for (let i = 0; i < on.length; i++) {
          for (let j = i + 1; j < on.length; j++) {
            expect(Math.hypot(on[i].x - on[j].x, on[i].y - on[j].y)).toBeGreaterThanOrEqual(on[i].r + on[j].r - 1e-6);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('the same seed replays the same game, event for event', () => {
    const play = () => {
      const events: GameEvent[] = [];
      const result = playGame({
        armies: [armies[0], armies[2]],
        scenario: scenarios[1],
        ruleset: DEFAULT_RULESET,
        seed: 'replay',
        policies: [randomPolicy, randomPolicy],
        onEvent: (e) => events.push(e),
      });
      return JSON.stringify({ result, events });
    };
    expect(play()).toBe(play());
  });
});

describe('cloneState (property)', () => {
  it('applying choices to a clone never changes the original', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 300 }), (seed, steps) => {
        const game = Game.create({ armies: [armies[0], armies[1]], scenario: scenarios[1], ruleset: DEFAULT_RULESET, seed });
        const rng = childRng(seed, 'p');
        for (let i = 0; i < steps && game.pending(); i++) {
          const d = game.pending()!;
          game.apply(randomPolicy.choose({ state: game.state, me: d.player }, d, rng));
        }
        const before = JSON.stringify(game.state);
        const copy = game.clone(`${seed}/search`);
        const crng = childRng(seed, 'clone');
        for (let i = 0; i < 200 && copy.pending(); i++) {
          const d = copy.pending()!;
          copy.apply(randomPolicy.choose({ state: copy.state, me: d.player }, d, crng));
        }
        expect(JSON.stringify(game.state)).toBe(before);
      }),
      { numRuns: 10 },
    );
  });
});
