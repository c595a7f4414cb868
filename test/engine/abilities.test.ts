import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/types.js';
import type { CommandAbilityDef, UniqueActionDef } from '../../src/rules/types.js';
import { skirmish } from './harness.js';

const NEAR = 1.5;

describe('data-defined Command Abilities', () => {
  const warCry: CommandAbilityDef = { name: 'War Cry', target: 'friendly', effect: { kind: 'modify', stat: 'attacks', by: 1 } };
  const mend: CommandAbilityDef = { name: 'Mend', target: 'friendly', effect: { kind: 'heal', wounds: 1 } };

  it('a modify ability changes a characteristic of friends within Command Range until the end of the round', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Captain', commandAbilities: ['War Cry'] } },
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR },
      ],
      commandAbilities: [warCry],
      dice: [6, 6, 6, 6, 6, 6], // 4 attack dice (3 + War Cry), 2 blocks
    });
    sk.game.apply({ kind: 'commandAbility', ability: 'War Cry' });
    sk.activate(1);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 4 }] });
    const attack = sk.events.find((e) => e.type === 'attack') as Extract<GameEvent, { type: 'attack' }>;
    expect(attack.rolls.attackRolls).toHaveLength(4);
  });

  it('a heal ability removes wound markers from friends within Command Range', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Healer', commandAbilities: ['Mend'] } },
        { player: 0, x: 10, y: 9, profile: { wounds: 3 } },
        { player: 1, x: 40, y: 40 },
      ],
      commandAbilities: [mend],
    });
    sk.w(1).markers = 2;
    sk.game.apply({ kind: 'commandAbility', ability: 'Mend' });
    expect(sk.w(1).markers).toBe(1);
  });
});

describe('Combat Rally under Rallying Cry (R21)', () => {
  it('re-rolls a failed Resolve test', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Captain' } },
        { player: 0, x: 10, y: 9 },
        { player: 1, x: 10, y: 9 + NEAR },
      ],
      dice: [6, 1], // the test fails on 6, the re-roll passes on 1
    });
    sk.game.apply({ kind: 'commandAbility', ability: 'Rallying Cry' });
    sk.w(1).broken = true;
    sk.activate(1);
    sk.act({ type: 'combatRally' });
    const tests = sk.events.filter((e) => e.type === 'resolveTest');
    expect(tests.map((t) => (t as Extract<GameEvent, { type: 'resolveTest' }>).outcome)).toEqual(['failed', 'passed']);
    // The activation goes on: a second action is offered.
    expect(sk.game.pending()).toMatchObject({ kind: 'action', warrior: sk.ids[1] });
  });
});

describe('Unique Actions', () => {
  const sweep: UniqueActionDef = {
    name: 'Sweeping Blow',
    type: 'combat',
    replaces: 'clash',
    effect: { kind: 'inflictHits', hits: 2, range: 0, maxTargets: 2 },
  };

  it('inflict hits on enemies in range, and replace the basic Clash in that activation', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { uniqueActions: ['Sweeping Blow'] } },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0, wounds: 3 } },
        { player: 1, x: 10 + NEAR, y: 10, profile: { defense: 0, wounds: 3 } },
      ],
      uniqueActions: [sweep],
      dice: [1, 2, 3, 4], // two hits on each target, no blocks (Defense 0)
    });
    sk.activate(0);
    sk.act({ type: 'unique', name: 'Sweeping Blow' });
    expect(sk.w(1).markers + sk.w(2).markers).toBe(4);
    const d = sk.game.pending();
    expect(d?.kind === 'action' && d.legal).not.toContain('clash');
  });
});
