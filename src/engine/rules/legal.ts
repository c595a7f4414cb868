/** The actions a warrior may take now (R17), as a list for the decision and as bits for the engine. */
import { isEngaged } from '../space.js';
import type { ActionType, Activation, GameState, Warrior } from '../types.js';
import { canCharge } from './charge.js';
import { mayClashAnyMarker } from './clash.js';
import { marchAllowance } from './movement.js';
import { uniqueAvailable } from './unique-actions.js';
import { ACTION_ORDER, BIT, used } from './used.js';

/** legalMask's flag for "w is Engaged", above the action bits. */
const ENGAGED = 1 << ACTION_ORDER.length;
/** One frozen list per set of actions, shared by every decision that offers it. */
const LISTS: (readonly ActionType[] | undefined)[] = [];

/** The list of the actions in a legalMask, in ACTION_ORDER. */
export function actionList(mask: number): readonly ActionType[] {
  const m = mask & (ENGAGED - 1);
  let list = LISTS[m];
  if (list === undefined) {
    list = Object.freeze(ACTION_ORDER.filter((t) => (m & BIT[t]) !== 0));
    LISTS[m] = list;
  }
  return list;
}

/** The actions w may take now (R17), always including 'end'. */
export function legalActions(s: GameState, w: Warrior, a: Activation): { legal: readonly ActionType[]; engaged: boolean } {
  const m = legalMask(s, w, a);
  return { legal: actionList(m), engaged: (m & ENGAGED) !== 0 };
}

/** Whether the only legal action left is 'end'. */
export function onlyEnd(mask: number): boolean {
  return (mask & (ENGAGED - 1)) === BIT.end;
}

/** Whether w is Engaged, from a legalMask. */
export function engagedIn(mask: number): boolean {
  return (mask & ENGAGED) !== 0;
}

/**
 * legalActions as bits (one per ActionType, and ENGAGED), so that the engine
 * asks every decision without building a list (actionList interns them).
 * `march` is w's marchAllowance now, when the caller has it already.
 */
export function legalMask(s: GameState, w: Warrior, a: Activation, march = marchAllowance(s, w, s.activation)): number {
  if (w.status === 'reserve') return (used(a, 'enter') ? 0 : BIT.enter) | BIT.end;
  const engaged = isEngaged(s, w);
  let m = BIT.end;
  if (engaged) {
    m |= ENGAGED;
    if (!used(a, 'reposition')) m |= BIT.reposition;
    if (!used(a, 'inspire')) m |= BIT.inspire;
    if (!used(a, 'clash')) m |= BIT.clash;
    if (w.broken && !used(a, 'combatRally')) m |= BIT.combatRally;
  } else {
    m |= BIT.march;
    if (!a.charged && canCharge(s, w, march)) m |= BIT.charge;
    if (w.profile.barrage) {
      if (!used(a, 'takeAim')) m |= BIT.takeAim;
      if (!used(a, 'volley')) m |= BIT.volley;
    }
    if (w.broken && !used(a, 'rally')) m |= BIT.rally;
    if (!used(a, 'clash') && mayClashAnyMarker(s, w)) m |= BIT.clash;
  }
  const uniques = w.profile.uniqueActions;
  for (let i = 0; i < uniques.length; i++) {
    if (uniqueAvailable(s, w, a, i, engaged)) {
      m |= BIT.unique;
      break;
    }
  }
  // 'volley' is listed whenever the rules allow the action; whether a target is in
  // range and sight is the policy's question (volleyTargets), checked when chosen.
  return m;
}
