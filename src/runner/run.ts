import { refuseFolders } from '../data/outputs.js';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { InputError } from '../errors.js';
import { inLockedFolder } from '../batch/lock.js';
import { claimFolder, ownerOf } from '../batch/claim.js';
import { Checkpoint, type CheckpointEntry } from '../batch/checkpoint.js';
import { columnIndex, csvHeader, csvText, ERROR_COLUMNS, errorRow } from '../batch/csv.js';
import { GAME_CODEC, GAME_COLUMNS, gameRow } from './csv.js';
import { builtFile, packageVersion } from '../batch/package.js';
import { manifestText, StagedOutput, type OutputStream, type WriteFinal } from '../batch/staged.js';
import { createInProcess, createPool, TaskDropped, TaskFailure, type Executor, type PoolWatch, type TaskNames } from '../batch/pool.js';
import { DEFAULT_DECISION_TIMEOUT_S, setDecisionTimeout } from '../batch/watch.js';
import { shardRange } from '../batch/shard.js';
import { isPluginSpec } from '../bots/registry.js';
import { checkCellPolicies, policyModules } from './references.js';
import { clearPrepared, runTaskWith } from './worker.js';
import { CellSummary, SUMMARY_COLUMNS, SUMMARY_SCHEMA } from './summary.js';
import { binomialTest } from '../stats/index.js';
import { sameCells, summaryRows } from './balance.js';
import { claimsOf, confirmCap, confirmCell, decideLook, gameScores, lookOf, playsStronger, tiersTest, type CellConfirmation, type Claim, type ClaimResult } from './confirm.js';
import { crossingChecks, crossingConfirmVerdict, sweepOutputs, writeSweepFiles, type CrossingConfirmation, type CrossingRow } from './sweep-output.js';
import { reusedCells, reusedTask, warriorPrices } from './sweep-reuse.js';
import type { CellSpec, CreateGame, Experiment, GameRecord, Shard, Task, TaskResult, TaskRows } from './types.js';
import { FIRST_TASK_GAMES, MAX_TASK_GAMES, TASK_MS } from './defaults.js';

/** What the progress display is told after every finished task. */
export interface ProgressUpdate {
  /** Games finished, including those taken from a checkpoint. */
  done: number;
  /** Games planned so far (grows under --precision). */
  total: number;
  /** Games played by this invocation. */
  played: number;
  elapsedMs: number;
  /** The main games, or the confirmation after them (counts and time start again at the confirmation). */
  phase?: 'games' | 'confirm';
}

export interface RunOptions {
  experiment: Experiment;
  /** Default experiment.out. */
  out?: string;
  /** Worker threads; 0 plays in this thread. Default os.availableParallelism(). */
  workers?: number;
  /** Games per task. Default: paced, about TASK_MS of play a task. Never changes results. */
  chunk?: number;
  /** Replace another experiment's outputs in the folder (they are removed first) instead of refusing. */
  force?: boolean;
  shard?: Shard | null;
  resume?: boolean;
  failFast?: boolean;
  /** In-process only: the game function (tests, benches). */
  game?: CreateGame;
  /** URL of a module exporting createGame, for workers too (tests, benches). */
  gameModule?: string;
  /** Aborting stops cleanly: no new tasks, the ones in flight finish and are checkpointed. */
  signal?: AbortSignal;
  /** Aborting stops at once: tasks in flight are abandoned (finished ones are already checkpointed). */
  abandon?: AbortSignal;
  onProgress?: (p: ProgressUpdate) => void;
  /** Called when the confirmation starts, with what it re-checks (not when nothing is flagged). */
  onConfirm?: (info: { policy: string; cells: number; flags: number; points: number; games: number; cap: number }) => void;
  /** Called once before the first task, with the plan. */
  onStart?: (info: { total: number; resumed: number; threads: number; chunk: number | null }) => void;
  /** Sees every game as it is written: in game order, checkpointed games included (a tournament's tables). */
  onRows?: (cell: CellSpec, rows: readonly GameRecord[]) => void;
  /** More files of a complete run, written before the manifest (and before the checkpoint goes). */
  finalFiles?: () => { file: string; text: string }[];
  /** More fields of manifest.json. */
  manifest?: Record<string, unknown>;
  /** Seconds a plugin bot may take over one decision (default DEFAULT_DECISION_TIMEOUT_S). */
  decisionTimeout?: number;
}

export interface CellOutcome {
  key: string;
  games: number;
  errors: number;
  /** The summary.csv row. */
  row: string[];
}

export interface RunOutcome {
  status: 'complete' | 'stopped' | 'failed';
  out: string;
  /** Games finished (rows + errors), this invocation and earlier ones: a complete run's main games (its confirmation's are in `confirmation`), a stopped run's all. */
  done: number;
  played: number;
  resumed: number;
  errors: number;
  /** Why the run failed (a task that failed twice, or the first game error under --fail-fast). */
  failure?: string;
  /** Files written (complete runs). */
  files: string[];
  cells: CellOutcome[];
  /** A complete sweep's crossings (not a slice's: `merge` fits them). */
  crossings?: CrossingRow[];
  seconds: number;
  /** The confirmation of a complete run: its policy, the cells and flags it re-checked, its games and this invocation's seconds in it. */
  confirmation?: { policy: string; cells: number; flags: number; points: number; games: number; errors: number; seconds: number };
}

interface CellState {
  spec: CellSpec;
  /** First game of this output (the shard's block). */
  lo: number;
  /** End of the games planned so far (exclusive). */
  hi: number;
  final: boolean;
  nextDispatch: number;
  nextWrite: number;
  /** Finished tasks waiting for their turn to be written, by first game. */
  buffer: Map<number, TaskRows>;
  checkpointed: Map<number, CheckpointEntry>;
  /** First games of the checkpointed tasks, sorted, and the first one not yet passed by dispatch. */
  checkpointStarts: number[];
  nextCheckpoint: number;
  summary: CellSummary;
  /** A same_as grid point's cell whose tasks are another's, reused (sweep-reuse.ts): never dispatched. */
  reuses: { from: number; prices: [number[], number[]] } | null;
  /** Main cells of a confirmed run: the scores of the games a confirmation may pair with, by game. */
  scores?: Map<number, { a: number; first: number }>;
  /** Confirmation cells: the main cell re-checked, its flags, and each flag's result once decided. */
  confirm?: { of: number; claims: Claim[]; results: (ClaimResult | null)[] };
}

export const CHECKPOINT_FILE = 'checkpoint.jsonl';

/** The output files of a run in `out`. */
export function outputFiles(out: string): { games: string; confirm: string; summary: string; errors: string; manifest: string; checkpoint: string } {
  return {
    games: path.join(out, 'games.csv'),
    confirm: path.join(out, 'confirm.csv'),
    summary: path.join(out, 'summary.csv'),
    errors: path.join(out, 'errors.csv'),
    manifest: path.join(out, 'manifest.json'),
    checkpoint: path.join(out, CHECKPOINT_FILE),
  };
}

/** The files a tournament adds (runner/tournament.ts), checked here too: a folder in their place is refused before any game. */
const tournamentNames = (out: string): Record<string, string> => ({ pairings: path.join(out, 'pairings.csv'), ratings: path.join(out, 'ratings.csv') });

/** Whether a cell plays a plugin bot. */
export const hasPlugin = (c: CellSpec): boolean => isPluginSpec(c.policyA) || isPluginSpec(c.policyB);

/** Runs an experiment (or one shard of it) in its checked, locked output folder (batch/lock.ts). */
export async function runExperiment(opts: RunOptions): Promise<RunOutcome> {
  return inLockedFolder(opts.out ?? opts.experiment.out, () => runLocked(opts));
}

/**
 * Runs an experiment (or one shard of it): tasks of `chunk` games go to the
 * pool, results come back in any order, and rows are written strictly in
 * game order — a finished task waits in a buffer until every game before it
 * is written. The window of tasks in flight or waiting is bounded, so memory
 * does not grow with the number of games.
 */
async function runLocked(opts: RunOptions): Promise<RunOutcome> {
  const e = opts.experiment;
  const out = opts.out ?? e.out;
  const shard = opts.shard ?? null;
  const workers = opts.workers ?? availableParallelism();
  const chunk = opts.chunk === undefined ? null : Math.max(1, Math.floor(opts.chunk));
  if (e.precision && shard) {
    throw new InputError('--precision cannot be combined with --shard: how many games a cell needs depends on all of its games');
  }
  if (opts.game && workers > 0) throw new Error('runExperiment: a game function needs workers: 0 (use gameModule for a pool)');
  // Confirmation needs every game of a cell, and the flags every cell: a slice is never confirmed (docs/SCALE.md).
  const confirm = shard === null ? (e.confirm ?? null) : null;
  const mainCells = e.cells.length;
  // Plugins and policy options are checked here, before any output: a bad bot is exit 2, not a run of errors.
  // A plugin module gets --decision-timeout to load (plugins.ts): one that hangs at load is exit 2, not a hung run.
  if (opts.decisionTimeout !== undefined) setDecisionTimeout(opts.decisionTimeout);
  if (!opts.game && opts.gameModule === undefined) {
    await checkCellPolicies(confirm && e.cells.length > 0 ? [...e.cells, confirmCell(e.cells[0], confirm.policy, mainCells)] : e.cells);
  }
  const files = outputFiles(out);
  // The owner its manifest will name: an experiment, a sweep or a tournament.
  const owner = ownerOf({ experiment: e.name, ...(e.sweep ? { sweep: e.sweep } : {}), ...opts.manifest })!;
  claimFolder(out, owner, opts.force === true, [
    // confirm.csv only with a confirmation: an earlier run's goes.
    ...Object.values(files).filter((f) => confirm !== null || f !== files.confirm),
    ...(opts.finalFiles ? Object.values(tournamentNames(out)) : []),
    ...(e.sweep ? ['sweep.csv', 'crossing.csv', 'lists.csv'].map((f) => path.join(out, f)) : []),
  ]);
  refuseFolders([...Object.values(files), ...(opts.finalFiles ? Object.values(tournamentNames(out)) : []), ...(e.sweep ? ['sweep.csv', 'crossing.csv'].map((f) => path.join(out, f)) : [])]);

  const header = { checkpoint: 3 as const, experiment: e.name, inputsHash: e.inputsHash, shard: shard ? `${shard.k}/${shard.n}` : null, build: packageVersion() };
  const checkpoint = Checkpoint.open(files.checkpoint, header, GAME_CODEC, opts.resume === true);

  // Every checkpointed task must be games of this run: a line re-sealed by hand is refused.
  for (const en of checkpoint.entries()) {
    // Confirmation tasks sit after the cells: cell mainCells + k re-checks the k-th flagged cell, games 0 up to the cap.
    const confirming = confirm !== null && en.cell >= mainCells && en.cell < 2 * mainCells;
    const { start, end } = confirming ? { start: 0, end: confirmCap(confirm) } : shardRange(e.precision ? e.precision.maxGames : e.gamesPerCell, shard);
    if ((en.cell >= mainCells && !confirming) || en.start < start || en.end > end) {
      checkpoint.close();
      throw new InputError(
        `${files.checkpoint}: line ${en.line}: task ${en.start}..${en.end - 1} of cell ${en.cell} is not games of this run ` +
          `(${e.cells.length} cells, games ${start}..${end - 1}); delete the file to start over`,
      );
    }
  }

  const cells: CellState[] = e.cells.map((spec) => {
    const { start, end } = shardRange(e.precision ? Math.min(e.gamesPerCell, e.precision.maxGames) : e.gamesPerCell, shard);
    return {
      spec,
      lo: start,
      hi: end,
      final: e.precision === null,
      nextDispatch: start,
      nextWrite: start,
      buffer: new Map(),
      checkpointed: checkpoint.index.get(spec.index) ?? new Map(),
      checkpointStarts: [...(checkpoint.index.get(spec.index)?.keys() ?? [])].sort((a, b) => a - b),
      nextCheckpoint: 0,
      summary: new CellSummary(spec),
      reuses: null,
      ...(confirm ? { scores: new Map() } : {}),
    };
  });
  // Same_as grid points reuse the games of the point they copy (the real engine's, which says who was lost; not
  // under --precision, where each cell decides its own number of games).
  const reusedBy = new Map<number, number[]>();
  if (e.sweep && !e.precision && !opts.game && opts.gameModule === undefined) {
    for (const [c, from] of reusedCells(e.cells, (i) => cells[i].checkpointed)) {
      cells[c].reuses = { from, prices: warriorPrices(cells[c].spec) };
      reusedBy.set(from, [...(reusedBy.get(from) ?? []), c]);
    }
  }

  // A sweep's games.csv has a column per parameter after the usual ones.
  const gamesHeader = csvHeader([...GAME_COLUMNS, ...(e.sweep?.parameters.map((p) => p.name) ?? [])]);
  let staged: { output: StagedOutput; streams: Record<'games' | 'errors', OutputStream> & { confirm: OutputStream | null } };
  try {
    staged = StagedOutput.open((stream) => ({
      games: stream(files.games, gamesHeader),
      errors: stream(files.errors, csvHeader(ERROR_COLUMNS)),
      confirm: confirm ? stream(files.confirm, gamesHeader) : null,
    }));
  } catch (err) {
    checkpoint.close();
    throw err;
  }
  const { output, streams } = staged;

  // A plugin bot that never returns can only be stopped in a thread of its own: with plugins, --workers 0 plays in one worker.
  const plugins = !opts.game && (e.cells.some(hasPlugin) || (confirm !== null && isPluginSpec(confirm.policy)));
  const watch: PoolWatch<Task> = {
    timeoutS: opts.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT_S,
    watched: (t) => hasPlugin(t.cell),
    cellOf: (t) => ({ index: t.cell.index, key: t.cell.key }),
  };
  // Never more workers than tasks: a worker costs its memory (tens of MB) whether it plays or not.
  const upTo = (games: number): number => (chunk === null ? games : Math.ceil(games / chunk));
  const tasksLeft = Math.max(
    1,
    e.cells.reduce((s, c) => {
      const { start, end } = shardRange(e.precision ? e.precision.maxGames : e.gamesPerCell, shard);
      let left = end - start;
      for (const en of checkpoint.index.get(c.index)?.values() ?? []) left -= en.end - en.start;
      return s + upTo(Math.max(0, left));
    }, 0),
  );
  const executor: Executor<Task, TaskResult> =
    workers === 0 && !plugins
      ? inProcess(opts.game)
      : createPool<Task, TaskResult>({ threads: Math.max(1, Math.min(workers, tasksLeft)), filename: builtFile('runner/worker.js'), names: TASK_NAMES, watch });
  const maxInFlight = Math.max(2, executor.threads * 2);
  // Finished-but-unwritten tasks of later cells (look-ahead while a --precision cell decides).
  const window = maxInFlight * 4;

  const started = Date.now();
  const resumed = checkpoint.resumedGames;
  let head = 0;
  let inFlight = 0;
  let buffered = 0;
  let done = resumed;
  let played = 0;
  let errors = 0;
  let stopping = false;
  let abandoned = false;
  let failure: string | undefined;
  /** The confirmation phase: when it started (this invocation), its games so far, and the flags it re-checks. */
  let confirmStarted: number | null = null;
  let confirmPlayed = 0;
  let confirmDone = 0;
  let confirmErrors = 0;
  let planned = confirm === null;
  /** A confirmed sweep's crossings: per crossing, the grid points re-checked (main cell, claim, x). */
  let crossingPoints: { cell: number; claim: number; x: number }[][] = [];
  const total = (): number => cells.reduce((s, c) => s + (c.hi - c.lo), 0);
  const progress = (): ProgressUpdate =>
    confirmStarted === null
      ? { done, total: total(), played, elapsedMs: Date.now() - started, phase: 'games' }
      : {
          done: confirmDone,
          total: cells.slice(mainCells).reduce((s, c) => s + (c.hi - c.lo), 0),
          played: confirmPlayed,
          elapsedMs: Date.now() - confirmStarted,
          phase: 'confirm',
        };
  // The measured pace (ms of play a game, a moving average); 0 until a task has reported.
  let msPerGame = 0;

  /** Games for the next task: --chunk, or about TASK_MS of play at the measured pace. */
  function taskGames(): number {
    if (chunk !== null) return chunk;
    if (msPerGame === 0) return FIRST_TASK_GAMES;
    // Near the end, smaller tasks, so that no worker is left waiting long for the last one.
    let left = 0;
    for (let c = head; c < cells.length; c++) left += cells[c].hi - cells[c].nextDispatch;
    return Math.max(1, Math.min(MAX_TASK_GAMES, Math.round(TASK_MS / msPerGame), Math.ceil(left / maxInFlight)));
  }

  opts.onStart?.({ total: total(), resumed, threads: executor.threads, chunk });

  return new Promise<RunOutcome>((resolve, reject) => {
    let settled = false;
    const onStop = (): void => {
      stopping = true;
      executor.stop?.();
      settle();
    };
    const onAbandon = (): void => {
      stopping = true;
      abandoned = true;
      settle();
    };
    opts.signal?.addEventListener('abort', onStop);
    opts.abandon?.addEventListener('abort', onAbandon);
    if (opts.signal?.aborted) stopping = true;

    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      // The first error is the one to report; shutDown's own (the same full disk, often) must not go unhandled.
      const rejectFirst = (): void => reject(err);
      shutDown().then(rejectFirst, rejectFirst);
    };

    /** Ends the run without final files: every finished task stays in the checkpoint. */
    async function shutDown(): Promise<void> {
      opts.signal?.removeEventListener('abort', onStop);
      opts.abandon?.removeEventListener('abort', onAbandon);
      try {
        await Promise.all([checkpoint.flush(), executor.destroy()]);
      } finally {
        checkpoint.close();
        output.abandon();
      }
    }

    /** Sends tasks while there is room: the head cell first, then look-ahead. */
    function fill(): void {
      for (let c = head; c < cells.length && !stopping; c++) {
        const cs = cells[c];
        if (cs.reuses) continue;
        while (cs.nextDispatch < cs.hi && inFlight < maxInFlight) {
          if (c !== head && inFlight + buffered >= window) return;
          const cp = cs.checkpointed.get(cs.nextDispatch);
          if (cp) {
            cs.nextDispatch = cp.end;
            continue;
          }
          let end = Math.min(cs.nextDispatch + taskGames(), cs.hi);
          // Stop short of the next checkpointed task (a resume may use another chunk size).
          const starts = cs.checkpointStarts;
          while (cs.nextCheckpoint < starts.length && starts[cs.nextCheckpoint] <= cs.nextDispatch) cs.nextCheckpoint++;
          if (cs.nextCheckpoint < starts.length) end = Math.min(end, starts[cs.nextCheckpoint]);
          dispatch(cs, cs.nextDispatch, end);
          cs.nextDispatch = end;
        }
        if (inFlight >= maxInFlight) return;
      }
    }

    function dispatch(cs: CellState, start: number, end: number): void {
      inFlight++;
      executor.run({ cell: cs.spec, seed: e.seed, start, end, gameModule: opts.gameModule }).then(
        (r) => {
          inFlight--;
          if (settled || abandoned) return;
          try {
            if (r.errors.length > 0 && opts.failFast) {
              // Not checkpointed: after a fix, --resume plays this task again.
              const g = r.errors[0];
              failure ??= `game ${g.game} of cell "${g.cell}" threw: ${g.message} (seed ${g.seed}); stopped by --fail-fast`;
              stopping = true;
              settle();
              return;
            }
            checkpoint.append(r);
            const pace = r.ms / (r.end - r.start);
            if (pace > 0) msPerGame = msPerGame === 0 ? pace : 0.7 * msPerGame + 0.3 * pace;
            played += r.end - r.start;
            done += r.end - r.start;
            if (r.cell >= mainCells) {
              confirmPlayed += r.end - r.start;
              confirmDone += r.end - r.start;
            }
            if (r.cell !== head) buffered++;
            cells[r.cell].buffer.set(r.start, r);
            // The same games for the same_as points that reuse this cell's (held apart from the look-ahead window).
            for (const c of reusedBy.get(r.cell) ?? []) {
              const copy = reusedTask(r, cells[c].spec, cells[c].reuses!.prices);
              checkpoint.append(copy);
              done += copy.end - copy.start;
              cells[c].buffer.set(copy.start, copy);
            }
            drain();
            opts.onProgress?.(progress());
            fill();
            settle();
          } catch (err) {
            fail(err);
          }
        },
        (err: unknown) => {
          inFlight--;
          if (settled || abandoned) return settle();
          // Given up at the stop while a plugin bot was deciding: --resume plays it again.
          if (err instanceof TaskDropped) return settle();
          if (failure === undefined) failure = err instanceof Error ? err.message : String(err);
          stopping = true;
          settle();
        },
      );
    }

    /** Writes every task whose turn has come; decides --precision cells and confirmation looks; finishes cells. */
    function drain(): void {
      for (;;) {
        if (head >= cells.length) {
          // Every main game is in: the flags are known, the confirmation cells join the queue.
          if (planned || head !== mainCells) return;
          planConfirmation();
          if (head >= cells.length) return;
          continue;
        }
        const cs = cells[head];
        if (cs.nextWrite < cs.hi) {
          let r = cs.buffer.get(cs.nextWrite);
          if (r) {
            cs.buffer.delete(cs.nextWrite);
          } else {
            const cp = cs.checkpointed.get(cs.nextWrite);
            if (!cp) return; // waiting for a task in flight
            r = checkpoint.read(cp, cs.spec.key);
            const stranger = r.rows.find((row) => row.cell !== cs.spec.key);
            if (stranger) {
              throw new InputError(`${files.checkpoint}: line ${cp.line}: a row of cell "${stranger.cell}" in a task of cell "${cs.spec.key}"; delete the file to start over`);
            }
          }
          write(cs, r);
          cs.nextWrite = r.end;
          continue;
        }
        if (!cs.final && cs.confirm) {
          look(cs);
          continue;
        }
        if (!cs.final) {
          const p = e.precision!;
          if (cs.summary.halfWidth() < p.halfWidth || cs.hi >= p.maxGames) cs.final = true;
          else cs.hi = Math.min(cs.hi + p.batch, p.maxGames);
          continue;
        }
        head++;
        // Tasks of the new head cell no longer count against the look-ahead window (reused ones never did).
        if (head < cells.length && !cells[head].reuses) buffered -= cells[head].buffer.size;
      }
    }

    function write(cs: CellState, r: TaskRows): void {
      for (const row of r.rows) cs.summary.add(row);
      const point = cs.spec.point?.values ?? [];
      if (cs.scores) for (const row of r.rows) if (row.game < confirmCap(confirm!)) cs.scores.set(row.game, gameScores(row));
      if (cs.confirm) {
        // The stronger tier's games: confirm.csv, and their errors named as the confirmation's.
        if (r.rows.length > 0) streams.confirm!.write(csvText(r.rows.map((row) => [...gameRow(row), ...point])));
        const errs = r.errors.map((g) => ({ ...g, message: `confirmation with ${cs.spec.policyA}: ${g.message}` }));
        if (errs.length > 0) streams.errors.write(csvText(errs.map(errorRow)));
        cs.summary.errors += errs.length;
        confirmErrors += errs.length;
        return;
      }
      opts.onRows?.(cs.spec, r.rows);
      cs.summary.errors += r.errors.length;
      errors += r.errors.length;
      if (r.rows.length > 0) streams.games.write(csvText(r.rows.map((row) => [...gameRow(row), ...point])));
      if (r.errors.length > 0) streams.errors.write(csvText(r.errors.map(errorRow)));
    }

    /**
     * The flags of the main games, each cell's played again by the stronger
     * policy from game 0 (the same seeds and seats), in cell order; cells
     * already played by it are not.
     */
    function planConfirmation(): void {
      planned = true;
      const c = confirm!;
      const rows = summaryRows(cells.slice(0, mainCells).map((x) => x.summary));
      const column = (name: string): number => columnIndex(SUMMARY_SCHEMA, name);
      const claimsAt = rows.map((r) => claimsOf(r, column));
      // A sweep's grid point playing an earlier one's very games (same_as) takes that one's confirmation.
      const same = sameCells(cells.slice(0, mainCells).map((x) => x.summary));
      // A sweep's fair-value statuses: the grid points each rests on, army A's side of 50% there (or none, a plateau's) re-checked too.
      if (e.sweep) {
        const sw = sweepOutputs({ plan: e.sweep, seed: e.seed, summaries: cells.slice(0, mainCells).map((x) => x.summary), rows });
        crossingPoints = sw.crossings.map((cr) => {
          const pts = crossingChecks(cr).map((k) => {
            const cell = same[cr.groupPoints![k.group] * e.sweep!.baseCells + cr.base!];
            let at = claimsAt[cell].findIndex((x) => x.kind === 'point' && x.side === k.side);
            if (at < 0) at = claimsAt[cell].push({ kind: 'point', side: k.side, rate: k.rate }) - 1;
            return { cell, claim: at, x: cr.result.points[k.group].x };
          });
          // Two points playing the same games are one check.
          return pts.filter((p, j) => pts.findIndex((q) => q.cell === p.cell && q.claim === p.claim) === j);
        });
      }
      let flags = 0;
      let points = 0;
      for (let i = 0; i < mainCells; i++) {
        const claims = claimsAt[i];
        if (claims.length === 0 || playsStronger(cells[i].spec, c) || same[i] !== i) continue;
        // Its place in the queue: the k-th flagged cell is cell mainCells + k (the same at every resume: the flags are).
        const index = cells.length;
        flags += claims.filter((k) => k.kind !== 'point').length;
        points += claims.length - claims.filter((k) => k.kind !== 'point').length;
        cells.push({
          spec: confirmCell(cells[i].spec, c.policy, index),
          lo: 0,
          hi: Math.min(c.games, confirmCap(c)),
          final: false,
          nextDispatch: 0,
          nextWrite: 0,
          buffer: new Map(),
          checkpointed: checkpoint.index.get(index) ?? new Map(),
          checkpointStarts: [...(checkpoint.index.get(index)?.keys() ?? [])].sort((a, b) => a - b),
          nextCheckpoint: 0,
          summary: new CellSummary(confirmCell(cells[i].spec, c.policy, index)),
          reuses: null,
          scores: new Map(),
          confirm: { of: i, claims, results: claims.map(() => null) },
        });
      }
      if (cells.length === mainCells) return;
      confirmStarted = Date.now();
      opts.onConfirm?.({ policy: c.policy, cells: cells.length - mainCells, flags, points, games: c.games, cap: confirmCap(c) });
      // Tasks already checkpointed count as done, as the main games' do.
      for (const cs of cells.slice(mainCells)) for (const en of cs.checkpointed.values()) confirmDone += en.end - en.start;
      fill();
    }

    /** A confirmation cell's look: each undecided flag decided or not; another block while one is undecided and the cap allows. */
    function look(cs: CellState): void {
      const k = cs.confirm!;
      const cap = confirmCap(confirm!);
      const atCap = cs.hi >= cap;
      const weak = cells[k.of].scores!;
      const strong = cs.scores!;
      k.claims.forEach((claim, j) => {
        if (k.results[j] !== null) return;
        const l = lookOf(cs.summary, claim.kind);
        const verdict = decideLook(claim, l, atCap);
        if (verdict === null) return;
        k.results[j] = { ...l, kind: claim.kind, verdict, p: binomialTest(l.ahead, l.ahead + l.behind), tiersP: tiersTest(claim.kind, weak, strong, cs.hi) };
      });
      if (k.results.every((r) => r !== null)) cs.final = true;
      else cs.hi = Math.min(cs.hi + confirm!.games, cap);
    }

    function settle(): void {
      if (settled) return;
      if (!abandoned && inFlight > 0) return;
      if (!abandoned && head >= cells.length && failure === undefined) {
        settled = true;
        // Written and synced before the checkpoint goes (finish removes it).
        checkpoint
          .flush()
          .then(finish)
          .then(
            (result) => executor.destroy().finally(() => resolve(result)),
            // e.g. the disk filled up: the checkpoint still holds every game it could.
            (err: unknown) => {
              output.abandon();
              checkpoint.close();
              const rejectIt = (): void => reject(err);
              executor.destroy().then(rejectIt, rejectIt);
            },
          );
        return;
      }
      if (abandoned || stopping) {
        settled = true;
        const status = failure === undefined ? 'stopped' : 'failed';
        shutDown().then(
          () => resolve(outcome(status)),
          (err: unknown) => reject(err),
        );
      }
    }

    /** Each main cell's confirmation, once its flags are decided. */
    function confirmations(): (CellConfirmation | null)[] {
      const out: (CellConfirmation | null)[] = cells.slice(0, mainCells).map(() => null);
      for (const cs of cells.slice(mainCells)) {
        const k = cs.confirm!;
        if (k.results.every((r) => r !== null)) out[k.of] = { policy: cs.spec.policyA, claims: (k.results as ClaimResult[]).filter((r) => r.kind !== 'point') };
      }
      const same = sameCells(cells.slice(0, mainCells).map((x) => x.summary));
      return out.map((o, i) => out[same[i]] ?? o);
    }

    /** Each crossing's re-check from its grid points' results (none when a point's cell was not re-checked). */
    function crossingConfirmations(): (CrossingConfirmation | undefined)[] {
      const byMain = new Map(cells.slice(mainCells).map((cs) => [cs.confirm!.of, cs]));
      return crossingPoints.map((pts) => {
        const checks = pts.map((p) => {
          const cs = byMain.get(p.cell);
          const r = cs?.confirm!.results[p.claim];
          return r ? { x: p.x, verdict: r.verdict, games: r.games, rate: r.rate, low: r.low, high: r.high, tiersP: r.tiersP } : null;
        });
        if (pts.length === 0 || checks.some((k) => k === null)) return undefined;
        const done = checks as NonNullable<(typeof checks)[number]>[];
        return { policy: confirm!.policy, points: done, verdict: crossingConfirmVerdict(done) };
      });
    }

    function outcome(status: RunOutcome['status'], written: string[] = []): RunOutcome {
      const main = cells.slice(0, mainCells);
      const rows = summaryRows(
        main.map((c) => c.summary),
        undefined,
        confirmations(),
      );
      const checks = cells.slice(mainCells);
      const complete = status === 'complete';
      return {
        status,
        out,
        // A complete run's main games; a stopped one's every finished game (all in the checkpoint).
        done: complete ? done - confirmDone : done,
        played,
        resumed,
        errors,
        failure,
        files: written,
        cells: main.map((c, i) => ({ key: c.spec.key, games: c.summary.games, errors: c.summary.errors, row: rows[i] })),
        seconds: (Date.now() - started) / 1000,
        ...(complete && confirm
          ? {
              confirmation: {
                policy: confirm.policy,
                cells: checks.length,
                flags: checks.reduce((s, c) => s + c.confirm!.claims.filter((k) => k.kind !== 'point').length, 0),
                points: checks.reduce((s, c) => s + c.confirm!.claims.filter((k) => k.kind === 'point').length, 0),
                games: checks.reduce((s, c) => s + c.summary.games, 0),
                errors: confirmErrors,
                seconds: confirmStarted === null ? 0 : (Date.now() - confirmStarted) / 1000,
              },
            }
          : {}),
      };
    }

    /**
     * Writes the final files under temporary names, then renames them all
     * (the manifest last) and removes the checkpoint: a full disk on the way
     * leaves no final-named file, and the checkpoint whole for --resume.
     */
    function finish(): RunOutcome {
      opts.signal?.removeEventListener('abort', onStop);
      opts.abandon?.removeEventListener('abort', onAbandon);
      const o = output.commit(finalFiles);
      checkpoint.remove();
      return o;
    }

    function finalFiles(write: WriteFinal): RunOutcome {
      const extra = opts.finalFiles?.() ?? [];
      const o = outcome('complete', [files.games, ...(confirm ? [files.confirm] : []), files.summary, ...extra.map((f) => f.file), files.errors, files.manifest]);
      write(files.summary, csvHeader(SUMMARY_COLUMNS) + csvText(o.cells.map((c) => c.row)));
      for (const f of extra) write(f.file, f.text);
      const main = cells.slice(0, mainCells);
      if (e.sweep && shard === null) {
        const sw = writeSweepFiles(out, { plan: e.sweep, seed: e.seed, summaries: main.map((c) => c.summary), rows: o.cells.map((c) => c.row), confirmations: crossingConfirmations() }, write);
        o.files.push(...sw.files);
        o.crossings = sw.crossings;
      }
      const manifest = {
        seed: e.seed,
        gamesPerCell: e.gamesPerCell,
        precision: e.precision,
        shard: shard ? `${shard.k}/${shard.n}` : null,
        ...(e.sweep ? { sweep: e.sweep } : {}),
        counts: { cells: main.length, games: main.reduce((s, c) => s + c.summary.games, 0), errors },
        policyModules: policyModules(e.cells),
        ...(confirm
          ? {
              confirm: {
                policy: confirm.policy,
                games: confirm.games,
                cap: confirmCap(confirm),
                cells: cells.slice(mainCells).map((c) => ({ key: c.spec.key, games: c.summary.games, errors: c.summary.errors, flags: c.confirm!.claims.map((k) => k.kind) })),
              },
            }
          : {}),
        cells: main.map((c) => ({
          index: c.spec.index,
          key: c.spec.key,
          scenario: c.spec.scenarioLabel,
          armyA: { label: c.spec.armyA.label, path: c.spec.armyA.path },
          armyB: { label: c.spec.armyB.label, path: c.spec.armyB.path },
          policyA: c.spec.policyA,
          policyB: c.spec.policyB,
          ...(c.spec.point ? { point: c.spec.point } : {}),
          start: c.lo,
          end: c.hi,
          games: c.summary.games,
          errors: c.summary.errors,
        })),
        timings: {
          startedAt: new Date(started).toISOString(),
          finishedAt: new Date().toISOString(),
          seconds: o.seconds,
          gamesPlayed: played,
          gamesResumed: resumed,
          ...(o.confirmation ? { confirmGamesPlayed: confirmPlayed, confirmSeconds: o.confirmation.seconds } : {}),
          gamesPerSecond: o.seconds > 0 ? Math.round((played / o.seconds) * 10) / 10 : null,
          workers: executor.threads,
          chunk: chunk ?? 'paced',
        },
        ...opts.manifest,
      };
      write(files.manifest, manifestText({ experiment: e.name, experimentFile: e.file, inputsHash: e.inputsHash }, manifest));
      return o;
    }

    fill();
    drain();
    settle();
  });
}

/** How errors name an experiment's task and game. */
const TASK_NAMES: TaskNames<Task> = { task: (t) => `cell "${t.cell.key}"`, item: (t, game) => `game ${game} of cell "${t.cell.key}"` };

/** The experiment's tasks in this thread (`create` overrides the game module: in-process tests). */
function inProcess(create?: CreateGame): Executor<Task, TaskResult> {
  clearPrepared();
  return createInProcess(
    (task) => runTaskWith(task, create),
    (task, err) => new TaskFailure(TASK_NAMES.task(task), task, err, undefined),
  );
}
