import type { ValidationResult } from '../data/json.js';
import { loadExperiment, validateExperimentWith, type LoadExperimentOptions } from './experiment.js';
import { checkReferences, policyAlias } from './references.js';
import type { Experiment } from './types.js';

/** `validate` for kind "experiment": schema, files, armies, scenarios, policies and ruleset knobs. */
export function validateExperimentJson(json: unknown, file: string): ValidationResult {
  return validateExperimentWith(json, file, checkReferences, policyAlias);
}

/** loadExperiment with every reference loaded and checked (what `skirmish run` uses). */
export function loadCheckedExperiment(opts: Omit<LoadExperimentOptions, 'check' | 'policyAlias'>): Experiment {
  return loadExperiment({ ...opts, check: checkReferences, policyAlias });
}
