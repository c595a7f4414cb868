/**
 * Grid points that play the very same games as an earlier one (same_as,
 * sweep.ts) are not played again: each of their tasks is the earlier point's
 * task, its rows copied under the point's cell and priced at the point's own
 * prices (the points of the warriors lost, all that two such points' games
 * differ in). The outputs are byte for byte those of playing them.
 */
import { loadRoster } from '../army/index.js';
import { withJsonOverlay } from '../data/json.js';
import { loadRuleset, resolveRuleset } from '../rules/index.js';
import type { CheckpointEntry } from '../batch/checkpoint.js';
import type { CellSpec, GameRecord, TaskRows } from './types.js';

/** A cell's key without its grid point: the base cell it is a point of. */
const baseKey = (c: CellSpec): string => c.key.slice(0, c.key.lastIndexOf(' | '));

/**
 * For each cell whose games another cell plays, that cell's index: the
 * cells of its same_as point with the same base cell. Only where both have
 * the same tasks checkpointed (a resume after a stop between the two's
 * checkpoint lines plays the point's games itself: the same games again).
 */
export function reusedCells(cells: readonly CellSpec[], checkpointed: (cell: number) => ReadonlyMap<number, CheckpointEntry>): Map<number, number> {
  const byPoint = new Map<string, number>();
  for (const c of cells) if (c.point) byPoint.set(`${c.point.index}\u0000${baseKey(c)}`, c.index);
  const out = new Map<number, number>();
  for (const c of cells) {
    const to = c.point?.sameAs;
    if (to === undefined || to === c.point!.index) continue;
    const rep = byPoint.get(`${to}\u0000${baseKey(c)}`);
    if (rep === undefined) continue;
    const [a, b] = [checkpointed(rep), checkpointed(c.index)];
    if (a.size !== b.size || [...a].some(([start, en]) => b.get(start)?.end !== en.end)) continue;
    out.set(c.index, rep);
  }
  return out;
}

/**
 * Each army's warriors' prices in roster order, as the engine gives them
 * (engine/setup.ts: a warrior's own points, else an even share of its
 * regiment's), from the cell's own files.
 */
export function warriorPrices(cell: CellSpec): [number[], number[]] {
  return withJsonOverlay(cell.files, () => {
    const ruleset = 'file' in cell.ruleset ? loadRuleset(cell.ruleset.file) : resolveRuleset(cell.ruleset.overrides, cell.source, ['ruleset']);
    const prices = (file: string): number[] => loadRoster(file, ruleset).regiments.flatMap((reg) => reg.warriors.map((rw) => rw.points ?? reg.points / reg.warriors.length));
    return [prices(cell.armyA.file), prices(cell.armyB.file)];
  });
}

/** The points of the warriors lost, summed and rounded as the engine's result does (engine/flow/end.ts). */
function destroyed(lost: readonly boolean[], prices: readonly number[]): number {
  let p = 0;
  for (let i = 0; i < lost.length; i++) if (lost[i]) p += prices[i];
  return Math.round(p * 100) / 100;
}

/** A task of `from`'s cell as the same task of `cell`, which plays the same games at `prices`. */
export function reusedTask(from: TaskRows, cell: CellSpec, prices: [number[], number[]]): TaskRows {
  const rows = from.rows.map((r): GameRecord => {
    if (!r.lost) throw new Error(`game ${r.game} of cell "${r.cell}" came without its warriors lost: cell "${cell.key}" cannot reuse it`);
    const { lost, ...row } = r;
    return { ...row, cell: cell.key, pointsDestroyedA: destroyed(lost[0], prices[0]), pointsDestroyedB: destroyed(lost[1], prices[1]) };
  });
  return { cell: cell.index, start: from.start, end: from.end, rows, errors: from.errors.map((g) => ({ ...g, cell: cell.key })) };
}
