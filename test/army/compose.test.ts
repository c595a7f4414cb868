import { describe, expect, it } from 'vitest';
import { armyBreakdown, armyPoints, ARMY_LIMITS, buildArmy, loadRoster, validateArmyJson } from '../../src/army/index.js';
import { readJsonFile } from '../../src/data/json.js';
import { InputError } from '../../src/errors.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';

const dir = 'test/fixtures/army/armies';
const F = (name: string) => `${dir}/${name}.json`;
const validate = (name: string) => validateArmyJson(readJsonFile(F(name)), F(name));

/** Each invalid fixture and the exact line(s) it must produce: the path and the rule named. */
const INVALID: Record<string, string[]> = {
  'infantry-14': ['regiments[0].models: an Infantry regiment may not number over 13 models including officers (has 14)'],
  'cavalry-5': ['regiments[1].models: a Cavalry regiment may not number over 4 models including officers (has 5)'],
  'entry-five-times': ['regiments[7].entry: each Regiment may be included up to 4 times (this is the fifth "Scouts")'],
  'officer-three-times': ['regiments[4].officers[0]: each Officer may be included up to 2 times (this is the third "Sergeant")'],
  'officer-not-allowed': ['regiments[2].officers[0]: Scouts may not take the officer "Medic" (it may take: none)'],
  'models-below-entry': ['regiments[0].models: Spearmen comes with 5 models; it may not number fewer (has 4)'],
  'models-above-entry': ['regiments[3].models: Brutes may number at most 3 models, officers excluded (has 4)'],
  'over-points': ['pointsLimit: the army costs 503 points, over its limit of 400'],
  'second-character': ['regiments[4].entry: "Twin Knights" is a character: an army has exactly one Character Regiment, given by characterRegiment'],
  'no-character-regiment': ['characterRegiment: missing (expected object)'],
  'points-typed': [
    "points: points are computed from the faction's entries and never written in an army file; remove this field",
    "regiments[0].points: points are computed from the faction's entries and never written in an army file; remove this field",
  ],
  'unknown-entry': ['regiments[2].entry: unknown regiment entry "Archers" (the faction\'s regiments: "Spearmen", "Riders", "Brutes", "Scouts", "Beast")'],
  'wrong-type': ['regiments[1].models: expected number, got string'],
  'unknown-key': ['regiments[0].colour: unknown key'],
  'flank-without-rule': ['regiments[0].flank: only a regiment with the Flank special rule starts in Reinforcements (R30); Spearmen has none'],
  'retinue-too-many': ['characterRegiment.retinue.models: Guards may number at most 3 models (has 4)'],
  'retinue-not-allowed': ['characterRegiment.retinue.entry: "Guards" is not a retinue Twin Knights may take (none)'],
  'unknown-upgrade': ['regiments[0].upgrades[1]: Spearmen has no upgrade "Pikes" (its upgrades: "Long Spears", "Drummer")'],
  'leader-not-buyable': ['regiments[3].leader: Brutes has no Leader to buy (a model becomes the Acting Leader in play)'],
  'unknown-faction': ["faction: cannot use faction file test/fixtures/army/factions/nobody.json (looked for nobody.json in the factions folder beside the army's folder): file not found"],
  'unknown-character': ['characterRegiment.character: unknown character "Villain" (the faction\'s characters: "Hero", "Twin Knights")'],
};

describe('army composition rules', () => {
  for (const [name, lines] of Object.entries(INVALID)) {
    it(`refuses invalid-${name} with its path and rule`, () => {
      const file = F(`invalid-${name}`);
      expect(validate(`invalid-${name}`).errors).toEqual(lines.map((l) => `${file}: ${l}`));
    });
  }

  it('accepts the valid fixtures, including lists exactly at every limit', () => {
    for (const name of ['valid-full', 'valid-minimal', 'valid-at-limits']) expect(validate(name).errors, name).toEqual([]);
    expect(validateArmyJson(readJsonFile('test/fixtures/army/elsewhere/explicit-faction.json'), 'test/fixtures/army/elsewhere/explicit-faction.json').errors).toEqual([]);
  });

  it('keeps the limits in one place', () => {
    expect(ARMY_LIMITS.officerTimes).toBe(2);
    expect(ARMY_LIMITS.regimentTimes).toBe(4);
    expect(ARMY_LIMITS.maxModelsByRole).toEqual({ Infantry: 13, Cavalry: 4, Brute: 4, Monster: null });
  });

  it('reports every violation of a list at once', () => {
    const json = readJsonFile(F('valid-full')) as { regiments: Record<string, unknown>[]; pointsLimit: number };
    json.regiments[0].models = 12; // 12 + Sergeant + Medic = 14 infantry
    json.regiments[0].officers = ['Sergeant', 'Medic'];
    json.regiments[2].officers = ['Sergeant']; // not allowed for Scouts
    json.pointsLimit = 100;
    const errors = buildArmy(json, F('x')).errors;
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/x\.json: regiments\[0\]\.models: an Infantry regiment may not number over 13 models including officers \(has 14\)$/);
    expect(errors[1]).toMatch(/x\.json: regiments\[2\]\.officers\[0\]: Scouts may not take/);
    expect(errors[2]).toMatch(/x\.json: pointsLimit: the army costs \d+ points, over its limit of 100$/);
  });

  it('names a broken faction file from the army', () => {
    const json = { ...(readJsonFile(F('valid-minimal')) as object), factionFile: '../bad-factions/wrong-type.json' };
    const errors = buildArmy(json, F('x')).errors;
    expect(errors[0]).toBe(`${F('x')}: faction: the faction file test/fixtures/army/bad-factions/wrong-type.json is invalid:`);
    expect(errors[1]).toBe('test/fixtures/army/bad-factions/wrong-type.json: regiments[1].profile.march: expected number, got string');
  });
});

describe('loadRoster', () => {
  const roster = loadRoster(F('valid-full'));

  it('computes points from the entries', () => {
    // Hero 100 + 2 Guards × 20; Spearmen 50 + 3 × 10 + Sergeant 20 + Long Spears 8 × 2 + Drummer 5;
    // Riders 60 + 1 × 30 + Leader 5; Scouts 20 + 1 × 7; Brutes 80 + 1 × 40.
    expect(roster.regiments.map((r) => r.points)).toEqual([140, 121, 95, 27, 120]);
    expect(roster.points).toBe(503);
    expect(roster.pointsLimit).toBe(600);
    expect(roster.faction).toBe('testers');
  });

  it('builds the character regiment: character then retinue', () => {
    const cr = roster.regiments[0];
    expect(cr.isCharacterRegiment).toBe(true);
    expect(cr.id).toBe('r0-hero');
    expect(cr.warriors.map((w) => w.kind)).toEqual(['character', 'retinue', 'retinue']);
    expect(cr.warriors[0].profile.commandAbilities).toEqual(['Forward!']);
  });

  it('builds leader, standard bearer, troopers and officers', () => {
    const spear = roster.regiments[1];
    // 8 models + 1 officer reaches standardBearerAt 8.
    expect(spear.warriors.map((w) => w.kind)).toEqual(['leader', 'standardBearer', ...Array(6).fill('trooper'), 'officer']);
    expect(spear.warriors[8].profile.name).toBe('Sergeant');
    // Upgrades reach troopers and leader, not officers.
    expect(spear.warriors[2].profile.march).toBe(6);
    expect(spear.warriors[2].profile.specialRules.map((r) => r.name)).toEqual(['Stubborn', 'Relentless Blows']);
    expect(spear.warriors[8].profile.specialRules).toEqual([]);
    expect(spear.warriors[0].profile.name).toBe('Spearmen Leader');
    const riders = roster.regiments[2];
    expect(riders.warriors.map((w) => w.kind)).toEqual(['leader', 'trooper', 'trooper']);
    expect(riders.warriors[0].profile.attacks).toBe(4);
    expect(riders.warriors[1].profile.attacks).toBe(3);
    // No leader in the entry: an Acting Leader is chosen in play.
    expect(roster.regiments[4].warriors.map((w) => w.kind)).toEqual(['trooper', 'trooper']);
  });

  it('gives each warrior a share of its regiment points that sums to the regiment', () => {
    for (const reg of roster.regiments) {
      const sum = reg.warriors.reduce((s, w) => s + (w.points ?? 0), 0);
      expect(sum).toBeCloseTo(reg.points, 9);
    }
    expect(roster.regiments[1].warriors[8].points).toBe(20);
  });

  it('resolves profiles with the ruleset defaults (R3, R4)', () => {
    const riders = roster.regiments[2].warriors[1].profile;
    expect([riders.size, riders.baseMm, riders.commandRange]).toEqual([2, 50, 6]);
    const big = loadRoster(F('valid-full'), { ...DEFAULT_RULESET, sizeByRole: { ...DEFAULT_RULESET.sizeByRole, Cavalry: 3 }, commandRange: 8 });
    expect(big.regiments[2].warriors[1].profile.size).toBe(3);
    expect(big.regiments[2].warriors[1].profile.commandRange).toBe(8);
  });

  it('starts Flank regiments in Reinforcements unless told not to (R30)', () => {
    expect(roster.regiments.map((r) => r.reinforcement)).toEqual([false, false, false, true, false]);
    const minimal = loadRoster(F('valid-minimal'));
    expect(minimal.regiments[1].reinforcement).toBe(false);
    expect(minimal.regiments[0].warriors.map((w) => w.kind)).toEqual(['character', 'character']);
    expect(minimal.regiments[0].warriors[0].profile.specialRules).toEqual([{ kind: 'impact', name: 'Impact 2', hits: 2 }]);
  });

  it("carries the faction's command abilities and unique actions", () => {
    expect(roster.commandAbilities.map((a) => a.name)).toEqual(['Forward!']);
    expect(roster.uniqueActions.map((a) => a.name)).toEqual(['Bandage']);
  });

  it('throws an InputError listing every problem', () => {
    let caught: unknown;
    try {
      loadRoster(F('invalid-points-typed'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).lines).toHaveLength(2);
    expect(() => loadRoster(`${dir}/nope.json`)).toThrow(`${dir}/nope.json: file not found`);
  });

  it('itemises points for the army command, agreeing with armyPoints', () => {
    const { regiments, roster: r, faction } = armyBreakdown(F('valid-full'));
    expect(regiments[1].items).toEqual([
      { what: '5 models included', points: 50 },
      { what: '3 extra models × 10', points: 30 },
      { what: 'officer Sergeant', points: 20 },
      { what: 'Long Spears × 8 models × 2', points: 16 },
      { what: 'Drummer', points: 5 },
    ]);
    const army = readJsonFile(F('valid-full')) as Parameters<typeof armyPoints>[0];
    expect(armyPoints(army, faction)).toBe(r.points);
  });
});

describe('the sample armies in sims/', () => {
  for (const faction of ['ironbound', 'reedmarsh', 'tuskfell']) {
    for (const size of [400, 800]) {
      it(`${faction}-${size} is legal and uses most of its points`, () => {
        const roster = loadRoster(`sims/armies/${faction}-${size}.json`);
        expect(roster.pointsLimit).toBe(size);
        expect(roster.points).toBeLessThanOrEqual(size);
        expect(roster.points).toBeGreaterThanOrEqual(size * 0.95);
        const warriors = roster.regiments.reduce((n, r) => n + r.warriors.length, 0);
        if (size === 800) {
          expect(warriors).toBeGreaterThanOrEqual(25);
          expect(warriors).toBeLessThanOrEqual(45);
        }
      });
    }
  }
});
