// Defaults the CLI's help shows; kept apart so `--help` does not load the pool.
import path from 'node:path';
import { packageRoot } from '../batch/package.js';

/** `skirmish run` without an argument. */
export function quickstartFile(): string {
  return path.join(packageRoot(), 'sims', 'quickstart.json');
}

/**
 * Without --chunk, a task holds about this much play (ms at the measured pace):
 * long enough that sending it, checkpointing it and writing its rows cost
 * little next to the games, short enough that Ctrl-C and the progress bar stay prompt.
 */
export const TASK_MS = 250;
/** Games in the first tasks, before any pace is known. */
export const FIRST_TASK_GAMES = 4;
/** A cap for very fast games (stand-ins): bounds the rows a task carries and the main thread buffers. */
export const MAX_TASK_GAMES = 2_000;
export const DEFAULT_PRECISION_BATCH = 200;
export const DEFAULT_PRECISION_MAX_GAMES = 20_000;
