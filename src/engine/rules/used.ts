/** Which actions an activation has taken: R17, never the same action twice. */
import type { ActionType, Activation } from '../types.js';

/** The order legal actions are listed in: every list is a subsequence of it. */
export const ACTION_ORDER: readonly ActionType[] = ['enter', 'reposition', 'inspire', 'march', 'charge', 'takeAim', 'volley', 'rally', 'clash', 'combatRally', 'unique', 'end'];
export const BIT = Object.fromEntries(ACTION_ORDER.map((t, i) => [t, 1 << i])) as Record<ActionType, number>;

/** Actions that count as the same action for "never the same one twice" (R17). */
function family(t: ActionType): ActionType {
  if (t === 'charge' || t === 'enter') return 'march';
  return t;
}

export function used(a: Activation, t: ActionType): boolean {
  return (a.used & BIT[family(t)]) !== 0;
}

/** Records an action of t's family as taken this activation. */
export function markUsed(a: Activation, t: ActionType): void {
  a.used |= BIT[family(t)];
}
