/**
 * skirmish-lab's scripting API: `import { playGame, loadRoster, … } from 'skirmish-lab'`.
 * Each module's own index.ts has the full surface; this is what a script needs.
 */
export { InputError } from './errors.js';
export { readJsonFile } from './data/index.js';

// Dice: streams, the attack sequence, exact distributions.
export { childRng, createRng, deriveSeed, expectedWounds, resolveTest, rollAttack, rollHits, scriptedDice, seededDice, targetOutcome, woundDistribution } from './dice/index.js';
export type { AttackOptions, AttackRecord, Dice, FaceRule, Rng } from './dice/index.js';
// Regiment odds and property checks (`skirmish dice check`).
export { checkProperty, compilePropertyFile, regimentOutcome, regimentWoundDistribution } from './dice/index.js';
export type { CompiledProperty, PropertyResult } from './dice/index.js';

// Rules and armies as data.
export { DEFAULT_RULESET, loadRuleset, resolveRuleset, seizingWeight } from './rules/index.js';
export type { Profile, Ruleset, SpecialRule } from './rules/index.js';
export { armyBreakdown, loadFaction, loadRoster, randomArmy } from './army/index.js';
export type { RandomArmyOptions } from './army/index.js';
export type { Roster, RosterRegiment, RosterWarrior } from './army/index.js';

// Scenarios.
export { generateTerrain, getScenario, listScenarios, scenarioSvg, seizeZone, victoryPhase } from './scenarios/index.js';
export type { ControlRule, Scenario } from './scenarios/index.js';

// The engine and bots.
export { cloneState, Game, IllegalChoiceError, legalActions, pathDistance, playGame, shortestPath } from './engine/index.js';
export { describeResult, narrate } from './engine/narrate.js';
// The planner (R41): pure geometry, for tools that work without a game state.
export { PATH_TOLERANCE, planPath } from './board/index.js';
export type { Path, PathSpace } from './board/index.js';
export type { ActionChoice, Choice, Decision, ForkedGame, GameEvent, GameResult, GameState, GameView, PlayGameOptions } from './engine/index.js';
export { getPolicy, listPolicies, randomPolicy, searchPolicy } from './bots/index.js';
export type { Policy } from './bots/index.js';

// The bot author's toolkit (docs/BOTS.md): read-only questions, exact odds, the evaluation, scripts.
export {
  advanceTo,
  attackOdds,
  attackValue,
  baseGap,
  bestCharge,
  bestClash,
  bestUnique,
  bestVolley,
  chargeLands,
  clashAt,
  closingEdge,
  DEFAULT_WEIGHTS,
  distanceTo,
  engaged,
  evaluate,
  evaluationTerms,
  fallBackFrom,
  heuristicPolicy,
  hitsOdds,
  inRangeOfCommand,
  legalChargeTargets,
  legalClashMarkers,
  legalClashTargets,
  legalVolleyTargets,
  marchGain,
  marchNow,
  markerLabel,
  moveEnd,
  mustHold,
  nearestFoe,
  objectives,
  outnumbered,
  placeLabel,
  rally,
  scoreIfVictoryNow,
  standsIn,
  statNow,
  strikeAt,
  strongestPolicy,
  targetLabel,
  ThreatMap,
  threatAt,
  volleyLine,
  regimentWorth,
  warriorWorth,
  WORTH_SCALE,
} from './bots/index.js';
export type { AttackOdds, AttackOddsOptions, AttackPick, EvalTerms, EvalWeights, HeuristicOptions, Objective, SearchOptions, UniquePick } from './bots/index.js';

// Batch runs.
export { expandExperiment, loadCheckedExperiment, loadExperiment, mergeShards, runExperiment } from './runner/index.js';
export type { RunOptions, RunOutcome } from './runner/index.js';

// Statistics.
export { MeanAccumulator, meanInterval, wilsonInterval } from './stats/index.js';
// Sweeps: the fair value of a parameter from your own results (e.g. a games.csv read back).
export { binomialTest, fairCrossing, holm } from './stats/index.js';
export type { CrossingResult, FairCrossing, FairCrossingOptions } from './stats/index.js';

// Campaigns.
export { loadCampaign, mapWarnings, runCampaign, runCampaigns, CampaignRun, prepareCampaign, engineFight } from './campaign/index.js';
export type { Campaign, CampaignPolicy, CampaignRecord, CampaignView, CampaignRunOptions } from './campaign/index.js';

// The HTML report and replays (loaded on first use: vega is large, and plugins import this file in every worker).
export type { ReportOptions, ReportOutcome } from './report/index.js';
export async function writeReport(opts: import('./report/index.js').ReportOptions): Promise<import('./report/index.js').ReportOutcome> {
  return (await import('./report/index.js')).writeReport(opts);
}
