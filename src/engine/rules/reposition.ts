/** Reposition (R17, R36): the Engaged warrior's move, at a fraction of its March. */
import { stat } from '../abilities.js';
import { becomeBroken, endDuel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { engagedEnemies, inEngagement, within } from '../space.js';
import type { ActionChoice, GameState, Warrior } from '../types.js';
import type { Walk } from '../walk.js';
import { move } from './movement.js';

/** How far a Reposition goes: the ruleset's fraction of March, rounded up. */
export function repositionAllowance(s: GameState, w: Warrior): number {
  return Math.ceil(stat(s, w, 'march') * s.match.ruleset.repositionFraction);
}

/**
 * A Reposition of w as far as `allowance` goes; leaving an enemy's Engagement
 * Range breaks it (R36). `checked`: its path's walk, just validated (move()).
 */
export function reposition(ctx: Ctx, w: Warrior, act: Extract<ActionChoice, { type: 'reposition' }>, allowance: number, checked: Walk | null): void {
  const s = ctx.s;
  const before = engagedEnemies(s, w);
  move(ctx, w, 'reposition', act.x, act.y, allowance, false, act.path, checked);
  if (w.duel >= 0 && !inEngagement(s, w, s.warriors[w.duel])) endDuel(s, w);
  // R36: leaving any enemy's Engagement Range by Reposition: Broken!, even while still engaged with another.
  if (before.some((e) => !within(w, e, s.match.ruleset.engagementRange))) becomeBroken(ctx, w, null);
}
