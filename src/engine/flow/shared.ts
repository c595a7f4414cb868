/** What the steps of the round sequence share: their context and what comes after a step. */
import type { ScenarioState } from '../../scenarios/types.js';
import type { Ctx } from '../combat.js';
import type { Choice, Decision, PlayerIndex } from '../types.js';

/** The rules' context (state, dice, listener) and the Victory Phase's scratch copy of the scenario state. */
export interface Flow extends Ctx {
  /** victoryEndsGame's copy of the scenario state, which the Victory Phase changes (refilled each call). */
  readonly scored: ScenarioState;
}

/**
 * What a step leaves next: `wait` when it set a decision (or ended the
 * game), else the phase to start (flow/sequence.ts starts it).
 */
export type Next = 'wait' | 'firstRound' | 'nextRound' | 'command' | 'action' | 'victory';

/** The decision of each kind, and the choice that answers it. */
export type DecisionOf = { [K in Decision['kind']]: Extract<Decision, { kind: K }> };
export type ChoiceOf = { [K in Decision['kind']]: Extract<Choice, { kind: K }> };

export const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);
