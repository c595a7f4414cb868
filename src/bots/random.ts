import type { Rng } from '../dice/types.js';
import { chargeTargets, clashableMarkers, engagedEnemies, marchAllowance, volleyTargets } from '../engine/index.js';
import type { ActionChoice, Choice, Decision, GameState, GameView, Warrior } from '../engine/types.js';
import { deploymentFor, nearestEnemy, objectivePoints, pick, randomEntryPoint, towards } from './candidates.js';
import type { Policy } from './types.js';

/** A uniformly random legal parameter for an action type, or null when it has none now. */
function randomAction(s: Readonly<GameState>, w: Warrior, type: ActionChoice['type'], rng: Rng): ActionChoice | null {
  const st = s as GameState;
  switch (type) {
    case 'march': {
      // Sensible movement candidates: at the nearest enemy, at an objective, or a random direction.
      const dist = marchAllowance(st, w, s.activation);
      const kind = Math.floor(rng.next() * 3);
      if (kind === 0) {
        const e = nearestEnemy(s, w);
        if (e) return { type: 'march', ...towards(w, e.x, e.y, dist) };
      } else if (kind === 1) {
        const objectives = objectivePoints(s, w.player);
        if (objectives.length > 0) {
          const o = pick(objectives, rng);
          return { type: 'march', ...towards(w, o.x, o.y, dist) };
        }
      }
      const angle = rng.next() * 2 * Math.PI;
      return { type: 'march', x: w.x + Math.cos(angle) * dist, y: w.y + Math.sin(angle) * dist };
    }
    case 'charge': {
      const targets = chargeTargets(st, w);
      return targets.length > 0 ? { type: 'charge', target: pick(targets, rng) } : null;
    }
    case 'reposition': {
      const angle = rng.next() * 2 * Math.PI;
      const d = Math.ceil(w.profile.march * s.ruleset.repositionFraction);
      return { type: 'reposition', x: w.x + Math.cos(angle) * d, y: w.y + Math.sin(angle) * d };
    }
    case 'clash': {
      const targets = [...engagedEnemies(st, w).map((e) => e.id), ...clashableMarkers(st, w).map((i) => -1 - i)];
      if (targets.length === 0) return null;
      return { type: 'clash', split: [{ target: pick(targets, rng), dice: w.profile.attacks }] };
    }
    case 'volley': {
      const targets = volleyTargets(st, w);
      return targets.length > 0 ? { type: 'volley', target: pick(targets, rng) } : null;
    }
    case 'unique':
      return { type: 'unique', name: pick(w.profile.uniqueActions, rng) };
    case 'enter': {
      const p = randomEntryPoint(s, w, rng);
      return p ? { type: 'enter', edgeX: p.x, edgeY: p.y, x: s.table.width / 2, y: s.table.height / 2 } : null;
    }
    default:
      return { type } as ActionChoice;
  }
}

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
        const ability = pick([...d.abilities, null], rng);
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
        const types = d.legal.filter((t) => t !== 'end');
        // Try the types in a random order until one has a legal parameter.
        while (types.length > 0) {
          const i = Math.floor(rng.next() * types.length);
          const act = randomAction(s, w, types[i], rng);
          if (act) return { kind: 'action', action: act };
          types.splice(i, 1);
        }
        return { kind: 'action', action: { type: 'end' } };
      }
    }
  },
};
