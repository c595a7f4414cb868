/**
 * What bench/tune.ts and bench/ntbea.ts share: the generated tuning lists
 * (seeds `tune-N`, disjoint from bench/held-out.json's), a group's draw of two
 * of them, and a policy maker from a spec (built-in or plugin).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildArmy, loadFaction, randomArmy } from '../src/army/index.js';
import type { Roster } from '../src/army/types.js';
import { getPolicy, loadPlugin, resolvePolicySpec } from '../src/bots/index.js';
import type { Rng } from '../src/dice/index.js';
import type { Policy } from '../src/engine/types.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
const FACTIONS = ['ironbound', 'reedmarsh', 'tuskfell'];
export const POINTS = [400, 800];

/** Generated lists by points limit, seeds `tune-first` .. `tune-(first+n-1)` for each faction. */
export function tuneLists(n: number, first = 1): Map<number, Roster[]> {
  const lists = new Map<number, Roster[]>();
  for (const points of POINTS) {
    const at: Roster[] = [];
    for (const f of FACTIONS) {
      const faction = loadFaction(path.join(root, 'sims', 'factions', `${f}.json`));
      for (let k = first; k < first + n; k++) {
        const json = randomArmy({ faction, points, seed: `tune-${k}` });
        // Beside the sample lists, so that the faction file is found as theirs is.
        const built = buildArmy(json, path.join(root, 'sims', 'armies', `${json.name}.json`));
        if (!built.roster) throw new Error(built.errors.join('\n'));
        at.push(built.roster);
      }
    }
    lists.set(points, at);
  }
  return lists;
}

/** A group's two lists: a points limit drawn by `rng`, then two different lists at it. */
export function drawPair(rng: Rng, lists: Map<number, Roster[]>): [Roster, Roster] {
  const at = lists.get(POINTS[Math.floor(rng.next() * POINTS.length)])!;
  const x = Math.floor(rng.next() * at.length);
  let y = Math.floor(rng.next() * (at.length - 1));
  if (y >= x) y++;
  return [at[x], at[y]];
}

/** A maker of fresh policies from a spec: a built-in (with options) or a plugin path (relative to the repository). */
export async function policyMaker(spec: string): Promise<() => Policy> {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const abs = resolvePolicySpec(spec, root);
    await loadPlugin(abs);
    return () => getPolicy(abs);
  }
  return () => getPolicy(spec);
}
