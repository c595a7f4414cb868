import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { readJsonFile, type JsonValidator } from '../../data/json.js';

/**
 * The validator for each file `kind`. Adding a kind is one line here, e.g.
 * `scenario: () => import('../../scenarios/index.js').then((m) => m.validateScenarioJson),`
 * (loaded lazily, so a command only loads the modules it needs).
 */
export const VALIDATORS: Record<string, () => Promise<JsonValidator>> = {
  faction: () => import('../../army/index.js').then((m) => m.validateFactionJson),
  army: () => import('../../army/index.js').then((m) => m.validateArmyJson),
  ruleset: () => import('../../rules/index.js').then((m) => m.validateRulesetJson),
  scenario: () => import('../../scenarios/index.js').then((m) => m.validateScenarioJson),
  experiment: () => import('../../runner/index.js').then((m) => m.validateExperimentJson),
  campaign: () => import('../../campaign/index.js').then((m) => m.validateCampaignJson),
  balance: () => import('../../balance/plan.js').then((m) => m.validateBalanceJson),
  properties: () => import('./diceCheck.js').then((m) => m.validatePropertiesJson),
};

/** Validates one file: its problems as `file: path: message` lines, or `file: ok ...`. */
export async function validateFile(file: string): Promise<{ ok: boolean; lines: string[] }> {
  let json: unknown;
  try {
    json = readJsonFile(file);
  } catch (e) {
    if (e instanceof InputError) return { ok: false, lines: e.lines };
    throw e;
  }
  const kinds = Object.keys(VALIDATORS);
  const expected = kinds.map((k) => `"${k}"`).join(', ');
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, lines: [`${file}: (root): expected an object with a "kind" field (${expected})`] };
  }
  const kind = (json as Record<string, unknown>).kind;
  if (kind === undefined) return { ok: false, lines: [`${file}: kind: missing (expected one of ${expected})`] };
  if (typeof kind !== 'string' || !Object.hasOwn(VALIDATORS, kind)) {
    return { ok: false, lines: [`${file}: kind: expected one of ${expected} (got ${JSON.stringify(kind)})`] };
  }
  const validator = await VALIDATORS[kind]();
  let result;
  try {
    result = await validator(json, file);
  } catch (e) {
    // One file's failure never stops the others; a user error keeps its own lines.
    if (e instanceof InputError) return { ok: false, lines: e.lines };
    return { ok: false, lines: [`${file}: cannot check: ${e instanceof Error ? e.message : String(e)}`] };
  }
  if (result.errors.length > 0) return { ok: false, lines: result.errors };
  return { ok: true, lines: [`${file}: ok${result.summary ? ` (${result.summary})` : ''}`] };
}

export function register(program: Command): void {
  program
    .command('validate')
    .description('check faction, army-list and ruleset files (any file with a "kind" field); exit 2 on any error')
    .argument('<file...>', 'JSON files to check')
    .addHelpText(
      'after',
      `
Each file's "kind" field (${Object.keys(VALIDATORS).join(', ')}) picks its checks. Valid files print
"file: ok" (armies with their points); every problem prints as "file: path: message".

Example:
  $ skirmish validate sims/factions/*.json sims/armies/*.json`,
    )
    .action(async (files: string[]) => {
      let failed = false;
      for (const file of files) {
        const { ok, lines } = await validateFile(file);
        if (ok) process.stdout.write(`${lines.join('\n')}\n`);
        else {
          failed = true;
          process.stderr.write(`${lines.join('\n')}\n`);
        }
      }
      if (failed) process.exitCode = 2;
    });
}
