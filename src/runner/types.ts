import type { TaskError, TaskRows as BatchTaskRows } from '../batch/types.js';
import type { GameResult } from '../engine/types.js';

import type { ControlRule } from '../scenarios/types.js';

export type { ControlRule };

/** `--precision`: add seat-rotated pairs in fixed batches until the win-rate interval is this narrow. */
export interface Precision {
  /** Target half-width of the 95% Wilson interval of army A's win rate. */
  halfWidth: number;
  /** Games added per decision (even). Decisions are taken by game index, never by timing. */
  batch: number;
  /** No cell plays more games than this (even). */
  maxGames: number;
}

/** Confirmation: the stronger policy that re-checks each flag, and the games of its first look (docs/OUTPUTS.md). */
export interface ConfirmSpec {
  policy: string;
  /** Games of the first look (even); the cell adds as many at each look, up to CONFIRM_LOOKS looks. */
  games: number;
}

/** One army of a matchup. */
export interface ArmyRef {
  /** Short name in the CSVs: the file name without `.json`. */
  label: string;
  /** The path as written in the experiment file (relative to it). */
  path: string;
  /** Absolute path. */
  file: string;
  /**
   * A generated list (an experiment's `{ "random", "points", "seed" }`): no
   * file holds it; the cell's `files` give its document at `file`. `faction`
   * is the absolute path of the faction file it was generated from.
   */
  generated?: { faction: string };
}

/**
 * An army drawn afresh for every seed pair: a random legal list of a faction
 * (generatedList), so a cell's games cover many lists.
 */
export interface GeneratedSide {
  /** Absolute path of the faction file (or a patched document's name in `files`). */
  faction: string;
  /** The points limit. */
  points: number;
  /** Each seed's limit is points × (1 ± up to jitter); 0 keeps it exact. */
  jitter: number;
}

/**
 * One cell: a matchup × scenario × policy pair. Everything a worker needs to
 * play its games, as plain data (it crosses the worker boundary).
 */
export interface CellSpec {
  index: number;
  /** Stable name of the cell; part of every game seed. */
  key: string;
  /** Names the game seeds instead of `key`: cells sharing it play the same seeds (a tournament's army swap; a sweep's grid points: common random numbers). */
  seedKey?: string;
  armyA: ArmyRef;
  armyB: ArmyRef;
  /** Built-in scenario name or absolute path of a scenario file. */
  scenario: string;
  /** The scenario's name in the CSVs. */
  scenarioLabel: string;
  /**
   * Policies play for an army, whichever seat it has: a built-in name with
   * options (`balanced:aggression=0.7`) or a plugin module path, relative to
   * `policyDir`.
   */
  policyA: string;
  policyB: string;
  /** Where relative plugin paths start (default: the experiment file's folder). */
  policyDir?: string;
  /** null: the scenario's own control rule. */
  control: ControlRule | null;
  /** Deep-partial ruleset overrides (resolveRuleset), or the absolute path of a ruleset file. */
  ruleset: { overrides: unknown } | { file: string };
  /** The experiment file, for error messages. */
  source: string;
  /** Sweeps: the grid point's patched input files (absolute path → JSON), read in place of the files. */
  files?: Record<string, unknown>;
  /**
   * Sweeps: the grid point (index, and each parameter's value as written in
   * the CSVs); `sameAs`: the earlier grid point whose games this cell's are
   * (the same rosters and rules after fill), which counts for both.
   */
  point?: { index: number; values: string[]; sameAs?: number };
  /** Armies drawn afresh for every seed pair (a balance run) instead of armyA's and armyB's files, which then only name them. */
  generated?: { a: GeneratedSide; b: GeneratedSide };
}

/** A validated experiment with its cells expanded and flags applied. */
export interface Experiment {
  name: string;
  /** The experiment file as given. */
  file: string;
  seed: string;
  /** Games per cell (even: seats rotate in pairs). With precision: the first batch. */
  gamesPerCell: number;
  precision: Precision | null;
  /** Output folder (relative to the current directory unless absolute). */
  out: string;
  cells: CellSpec[];
  /** sha256 of everything that decides the results (files' contents, seed, games, precision). */
  inputsHash: string;
  /** A sweep's parameters and grid; its cells are every base cell at every grid point. */
  sweep?: SweepPlan;
  /** The stronger tier that re-checks the flags after the games; null or absent: none. */
  confirm?: ConfirmSpec | null;
}

/** One swept parameter as the experiment file gives it, with its values listed. */
export interface SweepParameter {
  name: string;
  /** As written: a file relative to the experiment file, or "ruleset". */
  target: string;
  pointer: string;
  values: (number | string | boolean)[];
  fill?: 'models' | { entries: string[] };
  /** The target's own value at the pointer (a faction's current cost), when it has one. */
  current?: number | string | boolean;
  /**
   * Fill parameters: every value in the swept range after which a list
   * changes (the list arithmetic, not only at grid points), per slice of the
   * other parameters (JSON of their values): [v, v + 1] each.
   */
  listSteps?: Record<string, [number, number][]>;
  /**
   * Fill parameters, per slice: where the lists no longer change past the
   * range (`above`: the first value of the last list, which every value from
   * it on fields; `below`: the last value of the first list), or null when
   * extending the range may still change them.
   */
  listFinal?: Record<string, { below: number | null; above: number | null }>;
}

/** One army's list at a grid point (lists.csv). */
export interface SweepList {
  army: string;
  regiments: { entry: string; models: number; points: number }[];
  points: number;
}

/** A sweep expanded: the grid points in order (the first parameter varies slowest). */
export interface SweepPlan {
  parameters: SweepParameter[];
  points: {
    values: (number | string | boolean)[];
    label: string;
    /** Per base cell: the earlier grid point that plays the very same games, or null. */
    sameAs?: (number | null)[];
    /** Per parameter (fill parameters only): the values around this point's at which its lists stay the same. */
    spans?: ({ low: number; high: number } | null)[];
    /** The armies' lists at this point (sweeps of a points or models parameter). */
    lists?: SweepList[];
  }[];
  /** Cells of one grid point (the experiment's cells are grid point × base cell, point by point). */
  baseCells: number;
}

/** One finished game, as a row of games.csv. Army A and B are the matchup's order. */
export interface GameRecord {
  cell: string;
  game: number;
  seed: string;
  scenario: string;
  armyA: string;
  armyB: string;
  policyA: string;
  policyB: string;
  /** Which army was player 1 (first seat). */
  firstSeat: 'A' | 'B';
  winner: 'A' | 'B' | 'draw';
  vpA: number;
  vpB: number;
  rounds: number;
  endReason: string;
  warriorsLostA: number;
  warriorsLostB: number;
  pointsDestroyedA: number;
  pointsDestroyedB: number;
  stalled: boolean;
  /** Rounds with no wound dealt, no VP scored and no zone or point changing hands. */
  passiveRounds: number;
  /**
   * Army A's and B's warriors lost (counted in pointsDestroyed), by their order
   * in the roster: what a grid point playing the same games at other prices
   * needs to price its own (run.ts). In memory only: neither the CSVs nor the
   * checkpoint hold it.
   */
  lost?: [boolean[], boolean[]];
}

/** A game that threw: errors.csv. */
export type GameError = TaskError;

/** A task: a range of game indices of one cell. */
export interface Task {
  cell: CellSpec;
  /** The experiment seed. */
  seed: string;
  start: number;
  /** Exclusive. */
  end: number;
  /** URL of a module exporting `createGame` (tests, benches); default the real engine. */
  gameModule?: string;
  /** Where the worker reports its plugin bots' decisions to the pool's watchdog (batch/watch.ts). */
  watch?: SharedArrayBuffer;
  /** Seconds a plugin bot may take over one decision (--decision-timeout). */
  decisionTimeout?: number;
}

/** A task's games as the files hold them (the checkpoint keeps these). */
export type TaskRows<R = GameRecord> = BatchTaskRows<R>;

/** A task played by a worker. */
export interface TaskResult extends TaskRows {
  /** Milliseconds the worker spent playing the task: paces the next tasks' size, never written. */
  ms: number;
}

/** Plays one game of a cell: `aFirst` says whether army A has the first seat; `lost`: each seat's warriors lost, by id order. */
export type PlayFn = (seed: string, aFirst: boolean) => GameResult & { lost?: [boolean[], boolean[]] };

/** Prepares a cell once per worker (loads armies, scenario, ruleset, policies and plugin modules). */
export type CreateGame = (cell: CellSpec) => PlayFn | Promise<PlayFn>;

export type { Shard } from '../batch/types.js';
