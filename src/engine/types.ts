import type { Roster } from '../army/types.js';
import type { Polygon, PreparedPolygons, PreparedTerrain, TerrainPiece } from '../board/types.js';
import type { Rng } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { BattlefieldRole, CommandAbilityDef, Profile, UniqueActionDef, WarriorClass } from '../rules/types.js';
import type { ControlRule, Scenario, ScenarioState, VictoryTally } from '../scenarios/types.js';
import type { EndReason, PlayerIndex, WarriorKind } from '../types.js';

export type { EndReason, PlayerIndex } from '../types.js';

/**
 * Where the warriors on the table stand: grid.ts's uniform grid of 4" cells
 * (its functions keep it in step with the warriors), plain typed arrays that
 * cloneState copies.
 */
export interface WarriorGrid {
  cols: number;
  rows: number;
  /** The largest base radius in the game: how far beyond a query's reach a base edge can lie. */
  maxR: number;
  /** First warrior id in each cell, or -1, player 1's cells then player 2's; `next` and `prev` chain the rest. */
  head: Int32Array;
  next: Int32Array;
  prev: Int32Array;
  /** Each warrior's cell (an index in `head`), or -1 while it is off the table. */
  cell: Int32Array;
  /**
   * Per player and row, bit c is set when the row's cell c holds a warrior:
   * most cells a query covers are empty, and skipping them by their bits
   * costs less than asking each one.
   */
  occupied: Int32Array;
  /** Each warrior's centre (as its x and y) and base radius, by id. */
  x: Float64Array;
  y: Float64Array;
  r: Float64Array;
  /** Scratch for warriorsNear's answer (not state: never copied). */
  near: Int32Array;
  /**
   * Per player, how many times one of its warriors was placed, moved or taken
   * off the table: while a player's count is unchanged, so are its warriors'
   * positions and who of them is on the table (a policy's caches key on it).
   */
  changes: Uint32Array;
}

/** What one finished game reports to the runner. */
export interface GameResult {
  /** Winning player index, or null for a draw. */
  winner: PlayerIndex | null;
  vp: [number, number];
  /** Rounds played (the round the game ended in). */
  rounds: number;
  endReason: EndReason;
  /** Warriors each player lost (slain, or counted destroyed at the end per R30). */
  warriorsLost: [number, number];
  /** Points of each player's warriors destroyed. */
  pointsDestroyed: [number, number];
  /** True when the game hit the engine's safety limit instead of ending by the rules. */
  stalled: boolean;
  /** Rounds with no wound dealt by either side, no VP scored and no zone or point changing hands. */
  passiveRounds: number;
  /** Activation actions taken and d6 rolled, for benchmarks. */
  actions: number;
  diceRolled: number;
}

export type WarriorStatus = 'reserve' | 'table' | 'slain';

/** One model in play. Plain data: cloneState copies it field by field. */
export interface Warrior {
  /** Index in GameState.warriors. */
  id: number;
  player: PlayerIndex;
  /** Index in GameState.regiments. */
  regiment: number;
  kind: WarriorKind;
  /** Shared and never mutated; command abilities are applied on top (see effectiveStat). */
  profile: Profile;
  /** Points this warrior is worth when destroyed (its share of the regiment's points). */
  points: number;
  status: WarriorStatus;
  x: number;
  y: number;
  /** Base radius in inches. */
  r: number;
  /** Wound markers. */
  markers: number;
  broken: boolean;
  activated: boolean;
  /** The enemy character this one is duelling (a warrior id), or -1. */
  duel: number;
}

/** A Regiment with its Command Card (R2). */
export interface Regiment {
  id: string;
  name: string;
  player: PlayerIndex;
  warriors: number[];
  isCharacterRegiment: boolean;
  /** The regiment's role and class; its characters, officers and retinue count as these for seizing (R32). */
  role: BattlefieldRole;
  class: WarriorClass;
  points: number;
  /** Warriors it started with (steamroller eligibility, R33). */
  start: number;
  /** Starts in Reinforcements (R30). */
  reinforcement: boolean;
  /** Its Command Card was chosen this round. */
  activated: boolean;
}

/** A Command Ability in force until the end of the round. */
export interface ActiveAbility {
  name: string;
  /** The character (or Regiment Leader, R38) who performed it. */
  source: number;
  player: PlayerIndex;
  def: CommandAbilityDef | null;
}

/** What the warrior being activated has done so far (R17). */
export interface Activation {
  warrior: number;
  actionsLeft: number;
  /** Action types already taken (March may repeat), as bits: one per type in rules/used.ts's ACTION_ORDER. */
  used: number;
  /** Unique Actions already taken, one bit per index in the warrior's profile.uniqueActions (R40). */
  uniques: number;
  marches: number;
  charged: boolean;
  inspired: boolean;
  aimed: boolean;
  /** A Combat Rally failed: the activation ends (rules text). */
  ended: boolean;
}

/** Per player, what happened since the last Victory Phase (R27): the scenarios' VictoryTally. */
export type RoundTally = VictoryTally;

export type Phase = 'setup' | 'deploy' | 'supremacy' | 'command' | 'action' | 'victory' | 'over';

/**
 * What a game fixes at its start and never changes: the rules, the scenario,
 * the table and its terrain (with the geometry derived from it once), the
 * armies' names and data-defined abilities. Built once per game by
 * createState; every fork of the game shares it by reference.
 */
export interface Match {
  ruleset: Ruleset;
  scenario: Scenario;
  control: ControlRule;
  table: { width: number; height: number };
  terrain: TerrainPiece[];
  /** `terrain` with its bounds, for line of sight. */
  preparedTerrain: PreparedTerrain;
  /** Each player's deployment zone as polygons (from the scenario). */
  deploymentZones: [Polygon[], Polygon[]];
  /** Terrain the engine moves around (from `terrain`, with bounds for moveAlong). */
  impassable: PreparedPolygons;
  difficult: PreparedPolygons;
  armyNames: [string, string];
  /** Each army's data-defined unique Command Abilities and Unique Actions. */
  commandAbilityDefs: [CommandAbilityDef[], CommandAbilityDef[]];
  uniqueActionDefs: [UniqueActionDef[], UniqueActionDef[]];
  /** The game's caches of answers about its states, by owner (memo.ts): not rules, not state. */
  readonly memo: (MemoEntry | undefined)[];
}

/** One entry of the game's memo (memo.ts): the state it was worked out from (null: none). */
export interface MemoEntry {
  s: Readonly<GameState> | null;
}

/**
 * A game as it stands: its Match (shared, never changed) and what play
 * changes, flat. cloneState and copyState copy the changing part only.
 */
export interface GameState {
  /** What the game fixes (shared by every fork: never write through it). */
  readonly match: Match;
  /**
   * What readers have seen of the game so far through this state, by owner
   * (memo.ts): not rules, not state. A fork starts with none; copyState
   * forgets `into`'s.
   */
  readonly memory: (MemoEntry | undefined)[];
  warriors: Warrior[];
  /** Where the warriors on the table stand (grid.ts), for the near-by questions of every decision. */
  grid: WarriorGrid;
  /** Warriors not slain, per player (kept by slay: the wipe-out check runs before every decision, R28). */
  alive: [number, number];
  regiments: Regiment[];
  scenarioState: ScenarioState;

  phase: Phase;
  round: number;
  /** VP totals: scenarioState.vp as the last Victory Phase left it (the scenario state keeps them). */
  vp: [number, number];
  supremacy: PlayerIndex;
  /** Whose turn it is to choose a Command Card or deploy. */
  turn: PlayerIndex;
  /** Characters, then Regiment Leaders (R38), still to perform a Command Ability this phase, in order. */
  commandQueue: number[];
  abilities: ActiveAbility[];
  /** Characters that declined a Duel this phase and may not perform abilities. */
  silenced: number[];
  /** The Command Card being activated (regiment index) or -1. */
  card: number;
  activation: Activation | null;
  tally: RoundTally;
  decision: Decision | null;
  result: GameResult | null;
  decisions: number;
  actions: number;
  /** Wounds dealt to warriors and markers so far, and when the round began: a round without any may be passive. */
  woundsDealt: number;
  woundsAtRoundStart: number;
  /** Rounds so far with no wound dealt, no VP scored and no zone or point changing hands. */
  passiveRounds: number;
}

// ---------------------------------------------------------------- decisions

export type ActionType = 'march' | 'charge' | 'reposition' | 'inspire' | 'clash' | 'takeAim' | 'volley' | 'rally' | 'combatRally' | 'unique' | 'enter' | 'end';

/**
 * A target of an attack: a warrior id (≥ 0) or an objective marker,
 * encoded as -1 - markerIndex.
 */
export type TargetRef = number;

export type Decision =
  | { kind: 'deployFirst'; player: PlayerIndex }
  | { kind: 'deploy'; player: PlayerIndex; regiments: number[]; zones: Polygon[] }
  | { kind: 'supremacyTie'; player: PlayerIndex }
  | { kind: 'commandAbility'; player: PlayerIndex; character: number; abilities: string[]; duelTargets: number[] }
  | { kind: 'duelResponse'; player: PlayerIndex; character: number; challenger: number }
  | { kind: 'commandCard'; player: PlayerIndex; regiments: number[] }
  | { kind: 'selectWarrior'; player: PlayerIndex; regiment: number; warriors: number[] }
  | {
      kind: 'action';
      player: PlayerIndex;
      warrior: number;
      legal: readonly ActionType[];
      engaged: boolean;
      /** How far a March or Charge would take the warrior now, inches (R17: halved on a repeat unless Press Forward, R21). */
      marchAllowance: number;
    };

export type Choice =
  | { kind: 'deployFirst'; first: PlayerIndex }
  | { kind: 'deploy'; regiment: number; positions: { x: number; y: number }[] }
  | { kind: 'supremacyTie'; supremacy: PlayerIndex }
  | { kind: 'commandAbility'; ability: string | null; target?: number }
  | { kind: 'duelResponse'; accept: boolean }
  | { kind: 'commandCard'; regiment: number }
  | { kind: 'selectWarrior'; warrior: number }
  | { kind: 'action'; action: ActionChoice };

/** A point a path passes through (R41). */
export interface PathPoint {
  x: number;
  y: number;
}

export type ActionChoice =
  /**
   * Towards (x, y) as far as the allowance goes: along the shortest legal path
   * when the straight line is blocked or crosses difficult terrain, or along
   * `path` when given (its points in order, then (x, y); R41).
   */
  | { type: 'march'; x: number; y: number; path?: PathPoint[] }
  /** A March straight at an enemy or marker, ending in base contact if it can reach (R18). */
  | { type: 'charge'; target: TargetRef }
  /** As a March, and it may leave Engagement Ranges (R36, R41). */
  | { type: 'reposition'; x: number; y: number; path?: PathPoint[] }
  | { type: 'inspire' }
  /** Attack dice split among enemies within Engagement Range (or markers within 1"). */
  | { type: 'clash'; split: { target: TargetRef; dice: number }[] }
  | { type: 'takeAim' }
  | { type: 'volley'; target: TargetRef }
  | { type: 'rally' }
  | { type: 'combatRally' }
  | { type: 'unique'; name: string; target?: number }
  /** March onto the table from Reinforcements: enter at an edge point, move towards (x, y) (R30). */
  | { type: 'enter'; edgeX: number; edgeY: number; x: number; y: number; path?: PathPoint[] }
  | { type: 'end' };

// ---------------------------------------------------------------- policies

/** A read-only view a policy decides from: the state (do not mutate) and whose view it is. */
export interface GameView {
  state: Readonly<GameState>;
  me: PlayerIndex;
  /**
   * Set only when someone listens (`play --narrate`): a policy may report why
   * it chose, one short line. Build the line only when this is set.
   */
  explain?: (reason: string) => void;
  /**
   * The forward model: an independent copy of the game now, its dice
   * re-seeded from `diceSeed` (draw it from your own rng), with no listener.
   * Playing it never changes the live game. Set by playGame; a view built by
   * hand may lack it (Game.fork(view.state, seed) does the same). `into`: a
   * fork this view gave before and that is no longer played, to refill rather
   * than allocate anew (playGame's does, by Game.forkInto: the answer is then
   * `into` itself); a fork is a fresh copy whatever is given.
   */
  fork?: (diceSeed: string, into?: ForkedGame) => ForkedGame;
}

/** What a fork offers a policy: the pull machine (Game's pending, apply, state). */
export interface ForkedGame {
  readonly state: GameState;
  pending(): Decision | null;
  apply(choice: Choice): void;
}

/**
 * A bot. `choose` is synchronous and reads only the view and its own rng
 * stream (never the game's dice). Search budgets count iterations, never
 * milliseconds, so results reproduce (DESIGN.md). Owned by the engine, which
 * asks it; src/bots builds policies on it.
 */
export interface Policy {
  name: string;
  choose(view: GameView, decision: Decision, rng: Rng): Choice;
}

export interface PlayGameOptions {
  /** armies[0] is player 1 (the first seat). */
  armies: [Roster, Roster];
  scenario: Scenario;
  control?: ControlRule;
  ruleset: Ruleset;
  seed: string;
  policies: [Policy, Policy];
  /** Every state change as a typed event; leave unset for speed. */
  onEvent?: (event: GameEvent) => void;
  /** A policy's reason for a decision (GameView.explain), with the player it plays; leave unset in runs. */
  onReason?: (player: PlayerIndex, reason: string) => void;
  /** Given the live state once, before the first event of play: for a listener that reads it between events (replays). Read-only. */
  observe?: (state: Readonly<GameState>) => void;
}

// ---------------------------------------------------------------- events

export interface AttackEventRolls {
  attackRolls: number[];
  finalAttack: number[];
  hits: number[];
  blockRolls: number[];
  wounds: number;
}

export type GameEvent =
  | { type: 'gameStart'; seed: string; armies: [string, string]; scenario: string; terrain: number }
  | { type: 'rollOff'; rolls: [number, number]; chooser: PlayerIndex }
  | { type: 'deployFirst'; player: PlayerIndex }
  | { type: 'deployed'; player: PlayerIndex; regiment: string; warriors: number; x: number; y: number }
  | { type: 'roundStart'; round: number }
  | { type: 'supremacy'; rolls: [number, number]; supremacy: PlayerIndex; tie: boolean }
  | { type: 'commandAbility'; player: PlayerIndex; character: string; ability: string; target?: string; affected: number }
  | { type: 'duel'; challenger: string; target: string; accepted: boolean }
  | { type: 'commandCard'; player: PlayerIndex; regiment: string }
  | { type: 'activate'; player: PlayerIndex; warrior: string }
  /** `via`: the points the path turned at, between `from` and `to` (absent for a straight move, R41). */
  | { type: 'move'; warrior: string; action: ActionType; from: [number, number]; to: [number, number]; via?: [number, number][]; stoppedBy: string }
  | { type: 'charge'; warrior: string; target: string; impact: number }
  | { type: 'status'; warrior: string; status: 'inspired' | 'aimed' | 'rallied' | 'broken' }
  | { type: 'attack'; warrior: string; target: string; action: 'clash' | 'volley' | 'impact' | 'unique'; rolls: AttackEventRolls; obscured: boolean; outnumbered: boolean }
  | { type: 'resolveTest'; warrior: string; roll: number | null; needed: number; outcome: 'broken' | 'slain' | 'passed' | 'failed' }
  | { type: 'drivenBack'; warrior: string; from: [number, number]; to: [number, number] }
  | { type: 'slain'; warrior: string; player: PlayerIndex; points: number }
  | { type: 'markerDamaged'; marker: string; player: PlayerIndex; wounds: number; destroyed: boolean }
  | { type: 'healed'; warrior: string; wounds: number }
  | { type: 'victoryPhase'; round: number; gained: [number, number]; vp: [number, number]; detail: string[] }
  | { type: 'gameEnd'; result: GameResult };

export type { Roster, Ruleset, UniqueActionDef };
