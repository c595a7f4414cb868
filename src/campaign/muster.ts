/**
 * Muster Armies (R34): each player's army is its list; Requisition Points
 * then buy one extra regiment, one RP a point. The extra regiment is any
 * regiment entry of the player's faction at any legal number of models, with
 * no officers, upgrades or optional Leader, that the faction's composition
 * rules allow next to the list (e.g. an entry's limit of times). It does not
 * change the battle's points limit: the army may exceed it by the regiment.
 */
import { buildArmy, readJsonFile } from '../army/index.js';
import type { Roster } from '../army/types.js';
import { DEFAULT_RULESET, type Ruleset } from '../rules/ruleset.js';
import type { RegimentOption } from './types.js';

export interface Muster {
  /** The army list as written. */
  base: Roster;
  /** Every extra regiment RP can buy, cheapest first, with the roster it makes. */
  extras: { option: RegimentOption; roster: Roster }[];
}

/** Prepares a player's muster: its list and every list-plus-one-regiment it could field. */
export function prepareMuster(armyFile: string, ruleset: Ruleset = DEFAULT_RULESET): Muster {
  const json = readJsonFile(armyFile) as { pointsLimit: number; regiments: unknown[] };
  const built = buildArmy(json, armyFile, ruleset);
  if (!built.roster || !built.faction) throw new Error(`${armyFile}: ${built.errors.join('; ')}`);
  const base = built.roster;
  const extras: Muster['extras'] = [];
  for (const entry of built.faction.regiments) {
    for (let models = entry.models; models <= entry.maxModels; models++) {
      const points = entry.points + (models - entry.models) * entry.extraModelPoints;
      const withExtra = { ...json, pointsLimit: json.pointsLimit + points, regiments: [...json.regiments, { entry: entry.name, models }] };
      const b = buildArmy(withExtra, armyFile, ruleset);
      // The composition rules refused it (times an entry may be taken, models a role may number).
      if (!b.roster) continue;
      extras.push({
        option: { entry: entry.name, models, points, cost: points },
        // The points limit of the battle is unchanged (campaigns text, Muster Armies).
        roster: { ...b.roster, pointsLimit: base.pointsLimit },
      });
    }
  }
  extras.sort((a, b) => a.option.points - b.option.points || a.option.entry.localeCompare(b.option.entry));
  return { base, extras };
}

/** The role of an extra regiment's entry, for the Manufactoria Complex discount. */
export function extraRole(m: Muster, i: number): string {
  const reg = m.extras[i].roster.regiments[m.extras[i].roster.regiments.length - 1];
  return reg.role;
}

/**
 * What `rp` Requisition Points can buy: the options with their RP cost.
 * Manufactoria Complex (R34): a regiment entirely of Brute or Monster models
 * costs `discount` RP less, never below 0.
 */
export function affordable(m: Muster, rp: number, discount: number): { index: number; option: RegimentOption }[] {
  const out: { index: number; option: RegimentOption }[] = [];
  m.extras.forEach((e, index) => {
    const role = extraRole(m, index);
    const cost = discount > 0 && (role === 'Brute' || role === 'Monster') ? Math.max(0, e.option.points - discount) : e.option.points;
    if (cost <= rp) out.push({ index, option: { ...e.option, cost } });
  });
  return out;
}

/** Plains (R34): every Cavalry warrior's March +1" (or `by`). A new roster; profiles are shared otherwise. */
export function withCavalryMarch(r: Roster, by: number): Roster {
  if (by === 0) return r;
  return {
    ...r,
    regiments: r.regiments.map((g) => ({
      ...g,
      warriors: g.warriors.map((w) => (w.profile.role === 'Cavalry' ? { ...w, profile: { ...w.profile, march: w.profile.march + by } } : w)),
    })),
  };
}
