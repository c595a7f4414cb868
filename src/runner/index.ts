/** Experiments: cells of games played on the batch layer's pool, their CSV outputs, sweeps, tournaments, confirmation and merge. */
export {
  experimentSchema,
  loadExperiment,
  expandExperiment,
  validateExperimentWith,
  DEFAULT_PRECISION_BATCH,
  DEFAULT_PRECISION_MAX_GAMES,
  type ExperimentJson,
  type LoadExperimentOptions,
  type ReferenceCheck,
} from './experiment.js';
export { validateExperimentJson, loadCheckedExperiment } from './validate.js';
export { runExperiment, outputFiles, type RunOptions, type RunOutcome, type ProgressUpdate, type CellOutcome } from './run.js';
export { mergeShards, type MergeOptions, type MergeOutcome } from './merge.js';
export { gameSeed, armyAFirst } from './seeds.js';
export { GAME_SCHEMA, GAME_COLUMNS, checkCsvFile } from './csv.js';
export { SUMMARY_COLUMNS, CONFIRM_COLUMNS, CellSummary } from './summary.js';
export { createProgress, type Progress } from './progress.js';
export { quickstartFile } from './defaults.js';
export { cellInputs } from './engine-game.js';
export { formatSummaryTable } from './table.js';
export { summaryRows, BALANCE_ALPHA } from './balance.js';
export { parseConfirm, confirmText, DEFAULT_CONFIRM_POLICY, DEFAULT_CONFIRM_GAMES, CONFIRM_LOOKS, CONFIRM_ALPHA, type ConfirmVerdict } from './confirm.js';
export { sweepSchema, expandSweep, MAX_GRID_POINTS, type SweepJson } from './sweep.js';
export { sweepOutputs, formatCrossings, crossingVerdict, sweepColumns, CROSSING_COLUMNS, LIST_COLUMNS, CROSSING_REPLICATES, type CrossingRow } from './sweep-output.js';
export { policyAlias } from './references.js';
export type * from './types.js';
export {
  planTournament,
  checkTournament,
  runTournament,
  tournamentFiles,
  formatPairingsTable,
  formatRatingsTable,
  TournamentTables,
  PAIRING_COLUMNS,
  RATING_COLUMNS,
  type Tournament,
  type TournamentOptions,
  type TournamentOutcome,
  type Pairing,
} from './tournament.js';
