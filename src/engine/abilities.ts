import type { FaceRule } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { CommandAbilityDef, Profile } from '../rules/types.js';
import { inCommandRange } from './space.js';
import type { ActiveAbility, GameState, Warrior } from './types.js';

/** R21: every character has these besides its unique ones. */
export const COMMON_ABILITIES = ['Rallying Cry', 'Press Forward', 'Duel'] as const;

type Stat = Extract<CommandAbilityDef['effect'], { kind: 'modify' }>['stat'];

/** Whether an active ability's effect reaches w now: friendly or enemy, and within its source's Command Range. */
function reaches(s: GameState, a: ActiveAbility, w: Warrior, target: 'friendly' | 'enemy'): boolean {
  if ((target === 'friendly') !== (a.player === w.player)) return false;
  const src = s.warriors[a.source];
  // R38: a Regiment Leader's ability affects only friendly warriors of its own regiment.
  if (src.kind === 'leader' && (target === 'enemy' || src.regiment !== w.regiment)) return false;
  return inCommandRange(src, w);
}

/**
 * A characteristic with the data-defined `modify` abilities in force on w (never
 * below 0). R37: every rule reads a modifiable characteristic through here
 * (test/engine/characteristics.test.ts checks that statically).
 */
export function stat(s: GameState, w: Warrior, name: Stat): number {
  let v = w.profile[name];
  const as = s.abilities;
  for (let i = 0; i < as.length; i++) {
    const a = as[i];
    const d = a.def;
    if (d && d.effect.kind === 'modify' && d.effect.stat === name && reaches(s, a, w, d.target) && !appliedBefore(s, i, w)) v += d.effect.by;
  }
  return v < 0 ? 0 : v;
}

/**
 * R43: the same Command Ability from two sources applies once. Whether an
 * ability in force before the i-th, of the same name and owner's side, already
 * reaches w (abilities of one name share their data, so the first that reaches
 * w stands for them all). A handful of abilities at most: a plain scan.
 */
function appliedBefore(s: GameState, i: number, w: Warrior): boolean {
  const as = s.abilities;
  const a = as[i];
  for (let j = 0; j < i; j++) {
    const b = as[j];
    if (b.name === a.name && b.player === a.player && b.def && reaches(s, b, w, b.def.target)) return true;
  }
  return false;
}

/** R8: Defense or Evasion, the defender's choice (a ruleset knob, default the larger). */
export function blockDiceFor(s: GameState, w: Warrior): number {
  const choice = s.match.ruleset.blockChoice;
  const d = stat(s, w, 'defense');
  if (choice === 'defense') return d;
  const e = stat(s, w, 'evasion');
  if (choice === 'evasion') return e;
  return d > e ? d : e;
}

/** blockDiceFor with no Command Ability in force: the profile's own Defense or Evasion (never below 0, as stat). */
export function profileBlockDice(ruleset: Ruleset, p: Profile): number {
  const d = p.defense < 0 ? 0 : p.defense;
  const e = p.evasion < 0 ? 0 : p.evasion;
  if (ruleset.blockChoice === 'defense') return d;
  if (ruleset.blockChoice === 'evasion') return e;
  return d > e ? d : e;
}

/** Face rules granted by `faceRule` command abilities in force on w, each ability once (R43). */
export function activeFaceRules(s: GameState, w: Warrior, on: 'attack' | 'block', out: FaceRule[]): void {
  const as = s.abilities;
  for (let i = 0; i < as.length; i++) {
    const a = as[i];
    const d = a.def;
    if (d && d.effect.kind === 'faceRule' && d.effect.rule.on === on && reaches(s, a, w, d.target) && !appliedBefore(s, i, w)) out.push(d.effect.rule);
  }
}

/** Whether a common ability (Press Forward, Rallying Cry) of a friendly character covers w now. */
export function coveredBy(s: GameState, w: Warrior, name: 'Press Forward' | 'Rallying Cry'): boolean {
  for (const a of s.abilities) {
    if (a.name === name && a.player === w.player && inCommandRange(s.warriors[a.source], w)) return true;
  }
  return false;
}
