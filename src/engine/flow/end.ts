/** The end of the game (R28): its result, and the wipe-out that ends it at once. */
import type { Ctx } from '../combat.js';
import type { EndReason, GameResult, PlayerIndex } from '../types.js';
import type { Next } from './shared.js';

/** R28: a player with no warriors on the table and none left in Reinforcements loses at once. */
export function checkWipeOut(f: Ctx): boolean {
  const s = f.s;
  if (s.phase !== 'action' && s.phase !== 'command') return false;
  const alive0 = s.alive[0] > 0;
  const alive1 = s.alive[1] > 0;
  if (alive0 && alive1) return false;
  s.activation = null;
  end(f, 'wipeOut', false, alive0 && !alive1 ? 0 : !alive0 && alive1 ? 1 : null);
  return true;
}

/** Ends the game: the winner (given, else the one with more VP), the result, and no decision left. */
export function end(f: Ctx, reason: EndReason, stalled: boolean, winner?: PlayerIndex | null): Next {
  const s = f.s;
  let w: PlayerIndex | null;
  if (winner !== undefined) w = winner;
  else w = s.vp[0] > s.vp[1] ? 0 : s.vp[1] > s.vp[0] ? 1 : null;
  const lost: [number, number] = [0, 0];
  const points: [number, number] = [0, 0];
  for (const x of s.warriors) {
    // R40: warriors still in Reinforcements at the end count as destroyed, however the game ends.
    if (x.status !== 'table') {
      lost[x.player]++;
      points[x.player] += x.points;
    }
  }
  const result: GameResult = {
    winner: w,
    vp: [s.vp[0], s.vp[1]],
    rounds: s.round,
    endReason: reason,
    warriorsLost: lost,
    pointsDestroyed: [Math.round(points[0] * 100) / 100, Math.round(points[1] * 100) / 100],
    stalled,
    passiveRounds: s.passiveRounds,
    actions: s.actions,
    diceRolled: f.dice.rolled,
  };
  s.phase = 'over';
  s.decision = null;
  s.result = result;
  f.emit?.({ type: 'gameEnd', result });
  return 'wait';
}
