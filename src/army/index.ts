/** Factions, army lists and their composition rules: the army module's public API. */
export { loadRoster, armyBreakdown, validateArmyJson, buildArmy, factionFileFor, type BuiltArmy } from './army.js';
export { loadFaction, validateFactionJson, buildFaction } from './faction.js';
export { composeArmy, armyPoints } from './compose.js';
export { fillArmyList } from './fill.js';
export { ARMY_LIMITS } from './limits.js';
export { armyFileSchema, factionFileSchema, type ArmyFile, type FactionFile } from './schema.js';
export { readJsonFile } from '../data/json.js';
export type * from './types.js';
export { randomArmy, randomArmyName, type RandomArmyOptions } from './random.js';
