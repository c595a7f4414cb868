// What the commands that play batches on the pool (run, tournament) share: flags, Ctrl-C, the unfinished-run message.
import { InputError } from '../errors.js';
import type { RunOutcome } from '../runner/run.js';

export function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got ${raw}`);
  return n;
}

/** The command line that continues a stopped run: the same arguments plus --resume. */
export function resumeCommand(): string {
  const args = process.argv.slice(2).filter((a) => a !== '--resume');
  const quote = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return `skirmish ${[...args, '--resume'].map(quote).join(' ')}`;
}

export interface StopSignals {
  /** Aborted by the first SIGINT or SIGTERM: finish the tasks in flight, start no more. */
  signal: AbortSignal;
  /** Aborted by the second: abandon the tasks in flight. */
  abandon: AbortSignal;
  /** The first signal received, if any. */
  received(): 'SIGINT' | 'SIGTERM' | null;
}

/** Runs `work` with SIGINT and SIGTERM turned into the runner's stop and abandon signals. */
export async function withStopSignals<T>(work: (s: StopSignals) => Promise<T>): Promise<T> {
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
    }
  };
  const onInt = (): void => onSignal('SIGINT');
  const onTerm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    return await work({ signal: stop.signal, abandon: abandon.signal, received: () => signalName });
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
