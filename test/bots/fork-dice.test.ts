/**
 * The forward model a policy is given (playGame's view.fork, what search
 * plays its playouts on) cannot foresee the live game's dice, with the dice
 * the game really plays with: the stream seeded from the game's seed, not a
 * dice object a test injects. A fork taken at a decision, sent the very
 * choices the live game then makes, must part from the live game as soon as
 * its dice matter; a fork whose dice were the live stream's future (rebuilt
 * from the game's seed and advanced past the rolls made so far) would follow
 * it roll for roll, and a search on it would know the outcome of every
 * attack before it chose.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { engaged, getPolicy } from '../../src/bots/index.js';
import { Game, playGame } from '../../src/engine/index.js';
import type { Choice, ForkedGame, GameState, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

/** What the dice change in a state: every warrior's place, wounds and state, the round, the card and the score. */
function digest(s: Readonly<GameState>): string {
  return JSON.stringify([s.round, s.card, s.vp, s.phase, s.warriors.map((w) => [w.status, w.x, w.y, w.markers, w.broken])]);
}

interface Probe {
  /** Index of the live decision the fork was taken at. */
  at: number;
  fork: ForkedGame;
}

describe("playGame's view.fork cannot foresee the live game's own seeded dice", () => {
  // Guards the fork's dice: were they the live game's stream (its seed's dice, advanced to the live roll
  // count), every fork would follow the live game roll for roll through the same choices.
  it('forks sent the live choices part from the live game once they roll: none follows it through 20 d6', () => {
    const balanced = getPolicy('balanced');
    const live: string[] = [];
    const choices: Choice[] = [];
    const probes: Probe[] = [];
    let state: Readonly<GameState> | null = null;
    // Both seats: balanced, recording each state and choice; at every 5th action decision once some warrior is
    // engaged (the fights roll dice), up to 8 of them, three forks taken through the view's own fork.
    let actions = 0;
    const recorder: Policy = {
      name: 'recorder',
      choose(view, d, rng) {
        state = view.state;
        live.push(digest(view.state));
        if (d.kind === 'action' && probes.length < 24 && view.state.warriors.some((w) => w.status === 'table' && engaged(view.state, w)) && actions++ % 5 === 0) {
          for (let j = 0; j < 3; j++) probes.push({ at: live.length - 1, fork: view.fork!(`probe:${live.length}:${j}`) });
        }
        const c = balanced.choose(view, d, rng);
        choices.push(c);
        return c;
      },
    };
    playGame({
      armies: [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/tuskfell-400.json')],
      scenario: getScenario('annihilation'),
      ruleset: DEFAULT_RULESET,
      seed: 'fork-dice',
      policies: [recorder, recorder],
    });
    live.push(digest(state!));
    expect(probes.length).toBe(24);
    const followed: string[] = [];
    let parted = 0;
    for (const p of probes) {
      const g = p.fork as Game;
      const rolled0 = g.diceRolled;
      let same = true;
      let i = p.at;
      expect(digest(g.state)).toBe(live[i]);
      // Replay while the fork stays the live game's twin, until it has rolled 20 d6 or the game ends.
      while (same && g.diceRolled - rolled0 < 20 && i < choices.length && g.pending() !== null) {
        try {
          g.apply(choices[i]);
        } catch {
          same = false;
          break;
        }
        i++;
        same = digest(g.state) === live[i];
      }
      if (same && g.diceRolled - rolled0 >= 20) followed.push(`fork at decision ${p.at} followed the live game through ${g.diceRolled - rolled0} d6 (${i - p.at} choices)`);
      if (!same) parted++;
    }
    expect(followed, followed.join('\n')).toEqual([]);
    // The replays were long enough to tell: most forks parted from the live game.
    expect(parted).toBeGreaterThan(probes.length / 2);
  });
});
