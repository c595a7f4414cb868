/** Inches on the table; origin at player 1's left corner, player 1's edge at y = 0. */
export interface Point {
  x: number;
  y: number;
}

export interface Circle {
  x: number;
  y: number;
  /** Radius in inches. */
  r: number;
}

/** Axis-aligned rectangle: lower-left corner and size. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A simple polygon, vertices in order (either winding). */
export type Polygon = Point[];

export type TerrainKind = 'Obstructing' | 'Obscuring' | 'Impassable' | 'Difficult' | 'Garrison' | 'Ruins';

/** A terrain piece: a footprint and the terrain special rules it has (R22, R31). */
export interface TerrainPiece {
  id: string;
  shape: Polygon;
  /** Height class compared with warrior Size for line of sight (R22). */
  size: number;
  rules: TerrainKind[];
}

/** The table's size in inches; origin at player 1's left corner (DESIGN.md). */
export interface Table {
  width: number;
  height: number;
}

/** Axis-aligned bounds of a shape. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Polygons with their bounds computed once (preparePolygons), so the hot paths
 * can skip the ones a move cannot reach without looking at their edges. The
 * polygons must not change afterwards (terrain is fixed for a game).
 */
export interface PreparedPolygons {
  readonly polygons: readonly Polygon[];
  /** bounds[i] is polygonBounds(polygons[i]). */
  readonly bounds: readonly Bounds[];
}

/**
 * Terrain pieces with their footprints' bounds computed once (prepareTerrain),
 * so line of sight skips the pieces nowhere near it. The pieces must not
 * change afterwards.
 */
export interface PreparedTerrain {
  readonly pieces: readonly TerrainPiece[];
  /** bounds[i] is polygonBounds(pieces[i].shape). */
  readonly bounds: readonly Bounds[];
}

/** A base with the warrior's Size, for line of sight (R3, R22). */
export interface SizedCircle extends Circle {
  size: number;
}

/** Why a move ended where it did (moveAlong, drivenBack). */
export type StopReason = 'destination' | 'distance' | 'base' | 'terrain' | 'edge' | 'engagement';

export interface MoveOptions {
  mover: Circle;
  to: Point;
  /** Movement allowance in inches (March, half March, ...). */
  maxDistance: number;
  /** Every other base the mover may not overlap (friends, enemies, objective markers). Engage-with bases are NOT added automatically. */
  blockers: readonly Circle[];
  /** How many of `blockers` to consider (default all): lets a caller reuse one scratch array. */
  blockerCount?: number;
  /** R31: the base may not overlap these. Prepare them once (preparePolygons) when moving often. */
  impassable: readonly Polygon[] | PreparedPolygons;
  /** R31: path of the base centre inside these costs `difficultCost` per inch. Prepared or not, as `impassable`. */
  difficult: readonly Polygon[] | PreparedPolygons;
  table: Table;
  /** Enemy bases: once within engagementRange of one, the move may not leave that range (March). */
  engageWith?: readonly Circle[];
  /** How many of `engageWith` to consider (default all), as `blockerCount`. */
  engageCount?: number;
  /** R5: Engagement Range between base edges, inches (default 1). */
  engagementRange?: number;
  /** R31: allowance spent per inch inside difficult terrain (default 2: difficult terrain halves movement). */
  difficultCost?: number;
  /** Where to write the result (reused by a caller that moves often); a new object when absent. */
  out?: MoveResult;
}

export interface MoveResult {
  /** Where the mover's centre ended. */
  x: number;
  y: number;
  /** Inches the centre moved. */
  travelled: number;
  /** Allowance spent: `travelled` plus the extra for difficult terrain. */
  cost: number;
  stoppedBy: StopReason;
}

export interface DrivenBackOptions {
  warrior: Circle;
  /** The enemy that caused the Driven Back (R12). */
  from: Circle;
  /** R12: gap between base edges to reach, inches (default ruling 2). */
  distance: number;
  blockers: readonly Circle[];
  impassable: readonly Polygon[] | PreparedPolygons;
  table: Table;
}

export interface LineOfSightOptions {
  shooter: SizedCircle;
  target: SizedCircle;
  /** Everyone else on the table (shooter and target are skipped if included). */
  warriors: readonly SizedCircle[];
  /** Prepare it once (prepareTerrain) when checking often. */
  terrain: readonly TerrainPiece[] | PreparedTerrain;
  /**
   * Only whether the target can be chosen matters: the answer may stop at the
   * first intervening base or blocking piece (then `obscured` and the other
   * flag say nothing). Whether it can be chosen, and `obscured` when it can,
   * are as without it.
   */
  clearOnly?: boolean;
}

/** R22. The target can be chosen for a Volley when neither `blocked` nor `intervened`. */
export interface LineOfSight {
  /** Obstructing terrain of at least the target's Size is crossed. */
  blocked: boolean;
  /** Obscuring terrain of at least half the target's Size is crossed and not ignored (+1 block die). */
  obscured: boolean;
  /** A warrior of at least the target's Size is crossed and not ignored. */
  intervened: boolean;
}
