import type { ValidationResult } from '../data/json.js';
import { loadExperiment, validateExperimentWith, type ExperimentJson, type LoadExperimentOptions } from './experiment.js';
import { checkReferences, policyAlias } from './references.js';
import { checkSweepPoints } from './sweep-check.js';
import type { Experiment } from './types.js';

/** The reference check, at every grid point of a sweep. */
const check = (e: Experiment, json: ExperimentJson): string[] => checkSweepPoints(e, json, checkReferences);

/** `validate` for kind "experiment": schema, files, armies, scenarios, policies and ruleset knobs. */
export function validateExperimentJson(json: unknown, file: string): ValidationResult {
  return validateExperimentWith(json, file, check, policyAlias);
}

/** loadExperiment with every reference loaded and checked (what `skirmish run` uses). */
export function loadCheckedExperiment(opts: Omit<LoadExperimentOptions, 'check' | 'policyAlias'>): Experiment {
  return loadExperiment({ ...opts, check, policyAlias });
}
