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
