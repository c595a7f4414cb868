/**
 * The territories of the campaigns text (pages 74–76) and their special
 * rules, adapted to First Blood battles per R34.
 */
import type { BattleMods, Campaign, CampaignState, FactionIndex, TerritoryType } from './types.js';

export interface TerritoryProfile {
  campaignPoints: number;
  requisitionPoints: number;
  /** The text's terrain type (guidance only: battles use the scenario's terrain). */
  terrain: string;
}

export const TERRITORY_PROFILES: Record<TerritoryType, TerritoryProfile> = {
  'Titan Forge': { campaignPoints: 3, requisitionPoints: 20, terrain: 'Urban (Medium)' },
  'Manufactoria Complex': { campaignPoints: 2, requisitionPoints: 20, terrain: 'Urban (Dense)' },
  Spaceport: { campaignPoints: 4, requisitionPoints: 25, terrain: 'Urban (Medium)' },
  'Industrial Wasteland': { campaignPoints: 1, requisitionPoints: 5, terrain: 'Rugged (Light)' },
  'Militarum Aerodrome': { campaignPoints: 2, requisitionPoints: 15, terrain: 'Urban (Light)' },
  'Munitorum Depot': { campaignPoints: 2, requisitionPoints: 20, terrain: 'Urban (Medium)' },
  Settlement: { campaignPoints: 2, requisitionPoints: 10, terrain: 'Urban (Medium)' },
  Woodlands: { campaignPoints: 1, requisitionPoints: 10, terrain: 'Rugged (Medium)' },
  Fortress: { campaignPoints: 3, requisitionPoints: 20, terrain: 'Urban (Medium)' },
  'Hive City': { campaignPoints: 5, requisitionPoints: 20, terrain: 'Urban (Dense)' },
  'Research Facilities': { campaignPoints: 2, requisitionPoints: 25, terrain: 'Open (Light)' },
  Plains: { campaignPoints: 1, requisitionPoints: 15, terrain: 'Rugged (Light)' },
};

/** The Designer's Note list: at least one of these per player. */
export const ONE_PER_PLAYER_TYPES: readonly TerritoryType[] = ['Fortress', 'Spaceport', 'Munitorum Depot', 'Manufactoria Complex', 'Titan Forge', 'Militarum Aerodrome', 'Research Facilities'];

/** R34: Fortress fights Shieldwall and Spaceport fights Pincer, the protector as player 1. */
export const MISSION_OVERRIDES: Partial<Record<TerritoryType, string>> = {
  Fortress: 'shieldwall',
  Spaceport: 'pincer',
};

/** Manufactoria Complex: RP taken off a Brute or Monster regiment (R34: "Vehicle or Super-heavy"). */
export const MANUFACTORIA_DISCOUNT = 20;

const count = (c: Campaign, owner: number[], player: number, type: TerritoryType): number => c.territories.reduce((n, t, i) => n + (owner[i] === player && t.type === type ? 1 : 0), 0);

/**
 * Cycle End Phase: the Campaign Points and Requisition Points a player's
 * territories give, with every special rule that changes them.
 */
export function cycleRewards(c: Campaign, owner: number[], player: number): { campaignPoints: number; requisitionPoints: number } {
  const faction = c.players[player].faction;
  const has = (type: TerritoryType): boolean => count(c, owner, player, type) > 0;
  // Research Facilities: "If a Faction controls one or more" — any player of the faction.
  const factionHasResearch = c.territories.some((t, i) => t.type === 'Research Facilities' && owner[i] >= 0 && c.players[owner[i]].faction === faction);
  const settlements = count(c, owner, player, 'Settlement');
  let cp = 0;
  let rp = 0;
  c.territories.forEach((t, i) => {
    if (owner[i] !== player) return;
    let tcp = t.campaignPoints;
    let trp = t.requisitionPoints;
    // Industrial Wasteland: 2 CP instead of 1 with a Manufactoria Complex.
    if (t.type === 'Industrial Wasteland' && has('Manufactoria Complex')) tcp = 2 * t.campaignPoints;
    // Woodlands: 2 CP instead of 1 with a Research Facilities and a Munitorum Depot.
    if (t.type === 'Woodlands' && has('Research Facilities') && has('Munitorum Depot')) tcp = 2 * t.campaignPoints;
    // Settlement: 15 RP instead of 10 with two or more Settlements.
    if (t.type === 'Settlement' && settlements >= 2) trp = t.requisitionPoints + 5;
    // Research Facilities: +20 RP for each Manufactoria Complex of the faction.
    if (t.type === 'Manufactoria Complex' && factionHasResearch) trp += 20;
    cp += tcp;
    rp += trp;
  });
  return { campaignPoints: cp, requisitionPoints: rp };
}

/** The faction of a territory's controller, -1 when neutral. */
export function holderFaction(c: Campaign, owner: number[], t: number): number {
  return owner[t] < 0 ? -1 : c.players[owner[t]].faction;
}

/**
 * Invade Territories: the territories `player` may invade. Neutral or held by
 * the Protecting Faction, adjacent to one the Invading Faction controls;
 * Militarum Aerodrome: anywhere, except a held Hive City or Spaceport. A
 * faction with no territory fights on as guerillas: it may invade any
 * territory (nothing is adjacent to nothing; our reading).
 */
export function invadeOptions(c: Campaign, state: CampaignState, player: number): number[] {
  const faction = c.players[player].faction;
  const own = (t: number): boolean => holderFaction(c, state.owner, t) === faction;
  const guerilla = !c.territories.some((_, i) => own(i));
  const aerodrome = count(c, state.owner, player, 'Militarum Aerodrome') > 0;
  const out: number[] = [];
  c.territories.forEach((t, i) => {
    if (own(i)) return;
    const adjacent = t.adjacent.some(own);
    const held = state.owner[i] >= 0;
    const viaAerodrome = aerodrome && (!held || (t.type !== 'Hive City' && t.type !== 'Spaceport'));
    if (guerilla || adjacent || viaAerodrome) out.push(i);
  });
  return out;
}

/** Protect Territories: a neutral territory adjacent to one the faction controls, or one the invaders chose. */
export function protectOptions(c: Campaign, state: CampaignState, player: number, invaded: readonly number[]): number[] {
  const faction = c.players[player].faction;
  const own = (t: number): boolean => holderFaction(c, state.owner, t) === faction;
  const out: number[] = [];
  c.territories.forEach((t, i) => {
    if (invaded.includes(i) || (state.owner[i] < 0 && t.adjacent.some(own))) out.push(i);
  });
  return out;
}

/** The mission of a battle over `t`: the cycle's mission unless the territory overrides it (R34). */
export function missionFor(c: Campaign, t: number, cycleMission: string): { mission: string; protectorFirst: boolean } {
  const o = MISSION_OVERRIDES[c.territories[t].type];
  return o ? { mission: o, protectorFirst: true } : { mission: cycleMission, protectorFirst: false };
}

/** What a territory's rule changes in a battle over it; `protectorHolds` if the protector controls it. */
export function battleMods(c: Campaign, t: number, protectorHolds: boolean): BattleMods {
  const type = c.territories[t].type;
  return {
    // R34: Plains, Cavalry +1" March (both armies).
    cavalryMarch: type === 'Plains' ? 1 : 0,
    // R34: Hive City, only "when Protecting a Hive City territory that they control".
    protectorObstacles: type === 'Hive City' && protectorHolds ? 3 : 0,
  };
}

/** Manufactoria Complex: protecting one they control makes a Brute or Monster regiment 20 RP cheaper (R34). */
export function manufactoriaDiscount(c: Campaign, t: number, protecting: boolean, protectorHolds: boolean): number {
  return protecting && protectorHolds && c.territories[t].type === 'Manufactoria Complex' ? MANUFACTORIA_DISCOUNT : 0;
}

/** Faction totals of the players' Campaign Points. */
export function factionPoints(c: Campaign, campaignPoints: readonly number[]): [number, number] {
  const out: [number, number] = [0, 0];
  c.players.forEach((p, i) => (out[p.faction as FactionIndex] += campaignPoints[i]));
  return out;
}
