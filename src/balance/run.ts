import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../data/outputs.js';
import { confirmText, playsStronger } from '../runner/confirm.js';
import { csvOf } from '../batch/csv.js';
import { ABILITY_SCHEMA, BALANCE_SCHEMA, MATCHUP_SCHEMA, ROUND_SCHEMA, type RoundRow } from './csv.js';
import { gameFromCsv } from '../runner/csv.js';
import { inLockedFolder } from '../batch/lock.js';
import { StagedOutput } from '../batch/staged.js';
import { outputFiles, runExperiment, type ProgressUpdate } from '../runner/run.js';
import type { Experiment, GameRecord, Shard } from '../runner/types.js';
import { abilityRows, fitTable, listMovement, matchupRows, observations, pricedFactions, unfixable, worstCells, type AbilityRow, type MatchupRow, type PriceVerdict } from './fit.js';
import { abilityExperiment, CONFIRM_CELLS, confirmExperiment, fitExperiment, holdoutExperiment, type BalanceFaction, type BalancePlan } from './plan.js';

/** unfixable.txt when nothing was found. */
export const NOTHING_UNFIXABLE = 'nothing found that no price can fix';

export interface BalanceOptions {
  plan: BalancePlan;
  /** Worker threads; 0 plays in this thread. */
  workers?: number;
  resume?: boolean;
  signal?: AbortSignal;
  abandon?: AbortSignal;
  /** Play slice K of N of every phase whose games are known; a phase after the fit needs the fit merged (`from`). */
  shard?: Shard | null;
  /** A folder of merged phases (`skirmish merge`'s --out) read in place of playing them. */
  from?: string;
  /** Play nothing: read the finished phases and write the outputs when every phase is there (`skirmish merge`). */
  readOnly?: boolean;
  /** Each phase's progress: `fit`, `abilities`, `fit-2`..., `holdout`, `confirm`, and `bootstrap` replicates. */
  onProgress?: (phase: string, p: ProgressUpdate) => void;
  onPhase?: (phase: string, info: { total: number; resumed: number; cells: number }) => void;
}

export interface BalanceOutcome {
  /** `partial`: a slice played its share (`sliced`), or merged slices wait for the slices' next phase (`waiting`). */
  status: 'complete' | 'stopped' | 'failed' | 'partial';
  out: string;
  failure?: string;
  sliced?: string[];
  waiting?: string;
  rounds: RoundRow[];
  prices: PriceVerdict[];
  matchups: MatchupRow[];
  abilities: AbilityRow[];
  unfixable: string[];
  /** The first seat's effect in logits, and the points scale (logits per point). */
  seat: number;
  scale: number;
  files: string[];
}

/** What a slice's folder holds beside its phases: the run it belongs to and the phases it played a share of. */
export const SLICE_FILE = 'balance-slice.json';

export interface SliceMarker {
  kind: 'balance-slice';
  /** The balance file (absolute) and the flags that override it. */
  file: string;
  flags: { games: number; seed: string; confirm: string };
  runHash: string;
  shard: string;
  phases: string[];
}

/** The phases' folders under a balance run's output folder. */
export function balanceFiles(out: string): { balance: string; matchups: string; abilities: string; notes: string; rounds: string; slice: string } {
  return {
    rounds: path.join(out, 'rounds.csv'),
    slice: path.join(out, SLICE_FILE),
    balance: path.join(out, 'balance.csv'),
    matchups: path.join(out, 'matchups.csv'),
    abilities: path.join(out, 'abilities.csv'),
    notes: path.join(out, 'unfixable.txt'),
  };
}

type PhaseGames = { records: GameRecord[] } | { stopped: string } | { sliced: string } | { missing: string };

/** A phase's games when `dir` holds the whole phase (not a slice) of these inputs. */
function wholeIn(dir: string, e: Experiment): GameRecord[] | null {
  const files = outputFiles(dir);
  if (!existsSync(files.manifest)) return null;
  const m = JSON.parse(readFileSync(files.manifest, 'utf8')) as { inputsHash?: string; shard?: string | null };
  return m.inputsHash === e.inputsHash && (m.shard ?? null) === null ? readGames(files.games) : null;
}

/**
 * A phase's games: from a finished folder of it (this run's, or `from`'s
 * merged one) when the inputs match, else played (or resumed) now; a
 * slice plays its share and has no whole phase to give.
 */
async function phase(e: Experiment, o: BalanceOptions): Promise<PhaseGames> {
  const name = path.basename(e.out);
  for (const dir of [e.out, ...(o.from ? [path.join(o.from, name)] : [])]) {
    const records = wholeIn(dir, e);
    if (records) return { records };
  }
  if (o.readOnly) return { missing: name };
  const shard = o.shard ?? null;
  const files = outputFiles(e.out);
  if (shard && existsSync(files.manifest)) {
    const m = JSON.parse(readFileSync(files.manifest, 'utf8')) as { inputsHash?: string; shard?: string | null };
    if (m.inputsHash === e.inputsHash && m.shard === `${shard.k}/${shard.n}`) return { sliced: name };
  }
  const outcome = await runExperiment({
    experiment: e,
    workers: o.workers,
    shard,
    resume: o.resume === true && existsSync(files.checkpoint),
    signal: o.signal,
    abandon: o.abandon,
    onStart: (info) => o.onPhase?.(name, { total: info.total, resumed: info.resumed, cells: e.cells.length }),
    onProgress: (p) => o.onProgress?.(name, p),
  });
  if (outcome.status !== 'complete') return { stopped: outcome.failure ?? outcome.status };
  return shard ? { sliced: name } : { records: readGames(files.games) };
}

function readGames(file: string): GameRecord[] {
  const lines = readFileSync(file, 'utf8').split('\n').slice(1);
  return lines.filter((l) => l !== '').map(gameFromCsv);
}

/** The phases a slice played a share of so far (its marker's, then these), in the order played. */
function writeSliceMarker(plan: BalancePlan, shard: Shard, sliced: readonly string[]): void {
  const file = balanceFiles(plan.out).slice;
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SliceMarker) : null;
  const phases = [...(before?.runHash === plan.runHash ? before.phases : [])];
  for (const p of sliced) if (!phases.includes(p)) phases.push(p);
  const marker: SliceMarker = {
    kind: 'balance-slice',
    file: path.resolve(plan.file),
    flags: { games: plan.fitGames + plan.holdoutGames, seed: plan.seed, confirm: confirmText(plan.confirm) },
    runHash: plan.runHash,
    shard: `${shard.k}/${shard.n}`,
    phases,
  };
  writeFileAtomically(file, `${JSON.stringify(marker, null, 2)}\n`);
}

/**
 * `skirmish balance`: the fit's games, a proposed table with an interval on
 * every price, another fit round on lists built at the proposed prices when
 * they move the lists far, the held-out games of today's and the proposed
 * table, the stronger tier's re-check of its worst cells, and what each
 * ability is worth. Each phase is a run of its own in a folder of the output
 * (fit/, fit-2/, holdout/, confirm/, abilities/): Ctrl-C keeps finished
 * games and --resume goes on from them; a finished phase is read, not played
 * again. A slice (`shard`) plays its share of every phase whose games it can
 * know: those of the fit and the abilities, then, given the merged earlier
 * phases (`from`), the next one.
 */
export async function runBalance(o: BalanceOptions): Promise<BalanceOutcome> {
  const { plan } = o;
  return inLockedFolder(plan.out, async () => {
    const empty = { out: plan.out, prices: [], matchups: [], abilities: [], unfixable: [], rounds: [], seat: Number.NaN, scale: Number.NaN, files: [] };
    const sliced: string[] = [];
    /** Whether the run goes on: the phase has its whole games (a slice notes its share). */
    const ready = (g: PhaseGames): g is { records: GameRecord[] } => {
      if ('sliced' in g) sliced.push(g.sliced);
      return 'records' in g;
    };
    const halt = (...gs: PhaseGames[]): BalanceOutcome => {
      const stopped = gs.find((g) => 'stopped' in g);
      if (stopped && 'stopped' in stopped) return { ...empty, status: 'stopped', failure: stopped.stopped };
      if (o.shard) writeSliceMarker(plan, o.shard, sliced);
      const missing = gs.find((g) => 'missing' in g);
      return { ...empty, status: 'partial', sliced, ...(missing && 'missing' in missing ? { waiting: missing.missing } : {}) };
    };
    let bootStart = 0;
    const replicates = (done: number, of: number): void => {
      if (done === 1) {
        bootStart = Date.now();
        o.onPhase?.('bootstrap', { total: of, resumed: 0, cells: 0 });
      }
      o.onProgress?.('bootstrap', { done, total: of, played: done, elapsedMs: Date.now() - bootStart });
    };

    // The first fit and the abilities: their games depend on nothing played before.
    let fitE = fitExperiment(plan);
    const fit = await phase(fitE, o);
    if ('stopped' in fit) return halt(fit);
    const abE = plan.abilityGames > 0 ? abilityExperiment(plan) : null;
    const ab = abE ? await phase(abE.experiment, o) : { records: [] };
    const fitReady = ready(fit);
    const abReady = ready(ab);
    if (!fitReady || !abReady) return halt(fit, ab);
    let records = fit.records;
    let table = fitTable(plan, observations(plan, fitE.cells, records), { onReplicate: replicates });
    // The abilities play today's lists: today's points scale prices them.
    const todayFit = table;

    // Another round while the proposal moves the lists played far, up to the cap.
    const rounds: RoundRow[] = [];
    let played: readonly BalanceFaction[] = plan.factions;
    for (let round = 1; ; round++) {
      const changes = table.prices.filter((p) => p.verdict === 'raise' || p.verdict === 'lower').length;
      const next = pricedFactions(plan, table.proposed);
      // The same documents draw the same lists: nothing to measure.
      const movement = next.every((f, i) => f.json === played[i].json) ? 0 : listMovement({ experiment: fitE, from: played, to: next });
      const more = movement > plan.moveThreshold && round < plan.iterations;
      rounds.push({ round, games: records.length, changes, movement, next: movement === 0 ? 'no change' : more ? 'another round' : movement > plan.moveThreshold ? 'at the cap' : 'below threshold' });
      if (!more) break;
      fitE = fitExperiment(plan, round + 1, table.proposed);
      const g = await phase(fitE, o);
      if (!ready(g)) return halt(g);
      played = next;
      records = g.records;
      table = fitTable(plan, observations(plan, fitE.cells, records, played), { onReplicate: replicates, factions: played, round: round + 1 });
    }

    const holdE = holdoutExperiment(plan, table.proposed);
    const held = plan.holdoutGames > 0 ? await phase(holdE, o) : { records: [] };
    if (!ready(held)) return halt(held);
    let matchups = matchupRows(holdE.cells, held.records);
    const notes = unfixable(matchups, held.records);

    // The stronger tier re-checks the final table's worst held-out cells.
    const keys = plan.confirm && plan.holdoutGames > 0 && !playsStronger({ policyA: plan.policy, policyB: plan.policy }, plan.confirm) ? worstCells(matchups, holdE.cells, CONFIRM_CELLS) : [];
    if (keys.length > 0) {
      const check = await phase(confirmExperiment(plan, holdE, keys), o);
      if (!ready(check)) return halt(check);
      matchups = matchupRows(holdE.cells, held.records, { policy: plan.confirm!.policy, records: check.records });
    }

    let abilities: AbilityRow[] = [];
    if (abE && 'records' in ab) abilities = abilityRows({ plan, trials: abE.trials, records: ab.records, scale: todayFit.boot.fit.scale, scaleSe: todayFit.boot.scaleSe });

    const f = balanceFiles(plan.out);
    const files = [f.balance, f.matchups, f.rounds, ...(plan.abilityGames > 0 ? [f.abilities] : []), f.notes];
    // The outputs appear together or not at all.
    new StagedOutput().commit((write) => {
      write(f.balance, csvOf(BALANCE_SCHEMA, table.prices));
      write(f.matchups, csvOf(MATCHUP_SCHEMA, matchups));
      write(f.rounds, csvOf(ROUND_SCHEMA, rounds));
      if (plan.abilityGames > 0) write(f.abilities, csvOf(ABILITY_SCHEMA, abilities));
      write(f.notes, notes.length ? `${notes.join('\n')}\n` : `${NOTHING_UNFIXABLE}\n`);
    });
    return {
      status: 'complete',
      out: plan.out,
      prices: table.prices,
      matchups,
      abilities,
      unfixable: notes,
      rounds,
      seat: table.boot.fit.seat,
      scale: table.boot.fit.scale,
      files,
    };
  });
}
