/**
 * The Command Phase (R21, R38): each character, then each Regiment Leader
 * with Command Abilities of its own, Supremacy player first, may perform one;
 * a Duel (R42) waits for the challenged character's answer.
 */
import { lineOfSight } from '../../board/index.js';
import { COMMON_ABILITIES } from '../abilities.js';
import { becomeBroken, warriorLabel } from '../combat.js';
import { duelPlacement } from '../duel.js';
import { placeOnTable } from '../grid.js';
import { IllegalChoiceError } from '../illegal.js';
import { gap } from '../space.js';
import type { GameState, Warrior } from '../types.js';
import { other, type ChoiceOf, type DecisionOf, type Flow, type Next } from './shared.js';

/** The Command Phase of the Supremacy player `s.supremacy`. */
export function startCommandPhase(f: Flow): Next {
  const s = f.s;
  const supremacy = s.supremacy;
  s.phase = 'command';
  // R21: the Supremacy player's characters, then the other player's; R38: each player's
  // Regiment Leaders with Command Abilities of their own come after its characters.
  s.commandQueue = [];
  for (const p of [supremacy, other(supremacy)]) {
    for (const w of s.warriors) if (w.player === p && w.kind === 'character') s.commandQueue.push(w.id);
    for (const w of s.warriors) if (w.player === p && w.kind === 'leader' && w.profile.commandAbilities.length > 0) s.commandQueue.push(w.id);
  }
  return nextCommand(f);
}

function abilitiesFor(s: GameState, c: Warrior, duelTargets: number[]): string[] {
  // R21: the common abilities are the characters'; R38: a leader has only its own.
  const out: string[] = c.kind === 'character' ? ['Rallying Cry', 'Press Forward'] : [];
  if (duelTargets.length > 0) out.push('Duel');
  for (const name of c.profile.commandAbilities) {
    if (s.match.commandAbilityDefs[c.player].some((d) => d.name === name)) out.push(name);
  }
  return out;
}

/** Duel: an enemy character within Command Range and line of sight, neither already duelling, that can be placed Engaged. */
export function duelTargets(s: GameState, c: Warrior): number[] {
  const out: number[] = [];
  if (c.duel >= 0 || c.kind !== 'character') return out;
  for (const e of s.warriors) {
    if (e.kind !== 'character' || e.player === c.player || e.status !== 'table' || e.duel >= 0) continue;
    if (gap(c, e) > c.profile.commandRange + 1e-9) continue;
    const los = lineOfSight({
      shooter: { x: c.x, y: c.y, r: c.r, size: c.profile.size },
      target: { x: e.x, y: e.y, r: e.r, size: e.profile.size },
      warriors: [],
      terrain: s.match.preparedTerrain,
    });
    if (los.blocked) continue;
    if (duelPlacement(s, c, e) || duelPlacement(s, e, c)) out.push(e.id);
  }
  return out;
}

/** The next character or leader in the queue that may perform an ability; when none is left, the Action Phase. */
function nextCommand(f: Flow): Next {
  const s = f.s;
  while (s.commandQueue.length > 0) {
    const id = s.commandQueue.shift()!;
    const c = s.warriors[id];
    // A Broken! character cannot perform Command Abilities (R11); nor one that declined a Duel.
    if (c.status !== 'table' || c.broken || s.silenced.includes(id)) continue;
    const targets = duelTargets(s, c);
    s.decision = { kind: 'commandAbility', player: c.player, character: id, abilities: abilitiesFor(s, c, targets), duelTargets: targets };
    return 'wait';
  }
  return 'action';
}

export function commandAbility(f: Flow, d: DecisionOf['commandAbility'], ch: ChoiceOf['commandAbility']): Next {
  const s = f.s;
  const c = s.warriors[d.character];
  const ability = ch.ability;
  const target = ch.target;
  if (ability === null) return nextCommand(f);
  if (!d.abilities.includes(ability)) throw new IllegalChoiceError(`${warriorLabel(c)} cannot perform ${ability} (options: ${d.abilities.join(', ')})`);
  if (ability === 'Duel') {
    if (target === undefined || !d.duelTargets.includes(target)) throw new IllegalChoiceError(`Duel: ${target} is not a valid target`);
    const t = s.warriors[target];
    if (t.broken) {
      // A Broken! character can never decline a Duel.
      startDuel(f, c, t);
      return nextCommand(f);
    }
    s.decision = { kind: 'duelResponse', player: t.player, character: t.id, challenger: c.id };
    return 'wait';
  }
  const def = COMMON_ABILITIES.includes(ability as (typeof COMMON_ABILITIES)[number]) ? null : s.match.commandAbilityDefs[c.player].find((d) => d.name === ability)!;
  s.abilities.push({ name: ability, source: c.id, player: c.player, def });
  let affected = 0;
  if (ability === 'Rallying Cry') {
    // All Broken! friendly warriors within Command Range immediately Rally.
    for (const w of s.warriors) {
      if (w.player === c.player && w.status === 'table' && w.broken && gap(c, w) <= c.profile.commandRange + 1e-9) {
        w.broken = false;
        affected++;
        f.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
      }
    }
  } else if (def && def.effect.kind === 'heal') {
    for (const w of s.warriors) {
      if (w.player === c.player && w.status === 'table' && w.markers > 0 && (w === c || gap(c, w) <= c.profile.commandRange + 1e-9) && (c.kind !== 'leader' || w.regiment === c.regiment)) {
        const healed = Math.min(def.effect.wounds, w.markers);
        w.markers -= healed;
        affected++;
        f.emit?.({ type: 'healed', warrior: warriorLabel(w), wounds: healed });
      }
    }
  }
  f.emit?.({ type: 'commandAbility', player: c.player, character: warriorLabel(c), ability, affected });
  return nextCommand(f);
}

/** R42: the challenger is placed Engaged with the target, else the target with the challenger. */
function startDuel(f: Flow, c: Warrior, t: Warrior): void {
  const pos = duelPlacement(f.s, c, t);
  if (pos) {
    placeOnTable(f.s, c, pos.x, pos.y);
  } else {
    const p2 = duelPlacement(f.s, t, c)!;
    placeOnTable(f.s, t, p2.x, p2.y);
  }
  c.duel = t.id;
  t.duel = c.id;
  f.emit?.({ type: 'duel', challenger: warriorLabel(c), target: warriorLabel(t), accepted: true });
  f.emit?.({ type: 'commandAbility', player: c.player, character: warriorLabel(c), ability: 'Duel', target: warriorLabel(t), affected: 1 });
}

export function duelResponse(f: Flow, d: DecisionOf['duelResponse'], ch: ChoiceOf['duelResponse']): Next {
  const s = f.s;
  const t = s.warriors[d.character];
  const c = s.warriors[d.challenger];
  if (ch.accept) {
    startDuel(f, c, t);
  } else {
    // Declined: the enemy character becomes Broken! and performs no Command Ability this phase.
    f.emit?.({ type: 'duel', challenger: warriorLabel(c), target: warriorLabel(t), accepted: false });
    becomeBroken(f, t, null);
    s.silenced.push(t.id);
  }
  return nextCommand(f);
}
