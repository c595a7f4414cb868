import { withJsonOverlay } from '../data/json.js';
import type { ExperimentJson, ReferenceCheck } from './experiment.js';
import type { Experiment } from './types.js';

/** Grid points whose errors are listed in full; the rest are counted. */
const LISTED_POINTS = 5;

/**
 * Checks every grid point's inputs like any input (`check` loads the
 * armies, factions, scenarios and ruleset with the point's patched files in
 * place), before any game. A problem every point shares is one line; the
 * others name their point: `file: sweep point 3 of 9 (cost=90): <file>: <path>: <message>`.
 */
export function checkSweepPoints(e: Experiment, json: ExperimentJson, check: ReferenceCheck): string[] {
  const plan = e.sweep;
  if (!plan) return check(e, json);
  const perPoint = plan.points.map((_point, index) => {
    const cell = e.cells[index * plan.baseCells];
    const ruleset = cell && 'overrides' in cell.ruleset && cell.ruleset.overrides !== undefined ? cell.ruleset.overrides : json.ruleset;
    return withJsonOverlay(cell?.files, () => check(e, { ...json, ruleset: ruleset as ExperimentJson['ruleset'] }));
  });
  const shared = perPoint[0].filter((line) => perPoint.every((lines) => lines.includes(line)));
  const out = [...shared];
  let failing = 0;
  perPoint.forEach((lines, index) => {
    const own = lines.filter((l) => !shared.includes(l));
    if (own.length === 0) return;
    failing++;
    if (failing > LISTED_POINTS) return;
    const where = `${e.file}: sweep point ${index + 1} of ${plan.points.length} (${plan.points[index].label})`;
    out.push(...own.map((l) => `${where}: ${l}`));
  });
  if (failing > LISTED_POINTS) out.push(`${e.file}: sweep: ${failing - LISTED_POINTS} more grid points have errors`);
  return out;
}
