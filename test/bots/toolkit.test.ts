import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { attackOdds, evaluate, getPolicy, legalChargeTargets, legalClashTargets, objectives, randomPolicy, scoreIfVictoryNow } from '../../src/bots/index.js';
import { childRng, resolveTest, rollAttack, seededDice, targetOutcome, woundDistribution } from '../../src/dice/index.js';
import { attackOptionsFor, chargeTargets, controlWarriors, engagedEnemies, Game, isOutnumbered, playGame, stat } from '../../src/engine/index.js';
import type { GameState, Policy, Warrior } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario, seizeZone } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')] as const;

/** A game of two random policies stopped at its first action decision of `round` whose warrior is engaged (or not). */
function midGame(scenario: string, seed: string, wantEngaged: boolean, round = 3): Game {
  const game = Game.create({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed });
  const rngs = [childRng(seed, 'a'), childRng(seed, 'b')];
  for (let d = game.pending(); d !== null; d = game.pending()) {
    if (d.kind === 'action' && game.state.round >= round && d.engaged === wantEngaged) return game;
    game.apply(randomPolicy.choose({ state: game.state, me: d.player }, d, rngs[d.player]));
  }
  throw new Error('no such decision');
}

function activeWarrior(s: GameState): Warrior {
  return s.warriors[s.activation!.warrior];
}

describe("toolkit: the engine's own answers, read-only", () => {
  it("lists the engine's Clash and Charge targets", () => {
    for (const seed of ['t1', 't2', 't3']) {
      const s = midGame('annihilation', seed, true).state;
      const w = activeWarrior(s);
      expect(legalClashTargets(s, w).map((e) => e.id)).toEqual(engagedEnemies(s, w).map((e) => e.id));
      expect(legalClashTargets(s, w).length).toBeGreaterThan(0);
      const u = midGame('annihilation', seed, false).state;
      expect(legalChargeTargets(u, activeWarrior(u))).toEqual(chargeTargets(u, activeWarrior(u)));
    }
  });

  it("attack odds are the exact distribution of the engine's attack options, memoised, and agree with sampling", () => {
    const s = midGame('annihilation', 'odds', true).state;
    const w = activeWarrior(s);
    const t = legalClashTargets(s, w)[0];
    const odds = attackOdds(s, w, t, { action: 'clash', inspired: true, outnumbered: false });
    const opts = attackOptionsFor(s, w, t, { action: 'clash', dice: w.profile.attacks, hitCap: w.profile.clash, outnumbered: false, inspired: true, aimed: false, obscured: false });
    const dist = woundDistribution(opts);
    expect(odds.wounds).toEqual(dist);
    const fate = targetOutcome({ attack: dist, wounds: t.profile.wounds, resolve: t.profile.resolve, markers: t.markers, broken: t.broken });
    expect(odds.slain).toBeCloseTo(fate.slain, 12);
    expect(odds.broken).toBeCloseTo(fate.broken, 12);
    expect(attackOdds(s, w, t, { action: 'clash', inspired: true, outnumbered: false })).toBe(odds);
    // Sampling with the dice's own rolls: the exact P(slain) within 4 standard errors.
    const dice = seededDice(childRng('odds', 'sample'));
    const n = 20_000;
    let slain = 0;
    for (let i = 0; i < n; i++) {
      const wounds = rollAttack(dice, opts).wounds;
      const markers = t.markers + wounds;
      if (markers < t.profile.wounds) continue;
      const r = resolveTest(dice, { markers, wounds: t.profile.wounds, resolve: t.profile.resolve, broken: t.broken, overkill: true });
      if (r.outcome === 'slain') slain++;
    }
    const se = Math.sqrt((odds.slain * (1 - odds.slain)) / n);
    expect(Math.abs(slain / n - odds.slain)).toBeLessThan(4 * se + 1e-3);
  });

  it("attack odds read the target's Resolve with the abilities in force (R37: a -1 Resolve, like Croak of Doom)", () => {
    const s = midGame('annihilation', 'odds', true).state;
    const w = activeWarrior(s);
    const t = legalClashTargets(s, w)[0];
    const opts = { action: 'clash', inspired: true, outnumbered: false } as const;
    const before = attackOdds(s, w, t, opts);
    // The attacker's side performs a -1 Resolve on enemies; the engaged target is within its Command Range.
    const source = s.warriors.find((x) => x.player === w.player && x.kind !== 'leader' && x.status === 'table' && Math.hypot(x.x - t.x, x.y - t.y) < 4)!;
    s.abilities.push({ name: 'Croak', source: source.id, player: w.player, def: { name: 'Croak', target: 'enemy', effect: { kind: 'modify', stat: 'resolve', by: -1 } } as never });
    const after = attackOdds(s, w, t, opts);
    const fate = targetOutcome({ attack: before.wounds, wounds: t.profile.wounds, resolve: Math.max(0, t.profile.resolve - 1), markers: t.markers, broken: t.broken });
    expect(after.slain).toBeCloseTo(fate.slain, 12);
    expect(after.slain).toBeGreaterThan(before.slain);
    s.abilities.pop();
  });

  it("objectives: who seizes each zone is the scenario's own seizeZone; score-now changes nothing", () => {
    const game = midGame('raid', 'zones', false, 4);
    const s = game.state;
    const cw = controlWarriors(s);
    const objs = objectives(s).filter((o) => o.kind === 'zone');
    expect(objs.length).toBe(s.match.scenario.objectiveZones.length);
    objs.forEach((o, i) => {
      const zone = s.match.scenario.objectiveZones[i];
      expect(o.seizedBy).toBe(seizeZone({ zone, warriors: cw, markers: s.scenarioState.markers, control: s.match.control, round: s.round, ruleset: s.match.ruleset }));
    });
    const before = JSON.stringify([s.scenarioState, s.tally, s.vp]);
    const now = scoreIfVictoryNow(s);
    expect(JSON.stringify([s.scenarioState, s.tally, s.vp])).toBe(before);
    expect(now.every((v) => v >= 0)).toBe(true);
  });

  it("the evaluation is zero-sum: one player's value is the other's loss", () => {
    const s = midGame('tug-of-war', 'eval', false, 4).state;
    expect(evaluate(s, 0)).toBeCloseTo(-evaluate(s, 1), 9);
  });
});

describe('policy options', () => {
  it('takes name:key=value options and rejects unknown names, options and values with a line naming the policy', () => {
    expect(getPolicy('balanced:aggression=0.7,objective=0.2').name).toBe('balanced:aggression=0.7,objective=0.2');
    expect(() => getPolicy('balanced:agression=1')).toThrow(
      'policy "balanced:agression=1": balanced has no option "agression" (options: aggression, objective, tactics, caution, hold, crowded, marker, deny, holdCharge, broken, wounds)',
    );
    expect(() => getPolicy('balanced:aggression=2')).toThrow('option aggression expects a number from 0 to 1, got "2"');
    expect(() => getPolicy('random:x=1')).toThrow('random has no option "x" (it takes no options)');
    expect(() => getPolicy('cunning')).toThrow('unknown policy "cunning"');
  });
});

describe('attackOdds: its memo by profiles and numbers', () => {
  it("answers as the exact distribution of the engine's attack options at every target of a game, abilities in force or not, for two rulesets in turn", () => {
    const other = { ...DEFAULT_RULESET, overkill: false, outnumberedBonus: 2, aimedBonus: 2, blockChoice: 'defense' as const };
    const balanced = getPolicy('balanced');
    let checked = 0;
    let withAbilities = 0;
    for (const [i, ruleset] of [DEFAULT_RULESET, other, DEFAULT_RULESET, other].entries()) {
      const check = (s: GameState): void => {
        const a = s.activation;
        if (!a || s.warriors[a.warrior].status !== 'table') return;
        const w = s.warriors[a.warrior];
        const asks: [Warrior, 'clash' | 'volley'][] = [
          ...legalClashTargets(s, w).map((e): [Warrior, 'clash'] => [e, 'clash']),
          ...legalChargeTargets(s, w)
            .filter((t) => t >= 0)
            .map((t): [Warrior, 'clash'] => [s.warriors[t], 'clash']),
        ];
        if (w.profile.barrage) for (const t of s.warriors) if (t.status === 'table' && t.player !== w.player) asks.push([t, 'volley']);
        for (const [t, action] of asks) {
          for (const flag of [false, true]) {
            const opts = action === 'clash' ? { action, inspired: flag } : { action, aimed: flag, obscured: !flag };
            const odds = attackOdds(s, w, t, opts);
            const o = attackOptionsFor(s, w, t, {
              action,
              dice: action === 'clash' ? stat(s, w, 'attacks') : (w.profile.barrage?.dice ?? 0),
              hitCap: stat(s, w, action),
              outnumbered: action === 'clash' && isOutnumbered(s, w, t),
              inspired: action === 'clash' && flag,
              aimed: action === 'volley' && flag,
              obscured: action === 'volley' && !flag,
            });
            const wounds = woundDistribution(o);
            const fate = targetOutcome({
              attack: wounds,
              wounds: t.profile.wounds,
              resolve: stat(s, t, 'resolve'),
              markers: Math.min(t.markers, t.profile.wounds - 1),
              broken: t.broken,
              overkill: s.match.ruleset.overkill,
            });
            expect(odds.wounds).toEqual(wounds);
            expect(odds.slain).toBe(fate.slain);
            expect(odds.broken).toBe(fate.broken);
            checked++;
            if (s.abilities.some((x) => x.def !== null)) withAbilities++;
          }
        }
      };
      const policy: Policy = { name: 'balanced, checked', choose: (view, d, rng) => (check(view.state as GameState), balanced.choose(view, d, rng)) };
      playGame({ armies: [armies[i % 2], armies[(i + 1) % 2]], scenario: getScenario('annihilation'), ruleset, seed: `plain-${i}`, policies: [policy, policy] });
    }
    expect(checked).toBeGreaterThan(2000);
    expect(withAbilities).toBeGreaterThan(100);
  });
});
