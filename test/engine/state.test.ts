/**
 * A fork's copy of the game: cloneState and copyState copy everything play
 * changes, share nothing play changes with the original, and share the Match.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy, objectives, randomPolicy } from '../../src/bots/index.js';
import { childRng } from '../../src/dice/index.js';
import { cloneState, copyState, Game } from '../../src/engine/index.js';
import { placeOnTable } from '../../src/engine/grid.js';
import type { GameState, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

/** Plays `game` with `policy` on both sides until `stop` says so or the game ends. */
function playUntil(game: Game, policy: Policy, seed: string, stop: (s: GameState) => boolean): void {
  const rngs = [childRng(seed, 'policy-1'), childRng(seed, 'policy-2')];
  for (let d = game.pending(); d !== null && !stop(game.state); d = game.pending()) game.apply(policy.choose({ state: game.state, me: d.player }, d, rngs[d.player]));
}

/** A game of `scenario` (markers, capture points or zones) played by balanced into round 3's Action Phase. */
function midGame(scenario: string): Game {
  const armies = ['ironbound', 'tuskfell'].map((f) => loadRoster(`sims/armies/${f}-400.json`));
  const game = Game.create({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed: `state-${scenario}` });
  playUntil(game, getPolicy('balanced'), scenario, (s) => s.round >= 3 && s.decision?.kind === 'action');
  return game;
}

/** The state without grid.near, warriorsNear's scratch (not state: never copied). */
const played = (s: GameState) => ({ ...s, grid: { ...s.grid, near: null } });

/** Shared by design: fixed for the game (the Match, profiles, ability definitions, the marker rules, base radii). */
const SHARED = new Set(['match', 'profile', 'def', 'markerRules', 'zones']);

/** Every object or array reachable from both `a` and `b` by the same path that is one and the same object. */
function sharedObjects(a: unknown, b: unknown, path = 'state', out: string[] = []): string[] {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return out;
  if (a === b) {
    out.push(path);
    return out;
  }
  for (const k of Object.keys(a)) {
    if (SHARED.has(k) || (path === 'state.grid' && k === 'r')) continue;
    sharedObjects((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
  }
  return out;
}

describe('cloneState and copyState', () => {
  for (const scenario of ['raid', 'broken-lines', 'tug-of-war']) {
    it(`${scenario}: a clone equals the state, shares its Match and no object play changes`, () => {
      const s = midGame(scenario).state;
      const c = cloneState(s);
      expect(played(c)).toEqual(played(s));
      expect(c.match).toBe(s.match);
      expect(sharedObjects(s, c)).toEqual([]);
    });

    it(`${scenario}: copyState makes a fork played to its end the state again, in its own arrays`, () => {
      const s = midGame(scenario).state;
      const before = structuredClone({ ...played(s), match: null });
      const fork = Game.fork(s, 'diverge');
      const warriors = fork.state.warriors;
      playUntil(fork, randomPolicy, 'diverge', () => false);
      expect(fork.state.result).not.toBeNull();
      expect(played(fork.state)).not.toEqual(played(s));
      copyState(fork.state, s);
      expect(played(fork.state)).toEqual(played(s));
      expect(fork.state.warriors).toBe(warriors);
      expect(sharedObjects(s, fork.state)).toEqual([]);
      // Copying never changes the original.
      expect({ ...played(s), match: null }).toEqual(before);
    });
  }

  it('copyState forgets the answers the game keeps for the state it overwrites (objectives at the same counts)', () => {
    const s = midGame('raid').state;
    // The same counts (actions, decisions, round, phase) as s, one warrior of player 1 moved onto the first objective.
    const o = objectives(s)[0];
    const moved = cloneState(s);
    const w = moved.warriors.find((x) => x.status === 'table' && x.player === 0)!;
    placeOnTable(moved, w, o.x, o.y);
    const weights = (x: GameState) => objectives(x).map((p) => p.weight.slice());
    const fork = cloneState(s);
    const before = weights(fork);
    copyState(fork, moved);
    const got = weights(fork);
    const want = weights(cloneState(moved));
    expect(want).not.toEqual(before);
    expect(got).toEqual(want);
  });

  it("copyState refuses a state of another game (another Match's terrain and rules)", () => {
    const a = midGame('raid').state;
    const b = midGame('raid').state;
    expect(() => copyState(a, b)).toThrow(/different games/);
  });
});
