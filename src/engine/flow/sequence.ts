/**
 * The round sequence as two tables: the step each phase starts with, and
 * the step each kind of decision's choice runs. Every step returns what
 * comes next; `run` follows them until a decision waits or the game ends.
 */
import type { Decision } from '../types.js';
import { action, commandCard, selectWarrior, startActionPhase } from './activation.js';
import { commandAbility, duelResponse, startCommandPhase } from './command.js';
import { deploy, deployFirst, startDeployment } from './deployment.js';
import { startRound, supremacyTie } from './round.js';
import type { ChoiceOf, DecisionOf, Flow, Next } from './shared.js';
import { victory } from './victory.js';

const PHASES: { readonly [N in Exclude<Next, 'wait'>]: (f: Flow) => Next } = {
  firstRound: (f) => startRound(f, 1),
  nextRound: (f) => startRound(f, f.s.round + 1),
  command: startCommandPhase,
  action: startActionPhase,
  victory,
};

const CHOICES: { readonly [K in Decision['kind']]: (f: Flow, d: DecisionOf[K], c: ChoiceOf[K]) => Next } = {
  deployFirst,
  deploy,
  supremacyTie,
  commandAbility,
  duelResponse,
  commandCard,
  selectWarrior,
  action,
};

function run(f: Flow, next: Next): void {
  while (next !== 'wait') next = PHASES[next](f);
}

/** Deployment's roll-off, up to the first decision. */
export function startGame(f: Flow): void {
  run(f, startDeployment(f));
}

/**
 * Makes choice `c` for decision `d` of kind `kind` and runs every automatic
 * step up to the next decision. The caller has checked that the choice's
 * kind is the decision's.
 */
export function applyChoice<K extends Decision['kind']>(f: Flow, kind: K, d: DecisionOf[K], c: ChoiceOf[K]): void {
  run(f, CHOICES[kind](f, d, c));
}
