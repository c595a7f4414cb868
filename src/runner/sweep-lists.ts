/**
 * A sweep's list arithmetic (issue 24): which army lists each grid point
 * plays, which grid points play the very same games, and every value of a
 * points-cost parameter at which a list changes.
 */
import { buildArmy } from '../army/index.js';
import { readJsonFile, withJsonOverlay } from '../data/json.js';
import { getScenario } from '../scenarios/index.js';
import type { SweepList } from './types.js';

/** JSON with sorted keys (the same document always gives the same text); `drop` leaves out keys by name. */
export function stableJson(x: unknown, drop: ReadonlySet<string> = new Set()): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .filter((k) => !drop.has(k))
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

/** Keys of a built roster that carry points only: what the armies cost, which no rule reads unless a scenario scores slain points. */
const POINTS_KEYS = new Set(['points', 'pointsLimit']);

/**
 * What a grid point plays, as text: every army's roster as built (the
 * engine's input) and every patched document that is not an army or a
 * faction. With `withoutPoints`, the rosters' points are left out (for cells
 * whose scenario never reads them). null when an army does not build: such
 * a point is like no other.
 */
export function playFingerprint(
  files: Readonly<Record<string, unknown>>,
  ruleset: unknown,
  armies: readonly string[],
  listInputs: ReadonlySet<string>,
  withoutPoints: boolean,
): string | null {
  // Inside the overlay, readJsonFile gives the point's patched document or the file as written.
  return withJsonOverlay(files, () => {
    const rosters: unknown[] = [];
    for (const a of armies) {
      let built: ReturnType<typeof buildArmy>;
      try {
        built = buildArmy(readJsonFile(a), a);
      } catch {
        return null;
      }
      if (!built.roster) return null;
      rosters.push(built.roster);
    }
    const others = Object.keys(files)
      .filter((f) => !listInputs.has(f))
      .sort()
      .map((f) => [f, files[f]]);
    return stableJson({ rosters, others, ruleset }, withoutPoints ? POINTS_KEYS : new Set());
  });
}

/** Whether a cell's scenario scores slain points (then a points cost changes its games even when the lists do not). */
export function scenarioReadsPoints(files: Readonly<Record<string, unknown>>, scenario: string): boolean {
  try {
    return withJsonOverlay(files, () => JSON.stringify(getScenario(scenario)).includes('"pointsSlain"'));
  } catch {
    // A scenario that does not load is reported by the point's check; count it as reading points (no point merged).
    return true;
  }
}

/** Each army's regiments (entry, models, points) and total, as the grid point's files give them. */
export function pointLists(files: Readonly<Record<string, unknown>>, armies: readonly { file: string; label: string }[]): SweepList[] {
  return withJsonOverlay(files, () =>
    armies.map(({ file, label }) => {
      let built: ReturnType<typeof buildArmy> | null = null;
      try {
        built = buildArmy(readJsonFile(file), file);
      } catch {
        built = null;
      }
      return {
        army: label,
        regiments: (built?.breakdown ?? []).map((r) => ({ entry: r.entry, models: r.models, points: r.points })),
        points: built?.points ?? 0,
      };
    }),
  );
}
