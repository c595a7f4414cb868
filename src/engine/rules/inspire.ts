/** Inspire (R17): the Engaged warrior's next Clash is Inspired!. */
import { warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import type { Activation, Warrior } from '../types.js';

/** Inspire: w is Inspired! for the rest of its activation. */
export function inspire(ctx: Ctx, w: Warrior, a: Activation): void {
  a.inspired = true;
  ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'inspired' });
}
