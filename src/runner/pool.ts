import { existsSync } from 'node:fs';
import { Piscina } from 'piscina';
import { workerFile } from './paths.js';
import { clearPrepared, runTaskWith } from './worker.js';
import type { CreateGame, Task, TaskResult } from './types.js';

/** Runs tasks somewhere: a piscina pool, or this thread. */
export interface Executor<T extends Task | CampaignTaskLabel = Task, R = TaskResult> {
  readonly threads: number;
  run(task: T): Promise<R>;
  /** Waits for nothing: ends the workers, abandoning tasks in flight. */
  destroy(): Promise<void>;
}

/**
 * A piscina pool of `threads` workers running `filename` (default the
 * experiment worker; campaigns pass theirs). A task whose worker dies (or that
 * fails outside a game) is retried once on a fresh worker; piscina replaces
 * the dead one.
 */
export function createPool<T extends Task | CampaignTaskLabel = Task, R = TaskResult>(threads: number, filename: string = workerFile()): Executor<T, R> {
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
  });
  let destroyed = false;
  return {
    threads,
    async run(task) {
      try {
        return await pool.run(task);
      } catch (first) {
        if (destroyed) throw first;
        try {
          return await pool.run(task);
        } catch (second) {
          throw new TaskFailure(task, first, second);
        }
      }
    },
    async destroy() {
      destroyed = true;
      await pool.destroy();
    },
  };
}

/** Runs tasks in this thread, one at a time, yielding to the event loop (signals, I/O) between them. */
export function createInProcess(create?: CreateGame): Executor {
  clearPrepared();
  let chain: Promise<unknown> = Promise.resolve();
  return {
    threads: 0,
    run(task) {
      const next = chain.then(async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          return await runTaskWith(task, create);
        } catch (err) {
          throw new TaskFailure(task, err, undefined);
        }
      });
      chain = next.catch(() => undefined);
      return next;
    },
    async destroy() {},
  };
}

/** What names a task that is not an experiment's (campaigns). */
export interface CampaignTaskLabel {
  campaign: string;
  start: number;
  end: number;
}

/** A task that failed twice (or, in process, once): not a game error, a broken worker or cell. */
export class TaskFailure extends Error {
  constructor(
    readonly task: Task | CampaignTaskLabel,
    first: unknown,
    second: unknown,
  ) {
    const msg = (e: unknown): string => (e instanceof Error ? e.message : String(e));
    super(
      `task ${task.start}..${task.end - 1} of ${'cell' in task ? `cell "${task.cell.key}"` : `campaign "${task.campaign}"`} failed` +
        (second === undefined ? `: ${msg(first)}` : ` twice: ${msg(first)}; retry: ${msg(second)}`),
    );
  }
}
