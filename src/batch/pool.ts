import { existsSync } from 'node:fs';
import { Piscina } from 'piscina';
import { createWatch, outOfMemoryIn, outOfMemoryLine, readWatch, workerResourceLimits, type WatchedDecision } from './watch.js';
import type { BatchTask, TaskError, TaskRows } from './types.js';

/** Runs tasks somewhere: a piscina pool, or this thread. */
export interface Executor<T extends BatchTask, R> {
  readonly threads: number;
  run(task: T): Promise<R>;
  /** A stop began: a plugin decision under way longer than STOP_GRACE_MS gives its task up (TaskDropped). */
  stop?(): void;
  /** Waits for nothing: ends the workers, abandoning tasks in flight. */
  destroy(): Promise<void>;
}

/** How errors name a task and one of its items (`cell "key"`, `game 3 of cell "key"`). */
export interface TaskNames<T> {
  task(task: T): string;
  item(task: T, index: number): string;
}

/** How a pool watches the plugin bots of its tasks (watch.ts). */
export interface PoolWatch<T> {
  /** Seconds a plugin decision may take (--decision-timeout). */
  timeoutS: number;
  /** Whether a task plays a plugin bot: only those carry a watch (built-in bots pay nothing). */
  watched(task: T): boolean;
  /** The cell of a task, for the error row of an item whose bot overstayed. */
  cellOf(task: T): { index: number; key: string };
}

/** After a stop (SIGINT), a plugin decision under way longer than this gives its task up (resume plays it again). */
export const STOP_GRACE_MS = 1_000;
/** How often the watchdog looks at the decisions under way. */
const WATCH_POLL_MS = 100;

/** A task given up at a stop while its plugin bot was deciding: nothing of it is kept, `--resume` plays it again. */
export class TaskDropped extends Error {
  override readonly name = 'TaskDropped';
}

interface Watched {
  sab: SharedArrayBuffer;
  abort: AbortController;
  expired: WatchedDecision | null;
  dropped: boolean;
}

/** What a pool runs: `threads` workers of the built worker module `filename`, whose tasks `names` names. */
export interface PoolOptions<T> {
  threads: number;
  filename: string;
  names: TaskNames<T>;
  watch?: PoolWatch<T>;
}

/**
 * A piscina pool of `threads` workers running `filename` (the experiment
 * worker, the campaign worker). A task whose worker dies (or that fails
 * outside an item) is retried once on a fresh worker; piscina replaces the
 * dead one.
 *
 * With `watch`, tasks that play plugin bots carry a watch buffer: a bot that
 * overstays its decision gets its worker terminated (piscina replaces it),
 * its item becomes an error row with its seed, and the items of the task
 * before and after it are played again as tasks of their own, so the task's
 * result is what it would have been with an error in that item's place.
 */
export function createPool<T extends BatchTask, R extends TaskRows<unknown>>({ threads, filename, names, watch }: PoolOptions<T>): Executor<T, R> {
  if (!existsSync(filename)) {
    throw new Error(`${filename} is missing: run \`npm run build\` first (the pool runs the built worker)`);
  }
  const pool = new Piscina<T, R>({
    filename,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    // The runner keeps its own bounded window of tasks in flight.
    maxQueue: 'auto',
    // Two tasks a worker: the next one is already waiting in the worker when the
    // current one ends, so a busy main thread never leaves a worker idle.
    concurrentTasksPerWorker: 2,
    resourceLimits: workerResourceLimits(),
  });
  let destroyed = false;
  let stopping = false;
  const active = new Set<Watched>();
  let timer: NodeJS.Timeout | null = null;

  function look(): void {
    for (const w of active) {
      if (w.expired || w.dropped) continue;
      const d = readWatch(w.sab);
      if (d === null) continue;
      if (d.ms > watch!.timeoutS * 1000) w.expired = d;
      else if (stopping && d.ms > STOP_GRACE_MS) w.dropped = true;
      else continue;
      w.abort.abort();
    }
  }

  /** Runs a task, once more on a fresh worker if it fails; `final` turns an error into one not worth a retry. */
  async function attempt(task: T, signal?: AbortSignal, final?: (err: unknown) => Error | null): Promise<R> {
    try {
      return await pool.run(task, { signal });
    } catch (first) {
      if (destroyed || signal?.aborted) throw first;
      const named = final?.(first);
      if (named) throw named;
      try {
        return await pool.run(task, { signal });
      } catch (second) {
        if (signal?.aborted) throw second;
        throw new TaskFailure(names.task(task), task, first, second);
      }
    }
  }

  async function runWatched(task: T, w: PoolWatch<T>): Promise<R> {
    const entry: Watched = { sab: createWatch(), abort: new AbortController(), expired: null, dropped: false };
    active.add(entry);
    timer ??= setInterval(look, WATCH_POLL_MS);
    // A bot that fills its worker's heap would fill it again: the run ends on a line naming it.
    const outOfMemory = (err: unknown): Error | null => {
      const d = outOfMemoryIn(err, entry.sab);
      if (d === null) return null;
      return new Error(`${outOfMemoryLine(d)} in ${names.item(task, d.game)} (seed ${d.seed})`);
    };
    try {
      return await attempt({ ...task, watch: entry.sab, decisionTimeout: w.timeoutS }, entry.abort.signal, outOfMemory);
    } catch (err) {
      if (entry.dropped || (entry.expired && stopping)) throw new TaskDropped(`task ${task.start}..${task.end - 1} given up at the stop`);
      const d = entry.expired;
      if (d === null || d.game < task.start || d.game >= task.end) throw err;
      return splitAt(task, d, w);
    } finally {
      active.delete(entry);
      if (active.size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    }
  }

  /** The task's result with game `d.game` an error: the games before and after it played again. */
  async function splitAt(task: T, d: WatchedDecision, w: PoolWatch<T>): Promise<R> {
    const t0 = performance.now();
    const cell = w.cellOf(task);
    const before = d.game > task.start ? await runWatched({ ...task, end: d.game }, w) : null;
    const after = d.game + 1 < task.end ? await runWatched({ ...task, start: d.game + 1 }, w) : null;
    const error: TaskError = {
      cell: cell.key,
      game: d.game,
      seed: d.seed,
      message: `bot ${d.bot} did not answer a ${d.kind} decision within ${w.timeoutS} s (--decision-timeout); its worker was replaced`,
    };
    return {
      cell: cell.index,
      start: task.start,
      end: task.end,
      rows: [...(before?.rows ?? []), ...(after?.rows ?? [])],
      errors: [...(before?.errors ?? []), error, ...(after?.errors ?? [])],
      ms: performance.now() - t0,
    } as unknown as R;
  }

  return {
    threads,
    run(task) {
      return watch && watch.watched(task) ? runWatched(task, watch) : attempt(task);
    },
    stop() {
      stopping = true;
      look();
    },
    async destroy() {
      destroyed = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await pool.destroy();
    },
  };
}

/**
 * Runs tasks in this thread, one at a time, yielding to the event loop
 * (signals, I/O) between them. `failure` names a task that throws (the pool
 * would have retried it once).
 */
export function createInProcess<T extends BatchTask, R>(run: (task: T) => Promise<R>, failure?: (task: T, err: unknown) => Error): Executor<T, R> {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    threads: 0,
    run(task) {
      const next = chain.then(async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          return await run(task);
        } catch (err) {
          throw failure ? failure(task, err) : err;
        }
      });
      chain = next.catch(() => undefined);
      return next;
    },
    async destroy() {},
  };
}

/** A task that failed twice (or, in process, once): not an item's error, a broken worker or cell. */
export class TaskFailure extends Error {
  constructor(
    /** What the task is of (TaskNames.task). */
    of: string,
    readonly task: BatchTask,
    first: unknown,
    second: unknown,
  ) {
    const msg = (e: unknown): string => (e instanceof Error ? e.message : String(e));
    super(`task ${task.start}..${task.end - 1} of ${of} failed` + (second === undefined ? `: ${msg(first)}` : ` twice: ${msg(first)}; retry: ${msg(second)}`));
  }
}
