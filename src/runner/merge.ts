import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { InputError } from '../errors.js';
import { refuseFolders } from '../data/outputs.js';
import { inLockedFolder } from '../batch/lock.js';
import { csvHeader, csvText, ERROR_COLUMNS, errorFromCsv } from '../batch/csv.js';
import { GAME_COLUMNS, gameFromCsv } from './csv.js';
import { packageVersion } from '../batch/package.js';
import { manifestText, StagedOutput, type OutputStream, type WriteFinal } from '../batch/staged.js';
import { outputFiles } from './run.js';
import { CellSummary, SUMMARY_COLUMNS } from './summary.js';
import { summaryRows } from './balance.js';
import { writeSweepFiles, type CrossingRow } from './sweep-output.js';
import type { ArmyRef, CellSpec, SweepPlan } from './types.js';

export interface MergeOptions {
  /** Output folders of the slices, in any order. */
  dirs: string[];
  out: string;
}

export interface MergeOutcome {
  out: string;
  games: number;
  errors: number;
  files: string[];
  summaryRows: string[][];
  /** A sweep's crossings. */
  crossings?: CrossingRow[];
}

interface ManifestCell {
  index: number;
  key: string;
  scenario: string;
  armyA: Pick<ArmyRef, 'label' | 'path'>;
  armyB: Pick<ArmyRef, 'label' | 'path'>;
  policyA: string;
  policyB: string;
  point?: CellSpec['point'];
  start: number;
  end: number;
  games: number;
  errors: number;
}

interface Manifest {
  kind: 'manifest';
  experiment: string;
  experimentFile: string;
  inputsHash: string;
  seed: string;
  gamesPerCell: number;
  precision: unknown;
  shard: string | null;
  package?: { name: string; version: string };
  sweep?: SweepPlan;
  counts: { cells: number; games: number; errors: number };
  cells: ManifestCell[];
  timings: { seconds: number; gamesPlayed: number; gamesResumed: number; workers: number; chunk: number };
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) {
    const cp = outputFiles(dir).checkpoint;
    throw new InputError(`${dir}: no manifest.json${existsSync(cp) ? ' (the slice is unfinished: finish it with --resume)' : ' (not the output of `skirmish run --shard`)'}`);
  }
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (err) {
    throw new InputError(`${file}: not a skirmish run manifest (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof m !== 'object' || m === null || m.kind !== 'manifest' || !Array.isArray(m.cells)) throw new InputError(`${file}: not a skirmish run manifest`);
  // Another version may play other games from the same seeds: its slices do not add up to one run.
  const version = m.package?.version;
  if (version !== packageVersion()) {
    throw new InputError(`${dir}: a slice made by skirmish-lab ${version ?? '(unknown version)'}, this is ${packageVersion()}; merge it with that version, or run the slice again with this one`);
  }
  return m;
}

/** Reads a CSV file line by line with one line of look-ahead. */
class Lines {
  private it: AsyncIterator<string>;
  private peeked: string | null | undefined;
  lineNo = 0;

  constructor(readonly file: string) {
    this.it = createInterface({ input: createReadStream(file), crlfDelay: Infinity })[Symbol.asyncIterator]();
  }

  async peek(): Promise<string | null> {
    if (this.peeked === undefined) {
      const r = await this.it.next();
      this.peeked = r.done ? null : r.value;
    }
    return this.peeked;
  }

  async next(): Promise<string | null> {
    const line = await this.peek();
    this.peeked = undefined;
    if (line !== null) this.lineNo++;
    return line;
  }

  async expectHeader(columns: readonly string[]): Promise<void> {
    const h = await this.next();
    if (h === null || h !== csvHeader(columns).trimEnd()) throw new InputError(`${this.file}: line 1: expected the header ${columns.join(',')}`);
  }
}

/**
 * Combines the outputs of `--shard K/N` slices into exactly the single-machine
 * files: games.csv and errors.csv are the slices' lines cell by cell in slice
 * order (slices are contiguous blocks of game pairs), and summary.csv is
 * recomputed from those rows in that order, so every sum adds up the same.
 */
export async function mergeShards(opts: MergeOptions): Promise<MergeOutcome> {
  if (opts.dirs.length === 0) throw new InputError('merge: name the slice folders to combine');
  const slices = opts.dirs.map((dir) => ({ dir, m: readManifest(dir) }));
  const first = slices[0].m;
  const n = Number(first.shard?.split('/')[1]);
  const byK = new Map<number, (typeof slices)[number]>();
  for (const s of slices) {
    if (s.m.shard === null) throw new InputError(`${s.dir}: not a slice (run without --shard); nothing to merge`);
    const [k, nn] = s.m.shard.split('/').map(Number);
    if (s.m.inputsHash !== first.inputsHash) {
      throw new InputError(`${s.dir}: a slice of different inputs than ${slices[0].dir} (experiment, armies, seed or games differ)`);
    }
    if (nn !== n) throw new InputError(`${s.dir}: slice ${s.m.shard}, but ${slices[0].dir} is a slice of ${n}`);
    if (byK.has(k)) throw new InputError(`${s.dir}: slice ${s.m.shard} given twice (also ${byK.get(k)!.dir})`);
    byK.set(k, s);
  }
  const missing = [];
  for (let k = 1; k <= n; k++) if (!byK.has(k)) missing.push(`${k}/${n}`);
  if (missing.length > 0) throw new InputError(`merge: missing slice${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const ordered = [...byK.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);

  const out = opts.out;
  for (const s of ordered) {
    if (path.resolve(s.dir) === path.resolve(out)) throw new InputError(`--out ${out}: must not be one of the slices`);
  }
  // The output folder's lock, as a run takes it: a merge never writes into a folder a run is writing.
  return inLockedFolder(out, () => mergeLocked(out, first, ordered));
}

async function mergeLocked(out: string, first: Manifest, ordered: { dir: string; m: Manifest }[]): Promise<MergeOutcome> {
  const files = outputFiles(out);
  refuseFolders([files.games, files.errors, files.summary, files.manifest, ...(first.sweep ? ['sweep.csv', 'crossing.csv'].map((f) => path.join(out, f)) : [])]);
  const gameColumns = [...GAME_COLUMNS, ...(first.sweep?.parameters.map((p) => p.name) ?? [])];
  // Nothing final-named and no temporary file is left on a failure: the slices are untouched, the merge can simply run again.
  const { output, streams } = StagedOutput.open((stream) => ({ games: stream(files.games, csvHeader(gameColumns)), errors: stream(files.errors, csvHeader(ERROR_COLUMNS)) }));
  try {
    const merged = await mergeRows(first, ordered, gameColumns, streams);
    return output.commit((write) => writeFinals(write, out, first, ordered, merged));
  } catch (err) {
    output.abandon();
    throw err;
  }
}

/** What the slices' rows add up to, cell by cell. */
interface Merged {
  summaries: CellSummary[];
  games: number;
  errors: number;
}

/** Copies the slices' games and errors into the streams, cell by cell in slice order, checking them against the manifests. */
async function mergeRows(first: Manifest, ordered: { dir: string; m: Manifest }[], gameColumns: string[], streams: Record<'games' | 'errors', OutputStream>): Promise<Merged> {
  const readers = ordered.map((s) => ({
    s,
    games: new Lines(path.join(s.dir, 'games.csv')),
    errors: new Lines(path.join(s.dir, 'errors.csv')),
  }));
  for (const r of readers) {
    await r.games.expectHeader(gameColumns);
    await r.errors.expectHeader(ERROR_COLUMNS);
  }

  const summaries: CellSummary[] = [];
  let totalGames = 0;
  let totalErrors = 0;
  const batch: string[] = [];
  const flush = (to: OutputStream): void => {
    if (batch.length > 0) to.write(batch.join(''));
    batch.length = 0;
  };
  for (const cell of first.cells) {
    const summary = new CellSummary({
      key: cell.key,
      scenarioLabel: cell.scenario,
      armyA: { ...cell.armyA, file: '' },
      armyB: { ...cell.armyB, file: '' },
      policyA: cell.policyA,
      policyB: cell.policyB,
      point: cell.point,
    });
    for (const r of readers) {
      const expected = r.s.m.cells[cell.index];
      let rows = 0;
      let errs = 0;
      for (let line = await r.games.peek(); line !== null; line = await r.games.peek()) {
        const game = readRow(line, r.games, gameFromCsv);
        if (game.cell !== cell.key) break;
        await r.games.next();
        summary.add(game);
        batch.push(`${line}\n`);
        if (batch.length >= 1000) flush(streams.games);
        rows++;
      }
      flush(streams.games);
      for (let line = await r.errors.peek(); line !== null; line = await r.errors.peek()) {
        if (readRow(line, r.errors, errorFromCsv).cell !== cell.key) break;
        await r.errors.next();
        batch.push(`${line}\n`);
        errs++;
      }
      flush(streams.errors);
      if (rows !== expected.games || errs !== expected.errors) {
        throw new InputError(`${r.s.dir}: cell "${cell.key}": manifest says ${expected.games} games and ${expected.errors} errors, the CSVs hold ${rows} and ${errs}`);
      }
      summary.errors += errs;
      totalGames += rows;
      totalErrors += errs;
    }
    summaries.push(summary);
  }
  for (const r of readers) {
    if ((await r.games.peek()) !== null) throw new InputError(`${r.games.file}: line ${r.games.lineNo + 1}: a row of no cell of the experiment`);
    if ((await r.errors.peek()) !== null) throw new InputError(`${r.errors.file}: line ${r.errors.lineNo + 1}: a row of no cell of the experiment`);
  }
  return { summaries, games: totalGames, errors: totalErrors };
}

/** summary.csv (recomputed from the merged rows in their order), a sweep's files and the manifest. */
function writeFinals(write: WriteFinal, out: string, first: Manifest, ordered: { dir: string; m: Manifest }[], { summaries, games: totalGames, errors: totalErrors }: Merged): MergeOutcome {
  const files = outputFiles(out);
  const rows = summaryRows(summaries);
  write(files.summary, csvHeader(SUMMARY_COLUMNS) + csvText(rows));
  const written = [files.games, files.summary, files.errors, files.manifest];
  let crossings: CrossingRow[] | undefined;
  if (first.sweep) {
    const sw = writeSweepFiles(out, { plan: first.sweep, seed: first.seed, summaries, rows }, write);
    written.push(...sw.files);
    crossings = sw.crossings;
  }
  const manifest = {
    seed: first.seed,
    gamesPerCell: first.gamesPerCell,
    precision: first.precision,
    shard: null,
    ...(first.sweep ? { sweep: first.sweep } : {}),
    mergedFrom: ordered.map((s) => ({ dir: s.dir, shard: s.m.shard })),
    counts: { cells: first.cells.length, games: totalGames, errors: totalErrors },
    cells: first.cells.map((c, i) => ({
      ...c,
      start: ordered[0].m.cells[i].start,
      end: ordered[ordered.length - 1].m.cells[i].end,
      games: summaries[i].games,
      errors: summaries[i].errors,
    })),
    timings: {
      slices: ordered.map((s) => ({ shard: s.m.shard, ...s.m.timings })),
      seconds: ordered.reduce((t, s) => t + (s.m.timings?.seconds ?? 0), 0),
    },
  };
  write(files.manifest, manifestText({ experiment: first.experiment, experimentFile: first.experimentFile, inputsHash: first.inputsHash }, manifest));
  return { out, games: totalGames, errors: totalErrors, files: written, summaryRows: rows, ...(crossings ? { crossings } : {}) };
}

/** A line of a slice's CSV read back by its schema (gameFromCsv, errorFromCsv); a damaged one names its file and line. */
function readRow<T>(line: string, lines: Lines, read: (line: string) => T): T {
  try {
    return read(line);
  } catch (err) {
    throw new InputError(`${lines.file}: line ${lines.lineNo + 1}: ${(err as Error).message}`);
  }
}
