/**
 * The heuristics' choice of the card's next warrior (src/bots/heuristic.ts):
 * the front, the warrior nearest the enemy that is not walled in by bases
 * (the card's first when only warriors without an enemy are open; the
 * nearest of all when every one is walled in). The policy asks walledIn of
 * the warriors in order of distance until one is open; the definition below
 * asks it of every warrior. Played on whole games, the two must agree at
 * every choice, walled-in warriors included.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { MIN_MARCH } from '../../src/bots/act.js';
import { nearestFoe } from '../../src/bots/scripts.js';
import { engaged } from '../../src/bots/toolkit.js';
import { playGame } from '../../src/engine/index.js';
import { leg } from '../../src/engine/paths.js';
import type { Decision, GameState, Policy, Warrior } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const WAYS = Array.from({ length: 8 }, (_, k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)] as const);

function walledIn(s: GameState, w: Warrior): boolean {
  if (w.status !== 'table') return false;
  const reach = 2 * w.r + MIN_MARCH;
  return WAYS.every(([dx, dy]) => leg(s, w, w.x, w.y, w.x + dx * reach, w.y + dy * reach, reach, true).travelled < MIN_MARCH);
}

/** The front by definition: every warrior's walledIn, then the nearest to an enemy among the open ones. */
function front(s: GameState, d: Extract<Decision, { kind: 'selectWarrior' }>): { id: number; walled: number } {
  const walled = d.warriors.map((id) => walledIn(s, s.warriors[id]));
  const open = walled.some((x) => !x);
  let id = d.warriors[0];
  let best = Infinity;
  d.warriors.forEach((w, i) => {
    if (open && walled[i]) return;
    const f = nearestFoe(s, s.warriors[w]);
    if (f && f.d < best) {
      best = f.d;
      id = w;
    }
  });
  return { id, walled: walled.filter((x) => x).length };
}

describe('the next warrior of a card', () => {
  it('is the open warrior nearest the enemy, as if walledIn were asked of all', () => {
    const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/reedmarsh-800.json')] as const;
    let asked = 0;
    let withWalled = 0;
    let wrong = 0;
    for (const [scenario, seed] of [
      ['fall-into-rank', 'front-1'],
      ['raid', 'front-2'],
      ['meeting-engagement', 'front-3'],
    ]) {
      const inner = getPolicy('balanced');
      const policy: Policy = {
        name: 'checked',
        choose(view, d, rng) {
          const c = inner.choose(view, d, rng);
          if (d.kind === 'selectWarrior' && d.warriors.length > 1 && !d.warriors.some((id) => engaged(view.state, view.state.warriors[id]))) {
            const want = front(view.state as GameState, d);
            asked++;
            if (want.walled > 0) withWalled++;
            if (c.kind !== 'selectWarrior' || c.warrior !== want.id) wrong++;
          }
          return c;
        },
      };
      playGame({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [policy, policy] });
    }
    expect(wrong).toBe(0);
    expect(asked).toBeGreaterThan(50);
    // Walled-in warriors were among the choices (the case the order of questions matters for).
    expect(withWalled).toBeGreaterThan(0);
  });
});
