/**
 * The heuristic policies (aggressive, objective, balanced): small pieces by
 * decision kind over shared caches, weighted by options. `aggression` scales
 * what fighting is worth, `objective` what the scenario's scoring places are
 * worth; `tactics` switches on the finer play (Take Aim, threat-aware moves
 * and fall-backs, Reposition, Duels by odds, planned deployment, command
 * cards by urgency). The pieces: goals.ts (where to go), act.ts (actions),
 * command.ts (cards, Command Abilities, Duels), deploy.ts (deployment).
 */
import type { Rng } from '../dice/types.js';
import { engaged } from './toolkit.js';
import type { Choice, Decision, GameState, GameView, PlayerIndex, Policy } from '../engine/types.js';
import { Actions } from './act.js';
import { answerDuel, chooseCard, chooseCommandAbility } from './command.js';
import { chooseDeployment } from './deploy.js';
import { Goals } from './goals.js';
import { num, warriorName } from './labels.js';
import { nearestFoe, type Note } from './scripts.js';
import type { HeuristicOptions } from './types.js';

export type { HeuristicOptions } from './types.js';

type State = Readonly<GameState>;
const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);

/**
 * Which warrior of the card acts next: an engaged one strikes first; then the
 * front, nearest the enemy (or its goal), so that it does not stand in the
 * way of the rest of its regiment.
 */
function chooseWarrior(s: State, d: Extract<Decision, { kind: 'selectWarrior' }>, note: Note): Choice {
  for (const id of d.warriors) {
    if (engaged(s, s.warriors[id])) {
      note?.(`${warriorName(s, id)} first: engaged, strike before being struck`);
      return { kind: 'selectWarrior', warrior: id };
    }
  }
  let front = d.warriors[0];
  let best = Infinity;
  for (const id of d.warriors) {
    const f = nearestFoe(s, s.warriors[id]);
    if (f && f.d < best) {
      best = f.d;
      front = id;
    }
  }
  if (d.warriors.length > 1) note?.(`${warriorName(s, front)} first: the front, ${num(best)}" from the enemy`);
  return { kind: 'selectWarrior', warrior: front };
}

export function heuristicPolicy(name: string, o: HeuristicOptions): Policy {
  const goals = new Goals(o);
  const actions = new Actions(o, goals);
  return {
    name,
    choose(view: GameView, d: Decision, rng: Rng): Choice {
      const s = view.state;
      const note: Note = view.explain ? (r: string) => view.explain!(`${name}: ${r}`) : undefined;
      switch (d.kind) {
        case 'deployFirst':
          note?.('the opponent deploys first: deploying second sees its plan');
          return { kind: 'deployFirst', first: other(d.player) };
        case 'deploy':
          return chooseDeployment(s, d, o, rng, note);
        case 'supremacyTie':
          note?.('keep Supremacy');
          return { kind: 'supremacyTie', supremacy: d.player };
        case 'commandAbility':
          return chooseCommandAbility(s, d, o, note);
        case 'duelResponse':
          return answerDuel(s, d, o, note);
        case 'commandCard':
          return chooseCard(s, d, o, note);
        case 'selectWarrior':
          return chooseWarrior(s, d, note);
        case 'action':
          return { kind: 'action', action: actions.decide(s, s.warriors[d.warrior], d, d.player, note) };
      }
    },
  };
}
