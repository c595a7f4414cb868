/** March (R17): to a point, straight or along a path (R41); one that ends Engaged is a Charge (R18). */
import type { Ctx } from '../combat.js';
import type { ActionChoice, Activation, Warrior } from '../types.js';
import { checkCharge } from './charge.js';
import type { Walk } from '../walk.js';
import { move } from './movement.js';

/** A March of w as far as `allowance` (marchAllowance now) goes; `checked`: its path's walk, just validated (move()). */
export function march(ctx: Ctx, w: Warrior, a: Activation, act: Extract<ActionChoice, { type: 'march' }>, allowance: number, checked: Walk | null): void {
  a.marches++;
  move(ctx, w, 'march', act.x, act.y, allowance, true, act.path, checked);
  checkCharge(ctx, w, a, null);
}
