/**
 * The real game of a cell: loads its armies, scenario, ruleset and policies
 * once, then plays seeds with army A or army B in the first seat.
 */
import { loadRoster } from '../army/index.js';
import { withJsonOverlay } from '../data/json.js';
import { getPolicy } from '../bots/index.js';
import { playGame } from '../engine/index.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import { getScenario } from '../scenarios/index.js';
import type { CellSpec, PlayFn } from './types.js';

export function createGame(cell: CellSpec): PlayFn {
  // A sweep's grid point reads its patched files in place of the ones on disk.
  const { ruleset, armyA, armyB, scenario } = withJsonOverlay(cell.files, () => {
    const ruleset = 'file' in cell.ruleset ? loadRuleset(cell.ruleset.file) : resolveRuleset(cell.ruleset.overrides, cell.source, ['ruleset']);
    // The ruleset gives profiles their default Size, base and Command Range (R3, R4).
    return { ruleset, armyA: loadRoster(cell.armyA.file, ruleset), armyB: loadRoster(cell.armyB.file, ruleset), scenario: getScenario(cell.scenario) };
  });
  const policyA = getPolicy(cell.policyA);
  const policyB = getPolicy(cell.policyB);
  const control = cell.control ?? scenario.control;
  return (seed, aFirst) =>
    playGame({
      armies: aFirst ? [armyA, armyB] : [armyB, armyA],
      scenario,
      control,
      ruleset,
      seed,
      policies: aFirst ? [policyA, policyB] : [policyB, policyA],
    });
}
