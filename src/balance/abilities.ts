/** The kinds of ability a faction's profiles list by name. */
export type AbilityKind = 'specialRule' | 'commandAbility' | 'uniqueAction';

export interface Ability {
  kind: AbilityKind;
  name: string;
}

const LISTS: Record<AbilityKind, string> = { specialRule: 'specialRules', commandAbility: 'commandAbilities', uniqueAction: 'uniqueActions' };

/** Every list of ability names in a faction file (profiles, leader patches, upgrades), with the kind it lists. */
function eachList(json: unknown, visit: (kind: AbilityKind, names: string[], owner: Record<string, unknown>, key: string) => void): void {
  if (Array.isArray(json)) {
    for (const x of json) eachList(x, visit);
    return;
  }
  if (json === null || typeof json !== 'object') return;
  const o = json as Record<string, unknown>;
  for (const [key, value] of Object.entries(o)) {
    const kind = (Object.keys(LISTS) as AbilityKind[]).find((k) => LISTS[k] === key);
    if (kind && Array.isArray(value) && value.every((v) => typeof v === 'string')) visit(kind, value as string[], o, key);
    else eachList(value, visit);
  }
}

/**
 * The abilities a faction's warriors can have, in file order: each special
 * rule, Command Ability and Unique Action some profile, leader or upgrade of
 * the faction lists (the faction's own definitions of them are not uses).
 */
export function factionAbilities(factionJson: unknown): Ability[] {
  const out: Ability[] = [];
  const seen = new Set<string>();
  eachList(factionJson, (kind, names) => {
    for (const name of names) {
      const k = `${kind}\u0000${name}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push({ kind, name });
      }
    }
  });
  return out;
}

/** The faction file with `ability` taken from every profile, leader and upgrade that lists it. */
export function withoutAbility(factionJson: unknown, ability: Ability): unknown {
  const copy = structuredClone(factionJson);
  eachList(copy, (kind, names, owner, key) => {
    if (kind === ability.kind) owner[key] = names.filter((n) => n !== ability.name);
  });
  return copy;
}
