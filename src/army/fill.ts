import { armyPoints } from './compose.js';
import { ARMY_LIMITS } from './limits.js';
import { armyFileSchema } from './schema.js';
import type { Faction } from './types.js';

/**
 * Resizes the regiments of `entries` in an army list so that it stays legal
 * and near its points limit when costs change (a points-cost sweep's `fill`):
 * while over the limit, the largest of those regiments loses a model (not
 * below the entry's models); then, while a model fits, the smallest one that
 * can grow gains one (up to its maximum and the role's cap, officers
 * included). Only `models` fields change; everything else is as written.
 * Deterministic (ties go to the earlier regiment). A list that cannot be made
 * to fit is returned over its limit: validation then names it.
 */
export function fillArmyList(armyJson: unknown, faction: Faction, entries: readonly string[]): unknown {
  const parsed = armyFileSchema.safeParse(armyJson);
  if (!parsed.success) return armyJson;
  const army = structuredClone(parsed.data);
  const adjustable = army.regiments.flatMap((reg, i) => {
    const entry = faction.regiments.find((e) => e.name === reg.entry);
    if (!entry || !entries.includes(entry.name)) return [];
    const cap = ARMY_LIMITS.maxModelsByRole[entry.role];
    const max = Math.min(entry.maxModels, cap === null ? Infinity : cap - (reg.officers?.length ?? 0));
    return [{ i, min: entry.models, max }];
  });
  if (adjustable.length === 0) return armyJson;
  const models = (i: number): number => army.regiments[i].models;
  let points = armyPoints(army, faction);
  while (points > army.pointsLimit) {
    let pick: number | null = null;
    for (const r of adjustable) if (models(r.i) > r.min && (pick === null || models(r.i) >= models(pick))) pick = r.i;
    if (pick === null) break;
    army.regiments[pick].models--;
    points = armyPoints(army, faction);
  }
  for (;;) {
    const order = adjustable.filter((r) => models(r.i) < r.max).sort((a, b) => models(a.i) - models(b.i) || a.i - b.i);
    let grown = false;
    for (const r of order) {
      army.regiments[r.i].models++;
      const next = armyPoints(army, faction);
      if (next <= army.pointsLimit) {
        grown = true;
        break;
      }
      army.regiments[r.i].models--;
    }
    if (!grown) break;
  }
  // Keep the written document's other fields (and their order); only models change.
  const out = structuredClone(armyJson) as { regiments: { models: number }[] };
  army.regiments.forEach((reg, i) => {
    out.regiments[i].models = reg.models;
  });
  return out;
}
