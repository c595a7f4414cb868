import { loadRoster } from '../army/index.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expandStrongest, getPolicy, isPluginSpec, loadPlugin, pluginFile, pluginHash, resolvePolicySpec } from '../bots/index.js';
import { InputError } from '../errors.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import { getScenario } from '../scenarios/index.js';
import { deploymentAreaError } from '../scenarios/checks.js';
import type { Scenario } from '../scenarios/types.js';
import type { Roster } from '../army/types.js';
import { withJsonOverlay } from '../data/json.js';
import { resolveArmySpec, resolveFileRef, resolveScenarioRef, type ExperimentJson } from './experiment.js';
import type { CellSpec, Experiment } from './types.js';

/** `"strongest"` in an experiment file means the strongest built-in policy (options kept: `strongest:aggression=0.5`). */
export function policyAlias(name: string): string {
  return expandStrongest(name);
}

/** The folder a cell's relative plugin paths start from: its policyDir, else the experiment file's. */
export function policyDir(cell: Pick<CellSpec, 'policyDir' | 'source'>): string {
  return cell.policyDir ?? path.dirname(path.resolve(cell.source));
}

/** Every plugin module the cells name, once: the spec as written, the absolute file and its sha256. */
export function policyModules(cells: readonly CellSpec[]): { policy: string; file: string; sha256: string }[] {
  const out = new Map<string, { policy: string; file: string; sha256: string }>();
  for (const c of cells) {
    for (const spec of [c.policyA, c.policyB]) {
      const file = pluginFile(spec, policyDir(c));
      if (file && !out.has(file) && existsSync(file)) out.set(file, { policy: spec, file, sha256: pluginHash(file) });
    }
  }
  return [...out.values()];
}

/**
 * Loads every plugin the cells name and makes every policy once, in this
 * thread: a bad module or option is an InputError (exit 2) before any game.
 */
export async function checkCellPolicies(cells: readonly CellSpec[]): Promise<void> {
  const seen = new Set<string>();
  for (const c of cells) {
    for (const spec of [c.policyA, c.policyB]) {
      const resolved = resolvePolicySpec(spec, policyDir(c));
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      if (isPluginSpec(resolved)) await loadPlugin(resolved);
      getPolicy(resolved);
    }
  }
}

/** Lines of a loader's InputError; those that do not name a file get the experiment's place. */

function linesOf(err: unknown, place: string): string[] {
  if (err instanceof InputError) return err.lines.map((l) => (/^\S+\.json: /.test(l) ? l : `${place}: ${l}`));
  throw err;
}

/**
 * Loads everything an experiment names, so a bad army, scenario, policy or
 * ruleset knob is reported before any game starts (exit 2).
 */
export function checkReferences(e: Experiment, json: ExperimentJson): string[] {
  const errors: string[] = [];
  const file = e.file;
  const seen = new Set<string>();
  const rosters = new Map<string, Roster>();
  // Army files, and generated lists (read from their document: expandExperiment has reported any problem making them).
  const refs = json.matchups.map((pair, m) => pair.map((p, side) => resolveArmySpec(file, p, `matchups[${m}][${side}]`)));
  refs.forEach((pair, m) =>
    pair.forEach(({ ref, files }, side) => {
      if (seen.has(ref.file)) return;
      seen.add(ref.file);
      try {
        rosters.set(
          ref.file,
          withJsonOverlay(files, () => loadRoster(ref.file)),
        );
      } catch (err) {
        errors.push(...linesOf(err, `${file}: matchups[${m}][${side}]`));
      }
    }),
  );
  const scenarios: (Scenario | undefined)[] = json.scenarios.map((s, i) => {
    try {
      return getScenario(resolveScenarioRef(file, s));
    } catch (err) {
      errors.push(...linesOf(err, `${file}: scenarios[${i}]`));
      return undefined;
    }
  });
  // Armies too big for a scenario's deployment zones fail here, before any work, not in the first game.
  refs.forEach((pair, m) =>
    scenarios.forEach((s, i) =>
      pair.forEach(({ ref }, side) => {
        const army = rosters.get(ref.file);
        const problem = s && army ? deploymentAreaError(s, side as 0 | 1, army) : null;
        if (problem) errors.push(`${file}: matchups[${m}][${side}], scenarios[${i}]: ${problem}`);
      }),
    ),
  );
  const dir = path.dirname(path.resolve(file));
  json.policies.forEach((pair, p) =>
    pair.forEach((written, side) => {
      const spec = policyAlias(written);
      const at = `${file}: policies[${p}][${side}]`;
      if (isPluginSpec(spec)) {
        // The module itself is loaded when the run starts (checkCellPolicies): loading is asynchronous.
        const f = pluginFile(spec, dir)!;
        if (!existsSync(f)) errors.push(`${at}: policy module not found: ${f} (paths are relative to the experiment file)`);
        return;
      }
      try {
        getPolicy(spec);
      } catch (err) {
        errors.push(...linesOf(err, at));
      }
    }),
  );
  if (typeof json.ruleset === 'string') {
    try {
      loadRuleset(resolveFileRef(file, json.ruleset));
    } catch (err) {
      errors.push(...linesOf(err, `${file}: ruleset`));
    }
  } else if (json.ruleset !== undefined) {
    try {
      resolveRuleset(json.ruleset, file, ['ruleset']);
    } catch (err) {
      errors.push(...linesOf(err, `${file}: ruleset`));
    }
  }
  return errors;
}
