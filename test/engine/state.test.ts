/**
 * A fork's copy of the game: cloneState and copyState copy everything play
 * changes, share nothing play changes with the original, and share the Match.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy, objectives, randomPolicy } from '../../src/bots/index.js';
import { chargeLikelihoods } from '../../src/bots/observed.js';
import { childRng } from '../../src/dice/index.js';
import { cloneState, copyState, Game, marchBlocked } from '../../src/engine/index.js';
import { walkTowards } from '../../src/engine/walk.js';
import { placeOnTable } from '../../src/engine/grid.js';
import type { GameState, Policy, Warrior } from '../../src/engine/types.js';
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

/** The state without grid.near, warriorsNear's scratch, and the memory its readers keep (neither is state: never copied). */
const played = (s: GameState) => ({ ...s, grid: { ...s.grid, near: null }, memory: null });

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

  it('copyState forgets the last open March and the blocked answers kept for the state it overwrites (same counts, other bases)', () => {
    const s = midGame('raid').state;
    const open = (st: GameState, w: Warrior, x: number, y: number) => marchBlocked(st, st.warriors[w.id], x, y, 6);
    // A warrior of player 1 with an open March 3" ahead (the first of eight directions that is).
    let w: Warrior | undefined;
    let x = 0;
    let y = 0;
    for (const c of s.warriors.filter((o) => o.status === 'table' && o.player === 0)) {
      for (let k = 0; k < 8 && !w; k++) {
        [x, y] = [c.x + 3 * Math.cos((k * Math.PI) / 4), c.y + 3 * Math.sin((k * Math.PI) / 4)];
        if (!open(cloneState(s), c, x, y)) w = c;
      }
      if (w) break;
    }
    if (!w) throw new Error('no open March on this table');
    // `walled` has an enemy standing halfway, `clear` the same enemy placed again where it stood: the same counts.
    const e = s.warriors.find((o) => o.status === 'table' && o.player === 1)!;
    const walled = cloneState(s);
    const clear = cloneState(s);
    placeOnTable(walled, walled.warriors[e.id], (w.x + x) / 2, (w.y + y) / 2);
    placeOnTable(clear, clear.warriors[e.id], e.x, e.y);
    expect([...walled.grid.changes]).toEqual([...clear.grid.changes]);
    const blocked = (st: GameState) => open(st, w, x, y);
    expect([blocked(cloneState(walled)), blocked(cloneState(clear))]).toEqual([true, false]);
    const end = (st: GameState) => ({ ...walkTowards(st, st.warriors[w.id], w.x, w.y, x, y, 6, true) });
    const want = end(cloneState(walled));
    // The fork asked of the open table, then refilled with the walled one: the March must not go through.
    const fork = cloneState(clear);
    expect(blocked(fork)).toBe(false);
    copyState(fork, walled);
    expect(end(fork)).toEqual(want);
    expect(want.via.length).toBeGreaterThan(0);
    // And the other way: a blocked answer kept for the walled table is not the clear table's.
    expect(blocked(fork)).toBe(true);
    copyState(fork, clear);
    expect(blocked(fork)).toBe(false);
  });

  it('a fork refilled by Game.forkInto after other play decides and plays as a fresh Game.fork (balanced, to the end)', () => {
    const s = cloneState(midGame('raid').state);
    const balanced = getPolicy('balanced');
    /** The next `n` decisions and choices of `game`, its state after them. */
    const trace = (game: Game, n: number) => {
      const rngs = [childRng('refill', 'policy-1'), childRng('refill', 'policy-2')];
      const out: string[] = [];
      for (let d = game.pending(); d !== null && out.length < n; d = game.pending()) {
        const c = balanced.choose({ state: game.state, me: d.player }, d, rngs[d.player]);
        out.push(JSON.stringify([d, c]));
        game.apply(c);
      }
      return { out, state: played(game.state) };
    };
    const fresh = trace(Game.fork(s, 'next'), Infinity);
    // The scratch plays another line two rounds on first (its bots remember idle warriors, open Marches, blocked lines).
    const scratch = Game.fork(s, 'other');
    playUntil(scratch, balanced, 'other', (x) => x.round >= s.round + 2 && x.decision?.kind === 'action');
    expect(scratch.state.round).toBeGreaterThan(s.round);
    const state = scratch.state;
    Game.forkInto(scratch, s, 'next');
    // What the bots remember of the opponent (idle warriors' Charges count less) is the fresh fork's: nothing yet.
    expect([...chargeLikelihoods(scratch.state)]).toEqual([...chargeLikelihoods(cloneState(s))]);
    const again = trace(Game.forkInto(scratch, s, 'next'), Infinity);
    expect(scratch.state).toBe(state);
    expect(again.out).toEqual(fresh.out);
    expect(again.state).toEqual(fresh.state);
  });

  it("copyState refuses a state of another game (another Match's terrain and rules)", () => {
    const a = midGame('raid').state;
    const b = midGame('raid').state;
    expect(() => copyState(a, b)).toThrow(/different games/);
  });
});
