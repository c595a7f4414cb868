import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armyFileSchema, armyPoints, buildArmy, loadFaction, type ArmyFile } from '../../src/army/index.js';
import { readJsonFile } from '../../src/data/json.js';

const FACTION_FILE = 'test/fixtures/army/factions/testers.json';
const ARMY_FILE = 'test/fixtures/army/armies/generated.json';
const CAP: Record<string, number> = { Infantry: 13, Cavalry: 4, Brute: 4, Monster: 99 };

// The raw faction file: expected points are summed from it independently of src/army.
interface RawRegiment {
  name: string;
  profile: { role: string; specialRules?: string[] };
  points: number;
  models: number;
  maxModels: number;
  extraModelPoints?: number;
  leader?: { points?: number };
  officers?: { officer: string; points: number }[];
  upgrades?: { name: string; points: number; perModel?: boolean }[];
}
const raw = readJsonFile(FACTION_FILE) as {
  characters: { name: string; points: number; retinues?: string[] }[];
  retinues: { name: string; points: number; maxModels: number }[];
  regiments: RawRegiment[];
};

const regimentArb = fc.constantFrom(...raw.regiments).chain((e) =>
  fc
    .record({
      officers: fc.subarray((e.officers ?? []).map((o) => o.officer)),
      upgrades: fc.subarray((e.upgrades ?? []).map((u) => u.name)),
      extra: fc.nat(e.maxModels - e.models),
      leader: fc.boolean(),
      flank: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ officers, upgrades, extra, leader, flank }) => {
      const models = Math.min(e.models + extra, CAP[e.profile.role] - officers.length);
      const reg: ArmyFile['regiments'][number] = { entry: e.name, models };
      if (officers.length) reg.officers = officers;
      if (upgrades.length) reg.upgrades = upgrades;
      if (e.leader?.points && leader) reg.leader = true;
      if ((e.profile.specialRules ?? []).includes('Flank') && flank !== undefined) reg.flank = flank;
      return reg;
    }),
);

const armyArb = fc
  .record({
    character: fc.constantFrom(...raw.characters),
    retinue: fc.nat(3),
    regiments: fc.array(regimentArb, { maxLength: 10 }),
    slack: fc.nat(200),
    name: fc.string({ minLength: 1, maxLength: 20 }),
  })
  .map(({ character, retinue, regiments, slack, name }) => {
    // Keep the list legal: each entry at most 4 times, each officer at most twice.
    const times = new Map<string, number>();
    const officers = new Map<string, number>();
    const kept = regiments.filter((r) => {
      const n = (times.get(r.entry) ?? 0) + 1;
      times.set(r.entry, n);
      return n <= 4;
    });
    for (const r of kept) {
      if (!r.officers) continue;
      r.officers = r.officers.filter((o) => {
        const n = (officers.get(o) ?? 0) + 1;
        officers.set(o, n);
        return n <= 2;
      });
      if (r.officers.length === 0) delete r.officers;
    }
    const army: ArmyFile = {
      kind: 'army',
      name,
      faction: 'testers',
      pointsLimit: 1,
      characterRegiment: { character: character.name },
      regiments: kept,
    };
    if (retinue > 0 && character.retinues?.length) army.characterRegiment.retinue = { entry: character.retinues[0], models: retinue };
    const points = expectedPoints(army);
    army.pointsLimit = points + slack;
    return { army, points };
  });

/** Points summed entry by entry straight from the faction file. */
function expectedPoints(army: ArmyFile): number {
  const c = raw.characters.find((x) => x.name === army.characterRegiment.character)!;
  let total = c.points;
  const ret = army.characterRegiment.retinue;
  if (ret) total += ret.models * raw.retinues.find((r) => r.name === ret.entry)!.points;
  for (const reg of army.regiments) {
    const e = raw.regiments.find((x) => x.name === reg.entry)!;
    total += e.points + (reg.models - e.models) * (e.extraModelPoints ?? 0);
    if (reg.leader) total += e.leader?.points ?? 0;
    for (const o of reg.officers ?? []) total += e.officers!.find((x) => x.officer === o)!.points;
    for (const u of reg.upgrades ?? []) {
      const up = e.upgrades!.find((x) => x.name === u)!;
      total += up.perModel ? up.points * reg.models : up.points;
    }
  }
  return total;
}

describe('army lists (property)', () => {
  const faction = loadFaction(FACTION_FILE);

  it('a generated valid list round-trips through serialise and parse, and its points are the sum of its entries', () => {
    fc.assert(
      fc.property(armyArb, ({ army, points }) => {
        const text = JSON.stringify(army, null, 2);
        const parsed = armyFileSchema.parse(JSON.parse(text));
        expect(parsed).toEqual(army);
        const built = buildArmy(JSON.parse(text), ARMY_FILE);
        expect(built.errors).toEqual([]);
        expect(built.roster!.points).toBe(points);
        expect(armyPoints(parsed, faction)).toBe(points);
        let sum = 0;
        for (const r of built.roster!.regiments) sum += r.points;
        expect(sum).toBe(points);
        expect(built.roster!.regiments).toHaveLength(army.regiments.length + 1);
      }),
      { numRuns: 100 },
    );
  });

  it('one point under the cost is refused, naming pointsLimit', () => {
    fc.assert(
      fc.property(armyArb, ({ army, points }) => {
        const errors = buildArmy({ ...army, pointsLimit: points - 1 }, ARMY_FILE).errors;
        expect(errors).toEqual([`${ARMY_FILE}: pointsLimit: the army costs ${points} points, over its limit of ${points - 1}`]);
      }),
      { numRuns: 50 },
    );
  });
});
