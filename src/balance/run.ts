import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../data/outputs.js';
import { csvHeader, csvText, gameFromFields, parseCsvLine } from '../runner/csv.js';
import { inLockedFolder } from '../runner/lock.js';
import { outputFiles, runExperiment, type ProgressUpdate } from '../runner/run.js';
import type { Experiment, GameRecord } from '../runner/types.js';
import { ABILITY_COLUMNS, abilityRows, BALANCE_COLUMNS, fitTable, MATCHUP_COLUMNS, matchupRows, observations, unfixable, type AbilityRow, type MatchupRow, type PriceVerdict } from './fit.js';
import { abilityExperiment, fitExperiment, holdoutExperiment, type BalancePlan } from './plan.js';

/** unfixable.txt when nothing was found. */
export const NOTHING_UNFIXABLE = 'nothing found that no price can fix';

export interface BalanceOptions {
  plan: BalancePlan;
  /** Worker threads; 0 plays in this thread. */
  workers?: number;
  resume?: boolean;
  signal?: AbortSignal;
  abandon?: AbortSignal;
  /** Each phase's progress: `fit`, `holdout`, `abilities`, then `bootstrap` replicates. */
  onProgress?: (phase: string, p: ProgressUpdate) => void;
  onPhase?: (phase: string, info: { total: number; resumed: number; cells: number }) => void;
}

export interface BalanceOutcome {
  status: 'complete' | 'stopped' | 'failed';
  out: string;
  failure?: string;
  prices: PriceVerdict[];
  matchups: MatchupRow[];
  abilities: AbilityRow[];
  unfixable: string[];
  /** The first seat's effect in logits, and the points scale (logits per point). */
  seat: number;
  scale: number;
  files: string[];
}

/** The phases' folders under a balance run's output folder. */
export function balanceFiles(out: string): { balance: string; matchups: string; abilities: string; notes: string } {
  return {
    balance: path.join(out, 'balance.csv'),
    matchups: path.join(out, 'matchups.csv'),
    abilities: path.join(out, 'abilities.csv'),
    notes: path.join(out, 'unfixable.txt'),
  };
}

/** A phase's games: from its finished folder when the inputs match, else played (or resumed) now. */
async function phase(e: Experiment, o: BalanceOptions, name: string): Promise<{ records: GameRecord[] } | { stopped: string }> {
  const files = outputFiles(e.out);
  if (existsSync(files.manifest)) {
    const m = JSON.parse(readFileSync(files.manifest, 'utf8')) as { inputsHash?: string };
    if (m.inputsHash === e.inputsHash) return { records: readGames(files.games) };
  }
  const resume = o.resume === true && existsSync(files.checkpoint);
  const outcome = await runExperiment({
    experiment: e,
    workers: o.workers,
    resume,
    signal: o.signal,
    abandon: o.abandon,
    onStart: (info) => o.onPhase?.(name, { total: info.total, resumed: info.resumed, cells: e.cells.length }),
    onProgress: (p) => o.onProgress?.(name, p),
  });
  if (outcome.status !== 'complete') return { stopped: outcome.failure ?? outcome.status };
  return { records: readGames(files.games) };
}

function readGames(file: string): GameRecord[] {
  const lines = readFileSync(file, 'utf8').split('\n').slice(1);
  return lines.filter((l) => l !== '').map((l) => gameFromFields(parseCsvLine(l)));
}

const num = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '');

/**
 * `skirmish balance`: the fit's games, a proposed table with an interval on
 * every price, the held-out games of today's and the proposed table, and
 * what each ability is worth. Each phase is a run of its own in a folder of
 * the output (fit/, holdout/, abilities/): Ctrl-C keeps finished games and
 * --resume goes on from them; a finished phase is read, not played again.
 */
export async function runBalance(o: BalanceOptions): Promise<BalanceOutcome> {
  const { plan } = o;
  return inLockedFolder(plan.out, async () => {
    const empty = { out: plan.out, prices: [], matchups: [], abilities: [], unfixable: [], seat: Number.NaN, scale: Number.NaN, files: [] };
    const fitE = fitExperiment(plan);
    const fitGames = await phase(fitE, o, 'fit');
    if ('stopped' in fitGames) return { ...empty, status: 'stopped', failure: fitGames.stopped };
    const obs = observations(plan, fitE.cells, fitGames.records);
    const table = fitTable(plan, obs, (done, of) => o.onProgress?.('bootstrap', { done, total: of, played: done, elapsedMs: 0 }));

    const holdE = holdoutExperiment(plan, table.proposed);
    const held = plan.holdoutGames > 0 ? await phase(holdE, o, 'holdout') : { records: [] };
    if ('stopped' in held) return { ...empty, status: 'stopped', failure: held.stopped };
    const matchups = matchupRows(holdE.cells, held.records);
    const notes = unfixable(matchups, held.records);

    let abilities: AbilityRow[] = [];
    if (plan.abilityGames > 0) {
      const { experiment: abE, trials } = abilityExperiment(plan);
      const ab = await phase(abE, o, 'abilities');
      if ('stopped' in ab) return { ...empty, status: 'stopped', failure: ab.stopped };
      abilities = abilityRows({ plan, trials, records: ab.records, scale: table.boot.fit.scale, scaleSe: table.boot.scaleSe });
    }

    const f = balanceFiles(plan.out);
    writeFileAtomically(
      f.balance,
      csvHeader(BALANCE_COLUMNS) + csvText(table.prices.map((p) => [p.faction, p.name, p.pointer, p.costNow, num(p.worth, 1), num(p.low, 1), num(p.high, 1), p.proposed, p.verdict])),
    );
    writeFileAtomically(
      f.matchups,
      csvHeader(MATCHUP_COLUMNS) +
        csvText(
          matchups.map((m) => [
            m.factionA,
            m.factionB,
            m.scenario,
            m.points,
            m.today.games,
            num(m.today.rate, 4),
            num(m.today.low, 4),
            num(m.today.high, 4),
            m.proposed?.games ?? '',
            m.proposed ? num(m.proposed.rate, 4) : '',
            m.proposed ? num(m.proposed.low, 4) : '',
            m.proposed ? num(m.proposed.high, 4) : '',
          ]),
        ),
    );
    const files = [f.balance, f.matchups];
    if (plan.abilityGames > 0) {
      writeFileAtomically(
        f.abilities,
        csvHeader(ABILITY_COLUMNS) +
          csvText(abilities.map((a) => [a.faction, a.ability, a.pairs, num(a.rateWith, 4), num(a.rateWithout, 4), num(a.logits, 4), num(a.worth, 1), num(a.low, 1), num(a.high, 1)])),
      );
      files.push(f.abilities);
    }
    writeFileAtomically(f.notes, notes.length ? `${notes.join('\n')}\n` : `${NOTHING_UNFIXABLE}\n`);
    files.push(f.notes);
    return { status: 'complete', out: plan.out, prices: table.prices, matchups, abilities, unfixable: notes, seat: table.boot.fit.seat, scale: table.boot.fit.scale, files };
  });
}
