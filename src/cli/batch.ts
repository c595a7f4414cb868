// What the commands that play batches on the pool (run, tournament) share: flags, Ctrl-C, the unfinished-run message.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DEFAULT_DECISION_TIMEOUT_S, workerHeapMb } from '../batch/watch.js';
import { isDiskFull } from '../data/outputs.js';
import { InputError } from '../errors.js';
import type { RunOutcome } from '../runner/run.js';

export function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got ${raw}`);
  return n;
}

/** Most worker threads a command accepts: 4 per parallel thread of the machine (at least 4); more only thrash it. */
export function maxWorkers(): number {
  return Math.max(4, 4 * availableParallelism());
}

/** `--workers`' help: the default and the cap on this machine. */
export function workersHelp(): string {
  return `worker threads; 0 plays in this thread (default: one per core, ${availableParallelism()} here; at most 4 per core, ${maxWorkers()} here; never more than there are tasks)`;
}

/** `--workers N`: 0..maxWorkers(); above the machine's parallelism it is allowed, with a warning on stderr. */
export function workersFlag(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const max = maxWorkers();
  if (!/^\d+$/.test(raw.trim()) || Number(raw) > max) {
    throw new InputError(`--workers: expected a whole number 0..${max} (at most 4 per parallel thread; this machine has ${availableParallelism()}), got "${raw}"`);
  }
  const n = Number(raw);
  const cores = availableParallelism();
  if (n > cores) process.stderr.write(`warning: --workers ${n} is more than this machine's ${cores} parallel threads; games will not go faster\n`);
  return n;
}

/**
 * A command that failed for a reason one line says (a full disk, a plugin bot
 * that answered wrongly or not at all): main prints `error: <message>`, exit 1,
 * no stack.
 */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure';
}

/**
 * `--decision-timeout S`: seconds (decimals allowed), more than 0, at most a
 * day. The other guard on plugin bots, SKIRMISH_WORKER_MEMORY_MB, is checked
 * here too: a bad value is exit 2 before any output.
 */
export function decisionTimeoutFlag(raw: string | undefined): number {
  workerHeapMb();
  if (raw === undefined) return DEFAULT_DECISION_TIMEOUT_S;
  const s = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(s) || s <= 0 || s > 86_400) {
    throw new InputError(`--decision-timeout: expected seconds above 0 and at most 86400 (e.g. 10 or 0.5), got "${raw}"`);
  }
  return s;
}

/**
 * A full disk, the same line for every command that writes:
 * what, the folder, what is kept, and how to go on — exit 1, no stack.
 * `kept` says what survives ("the finished games are kept in X", "nothing
 * was written"); `resume` is false for commands that start over. Other errors
 * go on up.
 */
export function reportDiskFull(err: unknown, out: string, kept: string, resume = true): null {
  if (!isDiskFull(err)) throw err;
  process.stderr.write(`error: ${diskFullLine(err, out, kept, resume)}\n`);
  process.exitCode = 1;
  return null;
}

/** The disk-full line without its `error: ` (see reportDiskFull). */
export function diskFullLine(err: unknown, out: string, kept: string, resume: boolean): string {
  const code = (err as NodeJS.ErrnoException).code;
  return `disk full (${code}) writing to ${out}; ${kept}; free some space, then ${resume ? `resume with: ${resumeCommand()}` : `run again: ${againCommand()}`}`;
}

/** What a full disk keeps of a batch: the finished ones in the checkpoint, if it got to hold any. */
export function keptIn(checkpoint: string, what: 'games' | 'campaigns'): string {
  return existsSync(checkpoint) ? `the finished ${what} are kept in ${checkpoint}` : `no ${what} had finished`;
}

/** The command line as given, quoted for a shell. */
function againCommand(): string {
  return `skirmish ${process.argv.slice(2).map(quoteArg).join(' ')}`;
}

const quoteArg = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

/** The command line that continues a stopped run: the same arguments plus --resume. */
export function resumeCommand(): string {
  const args = process.argv.slice(2).filter((a) => a !== '--resume');
  return `skirmish ${[...args, '--resume'].map(quoteArg).join(' ')}`;
}

export interface StopSignals {
  /** Aborted by the first SIGINT or SIGTERM: finish the tasks in flight, start no more. */
  signal: AbortSignal;
  /** Aborted by the second: abandon the tasks in flight. */
  abandon: AbortSignal;
  /** The first signal received, if any. */
  received(): 'SIGINT' | 'SIGTERM' | null;
}

/** After a second signal, the process ends within this even if the tasks in flight do not. */
const FORCE_EXIT_MS = 2_000;

/**
 * Runs `work` with SIGINT and SIGTERM turned into the runner's stop and
 * abandon signals. Bad input that a signal caused (a plugin module still
 * loading at the signal, given up) is a stop: its line, exit 130 or 143.
 */
export async function withStopSignals<T>(work: (s: StopSignals) => Promise<T>): Promise<T | undefined> {
  const stop = new AbortController();
  const abandon = new AbortController();
  let signalName: 'SIGINT' | 'SIGTERM' | null = null;
  const onSignal = (sig: 'SIGINT' | 'SIGTERM'): void => {
    if (signalName === null) {
      signalName = sig;
      process.stderr.write(`\n${sig}: stopping — finishing the tasks in flight (send it again to abandon them)\n`);
      stop.abort();
    } else {
      process.stderr.write(`\n${sig}: abandoning the tasks in flight\n`);
      abandon.abort();
      // Whatever still runs (a plugin module loading, a worker that will not end), the process ends soon;
      // exiting runs the 'exit' handlers, which release the run lock.
      setTimeout(() => {
        process.stderr.write(`${sig}: ending now\n`);
        process.exit(signalName === 'SIGTERM' ? 143 : 130);
      }, FORCE_EXIT_MS).unref();
    }
  };
  const onInt = (): void => onSignal('SIGINT');
  const onTerm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    return await work({ signal: stop.signal, abandon: abandon.signal, received: () => signalName });
  } catch (err) {
    if (signalName === null || !(err instanceof InputError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exitCode = signalName === 'SIGTERM' ? 143 : 130;
    return undefined;
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}

/** A stopped or failed run: says where its games are kept and how to resume, sets the exit code, returns true. */
export function reportUnfinished(outcome: RunOutcome, checkpoint: string, signals: StopSignals): boolean {
  if (outcome.status === 'stopped') {
    process.stderr.write(`stopped: ${outcome.done} finished games are kept in ${checkpoint}\nresume with: ${resumeCommand()}\n`);
    process.exitCode = signals.received() === 'SIGTERM' ? 143 : 130;
    return true;
  }
  if (outcome.status === 'failed') {
    process.stderr.write(`error: ${outcome.failure}\n${outcome.done} finished games are kept in ${checkpoint}; after a fix, resume with: ${resumeCommand()}\n`);
    process.exitCode = 1;
    return true;
  }
  return false;
}

/** A complete run's last lines: games, time, errors and the files written. */
export function reportFinished(outcome: RunOutcome): void {
  process.stdout.write(
    `${outcome.done - outcome.errors} games in ${outcome.seconds.toFixed(1)} s` +
      (outcome.errors > 0 ? `; ${outcome.errors} games threw (see errors.csv)` : '') +
      '\nwrote:\n' +
      outcome.files.map((f) => `  ${f}\n`).join(''),
  );
}

/** The lines `report` and `run` print after writing a report. */
export function describeReport(o: { kind: string; file: string; charts: number; replays: string[]; replayNote?: string }): string {
  return (
    `wrote ${o.file} (${o.kind} report, ${o.charts} charts${o.replays.length > 0 ? `, ${o.replays.length} replays in ${o.replays[0].replace(/[^/\\]+$/, '')}` : ''})` +
    (o.replayNote ? `\n${o.replayNote}` : '')
  );
}

/** The report at the end of a run, a tournament or campaigns: the run's files are complete whatever happens here. */
export async function reportAfterRun(dir: string, experimentFile: string | undefined, replays: boolean): Promise<void> {
  process.stderr.write('writing report.html...\n');
  try {
    const { writeReport } = await import('../report/index.js');
    // A stand-in game module (tests) has no engine game to replay.
    process.stdout.write(`${describeReport(await writeReport({ dir, experimentFile, replays }))}\n`);
  } catch (err) {
    process.stderr.write(`report: ${err instanceof Error ? err.message : String(err)}\nthe run's files are complete; write the report again with: skirmish report ${dir}\n`);
    process.exitCode = 1;
  }
}
