import type { Roster } from '../army/types.js';
import { childRng, seededDice } from '../dice/index.js';
import type { Dice } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { ControlRule, Scenario } from '../scenarios/types.js';
import { duelTargets } from './flow/command.js';
import { end } from './flow/end.js';
import { applyChoice, startGame } from './flow/sequence.js';
import type { Flow } from './flow/shared.js';
import { IllegalChoiceError } from './illegal.js';
import { cloneState, copyState, createState, scratchScenarioState } from './setup.js';
import type { Choice, Decision, GameEvent, GameState, Warrior } from './types.js';

/** Counts the d6 a dice source rolls (seededDice counts already). */
function countRolls(dice: Dice): Dice & { rolled: number } {
  if ('rolled' in dice && typeof (dice as { rolled: unknown }).rolled === 'number') return dice as Dice & { rolled: number };
  const counted = {
    rolled: 0,
    d6(): number {
      counted.rolled++;
      return dice.d6();
    },
  };
  return counted;
}

export interface CreateGameOptions {
  armies: [Roster, Roster];
  scenario: Scenario;
  control?: ControlRule;
  ruleset: Ruleset;
  seed: string;
  onEvent?: (event: GameEvent) => void;
  /** Replaces the seeded dice stream, e.g. scriptedDice in tests. */
  dice?: Dice;
}

/**
 * One game as a pull machine (DESIGN.md): `pending()` is the decision the
 * engine waits for, `apply(choice)` makes it and runs every automatic step
 * up to the next decision. All state is the plain `state`; the Game adds
 * only the dice stream and the event listener.
 */
export class Game {
  readonly state: GameState;
  /** What the round sequence runs in (engine/flow/): the state, the dice, the listener. */
  private readonly flow: Flow;

  private constructor(state: GameState, dice: Dice, onEvent: ((e: GameEvent) => void) | null) {
    this.state = state;
    this.flow = { s: state, dice: countRolls(dice), emit: onEvent, scored: scratchScenarioState() };
  }

  static create(opts: CreateGameOptions): Game {
    const state = createState({
      armies: opts.armies,
      scenario: opts.scenario,
      control: opts.control ?? 'first-blood',
      ruleset: opts.ruleset,
      setupRng: childRng(opts.seed, 'setup'),
    });
    const game = new Game(state, opts.dice ?? seededDice(childRng(opts.seed, 'dice')), opts.onEvent ?? null);
    game.flow.emit?.({
      type: 'gameStart',
      seed: opts.seed,
      armies: state.match.armyNames,
      scenario: opts.scenario.id,
      terrain: state.match.terrain.length,
    });
    startGame(game.flow);
    return game;
  }

  /**
   * An independent copy for search: its dice are re-seeded from `diceSeed`
   * (drawn from the searcher's own stream), so it cannot see future rolls.
   */
  clone(diceSeed: string): Game {
    return Game.fork(this.state, diceSeed);
  }

  /**
   * The forward model of a policy (GameView.fork): an independent game from
   * any state, shared immutable data aside (profiles, scenario, terrain). Its
   * dice are re-seeded from `diceSeed` and it has no listener, so its play
   * neither sees the live game's future rolls nor narrates into it.
   */
  static fork(state: Readonly<GameState>, diceSeed: string): Game {
    return new Game(cloneState(state), seededDice(childRng(diceSeed, 'dice')), null);
  }

  /**
   * Game.fork without allocating a new state: makes `into` (a fork of the
   * same game, e.g. the last playout's) a fork of `state` again, by copyState
   * into its own arrays, its dice re-seeded from `diceSeed`, no listener. It
   * then plays exactly as Game.fork(state, diceSeed) would (copyState forgets
   * what was worked out from its old position).
   */
  static forkInto(into: Game, state: Readonly<GameState>, diceSeed: string): Game {
    copyState(into.state, state);
    into.flow.dice = countRolls(seededDice(childRng(diceSeed, 'dice')));
    into.flow.emit = null;
    return into;
  }

  /** d6 rolled so far by this game's dice stream. */
  get diceRolled(): number {
    return this.flow.dice.rolled;
  }

  pending(): Decision | null {
    return this.state.decision;
  }

  apply(choice: Choice): void {
    const s = this.state;
    const d = s.decision;
    if (!d) throw new IllegalChoiceError('the game is over');
    if (choice.kind !== d.kind) throw new IllegalChoiceError(`expected a ${d.kind} choice, got ${choice.kind}`);
    s.decision = null;
    s.decisions++;
    try {
      // d.kind === choice.kind, checked above.
      applyChoice(this.flow, d.kind, d, choice);
    } catch (e) {
      s.decision = d; // an illegal choice changes nothing that matters: the same decision stands
      s.decisions--;
      throw e;
    }
    if (s.decisions >= s.match.ruleset.maxDecisionsPerGame && s.phase !== 'over') end(this.flow, 'stalled', true);
  }

  /** Duel: the enemy characters `c` may challenge now (flow/command.ts). */
  duelTargets(c: Warrior): number[] {
    return duelTargets(this.state, c);
  }
}
