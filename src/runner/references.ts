import { loadRoster } from '../army/index.js';
import { listPolicies, strongestPolicy } from '../bots/index.js';
import { InputError } from '../errors.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import { getScenario } from '../scenarios/index.js';
import { deploymentAreaError } from '../scenarios/checks.js';
import type { Scenario } from '../scenarios/types.js';
import type { Roster } from '../army/types.js';
import { resolveFileRef, resolveScenarioRef, type ExperimentJson } from './experiment.js';
import type { Experiment } from './types.js';

/** Lines of a loader's InputError; those that do not name a file get the experiment's place. */
/** `"strongest"` in an experiment file means the strongest built-in policy. */
export function policyAlias(name: string): string {
  return name === 'strongest' ? strongestPolicy() : name;
}

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
  json.matchups.forEach((pair, m) =>
    pair.forEach((p, side) => {
      const abs = resolveFileRef(file, p);
      if (seen.has(abs)) return;
      seen.add(abs);
      try {
        rosters.set(abs, loadRoster(abs));
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
  // Armies too big for a scenario's deployment zones fail here, not in the first game (issue 14).
  json.matchups.forEach((pair, m) =>
    scenarios.forEach((s, i) =>
      pair.forEach((p, side) => {
        const army = rosters.get(resolveFileRef(file, p));
        const problem = s && army ? deploymentAreaError(s, side as 0 | 1, army) : null;
        if (problem) errors.push(`${file}: matchups[${m}][${side}], scenarios[${i}]: ${problem}`);
      }),
    ),
  );
  const known = listPolicies();
  json.policies.forEach((pair, p) =>
    pair.forEach((written, side) => {
      const name = policyAlias(written);
      if (!known.includes(name)) errors.push(`${file}: policies[${p}][${side}]: unknown policy "${name}" (expected one of: ${known.join(', ')}, or "strongest")`);
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
