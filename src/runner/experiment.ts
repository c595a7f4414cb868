import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { formatIssues, inputFileProblem, readJsonFile, type ValidationResult } from '../data/json.js';
import { pluginFile } from '../bots/index.js';
import { InputError } from '../errors.js';
import { BOUNDS, boundedInt, boundedList, nameText } from '../data/bounds.js';
import { buildFaction, randomArmy, randomArmyName, withFactionFile, type ArmyFile } from '../army/index.js';
import { expandSweep, sweepSchema } from './sweep.js';
import { parseConfirm } from './confirm.js';
import type { ArmyRef, CellSpec, ConfirmSpec, Experiment, Precision, SweepPlan } from './types.js';

const fileName = nameText;

/**
 * A generated army list in place of an army file: `randomArmy` of the faction
 * file (relative to the experiment file) at `points`, named by `seed`.
 */
export const randomArmySpecSchema = z.strictObject({
  random: fileName,
  points: boundedInt('pointsLimit'),
  seed: z.string().min(1),
});
export type RandomArmySpec = z.infer<typeof randomArmySpecSchema>;

/** An army of a matchup: an army file, or a generated list. */
const armySpecSchema = z.union([fileName, randomArmySpecSchema]);
export type ArmySpec = z.infer<typeof armySpecSchema>;

/** An experiment file (`"kind": "experiment"`); army paths are relative to the file. */
export const experimentSchema = z
  .strictObject({
    kind: z.literal('experiment'),
    name: z.string().regex(/^[A-Za-z0-9._-]+$/, 'expected a name of letters, digits, ".", "_" or "-"'),
    description: z.string().optional(),
    seed: z.string().min(1),
    /** Games per cell; rounded up to an even number (seats rotate in pairs). */
    games: boundedInt('games').optional(),
    precision: z
      .strictObject({
        halfWidth: z.number().gt(0).lt(0.5),
        batch: z.int().min(2).max(1_000_000).optional(),
        maxGames: z.int().min(2).max(BOUNDS.games.max).optional(),
      })
      .optional(),
    /** Army pairs [A, B]: army files relative to this file, or generated lists ({ random, points, seed }). */
    matchups: boundedList(z.tuple([armySpecSchema, armySpecSchema])).min(1),
    /** Built-in scenario names, or scenario files relative to this file. */
    scenarios: boundedList(fileName).min(1),
    /** Policy pairs [for army A, for army B]. */
    policies: boundedList(z.tuple([fileName, fileName])).min(1),
    control: z.enum(['first-blood', 'conquest-stands', 'steamroller']).optional(),
    /** Deep-partial ruleset overrides, or a ruleset file relative to this file. */
    ruleset: z.union([z.record(z.string(), z.unknown()), fileName]).optional(),
    /** Output folder relative to the current directory; default reports/<name>. */
    out: fileName.optional(),
    /** A sweep: the experiment's inputs patched at each point of a grid (sweep.ts). */
    sweep: sweepSchema.optional(),
    /** The stronger policy that re-checks each flag: "search", "search:48" (games of the first look) or "none". */
    confirm: z
      .string()
      .min(1)
      .superRefine((v, ctx) => {
        const r = parseConfirm(v);
        if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
      })
      .optional(),
  })
  .superRefine((x, ctx) => {
    if (x.games === undefined && x.precision === undefined) {
      ctx.addIssue({ code: 'custom', path: ['games'], message: 'missing (expected games per cell, or precision)' });
    }
    const cells = x.matchups.length * x.scenarios.length * x.policies.length;
    if (cells > BOUNDS.cells.max) {
      ctx.addIssue({ code: 'custom', path: ['matchups'], message: `${cells} cells (matchups × scenarios × policies); at most ${BOUNDS.cells.max}` });
    }
  });

export type ExperimentJson = z.infer<typeof experimentSchema>;

import { DEFAULT_PRECISION_BATCH, DEFAULT_PRECISION_MAX_GAMES } from './defaults.js';

export { DEFAULT_PRECISION_BATCH, DEFAULT_PRECISION_MAX_GAMES };

/** Checks an experiment's references (armies, scenarios, policies, ruleset); returns error lines. */
export type ReferenceCheck = (experiment: Experiment, json: ExperimentJson) => string[];

export interface LoadExperimentOptions {
  file: string;
  /** Flags that override the file. */
  games?: number;
  seed?: string;
  precision?: number;
  out?: string;
  /** Loads the armies, scenarios and policies to report every bad reference up front. */
  check?: ReferenceCheck;
  /** `--confirm`: overrides the file's "confirm" (null: none). */
  confirm?: ConfirmSpec | null;
  /** The confirmation when neither the flag nor the file says (the CLI's: search; the library's: none). */
  confirmDefault?: ConfirmSpec | null;
  /** Resolves a policy alias (`"strongest"`) to a policy name; cell keys and seeds use the result. */
  policyAlias?: (name: string) => string;
}

const even = (n: number): number => n + (n % 2);

/** Same test as getScenario: a slash or `.json` makes it a file, relative to the experiment file. */
function looksLikeFile(s: string): boolean {
  return s.endsWith('.json') || s.includes('/') || s.includes('\\');
}

/** A scenario as written in an experiment file → what getScenario takes. */
export function resolveScenarioRef(experimentFile: string, s: string): string {
  return looksLikeFile(s) ? path.resolve(path.dirname(path.resolve(experimentFile)), s) : s;
}

/** A file path as written in an experiment file → absolute. */
export function resolveFileRef(experimentFile: string, p: string): string {
  return path.resolve(path.dirname(path.resolve(experimentFile)), p);
}

function label(p: string): string {
  return path.basename(p).replace(/\.json$/i, '');
}

/** Schema errors and the parsed file. */
function parseExperiment(json: unknown, file: string): { data?: ExperimentJson; errors: string[] } {
  const parsed = experimentSchema.safeParse(json);
  if (!parsed.success) return { errors: formatIssues(file, parsed.error.issues.flatMap(armySpecIssues)) };
  return { data: parsed.data, errors: [] };
}

/**
 * An army of a matchup that is neither a path nor a generated list fails both
 * of the union's shapes: an object gets the generated list's own problems
 * (`matchups[0][1].points: …`), anything else what an army may be.
 */
function armySpecIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.path[0] !== 'matchups' || issue.path.length !== 3) return [issue];
  const [asPath, asRandom] = issue.errors;
  const isObject = asPath?.some((i) => i.code === 'invalid_type' && i.path.length === 0 && /received object$/.test(i.message));
  if (isObject && asRandom) return asRandom.map((i) => ({ ...i, path: [...issue.path, ...i.path] }));
  return [{ ...issue, message: 'expected an army file path, or a generated list { "random": faction file, "points": N, "seed": "text" }' }];
}

/** A stable text of a generated list's spec: the same spec always gives the same text (cell keys, manifests). */
function specText(spec: RandomArmySpec): string {
  return JSON.stringify({ random: spec.random, points: spec.points, seed: spec.seed });
}

/**
 * A matchup's army as a cell's ArmyRef. A generated list gets the name
 * `<faction id>-<points>-r<seed>`, a file path under its faction file's
 * folder that no file is read from, and its document (`files`, read there
 * in place of a file); it is generated once, here, from the faction file.
 */
export function resolveArmySpec(experimentFile: string, spec: ArmySpec, at: string): { ref: ArmyRef; files: Record<string, unknown>; errors: string[] } {
  const dir = path.dirname(path.resolve(experimentFile));
  if (typeof spec === 'string') {
    const abs = path.resolve(dir, spec);
    const problem = inputFileProblem(abs);
    const errors = problem ? [`${experimentFile}: ${at}: ${problem}: ${spec} (paths are relative to the experiment file)`] : [];
    return { ref: { label: label(spec), path: spec, file: abs }, files: {}, errors };
  }
  const factionFile = path.resolve(dir, spec.random);
  const where = `${experimentFile}: ${at}`;
  const none = { ref: { label: specText(spec), path: specText(spec), file: '' }, files: {} };
  const problem = inputFileProblem(factionFile);
  if (problem) return { ...none, errors: [`${where}.random: ${problem}: ${spec.random} (paths are relative to the experiment file)`] };
  let json: unknown;
  try {
    json = readJsonFile(factionFile);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ...none, errors: e.lines.map((l) => `${where}.random: ${l}`) };
  }
  const kind = (json as { kind?: unknown } | null)?.kind;
  if (kind !== 'faction') return { ...none, errors: [`${where}.random: expected a faction file, got ${spec.random} (kind ${JSON.stringify(kind ?? null)})`] };
  const built = buildFaction(json, factionFile);
  if (!built.faction) return { ...none, errors: [`${where}.random: the faction file ${spec.random} is invalid:`, ...built.errors] };
  let army: ArmyFile;
  try {
    army = randomArmy({ faction: built.faction, points: spec.points, seed: spec.seed });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ...none, errors: e.lines.map((l) => `${where}.points: ${l}`) };
  }
  const name = randomArmyName(built.faction.id, spec.points, spec.seed);
  const file = path.join(path.dirname(factionFile), 'generated', `${encodeURIComponent(name)}.json`);
  return {
    ref: { label: name, path: specText(spec), file, generated: { faction: factionFile } },
    files: { [file]: withFactionFile(army, { factionFile, armyFile: file }) },
    errors: [],
  };
}

/**
 * Expands a parsed experiment into cells (matchup × scenario × policy pair,
 * in that nesting order) and applies the flags. Returns error lines for
 * missing files and duplicate cells.
 */
export function expandExperiment(data: ExperimentJson, file: string, flags: Omit<LoadExperimentOptions, 'file' | 'check'> = {}): { experiment: Experiment; errors: string[] } {
  const alias = flags.policyAlias ?? ((n: string) => n);
  const dir = path.dirname(path.resolve(file));
  const errors: string[] = [];
  const armyRef = (spec: ArmySpec, at: string): { ref: ArmyRef; files: Record<string, unknown> } => {
    const r = resolveArmySpec(file, spec, at);
    errors.push(...r.errors);
    return r;
  };
  const armies = data.matchups.map(([a, b], i) => [armyRef(a, `matchups[${i}][0]`), armyRef(b, `matchups[${i}][1]`)]);
  const generated = data.matchups.flatMap((pair, i) => pair.flatMap((a, side) => (typeof a === 'string' ? [] : [`matchups[${i}][${side}]`])));
  if (data.sweep && generated.length > 0) {
    errors.push(`${file}: sweep: a sweep patches input files, and a generated list (${generated.join(', ')}) is none: write it with \`skirmish army random --out FILE\` and name the file`);
  }
  const scenarios = data.scenarios.map((s, i) => {
    if (!looksLikeFile(s)) return { name: s, label: s };
    const abs = path.resolve(dir, s);
    const problem = inputFileProblem(abs);
    if (problem) errors.push(`${file}: scenarios[${i}]: ${problem}: ${s}`);
    return { name: abs, label: label(s) };
  });
  let ruleset: CellSpec['ruleset'] = { overrides: undefined };
  if (typeof data.ruleset === 'string') {
    const abs = path.resolve(dir, data.ruleset);
    const problem = inputFileProblem(abs);
    if (problem) errors.push(`${file}: ruleset: ${problem}: ${data.ruleset}`);
    ruleset = { file: abs };
  } else if (data.ruleset !== undefined) {
    ruleset = { overrides: data.ruleset };
  }

  const cells: CellSpec[] = [];
  const seen = new Map<string, string>();
  data.matchups.forEach((_, m) => {
    const [{ ref: armyA, files: filesA }, { ref: armyB, files: filesB }] = armies[m];
    const files = { ...filesA, ...filesB };
    data.scenarios.forEach((_s, s) => {
      data.policies.forEach(([pa, pb], p) => {
        const policyA = alias(pa);
        const policyB = alias(pb);
        const key = `${armyA.label} vs ${armyB.label} | ${scenarios[s].label} | ${policyA} vs ${policyB}`;
        const at = `matchups[${m}], scenarios[${s}], policies[${p}]`;
        const before = seen.get(key);
        if (before !== undefined) {
          errors.push(`${file}: ${at}: duplicate cell "${key}" (same as ${before}); games would repeat the same seeds`);
          return;
        }
        seen.set(key, at);
        cells.push({
          index: cells.length,
          key,
          armyA,
          armyB,
          scenario: scenarios[s].name,
          scenarioLabel: scenarios[s].label,
          policyA,
          policyB,
          control: data.control ?? null,
          ruleset,
          source: file,
          ...(Object.keys(files).length > 0 ? { files } : {}),
        });
      });
    });
  });

  let sweep: SweepPlan | undefined;
  if (data.sweep && errors.length === 0) {
    // Generated lists were refused above: every army is a path.
    const expanded = expandSweep({ ...data, matchups: data.matchups as [string, string][], sweep: data.sweep }, file, cells);
    errors.push(...expanded.errors);
    cells.splice(0, cells.length, ...expanded.cells);
    sweep = expanded.plan;
  }

  let precision: Precision | null = null;
  const target = flags.precision ?? data.precision?.halfWidth;
  if (target !== undefined) {
    precision = {
      halfWidth: target,
      batch: even(data.precision?.batch ?? DEFAULT_PRECISION_BATCH),
      maxGames: even(data.precision?.maxGames ?? DEFAULT_PRECISION_MAX_GAMES),
    };
  }
  const games = even(flags.games ?? data.games ?? precision?.batch ?? DEFAULT_PRECISION_BATCH);
  const seed = flags.seed ?? data.seed;
  const out = flags.out ?? data.out ?? path.join('reports', data.name);
  let confirm: ConfirmSpec | null = flags.confirmDefault ?? null;
  if (data.confirm !== undefined) {
    const r = parseConfirm(data.confirm);
    if ('spec' in r) confirm = r.spec === null ? null : { ...r.spec, policy: alias(r.spec.policy) };
  }
  if (flags.confirm !== undefined) confirm = flags.confirm;

  const experiment: Experiment = {
    name: data.name,
    file,
    seed,
    gamesPerCell: games,
    precision,
    out,
    cells,
    inputsHash: '',
    ...(sweep ? { sweep } : {}),
    confirm,
  };
  if (errors.length === 0) experiment.inputsHash = inputsHash(experiment, data);
  return { experiment, errors };
}

/**
 * sha256 over what decides the results: the effective settings, the cells and
 * the contents of every file they name. Workers, chunk size and shard are not
 * in it: they never change a result.
 */
function inputsHash(e: Experiment, data: ExperimentJson): string {
  const h = createHash('sha256');
  const files = new Set<string>();
  // Generated lists: their documents as generated (no file holds them), and the faction files they come from.
  const generated = new Map<string, unknown>();
  for (const c of e.cells) {
    for (const a of [c.armyA, c.armyB]) {
      if (a.generated) {
        generated.set(a.file, c.files?.[a.file]);
        files.add(a.generated.faction);
      } else files.add(a.file);
    }
    if (path.isAbsolute(c.scenario)) files.add(c.scenario);
    if ('file' in c.ruleset) files.add(c.ruleset.file);
    // A sweep's patched documents (faction files included) are derived from these.
    for (const f of Object.keys(c.files ?? {})) if (!generated.has(f)) files.add(f);
    // A plugin bot's code decides results too: a changed bot is a changed run (--resume refuses it).
    for (const spec of [c.policyA, c.policyB]) {
      const f = pluginFile(spec, c.policyDir ?? path.dirname(path.resolve(c.source)));
      if (f && existsSync(f)) files.add(f);
    }
  }
  h.update(
    JSON.stringify({
      seed: e.seed,
      gamesPerCell: e.gamesPerCell,
      precision: e.precision,
      control: data.control ?? null,
      ruleset: data.ruleset ?? null,
      ...(data.sweep ? { sweep: data.sweep } : {}),
      // Only a confirmation adds to the hash: the games of runs without one are unchanged.
      ...(e.confirm ? { confirm: e.confirm } : {}),
      cells: e.cells.map((c) => [c.key, c.armyA.path, c.armyB.path, c.policyA, c.policyB]),
    }),
  );
  for (const f of [...files].sort()) {
    h.update(`\n${path.basename(f)}\n`);
    h.update(readFileSync(f));
  }
  for (const [f, doc] of [...generated].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    h.update(`\n${path.basename(f)}\n`);
    h.update(JSON.stringify(doc));
  }
  return h.digest('hex');
}

/** Reads, validates and expands an experiment file; every problem is one line of one InputError. */
export function loadExperiment(opts: LoadExperimentOptions): Experiment {
  const json = readJsonFile(opts.file);
  const { data, errors } = parseExperiment(json, opts.file);
  if (!data) throw new InputError(errors);
  const expanded = expandExperiment(data, opts.file, opts);
  if (expanded.errors.length > 0) throw new InputError(expanded.errors);
  const refErrors = opts.check ? opts.check(expanded.experiment, data) : [];
  if (refErrors.length > 0) throw new InputError(refErrors);
  return expanded.experiment;
}

/** `validate` for kind "experiment": schema, files, and (given `check`) armies, scenarios and policies. */
export function validateExperimentWith(json: unknown, file: string, check?: ReferenceCheck, policyAlias?: (name: string) => string): ValidationResult {
  const { data, errors } = parseExperiment(json, file);
  if (!data) return { errors };
  const expanded = expandExperiment(data, file, { policyAlias });
  if (expanded.errors.length > 0) return { errors: expanded.errors };
  const refErrors = check ? check(expanded.experiment, data) : [];
  if (refErrors.length > 0) return { errors: refErrors };
  const e = expanded.experiment;
  const games = e.precision
    ? `precision ±${e.precision.halfWidth} (batches of ${e.precision.batch}, at most ${e.precision.maxGames} a cell)`
    : `${e.gamesPerCell} games a cell, ${e.gamesPerCell * e.cells.length} in all`;
  return {
    errors: [],
    summary: `experiment "${e.name}": ${e.cells.length} cell${e.cells.length === 1 ? '' : 's'}` + (e.sweep ? ` (${e.sweep.points.length} grid points × ${e.sweep.baseCells})` : '') + `, ${games}`,
  };
}
