import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { armyPoints, loadFaction, type ArmyFile } from '../../src/army/index.js';
import { listCounts, priceEntries } from '../../src/balance/entries.js';

const sample = ['ironbound', 'reedmarsh', 'tuskfell'];

describe('priceEntries', () => {
  it('each pointer reads its own price in the faction file', () => {
    for (const f of sample) {
      const file = `sims/factions/${f}.json`;
      const raw = JSON.parse(readFileSync(file, 'utf8'));
      const entries = priceEntries(loadFaction(file));
      expect(entries.length).toBeGreaterThan(5);
      expect(new Set(entries.map((e) => e.pointer)).size).toBe(entries.length);
      for (const e of entries) {
        const value = e.pointer
          .split('/')
          .slice(1)
          .reduce((o, k) => o[k], raw);
        expect(value, `${f} ${e.pointer}`).toBe(e.price);
      }
    }
  });
});

describe('listCounts', () => {
  it("price × count over the table is the list's points, for every sample list", () => {
    for (const f of sample)
      for (const size of [400, 800]) {
        const army = JSON.parse(readFileSync(`sims/armies/${f}-${size}.json`, 'utf8')) as ArmyFile;
        const faction = loadFaction(`sims/factions/${f}.json`);
        const counts = listCounts(faction, army);
        const total = priceEntries(faction).reduce((s, e, k) => s + e.price * counts[k], 0);
        expect(total, `${f}-${size}`).toBe(armyPoints(army, faction));
      }
  });

  it('counts a per-model upgrade once a model and a bought Leader once', () => {
    const faction = loadFaction('sims/factions/ironbound.json');
    const entries = priceEntries(faction);
    const army: ArmyFile = {
      kind: 'army',
      name: 't',
      faction: 'ironbound',
      pointsLimit: 1000,
      characterRegiment: { character: 'Warden-Captain', retinue: { entry: 'Oathsworn Guard', models: 2 } },
      regiments: [
        { entry: 'Shieldbearers', models: 6, upgrades: ['Tower Shields'], officers: ['Drillmaster'] },
        { entry: 'Hammerguard', models: 4, leader: true },
      ],
    };
    const counts = listCounts(faction, army);
    const of = (name: string): number => counts[entries.findIndex((e) => e.name === name)];
    expect(of('Shieldbearers: Tower Shields (a model)')).toBe(6);
    expect(of('Shieldbearers extra model')).toBe(2);
    expect(of('Shieldbearers: Drillmaster')).toBe(1);
    expect(of('Shieldbearers: Banner Sergeant')).toBe(0);
    expect(of('Hammerguard Leader')).toBe(1);
    expect(of('Oathsworn Guard model')).toBe(2);
    expect(of('Warden-Captain')).toBe(1);
    expect(of('Lorekeeper')).toBe(0);
  });
});
