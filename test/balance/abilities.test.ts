import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFaction } from '../../src/army/index.js';
import { factionAbilities, withoutAbility } from '../../src/balance/abilities.js';

const ironbound = JSON.parse(readFileSync('sims/factions/ironbound.json', 'utf8'));

describe('factionAbilities', () => {
  it('lists what the profiles, leaders and upgrades use, each once', () => {
    const names = factionAbilities(ironbound).map((a) => `${a.kind}:${a.name}`);
    expect(names).toContain('specialRule:Shield Wall');
    expect(names).toContain('specialRule:Deflect'); // granted by the Tower Shields upgrade
    expect(names).toContain('commandAbility:Hammer Oath'); // a leader's
    expect(names).toContain('uniqueAction:Mending Rune');
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('withoutAbility', () => {
  it('takes the ability from every warrior that has it and leaves the rest', () => {
    const out = withoutAbility(ironbound, { kind: 'specialRule', name: 'Shield Wall' });
    const { faction, errors } = buildFaction(out, 'x.json');
    expect(errors).toEqual([]);
    const all = [...faction!.regiments.map((r) => r.profile), ...faction!.retinues.map((r) => r.profile), ...faction!.characters.map((c) => c.profile)];
    expect(all.some((p) => p.specialRules.some((r) => r.name === 'Shield Wall'))).toBe(false);
    expect(all.some((p) => p.specialRules.some((r) => r.name === 'Parry'))).toBe(true);
    // The input is not changed.
    expect(JSON.stringify(ironbound)).toContain('Shield Wall');
    expect(factionAbilities(out).some((a) => a.name === 'Shield Wall')).toBe(false);
  });

  it("a Command Ability goes from the leader that carries it, not from the faction's definitions", () => {
    const out = withoutAbility(ironbound, { kind: 'commandAbility', name: 'Hammer Oath' }) as typeof ironbound;
    expect(out.commandAbilities.some((c: { name: string }) => c.name === 'Hammer Oath')).toBe(true);
    expect(factionAbilities(out).some((a) => a.name === 'Hammer Oath')).toBe(false);
  });
});
