/**
 * The heuristics' choice of the card's next warrior (src/bots/heuristic.ts):
 * the front, the warrior nearest the enemy that is not walled in by bases
 * (the card's first when only warriors without an enemy are open; the
 * nearest of all when every one is walled in). The policy asks walledIn of
 * the warriors in order of distance until one is open; the definition below
 * asks it of every warrior. Played on whole games, the two must agree at
 * every choice, walled-in warriors included; and on a made position, every
 * warrior of the card walled in, then one of them freed.
 */
import { playUntil } from '../engine/harness.js';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { MIN_MARCH } from '../../src/bots/act.js';
import { nearestFoe } from '../../src/bots/scripts.js';
import { engaged } from '../../src/bots/toolkit.js';
import { Game, playGame } from '../../src/engine/index.js';
import { placeOnTable } from '../../src/engine/grid.js';
import { createRng } from '../../src/dice/index.js';
import { leg } from '../../src/engine/walk.js';
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

  it('is the nearest when every one is walled in, and an open one over a walled one nearer', () => {
    const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/reedmarsh-800.json')] as const;
    const g = Game.create({ armies: [armies[0], armies[1]], scenario: getScenario('annihilation'), ruleset: DEFAULT_RULESET, seed: 'front-walls' });
    const bot = getPolicy('balanced');
    const rng = createRng('front-walls');
    playUntil(g, bot, rng, (d) => d.kind === 'selectWarrior' && d.player === 0);
    const s = g.state as GameState;
    const r = s.warriors.find((w) => w.player === 0)!.r;
    const mine = s.warriors.filter((w) => w.player === 0 && w.r === r);
    expect(mine.length).toBeGreaterThanOrEqual(14);
    // Two warriors on free ground of player 1's half's far side, each in a ring of six friends (touching): walled in.
    const y0 = s.warriors.filter((w) => w.player === 0 && w.status === 'table').reduce((a, w) => a + w.y, 0) / mine.length;
    const [a, b] = mine;
    const ring = (w: Warrior, x: number, y: number, friends: Warrior[]): void => {
      placeOnTable(s, w, x, y);
      friends.forEach((f, k) => placeOnTable(s, f, x + 2.001 * r * Math.cos((k * Math.PI) / 3), y + 2.001 * r * Math.sin((k * Math.PI) / 3)));
    };
    const w = s.match.table.width;
    ring(a, w * 0.3, y0, mine.slice(2, 8));
    ring(b, w * 0.7, y0, mine.slice(8, 14));
    expect([walledIn(s, a), walledIn(s, b)]).toEqual([true, true]);
    const nearer = nearestFoe(s, a)!.d < nearestFoe(s, b)!.d ? a : b;
    const farther = nearer === a ? b : a;
    // The card's first is the farther one: the nearer is not chosen by coming first.
    const card = { kind: 'selectWarrior', player: 0, warriors: [farther.id, nearer.id] } as Extract<Decision, { kind: 'selectWarrior' }>;
    const pick = () => bot.choose({ state: s, me: 0 }, card, rng);
    expect(pick()).toEqual({ kind: 'selectWarrior', warrior: nearer.id });
    expect(front(s, card).id).toBe(nearer.id);
    // The farther one's ring gone: the farther one, open, goes first.
    const freed = nearer === a ? mine.slice(8, 14) : mine.slice(2, 8);
    freed.forEach((f, k) => placeOnTable(s, f, w * 0.5 + (k - 3) * 2.1 * r, y0));
    expect(walledIn(s, farther)).toBe(false);
    expect(pick()).toEqual({ kind: 'selectWarrior', warrior: farther.id });
  });
});
