import { closeSync, constants as fsConstants, existsSync, fdatasync, fstatSync, fsyncSync, ftruncateSync, lstatSync, openSync, readSync, unlinkSync, write, writeSync } from 'node:fs';
import { openNew } from '../data/outputs.js';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';

const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);
import { InputError } from '../errors.js';
import type { TaskError, TaskRows } from './types.js';

/** How a checkpoint line holds a task's rows (games: their games.csv row; campaigns: their record as JSON). */
export interface RowCodec<R> {
  encode(row: R): (string | number)[];
  /** A row back from its fields; throws (with what is wrong) on fields no row has. */
  decode(fields: (string | number)[]): R;
  /** The game (or campaign) index a row is of. */
  indexOf(row: R): number;
}

/** What a checkpoint was made with; a resume must match it. */
export interface CheckpointHeader {
  /** The line format: 3 since each task line names its run (runId). */
  checkpoint: 3;
  experiment: string;
  inputsHash: string;
  shard: string | null;
  /** The build that wrote it (packageVersion): a run resumes only on the build that started it. */
  build?: string;
}

/** Where one finished task sits in the checkpoint file. */
export interface CheckpointEntry {
  cell: number;
  start: number;
  end: number;
  offset: number;
  length: number;
  games: number;
  /** The line of the checkpoint file it is on (errors name it). */
  line: number;
}

interface TaskLine {
  /** The run that wrote it (runId of the checkpoint's header): a line copied from another run's checkpoint is refused. */
  run: string;
  cell: number;
  start: number;
  end: number;
  rows: (string | number)[][];
  errors: [number, string, string][];
}

/**
 * The overnight safety net: an append-only file, one JSON line a finished
 * task. Lines are appended with one write and an fdatasync, off the main
 * thread: tasks that finish while a sync is under way go together in the next
 * write (a group commit), so the pool is never kept waiting for the disk.
 * Memory holds only an index of the tasks (cell, range, byte offset); rows
 * are read back when the writer reaches them.
 */
export class Checkpoint<R> {
  /** Finished tasks by cell, then by first game index. */
  readonly index = new Map<number, Map<number, CheckpointEntry>>();
  /** Games (rows and errors) already in the file when it was opened. */
  resumedGames = 0;
  private size: number;
  private queued: Buffer[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;

  private constructor(
    readonly file: string,
    private fd: number,
    size: number,
    private readonly codec: RowCodec<R>,
    /** The run its lines belong to (runId of its header). */
    private readonly run: string,
  ) {
    this.size = size;
  }

  /** True when `file` exists and holds at least one finished task. */
  static hasTasks(file: string): boolean {
    // A link planted under the checkpoint's name is no run's checkpoint: create replaces the link itself.
    if (!existsSync(file) || lstatSync(file).isSymbolicLink()) return false;
    const fd = openSync(file, fsConstants.O_RDONLY | NOFOLLOW);
    try {
      let firstLine = true;
      for (const line of lines(fd)) {
        if (!firstLine && line.complete) return true;
        firstLine = false;
      }
      return false;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * A run's checkpoint: resumed (`--resume`), or started fresh, refusing to
   * overwrite one an unfinished run left (its games would be lost).
   */
  static open<R>(file: string, header: CheckpointHeader, codec: RowCodec<R>, resume: boolean): Checkpoint<R> {
    if (resume) return Checkpoint.resume(file, header, codec);
    if (Checkpoint.hasTasks(file)) throw new InputError(`${file}: an unfinished run left a checkpoint here; add --resume to continue it, or delete the file to start over`);
    return Checkpoint.create(file, header, codec);
  }

  /** Starts a new checkpoint (replacing any old one). */
  static create<R>(file: string, header: CheckpointHeader, codec: RowCodec<R>): Checkpoint<R> {
    // Created fresh, never through a link planted under its name.
    const fd = openNew(file);
    const cp = new Checkpoint<R>(file, fd, 0, codec, runId(header));
    cp.appendLine(JSON.stringify(header));
    return cp;
  }

  /**
   * Opens a checkpoint to resume: checks its header against `header`, drops a
   * torn last line (a write cut short by a crash), and indexes the tasks.
   */
  static resume<R>(file: string, header: CheckpointHeader, codec: RowCodec<R>): Checkpoint<R> {
    if (!existsSync(file) && !isLink(file)) return Checkpoint.create(file, header, codec);
    let fd: number;
    try {
      fd = openSync(file, fsConstants.O_RDWR | NOFOLLOW);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOOP' || isLink(file)) {
        throw new InputError(`${file}: a symbolic link, not a run's checkpoint (planted in the output folder?); remove it, then run without --resume`);
      }
      throw err;
    }
    let cp: Checkpoint<R> | null = null;
    let good = 0;
    let lineNo = 0;
    const refuse = (what: string): never => {
      closeSync(fd);
      throw new InputError(`${file}: line ${lineNo}: ${what}; delete the file to start over`);
    };
    for (const line of lines(fd)) {
      lineNo++;
      if (!line.complete) break; // torn tail (a write cut short): cut below
      const body = unseal(line.text);
      let parsed: unknown;
      try {
        parsed = body === null ? undefined : JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined) refuse('damaged checkpoint line (its checksum does not match: edited by hand or damaged on disk)');
      if (lineNo === 1) {
        const h = parsed as Partial<CheckpointHeader>;
        if (h.checkpoint !== header.checkpoint) {
          closeSync(fd);
          throw new InputError(`${file}: made by another version of skirmish-lab (checkpoint format ${String(h.checkpoint)}); delete it to start over`);
        }
        if (header.build !== undefined && h.build !== header.build) {
          closeSync(fd);
          throw new InputError(
            `${file}: started by skirmish-lab ${h.build ?? '(an unknown build)'}, this is ${header.build}: another build may play other games from the same seeds; ` +
              'resume it with that build, or delete the file to start over',
          );
        }
        if (h.inputsHash !== header.inputsHash || (h.shard ?? null) !== header.shard) {
          closeSync(fd);
          throw new InputError(
            `${file}: made by a run with different inputs or shard (experiment, armies, seed, games, precision, --confirm or --shard changed); ` +
              'run without --resume after deleting it to start over',
          );
        }
        // Its lines name the run of the header they were written under.
        cp = new Checkpoint<R>(file, fd, 0, codec, runId(h as CheckpointHeader));
      } else if (cp !== null) {
        const run = (parsed as Partial<TaskLine> | null)?.run;
        if (run !== cp.run) {
          closeSync(fd);
          throw new InputError(
            `${file}: line ${lineNo}: a task of another run (${typeof run === 'string' ? `run ${run}` : 'no run named'}; this checkpoint's run is ${cp.run}), ` +
              "copied from another run's checkpoint? Its games are not this run's: remove the line (resume plays them again), or delete the file to start over",
          );
        }
        const problem = taskProblem(parsed, codec);
        if (problem !== null) refuse(problem);
        const t = parsed as TaskLine;
        let byStart = cp.index.get(t.cell);
        if (!byStart) cp.index.set(t.cell, (byStart = new Map()));
        const seen = byStart.get(t.start);
        if (seen) {
          // A line written twice (the same task): one counts. Another task at the same place is damage.
          if (seen.end !== t.end || seen.length !== line.length - SEAL_BYTES || readText(fd, seen.offset, seen.length) !== body) {
            refuse(`task ${t.start}..${t.end - 1} of cell ${t.cell} again, with other contents than line ${seen.line}`);
          }
        } else {
          for (const other of byStart.values()) {
            if (t.start < other.end && other.start < t.end) refuse(`task ${t.start}..${t.end - 1} of cell ${t.cell} overlaps line ${other.line}'s ${other.start}..${other.end - 1}`);
          }
          const games = t.end - t.start;
          byStart.set(t.start, { cell: t.cell, start: t.start, end: t.end, offset: line.offset, length: line.length - SEAL_BYTES, games, line: lineNo });
          cp.resumedGames += games;
        }
      }
      good = line.offset + line.length + 1;
    }
    if (cp === null || lineNo === 0 || good === 0) {
      closeSync(fd);
      return Checkpoint.create(file, header, codec);
    }
    if (good < fstatSync(fd).size) {
      ftruncateSync(fd, good);
      fsyncSync(fd);
    }
    cp.size = good;
    return cp;
  }

  /** Every finished task, in the file's order. */
  entries(): CheckpointEntry[] {
    return [...this.index.values()].flatMap((m) => [...m.values()]).sort((a, b) => a.line - b.line);
  }

  /**
   * Queues a finished task for the file. It is on disk once `flush()` resolves;
   * a crash before that loses at most the tasks still queued, and a write cut
   * short leaves a torn last line that resume drops.
   */
  append(r: TaskRows<R>): void {
    // After a failed write (a full disk) nothing more is written: the file ends at its last whole line.
    if (this.failure) throw this.failure;
    const line: TaskLine = {
      run: this.run,
      cell: r.cell,
      start: r.start,
      end: r.end,
      rows: r.rows.map((row) => this.codec.encode(row)),
      errors: r.errors.map((e) => [e.game, e.seed, e.message]),
    };
    this.queued.push(Buffer.from(seal(JSON.stringify(line)), 'utf8'));
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
  }

  /** Waits until every appended task is written and synced; throws if a write failed. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const buf = Buffer.concat(this.queued);
        this.queued = [];
        const at = this.size;
        this.size += buf.length;
        let done = 0;
        while (done < buf.length) done += (await writeAsync(this.fd, buf, done, buf.length - done, at + done)).bytesWritten;
        await fdatasyncAsync(this.fd);
      }
    } catch (err) {
      this.failure ??= err;
      this.queued = [];
    }
  }

  /** Reads a finished task back. `cellKey` restores the error rows' cell name. */
  read(e: CheckpointEntry, cellKey: string): TaskRows<R> {
    const buf = Buffer.alloc(e.length);
    readFully(this.fd, buf, e.offset);
    const t = JSON.parse(buf.toString('utf8')) as TaskLine;
    return {
      cell: t.cell,
      start: t.start,
      end: t.end,
      rows: t.rows.map((f) => this.codec.decode(f)),
      errors: t.errors.map(([game, seed, message]): TaskError => ({ cell: cellKey, game, seed, message })),
    };
  }

  /** Closes the file; call after `flush()`. */
  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  /** Deletes the file (after the final outputs are in place). */
  remove(): void {
    this.close();
    unlinkSync(this.file);
  }

  private appendLine(text: string): void {
    const buf = Buffer.from(seal(text), 'utf8');
    let done = 0;
    while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done, this.size + done);
    fsyncSync(this.fd);
    this.size += buf.length;
  }
}

const NOFOLLOW = fsConstants.O_NOFOLLOW ?? 0;

/** A run's identity in its checkpoint lines: a hash of what its header says (experiment, inputs, shard, build). */
export function runId(h: CheckpointHeader): string {
  return createHash('sha256')
    .update(JSON.stringify([h.experiment, h.inputsHash, h.shard ?? null, h.build ?? null]))
    .digest('hex')
    .slice(0, 16);
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function readText(fd: number, offset: number, length: number): string {
  const buf = Buffer.alloc(length);
  readFully(fd, buf, offset);
  return buf.toString('utf8');
}

const isIndex = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/**
 * What is impossible about a task line whose checksum holds (a line
 * re-sealed by hand): its range, its rows and errors must be exactly the games
 * start..end-1, each row valid. Null when it is a task a run could write.
 */
function taskProblem<R>(parsed: unknown, codec: RowCodec<R>): string | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'expected a task object';
  const t = parsed as Partial<TaskLine>;
  if (!isIndex(t.cell)) return `cell: expected a cell index, got ${JSON.stringify(t.cell)}`;
  if (!isIndex(t.start) || !isIndex(t.end) || t.end <= t.start) return `start, end: expected 0 ≤ start < end, got ${JSON.stringify(t.start)}, ${JSON.stringify(t.end)}`;
  if (!Array.isArray(t.rows) || !Array.isArray(t.errors)) return 'rows, errors: expected two arrays';
  const n = t.end - t.start;
  if (t.rows.length + t.errors.length !== n) {
    return `task ${t.start}..${t.end - 1} holds ${t.rows.length} rows and ${t.errors.length} errors, not its ${n} games`;
  }
  const games = new Set<number>();
  for (const [i, f] of t.rows.entries()) {
    if (!Array.isArray(f) || !f.every((x) => typeof x === 'string' || typeof x === 'number')) return `rows[${i}]: expected an array of fields`;
    let g: number;
    try {
      g = codec.indexOf(codec.decode(f));
    } catch (err) {
      return `rows[${i}]: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (!Number.isSafeInteger(g) || g < t.start || g >= t.end || games.has(g)) return `rows[${i}]: game ${g} is not one of the task's games ${t.start}..${t.end - 1} (or twice)`;
    games.add(g);
  }
  for (const [i, e] of t.errors.entries()) {
    if (!Array.isArray(e) || e.length !== 3 || !isIndex(e[0]) || typeof e[1] !== 'string' || typeof e[2] !== 'string') return `errors[${i}]: expected [game, seed, message]`;
    if (e[0] < t.start || e[0] >= t.end || games.has(e[0])) return `errors[${i}]: game ${e[0]} is not one of the task's games ${t.start}..${t.end - 1} (or twice)`;
    games.add(e[0]);
  }
  return null;
}

/** Bytes a line's checksum adds before its newline: a tab and 16 hex digits. */
const SEAL_BYTES = 17;

function checksum(text: string): string {
  return createHash('sha256')
    .update(text)
    .digest('hex')
    .slice(0, SEAL_BYTES - 1);
}

/**
 * A checkpoint line: its JSON, a tab, and a checksum of the JSON:
 * a line edited by hand or damaged on disk is refused on resume instead of
 * silently changing the results. JSON text never holds a raw tab.
 */
function seal(json: string): string {
  return `${json}\t${checksum(json)}\n`;
}

/** The JSON of a sealed line, or null when its checksum does not match. */
function unseal(line: string): string | null {
  const tab = line.length - SEAL_BYTES;
  if (tab < 0 || line[tab] !== '\t') return null;
  const json = line.slice(0, tab);
  return checksum(json) === line.slice(tab + 1) ? json : null;
}

function readFully(fd: number, buf: Buffer, position: number): void {
  let done = 0;
  while (done < buf.length) {
    const n = readSync(fd, buf, done, buf.length - done, position + done);
    if (n === 0) throw new Error('checkpoint ended early');
    done += n;
  }
}

interface Line {
  text: string;
  offset: number;
  /** Bytes, without the newline. */
  length: number;
  /** Ended by a newline. */
  complete: boolean;
  last: boolean;
}

/** The file's lines with their byte offsets, read in 1 MB blocks. */
function* lines(fd: number): Generator<Line> {
  const block = Buffer.alloc(1 << 20);
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0;
  let position = 0;
  let pending: Line | null = null;
  for (;;) {
    const n = readSync(fd, block, 0, block.length, position);
    if (n === 0) break;
    position += n;
    const data = carry.length > 0 ? Buffer.concat([carry, block.subarray(0, n)]) : block.subarray(0, n);
    let start = 0;
    for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, start)) {
      if (pending) yield pending;
      pending = { text: data.toString('utf8', start, i), offset: carryOffset + start, length: i - start, complete: true, last: false };
      start = i + 1;
    }
    carry = Buffer.from(data.subarray(start));
    carryOffset += start;
  }
  if (carry.length > 0) {
    if (pending) yield pending;
    yield { text: carry.toString('utf8'), offset: carryOffset, length: carry.length, complete: false, last: true };
  } else if (pending) {
    yield { ...pending, last: true };
  }
}
