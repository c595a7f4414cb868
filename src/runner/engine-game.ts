/**
 * The real game of a cell: loads its armies, scenario, ruleset and policies
 * once, then plays seeds with army A or army B in the first seat.
 */
import { loadRoster } from '../army/index.js';
import { getPolicy } from '../bots/index.js';
import { playGame, type PlayGameOptions } from '../engine/index.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import { getScenario } from '../scenarios/index.js';
import type { CellSpec, PlayFn } from './types.js';

/** A cell's inputs loaded once; `forSeed` gives playGame's options for one game (the report replays games with it). */
export function cellInputs(cell: CellSpec): { forSeed: (seed: string, aFirst: boolean) => PlayGameOptions } {
  const ruleset = 'file' in cell.ruleset ? loadRuleset(cell.ruleset.file) : resolveRuleset(cell.ruleset.overrides, cell.source, ['ruleset']);
  // The ruleset gives profiles their default Size, base and Command Range (R3, R4).
  const armyA = loadRoster(cell.armyA.file, ruleset);
  const armyB = loadRoster(cell.armyB.file, ruleset);
  const scenario = getScenario(cell.scenario);
  const policyA = getPolicy(cell.policyA);
  const policyB = getPolicy(cell.policyB);
  const control = cell.control ?? scenario.control;
  return {
    forSeed: (seed, aFirst) => ({
      armies: aFirst ? [armyA, armyB] : [armyB, armyA],
      scenario,
      control,
      ruleset,
      seed,
      policies: aFirst ? [policyA, policyB] : [policyB, policyA],
    }),
  };
}

export function createGame(cell: CellSpec): PlayFn {
  const { forSeed } = cellInputs(cell);
  return (seed, aFirst) => playGame(forSeed(seed, aFirst));
}
