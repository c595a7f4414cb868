import { childRng } from '../dice/index.js';
import { IllegalChoiceError } from './illegal.js';
import { Game } from './game.js';
import type { ForkedGame, GameResult, GameView, PlayGameOptions } from './types.js';

/**
 * Plays one whole game between two policies: the pull loop of DESIGN.md.
 * Each policy draws from its own stream of the game's seed, never the dice.
 */
export function playGame(opts: PlayGameOptions): GameResult {
  const game = Game.create(opts);
  opts.observe?.(game.state);
  const rngs = [childRng(opts.seed, 'policy-1'), childRng(opts.seed, 'policy-2')];
  const onReason = opts.onReason;
  // The forward model forks the live game as it stands (its state only: the fork gets fresh dice and no listener),
  // into an earlier fork of this game when given one (a copy into its arrays: a search's playouts allocate no state).
  const fork = (diceSeed: string, into?: ForkedGame) => (into instanceof Game && into.state.match === game.state.match ? Game.forkInto(into, game.state, diceSeed) : Game.fork(game.state, diceSeed));
  const views: GameView[] = [
    { state: game.state, me: 0, explain: onReason ? (r) => onReason(0, r) : undefined, fork },
    { state: game.state, me: 1, explain: onReason ? (r) => onReason(1, r) : undefined, fork },
  ];
  for (let d = game.pending(); d !== null; d = game.pending()) {
    const p = d.player;
    const choice = opts.policies[p].choose(views[p], d, rngs[p]);
    try {
      game.apply(choice);
    } catch (e) {
      // Name the policy: a plugin's illegal choice must point at its module.
      if (e instanceof IllegalChoiceError) e.message = `policy ${opts.policies[p].name} (player ${p + 1}) made an illegal ${d.kind} choice: ${e.message}`;
      throw e;
    }
  }
  return game.state.result!;
}
