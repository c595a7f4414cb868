import { z } from 'zod';
import { boundedInt, boundedList } from '../data/bounds.js';

const fileName = z.string().min(1);

/** A balance file (`"kind": "balance"`): a whole points table proposed from play. Paths are relative to the file. */
export const balanceSchema = z.strictObject({
  kind: z.literal('balance'),
  name: z.string().regex(/^[A-Za-z0-9._-]+$/, 'expected a name of letters, digits, ".", "_" or "-"'),
  description: z.string().optional(),
  seed: z.string().min(1),
  /** Faction files. */
  factions: boundedList(fileName).min(1),
  /** Points limits the lists are built to (each jittered). */
  points: boundedList(boundedInt('pointsLimit')).min(1),
  /** Built-in scenario names, or scenario files. */
  scenarios: boundedList(fileName).min(1),
  /** The policy on both sides (default "strongest"). */
  policy: fileName.optional(),
  /** Games of the fit and of the held-out check together. */
  games: boundedInt('games'),
  /** Share of `games` held out to play today's and the proposed table (default 0.25). */
  holdout: z.number().min(0).max(0.9).optional(),
  /** Each list's points limit moves by up to this share of itself (default 0.1). */
  jitter: z.number().min(0).max(0.5).optional(),
  /** The prices to judge (default every price of every faction); the fit still counts every entry. */
  prices: boundedList(z.strictObject({ name: z.string().min(1), faction: fileName, pointer: z.string().min(1) })).optional(),
  /** What each ability is worth: games per ability (default 240), or false. */
  abilities: z.union([z.literal(false), z.strictObject({ games: boundedInt('games') })]).optional(),
  /** The stronger tier that re-checks the proposed table's worst held-out cells: "policy[:games]" or "none" (default search:48). */
  confirm: z.string().min(1).optional(),
  /** Fit rounds at most: another round plays lists built at the proposed prices when they move the lists (default 2; 1: never). */
  iterations: z.number().int().min(1).max(5).optional(),
  /** How far the proposal may move the lists before another round is played: the share of the average list's points spent otherwise (default 0.05). */
  moveThreshold: z.number().min(0).max(1).optional(),
  /** Output folder; default reports/<name>. */
  out: fileName.optional(),
});

export type BalanceJson = z.infer<typeof balanceSchema>;
