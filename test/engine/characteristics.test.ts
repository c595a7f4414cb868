/**
 * R37: a Command Ability that modifies a characteristic modifies it wherever
 * the characteristic is used. One behavioural test per use site (scripted
 * dice, each fails if that site reads the raw profile), and a static check
 * that the raw profile fields are read only in abilities.ts's `stat`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/types.js';
import type { CommandAbilityDef } from '../../src/rules/types.js';
import { skirmish, type Placed } from './harness.js';

const NEAR = 1.5;
type Stat = Extract<CommandAbilityDef['effect'], { kind: 'modify' }>['stat'];

function ability(stat: Stat, by: number, target: 'friendly' | 'enemy'): CommandAbilityDef {
  return { name: `${stat} ${by}`, target, effect: { kind: 'modify', stat, by } };
}

/** A battle whose first queued character performs `def` (player 1 has Supremacy: its characters first, then player 2's). */
function withAbility(def: CommandAbilityDef, warriors: Placed[], dice: number[]) {
  const sk = skirmish({ warriors, commandAbilities: [def], dice });
  sk.game.apply({ kind: 'commandAbility', ability: def.name });
  for (let d = sk.game.pending(); d && d.kind === 'commandAbility'; d = sk.game.pending()) sk.game.apply({ kind: 'commandAbility', ability: null });
  return sk;
}

const attacks = (sk: { events: GameEvent[] }) => sk.events.filter((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack');
const tests = (sk: { events: GameEvent[] }) => sk.events.filter((e): e is Extract<GameEvent, { type: 'resolveTest' }> => e.type === 'resolveTest');

describe('R37: Resolve modifiers', () => {
  it('apply to the Resolve test after wounds (sufferWounds)', () => {
    // Croak-like: -1 Resolve to enemies. Resolve 2 - 1: a roll of 2 slays instead of breaking.
    const sk = withAbility(
      ability('resolve', -1, 'enemy'),
      [
        { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Croaker', commandAbilities: ['resolve -1'] } },
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { resolve: 2, defense: 0, evasion: 0 } },
      ],
      [1, 6, 6, 2], // one hit, no block dice, Resolve test 2
    );
    sk.activate(1);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    expect(tests(sk)).toMatchObject([{ roll: 2, needed: 1, outcome: 'slain' }]);
    expect(sk.w(2).status).toBe('slain');
  });

  it('apply to Combat Rally', () => {
    const sk = withAbility(
      ability('resolve', -1, 'enemy'),
      [
        { player: 1, x: 10, y: 5, kind: 'character', profile: { name: 'Croaker', commandAbilities: ['resolve -1'] } },
        { player: 1, x: 10, y: 10 },
        { player: 0, x: 10, y: 10 + NEAR, profile: { resolve: 2 } },
      ],
      [2], // Combat Rally test 2: passes against Resolve 2, fails against 1
    );
    sk.w(2).broken = true;
    sk.activate(2);
    sk.act({ type: 'combatRally' });
    expect(tests(sk)).toMatchObject([{ roll: 2, needed: 1, outcome: 'failed' }]);
  });
});

describe('R37: Defense and Evasion modifiers apply to every block', () => {
  const blockers = (stat: 'defense' | 'evasion'): Placed[] => [
    { player: 1, x: 10, y: 18, kind: 'character', profile: { name: 'Warder', commandAbilities: [`${stat} 1`] } },
    { player: 1, x: 10, y: 10 + NEAR, profile: { defense: stat === 'defense' ? 1 : 0, evasion: stat === 'evasion' ? 1 : 0, wounds: 9 } },
  ];
  for (const stat of ['defense', 'evasion'] as const) {
    it(`${stat}: a Clash is blocked with 2 dice, not 1`, () => {
      const sk = withAbility(ability(stat, 1, 'friendly'), [...blockers(stat), { player: 0, x: 10, y: 10 }], [6, 6, 1, 5, 5]);
      sk.activate(2);
      sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
      expect(attacks(sk)[0].rolls.blockRolls).toHaveLength(2);
    });
  }

  it('defense: Impact hits are blocked with the modified Defense', () => {
    const sk = withAbility(
      ability('defense', 1, 'friendly'),
      [
        { player: 1, x: 30, y: 5, kind: 'character', profile: { name: 'Warder', commandAbilities: ['defense 1'] } },
        { player: 1, x: 30, y: 12, profile: { defense: 1, evasion: 0, wounds: 9 } },
        { player: 0, x: 30, y: 18, profile: { specialRules: [{ kind: 'impact', name: 'Impact 1', hits: 1 }] } },
      ],
      [3, 5, 5],
    );
    sk.activate(2);
    sk.act({ type: 'charge', target: sk.ids[1] });
    const impact = attacks(sk).find((e) => e.action === 'impact')!;
    expect(impact.rolls.blockRolls).toHaveLength(2);
  });

  it('evasion: hits of a Unique Action are blocked with the modified Evasion', () => {
    const sk = skirmish({
      warriors: [
        { player: 1, x: 30, y: 5, kind: 'character', profile: { name: 'Warder', commandAbilities: ['evasion 1'] } },
        { player: 1, x: 30, y: 12, profile: { defense: 0, evasion: 1, wounds: 9 } },
        { player: 0, x: 30, y: 12 + NEAR, profile: { uniqueActions: ['Sweep'] } },
      ],
      commandAbilities: [ability('evasion', 1, 'friendly')],
      uniqueActions: [{ name: 'Sweep', type: 'combat', replaces: null, effect: { kind: 'inflictHits', hits: 1, range: 0, maxTargets: 1 } }],
      dice: [3, 5, 5],
    });
    sk.game.apply({ kind: 'commandAbility', ability: 'evasion 1' });
    sk.activate(2);
    sk.act({ type: 'unique', name: 'Sweep' });
    expect(attacks(sk)[0].rolls.blockRolls).toHaveLength(2);
  });
});

describe('R37: offensive characteristics', () => {
  const fighter = (stat: Stat, over: Placed['profile'] = {}): Placed[] => [
    { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Captain', commandAbilities: [`${stat} 1`] } },
    { player: 0, x: 10, y: 10, profile: over },
  ];

  it('clash: the modified Clash caps the hits', () => {
    const sk = withAbility(ability('clash', 1, 'friendly'), [...fighter('clash', { clash: 1 }), { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0, wounds: 9 } }], [1, 1, 1]);
    sk.activate(1);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    expect(attacks(sk)[0].rolls.hits).toHaveLength(2);
  });

  it('attacks: the Clash dice must add up to the modified Attacks', () => {
    const sk = withAbility(ability('attacks', 1, 'friendly'), [...fighter('attacks'), { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0, wounds: 9 } }], [6, 6, 6, 6]);
    sk.activate(1);
    expect(() => sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] })).toThrow(/Attacks 4/);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 4 }] });
    expect(attacks(sk)[0].rolls.attackRolls).toHaveLength(4);
  });

  it('volley: the modified Volley caps the hits', () => {
    const sk = withAbility(
      ability('volley', 1, 'friendly'),
      [...fighter('volley', { volley: 1, barrage: { dice: 3, range: 18 } }), { player: 1, x: 10, y: 20, profile: { defense: 0, wounds: 9 } }],
      [1, 1, 1],
    );
    sk.activate(1);
    sk.act({ type: 'volley', target: sk.ids[2] });
    expect(attacks(sk)[0].rolls.hits).toHaveLength(2);
  });

  it('march: the March allowance, the second March and the Reposition use the modified March', () => {
    const sk = withAbility(ability('march', 1, 'friendly'), [...fighter('march', { march: 4 }), { player: 1, x: 10, y: 10 + NEAR }], []);
    sk.activate(1);
    // Engaged: a Reposition moves half March rounded up: 3 with March 5, 2 with the raw 4.
    sk.act({ type: 'reposition', x: 10, y: 0 });
    expect(sk.w(1).y).toBeCloseTo(7);
    const d = sk.game.pending();
    expect(d?.kind === 'action' && d.marchAllowance).toBe(5);
  });

  it('march: entering from Reinforcements moves the modified March', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 14, y: 5, kind: 'character', profile: { name: 'Captain', commandAbilities: ['march 1'] } },
        { player: 0, x: 10, y: 0, profile: { march: 4 }, reinforcement: true },
        { player: 1, x: 40, y: 40 },
      ],
      commandAbilities: [ability('march', 1, 'friendly')],
    });
    sk.s.round = 2; // reinforcements may enter from Round 2 (R30)
    sk.game.apply({ kind: 'commandAbility', ability: 'march 1' });
    sk.activate(1);
    sk.act({ type: 'enter', edgeX: 10, edgeY: 0, x: 10, y: 40 });
    // The base's far edge travels the March: centre at r + (5 - 2r) = 5 - r.
    expect(sk.w(1).y).toBeCloseTo(5 - sk.w(1).r);
  });
});

describe('R37: static check', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });

  it('the modifiable characteristics are read from the raw profile only in abilities.ts (stat)', () => {
    // Where profiles are built (army, rules/profile.ts), the raw value is the point; a policy's guesses
    // (bots) are not rules, and the engine checks every choice.
    const skip = /src[\\/](army|bots)[\\/]|src[\\/]rules[\\/]profile\.ts$/;
    const raw = /profile\s*(\.\s*(march|volley|clash|attacks|resolve|defense|evasion)\b|\[)/;
    const offenders: string[] = [];
    for (const f of files('src')) {
      if (skip.test(f)) continue;
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (raw.test(line) && !(f.endsWith(join('engine', 'abilities.ts')) && line.includes('let v = w.profile[name]'))) offenders.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
