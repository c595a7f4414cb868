import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { readJsonFile } from '../data/json.js';
import { parseScenario } from './schema.js';
import type { Scenario } from './types.js';

// This file runs from src/scenarios (vitest) or dist/scenarios (built): the
// package root is two levels up either way.
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built-in catalogue's folder: sims/scenarios in the package. */
export const SCENARIOS_DIR = join(PACKAGE_ROOT, 'sims', 'scenarios');

/** A bare name (no slash, no .json) is a built-in scenario id. */
function isBareName(nameOrPath: string): boolean {
  return !/[\\/]/.test(nameOrPath) && !nameOrPath.endsWith('.json');
}

/** Loads and validates one scenario file; bad content throws an InputError. */
export function loadScenarioFile(file: string): Scenario {
  const { scenario, errors } = parseScenario(readJsonFile(file), file);
  if (!scenario) throw new InputError(errors);
  return scenario;
}

/**
 * A scenario by built-in id (sims/scenarios/<id>.json in the package) or by
 * path to a JSON file. An unknown id names the known ones.
 */
export function getScenario(nameOrPath: string): Scenario {
  if (!isBareName(nameOrPath)) return loadScenarioFile(nameOrPath);
  const known = scenarioFiles().map((f) => f.replace(/\.json$/, ''));
  if (!known.includes(nameOrPath)) {
    throw new InputError(`unknown scenario "${nameOrPath}" (expected one of: ${known.join(', ')}, or a path to a .json file)`);
  }
  return loadScenarioFile(join(SCENARIOS_DIR, `${nameOrPath}.json`));
}

function scenarioFiles(): string[] {
  return readdirSync(SCENARIOS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/** Every built-in scenario, in the rules text's order (numbered first, then by id). */
export function listScenarios(): Scenario[] {
  const all = scenarioFiles().map((f) => loadScenarioFile(join(SCENARIOS_DIR, f)));
  return all.sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || a.id.localeCompare(b.id));
}
