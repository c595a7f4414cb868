/**
 * A sweep's list arithmetic: which army lists each grid point
 * plays, which grid points play the very same games, and every value of a
 * points-cost parameter at which a list changes.
 */
import { buildArmy } from '../army/index.js';
import { readJsonFile, withJsonOverlay } from '../data/json.js';
import type { SweepList } from './types.js';

/** JSON with sorted keys: the same document always gives the same text. */
export function stableJson(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

/**
 * What a grid point plays, as text: every army's roster as built (the
 * engine's input) and every patched document that is not an army or a
 * faction. null when an army does not build: such a point is like no other.
 * `prices`: the rosters' points too. The built-in bots never read a price
 * (docs/BOTS.md), so where nothing else does (no plugin bot, no VP for points
 * slain) the same warriors at other prices play the very same games.
 */
export function playFingerprint(files: Readonly<Record<string, unknown>>, ruleset: unknown, armies: readonly string[], listInputs: ReadonlySet<string>, prices = true): string | null {
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
      rosters.push(prices ? built.roster : withoutPrices(built.roster));
    }
    const others = Object.keys(files)
      .filter((f) => !listInputs.has(f))
      .sort()
      .map((f) => [f, files[f]]);
    return stableJson({ rosters, others, ruleset });
  });
}

/** A roster without its points (the army's, each regiment's, each warrior's share). */
function withoutPrices(roster: unknown): unknown {
  return JSON.parse(JSON.stringify(roster, (k, v: unknown) => (k === 'points' ? undefined : v)));
}

/** Each army's regiments (entry, models, points) and total, as the grid point's files give them. */
export function pointLists(files: Readonly<Record<string, unknown>>, armies: readonly { file: string; label: string }[]): SweepList[] {
  return withJsonOverlay(files, () =>
    armies.map(({ file, label }) => {
      let built: ReturnType<typeof buildArmy> | null;
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
