import type { Polygon, TerrainPiece } from '../board/types.js';
import type { BattlefieldRole, WarriorClass } from '../rules/types.js';
import type { PlayerIndex, WarriorKind } from '../types.js';

export type { PlayerIndex } from '../types.js';

/** Which player a zone, marker or point is friendly to; null: neutral. */
export type Friendly = PlayerIndex | null;

/** The control rule that decides who seizes a zone (R24–R25, R32, R33). */
export type ControlRule = 'first-blood' | 'conquest-stands' | 'steamroller';

/** A circular Objective Zone; (x, y) is its centre (R24, rules text "Objective Zones"). */
export interface ObjectiveZone {
  id: string;
  x: number;
  y: number;
  /** Inches: usually 6, 9 or 12. */
  diameter: number;
  friendlyTo: Friendly;
  label: string;
}

/**
 * `standard`: the rules text's Objective Marker (R26: 5 Wounds, Defense 3,
 * damage per player). `indestructible-moving`: cannot be wounded, destroyed or
 * Engaged; a special rule moves it in the Victory Phase (Broken Lines).
 */
export type MarkerBehaviour = 'standard' | 'indestructible-moving';

export interface ObjectiveMarker {
  id: string;
  x: number;
  y: number;
  friendlyTo: Friendly;
  behaviour: MarkerBehaviour;
  label: string;
}

/** A Tug-of-War point: a 27 mm marker a player captures with the seizing rules within `range` inches. */
export interface CapturePoint {
  id: string;
  x: number;
  y: number;
  friendlyTo: Friendly;
  /** Who controls it when the game starts. */
  controlledBy: Friendly;
  /** Inches from the point's base edge within which warriors count. */
  range: number;
  baseMm: number;
  label: string;
}

/** A deployment-zone piece: an axis-aligned rectangle or any simple polygon. A zone is the union of its pieces. */
export type ZoneShape = { rect: { x: number; y: number; w: number; h: number } } | { polygon: Polygon };

/**
 * A table edge as seen from player 1: `bottom` is player 1's edge (y = 0),
 * `top` player 2's, `left` x = 0, `right` x = width.
 */
export type TableEdge = 'bottom' | 'top' | 'left' | 'right';

/** A stretch of a table edge, `from`–`to` measured along it (x for bottom/top, y for left/right). */
export interface EdgeSegment {
  edge: TableEdge;
  from: number;
  to: number;
}

/** Which zones a `zoneSeized` rule counts. */
export interface ZoneFilter {
  diameter?: number;
  labels?: string[];
}

/** One way of scoring VP in the Victory Phase; `rule` names it. */
export type VpRule =
  /** `vp` for each zone the player seizes (optionally only some zones). */
  | { rule: 'zoneSeized'; vp: number; only?: ZoneFilter }
  /** `vp` for each zone friendly to the opponent that the player seizes. */
  | { rule: 'enemyZoneSeized'; vp: number }
  /** `vp` once a Victory Phase when seizing at least `atLeast` zones ("all": every zone the player may seize). */
  | { rule: 'zonesSeizedBonus'; vp: number; atLeast: number | 'all' }
  /** `vp` for each enemy marker the player destroyed since the last Victory Phase (R27). */
  | { rule: 'enemyMarkerDestroyed'; vp: number }
  /** `vp` when the player destroyed more than `moreThan` markers since the last Victory Phase. */
  | { rule: 'markersDestroyedBonus'; vp: number; moreThan: number }
  /** `vp` once, in the Victory Phase after the player destroys its first enemy marker. */
  | { rule: 'enemyMarkerDestroyedOnce'; vp: number }
  /** `vp` for each marker (not friendly to the player) destroyed since the last Victory Phase outside every zone. */
  | { rule: 'markerDestroyedOutsideZones'; vp: number }
  /**
   * `vp` extra each time the player scores zone VP once it has destroyed an
   * enemy marker: per zone seized (`per: 'zone'`) or once a phase (`'phase'`).
   */
  | { rule: 'zoneVpBonusAfterEnemyMarker'; vp: number; per: 'zone' | 'phase' }
  /** `vp` once, in the Victory Phase of the round the enemy Character Regiment was slain (R27). */
  | { rule: 'characterRegimentSlain'; vp: number }
  /** `vp` for each enemy regiment destroyed since the last Victory Phase (R30: off-table at the end counts). */
  | { rule: 'enemyRegimentDestroyed'; vp: number }
  /** `vp` for each enemy Officer slain since the last Victory Phase. */
  | { rule: 'officerSlain'; vp: number }
  /** Broken Lines: marker seized, enemy zone seized, both, marker within the friendly zone. */
  | {
      rule: 'brokenLines';
      marker: string;
      markerSeized: number;
      enemyZoneSeized: number;
      bothBonus: number;
      markerInFriendlyZone: number;
    }
  /** Tug-of-War: per point held, chain bonuses (each applies on its own), the A-to-B instant win. */
  | {
      rule: 'tugOfWar';
      perPoint: number;
      linkDistance: number;
      chainBonuses: { minLength: number; vp: number }[];
      instantWin: { from: string; to: string; countsAsVp: number } | null;
    }
  /** VP equal to the points of enemy warriors slain (annihilation). */
  | { rule: 'pointsSlain' };

export type VpRuleName = VpRule['rule'];

/** Scenario special rules that change the table during the Victory Phase. */
export type SpecialRule =
  /**
   * Broken Lines: the player with the larger seizing total within `range` of
   * the marker moves it `distance` inches directly towards the centre of its
   * friendly zone.
   */
  { rule: 'movingMarker'; marker: string; range: number; distance: number };

/** A scenario as data (sims/scenarios/<id>.json). */
export interface Scenario {
  kind: 'scenario';
  id: string;
  name: string;
  /** The rules text's scenario number, for listing order. */
  number?: number;
  table: { width: number; height: number };
  rounds: number;
  vpThreshold: number | null;
  /** The control rule this scenario is meant for; an experiment may override it. */
  control: ControlRule;
  objectiveZones: ObjectiveZone[];
  objectiveMarkers: ObjectiveMarker[];
  capturePoints: CapturePoint[];
  /** Per player, a union of shapes. */
  deployment: [ZoneShape[], ZoneShape[]];
  /** Per player, stretches of the table edge. */
  reinforcement: [EdgeSegment[], EdgeSegment[]];
  vpRules: VpRule[];
  special: SpecialRule[];
  terrain: 'generate' | TerrainPiece[];
  notes: string[];
}

/**
 * What the engine tells the control rules about one warrior on the table.
 * Under conquest-stands a character, officer or retinue's `class` should be
 * its regiment's class (R32).
 */
export interface ControlWarrior {
  player: PlayerIndex;
  x: number;
  y: number;
  /** Base radius, inches. */
  r: number;
  role: BattlefieldRole;
  class: WarriorClass;
  kind: WarriorKind;
  broken: boolean;
  regimentId: string;
  /** Warriors the regiment started the game with. */
  regimentStart: number;
  /** Warriors of the regiment still alive (on the table or not). */
  regimentAlive: number;
  /** "Counts as +N for seizing" (R32). */
  seizeBonus?: number;
  /** "Cannot seize": no scoring weight; still counts towards the total (R32). */
  cannotSeize?: boolean;
  /** "Always seizes the zone it is in"; two opposed ones cancel out (R32). */
  alwaysSeizes?: boolean;
}

/** One objective marker during a game (R26). */
export interface MarkerState {
  id: string;
  x: number;
  y: number;
  /** Base radius, inches. */
  r: number;
  friendlyTo: Friendly;
  behaviour: MarkerBehaviour;
  /** Wounds each player has dealt it. */
  damage: [number, number];
  destroyed: boolean;
  destroyedBy: PlayerIndex | null;
  destroyedRound: number | null;
  /** Its base overlaps some objective zone (fixed for markers that never move). */
  inZone: boolean;
  /** Who seized it at the last Victory Phase (a marker the seizing rules move: Broken Lines); unset before then and for other markers. */
  seizedBy?: Friendly;
}

/** One capture point during a game. */
export interface CapturePointState {
  id: string;
  x: number;
  y: number;
  friendlyTo: Friendly;
  controlledBy: Friendly;
}

/** VP one rule gave one player in one Victory Phase. */
export interface VpLine {
  player: PlayerIndex;
  rule: VpRuleName;
  vp: number;
  why: string;
}

/** The scenario's side of a game: markers, points, VP. Plain data; clone with structuredClone. */
export interface ScenarioState {
  scenarioId: string;
  markers: MarkerState[];
  capturePoints: CapturePointState[];
  /** Who seized each zone at the last Victory Phase (same order as scenario.objectiveZones). */
  zoneSeizedBy: Friendly[];
  vp: [number, number];
  /** Marker indices destroyed since the last Victory Phase (R27). */
  destroyedSinceVictory: number[];
  /** R27: the Character Regiment VP is scored once per player. */
  characterRegimentScored: [boolean, boolean];
  /** `enemyMarkerDestroyedOnce` has been scored, per player. */
  firstEnemyMarkerScored: [boolean, boolean];
  victoryPhasesDone: number;
  /** R26 numbers copied from the ruleset so marker calls need no ruleset. */
  markerRules: { wounds: number; firstDamageRound: number; maxWoundsPerAction: number };
}

/**
 * What happened since the last Victory Phase, per player (index = the
 * player who scores), filled by the engine. Markers are tracked by damageMarker.
 */
export interface VictoryTally {
  /** Enemy regiments this player destroyed. */
  enemyRegimentsDestroyed: [number, number];
  /** Enemy Officers this player slew. */
  officersSlain: [number, number];
  /** Whether the enemy Character Regiment was slain (scored once, R27). */
  enemyCharacterRegimentSlain: [boolean, boolean];
  /** Points of enemy warriors this player slew. */
  pointsSlain: [number, number];
  /**
   * R30: only in the last round's Victory Phase, what each player (index =
   * the owner) still has in Reinforcements; it counts as destroyed by the opponent.
   */
  reinforcementsAtEnd?: {
    regiments: [number, number];
    points: [number, number];
    officers: [number, number];
    characterRegiment: [boolean, boolean];
  };
}

export interface VictoryResult {
  /** VP gained this phase. */
  vp: [number, number];
  /** VP totals after this phase (also in state.vp). */
  total: [number, number];
  detail: VpLine[];
  zoneSeizedBy: Friendly[];
  instantWinner: PlayerIndex | null;
}
