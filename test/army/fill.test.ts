import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { armyPoints, buildArmy, buildFaction, fillArmyList, type ArmyFile } from '../../src/army/index.js';
import { withJsonOverlay } from '../../src/data/json.js';

const SIMS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'sims');
const factionFile = path.join(SIMS, 'factions', 'ironbound.json');
const armyFile = path.join(SIMS, 'armies', 'ironbound-400.json');
const factionJson = JSON.parse(readFileSync(factionFile, 'utf8'));
const list = JSON.parse(readFileSync(armyFile, 'utf8')) as ArmyFile;

/** The faction with Shieldbearers (regiments[0]) at another cost for their 4 included models. */
function factionAt(points: number) {
  const json = structuredClone(factionJson);
  json.regiments[0].points = points;
  return buildFaction(json, factionFile).faction!;
}

/** Validation errors of a list with the faction at that cost (read in place of the file, as a sweep point does). */
function errorsAt(points: number, army: ArmyFile): string[] {
  const json = structuredClone(factionJson);
  json.regiments[0].points = points;
  return withJsonOverlay({ [factionFile]: json }, () => buildArmy(army, armyFile).errors);
}

describe('fillArmyList', () => {
  it('keeps the list legal and near its limit as an entry costs more or less ("models")', () => {
    // The written list: 394 of 400 points with 5 Shieldbearers (100 for 4, +23 a model).
    for (let cost = 60; cost <= 125; cost += 5) {
      const faction = factionAt(cost);
      const filled = fillArmyList(list, faction, ['Shieldbearers']) as ArmyFile;
      const points = armyPoints(filled, faction);
      expect(points, `cost ${cost}`).toBeLessThanOrEqual(400);
      const sb = filled.regiments[0].models;
      // Near the limit: one more Shieldbearer would not fit, unless the entry is full.
      if (sb < 10) expect(points + 23, `cost ${cost}`).toBeGreaterThan(400);
      if (sb > 4) expect(points, `cost ${cost}`).toBeGreaterThan(400 - 23 - 23);
      expect(filled.regiments.slice(1)).toEqual(list.regiments.slice(1));
      expect(errorsAt(cost, filled)).toEqual([]);
    }
    expect((fillArmyList(list, factionAt(100), ['Shieldbearers']) as ArmyFile).regiments[0].models).toBe(5);
    expect((fillArmyList(list, factionAt(125), ['Shieldbearers']) as ArmyFile).regiments[0].models).toBe(4);
    expect((fillArmyList(list, factionAt(60), ['Shieldbearers']) as ArmyFile).regiments[0].models).toBe(7); // 331 + 3 × 23
  });

  it('buys models of the listed entries with spare points, smallest regiment first ({"entries"})', () => {
    const faction = factionAt(40); // 334 points: 66 spare
    const filled = fillArmyList(list, faction, ['Bladewardens', 'Pathwardens']) as ArmyFile;
    // Pathwardens (3 models, 19 a model), then Bladewardens and Pathwardens at 4 (the earlier first, 23), then Pathwardens: 5 left.
    expect(filled.regiments.map((r) => r.models)).toEqual([5, 5, 5]);
    expect(armyPoints(filled, faction)).toBe(395);
  });

  it('leaves a list it cannot fit over its limit, for validation to name', () => {
    const faction = factionAt(400);
    const filled = fillArmyList(list, faction, ['Shieldbearers']) as ArmyFile;
    expect(filled.regiments[0].models).toBe(4);
    expect(errorsAt(400, filled).join('\n')).toMatch(/pointsLimit: the army costs \d+ points, over its limit of 400/);
  });
});
