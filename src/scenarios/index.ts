/** Scenarios: the schema, the built-in catalogue, control rules, markers, scoring, terrain. */
export type * from './types.js';
export { scenarioSchema, parseScenario, validateScenarioJson } from './schema.js';
export { getScenario, listScenarios, loadScenarioFile, SCENARIOS_DIR } from './loader.js';
export { seizeZone, controlFlag, conquestStands, warriorInZone, markerInZone, maySeize, regimentEligible } from './control.js';
export type { SeizeZoneOptions, ControlFlagOptions, ZoneCircle } from './control.js';
export { createScenarioState, canAttackMarker, damageMarker, markerInAnyZone } from './markers.js';
export { victoryPhase, emptyTally, gameEnd, capturePointChains, zoneCounted } from './victory.js';
export type { VictoryPhaseOptions, GameEndOptions, GameEnd } from './victory.js';
export { generateTerrain } from './terrain.js';
export type { GenerateTerrainOptions } from './terrain.js';
export { deploymentPolygons, entrySegments } from './zones.js';
export { scenarioSvg } from './svg.js';
export { describeScenario, describeVpRule } from './describe.js';
export { shapePolygon, segmentEnds, baseRadius } from './geometry.js';
