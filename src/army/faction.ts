import { formatPath, InputError } from '../errors.js';
import { formatIssues, readJsonFile, type ValidationResult } from '../data/json.js';
import { patchProfileInput, resolveProfile, type ProfileContext } from '../rules/profile.js';
import { DEFAULT_RULESET, type Ruleset } from '../rules/ruleset.js';
import type { ProfileInput } from '../rules/schema.js';
import { isBuiltInSpecialRule, resolveSpecialRule } from '../rules/specialRules.js';
import type { CommandAbilityDef, Profile, SpecialRule, UniqueActionDef } from '../rules/types.js';
import { ARMY_LIMITS } from './limits.js';
import { factionFileSchema, type FactionFile } from './schema.js';
import type { Faction, RegimentEntry, StatName, UpgradeEntry } from './types.js';

type ListKey = 'specialRules' | 'commandAbilities' | 'uniqueActions';
const LIST_KEYS: ListKey[] = ['specialRules', 'commandAbilities', 'uniqueActions'];

/**
 * Validates a faction file's JSON and resolves it. `errors` lists every
 * problem as `file: path: message`; `faction` is set only when there are none.
 */
export function buildFaction(json: unknown, file: string, ruleset: Ruleset = DEFAULT_RULESET): { faction?: Faction; errors: string[] } {
  const parsed = factionFileSchema.safeParse(json);
  if (!parsed.success) return { errors: formatIssues(file, parsed.error.issues) };
  const f: FactionFile = parsed.data;
  const errors: string[] = [];
  const err = (path: readonly PropertyKey[], message: string): void => {
    errors.push(`${file}: ${formatPath(path)}: ${message}`);
  };

  // The faction's own special rules (R16); built-in names are not redefined.
  const specialRules: Record<string, SpecialRule> = {};
  for (const [name, def] of Object.entries(f.specialRules ?? {})) {
    if (isBuiltInSpecialRule(name)) {
      err(['specialRules', name], `"${name}" is a built-in special rule and cannot be redefined`);
      continue;
    }
    specialRules[name] =
      def.kind === 'face'
        ? { kind: 'face', name, rule: { on: def.on, face: def.face, effect: def.effect }, appliesTo: def.appliesTo }
        : def.kind === 'impact'
          ? { kind: 'impact', name, hits: def.hits }
          : { kind: 'flank', name };
  }
  const commandAbilities = uniqueByName(f.commandAbilities ?? [], 'commandAbilities', 'command ability', err);
  const uniqueActions = uniqueByName(f.uniqueActions ?? [], 'uniqueActions', 'unique action', err);
  const ctx: ProfileContext = {
    ruleset,
    specialRules,
    commandAbilities: new Set(Object.keys(commandAbilities)),
    uniqueActions: new Set(Object.keys(uniqueActions)),
  };
  const profile = (input: ProfileInput, fallbackName: string, path: PropertyKey[], reportLists?: ReadonlySet<ListKey>): Profile => {
    const r = resolveProfile(input, { fallbackName, context: ctx, file, path, reportLists });
    errors.push(...r.errors);
    return r.profile;
  };

  // Army lists name entries; names must be unambiguous across all entry kinds.
  const seen = new Map<string, string>();
  const claim = (name: string, path: PropertyKey[]): void => {
    const prior = seen.get(name);
    if (prior) err([...path, 'name'], `"${name}" is already the name of ${prior}`);
    else seen.set(name, formatPath(path));
  };

  const retinues = (f.retinues ?? []).map((r, i) => {
    claim(r.name, ['retinues', i]);
    return { name: r.name, points: r.points, maxModels: r.maxModels, profile: profile(r.profile, r.name, ['retinues', i, 'profile']) };
  });
  const retinueNames = new Set(retinues.map((r) => r.name));

  const characters = f.characters.map((c, i) => {
    claim(c.name, ['characters', i]);
    (c.retinues ?? []).forEach((r, k) => {
      if (!retinueNames.has(r)) err(['characters', i, 'retinues', k], `unknown retinue "${r}" (not in the faction's retinues)`);
    });
    return {
      name: c.name,
      points: c.points,
      models: c.models ?? 1,
      profile: profile(c.profile, c.name, ['characters', i, 'profile']),
      retinues: [...(c.retinues ?? [])],
    };
  });

  const officers = f.officers.map((o, i) => {
    claim(o.name, ['officers', i]);
    return { name: o.name, profile: profile(o.profile, o.name, ['officers', i, 'profile']) };
  });
  const officerNames = new Set(officers.map((o) => o.name));

  const regiments: RegimentEntry[] = f.regiments.map((r, i) => {
    const at: PropertyKey[] = ['regiments', i];
    claim(r.name, at);
    const troopers = profile(r.profile, r.name, [...at, 'profile']);
    if (r.maxModels < r.models) err([...at, 'maxModels'], `must be at least models (${r.models})`);
    if (r.maxModels > r.models && r.extraModelPoints === undefined) {
      err([...at, 'extraModelPoints'], `missing: maxModels (${r.maxModels}) exceeds the models included (${r.models}), so extra models need a cost`);
    }
    const cap = ARMY_LIMITS.maxModelsByRole[r.profile.role];
    if (cap !== null && r.maxModels > cap) {
      err([...at, 'maxModels'], `${r.profile.role === 'Infantry' ? 'an' : 'a'} ${r.profile.role} regiment may not number over ${cap} models including officers (maxModels is ${r.maxModels})`);
    }
    const leader = r.leader
      ? {
          included: !(r.leader.points && r.leader.points > 0),
          points: r.leader.points ?? 0,
          profile: profile(
            patchProfileInput(r.profile, r.leader.profile, r.leader.profile?.name ?? `${troopers.name} Leader`),
            `${troopers.name} Leader`,
            [...at, 'leader', 'profile'],
            // The troopers' lists are reported once, at the troopers' profile.
            new Set(LIST_KEYS.filter((k) => r.leader?.profile?.[k] !== undefined)),
          ),
        }
      : null;
    if (r.leader?.profile && (r.leader.profile.role !== undefined || r.leader.profile.class !== undefined)) {
      err([...at, 'leader', 'profile'], "a leader keeps its regiment's role and class");
    }
    const entryOfficers = (r.officers ?? []).map((o, k) => {
      if (!officerNames.has(o.officer)) err([...at, 'officers', k, 'officer'], `unknown officer "${o.officer}" (not in the faction's officers)`);
      return { officer: o.officer, points: o.points };
    });
    const upgradeNames = new Set<string>();
    const upgrades: UpgradeEntry[] = (r.upgrades ?? []).map((u, k) => {
      if (upgradeNames.has(u.name)) err([...at, 'upgrades', k, 'name'], `duplicate upgrade "${u.name}"`);
      upgradeNames.add(u.name);
      const rules: SpecialRule[] = [];
      (u.specialRules ?? []).forEach((n, j) => {
        const rule = resolveSpecialRule(n, specialRules);
        if (rule) rules.push(rule);
        else err([...at, 'upgrades', k, 'specialRules', j], `unknown special rule "${n}"`);
      });
      const modify: Partial<Record<StatName, number>> = {};
      for (const [s, by] of Object.entries(u.modify ?? {})) if (by !== undefined) modify[s as StatName] = by;
      return { name: u.name, points: u.points, perModel: u.perModel ?? false, specialRules: rules, modify };
    });
    return {
      name: r.name,
      role: troopers.role,
      class: troopers.class,
      profile: troopers,
      points: r.points,
      models: r.models,
      maxModels: r.maxModels,
      extraModelPoints: r.extraModelPoints ?? 0,
      leader,
      standardBearerAt: r.standardBearerAt ?? null,
      officers: entryOfficers,
      upgrades,
    };
  });

  if (errors.length > 0) return { errors };
  return {
    errors,
    faction: {
      id: f.id,
      name: f.name,
      notes: f.notes,
      file,
      specialRules,
      commandAbilities,
      uniqueActions,
      characters,
      regiments,
      officers,
      retinues,
    },
  };
}

function uniqueByName<T extends CommandAbilityDef | UniqueActionDef>(defs: T[], key: string, what: string, err: (path: readonly PropertyKey[], message: string) => void): Record<string, T> {
  const out: Record<string, T> = {};
  defs.forEach((d, i) => {
    if (Object.hasOwn(out, d.name)) err([key, i, 'name'], `duplicate ${what} "${d.name}"`);
    else out[d.name] = d;
  });
  return out;
}

/** `validate` for kind "faction". */
export function validateFactionJson(json: unknown, file: string): ValidationResult {
  const { faction, errors } = buildFaction(json, file);
  if (!faction) return { errors };
  return {
    errors,
    summary: `faction "${faction.name}": ${faction.characters.length} characters, ${faction.regiments.length} regiments, ${faction.officers.length} officers, ${faction.retinues.length} retinues`,
  };
}

/** Reads and resolves a faction file; throws InputError listing every problem. */
export function loadFaction(file: string, ruleset: Ruleset = DEFAULT_RULESET): Faction {
  const { faction, errors } = buildFaction(readJsonFile(file), file, ruleset);
  if (!faction) throw new InputError(errors);
  return faction;
}
