/** Deployment (R30): the roll-off, who deploys first, then one regiment at a time, alternating. */
import { circleWhollyWithinUnion } from '../../board/index.js';
import { warriorLabel } from '../combat.js';
import { placeOnTable, takeOffTable } from '../grid.js';
import { IllegalChoiceError } from '../illegal.js';
import { overlapsBase } from '../space.js';
import type { GameState, PlayerIndex, Warrior } from '../types.js';
import { other, type ChoiceOf, type DecisionOf, type Flow, type Next } from './shared.js';

/** The roll-off (re-rolled on a tie): the lower roll chooses who deploys first. */
export function startDeployment(f: Flow): Next {
  const s = f.s;
  s.phase = 'deploy';
  const dice = f.dice;
  let a = dice.d6();
  let b = dice.d6();
  while (a === b) {
    a = dice.d6();
    b = dice.d6();
  }
  const chooser: PlayerIndex = a < b ? 0 : 1;
  f.emit?.({ type: 'rollOff', rolls: [a, b], chooser });
  s.decision = { kind: 'deployFirst', player: chooser };
  return 'wait';
}

/** The player's regiments still to deploy (Reinforcements are not deployed). */
function toDeploy(s: GameState, p: PlayerIndex): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.regiments.length; i++) {
    const r = s.regiments[i];
    if (r.player === p && !r.reinforcement && s.warriors[r.warriors[0]].status === 'reserve') out.push(i);
  }
  return out;
}

/** The player in turn deploys next, or the other when it has none left; when neither has, Round 1 starts. */
function nextDeployment(f: Flow): Next {
  const s = f.s;
  let p = s.turn;
  if (toDeploy(s, p).length === 0) p = other(p);
  const regs = toDeploy(s, p);
  if (regs.length === 0) return 'firstRound';
  s.turn = p;
  s.decision = { kind: 'deploy', player: p, regiments: regs, zones: s.match.deploymentZones[p] };
  return 'wait';
}

export function deployFirst(f: Flow, _d: DecisionOf['deployFirst'], c: ChoiceOf['deployFirst']): Next {
  if (c.first !== 0 && c.first !== 1) throw new IllegalChoiceError('deployFirst: first must be 0 or 1');
  f.emit?.({ type: 'deployFirst', player: c.first });
  f.s.turn = c.first;
  return nextDeployment(f);
}

/** A regiment placed wholly within its zone, no base overlapping another; all or nothing. */
export function deploy(f: Flow, d: DecisionOf['deploy'], c: ChoiceOf['deploy']): Next {
  const s = f.s;
  const p = d.player;
  const regIndex = c.regiment;
  const positions = c.positions;
  if (!toDeploy(s, p).includes(regIndex)) throw new IllegalChoiceError(`regiment ${regIndex} cannot be deployed now`);
  const reg = s.regiments[regIndex];
  if (positions.length !== reg.warriors.length) {
    throw new IllegalChoiceError(`regiment ${reg.id} has ${reg.warriors.length} warriors, got ${positions.length} positions`);
  }
  const zones = s.match.deploymentZones[p];
  const placed: Warrior[] = [];
  try {
    for (let i = 0; i < positions.length; i++) {
      const w = s.warriors[reg.warriors[i]];
      const { x, y } = positions[i];
      if (!circleWhollyWithinUnion({ x, y, r: w.r }, zones)) {
        throw new IllegalChoiceError(`${warriorLabel(w)} at (${x.toFixed(2)}, ${y.toFixed(2)}) is not wholly within the deployment zone`);
      }
      if (overlapsBase(s, w, x, y)) {
        throw new IllegalChoiceError(`${warriorLabel(w)} at (${x.toFixed(2)}, ${y.toFixed(2)}) overlaps another base`);
      }
      placeOnTable(s, w, x, y);
      placed.push(w);
    }
  } catch (e) {
    for (const w of placed) takeOffTable(s, w, 'reserve');
    throw e;
  }
  f.emit?.({ type: 'deployed', player: p, regiment: reg.id, warriors: placed.length, x: positions[0].x, y: positions[0].y });
  s.turn = other(p);
  return nextDeployment(f);
}
