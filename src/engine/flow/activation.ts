/**
 * The Action Phase (R19): Command Cards chosen in turn from the Supremacy
 * player, each card's warriors activated one by one, each warrior's actions
 * (engine/rules/) until it has none left or ends.
 */
import { warriorLabel } from '../combat.js';
import { IllegalChoiceError } from '../illegal.js';
import { actionList, engagedIn, legalMask, onlyEnd } from '../rules/legal.js';
import { marchAllowance } from '../rules/movement.js';
import { performAction } from '../rules/perform.js';
import type { GameState, PlayerIndex, Warrior } from '../types.js';
import { checkWipeOut } from './end.js';
import { other, type ChoiceOf, type DecisionOf, type Flow, type Next } from './shared.js';

export function startActionPhase(f: Flow): Next {
  const s = f.s;
  s.phase = 'action';
  s.turn = s.supremacy;
  return nextCard(f);
}

/**
 * Whether w can be activated with its card now: not yet activated, and on
 * the table or waiting in Reinforcements when they may enter (R30). A card
 * whose warriors are all slain offers none: that is the Victory Phase's
 * "remove spent Command Cards".
 */
function mayActivate(s: GameState, w: Warrior): boolean {
  if (w.activated) return false;
  if (w.status === 'table') return true;
  return w.status === 'reserve' && s.regiments[w.regiment].reinforcement && s.round >= s.match.ruleset.reinforcements.firstRound;
}

/** Whether a regiment's Command Card can be chosen: it has a warrior to activate. */
function cardAvailable(s: GameState, regIndex: number): boolean {
  const r = s.regiments[regIndex];
  return !r.activated && waiting(s, regIndex) > 0;
}

/** How many of the regiment's warriors may still activate this round. */
function waiting(s: GameState, regIndex: number): number {
  const ids = s.regiments[regIndex].warriors;
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (mayActivate(s, s.warriors[ids[i]])) n++;
  return n;
}

function toActivate(s: GameState, regIndex: number): number[] {
  return s.regiments[regIndex].warriors.filter((id) => mayActivate(s, s.warriors[id]));
}

function cardsFor(s: GameState, p: PlayerIndex): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.regiments.length; i++) if (s.regiments[i].player === p && cardAvailable(s, i)) out.push(i);
  return out;
}

/** The player in turn chooses a card; when neither player has one left, the Victory Phase. */
function nextCard(f: Flow): Next {
  const s = f.s;
  if (checkWipeOut(f)) return 'wait';
  let p = s.turn;
  let cards = cardsFor(s, p);
  if (cards.length === 0) {
    // A player with no cards left passes (R19).
    p = other(p);
    cards = cardsFor(s, p);
  }
  if (cards.length === 0) return 'victory';
  s.turn = p;
  s.decision = { kind: 'commandCard', player: p, regiments: cards };
  return 'wait';
}

export function commandCard(f: Flow, d: DecisionOf['commandCard'], c: ChoiceOf['commandCard']): Next {
  const s = f.s;
  const p = d.player;
  const regIndex = c.regiment;
  if (s.regiments[regIndex]?.player !== p || !cardAvailable(s, regIndex)) throw new IllegalChoiceError(`card ${regIndex} cannot be chosen`);
  s.regiments[regIndex].activated = true;
  s.card = regIndex;
  f.emit?.({ type: 'commandCard', player: p, regiment: s.regiments[regIndex].id });
  return nextWarrior(f);
}

/** The card's next warrior (chosen when more than one is left); when none is, the other player's card. */
function nextWarrior(f: Flow): Next {
  const s = f.s;
  if (checkWipeOut(f)) return 'wait';
  const n = waiting(s, s.card);
  if (n === 0) {
    s.card = -1;
    s.turn = other(s.turn);
    return nextCard(f);
  }
  const ids = toActivate(s, s.card);
  if (n === 1) return activate(f, ids[0]);
  s.decision = { kind: 'selectWarrior', player: s.regiments[s.card].player, regiment: s.card, warriors: ids };
  return 'wait';
}

export function selectWarrior(f: Flow, d: DecisionOf['selectWarrior'], c: ChoiceOf['selectWarrior']): Next {
  if (!d.warriors.includes(c.warrior)) throw new IllegalChoiceError(`warrior ${c.warrior} cannot activate now`);
  return activate(f, c.warrior);
}

function activate(f: Flow, id: number): Next {
  const s = f.s;
  const w = s.warriors[id];
  w.activated = true;
  s.activation = {
    warrior: id,
    actionsLeft: s.match.ruleset.actionsPerActivation,
    used: 0,
    uniques: 0,
    marches: 0,
    charged: false,
    inspired: false,
    aimed: false,
    ended: false,
  };
  f.emit?.({ type: 'activate', player: w.player, warrior: warriorLabel(w) });
  return nextAction(f);
}

/** The active warrior's next action (R17), until it has none left, ends, or only 'end' is legal. */
function nextAction(f: Flow): Next {
  const s = f.s;
  const a = s.activation!;
  const w = s.warriors[a.warrior];
  if (checkWipeOut(f)) return 'wait';
  if (a.actionsLeft <= 0 || a.ended || w.status === 'slain') {
    s.activation = null;
    return nextWarrior(f);
  }
  const march = marchAllowance(s, w, a);
  const m = legalMask(s, w, a, march);
  if (onlyEnd(m)) {
    // Only 'end' is left.
    s.activation = null;
    return nextWarrior(f);
  }
  s.decision = { kind: 'action', player: w.player, warrior: w.id, legal: actionList(m), engaged: engagedIn(m), marchAllowance: march };
  return 'wait';
}

export function action(f: Flow, d: DecisionOf['action'], c: ChoiceOf['action']): Next {
  const s = f.s;
  const a = s.activation!;
  performAction(f, s.warriors[a.warrior], a, c.action, d.legal, d.marchAllowance);
  return nextAction(f);
}
