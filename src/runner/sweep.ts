/**
 * Sweeps: an experiment whose inputs are patched by JSON pointers
 * at each point of a grid. Every grid point plays the experiment's cells with
 * the same game seeds (common random numbers), so neighbouring points differ
 * by the parameter, not by luck.
 */
import path from 'node:path';
import { z } from 'zod';
import { buildFaction, factionFileFor, fillArmyList } from '../army/index.js';
import { readJsonFile, withJsonOverlay } from '../data/json.js';
import { isPluginSpec } from '../bots/registry.js';
import { getScenario } from '../scenarios/index.js';
import type { Scenario } from '../scenarios/types.js';
import { parsePointer, setAtPointer } from '../data/pointer.js';
import { InputError } from '../errors.js';
import { playFingerprint, pointLists, stableJson } from './sweep-lists.js';
import type { CellSpec, SweepParameter, SweepPlan } from './types.js';

const value = z.union([z.number(), z.string(), z.boolean()]);

export const sweepSchema = z.strictObject({
  parameters: z
    .array(
      z.strictObject({
        /** A column of games.csv, sweep.csv and crossing.csv. */
        name: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'expected a name of letters, digits, "_", "." or "-", starting with a letter'),
        /** An input file of the experiment (relative to it), or "ruleset" for the experiment's own overrides. */
        target: z.string().min(1),
        /** RFC 6901 pointer into the target. */
        pointer: z.string(),
        values: z.union([z.array(value).min(1).max(10_000), z.strictObject({ from: z.number(), to: z.number(), step: z.number().gt(0) })]),
        /** Points-cost parameters: how army lists follow the cost. */
        fill: z.union([z.literal('models'), z.strictObject({ entries: z.array(z.string().min(1)).min(1) })]).optional(),
      }),
    )
    .min(1),
});
export type SweepJson = z.infer<typeof sweepSchema>;

/** Most grid points a sweep may have (each is every cell of the experiment). */
export const MAX_GRID_POINTS = 10_000;

/** from, from + step, … up to `to` (rounded to 10 decimals so 0.1 steps print cleanly). */
function stepValues(v: { from: number; to: number; step: number }): number[] | null {
  if (v.to < v.from) return null;
  const n = Math.floor((v.to - v.from) / v.step + 1e-9) + 1;
  if (n > MAX_GRID_POINTS) return null;
  return Array.from({ length: n }, (_, i) => Number((v.from + i * v.step).toFixed(10)));
}

/** The parts of an experiment file a sweep needs. */
interface SweepInputs {
  sweep: SweepJson;
  matchups: [string, string][];
  scenarios: string[];
  ruleset?: Record<string, unknown> | string;
}

/**
 * Expands the base cells over the sweep's grid. Every problem with the sweep
 * itself (an unknown target, a pointer that leaves its document, a bad
 * range or fill) is an error line naming `sweep.parameters[i]`; the grid
 * points' inputs are checked by checkSweepPoints.
 */
export function expandSweep(data: SweepInputs, file: string, baseCells: CellSpec[]): { cells: CellSpec[]; plan: SweepPlan; errors: string[] } {
  const dir = path.dirname(path.resolve(file));
  const errors: string[] = [];
  const err = (i: number, key: string, message: string): void => {
    errors.push(`${file}: sweep.parameters[${i}]${key ? `.${key}` : ''}: ${message}`);
  };
  // The experiment's input files, and the documents the sweep patches.
  const armies = [...new Set(data.matchups.flat().map((p) => path.resolve(dir, p)))];
  const factionOf = new Map<string, string>();
  for (const a of armies) {
    try {
      const json = readJsonFile(a) as { faction?: unknown; factionFile?: unknown };
      if (typeof json.faction === 'string') {
        factionOf.set(a, factionFileFor({ faction: json.faction, factionFile: typeof json.factionFile === 'string' ? json.factionFile : undefined }, a));
      }
    } catch {
      // a bad army file is reported by the reference check
    }
  }
  const scenarioFiles = data.scenarios.filter((s) => s.endsWith('.json') || /[\\/]/.test(s)).map((s) => path.resolve(dir, s));
  const rulesetFile = typeof data.ruleset === 'string' ? path.resolve(dir, data.ruleset) : null;
  const inputs = new Set([...armies, ...factionOf.values(), ...scenarioFiles, ...(rulesetFile ? [rulesetFile] : [])]);
  const base = new Map<string, unknown>();

  const parameters: SweepParameter[] = [];
  const names = new Set<string>();
  const fillEntries: (string[] | null)[] = [];
  data.sweep.parameters.forEach((p, i) => {
    if (names.has(p.name)) err(i, 'name', `"${p.name}" is the name of an earlier parameter`);
    names.add(p.name);
    const values = Array.isArray(p.values) ? p.values : stepValues(p.values);
    if (values === null) err(i, 'values', `expected from ≤ to, at most ${MAX_GRID_POINTS} values`);
    const twice = values?.find((v, k) => values.indexOf(v) !== k);
    if (twice !== undefined) err(i, 'values', `${JSON.stringify(twice)} is listed twice`);
    parameters.push({ name: p.name, target: p.target, pointer: p.pointer, values: values ?? [], ...(p.fill ? { fill: p.fill } : {}) });
    fillEntries.push(null);
    if (parsePointer(p.pointer) === null) {
      err(i, 'pointer', `"${p.pointer}" is not a JSON pointer (RFC 6901: "/key/0/…", "~1" for "/" and "~0" for "~")`);
      return;
    }
    let doc: unknown;
    if (p.target === 'ruleset') {
      if (rulesetFile) {
        err(i, 'target', `"ruleset" patches the experiment's inline overrides, but its ruleset is the file ${String(data.ruleset)}: target that file instead`);
        return;
      }
      doc = data.ruleset ?? {};
    } else {
      const abs = path.resolve(dir, p.target);
      if (!inputs.has(abs)) {
        const known = [...inputs].map((f) => path.relative(dir, f) || f);
        err(i, 'target', `"${p.target}" is not an input of this experiment (expected "ruleset" or one of: ${known.map((k) => `"${k}"`).join(', ')})`);
        return;
      }
      try {
        doc = readJsonFile(abs);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        errors.push(...e.lines);
        return;
      }
      base.set(abs, doc);
    }
    const check = setAtPointer(doc, p.pointer, values?.[0] ?? 0, p.target === 'ruleset');
    if ('error' in check) err(i, 'pointer', `${check.error} (in ${p.target})`);
    if (p.fill) {
      const abs = path.resolve(dir, p.target);
      if (p.target === 'ruleset' || ![...factionOf.values()].includes(abs)) {
        err(i, 'fill', `fill needs a target that is the faction file of an army of the experiment (got "${p.target}")`);
        return;
      }
      const regiments = ((doc as { regiments?: { name?: unknown }[] }).regiments ?? []).map((r) => String(r?.name));
      if (p.fill === 'models') {
        const t = parsePointer(p.pointer)!;
        const k = Number(t[1]);
        if (t[0] !== 'regiments' || !/^\d+$/.test(t[1] ?? '') || k >= regiments.length) {
          err(i, 'fill', `"models" resizes the regiments of the entry whose cost is swept, so the pointer must be inside a regiment entry ("/regiments/<i>/…"); got "${p.pointer}"`);
          return;
        }
        fillEntries[i] = [regiments[k]];
      } else {
        p.fill.entries.forEach((e, k) => {
          if (!regiments.includes(e)) err(i, `fill.entries[${k}]`, `"${e}" is not a regiment entry of ${p.target} (its entries: ${regiments.map((r) => `"${r}"`).join(', ')})`);
        });
        fillEntries[i] = p.fill.entries;
      }
    }
  });
  const gridSize = parameters.reduce((n, p) => n * Math.max(1, p.values.length), 1);
  if (gridSize > MAX_GRID_POINTS) errors.push(`${file}: sweep.parameters: the grid has ${gridSize} points, more than ${MAX_GRID_POINTS}`);
  const plan: SweepPlan = { parameters, points: [], baseCells: baseCells.length };
  if (errors.length > 0) return { cells: [], plan, errors };

  // The grid, first parameter slowest.
  let grid: (number | string | boolean)[][] = [[]];
  for (const p of parameters) grid = grid.flatMap((g) => p.values.map((v) => [...g, v]));
  /** A point's patched documents and ruleset: every pointer set, then the lists filled to the patched costs. */
  const docsAt = (values: readonly (number | string | boolean)[]): { docs: Map<string, unknown>; ruleset: unknown } => {
    const docs = new Map(base);
    let ruleset: unknown = data.ruleset ?? {};
    parameters.forEach((p, i) => {
      if (p.target === 'ruleset') {
        ruleset = (setAtPointer(ruleset, p.pointer, values[i], true) as { doc: unknown }).doc;
      } else {
        const abs = path.resolve(dir, p.target);
        docs.set(abs, (setAtPointer(docs.get(abs), p.pointer, values[i]) as { doc: unknown }).doc);
      }
    });
    // Fill after every pointer of the point is set: lists follow the patched costs.
    parameters.forEach((p, i) => {
      const entries = fillEntries[i];
      if (!entries) return;
      const factionFile = path.resolve(dir, p.target);
      const { faction } = buildFaction(docs.get(factionFile), factionFile);
      if (!faction) return; // the point's check reports the faction's errors
      for (const army of armies) {
        if (factionOf.get(army) !== factionFile) continue;
        docs.set(army, fillArmyList(docs.has(army) ? docs.get(army) : readJsonFile(army), faction, entries));
      }
    });
    return { docs, ruleset };
  };
  parameters.forEach((p) => {
    if (p.target === 'ruleset') return;
    const v = valueAt(base.get(path.resolve(dir, p.target)), p.pointer);
    if (v !== undefined) p.current = v;
  });

  const listInputs = new Set([...armies, ...factionOf.values()]);
  const armyLabels = armies.map((file) => ({ file, label: labelOf(baseCells, file) }));
  const listed = parameters.some((p) => p.target !== 'ruleset' && listInputs.has(path.resolve(dir, p.target)));
  const firstOf = baseCells.map(() => new Map<string, number>());
  const cells: CellSpec[] = [];
  grid.forEach((values, index) => {
    const label = parameters.map((p, i) => `${p.name}=${values[i]}`).join(', ');
    const { docs, ruleset } = docsAt(values);
    const files = Object.fromEntries(docs);
    // Grid points playing the very same games: the same rosters as built and the same rules; prices left out where
    // nothing reads them (built-in bots only, no VP for points slain: priceBlind).
    const printed = playFingerprint(files, ruleset, armies, listInputs);
    const blindPrint = baseCells.some((c) => priceBlind(c, files)) ? playFingerprint(files, ruleset, armies, listInputs, false) : null;
    const sameAs = baseCells.map((c, b): number | null => {
      const print = blindPrint !== null && priceBlind(c, files) ? `blind ${blindPrint}` : printed;
      if (print === null) return null;
      const first = firstOf[b].get(print);
      if (first === undefined) firstOf[b].set(print, index);
      return first ?? null;
    });
    plan.points.push({ values, label, ...(sameAs.some((x) => x !== null) ? { sameAs } : {}), ...(listed ? { lists: pointLists(files, armyLabels) } : {}) });
    const patchedRuleset = parameters.some((p) => p.target === 'ruleset');
    baseCells.forEach((c, b) => {
      cells.push({
        ...c,
        index: cells.length,
        key: `${c.key} | ${label}`,
        seedKey: c.key,
        files,
        ...(patchedRuleset ? { ruleset: { overrides: ruleset } } : {}),
        point: { index, values: values.map(String), ...(sameAs[b] !== null ? { sameAs: sameAs[b] } : {}) },
      });
    });
  });
  listSteps(plan, fillEntries, docsAt, armies, factionOf, dir);
  return { cells, plan, errors };
}

/**
 * Whether a cell's games never read a price: both policies built-in (the
 * built-in bots value warriors by what they can do, never by their points:
 * test/bots/priceblind.test.ts) and a scenario that scores no points slain.
 */
function priceBlind(c: CellSpec, files: Readonly<Record<string, unknown>>): boolean {
  if (isPluginSpec(c.policyA) || isPluginSpec(c.policyB)) return false;
  let scenario: Scenario;
  try {
    scenario = withJsonOverlay(files, () => getScenario(c.scenario));
  } catch {
    return false;
  }
  return !scenario.vpRules.some((r) => r.rule === 'pointsSlain');
}

/** The value at a JSON pointer, if there is one there. */
function valueAt(doc: unknown, pointer: string): number | string | boolean | undefined {
  const tokens = parsePointer(pointer);
  if (tokens === null) return undefined;
  let at: unknown = doc;
  for (const t of tokens) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[t];
  }
  return typeof at === 'number' || typeof at === 'string' || typeof at === 'boolean' ? at : undefined;
}

/** An army file's label, as the cells name it. */
function labelOf(cells: readonly CellSpec[], file: string): string {
  for (const c of cells) {
    if (c.armyA.file === file) return c.armyA.label;
    if (c.armyB.file === file) return c.armyB.label;
  }
  return path.basename(file, '.json');
}

/** Most values of a fill parameter the list arithmetic walks through per slice. */
const MAX_STEP_VALUES = 10_000;

/**
 * The list arithmetic of fill parameters with whole-number values: along
 * each, with the others held at each slice's values, every value from the
 * smallest to the largest grid value is filled; a list change between v and
 * v + 1 is a step, and each grid point's span is the run of values around it
 * with its lists.
 */
function listSteps(
  plan: SweepPlan,
  fillEntries: readonly (string[] | null)[],
  docsAt: (values: readonly (number | string | boolean)[]) => { docs: Map<string, unknown> },
  armies: readonly string[],
  factionOf: ReadonlyMap<string, string>,
  dir: string,
): void {
  plan.parameters.forEach((p, j) => {
    if (!fillEntries[j] || !p.values.every((v) => typeof v === 'number' && Number.isInteger(v))) return;
    const lo = Math.min(...(p.values as number[]));
    const hi = Math.max(...(p.values as number[]));
    if (hi - lo + 1 > MAX_STEP_VALUES) return;
    const factionFile = path.resolve(dir, p.target);
    const filled = armies.filter((a) => factionOf.get(a) === factionFile);
    const slices = new Map<string, number[]>();
    plan.points.forEach((pt, k) => {
      const other = JSON.stringify(pt.values.filter((_, m) => m !== j));
      slices.set(other, [...(slices.get(other) ?? []), k]);
    });
    const steps: Record<string, [number, number][]> = {};
    const final: Record<string, { below: number | null; above: number | null }> = {};
    for (const [other, ks] of slices) {
      const values = [...plan.points[ks[0]].values];
      const keyIn = (v: number): string => {
        values[j] = v;
        const { docs } = docsAt(values);
        return stableJson(filled.map((a) => docs.get(a) ?? null));
      };
      // Past the range: null where the faction does not build (a value its bounds reject), so no list is filled there.
      const keyAt = (v: number): string | null => {
        values[j] = v;
        try {
          if (!buildFaction(docsAt(values).docs.get(factionFile), factionFile).faction) return null;
          return keyIn(v);
        } catch {
          return null;
        }
      };
      const keys: string[] = [];
      for (let v = lo; v <= hi; v++) keys.push(keyIn(v));
      steps[other] = [];
      for (let v = lo; v < hi; v++) if (keys[v - lo] !== keys[v + 1 - lo]) steps[other].push([v, v + 1]);
      const st = steps[other];
      final[other] = {
        below: endsFinal(keyAt, lo, -1, hi - lo, keys[0]) ? (st.length > 0 ? st[0][0] : hi) : null,
        above: endsFinal(keyAt, hi, 1, hi - lo, keys[keys.length - 1]) ? (st.length > 0 ? st[st.length - 1][1] : lo) : null,
      };
      for (const k of ks) {
        const at = (plan.points[k].values[j] as number) - lo;
        let a = at;
        let z = at;
        while (a > 0 && keys[a - 1] === keys[at]) a--;
        while (z + 1 < keys.length && keys[z + 1] === keys[at]) z++;
        const pt = plan.points[k];
        pt.spans = pt.spans ?? plan.parameters.map(() => null);
        pt.spans[j] = { low: lo + a, high: lo + z };
      }
    }
    p.listSteps = steps;
    p.listFinal = final;
  });
}

/**
 * Whether the lists at the range end `end` stay the same past it in
 * direction `dir` (+1 above, −1 below): every value over one more range's
 * width (the stretch an "extend the range" would sweep) fills to the same
 * lists, and so do values ever farther out (2, 4, 8, … widths) up to the
 * first one the data's bounds reject. A fill resizes a regiment
 * monotonically with its cost, so once the extra model fits at no value (or
 * at every one) the list cannot change again.
 */
function endsFinal(keyAt: (v: number) => string | null, end: number, dir: 1 | -1, width: number, key: string): boolean {
  const w = Math.max(1, width);
  for (let d = 1; d <= w; d++) if (keyAt(end + dir * d) !== key) return false;
  for (let d = 2 * w; d <= w * 2 ** 20; d *= 2) {
    const k = keyAt(end + dir * d);
    if (k === null) break; // past the bounds the data accept: no list at all
    if (k !== key) return false;
  }
  return true;
}
