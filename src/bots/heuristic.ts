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
import type { Choice, Decision, GameState, GameView, PlayerIndex, Policy, Warrior } from '../engine/types.js';
import { leg } from '../engine/walk.js';
import { MIN_MARCH } from './act.js';
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
function chooseWarrior(s: State, d: Extract<Decision, { kind: 'selectWarrior' }>, o: HeuristicOptions, note: Note): Choice {
  for (const id of d.warriors) {
    if (engaged(s, s.warriors[id])) {
      note?.(`${warriorName(s, id)} first: engaged, strike before being struck`);
      return { kind: 'selectWarrior', warrior: id };
    }
  }
  // Tactics: a warrior walled in by bases (the middle of a block) waits for those around it to move first. The
  // front is the open warrior nearest the enemy (the first in the card's order at a tie): the warriors by that
  // distance, walledIn asked of each in turn until one is open, not of every warrior (eight legs each when walled).
  const tactics = o.tactics && d.warriors.length > 1;
  const by: { id: number; d: number; i: number }[] = [];
  d.warriors.forEach((id, i) => {
    const f = nearestFoe(s, s.warriors[id]);
    if (f) by.push({ id, d: f.d, i });
  });
  by.sort((a, b) => a.d - b.d || a.i - b.i);
  let front = d.warriors[0];
  let best = Infinity;
  let walled = false;
  const k = tactics ? by.findIndex((c) => !walledIn(s, s.warriors[c.id])) : by.length > 0 ? 0 : -1;
  if (k >= 0) {
    front = by[k].id;
    best = by[k].d;
    walled = k > 0;
  } else if (by.length > 0) {
    // Every warrior is walled in (the card's warriors are one side's: all have a nearest enemy or none): the nearest.
    front = by[0].id;
    best = by[0].d;
    walled = true;
  }
  // The reason names the walled-in when any of the card's warriors is (asked of all only when explaining).
  if (d.warriors.length > 1 && note) {
    const anyWalled = tactics && (walled || d.warriors.some((id) => walledIn(s, s.warriors[id])));
    note(`${warriorName(s, front)} first: the front, ${num(best)}" from the enemy${anyWalled ? '; the walled-in wait' : ''}`);
  }
  return { kind: 'selectWarrior', warrior: front };
}

/** Ways tried to see whether a warrior can move at all: eight, 45 degrees apart. */
const WAYS = Array.from({ length: 8 }, (_, k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)] as const);

/** Whether w, on the table, can move MIN_MARCH in none of eight ways (bases, terrain or the edge all round). */
function walledIn(s: State, w: Warrior): boolean {
  if (w.status !== 'table') return false;
  const reach = 2 * w.r + MIN_MARCH;
  for (const [dx, dy] of WAYS) {
    if (leg(s, w, w.x, w.y, w.x + dx * reach, w.y + dy * reach, reach, true).travelled >= MIN_MARCH) return false;
  }
  return true;
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
          return chooseWarrior(s, d, o, note);
        case 'action':
          return { kind: 'action', action: actions.decide(s, s.warriors[d.warrior], d, d.player, note) };
      }
    },
  };
}
