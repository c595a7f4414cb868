/**
 * The counter-strategy plugin bots of examples/counter: each
 * loads as a plugin, plays legal, reproducible games, and keeps to its
 * strategy's definition — the turtle never leaves its deployment zone and only
 * shoots, the rush always heads for a scoring place, charge-weakest charges
 * the weakest enemy it can reach, the kiter's shooters never end a March in
 * an enemy's Charge reach when a place out of it was there to take.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { circleWhollyWithinUnion } from '../../src/board/index.js';
import { attackOdds, engaged, getPolicy, legalChargeTargets, loadPlugin, moveEnd, objectives, resolvePolicySpec, statNow } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import type { ActionChoice, Decision, GameState, GameView, PlayerIndex, Policy, Warrior } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { ROOT } from '../runner/helpers.js';

const BOTS = ['turtle', 'rush', 'charge-weakest', 'kiter'] as const;
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

  it('kiter: its shooters end no March in Charge reach and Volley from none while a place out of reach was there; its screens charge only at the odds', () => {
    // Charge reach as the rules give it (R17, R18), worked out here, not by the plugin: a March, a halved March, Engagement Range.
    const reach = (s: GameState, e: Warrior) => {
      const m = statNow(s, e, 'march');
      return m + Math.ceil(m * s.match.ruleset.repeatMarchFraction) + s.match.ruleset.engagementRange;
    };
    const safe = (s: GameState, w: Warrior, x: number, y: number) =>
      s.warriors.every((e) => e.player === w.player || e.status !== 'table' || e.broken || engaged(s, e) || Math.hypot(e.x - x, e.y - y) - e.r - w.r > reach(s, e));
    // Whether a full March in any of 16 directions (the table's edge kept) ends out of reach.
    const wayOut = (s: GameState, w: Warrior, allowance: number) => {
      for (let k = 0; k < 16; k++) {
        const x = Math.min(Math.max(w.x + Math.cos((k * Math.PI) / 8) * allowance, w.r), s.match.table.width - w.r);
        const y = Math.min(Math.max(w.y + Math.sin((k * Math.PI) / 8) * allowance, w.r), s.match.table.height - w.r);
        const end = moveEnd(s, w, x, y, allowance);
        if (safe(s, w, end.x, end.y)) return true;
      }
      return false;
    };
    let marches = 0;
    let volleys = 0;
    let charges = 0;
    const bot = watched(getPolicy(spec('kiter')), (view, d, a) => {
      const s = view.state;
      const w = s.warriors[d.warrior];
      if (w.status !== 'table' || d.engaged) return;
      if (!w.profile.barrage) {
        if (a.type !== 'charge') return;
        const e = s.warriors[a.target];
        const o = attackOdds(s, w, e, { action: 'clash', inspired: true });
        expect(engaged(s, e) || o.slain + o.broken >= 0.5).toBe(true);
        charges++;
        return;
      }
      expect(a.type).not.toBe('charge');
      const here = safe(s, w, w.x, w.y);
      if (a.type === 'volley' || a.type === 'takeAim') {
        volleys++;
        if (!here && d.legal.includes('march')) expect(wayOut(s, w, d.marchAllowance)).toBe(false);
      }
      if (a.type === 'march') {
        marches++;
        const end = moveEnd(s, w, a.x, a.y, d.marchAllowance);
        if (!safe(s, w, end.x, end.y)) {
          expect(here).toBe(false);
          expect(wayOut(s, w, d.marchAllowance)).toBe(false);
        }
      }
    });
    for (const [i, scenario] of ['annihilation', 'raid'].entries()) {
      const r = play(i ? getPolicy('balanced') : bot, i ? bot : getPolicy('balanced'), `kiter-${i}`, scenario);
      expect(r.stalled).toBe(false);
    }
    expect(volleys).toBeGreaterThan(10);
    expect(marches).toBeGreaterThan(10);
    expect(charges).toBeGreaterThan(0);
  });
});
