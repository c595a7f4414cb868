/**
 * One action of the active warrior (R17): every check before anything
 * changes (an illegal choice changes nothing), then the action's own rule.
 */
import { warriorLabel } from '../combat.js';
import type { Ctx } from '../combat.js';
import { finite, illegal } from '../illegal.js';
import type { ActionChoice, ActionType, Activation, GameState, Warrior } from '../types.js';
import { charge, validateCharge } from './charge.js';
import { clash, validateClash } from './clash.js';
import { inspire } from './inspire.js';
import { march } from './march.js';
import { validatePath } from './movement.js';
import { combatRally, rally } from './rally.js';
import { enter, enterAllowance, entryPosition, validateEnter } from './reinforcements.js';
import { reposition, repositionAllowance } from './reposition.js';
import { uniqueAction, validateUnique } from './unique-actions.js';
import { markUsed } from './used.js';
import { takeAim, validateVolley, volley } from './volley.js';

/** Every check of an action's parameters, before anything changes (an illegal choice changes nothing). */
function validateAction(s: GameState, w: Warrior, act: ActionChoice): void {
  switch (act.type) {
    case 'march':
    case 'reposition':
      if (!finite(act.x, act.y)) illegal(`${act.type}: destination must be numbers`);
      return;
    case 'charge':
      validateCharge(s, w, act.target);
      return;
    case 'enter':
      validateEnter(s, w, act);
      return;
    case 'volley':
      validateVolley(s, w, act.target);
      return;
    case 'clash':
      validateClash(s, w, act.split);
      return;
    case 'unique':
      validateUnique(s, w, act);
      return;
    default:
      return;
  }
}

/**
 * Performs one action of the active warrior (R17, R18, R26, R30); `legal` and
 * `allowance` are the decision's list (legalActions) and March allowance.
 */
export function performAction(ctx: Ctx, w: Warrior, a: Activation, act: ActionChoice, legal: readonly ActionType[], allowance: number): void {
  const s = ctx.s;
  if (!legal.includes(act.type)) illegal(`${warriorLabel(w)} cannot ${act.type} now (legal: ${legal.join(', ')})`);
  validateAction(s, w, act);
  const entry = act.type === 'enter' ? entryPosition(s, w, act.edgeX, act.edgeY) : null;
  // R30: entering is a March measured from the edge; the base's own depth is already used.
  const enterMarch = entry ? enterAllowance(s, w, entry.x, entry.y) : 0;
  const repositionMax = act.type === 'reposition' ? repositionAllowance(s, w) : 0;
  // A March's or a Reposition's path is walked as it is checked: the walk goes to the move, nothing walking between.
  let checked = null;
  if (act.type === 'march') checked = validatePath(s, w, act, w.x, w.y, allowance, true);
  else if (act.type === 'reposition') checked = validatePath(s, w, act, w.x, w.y, repositionMax, false);
  else if (act.type === 'enter') validatePath(s, w, act, entry!.x, entry!.y, enterMarch, true);
  if (act.type === 'end') {
    a.ended = true;
    return;
  }
  s.actions++;
  a.actionsLeft--;
  markUsed(a, act.type);
  switch (act.type) {
    case 'march':
      return march(ctx, w, a, act, allowance, checked);
    case 'charge':
      return charge(ctx, w, a, act.target, allowance);
    case 'enter':
      return enter(ctx, w, a, act, entry!, enterMarch);
    case 'reposition':
      return reposition(ctx, w, act, repositionMax, checked);
    case 'inspire':
      return inspire(ctx, w, a);
    case 'takeAim':
      return takeAim(ctx, w, a);
    case 'rally':
      return rally(ctx, w);
    case 'combatRally':
      return combatRally(ctx, w, a);
    case 'clash':
      return clash(ctx, w, a, act.split);
    case 'volley':
      return volley(ctx, w, a, act.target);
    case 'unique':
      return uniqueAction(ctx, w, a, act.name, act.target);
  }
}
