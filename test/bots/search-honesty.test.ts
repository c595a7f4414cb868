/**
 * `search` plays for its own side and never peeks:
 * - on a built position where one plan clearly wins (charge the enemy it can
 *   slay) and others clearly do not (hold, fall back), it takes the winning
 *   plan from either seat: its playouts are scored from its own side;
 * - through playGame's own `view.fork`, its choices and its playouts do not
 *   depend on the live game's future dice: the same game, played twice with
 *   the same policy seeds, the same dice up to a decision and other dice
 *   after it, gives the same decision, the same forks' outcomes, and no roll
 *   of the live dice during the search.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { engaged, getPolicy } from '../../src/bots/index.js';
import { createRng, restoreRng, seededDice } from '../../src/dice/index.js';
import type { SeededRng } from '../../src/dice/rng.js';
import { Game, playGame } from '../../src/engine/index.js';
import type { Choice, Decision, ForkedGame, GameView, PlayerIndex, PlayGameOptions, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { skirmish } from '../engine/harness.js';

describe('search scores its playouts from its own side', () => {
  /**
   * My champion (4 Attacks, Clash 4, 3 Wounds) 3" from the enemy's only
   * warrior, a 1-Wound Defense-1 straggler it slays with a Charge almost
   * surely; the straggler's side (`you`) has nothing else. Slaying it ends the
   * game in my favour; holding or falling back leaves it be.
   */
  function position(me: PlayerIndex, reserve = false) {
    const you: PlayerIndex = me === 0 ? 1 : 0;
    const sk = skirmish({
      warriors: [
        { player: me, x: 24, y: 20, profile: { attacks: 4, clash: 4, wounds: 3, defense: 3, march: 6, resolve: 4 } },
        { player: you, x: 24, y: 24.5, profile: { attacks: 1, clash: 1, wounds: 1, defense: 1, resolve: 1 } },
        // With a second enemy far off, slaying the straggler does not end the game: only the evaluation says it is good.
        ...(reserve ? [{ player: you, x: 3, y: 45, profile: { march: 1 } }] : []),
      ],
      supremacy: me,
      dice: [],
    });
    return sk;
  }

  for (const [me, reserve] of [
    [0, false],
    [1, false],
    [0, true],
    [1, true],
  ] as [PlayerIndex, boolean][]) {
    it(`player ${me + 1}: the plan it takes charges the straggler${reserve ? ', the game going on after it (the evaluation decides)' : ''}`, () => {
      const sk = position(me, reserve);
      const search = getPolicy('search:playouts=16');
      const rng = createRng(`honest-${me}`);
      const d = sk.game.pending()!;
      expect(d).toMatchObject({ kind: 'commandCard', player: me });
      const view: GameView = { state: sk.s, me };
      sk.game.apply(search.choose(view, d, rng));
      // The plan's script answers the warrior's decisions.
      let next = sk.game.pending()!;
      if (next.kind === 'selectWarrior') {
        sk.game.apply(search.choose(view, next, rng));
        next = sk.game.pending()!;
      }
      expect(next).toMatchObject({ kind: 'action', player: me, warrior: sk.w(0).id });
      const c = search.choose(view, next, rng) as Extract<Choice, { kind: 'action' }>;
      expect(c.action).toEqual({ type: 'charge', target: sk.w(1).id });
    });
  }
});

describe("search never depends on the live game's future dice (through playGame's view.fork)", () => {
  const armies = [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/tuskfell-400.json')] as const;
  const STOP = new Error('enough decisions compared');

  /** One search decision: its choice, reason lines, a digest of every fork's final state, and the d6 the forks and the live dice rolled. */
  interface Seen {
    choice: Choice;
    reasons: string[];
    forks: number;
    digest: string;
    /** d6 the forks rolled: the playouts fought. */
    forkRolls: number;
    liveRolls: number;
  }

  /**
   * Plays `scenario` with search in seat `seat` against balanced through
   * playGame, its live dice a seeded stream whose future can be swapped. At
   * each of search's Command Cards once some warrior is engaged (the playouts
   * fight), it first decides twice on the spot — the same view, the same
   * policy stream (a copy of its state), playGame's own view.fork — once with
   * the live dice's future replaced by stream A and once by stream B: the
   * same game up to the decision, other live dice after it. Both must agree
   * in everything, and roll no live die. Then it decides for real on the
   * original stream, and the game goes on; after `cards` such cards it stops.
   */
  function compare(scenario: string, seat: PlayerIndex, cards: number): { compared: number; forkRolls: number } {
    let current: SeededRng = createRng('live-dice');
    // A seeded d6 stream whose future is swapped at a decision (its state follows the stream in use).
    const stream = { next: () => current.next(), state: () => current.state() };
    const dice = seededDice(stream);
    const search = getPolicy('search:playouts=8');
    const reasons: string[] = [];
    let compared = 0;
    let forkRolls = 0;
    let rolledBefore = 0;
    const probe = (view: GameView, d: Decision, rng: SeededRng, tail: string): Seen => {
      const real = current;
      current = createRng(`${tail}-${compared}`);
      const forks: ForkedGame[] = [];
      const fork = view.fork!;
      const before = dice.rolled;
      reasons.length = 0;
      const choice = search.choose({ ...view, fork: (seed) => forks[forks.push(fork(seed)) - 1] }, d, restoreRng(rng.state()));
      const h = createHash('sha256');
      let rolls = 0;
      for (const g of forks) {
        const s = g.state;
        rolls += (g as Game).diceRolled;
        h.update(JSON.stringify([(g as Game).diceRolled, s.round, s.card, s.vp, s.scenarioState, s.warriors.map((w) => [w.status, w.x, w.y, w.markers, w.broken])]));
      }
      const seen = { choice, reasons: [...reasons], forks: forks.length, digest: h.digest('hex'), forkRolls: rolls, liveRolls: dice.rolled - before };
      current = real;
      return seen;
    };
    const wrapped: Policy = {
      name: search.name,
      choose(view, d, rng) {
        const s = view.state;
        if (d.kind === 'commandCard' && (compared > 0 || s.warriors.some((w) => w.status === 'table' && engaged(s, w)))) {
          expect(view.fork).toBeTypeOf('function');
          const a = probe(view, d, rng as SeededRng, 'tail-a');
          const b = probe(view, d, rng as SeededRng, 'tail-b');
          expect(a.forks).toBeGreaterThan(1);
          expect(a.liveRolls).toBe(0);
          expect(b).toEqual(a);
          compared++;
          forkRolls += a.forkRolls;
          if (compared === cards) throw STOP;
        }
        if (d.kind === 'commandCard') rolledBefore = dice.rolled;
        return search.choose(view, d, rng);
      },
    };
    const policies: [Policy, Policy] = seat === 0 ? [wrapped, getPolicy('balanced')] : [getPolicy('balanced'), wrapped];
    const opts: PlayGameOptions & { dice: typeof dice } = {
      armies: [armies[0], armies[1]],
      scenario: getScenario(scenario),
      ruleset: DEFAULT_RULESET,
      seed: 'honest-fork',
      policies,
      onReason: (p, r) => {
        if (p === seat) reasons.push(r);
      },
      // Game.create takes the dice source playGame is given.
      dice,
    };
    try {
      playGame(opts);
    } catch (e) {
      if (e !== STOP) throw e;
    }
    // The live dice are the ones given: deployment, Supremacy and the fights rolled them.
    expect(rolledBefore).toBeGreaterThan(0);
    return { compared, forkRolls };
  }

  for (const [scenario, seat] of [
    ['annihilation', 0],
    ['broken-lines', 1],
  ] as [string, PlayerIndex][]) {
    it(`${scenario}, player ${seat + 1}: each Command Card once the armies fight, the same decision and playouts whatever the live dice after it`, () => {
      const r = compare(scenario, seat, 8);
      expect(r.compared).toBe(8);
      // The playouts fought (hundreds of d6): other dice would have changed them.
      expect(r.forkRolls).toBeGreaterThan(300);
    });
  }
});
