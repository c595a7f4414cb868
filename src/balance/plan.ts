import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildFaction, type Faction } from '../army/index.js';
import { formatIssues, inputFileProblem, readJsonFile, type ValidationResult } from '../data/json.js';
import { InputError } from '../errors.js';
import { confirmCell, DEFAULT_CONFIRM_GAMES, DEFAULT_CONFIRM_POLICY, parseConfirm } from '../runner/confirm.js';
import { policyAlias } from '../runner/references.js';
import type { CellSpec, ConfirmSpec, Experiment, GeneratedSide } from '../runner/types.js';
import { getScenario } from '../scenarios/index.js';
import { factionAbilities, withoutAbility, type Ability } from './abilities.js';
import { priceEntries } from './entries.js';
import { balanceSchema, type BalanceJson } from './schema.js';
import type { PriceEntry } from './types.js';

/** A faction of a balance run, with its prices' place in the fit's columns. */
export interface BalanceFaction {
  id: string;
  /** Absolute path. */
  file: string;
  json: unknown;
  faction: Faction;
  entries: PriceEntry[];
  /** Column of its first price in the fit. */
  offset: number;
  /** Its price step: the greatest common divisor of its prices (a proposal is rounded to it). */
  increment: number;
}

export interface BalancePlan {
  name: string;
  file: string;
  seed: string;
  factions: BalanceFaction[];
  points: number[];
  scenarios: { name: string; label: string }[];
  policy: string;
  fitGames: number;
  holdoutGames: number;
  jitter: number;
  /** Fit columns judged (default all). */
  judged: number[];
  /** Games per ability; 0: none. */
  abilityGames: number;
  /** The stronger tier re-checking the proposed table's worst held-out cells; null: none. */
  confirm: ConfirmSpec | null;
  /** Fit rounds at most. */
  iterations: number;
  /** Another round is played when the proposal moves the lists more than this (listMovement). */
  moveThreshold: number;
  out: string;
  /** sha256 of the balance file (but its confirm and rounds) and every faction file: what the first fit's games depend on. */
  inputsHash: string;
  /** sha256 of everything that decides the outputs: inputsHash, confirm and rounds (slices of one run share it). */
  runHash: string;
}

export interface BalanceFlags {
  out?: string;
  games?: number;
  seed?: string;
  /** `--confirm`: "policy[:games]" or "none", overriding the file. */
  confirm?: string;
}

const DEFAULT_HOLDOUT = 0.25;
const DEFAULT_JITTER = 0.1;
const DEFAULT_ABILITY_GAMES = 240;
const DEFAULT_ITERATIONS = 2;
const DEFAULT_MOVE_THRESHOLD = 0.05;
/** Held-out cells the stronger tier re-checks: the proposed table's worst. */
export const CONFIRM_CELLS = 3;

const even = (n: number): number => n + (n % 2);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Reads and checks a balance file; every problem is one line of one InputError. */
export function loadBalance(file: string, flags: BalanceFlags = {}): BalancePlan {
  return planBalance(readJsonFile(file), file, flags);
}

/** `validate` for kind "balance". */
export function validateBalanceJson(json: unknown, file: string): ValidationResult {
  try {
    const plan = planBalance(json, file);
    const prices = plan.factions.reduce((n, f) => n + f.entries.length, 0);
    return {
      errors: [],
      summary: `balance "${plan.name}": ${plan.factions.length} factions, ${prices} prices (${plan.judged.length} judged), ${plan.scenarios.length} scenarios, ${plan.fitGames} fit and ${plan.holdoutGames} held-out games`,
    };
  } catch (err) {
    if (err instanceof InputError) return { errors: err.lines };
    throw err;
  }
}

/** Checks a parsed balance file and plans it. */
export function planBalance(json: unknown, file: string, flags: BalanceFlags = {}): BalancePlan {
  const parsed = balanceSchema.safeParse(json);
  if (!parsed.success) throw new InputError(formatIssues(file, parsed.error.issues));
  const data: BalanceJson = parsed.data;
  const dir = path.dirname(path.resolve(file));
  const errors: string[] = [];
  const factions: BalanceFaction[] = [];
  let offset = 0;
  data.factions.forEach((f, i) => {
    const abs = path.resolve(dir, f);
    const problem = inputFileProblem(abs);
    if (problem) {
      errors.push(`${file}: factions[${i}]: ${problem}: ${f} (paths are relative to the balance file)`);
      return;
    }
    let fjson: unknown;
    try {
      fjson = readJsonFile(abs);
    } catch (err) {
      errors.push(err instanceof InputError ? err.message : String(err));
      return;
    }
    const built = buildFaction(fjson, abs);
    if (!built.faction) {
      errors.push(...built.errors);
      return;
    }
    if (factions.some((x) => x.id === built.faction!.id)) {
      errors.push(`${file}: factions[${i}]: faction "${built.faction.id}" is listed twice`);
      return;
    }
    const lowest = Math.min(...data.points) * (1 - (data.jitter ?? DEFAULT_JITTER));
    const cheapest = Math.min(...built.faction.characters.map((c) => c.points));
    if (cheapest > Math.floor(lowest)) {
      errors.push(`${file}: points: ${built.faction.id}'s cheapest character costs ${cheapest}, more than the lowest jittered limit (${Math.floor(lowest)})`);
    }
    const entries = priceEntries(built.faction);
    const increment = entries.reduce((g, e) => (e.price > 0 ? gcd(g, e.price) : g), 0) || 1;
    factions.push({ id: built.faction.id, file: abs, json: fjson, faction: built.faction, entries, offset, increment });
    offset += entries.length;
  });
  const scenarios = data.scenarios.map((s, i) => {
    const isFile = s.endsWith('.json') || s.includes('/');
    const name = isFile ? path.resolve(dir, s) : s;
    try {
      getScenario(name);
    } catch (err) {
      errors.push(`${file}: scenarios[${i}]: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { name, label: isFile ? path.basename(s).replace(/\.json$/i, '') : s };
  });
  let judged = factions.flatMap((f) => f.entries.map((_e, k) => f.offset + k));
  if (data.prices && errors.length === 0) {
    judged = [];
    data.prices.forEach((p, i) => {
      const abs = path.resolve(dir, p.faction);
      const f = factions.find((x) => x.file === abs);
      if (!f) {
        errors.push(`${file}: prices[${i}].faction: ${p.faction} is not one of the factions`);
        return;
      }
      const k = f.entries.findIndex((e) => e.pointer === p.pointer);
      if (k < 0) {
        errors.push(`${file}: prices[${i}].pointer: "${p.pointer}" is not a price of ${f.id} (expected one of ${f.entries.map((e) => e.pointer).join(', ')})`);
        return;
      }
      f.entries[k] = { ...f.entries[k], name: p.name };
      judged.push(f.offset + k);
    });
  }
  let confirm: ConfirmSpec | null = { policy: DEFAULT_CONFIRM_POLICY, games: DEFAULT_CONFIRM_GAMES };
  const confirmText = flags.confirm ?? data.confirm;
  if (confirmText !== undefined) {
    const c = parseConfirm(confirmText);
    if ('error' in c) errors.push(flags.confirm !== undefined ? `--confirm: ${c.error}` : `${file}: confirm: ${c.error}`);
    else confirm = c.spec && { ...c.spec, policy: policyAlias(c.spec.policy) };
  }
  if (errors.length > 0) throw new InputError(errors);

  const games = flags.games ?? data.games;
  const holdout = data.holdout ?? DEFAULT_HOLDOUT;
  const holdoutGames = Math.round(games * holdout);
  // The re-check and the rounds come after the first fit: changing them does not play its games again.
  const { confirm: _c, iterations: _i, moveThreshold: _m, ...played } = data;
  const h = createHash('sha256');
  h.update(JSON.stringify({ data: played, games, seed: flags.seed ?? data.seed }));
  for (const f of factions) h.update(`\n${f.id}\n${JSON.stringify(f.json)}`);
  const inputsHash = h.digest('hex');
  const iterations = data.iterations ?? DEFAULT_ITERATIONS;
  const moveThreshold = data.moveThreshold ?? DEFAULT_MOVE_THRESHOLD;
  return {
    name: data.name,
    file,
    seed: flags.seed ?? data.seed,
    factions,
    points: data.points,
    scenarios,
    policy: policyAlias(data.policy ?? 'strongest'),
    fitGames: games - holdoutGames,
    holdoutGames,
    jitter: data.jitter ?? DEFAULT_JITTER,
    judged,
    abilityGames: data.abilities === false ? 0 : (data.abilities?.games ?? DEFAULT_ABILITY_GAMES),
    confirm,
    iterations,
    moveThreshold,
    out: flags.out ?? data.out ?? path.join('reports', data.name),
    inputsHash,
    runHash: createHash('sha256').update(JSON.stringify({ inputsHash, confirm, iterations, moveThreshold })).digest('hex'),
  };
}

/** Every pair of factions, mirrors included (i ≤ j): the matchups a run plays. */
export function factionPairs(plan: BalancePlan): [BalanceFaction, BalanceFaction][] {
  const out: [BalanceFaction, BalanceFaction][] = [];
  plan.factions.forEach((a, i) => plan.factions.forEach((b, j) => j >= i && out.push([a, b])));
  return out;
}

interface CellOptions {
  key: string;
  seedKey?: string;
  a: GeneratedSide;
  b: GeneratedSide;
  labels: [string, string];
  scenario: { name: string; label: string };
  files?: Record<string, unknown>;
}

function cell(plan: BalancePlan, index: number, o: CellOptions): CellSpec {
  return {
    index,
    key: o.key,
    ...(o.seedKey ? { seedKey: o.seedKey } : {}),
    // The files only name the armies: the lists are drawn for every seed (generated).
    armyA: { label: o.labels[0], path: o.a.faction, file: o.a.faction },
    armyB: { label: o.labels[1], path: o.b.faction, file: o.b.faction },
    scenario: o.scenario.name,
    scenarioLabel: o.scenario.label,
    policyA: plan.policy,
    policyB: plan.policy,
    control: null,
    ruleset: { overrides: undefined },
    source: plan.file,
    ...(o.files ? { files: o.files } : {}),
    generated: { a: o.a, b: o.b },
  };
}

function experiment(plan: BalancePlan, phase: string, cells: CellSpec[], games: number, extra: unknown): Experiment {
  const h = createHash('sha256');
  h.update(JSON.stringify({ plan: plan.inputsHash, phase, games, extra }));
  return {
    name: `${plan.name}-${phase}`,
    file: plan.file,
    seed: `${plan.seed}/${phase}`,
    gamesPerCell: games,
    precision: null,
    out: path.join(plan.out, phase),
    cells,
    inputsHash: h.digest('hex'),
  };
}

/** The base cell key of a faction pair, scenario and points limit. */
export function baseKey(a: BalanceFaction, b: BalanceFaction, scenario: string, points: number): string {
  return `${a.id} vs ${b.id} | ${scenario} | ${points}`;
}

/** The phase (and folder) of a fit round: `fit`, then `fit-2`, `fit-3`, ... */
export const fitPhase = (round: number): string => (round === 1 ? 'fit' : `fit-${round}`);

/**
 * The fit's games: every faction pair (mirrors too) × scenario × points
 * limit, each seed pair fielding two fresh lists within jittered limits.
 * A later round builds its lists at the prices the round before proposed
 * (`prices`: patched faction documents, absolute path → JSON), on seeds of
 * its own.
 */
export function fitExperiment(plan: BalancePlan, round = 1, prices: Map<string, unknown> | null = null): Experiment {
  const files = prices && prices.size > 0 ? Object.fromEntries(prices) : undefined;
  const cells: CellSpec[] = [];
  for (const [a, b] of factionPairs(plan))
    for (const s of plan.scenarios)
      for (const points of plan.points)
        cells.push(
          cell(plan, cells.length, {
            key: baseKey(a, b, s.label, points),
            a: { faction: a.file, points, jitter: plan.jitter },
            b: { faction: b.file, points, jitter: plan.jitter },
            labels: [`${a.id}-${points}`, `${b.id}-${points}`],
            scenario: s,
            files,
          }),
        );
  return experiment(plan, fitPhase(round), cells, even(Math.ceil(plan.fitGames / Math.max(1, cells.length))), files ? Object.entries(files) : null);
}

/**
 * The held-out check: the same grid at the exact limits, each seed pair
 * played with lists built under today's prices and under the proposed ones
 * (the same seeds: paired). Proposed factions are patched documents.
 */
export function holdoutExperiment(plan: BalancePlan, proposed: Map<string, unknown> | null): Experiment {
  const cells: CellSpec[] = [];
  const versions: ['today' | 'proposed', Record<string, unknown> | undefined][] = [['today', undefined]];
  if (proposed && proposed.size > 0) versions.push(['proposed', Object.fromEntries(proposed)]);
  for (const [a, b] of factionPairs(plan))
    for (const s of plan.scenarios)
      for (const points of plan.points)
        for (const [version, files] of versions) {
          const base = baseKey(a, b, s.label, points);
          cells.push(
            cell(plan, cells.length, {
              key: `${base} | ${version}`,
              seedKey: base,
              a: { faction: a.file, points, jitter: 0 },
              b: { faction: b.file, points, jitter: 0 },
              labels: [`${a.id}-${points}`, `${b.id}-${points}`],
              scenario: s,
              files,
            }),
          );
        }
  const baseCells = cells.length / versions.length;
  const games = even(Math.ceil(plan.holdoutGames / versions.length / Math.max(1, baseCells)));
  return experiment(plan, 'holdout', cells, games, proposed ? [...proposed.entries()] : null);
}

/**
 * The stronger tier's re-check of the proposed table: the held-out cells
 * `keys` (the proposed table's worst) played again by `plan.confirm`'s
 * policy on both sides, on the held-out seeds and seats, its games a cell.
 */
export function confirmExperiment(plan: BalancePlan, holdout: Experiment, keys: readonly string[]): Experiment {
  const spec = plan.confirm!;
  const cells = keys.map((k, i) =>
    confirmCell(
      holdout.cells.find((c) => c.key === k)!,
      spec.policy,
      i,
    ),
  );
  // The held-out seeds: the same game of the same cell is the same seed and seat.
  return { ...experiment(plan, 'confirm', cells, spec.games, [holdout.inputsHash, spec, keys]), seed: holdout.seed };
}

/** One ability of a faction (or the placebo: nothing taken away, on fresh seeds). */
export interface AbilityTrial {
  faction: BalanceFaction;
  ability: Ability | null;
}

export function abilityTrials(plan: BalancePlan): AbilityTrial[] {
  if (plan.abilityGames === 0) return [];
  const out: AbilityTrial[] = [];
  for (const f of plan.factions) for (const ability of factionAbilities(f.json)) out.push({ faction: f, ability });
  // The sanity row: the first faction with nothing removed, on seeds of its own.
  out.push({ faction: plan.factions[0], ability: null });
  return out;
}

export const abilityLabel = (t: AbilityTrial): string => (t.ability ? `${t.ability.kind} ${t.ability.name}` : 'placebo (nothing removed)');

/**
 * What each ability is worth: the ability's faction as army A against every
 * faction (its mirror too) on every scenario and limit, each seed pair
 * played with the faction whole ("with") and with the ability taken from
 * army A's warriors (the same seeds). The placebo takes nothing away and
 * plays seeds of its own, so its difference is noise alone.
 */
export function abilityExperiment(plan: BalancePlan): { experiment: Experiment; trials: AbilityTrial[] } {
  const trials = abilityTrials(plan);
  const cells: CellSpec[] = [];
  const perTrial = plan.factions.length * plan.scenarios.length * plan.points.length;
  const games = even(Math.ceil(plan.abilityGames / Math.max(1, perTrial)));
  for (const f of plan.factions)
    for (const g of plan.factions)
      for (const s of plan.scenarios)
        for (const points of plan.points) {
          const base = baseKey(f, g, s.label, points);
          const side = (faction: string): GeneratedSide => ({ faction, points, jitter: plan.jitter });
          const labels: [string, string] = [`${f.id}-${points}`, `${g.id}-${points}`];
          cells.push(cell(plan, cells.length, { key: `${base} | with`, seedKey: base, a: side(f.file), b: side(g.file), labels, scenario: s }));
          for (const t of trials) {
            if (t.faction !== f) continue;
            const label = abilityLabel(t);
            if (!t.ability) {
              cells.push(cell(plan, cells.length, { key: `${base} | ${label}`, a: side(f.file), b: side(g.file), labels, scenario: s }));
              continue;
            }
            // A document of its own: in a mirror only army A loses the ability.
            const virtual = `${f.file}#without ${label}`;
            cells.push(
              cell(plan, cells.length, {
                key: `${base} | without ${label}`,
                seedKey: base,
                a: side(virtual),
                b: side(g.file),
                labels,
                scenario: s,
                files: { [virtual]: withoutAbility(f.json, t.ability) },
              }),
            );
          }
        }
  return { experiment: experiment(plan, 'abilities', cells, games, trials.map(abilityLabel)), trials };
}
