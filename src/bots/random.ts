import type { Rng } from '../dice/types.js';
import { chargeTargets, clashableMarkers, engagedEnemies, marchBlocked, stat, volleyTargets } from '../engine/index.js';
import type { ActionChoice, ActionType, Choice, Decision, GameState, GameView, Warrior } from '../engine/types.js';
import { deploymentFor, nearestEnemy, pick, randomEntryPoint, randomObjective, towards } from './candidates.js';
import type { Policy } from './types.js';

/** A March `dist` inches towards (x, y). */
function marchTowards(w: Warrior, x: number, y: number, dist: number): ActionChoice {
  const p = towards(w, x, y, dist);
  return { type: 'march', x: p.x, y: p.y };
}

/** How many March candidates random draws before it sends one whose straight line is blocked. */
const MARCH_TRIES = 3;

/** A March at the nearest enemy, at an objective, or in a random direction, uniformly. */
function marchCandidate(s: Readonly<GameState>, w: Warrior, march: number, rng: Rng): ActionChoice {
  const kind = Math.floor(rng.next() * 3);
  if (kind === 0) {
    const e = nearestEnemy(s, w);
    if (e) return marchTowards(w, e.x, e.y, march);
  } else if (kind === 1) {
    const o = randomObjective(s, w.player, rng);
    if (o) return marchTowards(w, o.x, o.y, march);
  }
  const angle = rng.next() * 2 * Math.PI;
  return { type: 'march', x: w.x + Math.cos(angle) * march, y: w.y + Math.sin(angle) * march };
}

/** A uniformly random legal parameter for an action type, or null when it has none now. */
function randomAction(s: Readonly<GameState>, w: Warrior, type: ActionChoice['type'], march: number, rng: Rng): ActionChoice | null {
  switch (type) {
    case 'march': {
      // Sensible movement candidates, up to MARCH_TRIES of them: the first whose straight line is open.
      // A March into a friend's back would have the engine plan a way round (R41), the dearest thing a
      // random game could ask: when every candidate is blocked, random takes another action instead.
      for (let k = 0; k < MARCH_TRIES; k++) {
        const act = marchCandidate(s, w, march, rng);
        if (act.type === 'march' && !marchBlocked(s, w, act.x, act.y, march)) return act;
      }
      return null;
    }
    case 'charge': {
      const targets = chargeTargets(s, w);
      return targets.length > 0 ? { type: 'charge', target: pick(targets, rng) } : null;
    }
    case 'reposition': {
      const angle = rng.next() * 2 * Math.PI;
      const d = Math.ceil(stat(s, w, 'march') * s.match.ruleset.repositionFraction);
      const x = w.x + Math.cos(angle) * d;
      const y = w.y + Math.sin(angle) * d;
      // As a March: a blocked line would have the engine plan a way round (R41); random does something else.
      return marchBlocked(s, w, x, y, d, false) ? null : { type: 'reposition', x, y };
    }
    case 'clash': {
      // Uniform over engaged enemies, then markers (-1 - index), as one list.
      const enemies = engagedEnemies(s, w);
      const markers = clashableMarkers(s, w);
      const n = enemies.length + markers.length;
      if (n === 0) return null;
      const i = Math.floor(rng.next() * n);
      const target = i < enemies.length ? enemies[i].id : -1 - markers[i - enemies.length];
      return { type: 'clash', split: [{ target, dice: stat(s, w, 'attacks') }] };
    }
    case 'volley': {
      const targets = volleyTargets(s, w);
      return targets.length > 0 ? { type: 'volley', target: pick(targets, rng) } : null;
    }
    case 'unique':
      return { type: 'unique', name: pick(w.profile.uniqueActions, rng) };
    case 'enter': {
      const p = randomEntryPoint(s, w, rng);
      return p ? { type: 'enter', edgeX: p.x, edgeY: p.y, x: s.match.table.width / 2, y: s.match.table.height / 2 } : null;
    }
    default:
      return { type };
  }
}

/** Scratch for the action types still to try (one decision at a time). */
const TYPES: ActionType[] = [];

/** Uniform over legal choices, with sensible movement candidates, so that games complete. */
export const randomPolicy: Policy = {
  name: 'random',
  choose(view: GameView, d: Decision, rng: Rng): Choice {
    const s = view.state;
    switch (d.kind) {
      case 'deployFirst':
        return { kind: 'deployFirst', first: rng.next() < 0.5 ? 0 : 1 };
      case 'deploy': {
        const regiment = pick(d.regiments, rng);
        return { kind: 'deploy', regiment, positions: deploymentFor(s, regiment, d.zones, rng) };
      }
      case 'supremacyTie':
        return { kind: 'supremacyTie', supremacy: rng.next() < 0.5 ? 0 : 1 };
      case 'commandAbility': {
        // Uniform over the abilities and none (the last slot).
        const i = Math.floor(rng.next() * (d.abilities.length + 1));
        const ability = i < d.abilities.length ? d.abilities[i] : null;
        if (ability !== 'Duel') return { kind: 'commandAbility', ability };
        return { kind: 'commandAbility', ability, target: pick(d.duelTargets, rng) };
      }
      case 'duelResponse':
        return { kind: 'duelResponse', accept: rng.next() < 0.5 };
      case 'commandCard':
        return { kind: 'commandCard', regiment: pick(d.regiments, rng) };
      case 'selectWarrior':
        return { kind: 'selectWarrior', warrior: pick(d.warriors, rng) };
      case 'action': {
        const w = s.warriors[d.warrior];
        // The legal types but 'end', in a reused array: a list per decision was a quarter of a game's garbage.
        const types = TYPES;
        const legal = d.legal;
        let n = 0;
        for (let i = 0; i < legal.length; i++) if (legal[i] !== 'end') types[n++] = legal[i];
        // Try the types in a random order until one has a legal parameter.
        while (n > 0) {
          const i = Math.floor(rng.next() * n);
          const act = randomAction(s, w, types[i], d.marchAllowance, rng);
          if (act) return { kind: 'action', action: act };
          types.copyWithin(i, i + 1, n--);
        }
        return { kind: 'action', action: { type: 'end' } };
      }
    }
  },
};
