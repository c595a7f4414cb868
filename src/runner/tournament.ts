/**
 * `skirmish tournament`: every pair of policies plays every scenario with the
 * armies rotated, as cells of an experiment run by runExperiment (pool, paced
 * tasks, checkpoint, in-order output); its rows feed the pairings and ratings.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadRoster } from '../army/index.js';
import { getPolicy, isPluginSpec, pluginFile, splitSpec } from '../bots/index.js';
import { createRng, deriveSeed } from '../dice/index.js';
import { InputError } from '../errors.js';
import { getScenario } from '../scenarios/index.js';
import { bootstrapRatings } from '../stats/index.js';
import { columnIndex, columnsOf, csvHeader, csvText, pickColumns, rowOf, type CsvSchema } from '../batch/csv.js';
import { outputFiles, runExperiment, type RunOptions, type RunOutcome } from './run.js';
import { CELL_SCHEMA, cellFigures, CellSummary, type CellFigures } from './summary.js';
import { formatTable } from './table.js';
import type { ArmyRef, CellSpec, Experiment, GameRecord } from './types.js';

/** pairings.csv: one row a pairing, its columns a cell's as summary.csv has them (its CellSummary's cell has the pairing's policies). */
export const PAIRING_SCHEMA: CsvSchema<CellFigures> = pickColumns(CELL_SCHEMA, [
  'policy_a',
  'policy_b',
  'games',
  'wins_a',
  'draws',
  'losses_a',
  'win_rate_a',
  'win_rate_a_low',
  'win_rate_a_high',
  'vp_margin_mean',
  'passive_rounds_mean',
  'stall_rate',
]);

export const PAIRING_COLUMNS = columnsOf(PAIRING_SCHEMA);

/** A policy's rating on the Elo scale with its 95% interval, and its games. */
interface RatingLine {
  policy: string;
  rating: { rating: number; low: number; high: number };
  games: number;
}

const elo = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '');

/** ratings.csv: one row a policy, strongest first. */
export const RATING_SCHEMA: CsvSchema<RatingLine> = [
  { name: 'policy', value: (r) => r.policy },
  { name: 'rating', value: (r) => elo(r.rating.rating) },
  { name: 'rating_low', value: (r) => elo(r.rating.low) },
  { name: 'rating_high', value: (r) => elo(r.rating.high) },
  { name: 'games', value: (r) => String(r.games) },
];

export const RATING_COLUMNS = columnsOf(RATING_SCHEMA);

/** Bootstrap resamples of the ratings' intervals. */
export const RATING_RESAMPLES = 1000;
/** The policy rated 0 when it plays. */
export const RATING_ANCHOR = 'random';

export interface TournamentOptions {
  /** Policy specs as written (`balanced:aggression=0.7`, a plugin path). */
  policies: string[];
  /** Army files (relative to the current directory unless absolute). */
  armies: string[];
  /** Built-in scenario names or scenario files. */
  scenarios: string[];
  /** Games a pairing at least; rounded up to whole rotations. */
  games: number;
  seed: string;
  out: string;
}

/** A pairing: policies[a] against policies[b], a before b in --policies. */
export interface Pairing {
  a: number;
  b: number;
}

export interface Tournament {
  experiment: Experiment;
  policies: string[];
  pairings: Pairing[];
  /** Games each pairing plays: scenarios × army pairs × 2 army sides × games a cell. */
  gamesPerPairing: number;
  /** By cell index: its pairing and the first of its seed groups within the pairing. */
  cellGroups: { pairing: number; firstGroup: number }[];
  /** Seed groups (up to four games sharing a seed) of a pairing. */
  groupsPerPairing: number;
}

const isFile = (s: string): boolean => s.endsWith('.json') || /[\\/]/.test(s);
const label = (p: string): string => path.basename(p).replace(/\.json$/i, '');

/**
 * Expands a tournament into cells. For each pairing, scenario and pair of
 * different armies X, Y, two cells share one seed key: policy A plays X in
 * one and Y in the other, and each cell's game pairs rotate the first seat,
 * so the four games of a seed give each policy each army in each seat. With
 * one army, the pairing plays its mirror match. Policy A is always army A of
 * its cells, so `winner` A in games.csv is a win of the pairing's policy_a.
 */
export function planTournament(opts: TournamentOptions): Tournament {
  const errors: string[] = [];
  if (opts.policies.length < 2) errors.push(`--policies: expected at least two policies, got ${opts.policies.length}`);
  const seenPolicy = new Set<string>();
  const plugins: string[] = [];
  for (const p of opts.policies) {
    if (seenPolicy.has(p)) errors.push(`--policies: "${p}" is named twice`);
    seenPolicy.add(p);
    const file = pluginFile(p, process.cwd());
    if (file === null) continue;
    if (existsSync(file)) plugins.push(file);
    else errors.push(`--policies: plugin module not found: ${splitSpec(p).name}`);
  }
  if (opts.armies.length === 0) errors.push('--armies: expected at least one army file');
  const armies: ArmyRef[] = opts.armies.map((p) => ({ label: label(p), path: p, file: path.resolve(p) }));
  const byLabel = new Map<string, string>();
  for (const a of armies) {
    if (!existsSync(a.file)) errors.push(`--armies: file not found: ${a.path}`);
    const other = byLabel.get(a.label);
    if (other !== undefined) errors.push(`--armies: ${a.path} and ${other} have the same name "${a.label}" in the tables`);
    byLabel.set(a.label, a.path);
  }
  if (opts.scenarios.length === 0) errors.push('--scenarios: expected at least one scenario');
  const scenarios = opts.scenarios.map((s) => (isFile(s) ? { name: path.resolve(s), label: label(s) } : { name: s, label: s }));
  const seenScenario = new Set<string>();
  for (const [i, s] of scenarios.entries()) {
    if (isFile(opts.scenarios[i]) && !existsSync(s.name)) errors.push(`--scenarios: file not found: ${opts.scenarios[i]}`);
    if (seenScenario.has(s.label)) errors.push(`--scenarios: "${s.label}" is named twice`);
    seenScenario.add(s.label);
  }
  if (errors.length > 0) throw new InputError(errors);

  const matchups: [ArmyRef, ArmyRef][] = [];
  if (armies.length === 1) matchups.push([armies[0], armies[0]]);
  for (let x = 0; x < armies.length; x++) for (let y = x + 1; y < armies.length; y++) matchups.push([armies[x], armies[y]]);
  const sides = armies.length === 1 ? 1 : 2;
  const slots = scenarios.length * matchups.length;
  // Whole rotations: every cell plays the same even number of games.
  const perCell = 2 * Math.ceil(opts.games / (2 * sides * slots));
  const pairs = perCell / 2;

  const pairings: Pairing[] = [];
  for (let a = 0; a < opts.policies.length; a++) for (let b = a + 1; b < opts.policies.length; b++) pairings.push({ a, b });
  const cells: CellSpec[] = [];
  const cellGroups: Tournament['cellGroups'] = [];
  pairings.forEach(({ a, b }, pairing) => {
    const policyA = opts.policies[a];
    const policyB = opts.policies[b];
    let slot = 0;
    for (const s of scenarios) {
      for (const [x, y] of matchups) {
        const seedKey = `${x.label} vs ${y.label} | ${s.label} | ${policyA} vs ${policyB}`;
        for (const [armyA, armyB] of sides === 1
          ? [[x, y]]
          : [
              [x, y],
              [y, x],
            ]) {
          cells.push({
            index: cells.length,
            key: `${armyA.label} vs ${armyB.label} | ${s.label} | ${policyA} vs ${policyB}`,
            seedKey,
            armyA,
            armyB,
            scenario: s.name,
            scenarioLabel: s.label,
            policyA,
            policyB,
            control: null,
            ruleset: { overrides: undefined },
            source: 'tournament',
            // Plugin paths in --policies are relative to the current directory.
            policyDir: process.cwd(),
          });
          cellGroups.push({ pairing, firstGroup: slot * pairs });
        }
        slot++;
      }
    }
  });

  // A plugin's code decides its games: --resume refuses a changed bot.
  const inputFiles = [...plugins, ...armies.map((a) => a.file), ...scenarios.filter((s) => path.isAbsolute(s.name)).map((s) => s.name)];
  const experiment: Experiment = {
    name: 'tournament',
    file: 'tournament',
    seed: opts.seed,
    gamesPerCell: perCell,
    precision: null,
    out: opts.out,
    cells,
    inputsHash: inputsHash(opts.seed, perCell, cells, inputFiles),
  };
  return {
    experiment,
    policies: opts.policies,
    pairings,
    gamesPerPairing: perCell * sides * slots,
    cellGroups,
    groupsPerPairing: slots * pairs,
  };
}

/** sha256 of what decides the results (as a run's inputsHash): settings, cells and the files' contents. */
function inputsHash(seed: string, gamesPerCell: number, cells: CellSpec[], files: string[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ kind: 'tournament', seed, gamesPerCell, cells: cells.map((c) => [c.key, c.seedKey, c.policyA, c.policyB]) }));
  for (const f of [...new Set(files)].sort()) {
    h.update(`\n${path.basename(f)}\n`);
    h.update(readFileSync(f));
  }
  return h.digest('hex');
}

/** Loads every army, scenario and policy once, so a bad one is reported before any game (exit 2). */
export function checkTournament(t: Tournament): void {
  const errors: string[] = [];
  const check = (flag: string, load: () => unknown): void => {
    try {
      load();
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      errors.push(...err.lines.map((l) => `${flag}: ${l}`));
    }
  };
  const cells = t.experiment.cells;
  for (const file of new Set(cells.flatMap((c) => [c.armyA.file, c.armyB.file]))) check('--armies', () => loadRoster(file));
  for (const s of new Set(cells.map((c) => c.scenario))) check('--scenarios', () => getScenario(s));
  // Plugins load asynchronously: runExperiment loads and checks them before any game.
  for (const p of t.policies) if (!isPluginSpec(p)) check('--policies', () => getPolicy(p));
  if (errors.length > 0) throw new InputError(errors);
}

/**
 * A tournament's tables, fed games in game order: per pairing the counts of
 * a run's summary, per seed group policy A's score for the bootstrap.
 */
export class TournamentTables {
  readonly pairings: CellSummary[];
  private readonly groupScore: Float64Array[];
  private readonly groupGames: Uint32Array[];

  constructor(readonly t: Tournament) {
    this.pairings = t.pairings.map((_, i) => new CellSummary(t.experiment.cells[t.cellGroups.findIndex((c) => c.pairing === i)]));
    this.groupScore = t.pairings.map(() => new Float64Array(t.groupsPerPairing));
    this.groupGames = t.pairings.map(() => new Uint32Array(t.groupsPerPairing));
  }

  add(cell: CellSpec, rows: readonly GameRecord[]): void {
    const { pairing, firstGroup } = this.t.cellGroups[cell.index];
    const summary = this.pairings[pairing];
    for (const r of rows) {
      summary.add(r);
      const g = firstGroup + Math.floor(r.game / 2);
      this.groupScore[pairing][g] += r.winner === 'A' ? 1 : r.winner === 'draw' ? 0.5 : 0;
      this.groupGames[pairing][g]++;
    }
  }

  /** pairings.csv rows. */
  pairingRows(): string[][] {
    return this.pairings.map((s) => rowOf(PAIRING_SCHEMA, cellFigures(s)).map(String));
  }

  /** ratings.csv rows, strongest first: Bradley–Terry on the Elo scale, `random` at 0 when it plays, 95% bootstrap intervals. */
  ratingRows(): string[][] {
    const { policies, pairings } = this.t;
    const anchor = policies.indexOf(RATING_ANCHOR);
    const ratings = bootstrapRatings({
      players: policies.length,
      pairs: pairings.map(({ a, b }, k) => ({ i: a, j: b, score: this.groupScore[k], games: this.groupGames[k] })),
      anchor: anchor < 0 ? null : anchor,
      resamples: RATING_RESAMPLES,
      rng: createRng(deriveSeed(this.t.experiment.seed, 'ratings bootstrap')),
    });
    const games = policies.map((_, p) => pairings.reduce((n, pr, k) => n + (pr.a === p || pr.b === p ? this.pairings[k].games : 0), 0));
    return policies
      .map((policy, p) => ({ p, row: rowOf(RATING_SCHEMA, { policy, rating: ratings[p], games: games[p] }).map(String) }))
      .sort((x, y) => (ratings[y.p].rating || 0) - (ratings[x.p].rating || 0) || x.p - y.p)
      .map((x) => x.row);
  }
}

export interface TournamentOutcome {
  run: RunOutcome;
  /** pairings.csv and ratings.csv rows (complete runs). */
  pairings: string[][];
  ratings: string[][];
}

/** Plays a tournament with runExperiment; a complete one also writes pairings.csv and ratings.csv. */
export async function runTournament(t: Tournament, opts: Omit<RunOptions, 'experiment' | 'out' | 'shard' | 'onRows' | 'finalFiles' | 'manifest'> = {}): Promise<TournamentOutcome> {
  const tables = new TournamentTables(t);
  const out = t.experiment.out;
  let pairings: string[][] = [];
  let ratings: string[][] = [];
  const run = await runExperiment({
    ...opts,
    experiment: t.experiment,
    out,
    onRows: (cell, rows) => tables.add(cell, rows),
    finalFiles: () => {
      pairings = tables.pairingRows();
      ratings = tables.ratingRows();
      return [
        { file: tournamentFiles(out).pairings, text: csvHeader(PAIRING_COLUMNS) + csvText(pairings) },
        { file: tournamentFiles(out).ratings, text: csvHeader(RATING_COLUMNS) + csvText(ratings) },
      ];
    },
    manifest: {
      experimentFile: null,
      tournament: {
        policies: t.policies,
        armies: [...new Set(t.experiment.cells.flatMap((c) => [c.armyA.path, c.armyB.path]))],
        scenarios: [...new Set(t.experiment.cells.map((c) => c.scenarioLabel))],
        gamesPerPairing: t.gamesPerPairing,
        ratings: { model: 'Bradley-Terry, Elo scale', anchor: t.policies.includes(RATING_ANCHOR) ? RATING_ANCHOR : 'mean 0', resamples: RATING_RESAMPLES },
      },
    },
  });
  return { run, pairings, ratings };
}

export function tournamentFiles(out: string): ReturnType<typeof outputFiles> & { pairings: string; ratings: string } {
  return { ...outputFiles(out), pairings: path.join(out, 'pairings.csv'), ratings: path.join(out, 'ratings.csv') };
}

const pct = (x: string): string => (x === '' ? '–' : `${(Number(x) * 100).toFixed(1)}%`);

/** pairings.csv rows as a terminal table. */
export function formatPairingsTable(rows: string[][]): string {
  const c = (name: string): number => columnIndex(PAIRING_SCHEMA, name);
  return formatTable(
    ['policy A', 'policy B', 'games', 'A win rate [95% CI]', 'draws', 'VP margin', 'passive rounds', 'stalled'],
    rows.map((r) => [
      r[c('policy_a')],
      r[c('policy_b')],
      r[c('games')],
      `${pct(r[c('win_rate_a')])} [${pct(r[c('win_rate_a_low')])}, ${pct(r[c('win_rate_a_high')])}]`,
      r[c('draws')],
      r[c('vp_margin_mean')] === '' ? '–' : Number(r[c('vp_margin_mean')]).toFixed(2),
      r[c('passive_rounds_mean')] === '' ? '–' : Number(r[c('passive_rounds_mean')]).toFixed(2),
      pct(r[c('stall_rate')]),
    ]),
    2,
  );
}

/** ratings.csv rows as a terminal table. */
export function formatRatingsTable(rows: string[][]): string {
  const num = (x: string): string => (x === '' ? '–' : x);
  return formatTable(
    ['policy', 'rating [95% CI]', 'games'],
    rows.map(([policy, rating, low, high, games]) => [policy, `${num(rating)} [${num(low)}, ${num(high)}]`, games]),
  );
}
