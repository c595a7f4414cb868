import { describe, expect, it } from 'vitest';
import { buildFaction, loadFaction, validateFactionJson } from '../../src/army/index.js';
import { readJsonFile } from '../../src/data/json.js';
import { InputError } from '../../src/errors.js';

const BAD = 'test/fixtures/army/bad-factions';

/** Each invalid faction fixture and the exact line(s) it must produce. */
const INVALID: Record<string, string[]> = {
  'unknown-special-rule': ['regiments[0].profile.specialRules[1]: unknown special rule "Frenzy"'],
  'unknown-upgrade-rule': ['regiments[0].upgrades[0].specialRules[0]: unknown special rule "Impact 0"'],
  'wrong-type': ['regiments[1].profile.march: expected number, got string'],
  'missing-field': ['officers[0].profile.wounds: missing (expected number)'],
  'unknown-key': ['characters[0].profile.toughness: unknown key'],
  'bad-role': ['regiments[2].profile.role: expected "Infantry" or "Cavalry" or "Brute" or "Monster"'],
  'redefines-built-in': ['specialRules.Parry: "Parry" is a built-in special rule and cannot be redefined'],
  'unknown-officer': ['regiments[0].officers[2].officer: unknown officer "Wizard" (not in the faction\'s officers)'],
  'infantry-max-14': ['regiments[0].maxModels: an Infantry regiment may not number over 13 models including officers (maxModels is 14)'],
  'unknown-command-ability': ['characters[0].profile.commandAbilities[0]: unknown command ability "Charge!" (define it in the faction\'s commandAbilities)'],
  'unknown-retinue': ['characters[1].retinues[0]: unknown retinue "Squires" (not in the faction\'s retinues)'],
  'extra-cost-missing': ['regiments[3].extraModelPoints: missing: maxModels (6) exceeds the models included (3), so extra models need a cost'],
  'duplicate-name': ['regiments[3].name: "Spearmen" is already the name of regiments[0]'],
  'block-rule-on-attacker': ['specialRules.Stubborn.appliesTo: a block-die rule applies to "self"'],
};

describe('faction files', () => {
  for (const [name, lines] of Object.entries(INVALID)) {
    it(`refuses ${name} with its path`, () => {
      const file = `${BAD}/${name}.json`;
      expect(validateFactionJson(readJsonFile(file), file).errors).toEqual(lines.map((l) => `${file}: ${l}`));
    });
  }

  it('resolves the test faction with defaults and special rules', () => {
    const f = loadFaction('test/fixtures/army/factions/testers.json');
    expect(f.id).toBe('testers');
    const spear = f.regiments[0];
    expect(spear.profile.specialRules).toEqual([{ kind: 'face', name: 'Stubborn', rule: { on: 'block', face: 1, effect: 'extraBlock' }, appliesTo: 'self' }]);
    expect(spear.leader).toMatchObject({ included: true, points: 0 });
    expect(f.regiments[1].leader).toMatchObject({ included: false, points: 5 });
    expect(f.regiments[1].leader?.profile.attacks).toBe(4);
    expect(f.regiments[2].leader).toBeNull();
    const beast = f.regiments[4].profile;
    expect([beast.size, beast.baseMm, beast.commandRange, beast.barrage]).toEqual([3, 60, 6, null]);
    expect(f.regiments[3].profile.barrage).toEqual({ dice: 2, range: 12 });
    expect(f.regiments[3].profile.specialRules.map((r) => r.kind)).toEqual(['flank', 'face']);
    expect(f.characters[1].models).toBe(2);
    expect(Object.keys(f.commandAbilities)).toEqual(['Forward!']);
  });

  it('reports several problems together', () => {
    const json = readJsonFile('test/fixtures/army/factions/testers.json') as { regiments: { profile: Record<string, unknown> }[] };
    json.regiments[0].profile.specialRules = ['Impact 3', 'Bogus'];
    json.regiments[1].profile.clash = -1;
    const { errors, faction } = buildFaction(json, 'f.json');
    expect(faction).toBeUndefined();
    expect(errors).toEqual(['f.json: regiments[1].profile.clash: must be ≥ 0']);
    json.regiments[1].profile.clash = 2;
    expect(buildFaction(json, 'f.json').errors).toEqual(['f.json: regiments[0].profile.specialRules[1]: unknown special rule "Bogus"']);
  });

  it('loads the sample factions of sims/', () => {
    for (const id of ['ironbound', 'reedmarsh', 'tuskfell']) {
      const f = loadFaction(`sims/factions/${id}.json`);
      expect(f.id).toBe(id);
      expect(f.regiments.length).toBeGreaterThanOrEqual(6);
      expect(f.characters).toHaveLength(2);
      expect(f.officers).toHaveLength(2);
      expect(f.notes).toMatch(/illustrative/);
    }
  });

  it('throws one clear line for a missing file', () => {
    expect(() => loadFaction('sims/factions/none.json')).toThrow(new InputError('sims/factions/none.json: file not found'));
  });
});

describe('faction file shapes', () => {
  const base = () => readJsonFile('test/fixtures/army/factions/testers.json') as Record<string, any>;

  it('names the allowed kinds of a special rule definition, and bad die faces', () => {
    const json = base();
    json.specialRules.Aura = { kind: 'aura' };
    json.specialRules.Stubborn.face = 7;
    expect(buildFaction(json, 'f.json').errors).toEqual([
      'f.json: specialRules.Stubborn.face: expected 1 or 2 or 3 or 4 or 5 or 6',
      'f.json: specialRules.Aura.kind: expected "face" or "impact" or "flank"',
    ]);
  });

  it('requires the top-level fields', () => {
    const json = base();
    delete json.regiments;
    json.kind = 'army';
    expect(buildFaction(json, 'f.json').errors).toEqual(['f.json: kind: expected "faction"', 'f.json: regiments: missing (expected array)']);
  });
});
