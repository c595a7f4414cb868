import type { Ruleset } from './ruleset.js';
import { resolveSpecialRule } from './specialRules.js';
import type { ProfileInput, ProfilePatch } from './schema.js';
import type { Profile, SpecialRule } from './types.js';
import { formatPath } from '../errors.js';

/** What a profile's names resolve against: the faction's definitions. */
export interface ProfileContext {
  ruleset: Ruleset;
  /** The faction's own special rules, by name (R16). */
  specialRules: Readonly<Record<string, SpecialRule>>;
  commandAbilities: ReadonlySet<string>;
  uniqueActions: ReadonlySet<string>;
}

/**
 * A faction file's profile with every default filled in: Size and base by
 * role (R3), Command Range (R4), no Barrage, and each special rule resolved by
 * name (R16). Unresolvable names are reported as `file: path: message`.
 */
export function resolveProfile(
  input: ProfileInput,
  opts: {
    fallbackName: string;
    context: ProfileContext;
    file: string;
    path: readonly PropertyKey[];
    /** Report unknown names only in these lists (a patch reports only what it wrote). */
    reportLists?: ReadonlySet<'specialRules' | 'commandAbilities' | 'uniqueActions'>;
  },
): { profile: Profile; errors: string[] } {
  const { context: ctx, file, path } = opts;
  const errors: string[] = [];
  const report = (key: 'specialRules' | 'commandAbilities' | 'uniqueActions', line: string): void => {
    if (!opts.reportLists || opts.reportLists.has(key)) errors.push(line);
  };
  const specialRules: SpecialRule[] = [];
  (input.specialRules ?? []).forEach((name, i) => {
    const rule = resolveSpecialRule(name, ctx.specialRules);
    if (rule) specialRules.push(rule);
    else report('specialRules', `${file}: ${formatPath([...path, 'specialRules', i])}: unknown special rule "${name}"`);
  });
  const names = (key: 'commandAbilities' | 'uniqueActions', known: ReadonlySet<string>, what: string): string[] => {
    const list = input[key] ?? [];
    list.forEach((name, i) => {
      if (!known.has(name)) report(key, `${file}: ${formatPath([...path, key, i])}: unknown ${what} "${name}" (define it in the faction's ${key})`);
    });
    return [...list];
  };
  const profile: Profile = {
    name: input.name ?? opts.fallbackName,
    role: input.role,
    class: input.class,
    march: input.march,
    volley: input.volley,
    clash: input.clash,
    attacks: input.attacks,
    wounds: input.wounds,
    resolve: input.resolve,
    defense: input.defense,
    evasion: input.evasion,
    size: input.size ?? ctx.ruleset.sizeByRole[input.role], // R3
    baseMm: input.baseMm ?? ctx.ruleset.baseMmByRole[input.role], // R3
    commandRange: input.commandRange ?? ctx.ruleset.commandRange, // R4
    barrage: input.barrage ? { ...input.barrage } : null,
    specialRules,
    commandAbilities: names('commandAbilities', ctx.commandAbilities, 'command ability'),
    uniqueActions: names('uniqueActions', ctx.uniqueActions, 'unique action'),
  };
  return { profile, errors };
}

/** A profile patched field by field (a regiment leader's statline). */
export function patchProfileInput(base: ProfileInput, patch: ProfilePatch | undefined, name: string): ProfileInput {
  const out: ProfileInput = { ...base, name };
  if (!patch) return out;
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
