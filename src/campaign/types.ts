import type { EndReason } from '../engine/index.js';
import type { Roster } from '../army/types.js';
import type { Rng } from '../dice/types.js';

/** The territory types of the campaigns text (pages 74–76), by their own names. */
export const TERRITORY_TYPES = [
  'Titan Forge',
  'Manufactoria Complex',
  'Spaceport',
  'Industrial Wasteland',
  'Militarum Aerodrome',
  'Munitorum Depot',
  'Settlement',
  'Woodlands',
  'Fortress',
  'Hive City',
  'Research Facilities',
  'Plains',
] as const;
export type TerritoryType = (typeof TERRITORY_TYPES)[number];

/** 0 and 1: the campaign file's factions[0] and factions[1]. */
export type FactionIndex = 0 | 1;

/** One hex of the map (axial coordinates q, r). */
export interface Territory {
  id: string;
  type: TerritoryType;
  q: number;
  r: number;
  campaignPoints: number;
  requisitionPoints: number;
  /** Indices of the adjacent territories, derived from the coordinates. */
  adjacent: number[];
}

export interface CampaignPlayer {
  name: string;
  faction: FactionIndex;
  /** The army list file (resolved path). */
  armyFile: string;
  /** Battle policy: a bots registry name. */
  battlePolicy: string;
  /** Campaign policy: built-in name or module path (resolved). */
  campaignPolicy: string;
}

export interface CampaignFaction {
  name: string;
  /** Player indices; commander is one of them. */
  players: number[];
  commander: number;
}

/** A validated campaign file, paths resolved. */
export interface Campaign {
  name: string;
  file: string;
  seed: string;
  target: number;
  maxCycles: number;
  /** Scenario names the invading commander draws two from (R34). */
  scenarios: string[];
  territories: Territory[];
  factions: [CampaignFaction, CampaignFaction];
  players: CampaignPlayer[];
  out: string;
  /** Set when --battle-policy overrode every player's. */
  battlePolicyOverride?: string;
  /** Hash of the file and every file it names: a resume must match it. */
  inputsHash: string;
}

/** One battle to fight: the invader and protector, the mission and the territory. */
export interface BattleSpec {
  cycle: number;
  /** Territory index, or -1 for the final battle between the Faction Commanders. */
  territory: number;
  mission: string;
  invader: number;
  protector: number;
  /** Who takes the first seat (R34: the protector on a Fortress or Spaceport). */
  firstSeat: 'invader' | 'protector';
  seed: string;
}

export type BattleResult = 'invader' | 'protector' | 'draw';

export interface BattleOutcome {
  result: BattleResult;
  vpInvader: number;
  vpProtector: number;
  /**
   * How the battle ended (the engine's EndReason). R28: a wiped-out army
   * loses whatever the VP, so a 'wipeOut' (or 'instantWin') result may go
   * against the VP order.
   */
  endReason: EndReason;
}

/** A fought battle as battles.csv records it. */
export interface BattleRecord extends BattleOutcome {
  cycle: number;
  territory: number;
  mission: string;
  invader: number;
  protector: number;
  /** The extra regiment bought with Requisition Points ("" when none) and its RP cost. */
  invaderExtra: string;
  protectorExtra: string;
  rpSpent: [number, number];
  /** Who controlled the territory before the battle: a player index, -1 when neutral (the final battle: -1). */
  holderBefore: number;
  /** What the territory's rules changed in this battle (R34): Plains' Cavalry March inches, Hive City's obstacles, the RP the Manufactoria discount took off the protector's extra regiment. */
  cavalryMarch: number;
  protectorObstacles: number;
  rpDiscount: number;
}

/** An extra regiment Requisition Points can buy (R34: one RP, one point). */
export interface RegimentOption {
  entry: string;
  models: number;
  /** Points of the regiment. */
  points: number;
  /** Requisition Points it costs (Manufactoria Complex may take 20 off). */
  cost: number;
}

/** The campaign as it stands: plain data, read by policies. */
export interface CampaignState {
  cycle: number;
  /** Controlling player per territory, -1 neutral. */
  owner: number[];
  campaignPoints: number[];
  requisitionPoints: number[];
  /** Winner of the previous Campaign Cycle (Determine Invaders), null if none. */
  lastCycleWinner: FactionIndex | null;
}

/** What a campaign policy sees: the campaign, its state and who is choosing. */
export interface CampaignView {
  campaign: Campaign;
  state: CampaignState;
  me: number;
  /** For greedy: the chance `me` wins a battle against `opponent` (estimated from points). */
  odds(opponent: number): number;
}

/**
 * The strategic choices of one player (campaigns text, R34). Each returns an
 * index into `options`; `options` is never empty. A policy draws only from
 * its own rng stream.
 */
export interface CampaignPolicy {
  name: string;
  /** Starting Territories: a territory to start in control of. */
  pickStart(view: CampaignView, options: number[], rng: Rng): number;
  /** Invade Territories. */
  invade(view: CampaignView, options: number[], rng: Rng): number;
  /** Protect Territories: `invaded` holds the territories the invaders chose. */
  protect(view: CampaignView, options: number[], invaded: number[], rng: Rng): number;
  /** Determine Battles (the Invading commander): one of the two drawn missions. */
  pickMission(view: CampaignView, options: string[], rng: Rng): number;
  /** Capture: the player given control (a player may hand it to a faction mate). `options[0]` is the rules' choice. */
  giveCapture(view: CampaignView, territory: number, options: number[], rng: Rng): number;
  /** Muster: an extra regiment to buy, or -1 to keep the Requisition Points. */
  spend(view: CampaignView, options: RegimentOption[], battle: { territory: number; protecting: boolean }, rng: Rng): number;
}

/** How a campaign fights a battle: the engine (default) or a scripted stand-in (tests). */
export type FightFn = (spec: BattleSpec, armies: { invader: Roster; protector: Roster }, mods: BattleMods) => BattleOutcome;

/** What a territory's rule changes in its battle (R34). */
export interface BattleMods {
  /** Plains: Cavalry +1" March. */
  cavalryMarch: number;
  /** Hive City: the protector places 3 obstacles in its deployment zone. */
  protectorObstacles: number;
}

/** The outcome of one campaign: the rows of campaigns.csv, territories.csv and battles.csv it adds. */
export interface CampaignRecord {
  winner: FactionIndex;
  cycles: number;
  campaignPoints: [number, number];
  decidedBy: 'target' | 'commanders' | 'maxCycles';
  /** Controlling faction per territory at the end (-1 neutral). */
  endHolder: number[];
  /** Controlling faction per territory at the end of cycle 3 (the end if sooner). */
  cycle3Holder: number[];
  battles: BattleRecord[];
}

/** d6 source of the campaign's own rolls: scripted in tests. */
export type D6 = () => number;
