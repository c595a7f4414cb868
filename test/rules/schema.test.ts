import { describe, expect, it } from 'vitest';
import { readJsonFile } from '../../src/data/json.js';
import { InputError } from '../../src/errors.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { loadRuleset, resolveRuleset, rulesetSchema, validateRulesetJson } from '../../src/rules/schema.js';

const DIR = 'test/fixtures/army/rulesets';

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('ruleset overrides', () => {
  it('accepts DEFAULT_RULESET itself and an empty override', () => {
    expect(rulesetSchema.safeParse(DEFAULT_RULESET).success).toBe(true);
    expect(resolveRuleset({}, 'x')).toEqual(DEFAULT_RULESET);
    expect(resolveRuleset(undefined, 'x')).toEqual(DEFAULT_RULESET);
  });

  it('deep-merges onto the defaults without touching them', () => {
    const r = resolveRuleset({ marker: { wounds: 7 }, seizingWeights: { Monster: { Heavy: 8 } }, blockChoice: 'defense' }, 'x');
    expect(r.marker).toEqual({ ...DEFAULT_RULESET.marker, wounds: 7 });
    expect(r.seizingWeights.Monster).toEqual({ Light: 6, Medium: 6, Heavy: 8 });
    expect(r.seizingWeights.Infantry).toEqual(DEFAULT_RULESET.seizingWeights.Infantry);
    expect(r.blockChoice).toBe('defense');
    expect(DEFAULT_RULESET.marker.wounds).toBe(5);
    // Arrays and null replace whole.
    expect(resolveRuleset({ steamroller: { turnOrderDepths: [8, 10] } }, 'x').steamroller.turnOrderDepths).toEqual([8, 10]);
    expect(resolveRuleset({ terrain: { maxFootprint: [12, 6] } }, 'x').terrain.maxFootprint).toEqual([12, 6]);
  });

  it('names the source and the path of each bad knob', () => {
    const e = inputError(() => resolveRuleset({ aimedBonus: -1, marker: { colour: 'red' }, supremacyTie: 'coin' }, 'exp.json', ['ruleset']));
    expect(e.lines).toEqual(['exp.json: ruleset.aimedBonus: must be ≥ 0', 'exp.json: ruleset.supremacyTie: expected "fewerVpChooses" or "reroll"', 'exp.json: ruleset.marker.colour: unknown key']);
    expect(inputError(() => resolveRuleset({ nonsense: 1 }, 'x')).lines).toEqual(['x: nonsense: unknown key']);
    expect(inputError(() => resolveRuleset({ overkill: 'yes' }, 'x')).lines).toEqual(['x: overkill: expected boolean, got string']);
    expect(inputError(() => resolveRuleset({ sizeByRole: 2 }, 'x')).lines).toEqual(['x: sizeByRole: expected object, got number']);
    expect(inputError(() => resolveRuleset([], 'x')).lines).toEqual(['x: (root): expected an object of ruleset knobs']);
  });

  it('checks knobs against each other', () => {
    expect(inputError(() => resolveRuleset({ terrain: { minPieces: 15 } }, 'x')).lines).toEqual(['x: terrain.minPieces: must not exceed terrain.maxPieces (14)']);
  });

  it('loads and validates ruleset files', () => {
    const r = loadRuleset(`${DIR}/valid-variant.json`);
    expect(r.commandRange).toBe(8);
    expect(r.overkill).toBe(false);
    expect(r.seizingWeights.Infantry.Light).toBe(1);
    const ok = validateRulesetJson(readJsonFile(`${DIR}/valid-variant.json`), 'v.json');
    expect(ok).toEqual({ errors: [], summary: 'ruleset "Bigger command, no overkill", 4 knobs overridden' });
    const bad = `${DIR}/invalid-knobs.json`;
    expect(validateRulesetJson(readJsonFile(bad), bad).errors).toEqual([
      `${bad}: overrides.sizeByRole.Dragon: unknown key`,
      `${bad}: overrides.blockChoice: expected "larger" or "defense" or "evasion"`,
      `${bad}: overrides.aimedBonus: expected number, got string`,
      `${bad}: overrides.marker.wounds: must be ≥ 1`,
      `${bad}: overrides.marker.colour: unknown key`,
    ]);
    expect(inputError(() => loadRuleset(`${DIR}/invalid-file.json`)).lines).toEqual([
      `${DIR}/invalid-file.json: name: missing (expected string)`,
      `${DIR}/invalid-file.json: overrides: expected object, got array`,
    ]);
  });
});
