import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARMY_LIMITS, armyPoints, buildArmy, loadFaction, randomArmy, type ArmyFile, type Faction } from '../../src/army/index.js';
import { InputError } from '../../src/errors.js';

const SIMS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'sims');
const FACTIONS = ['ironbound', 'reedmarsh', 'tuskfell'].map((id) => loadFaction(path.join(SIMS, 'factions', `${id}.json`)));
// Where a list of the sample factions would be written: its faction is found as ../factions/<id>.json.
const ARMY_FILE = path.join(SIMS, 'armies', 'generated.json');

const cap = (role: keyof typeof ARMY_LIMITS.maxModelsByRole): number => ARMY_LIMITS.maxModelsByRole[role] ?? Infinity;

/** Points left, and the cheapest model or regiment the list could still add (the rules' limits aside from points). */
function cheapestAddition(army: ArmyFile, faction: Faction): number {
  let cheapest = Infinity;
  const character = faction.characters.find((c) => c.name === army.characterRegiment.character)!;
  const retinue = army.characterRegiment.retinue;
  if (retinue) {
    const r = faction.retinues.find((x) => x.name === retinue.entry)!;
    if (retinue.models < Math.min(r.maxModels, cap(character.profile.role) - character.models)) cheapest = Math.min(cheapest, r.points);
  }
  for (const reg of army.regiments) {
    const e = faction.regiments.find((x) => x.name === reg.entry)!;
    const perModel = e.upgrades.filter((u) => u.perModel && reg.upgrades?.includes(u.name)).reduce((s, u) => s + u.points, 0);
    if (reg.models < Math.min(e.maxModels, cap(e.role) - (reg.officers?.length ?? 0))) cheapest = Math.min(cheapest, e.extraModelPoints + perModel);
  }
  for (const e of faction.regiments) {
    if (army.regiments.filter((r) => r.entry === e.name).length < ARMY_LIMITS.regimentTimes) cheapest = Math.min(cheapest, e.points);
  }
  return cheapest;
}

describe('randomArmy', () => {
  it('gives lists the composition rules accept, within the limit, where no model or regiment more fits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FACTIONS), fc.integer({ min: 200, max: 1000 }), fc.string({ maxLength: 12 }), (faction, points, seed) => {
        const army = randomArmy({ faction, points, seed });
        const built = buildArmy(structuredClone(army), ARMY_FILE);
        expect(built.errors).toEqual([]);
        expect(army.kind).toBe('army');
        expect(army.pointsLimit).toBe(points);
        const spent = armyPoints(army, faction);
        expect(spent).toBeLessThanOrEqual(points);
        expect(spent + cheapestAddition(army, faction)).toBeGreaterThan(points);
      }),
      { numRuns: 400 },
    );
  });

  it('is a function of its options: the same list for the same faction, points and seed', () => {
    const [faction] = FACTIONS;
    expect(randomArmy({ faction, points: 800, seed: 'a' })).toEqual(randomArmy({ faction, points: 800, seed: 'a' }));
    const lists = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(randomArmy({ faction, points: 800, seed: String(i) }).regiments)));
    expect(lists.size).toBeGreaterThan(15);
    // Another limit is another stream, not the same draws cut shorter.
    expect(randomArmy({ faction, points: 801, seed: 'a' }).regiments).not.toEqual(randomArmy({ faction, points: 800, seed: 'a' }).regiments);
    expect(randomArmy({ faction, points: 800, seed: 'a', name: 'mine' }).name).toBe('mine');
    expect(randomArmy({ faction, points: 800, seed: 'a' }).name).toBe('ironbound-800-ra');
  });

  it('varies every choice across seeds: character, retinue size, which regiments and how many, models, Leader, officers, upgrades', () => {
    for (const faction of FACTIONS) {
      const seen = new Map<string, Set<string>>();
      const see = (what: string, value: unknown) => {
        if (!seen.has(what)) seen.set(what, new Set());
        seen.get(what)!.add(JSON.stringify(value));
      };
      for (let s = 0; s < 400; s++) {
        const army = randomArmy({ faction, points: s % 2 ? 400 : 800, seed: `v${s}` });
        see('character', army.characterRegiment.character);
        see('retinue models', army.characterRegiment.retinue?.models ?? 0);
        for (const e of faction.regiments) {
          const regs = army.regiments.filter((r) => r.entry === e.name);
          see(`${e.name} times`, regs.length);
          for (const r of regs) {
            see(`${e.name} models`, r.models);
            see(`${e.name} leader`, r.leader ?? false);
            for (const o of e.officers) see(`${e.name} officer ${o.officer}`, r.officers?.includes(o.officer) ?? false);
            for (const u of e.upgrades) see(`${e.name} upgrade ${u.name}`, r.upgrades?.includes(u.name) ?? false);
          }
        }
      }
      const expected: [string, number][] = [
        ['character', faction.characters.length],
        ['retinue models', 3],
      ];
      for (const e of faction.regiments) {
        expected.push([`${e.name} times`, 3]);
        if (e.maxModels > e.models) expected.push([`${e.name} models`, Math.min(3, e.maxModels - e.models + 1)]);
        if (e.leader && !e.leader.included) expected.push([`${e.name} leader`, 2]);
        for (const o of e.officers) expected.push([`${e.name} officer ${o.officer}`, 2]);
        for (const u of e.upgrades) expected.push([`${e.name} upgrade ${u.name}`, 2]);
      }
      for (const [what, atLeast] of expected) expect(seen.get(what)?.size ?? 0, `${faction.id}: ${what}`).toBeGreaterThanOrEqual(atLeast);
    }
  });

  it('refuses a limit no character fits in, naming the faction file', () => {
    const faction = FACTIONS[0];
    expect(() => randomArmy({ faction, points: 99, seed: 'x' })).toThrow(InputError);
    expect(() => randomArmy({ faction, points: 99, seed: 'x' })).toThrow(/ironbound\.json: characters: none fits in 99 points \(the cheapest, "Lorekeeper", costs 100\)/);
    expect(randomArmy({ faction, points: 100, seed: 'x' }).regiments).toEqual([]);
  });
});
