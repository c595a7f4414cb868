import { linkSync, lstatSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { InputError } from '../errors.js';
import { checkOutputDir, cleanStaleTemporaries, makeOutputDir, refuseFolders, removeIfPresent, tmpNameFor, writeNew } from '../data/outputs.js';

/** The lock file a run holds in its output folder. */
export const LOCK_FILE = 'run.lock';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  /** A random token per lock taken: tells this process's own locks from a lock an earlier process with its pid left. */
  token?: string;
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  boot?: string;
  /** The holder's start time in clock ticks since boot (/proc/PID/stat): a pid reused by another process is not the holder. */
  pidStart?: string;
}

/** The tokens of the locks this process holds now. */
const heldTokens = new Set<string>();

function readOr(file: string, fallback: string | undefined): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** Field 22 of /proc/PID/stat (the process's start time), or undefined where there is no /proc. */
function pidStartOf(pid: number | 'self'): string | undefined {
  const stat = readOr(`/proc/${pid}/stat`, undefined);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/**
 * Whether a lock's holder on this host is gone: its pid does not run, or runs
 * as another process (started at another time, or before a reboot), or is
 * this very process without holding the lock (in a container every fresh
 * process is pid 1, so an old lock's pid is often our own).
 */
function holderGone(h: Holder, me: Holder): boolean {
  if (h.pid === process.pid) return h.token === undefined || !heldTokens.has(h.token);
  if (!alive(h.pid)) return true;
  if (h.boot !== undefined && me.boot !== undefined && h.boot !== me.boot) return true;
  if (h.pidStart !== undefined) {
    const now = pidStartOf(h.pid);
    if (now !== undefined && now !== h.pidStart) return true;
  }
  return false;
}

export interface RunLock {
  file: string;
  /** The pid of a killed run whose stale lock this one took over, if any. */
  tookOverFrom: number | null;
  release(): void;
}

/** A lock file whose holder never got to write it is stale after this long. */
const EMPTY_LOCK_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function readHolder(file: string): { text: string; holder: Holder | null } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const h = JSON.parse(text) as Holder;
    return { text, holder: Number.isInteger(h.pid) ? h : null };
  } catch {
    return { text, holder: null };
  }
}

/**
 * Takes the run lock of output folder `dir` (without it, two runs into one
 * folder would mix their rows in games.csv). The lock is a file created
 * exclusively, holding the run's pid, host, boot id, the pid's start time
 * and a random token. A lock on this host whose holder is gone (see
 * holderGone: a run killed with kill -9, a reused pid) is stale and taken over; any
 * other holder refuses the run with exit 2, naming the folder and the holder.
 * Other commands that write a run's files into a folder (tournament, sweep,
 * campaign) get this through runExperiment.
 */
export function acquireRunLock(dir: string): RunLock {
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
    token: randomBytes(8).toString('hex'),
    boot: readOr('/proc/sys/kernel/random/boot_id', undefined),
    pidStart: pidStartOf('self'),
  };
  let tookOverFrom: number | null = null;
  refuseFolders([file]);
  // The lock appears with its holder already in it (written beside, then linked): never an empty lock.
  const mine = tmpNameFor(file);
  writeNew(mine, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // A link is no lock a run made (runs link a file of their own): planted, it is removed, never followed.
        if (isLink(file)) {
          removeIfPresent(file);
          continue;
        }
        const seen = readHolder(file);
        if (seen === null) continue; // released meanwhile: try again
        const h = seen.holder;
        const stale = h ? h.host === me.host && holderGone(h, me) : Date.now() - statSync(file).mtimeMs > EMPTY_LOCK_MS;
        if (!stale) {
          const who = h ? `pid ${h.pid}${h.pid === process.pid ? ' (this process)' : ''}${h.host === me.host ? '' : ` on ${h.host}`}, started ${h.startedAt}: ${h.command}` : 'a run that is starting';
          throw new InputError(`${dir}: another run is writing in this folder (${who}); wait for it, or choose another --out`);
        }
        // Take it over: rename it aside, and check it is still the stale one (another run may have been quicker).
        const aside = `${file}.stale-${process.pid}`;
        try {
          renameSync(file, aside);
        } catch {
          continue;
        }
        if (readHolder(aside)?.text !== seen.text) {
          try {
            linkSync(aside, file); // put the live lock back
          } catch {
            // someone holds the lock again; the next attempt sees it
          }
        } else tookOverFrom = h?.pid ?? null;
        unlinkSync(aside);
        continue;
      }
      heldTokens.add(me.token!);
      const release = (): void => {
        process.off('exit', release);
        heldTokens.delete(me.token!);
        if (readHolder(file)?.holder?.token === me.token) unlinkSync(file);
      };
      // A run ended by process.exit still leaves the folder free.
      process.on('exit', release);
      return { file, tookOverFrom, release };
    }
  } finally {
    removeIfPresent(mine);
  }
  throw new InputError(`${dir}: could not take the run lock ${file}; another run keeps taking it`);
}

/**
 * Runs `work` in the output folder `out`: the folder is checked and made
 * before any work, and locked for its length, so two runs never write into
 * one folder at once (experiments, tournaments, sweeps and campaigns alike).
 */
export async function inLockedFolder<T>(out: string, work: () => Promise<T>): Promise<T> {
  checkOutputDir('--out', out);
  makeOutputDir(out);
  const lock = acquireRunLock(out);
  try {
    // What a killed run left: its temporary files go on every start, a refused resume included.
    cleanStaleTemporaries(out);
    return await work();
  } finally {
    lock.release();
  }
}
