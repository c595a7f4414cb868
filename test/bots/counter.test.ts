/**
 * The counter-strategy plugin bots of examples/counter: each
 * loads as a plugin, plays legal, reproducible games, and keeps to its
 * strategy's definition — the turtle never leaves its deployment zone and only
 * shoots, the rush always heads for a scoring place, charge-weakest charges
 * the weakest enemy it can reach.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { circleWhollyWithinUnion } from '../../src/board/index.js';
import { getPolicy, legalChargeTargets, loadPlugin, objectives, resolvePolicySpec, statNow } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import type { ActionChoice, Decision, GameView, PlayerIndex, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { ROOT } from '../runner/helpers.js';

const BOTS = ['turtle', 'rush', 'charge-weakest'] as const;
const spec = (bot: string) => resolvePolicySpec(`./examples/counter/${bot}.js`, ROOT);
const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')] as const;

beforeAll(async () => {
  for (const b of BOTS) await loadPlugin(spec(b));
});

function play(a: Policy, b: Policy, seed: string, scenario: string) {
  return playGame({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [a, b] });
}

/** Wraps a policy: `check` sees each action decision and the action chosen, before the engine applies it. */
function watched(p: Policy, check: (view: GameView, d: Extract<Decision, { kind: 'action' }>, a: ActionChoice) => void): Policy {
  return {
    name: p.name,
    choose(view, d, rng) {
      const c = p.choose(view, d, rng);
      if (d.kind === 'action' && c.kind === 'action') check(view, d, c.action);
      return c;
    },
  };
}

describe('the counter-strategy plugins', () => {
  it('load, take no unknown options, and play legal, reproducible games in either seat', () => {
    for (const bot of BOTS) {
      expect(() => getPolicy(`${spec(bot)}:nonsense=1`)).toThrow(/unknown option "nonsense"/);
      const r = play(getPolicy(spec(bot)), getPolicy('balanced'), `counter-${bot}`, 'raid');
      expect(r.stalled).toBe(false);
      expect(play(getPolicy(spec(bot)), getPolicy('balanced'), `counter-${bot}`, 'raid')).toEqual(r);
      expect(play(getPolicy('balanced'), getPolicy(spec(bot)), `counter-${bot}-b`, 'annihilation').stalled).toBe(false);
    }
  });

  it('turtle: never moves out of its deployment zone, never charges, shoots', () => {
    let marches = 0;
    let volleys = 0;
    const turtle = watched(getPolicy(spec('turtle')), (view, d, a) => {
      const s = view.state;
      const w = s.warriors[d.warrior];
      expect(['charge', 'reposition', 'unique']).not.toContain(a.type);
      if (a.type === 'volley') volleys++;
      const zone = s.match.deploymentZones[d.player];
      if (a.type === 'march' && w.status === 'table' && circleWhollyWithinUnion(w, zone)) {
        marches++;
        expect(circleWhollyWithinUnion({ x: a.x, y: a.y, r: w.r }, zone)).toBe(true);
      }
    });
    for (const [i, scenario] of ['annihilation', 'raid'].entries()) {
      const r = play(i ? getPolicy('balanced') : turtle, i ? turtle : getPolicy('balanced'), `turtle-${i}`, scenario);
      expect(r.stalled).toBe(false);
    }
    expect(volleys).toBeGreaterThan(5);
    expect(marches).toBeGreaterThan(0);
  });

  it('rush: every March ends nearer a scoring place or marker it may take', () => {
    let marches = 0;
    const rush = watched(getPolicy(spec('rush')), (view, d, a) => {
      if (a.type !== 'march') return;
      const s = view.state;
      const w = s.warriors[d.warrior];
      const me: PlayerIndex = d.player;
      const goals = [...objectives(s).filter((o) => o.friendlyTo !== me), ...s.scenarioState.markers.filter((m) => !m.destroyed && m.friendlyTo !== me && m.behaviour === 'standard')];
      expect(goals.length).toBeGreaterThan(0);
      const gain = Math.max(...goals.map((g) => Math.hypot(g.x - w.x, g.y - w.y) - Math.hypot(g.x - a.x, g.y - a.y)));
      expect(gain).toBeGreaterThan(0);
      marches++;
    });
    for (const [i, scenario] of ['raid', 'tug-of-war', 'broken-lines'].entries()) {
      expect(play(rush, getPolicy('balanced'), `rush-${i}`, scenario).stalled).toBe(false);
    }
    expect(marches).toBeGreaterThan(20);
  });

  it('charge-weakest: every Charge is at the enemy with the lowest Wounds left × Defense it can reach', () => {
    let charges = 0;
    const bot = watched(getPolicy(spec('charge-weakest')), (view, d, a) => {
      if (a.type !== 'charge') return;
      const s = view.state;
      const w = s.warriors[d.warrior];
      const score = (t: number) => (s.warriors[t].profile.wounds - s.warriors[t].markers) * statNow(s, s.warriors[t], 'defense');
      const legal = legalChargeTargets(s, w).filter((t) => t >= 0);
      expect(legal).toContain(a.target);
      expect(score(a.target)).toBe(Math.min(...legal.map(score)));
      charges++;
    });
    for (const [i, scenario] of ['annihilation', 'raid'].entries()) {
      expect(play(bot, getPolicy('balanced'), `weakest-${i}`, scenario).stalled).toBe(false);
    }
    expect(charges).toBeGreaterThan(3);
  });
});
