/** Campaigns: many battles on a hex map (campaigns text, R34), thousands of campaigns on the worker pool. */
export type * from './types.js';
export { TERRITORY_TYPES } from './types.js';
export { campaignFileSchema, parseCampaign, loadCampaign, mapWarnings, validateCampaignJson, DEFAULT_TARGET, DEFAULT_MAX_CYCLES, type CampaignFile } from './schema.js';
export { hexAdjacency, hexDistance, hexConnected } from './hex.js';
export { TERRITORY_PROFILES, ONE_PER_PLAYER_TYPES, MISSION_OVERRIDES, cycleRewards, invadeOptions, protectOptions, missionFor, battleMods, factionPoints } from './territories.js';
export { CampaignRun, runCampaign, seededCampaignDice, type CampaignDice, type CampaignRunOptions as CampaignCycleOptions, type Contest } from './cycle.js';
export { prepareMuster, affordable, withCavalryMarch, type Muster } from './muster.js';
export { engineFight, hiveCityObstacles } from './battle.js';
export { randomCampaignPolicy, greedyCampaignPolicy, defensiveCampaignPolicy, loadCampaignPolicy, BUILT_IN_CAMPAIGN_POLICIES, territoryValue, captureOdds } from './policies.js';
export { runCampaigns, campaignFiles, type CampaignRunOptions, type CampaignRunOutcome } from './run.js';
export { mergeCampaignShards } from './merge.js';
export { CAMPAIGN_COLUMNS, TERRITORY_COLUMNS, BATTLE_COLUMNS, CampaignSummary } from './output.js';
export { prepareCampaign, campaignSeed, type CampaignTask, type CampaignRow } from './worker.js';
