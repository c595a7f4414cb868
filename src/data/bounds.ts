import { z } from 'zod';

/**
 * The bound of every count, stat, size and range a data file may hold:
 * zod enforces them when a file is validated, before anything is
 * expanded, so `"models": 1e9` is one `file: path: must be ≤ 100` line, never
 * a 4 GB array. The limits are far beyond any real profile or table; raising
 * one is one line here (docs/BOUNDS.md shows this table; a test keeps the two
 * equal).
 */
export const BOUNDS = {
  models: { min: 1, max: 100, what: 'models of a regiment, character or retinue entry or army regiment; maxModels; standardBearerAt; outnumberedBy' },
  points: { min: 0, max: 100_000, what: 'points of an entry, extra model, upgrade, officer or leader' },
  pointsLimit: { min: 1, max: 100_000, what: "an army's pointsLimit" },
  stat: { min: 0, max: 20, what: 'march, volley, clash, attacks, resolve, defense, evasion (profile and marker)' },
  wounds: { min: 1, max: 100, what: 'wounds of a profile or marker; wounds healed' },
  modifier: { min: -20, max: 20, what: "an upgrade's modify, a command ability's by" },
  dice: { min: 1, max: 100, what: 'barrage dice, impact hits, inflictHits hits and maxTargets, maxWoundsPerAction' },
  bonus: { min: 0, max: 20, what: 'outnumberedBonus, aimedBonus' },
  size: { min: 0, max: 100, what: 'size of a profile, role, marker or terrain piece' },
  baseMm: { min: 0, max: 500, exclusiveMin: true, what: 'base diameter in mm (profile, role, marker, capture point)' },
  distance: { min: 0, max: 240, what: 'inches: ranges, Command and Engagement Range, moves, gaps, footprints, depths, diameters' },
  tableSide: { min: 12, max: 240, what: 'table width and height, inches' },
  rounds: { min: 1, max: 100, what: 'rounds, and the first round of seizing, marker damage or reinforcements' },
  terrainPieces: { min: 0, max: 100, what: 'terrain minPieces, maxPieces, maxGarrison, maxRuins, minObscuring, minObstructing; pieces of a scenario' },
  weight: { min: 0, max: 100, what: 'seizing weights, conquest-stands counts' },
  vp: { min: 0, max: 10_000, what: 'victory points of a VP rule and the VP threshold' },
  actions: { min: 1, max: 10, what: 'actionsPerActivation' },
  decisions: { min: 1, max: 10_000_000, what: 'maxDecisionsPerGame' },
  listItems: { min: 0, max: 1_000, what: 'items of any list in a data file (entries, regiments, zones, points of a polygon, ...)' },
  cells: { min: 1, max: 10_000, what: 'cells of an experiment (matchups × scenarios × policies)' },
  games: { min: 1, max: 100_000_000, what: 'games per cell, precision batch and maxGames' },
  knob: { min: 0, max: 1_000_000, what: 'any other numeric ruleset knob' },
} as const satisfies Record<string, { min: number; max: number; exclusiveMin?: boolean; what: string }>;

export type BoundName = keyof typeof BOUNDS;

/** A whole number within BOUNDS[name]. */
export function boundedInt(name: BoundName) {
  const b = BOUNDS[name];
  return z.int().min(b.min).max(b.max);
}

/** A number within BOUNDS[name]; `above` raises the minimum to "greater than". */
export function boundedNumber(name: BoundName, above?: number) {
  const b: { min: number; max: number; exclusiveMin?: boolean } = BOUNDS[name];
  const lo = above ?? b.min;
  return (above !== undefined || b.exclusiveMin ? z.number().gt(lo) : z.number().min(lo)).max(b.max);
}

/** A list of at most BOUNDS.listItems items. */
export function boundedList<T extends z.ZodType>(item: T) {
  return z.array(item).max(BOUNDS.listItems.max);
}

/**
 * A name or path a data file gives (army and entry names, players, experiment
 * paths and policies): it ends up in CSV cells and report pages, where a line
 * break or other control character would break the row.
 */
export const nameText = z
  .string()
  .min(1)
  .regex(/^[^\p{Cc}]*$/u, 'expected no control characters (line breaks, tabs, ...)');
