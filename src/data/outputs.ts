import { closeSync, mkdirSync, openSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/*
 * Output paths are checked before any work starts (issue 14): an empty path,
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

function checkDir(flag: string, dir: string): void {
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

/** Removes a file if it is there; a temporary file must never be left behind. */
export function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone, or never made
  }
}
