/**
 * The jam counts (src/bots/jams.ts): counting changes no choice (the same
 * event stream with a tally set or not), and counts what it says — Marches
 * meant by every heuristic, stays against bases among them, and a warrior
 * walled in by its own side counted once it stays so two activations running;
 * and balanced takes the long way round then, so none is counted.
 */
import { playUntil } from '../engine/harness.js';
import { describe, expect, it } from 'vitest';
import { buildArmy, loadFaction, loadRoster, randomArmy } from '../../src/army/index.js';
import { getPolicy, loadPlugin, resolvePolicySpec } from '../../src/bots/index.js';
import { aside } from '../../src/bots/act.js';
import { newMoveTally, noteMove, tallyMoves } from '../../src/bots/jams.js';
import { Game, playGame } from '../../src/engine/index.js';
import { leg } from '../../src/engine/walk.js';
import { placeOnTable } from '../../src/engine/grid.js';
import type { GameState, Policy } from '../../src/engine/types.js';
import { createRng, deriveSeed } from '../../src/dice/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { ROOT } from '../runner/helpers.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')] as const;

function stream(policy: string, scenario: string, seed: string): string[] {
  const events: string[] = [];
  playGame({
    armies: [armies[0], armies[1]],
    scenario: getScenario(scenario),
    ruleset: DEFAULT_RULESET,
    seed,
    policies: [getPolicy(policy), getPolicy(policy)],
    onEvent: (e) => events.push(JSON.stringify(e)),
  });
  return events;
}

/**
 * Player 1's first warrior to act on annihilation, its friends in a tight
 * arc in front of it towards mid-table (free ground between the armies):
 * its straight March stops at once.
 */
function walledIn(): { s: GameState; w: GameState['warriors'][number]; gy: number } {
  const g = Game.create({ armies: [armies[0], armies[1]], scenario: getScenario('annihilation'), ruleset: DEFAULT_RULESET, seed: 'jams-wall' });
  const d = playUntil(g, getPolicy('balanced'), createRng('jams-wall'), (d) => d.kind === 'action' && d.player === 0);
  const s = g.state as GameState;
  const w = s.warriors[(d as { warrior: number }).warrior];
  const friends = s.warriors.filter((o) => o.player === w.player && o.id !== w.id && o.status === 'table' && o.r === w.r);
  expect(friends.length).toBeGreaterThanOrEqual(3);
  const gy = s.match.table.height / 2;
  const dir = Math.sign(gy - w.y);
  friends.slice(0, 3).forEach((f, i) => placeOnTable(s, f, w.x + (i - 1) * 2.05 * w.r, w.y + dir * 2.05 * w.r));
  return { s, w, gy };
}

describe('jam counts', () => {
  it('change no choice, and count the Marches every heuristic means', () => {
    for (const [policy, scenario] of [
      ['balanced', 'fall-into-rank'],
      ['aggressive', 'raid'],
      ['objective', 'tug-of-war'],
    ]) {
      const plain = stream(policy, scenario, `jams-${policy}`);
      const t = newMoveTally();
      tallyMoves(t);
      let counted: string[];
      try {
        counted = stream(policy, scenario, `jams-${policy}`);
      } finally {
        tallyMoves(null);
      }
      expect(counted).toEqual(plain);
      for (const p of [0, 1]) {
        expect(t.meant[p]).toBeGreaterThan(10);
        expect(t.baseStays[p]).toBeLessThanOrEqual(t.meant[p]);
        expect(t.ownBlocked[p]).toBeLessThanOrEqual(t.baseStays[p]);
      }
    }
  });

  it('counts a warrior walled in by friends, with a way round, once it stays so two activations running', () => {
    const { s, w, gy } = walledIn();
    const gx = w.x;
    // Where the straight March stops (the planner's way round is longer than the detour limit, say).
    const straight = leg(s, w, w.x, w.y, gx, gy, 6, true);
    expect(straight.stoppedBy).toBe('base');
    const end = { x: straight.x, y: straight.y, via: [], travelled: straight.travelled, stoppedBy: 'base' };
    const t = newMoveTally();
    tallyMoves(t);
    try {
      noteMove(s, w, 0, gx, gy, end, 0.5, true);
      expect(t).toEqual({ meant: [1, 0], baseStays: [1, 0], ownBlocked: [0, 0] });
      // The next round's activation, still walled in: counted once, however many March decisions it makes.
      s.round++;
      s.activation = { ...s.activation! };
      noteMove(s, w, 0, gx, gy, end, 0.5, true);
      noteMove(s, w, 0, gx, gy, end, 0.5, true);
      expect(t).toEqual({ meant: [3, 0], baseStays: [3, 0], ownBlocked: [1, 0] });
    } finally {
      tallyMoves(null);
    }
  });

  it('take the long way round when their own ranks stop a warrior a second round running', async () => {
    // A tuning game (generated lists, bench/tune-games.ts) in which a balanced warrior, with no step aside, was
    // stopped by its own side's bases two activations running while the planner found a way round.
    const list = (f: string, seed: string) => {
      const json = randomArmy({ faction: loadFaction(`sims/factions/${f}.json`), points: 800, seed });
      return buildArmy(json, `sims/armies/${json.name}.json`).roster!;
    };
    const turtle = resolvePolicySpec('./examples/counter/turtle.js', ROOT);
    await loadPlugin(turtle);
    const t = newMoveTally();
    const reasons: string[] = [];
    tallyMoves(t);
    try {
      playGame({
        armies: [list('ironbound', 'tune-4'), list('reedmarsh', 'tune-3')],
        scenario: getScenario('annihilation'),
        ruleset: DEFAULT_RULESET,
        seed: deriveSeed('own', 'annihilation', 11),
        policies: [getPolicy('balanced'), getPolicy(turtle)],
        onReason: (p, r) => p === 0 && reasons.push(r),
      });
    } finally {
      tallyMoves(null);
    }
    expect(t.ownBlocked[0]).toBe(0);
    expect(reasons.some((r) => r.includes('the long way round'))).toBe(true);
  });

  it("count search's own game, not the Marches of its playouts' forks", () => {
    // At most one March meant an action decision of the game: a playout's Marches would count by the hundred.
    const actions: [number, number] = [0, 0];
    const counted = (spec: string): Policy => {
      const p = getPolicy(spec);
      return { name: p.name, choose: (view, d, rng) => (d.kind === 'action' && actions[d.player]++, p.choose(view, d, rng)) };
    };
    const t = newMoveTally();
    tallyMoves(t);
    try {
      playGame({
        armies: [armies[0], armies[1]],
        scenario: getScenario('raid'),
        ruleset: DEFAULT_RULESET,
        seed: 'jams-search',
        policies: [counted('search:playouts=2'), counted('balanced')],
      });
    } finally {
      tallyMoves(null);
    }
    for (const p of [0, 1]) {
      expect(t.meant[p]).toBeGreaterThan(10);
      expect(t.meant[p]).toBeLessThanOrEqual(actions[p]);
    }
  });

  it('steps aside towards the goal, not away from it, when friends wall the straight way', () => {
    const { s, w, gy } = walledIn();
    const step = aside(s, w, w.x, gy, 6);
    expect(step).not.toBeNull();
    // The step ends nearer the goal than w stands: the best of the ways tried, not merely one that moves.
    expect(Math.hypot(w.x - step!.end.x, gy - step!.end.y)).toBeLessThan(Math.abs(gy - w.y));
  });

  it("keep balanced's ranks moving: stays against bases at most 1% of the Marches meant, no warrior walled in by its own side", () => {
    const t = newMoveTally();
    tallyMoves(t);
    try {
      // Games whose ranks jam without the step aside and the walled-in waiting (3.1% of the Marches meant).
      for (const [scenario, points, a, b] of [
        ['pincer', 800, 'ironbound', 'tuskfell'],
        ['pincer', 800, 'reedmarsh', 'ironbound'],
        ['tug-of-war', 400, 'reedmarsh', 'ironbound'],
        ['tug-of-war', 800, 'reedmarsh', 'ironbound'],
        ['raid', 400, 'reedmarsh', 'ironbound'],
      ] as const) {
        const lists = [a, b].map((f) => loadRoster(`sims/armies/${f}-${points}.json`));
        playGame({
          armies: [lists[0], lists[1]],
          scenario: getScenario(scenario),
          ruleset: DEFAULT_RULESET,
          seed: `jams-${scenario}-${points}`,
          policies: [getPolicy('balanced'), getPolicy('balanced')],
        });
      }
    } finally {
      tallyMoves(null);
    }
    const meant = t.meant[0] + t.meant[1];
    expect(meant).toBeGreaterThan(1000);
    expect((t.baseStays[0] + t.baseStays[1]) / meant).toBeLessThanOrEqual(0.01);
    expect(t.ownBlocked).toEqual([0, 0]);
  });
});
