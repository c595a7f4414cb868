/**
 * The threat map's pair memo (src/bots/threat.ts, PAIRS): through whole
 * balanced games, the map's expected loss and strike worth at a few places
 * and closingEdge answer exactly as a second copy of the module that
 * remembers nothing (a fresh weights object each time empties its memo).
 * Wounds, Broken!, Command Abilities and Duels change what the odds read in
 * these games, so a memo key missing one of them gives a stale answer here.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { closingEdge, DEFAULT_WEIGHTS, getPolicy, ThreatMap } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import type { GameState, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

// Another instance of the module (its own memo), for the answers worked out afresh.
const freshPath = '../../src/bots/threat.ts?fresh';
const fresh: typeof import('../../src/bots/threat.js') = await import(/* @vite-ignore */ freshPath);

const lists = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((n) => loadRoster(`sims/armies/${n}.json`));

describe('threat map: its pair memo answers as working the odds out afresh', () => {
  it('at every action decision of balanced games, at the warrior, towards and away from the nearest enemy', () => {
    expect(fresh.ThreatMap).not.toBe(ThreatMap);
    const balanced = getPolicy('balanced');
    const live = new ThreatMap();
    const other = new fresh.ThreatMap();
    let checked = 0;
    let wounded = 0;
    let modified = 0;
    const check = (s: GameState): void => {
      const a = s.activation;
      if (!a || s.warriors[a.warrior].status !== 'table') return;
      const w = s.warriors[a.warrior];
      let near = null;
      let best = Infinity;
      for (const e of s.warriors) {
        if (e.status !== 'table' || e.player === w.player) continue;
        const d = Math.hypot(e.x - w.x, e.y - w.y);
        if (d < best) {
          best = d;
          near = e;
        }
      }
      if (!near) return;
      const ux = (near.x - w.x) / best;
      const uy = (near.y - w.y) / best;
      const places = [0, 3, 6, -4].map((k) => [w.x + ux * k, w.y + uy * k]);
      const m1 = live.prepare(s, w, 8);
      const m2 = other.prepare(s, w, 8, { ...DEFAULT_WEIGHTS });
      for (const [x, y] of places) {
        expect(m1.at(x, y)).toBe(m2.at(x, y));
        expect(m1.strike(x, y)).toBe(m2.strike(x, y));
      }
      expect(closingEdge(s, w.player)).toBe(fresh.closingEdge(s, w.player));
      checked++;
      if (s.warriors.some((e) => e.status === 'table' && (e.markers > 0 || e.broken))) wounded++;
      if (s.abilities.some((x) => x.def?.effect.kind === 'modify')) modified++;
    };
    const policy: Policy = { name: 'balanced, checked', choose: (view, d, rng) => (check(view.state as GameState), balanced.choose(view, d, rng)) };
    // Ironbound's Hammer Oath (+1 Clash) and Reedmarsh's Croak of Doom (-1 Resolve to enemies) change what the odds read.
    const pairs = [
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
      [2, 0],
      [1, 2],
    ];
    const scenarios = ['annihilation', 'raid', 'tug-of-war', 'meeting-engagement'];
    pairs.forEach(([a, b], i) => {
      playGame({ armies: [lists[a], lists[b]], scenario: getScenario(scenarios[i % 4]), ruleset: DEFAULT_RULESET, seed: `threat-memo-${i}`, policies: [policy, policy] });
    });
    expect(checked).toBeGreaterThan(600);
    expect(wounded).toBeGreaterThan(200);
    expect(modified).toBeGreaterThan(100);
  });
});
