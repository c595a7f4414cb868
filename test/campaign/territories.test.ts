import { describe, expect, it } from 'vitest';
import { battleMods, cycleRewards, hiveCityObstacles, missionFor, withCavalryMarch, TERRITORY_PROFILES, TERRITORY_TYPES, hexAdjacency } from '../../src/campaign/index.js';
import { pointInAnyPolygon, polygonsDistance } from '../../src/board/index.js';
import { deploymentPolygons, generateTerrain, getScenario } from '../../src/scenarios/index.js';
import { childRng } from '../../src/dice/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { loadRoster } from '../../src/army/index.js';
import path from 'node:path';
import { FIXTURES, small } from './helpers.js';

/** A map of one territory of each type and player 0 of faction 0 holding the listed ones. */
function rewards(types: string[], holder: (i: number) => number = () => 0): { campaignPoints: number; requisitionPoints: number }[] {
  const c = small((j) => {
    // Four neutral hexes more: a player each to start on.
    j.map = [...types, 'Plains', 'Plains', 'Plains', 'Plains'].map((type, i) => ({ id: `t${i}`, type, q: i, r: 0 }));
  });
  const owner = c.territories.map((_, i) => (i < types.length ? holder(i) : -1));
  return c.players.map((_, p) => cycleRewards(c, owner, p));
}

describe('hex map', () => {
  it('derives the six axial neighbours', () => {
    const hexes = [
      { q: 0, r: 0 },
      { q: 1, r: 0 },
      { q: 1, r: -1 },
      { q: 0, r: -1 },
      { q: -1, r: 0 },
      { q: -1, r: 1 },
      { q: 0, r: 1 },
      { q: 2, r: 0 },
      { q: 1, r: 1 },
    ];
    const adj = hexAdjacency(hexes);
    expect(adj[0]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(adj[7]).toEqual([1, 8]);
    expect(adj[8]).toEqual([1, 6, 7]);
  });
});

describe('territory profiles and Cycle End rewards', () => {
  it('every type of the text with its Campaign and Requisition Points', () => {
    expect(TERRITORY_TYPES).toHaveLength(12);
    for (const t of TERRITORY_TYPES) {
      const [r] = rewards([t]);
      expect([t, r.campaignPoints, r.requisitionPoints]).toEqual([t, TERRITORY_PROFILES[t].campaignPoints, TERRITORY_PROFILES[t].requisitionPoints]);
    }
  });

  it('Titan Forge and Munitorum Depot: only their points (Allied Contingents, Limited: no First Blood meaning, R34)', () => {
    expect(rewards(['Titan Forge', 'Munitorum Depot'])[0]).toEqual({ campaignPoints: 5, requisitionPoints: 40 });
  });

  it('Industrial Wasteland: 2 CP each with a Manufactoria Complex', () => {
    expect(rewards(['Industrial Wasteland', 'Industrial Wasteland'])[0].campaignPoints).toBe(2);
    expect(rewards(['Industrial Wasteland', 'Industrial Wasteland', 'Manufactoria Complex'])[0].campaignPoints).toBe(2 + 2 + 2);
    // Another player's Manufactoria does not count.
    expect(rewards(['Industrial Wasteland', 'Manufactoria Complex'], (i) => i)[0].campaignPoints).toBe(1);
  });

  it('Woodlands: 2 CP each with a Research Facilities and a Munitorum Depot', () => {
    expect(rewards(['Woodlands', 'Research Facilities'])[0].campaignPoints).toBe(3);
    expect(rewards(['Woodlands', 'Research Facilities', 'Munitorum Depot'])[0].campaignPoints).toBe(2 + 2 + 2);
  });

  it('Settlement: 15 RP each with two or more', () => {
    expect(rewards(['Settlement'])[0].requisitionPoints).toBe(10);
    expect(rewards(['Settlement', 'Settlement'])[0].requisitionPoints).toBe(30);
  });

  it('Research Facilities: each Manufactoria Complex of a player of that faction +20 RP', () => {
    // Player 1 (Bo) holds the Research Facilities; Ana's Manufactoria gains 20.
    const [ana, bo] = rewards(['Manufactoria Complex', 'Research Facilities'], (i) => i);
    expect(ana.requisitionPoints).toBe(40);
    expect(bo.requisitionPoints).toBe(25);
    // An enemy's Research Facilities (Cy, faction 1) does nothing for Ana.
    expect(rewards(['Manufactoria Complex', 'Research Facilities'], (i) => (i === 0 ? 0 : 2))[0].requisitionPoints).toBe(20);
  });
});

describe('territory rules in battle (R34)', () => {
  const c = small();
  it('Fortress → Shieldwall and Spaceport → Pincer with the protector first; others keep the cycle mission', () => {
    expect(missionFor(c, 2, 'raid')).toEqual({ mission: 'shieldwall', protectorFirst: true });
    expect(missionFor(c, 5, 'raid')).toEqual({ mission: 'pincer', protectorFirst: true });
    expect(missionFor(c, 1, 'raid')).toEqual({ mission: 'raid', protectorFirst: false });
  });

  it('Plains: Cavalry +1" March; Hive City: 3 obstacles only when the protector controls it', () => {
    expect(battleMods(c, 3, false)).toEqual({ cavalryMarch: 1, protectorObstacles: 0 });
    expect(battleMods(c, 0, true)).toEqual({ cavalryMarch: 0, protectorObstacles: 3 });
    expect(battleMods(c, 0, false)).toEqual({ cavalryMarch: 0, protectorObstacles: 0 });
    const army = loadRoster(path.join(FIXTURES, '../../../sims/armies/reedmarsh-800.json'));
    const faster = withCavalryMarch(army, 1);
    const marches = (r: typeof army): number[] => r.regiments.flatMap((g) => g.warriors.map((w) => w.profile.march));
    const cavalry = army.regiments.flatMap((g) => g.warriors.map((w) => w.profile.role === 'Cavalry'));
    expect(cavalry.some(Boolean)).toBe(true);
    marches(faster).forEach((m, i) => expect(m).toBe(marches(army)[i] + (cavalry[i] ? 1 : 0)));
  });

  it('Hive City obstacles: 3 obstructing 1"×2" pieces wholly within the protector\'s deployment zone, clear of the terrain', () => {
    for (const id of ['raid', 'pincer', 'shieldwall', 'annihilation']) {
      const sc = getScenario(id);
      for (const seat of [0, 1] as const) {
        const terrain = generateTerrain({ scenario: sc, rng: childRng(`hive-${id}`, 'setup'), ruleset: DEFAULT_RULESET });
        const obs = hiveCityObstacles(sc, terrain, seat, 3);
        expect(obs).toHaveLength(3);
        const zone = deploymentPolygons(sc, seat);
        for (const o of obs) {
          expect(o.rules).toEqual(['Obstructing']);
          expect(o.shape.every((p) => pointInAnyPolygon(p.x, p.y, zone))).toBe(true);
          const xs = o.shape.map((p) => p.x);
          const ys = o.shape.map((p) => p.y);
          expect([Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)]).toEqual([2, 1]);
          expect(terrain.every((t) => polygonsDistance(t.shape, o.shape) >= 1)).toBe(true);
        }
      }
    }
  });
});
