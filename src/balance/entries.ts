import type { ArmyFile, Faction } from '../army/index.js';
import type { PriceEntry } from './types.js';

/**
 * Every price of a faction's points table, in file order: each character,
 * retinue model, regiment (with its included models), extra model, optional
 * Leader, officer (in each regiment that may take it) and upgrade. A list's
 * points are the sum over these of price × count (listCounts).
 */
export function priceEntries(faction: Faction): PriceEntry[] {
  const out: PriceEntry[] = [];
  const add = (name: string, pointer: string, price: number): void => {
    out.push({ faction: faction.id, name, pointer, price });
  };
  faction.characters.forEach((c, i) => add(c.name, `/characters/${i}/points`, c.points));
  faction.retinues.forEach((r, i) => add(`${r.name} model`, `/retinues/${i}/points`, r.points));
  faction.regiments.forEach((r, i) => {
    add(r.name, `/regiments/${i}/points`, r.points);
    if (r.maxModels > r.models) add(`${r.name} extra model`, `/regiments/${i}/extraModelPoints`, r.extraModelPoints);
    if (r.leader && !r.leader.included) add(`${r.name} Leader`, `/regiments/${i}/leader/points`, r.leader.points);
    r.officers.forEach((o, k) => add(`${r.name}: ${o.officer}`, `/regiments/${i}/officers/${k}/points`, o.points));
    r.upgrades.forEach((u, k) => add(`${r.name}: ${u.name}${u.perModel ? ' (a model)' : ''}`, `/regiments/${i}/upgrades/${k}/points`, u.points));
  });
  return out;
}

/**
 * How many of each price (priceEntries' order) an army list buys: a
 * per-model upgrade counts once a model (officers excluded), as the points
 * rules price it. The list must be valid for the faction.
 */
export function listCounts(faction: Faction, army: ArmyFile): number[] {
  const entries = priceEntries(faction);
  const at = new Map(entries.map((e, k) => [e.pointer, k]));
  const counts = new Array<number>(entries.length).fill(0);
  const bump = (pointer: string, by: number): void => {
    const k = at.get(pointer);
    if (k === undefined) throw new Error(`no price at ${pointer} in faction ${faction.id}`);
    counts[k] += by;
  };
  const cr = army.characterRegiment;
  const c = faction.characters.findIndex((x) => x.name === cr.character);
  if (c < 0) throw new Error(`unknown character "${cr.character}" in faction ${faction.id}`);
  bump(`/characters/${c}/points`, 1);
  if (cr.retinue) bump(`/retinues/${faction.retinues.findIndex((x) => x.name === cr.retinue!.entry)}/points`, cr.retinue.models);
  for (const reg of army.regiments) {
    const i = faction.regiments.findIndex((x) => x.name === reg.entry);
    if (i < 0) throw new Error(`unknown regiment "${reg.entry}" in faction ${faction.id}`);
    const entry = faction.regiments[i];
    bump(`/regiments/${i}/points`, 1);
    if (reg.models > entry.models) bump(`/regiments/${i}/extraModelPoints`, reg.models - entry.models);
    if (reg.leader === true && entry.leader && !entry.leader.included) bump(`/regiments/${i}/leader/points`, 1);
    for (const name of reg.officers ?? []) bump(`/regiments/${i}/officers/${entry.officers.findIndex((o) => o.officer === name)}/points`, 1);
    for (const name of reg.upgrades ?? []) {
      const k = entry.upgrades.findIndex((u) => u.name === name);
      bump(`/regiments/${i}/upgrades/${k}/points`, entry.upgrades[k].perModel ? reg.models : 1);
    }
  }
  return counts;
}
