import { z } from 'zod';
import { formatPath, InputError } from '../errors.js';
import { formatIssues, readJsonFile, type ValidationResult } from '../data/json.js';
import { DEFAULT_RULESET, type Ruleset } from './ruleset.js';
import { boundedInt, boundedList, boundedNumber } from '../data/bounds.js';

// Every object schema is strict: an unknown key is an error, never ignored.

// Bounds: src/data/bounds.ts (docs/BOUNDS.md).
const distance = boundedNumber('distance');
const rounds = boundedInt('rounds');
const pieces = boundedInt('terrainPieces');
const fraction = z.number().gt(0).max(1);

export const battlefieldRoleSchema = z.enum(['Infantry', 'Cavalry', 'Brute', 'Monster']);
export const warriorClassSchema = z.enum(['Light', 'Medium', 'Heavy']);
export const dieFaceSchema = z.literal([1, 2, 3, 4, 5, 6]);

/**
 * Constraints of the knobs, by dotted path (`*`: any key of that object).
 * A knob not listed here (added to Ruleset later) is still validated, by
 * the type of its default value; see schemaLike.
 */
const KNOBS: Record<string, z.ZodType> = {
  defaultRounds: rounds,
  commandRange: distance,
  engagementRange: distance,
  drivenBackDistance: distance,
  'sizeByRole.*': boundedInt('size'),
  'baseMmByRole.*': boundedNumber('baseMm'),
  blockChoice: z.enum(['larger', 'defense', 'evasion']),
  'outnumberedBy.*': boundedInt('models'),
  outnumberedBonus: boundedInt('bonus'),
  aimedBonus: boundedInt('bonus'),
  actionsPerActivation: boundedInt('actions'),
  repeatMarchFraction: fraction,
  repositionFraction: fraction,
  supremacyTie: z.enum(['fewerVpChooses', 'reroll']),
  'seizingWeights.*': boundedNumber('weight'),
  'seizingWeights.*.*': boundedNumber('weight'),
  firstSeizingRound: rounds,
  'marker.size': boundedInt('size'),
  'marker.baseMm': boundedNumber('baseMm'),
  'marker.wounds': boundedInt('wounds'),
  'marker.defense': boundedInt('stat'),
  'marker.evasion': boundedInt('stat'),
  'marker.firstDamageRound': rounds,
  'marker.maxWoundsPerAction': boundedInt('dice'),
  'marker.*': distance,
  'reinforcements.*': rounds,
  'terrain.minPieces': pieces,
  'terrain.maxPieces': pieces,
  'terrain.maxFootprint': z.tuple([boundedNumber('distance', 0), boundedNumber('distance', 0)]),
  'terrain.maxGarrison': pieces,
  'terrain.maxRuins': pieces,
  'terrain.minObscuring': pieces,
  'terrain.minObstructing': pieces,
  'terrain.*': distance,
  'conquestStands.*.*': boundedInt('weight'),
  'steamroller.eligibleFraction': fraction,
  'steamroller.turnOrderDepths': z.tuple([distance, distance]).nullable(),
  'steamroller.*': distance,
  maxDecisionsPerGame: boundedInt('decisions'),
};

function knobFor(path: string[]): z.ZodType | undefined {
  for (let wild = 0; wild <= path.length; wild++) {
    const key = [...path.slice(0, path.length - wild), ...Array<string>(wild).fill('*')].join('.');
    if (Object.hasOwn(KNOBS, key)) return KNOBS[key];
  }
  return undefined;
}

/** A strict schema shaped like `value` (the default), with KNOBS' constraints on its leaves. */
function schemaLike(value: unknown, path: string[]): z.ZodType {
  const known = knobFor(path);
  if (known && !isPlainObject(value)) return known;
  if (isPlainObject(value)) {
    const shape: Record<string, z.ZodType> = {};
    for (const [k, v] of Object.entries(value)) shape[k] = schemaLike(v, [...path, k]);
    return z.strictObject(shape);
  }
  if (Array.isArray(value)) {
    const items = value.map((v, i) => schemaLike(v, [...path, String(i)]));
    return items.length === 0 ? z.array(z.unknown()) : z.tuple(items as [z.ZodType, ...z.ZodType[]]);
  }
  if (typeof value === 'number') return boundedNumber('knob');
  if (typeof value === 'boolean') return z.boolean();
  if (typeof value === 'string') return z.string();
  return z.unknown();
}

/** The whole Ruleset (src/rules/ruleset.ts): every knob of docs/RULES.md, unknown keys refused. */
export const rulesetSchema: z.ZodType<Ruleset> = (schemaLike(DEFAULT_RULESET, []) as z.ZodType<Ruleset>).superRefine((r, ctx) => {
  if (r.terrain.minPieces > r.terrain.maxPieces) {
    ctx.addIssue({ code: 'custom', path: ['terrain', 'minPieces'], message: `must not exceed terrain.maxPieces (${r.terrain.maxPieces})` });
  }
  if (r.reinforcements.anyEdgeFromRound < r.reinforcements.firstRound) {
    ctx.addIssue({
      code: 'custom',
      path: ['reinforcements', 'anyEdgeFromRound'],
      message: `must not come before reinforcements.firstRound (${r.reinforcements.firstRound})`,
    });
  }
});

/** A ruleset file: `{"kind": "ruleset", "name", "notes"?, "overrides": {...}}`. */
export const rulesetFileSchema = z.strictObject({
  kind: z.literal('ruleset'),
  name: z.string().min(1),
  notes: z.string().optional(),
  overrides: z.record(z.string(), z.unknown()),
});

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key; anything else (numbers, arrays, null) replaces. */
function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = Object.hasOwn(base, k) ? deepMerge(base[k], v) : v;
  return out;
}

/** Validation lines of a deep-partial override, paths prefixed by `at`. */
export function rulesetOverrideErrors(overrides: unknown, source: string, at: readonly PropertyKey[] = []): { ruleset?: Ruleset; errors: string[] } {
  if (overrides === undefined) return { ruleset: structuredClone(DEFAULT_RULESET), errors: [] };
  if (!isPlainObject(overrides)) {
    return { errors: [`${source}: ${formatPath(at)}: expected an object of ruleset knobs`] };
  }
  // Merging first keeps every path identical to the override's own.
  const merged = deepMerge(structuredClone(DEFAULT_RULESET), overrides);
  const parsed = rulesetSchema.safeParse(merged);
  if (!parsed.success) return { errors: formatIssues(source, parsed.error.issues, at) };
  return { ruleset: parsed.data, errors: [] };
}

/**
 * A deep-partial override merged onto DEFAULT_RULESET and validated. Throws an
 * InputError naming `source` and the JSON path of every bad knob.
 */
export function resolveRuleset(overrides: unknown, source: string, at: readonly PropertyKey[] = []): Ruleset {
  const { ruleset, errors } = rulesetOverrideErrors(overrides, source, at);
  if (!ruleset) throw new InputError(errors);
  return ruleset;
}

/** `validate` for kind "ruleset". */
export function validateRulesetJson(json: unknown, file: string): ValidationResult {
  const parsed = rulesetFileSchema.safeParse(json);
  if (!parsed.success) return { errors: formatIssues(file, parsed.error.issues) };
  const { errors } = rulesetOverrideErrors(parsed.data.overrides, file, ['overrides']);
  const n = countLeaves(parsed.data.overrides);
  return { errors, summary: `ruleset "${parsed.data.name}", ${n} knob${n === 1 ? '' : 's'} overridden` };
}

function countLeaves(v: unknown): number {
  if (!isPlainObject(v)) return 1;
  let n = 0;
  for (const x of Object.values(v)) n += countLeaves(x);
  return n;
}

/** Reads, validates and resolves a ruleset file. */
export function loadRuleset(file: string): Ruleset {
  const json = readJsonFile(file);
  const parsed = rulesetFileSchema.safeParse(json);
  if (!parsed.success) throw new InputError(formatIssues(file, parsed.error.issues));
  return resolveRuleset(parsed.data.overrides, file, ['overrides']);
}

// ---- profile pieces shared by faction files (R3, R4, R16) ----

export const faceRuleSchema = z.strictObject({
  on: z.enum(['attack', 'block']),
  face: dieFaceSchema,
  effect: z.enum(['reroll', 'extraAttack', 'extraBlock']),
});

/** A faction's own special rule definition, keyed by its name in the faction file. */
export const specialRuleDefSchema = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('face'),
      on: z.enum(['attack', 'block']),
      face: dieFaceSchema,
      effect: z.enum(['reroll', 'extraAttack', 'extraBlock']),
      appliesTo: z.enum(['self', 'attacker']),
    })
    .superRefine((d, ctx) => {
      if (d.on === 'attack' && d.effect === 'extraBlock') ctx.addIssue({ code: 'custom', path: ['effect'], message: 'an attack-die rule cannot grant an extra block die' });
      if (d.on === 'block' && d.effect === 'extraAttack') ctx.addIssue({ code: 'custom', path: ['effect'], message: 'a block-die rule cannot grant an extra attack die' });
      // Block dice are only ever rolled by the warrior being attacked.
      if (d.on === 'block' && d.appliesTo === 'attacker') ctx.addIssue({ code: 'custom', path: ['appliesTo'], message: 'a block-die rule applies to "self"' });
    }),
  z.strictObject({ kind: z.literal('impact'), hits: boundedInt('dice') }),
  z.strictObject({ kind: z.literal('flank') }),
]);
export type SpecialRuleDefJson = z.infer<typeof specialRuleDefSchema>;

export const commandAbilityDefSchema = z.strictObject({
  name: z.string().min(1),
  target: z.enum(['friendly', 'enemy']),
  effect: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('modify'),
      stat: z.enum(['march', 'clash', 'attacks', 'volley', 'defense', 'evasion', 'resolve']),
      by: boundedInt('modifier').refine((n) => n !== 0, 'must not be 0'),
    }),
    z.strictObject({ kind: z.literal('heal'), wounds: boundedInt('wounds') }),
    z.strictObject({ kind: z.literal('faceRule'), rule: faceRuleSchema }),
  ]),
});

export const uniqueActionDefSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(['combat', 'outOfCombat', 'any']),
  replaces: z.enum(['clash', 'volley']).nullable(),
  effect: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('inflictHits'), hits: boundedInt('dice'), range: distance, maxTargets: boundedInt('dice'), lineOfSight: z.boolean().optional() }),
    z.strictObject({ kind: z.literal('heal'), wounds: boundedInt('wounds'), range: distance }),
  ]),
});

/** A characteristic the profile of a faction file gives (R3). */
const stat = boundedInt('stat');

/**
 * A profile as written in a faction file (R3, R4). Size, base and Command
 * Range default from the ruleset when absent; special rules, command
 * abilities and unique actions are names, resolved against the catalogue.
 */
export const profileInputSchema = z.strictObject({
  name: z.string().min(1).optional(),
  role: battlefieldRoleSchema,
  class: warriorClassSchema,
  march: stat,
  volley: stat,
  clash: stat,
  attacks: stat,
  wounds: boundedInt('wounds'),
  resolve: stat,
  defense: stat,
  evasion: stat,
  size: boundedInt('size').optional(),
  baseMm: boundedNumber('baseMm').optional(),
  commandRange: distance.optional(),
  barrage: z
    .strictObject({ dice: boundedInt('dice'), range: boundedNumber('distance', 0) })
    .nullable()
    .optional(),
  specialRules: boundedList(z.string().min(1)).optional(),
  commandAbilities: boundedList(z.string().min(1)).optional(),
  uniqueActions: boundedList(z.string().min(1)).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Changes to a profile (a leader's better statline): any characteristic, replaced. */
export const profilePatchSchema = profileInputSchema.partial();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
