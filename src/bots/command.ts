/**
 * The heuristics' Command Phase and card decisions: which Command Card to
 * play (by urgency), which Command Ability a character uses, whether to
 * accept a Duel. Each gives its reason with the runner-up's value.
 */
import { gap } from '../engine/index.js';
import type { Choice, Decision, GameState } from '../engine/types.js';
import { num, warriorName } from './labels.js';
import { nearestFoe, type Note } from './scripts.js';
import { attackOdds, engaged } from './toolkit.js';
import { regimentWorth } from './worth.js';
import type { HeuristicOptions } from './types.js';

type State = Readonly<GameState>;

/** A Command Card's urgency: engaged or able to charge first (strike before being struck), then the rest. */
function urgency(s: State, i: number): { v: number; why: string } {
  let v = 0;
  let engagedN = 0;
  let reach = false;
  let looked = false;
  let reserve = 0;
  let broken = 0;
  for (const id of s.regiments[i].warriors) {
    const w = s.warriors[id];
    if (w.status === 'reserve') {
      v += 1;
      reserve++;
    }
    if (w.status !== 'table' || w.activated) continue;
    if (engaged(s, w)) {
      v += 3;
      engagedN++;
    } else if (!looked) {
      // A regiment moves together: whether one of it can reach the enemy says it for all.
      looked = true;
      const f = nearestFoe(s, w);
      if (f && f.d - w.r - f.foe.r <= w.profile.march + s.match.ruleset.engagementRange) {
        v += 2 * s.regiments[i].warriors.length;
        reach = true;
      }
    }
    if (w.broken) {
      v += 1;
      broken++;
    }
  }
  v += regimentWorth(s, i) / 1000;
  const parts: string[] = [];
  if (engagedN > 0) parts.push(`${engagedN} engaged`);
  if (reach) parts.push('an enemy in reach');
  if (broken > 0) parts.push(`${broken} Broken!`);
  if (reserve > 0) parts.push(`${reserve} in Reinforcements`);
  return { v, why: parts.length > 0 ? parts.join(', ') : 'nothing urgent, the one worth most first' };
}

/** The Command Card to play: the most urgent regiment; its reason names the runner-up. */
export function chooseCard(s: State, d: Extract<Decision, { kind: 'commandCard' }>, o: HeuristicOptions, note: Note): Choice {
  if (!o.tactics) {
    note?.(`card ${s.regiments[d.regiments[0]].name}: the first in the list`);
    return { kind: 'commandCard', regiment: d.regiments[0] };
  }
  let best = d.regiments[0];
  let bestU = { v: -Infinity, why: '' };
  let second = -1;
  let secondV = -Infinity;
  for (const i of d.regiments) {
    const u = urgency(s, i);
    if (u.v > bestU.v) {
      if (bestU.v > -Infinity) {
        second = best;
        secondV = bestU.v;
      }
      best = i;
      bestU = u;
    } else if (u.v > secondV) {
      second = i;
      secondV = u.v;
    }
  }
  note?.(`card ${s.regiments[best].name}: urgency ${num(bestU.v)} (${bestU.why})${second >= 0 ? `; next ${s.regiments[second].name}, ${num(secondV)}` : ''}`);
  return { kind: 'commandCard', regiment: best };
}

/** A Command Ability on purpose: Rallying Cry for the Broken!, a Duel the odds favour, a unique ability that helps, else Press Forward. */
export function chooseCommandAbility(s: State, d: Extract<Decision, { kind: 'commandAbility' }>, o: HeuristicOptions, note: Note): Choice {
  const c = s.warriors[d.character];
  const who = warriorName(s, c.id);
  let broken = 0;
  let wounded = 0;
  let fighting = 0;
  for (const w of s.warriors) {
    if (w.player !== c.player || w.status !== 'table' || gap(c, w) > c.profile.commandRange + 1e-9) continue;
    if (w.broken) broken++;
    if (w.markers > 0) wounded++;
    const f = nearestFoe(s, w);
    if (f && f.d - w.r - f.foe.r < w.profile.march + 2) fighting++;
  }
  if (broken > 0 && d.abilities.includes('Rallying Cry')) {
    note?.(`${who}: Rallying Cry, ${broken} Broken! in range`);
    return { kind: 'commandAbility', ability: 'Rallying Cry' };
  }
  if ((o.tactics || o.aggression >= 0.8) && d.abilities.includes('Duel')) {
    for (const t of d.duelTargets) {
      const e = s.warriors[t];
      const mine = attackOdds(s, c, e, { action: 'clash', outnumbered: false }).slain;
      const theirs = attackOdds(s, e, c, { action: 'clash', outnumbered: false }).slain;
      if (mine > theirs * 1.5 && mine > 0.2) {
        note?.(`${who}: Duel ${warriorName(s, e.id)}, P(slain) ${mine.toFixed(2)} against ${theirs.toFixed(2)}`);
        return { kind: 'commandAbility', ability: 'Duel', target: t };
      }
    }
  }
  for (const name of d.abilities) {
    const def = s.match.commandAbilityDefs[c.player].find((x) => x.name === name);
    if (!def) continue;
    if (def.effect.kind === 'heal' ? wounded > 0 : fighting > 0 && (def.target === 'enemy' || !('by' in def.effect) || def.effect.by > 0)) {
      note?.(`${who}: ${name}, ${def.effect.kind === 'heal' ? `${wounded} wounded` : `${fighting} near the enemy`} in range`);
      return { kind: 'commandAbility', ability: name };
    }
  }
  if (!d.abilities.includes('Press Forward')) {
    note?.(`${who}: no Command Ability, none would help now`);
    return { kind: 'commandAbility', ability: null };
  }
  note?.(`${who}: Press Forward, full March on the second move${fighting > 0 ? '' : ' (no one near the enemy)'}`);
  return { kind: 'commandAbility', ability: 'Press Forward' };
}

/** Accept a Duel unless the odds are clearly against it (declining breaks the character and silences it). */
export function answerDuel(s: State, d: Extract<Decision, { kind: 'duelResponse' }>, o: HeuristicOptions, note: Note): Choice {
  const me = s.warriors[d.character];
  const them = s.warriors[d.challenger];
  const mine = attackOdds(s, me, them, { action: 'clash', outnumbered: false }).slain;
  const theirs = attackOdds(s, them, me, { action: 'clash', outnumbered: false }).slain;
  const accept = !o.tactics || theirs < 0.5 || mine >= theirs * 0.6;
  note?.(`${accept ? 'accept' : 'decline'} the Duel of ${warriorName(s, them.id)}: P(slain) ${mine.toFixed(2)} against ${theirs.toFixed(2)}`);
  return { kind: 'duelResponse', accept };
}
