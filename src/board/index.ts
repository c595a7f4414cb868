/**
 * Board geometry: distances, shapes, movement, Driven Back and line of sight
 * (R5, R12, R22, R23, R31).
 *
 * Conventions: inches; origin at player 1's left corner; bases are circles
 * (mm diameter / 25.4 / 2 = radius). Every distance between warriors is base
 * edge to base edge. Touching counts as "within", "overlapping" a zone and
 * "crossing" a line of sight, but two bases (or a base and impassable terrain)
 * may touch and never overlap. Tolerance: EPSILON (1e-9"). Difficult terrain
 * slows the part of a move during which the base's centre is inside it.
 * Terrain used for every move or line of sight is best prepared once per game
 * (preparePolygons, prepareTerrain): its bounds, computed once, let moveAlong
 * and lineOfSight skip the pieces out of reach. planPath finds the shortest
 * path of straight segments around bases and impassable terrain (R41).
 */
export type {
  Bounds,
  Circle,
  DrivenBackOptions,
  LineOfSight,
  LineOfSightOptions,
  MoveOptions,
  MoveResult,
  Point,
  Polygon,
  PreparedPolygons,
  PreparedTerrain,
  Rect,
  SizedCircle,
  StopReason,
  Table,
  TerrainKind,
  TerrainPiece,
} from './types.js';
export {
  DEFAULT_TABLE,
  EPSILON,
  circleOverlapsCircle,
  circleOverlapsPolygon,
  circleWhollyWithin,
  circleWhollyWithinUnion,
  closestPointOnSegment,
  distance,
  edgeDistance,
  mmToInches,
  pointInAnyPolygon,
  pointInPolygon,
  polygonArea,
  polygonBoundaryDistance,
  polygonBounds,
  polygonCentroid,
  polygonSignedArea,
  polygonsDistance,
  preparePolygons,
  prepareTerrain,
  rectPolygon,
  rotate180,
  rotatePolygon180,
  segmentCircleDistance,
  segmentIntersectsCircle,
  segmentIntersectsPolygon,
  segmentPointDistance,
  segmentPointDistanceSq,
  segmentPolygonSpan,
  segmentsDistance,
  segmentsIntersect,
} from './geometry.js';
export { clampToTable, contactPoint, drivenBack, engagedWith, isEngaged, moveAlong, pointTowards } from './movement.js';
export { lineOfSight, volleyRange } from './sight.js';
export { ARC_EXCESS, PATH_TOLERANCE, freeGoal, measurePath, pathFault, planPath, truncatePath } from './planner.js';
export type { Path, PathFault, PathSpace } from './planner.js';
