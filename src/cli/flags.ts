import { availableParallelism } from 'node:os';
import { InputError } from '../errors.js';

/** A whole-number flag within min..max, else one line and exit 2. */
export function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got ${raw}`);
  return n;
}

/** Most worker threads a command accepts (issue 14): more only thrash the machine. */
export const MAX_WORKERS = 256;

/**
 * `--workers N` of every command with a pool: 0..MAX_WORKERS; above the
 * machine's parallelism it is allowed, with a warning on stderr.
 */
export function workersFlag(raw: string | undefined, warn: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): number | undefined {
  if (raw === undefined) return undefined;
  const n = wholeNumber('--workers', raw, 0, MAX_WORKERS);
  const cores = availableParallelism();
  if (n > cores) warn(`warning: --workers ${n} is more than this machine's ${cores} parallel threads; games will not go faster`);
  return n;
}
