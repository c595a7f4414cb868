import type { Roster } from '../army/types.js';
import { mmToInches, preparePolygons, prepareTerrain } from '../board/index.js';
import type { TerrainPiece } from '../board/types.js';
import type { Rng } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { createScenarioState, deploymentPolygons, generateTerrain } from '../scenarios/index.js';
import type { ControlRule, Scenario, ScenarioState } from '../scenarios/types.js';
import { emptyTally } from '../scenarios/index.js';
import { cloneGrid, copyGrid, createGrid } from './grid.js';
import { forget } from './memo.js';
import type { Activation, Decision, GameResult, GameState, Match, PlayerIndex, Regiment, RoundTally, Warrior } from './types.js';

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
    memo: [],
  };
  // Not data: kept out of JSON and structured clones of a state (its entries point back at states).
  Object.defineProperty(match, 'memo', { enumerable: false });
  return withMemory({
    match,
    memory: [],
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
  });
}

/** A state's memory is not data either: kept out of JSON (its entries point back at the state). */
function withMemory(s: GameState): GameState {
  Object.defineProperty(s, 'memory', { enumerable: false });
  return s;
}

/**
 * An independent copy of the game as it stands: applying choices to it never
 * changes the original. Only what play changes is copied, field by field; the
 * Match (rules, scenario, terrain, profiles, armies' abilities) is shared.
 * Its memory starts empty: a fork has seen nothing of the game (memo.ts).
 */
export function cloneState(s: Readonly<GameState>): GameState {
  const ss = s.scenarioState;
  return withMemory({
    match: s.match,
    memory: [], // a fork has seen nothing of the game yet
    warriors: s.warriors.map(copyWarrior),
    grid: cloneGrid(s.grid),
    alive: [s.alive[0], s.alive[1]],
    regiments: s.regiments.map(copyRegiment),
    scenarioState: {
      scenarioId: ss.scenarioId,
      markers: ss.markers.map((m) => ({ ...m, damage: [m.damage[0], m.damage[1]] })),
      capturePoints: ss.capturePoints.map((c) => ({ ...c })),
      zoneSeizedBy: ss.zoneSeizedBy.slice(),
      vp: [ss.vp[0], ss.vp[1]],
      destroyedSinceVictory: ss.destroyedSinceVictory.slice(),
      characterRegimentScored: [ss.characterRegimentScored[0], ss.characterRegimentScored[1]],
      firstEnemyMarkerScored: [ss.firstEnemyMarkerScored[0], ss.firstEnemyMarkerScored[1]],
      victoryPhasesDone: ss.victoryPhasesDone,
      markerRules: ss.markerRules, // from the ruleset, never changed
    },
    phase: s.phase,
    round: s.round,
    vp: [s.vp[0], s.vp[1]],
    supremacy: s.supremacy,
    turn: s.turn,
    commandQueue: s.commandQueue.slice(),
    abilities: s.abilities.map((a) => ({ name: a.name, source: a.source, player: a.player, def: a.def })),
    silenced: s.silenced.slice(),
    card: s.card,
    activation: s.activation ? { ...s.activation } : null,
    tally: cloneTally(s.tally),
    decision: s.decision ? copyDecision(s.decision) : null,
    result: s.result ? copyResult(s.result) : null,
    decisions: s.decisions,
    actions: s.actions,
    woundsDealt: s.woundsDealt,
    woundsAtRoundStart: s.woundsAtRoundStart,
    passiveRounds: s.passiveRounds,
  });
}

/**
 * Makes `into` the same game as `from` (a state of the same Match, e.g. an
 * earlier cloneState of it), reusing `into`'s arrays and objects: a
 * preallocated fork reset for the next playout without allocating anew.
 * The answers worked out from `into` and its memory are forgotten, so it
 * answers every question as a fresh cloneState of `from` would (memo.ts).
 */
export function copyState(into: GameState, from: Readonly<GameState>): GameState {
  if (into.match !== from.match) throw new Error('copyState: the two states belong to different games');
  forget(into.match, into);
  for (let i = 0; i < from.warriors.length; i++) {
    // What play changes of a warrior (its id, player, regiment, kind, profile, points and base are fixed).
    const a = into.warriors[i];
    const b = from.warriors[i];
    a.status = b.status;
    a.x = b.x;
    a.y = b.y;
    a.markers = b.markers;
    a.broken = b.broken;
    a.activated = b.activated;
    a.duel = b.duel;
  }
  copyGrid(into.grid, from.grid);
  into.alive[0] = from.alive[0];
  into.alive[1] = from.alive[1];
  for (let i = 0; i < from.regiments.length; i++) {
    // What play changes of a regiment: only whether its Command Card was chosen this round.
    into.regiments[i].activated = from.regiments[i].activated;
  }
  copyScenarioState(into.scenarioState, from.scenarioState);
  into.phase = from.phase;
  into.round = from.round;
  into.vp[0] = from.vp[0];
  into.vp[1] = from.vp[1];
  into.supremacy = from.supremacy;
  into.turn = from.turn;
  copyArray(into.commandQueue, from.commandQueue);
  into.abilities = from.abilities.map((a) => ({ name: a.name, source: a.source, player: a.player, def: a.def }));
  copyArray(into.silenced, from.silenced);
  into.card = from.card;
  into.activation = from.activation ? Object.assign(into.activation ?? ({} as Activation), from.activation) : null;
  into.tally = cloneTally(from.tally);
  into.decision = from.decision ? copyDecision(from.decision) : null;
  into.result = from.result ? copyResult(from.result) : null;
  into.decisions = from.decisions;
  into.actions = from.actions;
  into.woundsDealt = from.woundsDealt;
  into.woundsAtRoundStart = from.woundsAtRoundStart;
  into.passiveRounds = from.passiveRounds;
  return into;
}

/**
 * Makes `into` the same scenario state as `from`, reusing its arrays (the
 * scoring of a Victory Phase on a scratch copy: scoreIfVictoryNow).
 */
export function copyScenarioState(into: ScenarioState, from: Readonly<ScenarioState>): ScenarioState {
  into.scenarioId = from.scenarioId;
  if (into.markers.length !== from.markers.length) into.markers = from.markers.map((m) => ({ ...m, damage: [m.damage[0], m.damage[1]] }));
  else
    for (let i = 0; i < from.markers.length; i++) {
      // What play changes of a marker: where it stands (Broken Lines moves it), its damage and destruction.
      const m = into.markers[i];
      const f = from.markers[i];
      m.x = f.x;
      m.y = f.y;
      m.damage[0] = f.damage[0];
      m.damage[1] = f.damage[1];
      m.destroyed = f.destroyed;
      m.destroyedBy = f.destroyedBy;
      m.destroyedRound = f.destroyedRound;
      m.inZone = f.inZone;
      if (f.seizedBy === undefined) delete m.seizedBy;
      else m.seizedBy = f.seizedBy;
    }
  if (into.capturePoints.length !== from.capturePoints.length) into.capturePoints = from.capturePoints.map((c) => ({ ...c }));
  else for (let i = 0; i < from.capturePoints.length; i++) into.capturePoints[i].controlledBy = from.capturePoints[i].controlledBy;
  into.zoneSeizedBy = copyArray(into.zoneSeizedBy, from.zoneSeizedBy);
  into.vp[0] = from.vp[0];
  into.vp[1] = from.vp[1];
  into.destroyedSinceVictory = copyArray(into.destroyedSinceVictory, from.destroyedSinceVictory);
  into.characterRegimentScored[0] = from.characterRegimentScored[0];
  into.characterRegimentScored[1] = from.characterRegimentScored[1];
  into.firstEnemyMarkerScored[0] = from.firstEnemyMarkerScored[0];
  into.firstEnemyMarkerScored[1] = from.firstEnemyMarkerScored[1];
  into.victoryPhasesDone = from.victoryPhasesDone;
  into.markerRules = from.markerRules;
  return into;
}

/** An empty scenario state to copy into (copyScenarioState fills it). */
export function scratchScenarioState(): ScenarioState {
  return {
    scenarioId: '',
    markers: [],
    capturePoints: [],
    zoneSeizedBy: [],
    vp: [0, 0],
    destroyedSinceVictory: [],
    characterRegimentScored: [false, false],
    firstEnemyMarkerScored: [false, false],
    victoryPhasesDone: 0,
    markerRules: { wounds: 0, firstDamageRound: 0, maxWoundsPerAction: 0 },
  };
}

/** A copy of the round's tally (the Victory Phase may add its Reinforcements, R30). */
export function cloneTally(t: Readonly<RoundTally>): RoundTally {
  const out: RoundTally = {
    enemyRegimentsDestroyed: [t.enemyRegimentsDestroyed[0], t.enemyRegimentsDestroyed[1]],
    officersSlain: [t.officersSlain[0], t.officersSlain[1]],
    enemyCharacterRegimentSlain: [t.enemyCharacterRegimentSlain[0], t.enemyCharacterRegimentSlain[1]],
    pointsSlain: [t.pointsSlain[0], t.pointsSlain[1]],
  };
  const r = t.reinforcementsAtEnd;
  if (r)
    out.reinforcementsAtEnd = {
      regiments: [r.regiments[0], r.regiments[1]],
      points: [r.points[0], r.points[1]],
      officers: [r.officers[0], r.officers[1]],
      characterRegiment: [r.characterRegiment[0], r.characterRegiment[1]],
    };
  return out;
}

function copyWarrior(w: Warrior): Warrior {
  return {
    id: w.id,
    player: w.player,
    regiment: w.regiment,
    kind: w.kind,
    profile: w.profile,
    points: w.points,
    status: w.status,
    x: w.x,
    y: w.y,
    r: w.r,
    markers: w.markers,
    broken: w.broken,
    activated: w.activated,
    duel: w.duel,
  };
}

function copyRegiment(r: Regiment): Regiment {
  return {
    id: r.id,
    name: r.name,
    player: r.player,
    warriors: r.warriors.slice(),
    isCharacterRegiment: r.isCharacterRegiment,
    role: r.role,
    class: r.class,
    points: r.points,
    start: r.start,
    reinforcement: r.reinforcement,
    activated: r.activated,
  };
}

/** A decision's own lists copied (a policy may sort them); the deployment zones are the Match's. */
function copyDecision(d: Decision): Decision {
  switch (d.kind) {
    case 'deploy':
      return { ...d, regiments: d.regiments.slice() };
    case 'commandAbility':
      return { ...d, abilities: d.abilities.slice(), duelTargets: d.duelTargets.slice() };
    case 'commandCard':
      return { ...d, regiments: d.regiments.slice() };
    case 'selectWarrior':
      return { ...d, warriors: d.warriors.slice() };
    case 'action':
      return { ...d, legal: d.legal.slice() };
    default:
      return { ...d };
  }
}

function copyResult(r: GameResult): GameResult {
  return { ...r, vp: [r.vp[0], r.vp[1]], warriorsLost: [r.warriorsLost[0], r.warriorsLost[1]], pointsDestroyed: [r.pointsDestroyed[0], r.pointsDestroyed[1]] };
}

function copyArray<T>(into: T[], from: readonly T[]): T[] {
  into.length = from.length;
  for (let i = 0; i < from.length; i++) into[i] = from[i];
  return into;
}
