import type { BattlefieldRole, Profile, WarriorClass } from '../rules/types.js';

/** Why a warrior is in its regiment; decides its seizing weight (R24) and VP rules. */
export type WarriorKind = 'character' | 'retinue' | 'officer' | 'leader' | 'standardBearer' | 'trooper';

/** One model of a built army (R2). */
export interface RosterWarrior {
  profile: Profile;
  kind: WarriorKind;
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
}
