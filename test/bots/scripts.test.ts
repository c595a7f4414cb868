import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy, nearestFoe, objectives } from '../../src/bots/index.js';
import { seizingWeight } from '../../src/rules/index.js';
import { cloneState, controlWarriors, playGame } from '../../src/engine/index.js';
import { placeOnTable, takeOffTable } from '../../src/engine/grid.js';
import type { GameState, Policy, Warrior } from '../../src/engine/types.js';
import type { ControlRule } from '../../src/scenarios/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { conquestStands, getScenario, seizeZone, warriorInZone } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/reedmarsh-800.json')] as const;

/** nearestFoe as a plain scan, without its cache. */
function scan(s: Readonly<GameState>, w: Warrior): { id: number; d: number } | null {
  let foe: Warrior | null = null;
  let best = Infinity;
  for (const e of s.warriors) {
    if (e.status !== 'table' || e.player === w.player) continue;
    const d = (e.x - w.x) ** 2 + (e.y - w.y) ** 2;
    if (d < best) {
      best = d;
      foe = e;
    }
  }
  return foe ? { id: foe.id, d: Math.sqrt(best) } : null;
}

const answer = (f: ReturnType<typeof nearestFoe>) => (f ? { id: f.foe.id, d: f.d } : null);

/** Balanced on both sides, calling `check` with the state before every decision. */
function play(scenario: string, seed: string, check: (s: Readonly<GameState>) => void, control?: ControlRule): void {
  const balanced = getPolicy('balanced');
  const checked: Policy = {
    name: 'balanced, checked',
    choose(view, d, rng) {
      check(view.state);
      return balanced.choose(view, d, rng);
    },
  };
  playGame({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [checked, checked], ...(control ? { control } : {}) });
}

describe('nearestFoe: a cache that follows every move', () => {
  it('answers as a plain scan at every decision of a game (moves, charges, the slain, reinforcements)', () => {
    let asked = 0;
    play('raid', 'foe-1', (s) => {
      for (const w of s.warriors) {
        if (w.status !== 'table') continue;
        // Twice: the second answer comes from the cache.
        expect(answer(nearestFoe(s, w))).toEqual(scan(s, w));
        expect(answer(nearestFoe(s, w))).toEqual(scan(s, w));
        asked++;
      }
    });
    expect(asked).toBeGreaterThan(1000);
  });

  it('tells a copied state from its original, and sees an enemy moved or taken off, and the warrior itself moved', () => {
    let done = false;
    play('annihilation', 'foe-2', (s) => {
      if (done || s.round < 2 || s.phase === 'deploy') return;
      const w = s.warriors.find((x) => x.status === 'table' && x.player === 0)!;
      const before = scan(s, w)!;
      expect(answer(nearestFoe(s, w))).toEqual(before);
      const c = cloneState(s as GameState);
      const cw = c.warriors[w.id];
      // The copy's nearest enemy steps next to w's far side; the original is unchanged.
      const far = c.warriors.find((e) => e.status === 'table' && e.player === 1 && e.id !== before.id)!;
      placeOnTable(c, far, cw.x + 1.5, cw.y);
      expect(answer(nearestFoe(c, cw))).toEqual({ id: far.id, d: scan(c, cw)!.d });
      expect(answer(nearestFoe(s, w))).toEqual(before);
      takeOffTable(c, far, 'slain');
      expect(answer(nearestFoe(c, cw))).toEqual(scan(c, cw));
      expect(answer(nearestFoe(c, cw))!.id).not.toBe(far.id);
      // w itself moves (its own side's change): the answer is its new one.
      placeOnTable(c, cw, far.x, far.y);
      expect(answer(nearestFoe(c, cw))).toEqual(scan(c, cw));
      done = true;
    });
    expect(done).toBe(true);
  });
});

/** Each place's weights and seizer as every warrior's control view gives them (objectives() before it made only those inside). */
function reference(s: Readonly<GameState>): { weight: [number, number]; seizedBy: number | null }[] {
  const warriors = controlWarriors(s as GameState);
  const weightOf = (w: (typeof warriors)[number]) =>
    s.match.control === 'conquest-stands'
      ? conquestStands(w, s.match.ruleset).scoring
      : s.match.control === 'steamroller'
        ? w.broken
          ? 0
          : 1
        : w.cannotSeize
          ? 0
          : seizingWeight(w, s.match.ruleset) + (w.seizeBonus ?? 0);
  return objectives(s).map((o) => {
    const zone = { x: o.x, y: o.y, diameter: 2 * o.radius, friendlyTo: o.friendlyTo };
    const weight: [number, number] = [0, 0];
    const inside = warriors.filter((w) => warriorInZone(w, zone));
    for (const w of inside) weight[w.player] += weightOf(w);
    const markers = o.kind === 'zone' ? s.scenarioState.markers : [];
    const seizedBy = seizeZone({
      zone,
      warriors: s.match.control === 'steamroller' ? warriors : inside,
      markers,
      control: s.match.control,
      round: Math.max(s.round, s.match.ruleset.firstSeizingRound),
      ruleset: s.match.ruleset,
    });
    return { weight, seizedBy };
  });
}

describe('objectives: the control views of the warriors inside only', () => {
  for (const control of ['first-blood', 'conquest-stands', 'steamroller'] as const) {
    it(`gives the weights and seizers of every warrior's control view (${control})`, () => {
      let places = 0;
      play(
        'tug-of-war',
        `obj-${control}`,
        (s) => {
          if (s.phase === 'deploy') return;
          // A copy: objectives() of its own, not the answer cached for this state.
          const c = cloneState(s as GameState);
          const objs = objectives(c);
          expect(objs.map((o) => ({ weight: o.weight, seizedBy: o.seizedBy }))).toEqual(reference(c));
          places += objs.filter((o) => o.weight[0] + o.weight[1] > 0).length;
        },
        control,
      );
      expect(places).toBeGreaterThan(50);
    });

    it(`the cached answer is the fresh one at every decision, Command Phase included (${control})`, () => {
      let commandPhase = 0;
      for (const scenario of ['tug-of-war', 'raid', 'area-control']) {
        for (const seed of ['1', '2', '3']) {
          play(
            scenario,
            `obj-cache-${control}-${seed}`,
            (s) => {
              // Rallying Cry and Duel placement change Broken! and positions with no action.
              if (s.phase === 'command') commandPhase++;
              // The live state's answer first (the cache holds one state: asking a copy first would replace it).
              const cached = objectives(s).map((o) => ({ weight: o.weight, seizedBy: o.seizedBy }));
              const fresh = objectives(cloneState(s as GameState)).map((o) => ({ weight: o.weight, seizedBy: o.seizedBy }));
              expect(cached).toEqual(fresh);
              objectives(s); // the live state's answer back in the cache, as the policy would find it
            },
            control,
          );
        }
      }
      expect(commandPhase).toBeGreaterThan(0);
    });
  }
});
