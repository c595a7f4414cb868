import type { BattlefieldRole, CommandAbilityDef, Profile, SpecialRule, UniqueActionDef, WarriorClass } from '../rules/types.js';
import type { WarriorKind } from '../types.js';

export type { WarriorKind } from '../types.js';

/** One model of a built army (R2). */
export interface RosterWarrior {
  profile: Profile;
  kind: WarriorKind;
  /**
   * This warrior's share of its regiment's points: an officer its own cost, a
   * retinue model its cost; the rest of the regiment's points are shared evenly
   * by its other warriors. The shares of a regiment sum to its points.
   */
  points?: number;
}

/** A Regiment of a built army: the warriors of one army-list entry, with one Command Card (R2). */
export interface RosterRegiment {
  /** Unique within the army, e.g. "r3-spearmen". */
  id: string;
  /** The faction entry it was built from. */
  entry: string;
  isCharacterRegiment: boolean;
  /** The regiment's role and class (its troopers' / main model's). */
  role: BattlefieldRole;
  class: WarriorClass;
  warriors: RosterWarrior[];
  /** Points of the entry with its extra models, officers and upgrades. */
  points: number;
  /** Starts in Reinforcements (Flank, R30). */
  reinforcement: boolean;
}

/** A validated, fully resolved army: what the engine plays with. */
export interface Roster {
  name: string;
  faction: string;
  pointsLimit: number;
  points: number;
  regiments: RosterRegiment[];
  /** The faction's data-defined unique Command Abilities and Unique Actions, by name. */
  commandAbilities: CommandAbilityDef[];
  uniqueActions: UniqueActionDef[];
}

// ---- factions: the army lists armies are built from (src/army/faction.ts) ----

export type StatName = 'march' | 'volley' | 'clash' | 'attacks' | 'wounds' | 'resolve' | 'defense' | 'evasion';

export interface CharacterEntry {
  name: string;
  points: number;
  /** Character models in the Character Regiment. */
  models: number;
  profile: Profile;
  /** Retinue entries this character may buy. */
  retinues: string[];
}

export interface RetinueEntry {
  name: string;
  /** Points per model. */
  points: number;
  maxModels: number;
  profile: Profile;
}

export interface OfficerEntry {
  name: string;
  profile: Profile;
}

export interface UpgradeEntry {
  name: string;
  points: number;
  /** `points` per model of the regiment (officers excluded) instead of flat. */
  perModel: boolean;
  specialRules: SpecialRule[];
  modify: Partial<Record<StatName, number>>;
}

export interface RegimentEntry {
  name: string;
  role: BattlefieldRole;
  class: WarriorClass;
  /** The troopers' profile. */
  profile: Profile;
  /** Points for the `models` included. */
  points: number;
  /** Models included: the minimum. */
  models: number;
  /** Officers excluded. */
  maxModels: number;
  /** Points per model beyond `models` (0 when none may be added). */
  extraModelPoints: number;
  /** null: a model becomes the Acting Leader in play. */
  leader: { included: boolean; points: number; profile: Profile } | null;
  /** Models (officers included) at which one is promoted to Standard Bearer for free. */
  standardBearerAt: number | null;
  /** Officers this regiment may take and their cost in it. */
  officers: { officer: string; points: number }[];
  upgrades: UpgradeEntry[];
}

/** A validated faction file with every profile resolved. */
export interface Faction {
  id: string;
  name: string;
  notes: string;
  /** The file it was read from. */
  file: string;
  specialRules: Record<string, SpecialRule>;
  commandAbilities: Record<string, CommandAbilityDef>;
  uniqueActions: Record<string, UniqueActionDef>;
  characters: CharacterEntry[];
  regiments: RegimentEntry[];
  officers: OfficerEntry[];
  retinues: RetinueEntry[];
}

/** Points of one regiment of an army list, itemised (the `army` command). */
export interface RegimentPoints {
  /** JSON path in the army file: "characterRegiment" or "regiments[2]". */
  path: string;
  entry: string;
  isCharacterRegiment: boolean;
  role: BattlefieldRole;
  class: WarriorClass;
  /** Warriors in the regiment, officers and retinue included. */
  models: number;
  /** Each priced item, e.g. "4 models included", "2 extra models × 25", "officer Drillmaster". */
  items: { what: string; points: number }[];
  points: number;
  reinforcement: boolean;
}
