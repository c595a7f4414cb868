import { closeSync, constants as fsConstants, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/*
 * Output paths are checked before any work starts: an empty path,
 * a folder where a file goes (or the reverse), a path under a file, or a place
 * that cannot be written is one line naming the flag and the path, exit 2.
 * Every command with an output calls checkOutputFile or checkOutputDir first.
 */

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? String(err);

function kind(p: string): 'file' | 'dir' | 'other' | 'missing' | 'under-file' {
  try {
    const st = statSync(p);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch (err) {
    if (codeOf(err) === 'ENOTDIR') return 'under-file';
    if (codeOf(err) === 'ENOENT') return 'missing';
    throw err;
  }
}

/**
 * Why nothing can be written in folder `dir` (which may not exist yet), or
 * null. The nearest existing ancestor must be a folder, and a probe file (or,
 * when levels are missing, the first missing folder) must be creatable there;
 * the probe is removed at once. Checking by doing catches read-only mounts,
 * /proc and the like, where permission bits say yes and mkdir says no.
 */
function dirProblem(dir: string): string | null {
  let existing = path.resolve(dir);
  let firstMissing: string | null = null;
  for (;;) {
    const k = kind(existing);
    if (k === 'dir') break;
    if (k === 'file' || k === 'other') return `${existing} is a file, not a folder`;
    if (k === 'missing') firstMissing = existing;
    const up = path.dirname(existing);
    if (up === existing) return `no folder to write in`;
    existing = up;
  }
  try {
    if (firstMissing) {
      mkdirSync(firstMissing);
      rmdirSync(firstMissing);
    } else {
      const probe = path.join(existing, `.skirmish-probe-${process.pid}`);
      closeSync(openSync(probe, 'wx'));
      unlinkSync(probe);
    }
  } catch (err) {
    return `cannot write in ${firstMissing ? path.dirname(firstMissing) : existing} (${codeOf(err)})`;
  }
  return null;
}

/** Runs a check; a file-system error it meets (EACCES on stat, ...) is one line too. */
function checking(flag: string, p: string, check: () => void): void {
  try {
    check();
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${flag} ${p}: cannot use (${codeOf(err)})`);
  }
}

/** Checks an output file path (`--log`, `--csv`, `--svg`, ...); an existing file is replaced. */
export function checkOutputFile(flag: string, file: string): void {
  if (file === '') throw new InputError(`${flag}: expected a file path, got an empty string`);
  checking(flag, file, () => checkFile(flag, file));
}

function checkFile(flag: string, file: string): void {
  const k = kind(file);
  if (k === 'dir') throw new InputError(`${flag} ${file}: is a folder, expected a file path`);
  if (k === 'other') throw new InputError(`${flag} ${file}: is not a regular file`);
  const problem = k === 'under-file' ? 'a part of the path is a file, not a folder' : dirProblem(path.dirname(path.resolve(file)));
  if (problem) throw new InputError(`${flag} ${file}: ${problem}`);
}

/** Checks an output folder path (`run --out`, `merge --out`, ...); it may exist (resume) or not yet. */
export function checkOutputDir(flag: string, dir: string): void {
  if (dir === '') throw new InputError(`${flag}: expected a folder path, got an empty string`);
  checking(flag, dir, () => checkDir(flag, dir));
}

/**
 * The longest path a command writes under its output folder: a replay's
 * temporary file (`replays/.c<cell>-g<game>.html.tmp-<pid>`), with room for
 * large cell, game and pid numbers.
 */
export const LONGEST_OUTPUT = 'replays/.c99999-g99999999.html.tmp-4194304';
/** The longest path the system opens (Linux PATH_MAX, less its terminating zero). */
const PATH_MAX = 4095;

function checkDir(flag: string, dir: string): void {
  // The folder itself may fit while the files under it do not: that would fail only after the games.
  const longest = Buffer.byteLength(path.join(path.resolve(dir), LONGEST_OUTPUT));
  if (longest > PATH_MAX) {
    throw new InputError(`${flag} ${dir}: too long a path: files written under it reach ${longest} bytes, beyond the system's ${PATH_MAX}; choose a shorter one`);
  }
  const k = kind(dir);
  if (k === 'file' || k === 'other') throw new InputError(`${flag} ${dir}: is an existing file, expected a folder`);
  const problem = k === 'under-file' ? 'a part of the path is a file, not a folder' : dirProblem(dir);
  if (problem) throw new InputError(`${flag} ${dir}: ${problem}`);
}

/**
 * Creates `dir` and its missing parents one level at a time. Not
 * mkdirSync(recursive): on /proc it loops forever at full CPU (Node 20).
 */
export function makeOutputDir(dir: string): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); kind(d) === 'missing'; d = path.dirname(d)) {
    missing.push(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (err) {
      if (codeOf(err) !== 'EEXIST') throw err;
    }
  }
}

/**
 * Makes a subfolder of an output folder (a report's `replays/`). A link
 * planted under its name is refused, never followed: the files would land
 * wherever it points.
 */
export function makeOutputSubdir(dir: string): void {
  let st: ReturnType<typeof lstatSync> | null = null;
  try {
    st = lstatSync(dir);
  } catch {
    // not there yet
  }
  if (st?.isSymbolicLink()) throw new InputError(`${dir}: a link where an output folder goes; remove it (its files are written only into a real folder)`);
  if (st && !st.isDirectory()) throw new InputError(`${dir}: a file where an output folder goes; remove or rename it`);
  if (!st) makeOutputDir(dir);
}

/** Removes a file if it is there; a temporary file must never be left behind. */
export function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone, or never made
  }
}

/*
 * Writing output files. Every file a command writes goes first to a
 * temporary name beside it, created fresh with O_EXCL|O_NOFOLLOW (a link
 * planted under that name is removed, never followed), then is renamed over
 * the final name (rename replaces a planted link itself, never its target).
 * Temporary names start with a dot and end in `.tmp` or `.tmp-<pid>`, so a
 * start can clean what a killed run left (cleanStaleTemporaries).
 */

/** The temporary name beside `file`: `.name.tmp-<pid>`. */
export function tmpNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.tmp-${process.pid}`);
}

const NEW_FILE = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0);

/** Creates `file` empty for writing, removing whatever is there first (a planted link included, not its target). */
export function openNew(file: string): number {
  removeIfPresent(file);
  try {
    return openSync(file, NEW_FILE, 0o644);
  } catch (err) {
    // Still there after the removal: a folder (or something else that unlink leaves) planted under the name.
    if (codeOf(err) === 'EEXIST') throw new InputError(`${file}: a folder where an output file goes; remove or rename it`);
    throw err;
  }
}

/** Writes `text` to a new file `file` (see openNew) and syncs it; on failure nothing is left under that name. */
export function writeNew(file: string, text: string | Uint8Array): void {
  const fd = openNew(file);
  try {
    writeAll(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    removeIfPresent(file);
    throw err;
  }
  closeSync(fd);
}

/** Writes all of `text` at the descriptor's position (a short write goes on where it stopped). */
export function writeAll(fd: number, text: string | Uint8Array): void {
  const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let done = 0; done < buf.length;) done += writeSync(fd, buf, done, buf.length - done);
}

/** Writes `file` beside under a temporary name, then renames it: readers see the old file or the whole new one. */
export function writeFileAtomically(file: string, text: string): void {
  const tmp = tmpNameFor(file);
  writeNew(tmp, text);
  try {
    renameSync(tmp, file);
  } catch (err) {
    removeIfPresent(tmp);
    throw err;
  }
}

/**
 * Several output files that appear together or not at all (a run's CSVs and
 * its manifest): each is written under its temporary name; `commit` renames
 * them all (renames need no space), `abandon` removes them. A full disk in the
 * middle leaves no final-named file behind.
 */
export class StagedFiles {
  private staged: { tmp: string; file: string }[] = [];

  /** Writes one file's text under its temporary name. */
  write(file: string, text: string): void {
    const tmp = tmpNameFor(file);
    this.staged.push({ tmp, file });
    writeNew(tmp, text);
  }

  /** A file already written under `tmp` (and closed). */
  add(file: string, tmp: string): void {
    this.staged.push({ tmp, file });
  }

  /** Renames every staged file to its final name, in order (the manifest last). */
  commit(): void {
    for (const s of this.staged) renameSync(s.tmp, s.file);
    this.staged = [];
  }

  /** Removes every temporary file. */
  abandon(): void {
    for (const s of this.staged) removeIfPresent(s.tmp);
    this.staged = [];
  }
}

/** A temporary file of ours: `.name.tmp` or `.name.tmp-<pid>`. */
const TEMPORARY = /^\..+\.tmp(-\d+)?$/;

/**
 * Removes the temporary files a killed command left in `dir` (called with the
 * folder's lock held, so none of them belongs to a live writer there). Returns
 * the names removed.
 */
export function cleanStaleTemporaries(dir: string): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!TEMPORARY.test(name)) continue;
    const m = /\.tmp-(\d+)$/.exec(name);
    if (m && Number(m[1]) !== process.pid && pidAlive(Number(m[1]))) continue; // another command writing beside (play --log)
    try {
      if (lstatSync(path.join(dir, name)).isDirectory()) continue;
      unlinkSync(path.join(dir, name));
      removed.push(name);
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A folder planted under an output's name cannot be replaced by a file:
 * one line naming it, before any work. Links and files there are
 * fine: they are replaced, never followed.
 */
export function refuseFolders(files: readonly string[]): void {
  for (const f of files) {
    let dir = false;
    try {
      dir = lstatSync(f).isDirectory();
    } catch {
      // not there
    }
    if (dir) throw new InputError(`${f}: a folder where an output file goes; remove or rename it`);
  }
}

/** Whether an error is the disk (or quota) running out. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
