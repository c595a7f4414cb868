import { childRng } from '../dice/index.js';
import { Game } from './game.js';
import type { GameResult, GameView, PlayGameOptions } from './types.js';

/**
 * Plays one whole game between two policies: the pull loop of DESIGN.md.
 * Each policy draws from its own stream of the game's seed, never the dice.
 */
export function playGame(opts: PlayGameOptions): GameResult {
  const game = Game.create(opts);
  opts.observe?.(game.state);
  const rngs = [childRng(opts.seed, 'policy-1'), childRng(opts.seed, 'policy-2')];
  const views: GameView[] = [
    { state: game.state, me: 0 },
    { state: game.state, me: 1 },
  ];
  for (let d = game.pending(); d !== null; d = game.pending()) {
    const p = d.player;
    game.apply(opts.policies[p].choose(views[p], d, rngs[p]));
  }
  return game.state.result!;
}
