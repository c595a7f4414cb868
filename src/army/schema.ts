import { z } from 'zod';
import { commandAbilityDefSchema, profileInputSchema, profilePatchSchema, specialRuleDefSchema, uniqueActionDefSchema } from '../rules/schema.js';
import { boundedInt, boundedList, nameText } from '../data/bounds.js';

// Bounds: src/data/bounds.ts (docs/BOUNDS.md).
const points = boundedInt('points');
const models = boundedInt('models');
const name = nameText;
const modifier = boundedInt('modifier').optional();

/** Characteristic changes an upgrade makes, added to the profile's values. */
export const statModifySchema = z.strictObject({
  march: modifier,
  volley: modifier,
  clash: modifier,
  attacks: modifier,
  wounds: modifier,
  resolve: modifier,
  defense: modifier,
  evasion: modifier,
});

export const characterEntrySchema = z.strictObject({
  name,
  points,
  /** Character models in the Character Regiment (usually 1). */
  models: models.optional(),
  profile: profileInputSchema,
  /** Retinue entries this character may buy (names in the faction's `retinues`). */
  retinues: boundedList(name).optional(),
});

export const retinueEntrySchema = z.strictObject({
  name,
  /** Points per retinue model. */
  points,
  maxModels: models,
  profile: profileInputSchema,
});

export const officerEntrySchema = z.strictObject({
  name,
  profile: profileInputSchema,
});

export const upgradeEntrySchema = z.strictObject({
  name,
  points,
  /** Points are per model of the regiment (officers excluded) rather than flat. */
  perModel: z.boolean().optional(),
  /** Special rules the regiment's troopers, leader and standard bearer gain. */
  specialRules: boundedList(name).optional(),
  modify: statModifySchema.optional(),
});

export const regimentEntrySchema = z.strictObject({
  name,
  /** The troopers' profile; its role and class are the regiment's. */
  profile: profileInputSchema,
  /** Points for the models included. */
  points,
  /** Models included (the minimum). */
  models,
  /** Most models this entry may number, officers excluded. */
  maxModels: models,
  /** Points per model beyond `models`; required when maxModels > models. */
  extraModelPoints: points.optional(),
  /**
   * A Leader: included when `points` is absent or 0, otherwise an option the
   * army buys with `"leader": true`. `profile` changes the troopers' statline.
   * No leader: a model becomes the Acting Leader in play.
   */
  leader: z.strictObject({ points: points.optional(), profile: profilePatchSchema.optional() }).optional(),
  /** A model is promoted to Standard Bearer for free at this many models, officers included. */
  standardBearerAt: models.optional(),
  /** Officers this regiment may take, with their cost in this regiment. */
  officers: boundedList(z.strictObject({ officer: name, points })).optional(),
  upgrades: boundedList(upgradeEntrySchema).optional(),
});

export const factionFileSchema = z.strictObject({
  kind: z.literal('faction'),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected lower-case letters, digits and dashes (the file is <id>.json)'),
  name,
  notes: z.string(),
  specialRules: z.record(name, specialRuleDefSchema).optional(),
  commandAbilities: boundedList(commandAbilityDefSchema).optional(),
  uniqueActions: boundedList(uniqueActionDefSchema).optional(),
  characters: boundedList(characterEntrySchema).min(1),
  regiments: boundedList(regimentEntrySchema).min(1),
  officers: boundedList(officerEntrySchema),
  retinues: boundedList(retinueEntrySchema).optional(),
});
export type FactionFile = z.infer<typeof factionFileSchema>;

export const armyRegimentSchema = z.strictObject({
  /** A regiment entry of the faction, by name. */
  entry: name,
  /** Models of the entry, officers excluded (leader and standard bearer included). */
  models,
  officers: boundedList(name).optional(),
  upgrades: boundedList(name).optional(),
  /** Buy the entry's optional Leader. */
  leader: z.boolean().optional(),
  /** A Flank regiment starts in Reinforcements unless this is false (R30). */
  flank: z.boolean().optional(),
});
export type ArmyRegimentJson = z.infer<typeof armyRegimentSchema>;

export const armyFileSchema = z.strictObject({
  kind: z.literal('army'),
  name,
  /** The faction id: `<id>.json` in the `factions/` folder beside the army's folder. */
  faction: z.string().min(1),
  /** Overrides where the faction file is, relative to the army file's folder. */
  factionFile: z.string().min(1).optional(),
  notes: z.string().optional(),
  pointsLimit: boundedInt('pointsLimit'),
  characterRegiment: z.strictObject({
    character: name,
    retinue: z.strictObject({ entry: name, models }).optional(),
  }),
  regiments: boundedList(armyRegimentSchema),
});
export type ArmyFile = z.infer<typeof armyFileSchema>;
