/**
 * `search` plays for its own side and never peeks (issue 23.7):
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
import { createRng, seededDice } from '../../src/dice/index.js';
import type { SeededRng } from '../../src/dice/rng.js';
import { Game, playGame } from '../../src/engine/index.js';
import type { Choice, ForkedGame, GameView, PlayerIndex, PlayGameOptions, Policy } from '../../src/engine/types.js';
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
  function position(me: PlayerIndex) {
    const you: PlayerIndex = me === 0 ? 1 : 0;
    const sk = skirmish({
      warriors: [
        { player: me, x: 24, y: 20, profile: { attacks: 4, clash: 4, wounds: 3, defense: 3, march: 6, resolve: 4 } },
        { player: you, x: 24, y: 24.5, profile: { attacks: 1, clash: 1, wounds: 1, defense: 1, resolve: 1 } },
      ],
      supremacy: me,
      dice: [],
    });
    return sk;
  }

  for (const me of [0, 1] as PlayerIndex[]) {
    it(`player ${me + 1}: the plan it takes charges the straggler`, () => {
      const sk = position(me);
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
  const STOP = new Error('decided');

  /** One search decision: its choice, reason, a digest of every fork's final state, and the live d6 rolled while deciding. */
  interface Seen {
    choice: Choice;
    reasons: string[];
    forks: number;
    /** d6 the forks rolled: the playouts fought. */
    forkRolls: number;
    digest: string;
    liveRolls: number;
    rolledBefore: number;
  }

  /**
   * Plays `scenario` with search in seat `seat` against balanced, the live
   * dice a seeded stream that switches to the stream `tail` at search's `k`-th
   * Command Card once some warrior is engaged (the playouts fight: they roll
   * dice that decide something); stops after that decision and reports it.
   */
  function decide(scenario: string, seat: PlayerIndex, k: number, tail: string): Seen {
    let current: SeededRng = createRng('live-dice');
    // A seeded d6 stream whose future is swapped at the decision point (its state follows the stream in use).
    const stream = { next: () => current.next(), state: () => current.state() };
    const dice = seededDice(stream);
    const search = getPolicy('search:playouts=8');
    const reasons: string[] = [];
    let n = 0;
    let seen: Seen | null = null;
    const wrapped: Policy = {
      name: search.name,
      choose(view, d, rng) {
        if (d.kind !== 'commandCard' || !(n > 0 || view.state.warriors.some((w) => w.status === 'table' && engaged(view.state, w))) || ++n < k) return search.choose(view, d, rng);
        current = createRng(`tail-${tail}`);
        const forks: ForkedGame[] = [];
        const fork = view.fork!;
        expect(fork).toBeTypeOf('function');
        const rolledBefore = dice.rolled;
        reasons.length = 0;
        const choice = search.choose({ ...view, fork: (seed) => forks[forks.push(fork(seed)) - 1] }, d, rng);
        const h = createHash('sha256');
        let forkRolls = 0;
        for (const g of forks) {
          const s = g.state;
          forkRolls += (g as Game).diceRolled;
          h.update(JSON.stringify([(g as Game).diceRolled, s.round, s.card, s.vp, s.scenarioState, s.warriors.map((w) => [w.status, w.x, w.y, w.markers, w.broken])]));
        }
        seen = { choice, reasons: [...reasons], forks: forks.length, forkRolls, digest: h.digest('hex'), liveRolls: dice.rolled - rolledBefore, rolledBefore };
        throw STOP;
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
    expect(() => playGame(opts)).toThrow(STOP);
    return seen!;
  }

  for (const [scenario, seat, k] of [
    ['annihilation', 0, 1],
    ['annihilation', 1, 4],
    ['meeting-engagement', 0, 4],
    ['broken-lines', 1, 4],
  ] as [string, PlayerIndex, number][]) {
    it(`${scenario}, player ${seat + 1}, Command Card ${k} once the armies fight: the same decision and playouts whatever the live dice after it`, () => {
      const a = decide(scenario, seat, k, 'a');
      const b = decide(scenario, seat, k, 'b');
      // The live dice are the ones given (deployment and Supremacy rolled them), and nothing of the search rolls them.
      expect(a.rolledBefore).toBeGreaterThan(0);
      expect(a.liveRolls).toBe(0);
      expect(b.liveRolls).toBe(0);
      expect(a.forks).toBeGreaterThan(1);
      // The playouts fought (a hundred d6 and more): other dice would have changed them.
      expect(a.forkRolls).toBeGreaterThan(100);
      expect(b).toEqual(a);
    });
  }
});
