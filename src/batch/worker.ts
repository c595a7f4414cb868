/*
 * The start of every task in a worker thread (the experiment worker, the
 * campaign worker; also their in-process runs): the decision limit is set
 * before anything is loaded (a plugin module gets as long to load), then the
 * task plays synchronously under the pool's watch, each item announcing
 * itself with watchGame.
 */
import { setDecisionTimeout, setWatch } from './watch.js';
import type { BatchTask } from './types.js';

/** Prepares what `task` needs (once per thread, cached by the caller), then plays it watched. */
export async function runWatchedTask<P, R>(task: BatchTask, prepare: () => Promise<P>, play: (prepared: P) => R): Promise<R> {
  if (task.decisionTimeout !== undefined) setDecisionTimeout(task.decisionTimeout);
  const prepared = await prepare();
  // Synchronous from here to the end of the task: no other task of this thread runs meanwhile.
  setWatch(task.watch ?? null);
  try {
    return play(prepared);
  } finally {
    setWatch(null);
  }
}
