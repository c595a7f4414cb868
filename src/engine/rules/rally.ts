/** Rally and Combat Rally (R17): a Broken! warrior rallies; engaged, it tests Resolve. */
import { coveredBy, stat } from '../abilities.js';
import { warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import type { Activation, Warrior } from '../types.js';

/** Rally: w is no longer Broken!. */
export function rally(ctx: Ctx, w: Warrior): void {
  w.broken = false;
  ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
}

/** Combat Rally: rally, then a Resolve test; a failure ends the activation. Rallying Cry re-rolls a failure (R21). */
export function combatRally(ctx: Ctx, w: Warrior, a: Activation): void {
  const s = ctx.s;
  w.broken = false;
  ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
  const needed = stat(s, w, 'resolve'); // R37
  let roll = ctx.dice.d6();
  let passed = roll <= needed;
  ctx.emit?.({ type: 'resolveTest', warrior: warriorLabel(w), roll, needed, outcome: passed ? 'passed' : 'failed' });
  if (!passed && coveredBy(s, w, 'Rallying Cry')) {
    roll = ctx.dice.d6();
    passed = roll <= needed;
    ctx.emit?.({ type: 'resolveTest', warrior: warriorLabel(w), roll, needed, outcome: passed ? 'passed' : 'failed' });
  }
  if (!passed) a.ended = true;
}
