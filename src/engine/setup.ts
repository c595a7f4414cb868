import type { Roster } from '../army/types.js';
import { mmToInches, preparePolygons, prepareTerrain } from '../board/index.js';
import type { TerrainPiece } from '../board/types.js';
import type { Rng } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { createScenarioState, deploymentPolygons, generateTerrain } from '../scenarios/index.js';
import type { ControlRule, Scenario } from '../scenarios/types.js';
import { emptyTally } from '../scenarios/index.js';
import { cloneGrid, createGrid } from './grid.js';
import type { GameState, Match, PlayerIndex, Regiment, Warrior } from './types.js';

/**
 * Builds the initial state of a game: every warrior of both rosters in
 * reserve (deployment places them), the scenario's state and its terrain,
 * fixed or generated from the setup stream (R31).
 */
export function createState(opts: { armies: [Roster, Roster]; scenario: Scenario; control: ControlRule; ruleset: Ruleset; setupRng: Rng }): GameState {
  const { armies, scenario, ruleset } = opts;
  const warriors: Warrior[] = [];
  const regiments: Regiment[] = [];
  for (const player of [0, 1] as PlayerIndex[]) {
    for (const reg of armies[player].regiments) {
      const regIndex = regiments.length;
      const ids: number[] = [];
      for (const rw of reg.warriors) {
        const id = warriors.length;
        ids.push(id);
        warriors.push({
          id,
          player,
          regiment: regIndex,
          kind: rw.kind,
          profile: rw.profile,
          points: rw.points ?? reg.points / reg.warriors.length,
          status: 'reserve',
          x: -100,
          y: -100,
          r: mmToInches(rw.profile.baseMm) / 2,
          markers: 0,
          broken: false,
          activated: false,
          duel: -1,
        });
      }
      regiments.push({
        id: `${player + 1}:${reg.id}`,
        name: reg.entry,
        player,
        warriors: ids,
        isCharacterRegiment: reg.isCharacterRegiment,
        role: reg.role,
        class: reg.class,
        points: reg.points,
        start: ids.length,
        reinforcement: reg.reinforcement,
        activated: false,
      });
    }
  }

  const table = { width: scenario.table.width, height: scenario.table.height };
  const terrain: TerrainPiece[] = scenario.terrain === 'generate' ? generateTerrain({ scenario, rng: opts.setupRng, ruleset }) : scenario.terrain;

  const match: Match = {
    ruleset,
    scenario,
    control: opts.control,
    table,
    terrain,
    preparedTerrain: prepareTerrain(terrain),
    deploymentZones: [deploymentPolygons(scenario, 0), deploymentPolygons(scenario, 1)],
    impassable: preparePolygons(terrain.filter((t) => t.rules.includes('Impassable')).map((t) => t.shape)),
    difficult: preparePolygons(terrain.filter((t) => t.rules.includes('Difficult')).map((t) => t.shape)),
    armyNames: [armies[0].name, armies[1].name],
    commandAbilityDefs: [armies[0].commandAbilities, armies[1].commandAbilities],
    uniqueActionDefs: [armies[0].uniqueActions, armies[1].uniqueActions],
  };
  return {
    match,
    warriors,
    grid: createGrid(table, warriors),
    alive: [warriors.filter((w) => w.player === 0).length, warriors.filter((w) => w.player === 1).length],
    regiments,
    scenarioState: createScenarioState(scenario, ruleset),
    phase: 'setup',
    round: 0,
    vp: [0, 0],
    supremacy: 0,
    turn: 0,
    commandQueue: [],
    abilities: [],
    silenced: [],
    card: -1,
    activation: null,
    tally: emptyTally(),
    decision: null,
    result: null,
    decisions: 0,
    actions: 0,
    woundsDealt: 0,
    woundsAtRoundStart: 0,
    passiveRounds: 0,
  };
}

/**
 * An independent copy: applying choices to it never changes the original.
 * Profiles, the scenario and terrain shapes are immutable and shared.
 */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    warriors: s.warriors.map((w) => ({ ...w })),
    grid: cloneGrid(s.grid),
    alive: [s.alive[0], s.alive[1]],
    regiments: s.regiments.map((r) => ({ ...r, warriors: r.warriors.slice() })),
    scenarioState: structuredClone(s.scenarioState),
    vp: [s.vp[0], s.vp[1]],
    commandQueue: s.commandQueue.slice(),
    abilities: s.abilities.map((a) => ({ ...a })),
    silenced: s.silenced.slice(),
    activation: s.activation ? { ...s.activation } : null,
    tally: {
      enemyRegimentsDestroyed: [...s.tally.enemyRegimentsDestroyed],
      officersSlain: [...s.tally.officersSlain],
      enemyCharacterRegimentSlain: [...s.tally.enemyCharacterRegimentSlain],
      pointsSlain: [...s.tally.pointsSlain],
    },
    decision: s.decision ? structuredClone(s.decision) : null,
    result: s.result ? structuredClone(s.result) : null,
  };
}
