/** What every batch job shares, whatever it plays (games, campaigns). */

/** `--shard K/N`: slice K (1-based) of N. */
export interface Shard {
  k: number;
  n: number;
}

/** An item (a game, a campaign) that threw: one row of errors.csv. */
export interface TaskError {
  /** The cell (a campaign's name) it belongs to. */
  cell: string;
  /** Its index: a game's, or a campaign's. */
  game: number;
  seed: string;
  message: string;
}

/** A task's items as the files hold them (the checkpoint keeps these). */
export interface TaskRows<R> {
  cell: number;
  start: number;
  end: number;
  /** In item order; an item that threw is in `errors` instead. */
  rows: R[];
  errors: TaskError[];
}

/** What the pool needs of a task: its range of items, and where its worker reports plugin decisions. */
export interface BatchTask {
  start: number;
  /** Exclusive. */
  end: number;
  /** Where the worker reports its plugin bots' decisions to the pool's watchdog (watch.ts). */
  watch?: SharedArrayBuffer;
  /** Seconds a plugin bot may take over one decision (--decision-timeout). */
  decisionTimeout?: number;
}
