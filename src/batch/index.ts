/**
 * The batch layer: running many seeded items (games, campaigns) on a worker
 * pool, durably and the same whatever the workers, shards or resume. It knows
 * nothing of games: rows come through codecs and CSV schemas.
 */
export { createPool, createInProcess, TaskDropped, TaskFailure, STOP_GRACE_MS, type Executor, type PoolOptions, type PoolWatch, type TaskNames } from './pool.js';
export { runWatchedTask } from './worker.js';
export { createWatch, readWatch, setWatch, watchGame, setDecisionTimeout, DEFAULT_DECISION_TIMEOUT_S, workerHeapMb, WORKER_MEMORY_ENV, type WatchedDecision } from './watch.js';
export { Checkpoint, type CheckpointEntry, type CheckpointHeader, type RowCodec } from './checkpoint.js';
export { acquireRunLock, inLockedFolder, LOCK_FILE, type RunLock } from './lock.js';
export { claimFolder, ownerOf, type FolderOwner } from './claim.js';
export { shardRange, parseShard } from './shard.js';
export { StagedOutput, manifestText, type OutputStream, type WriteFinal } from './staged.js';
export {
  columnsOf,
  columnIndex,
  pickColumns,
  rowOf,
  fieldsByName,
  csvFields,
  csvText,
  csvHeader,
  csvOf,
  safeCell,
  unsafeCell,
  parseCsvLine,
  ERROR_SCHEMA,
  ERROR_COLUMNS,
  errorRow,
  errorFromCsv,
  type Column,
  type CsvSchema,
} from './csv.js';
export { packageRoot, packageVersion, builtFile } from './package.js';
export type * from './types.js';
