import { describe, expect, it } from 'vitest';
import { BUILT_IN_SPECIAL_RULES, resolveSpecialRule } from '../../src/rules/specialRules.js';
import type { SpecialRule } from '../../src/rules/types.js';

describe('special rules catalogue (R16)', () => {
  it('has the rules of R16 as data', () => {
    expect(resolveSpecialRule('Relentless Blows')).toEqual({
      kind: 'face',
      name: 'Relentless Blows',
      rule: { on: 'attack', face: 1, effect: 'extraAttack' },
      appliesTo: 'self',
    });
    expect(resolveSpecialRule('Parry')).toEqual({ kind: 'face', name: 'Parry', rule: { on: 'attack', face: 1, effect: 'reroll' }, appliesTo: 'attacker' });
    expect(resolveSpecialRule('Flank')).toEqual({ kind: 'flank', name: 'Flank' });
    expect(resolveSpecialRule('Shield Wall')?.kind).toBe('face');
  });

  it('parses Impact X from the name', () => {
    expect(resolveSpecialRule('Impact 2')).toEqual({ kind: 'impact', name: 'Impact 2', hits: 2 });
    expect(resolveSpecialRule('Impact 12')).toEqual({ kind: 'impact', name: 'Impact 12', hits: 12 });
    for (const bad of ['Impact', 'Impact 0', 'Impact -1', 'Impact 2.5', 'impact 2', 'Impact  2']) expect(resolveSpecialRule(bad), bad).toBeNull();
  });

  it('looks up faction rules first and returns null for unknown names', () => {
    const custom: Record<string, SpecialRule> = { Ambush: { kind: 'flank', name: 'Ambush' } };
    expect(resolveSpecialRule('Ambush', custom)).toEqual({ kind: 'flank', name: 'Ambush' });
    expect(resolveSpecialRule('Ambush')).toBeNull();
    expect(resolveSpecialRule('toString')).toBeNull();
  });

  it('names every built-in by its key, with consistent face rules', () => {
    for (const [name, rule] of Object.entries(BUILT_IN_SPECIAL_RULES)) {
      expect(rule.name).toBe(name);
      if (rule.kind === 'face') {
        if (rule.rule.on === 'block') expect(rule.appliesTo).toBe('self');
        expect(rule.rule.effect).not.toBe(rule.rule.on === 'attack' ? 'extraBlock' : 'extraAttack');
      }
    }
  });
});
