/**
 * The real game of a cell: loads its armies, scenario, ruleset and policies
 * (plugin modules too, in this thread) once, then plays seeds with army A or
 * army B in the first seat.
 */
import { composeArmy, loadFaction, loadRoster } from '../army/index.js';
import type { Roster } from '../engine/types.js';
import { generatedList } from './generated.js';
import { withJsonOverlay } from '../data/json.js';
import { getPolicy, isPluginSpec, loadPlugin, resolvePolicySpec } from '../bots/index.js';
import { playGame, type PlayGameOptions } from '../engine/index.js';
import type { GameState, Policy } from '../engine/types.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import { getScenario } from '../scenarios/index.js';
import { policyDir } from './references.js';
import type { CellSpec, PlayFn } from './types.js';

/** A cell's policy from its spec: plugins are loaded (once a thread) from their path relative to the cell's policy folder. */
export async function cellPolicy(cell: CellSpec, spec: string): Promise<Policy> {
  const resolved = resolvePolicySpec(spec, policyDir(cell));
  if (isPluginSpec(resolved)) await loadPlugin(resolved);
  return getPolicy(resolved);
}

/** A cell's inputs loaded once; `forSeed` gives playGame's options for one game (the report replays games with it). */
export async function cellInputs(cell: CellSpec): Promise<{ forSeed: (seed: string, aFirst: boolean) => PlayGameOptions }> {
  // A sweep's grid point reads its patched files in place of the ones on disk.
  const { ruleset, armies, scenario } = withJsonOverlay(cell.files, () => {
    const ruleset = 'file' in cell.ruleset ? loadRuleset(cell.ruleset.file) : resolveRuleset(cell.ruleset.overrides, cell.source, ['ruleset']);
    const scenario = getScenario(cell.scenario);
    // The ruleset gives profiles their default Size, base and Command Range (R3, R4).
    if (!cell.generated) {
      const a = loadRoster(cell.armyA.file, ruleset);
      const b = loadRoster(cell.armyB.file, ruleset);
      return { ruleset, scenario, armies: (): [Roster, Roster] => [a, b] };
    }
    const gen = cell.generated;
    const fa = loadFaction(gen.a.faction, ruleset);
    const fb = loadFaction(gen.b.faction, ruleset);
    const roster = (side: 'A' | 'B', seed: string): Roster => {
      const army = side === 'A' ? generatedList(gen.a, fa, seed, 'A') : generatedList(gen.b, fb, seed, 'B');
      const built = composeArmy({ army, faction: side === 'A' ? fa : fb, file: side === 'A' ? cell.armyA.file : cell.armyB.file, ruleset });
      if (!built.roster) throw new Error(`a generated list is not legal: ${built.errors.join('; ')}`);
      return built.roster;
    };
    return { ruleset, scenario, armies: (seed: string): [Roster, Roster] => [roster('A', seed), roster('B', seed)] };
  });
  const policyA = await cellPolicy(cell, cell.policyA);
  const policyB = await cellPolicy(cell, cell.policyB);
  const control = cell.control ?? scenario.control;
  return {
    forSeed: (seed, aFirst) => {
      const [armyA, armyB] = armies(seed);
      return {
        armies: aFirst ? [armyA, armyB] : [armyB, armyA],
        scenario,
        control,
        ruleset,
        seed,
        policies: aFirst ? [policyA, policyB] : [policyB, policyA],
      };
    },
  };
}

export async function createGame(cell: CellSpec): Promise<PlayFn> {
  const { forSeed } = await cellInputs(cell);
  return (seed, aFirst) => {
    let state: GameState | null = null;
    const result = playGame({ ...forSeed(seed, aFirst), observe: (s) => (state = s) });
    // Each seat's warriors lost as the result counts them (not on the table at the end, R40), for a same-as grid point's prices.
    const lost: [boolean[], boolean[]] = [[], []];
    for (const w of (state as GameState | null)?.warriors ?? []) lost[w.player].push(w.status !== 'table');
    return { ...result, lost };
  };
}
