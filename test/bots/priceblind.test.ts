/**
 * The built-in bots are price-blind: the same lists with every price of their
 * factions changed (regiments, extra models, Leaders, officers, upgrades,
 * characters, retinues: scrambled, so even the order of prices changes) play
 * the very same games, event for event, on scenarios that do not score points
 * slain. Only the events' and the result's points (the price of what fell)
 * may differ: they are left out of the comparison.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import type { Roster } from '../../src/army/types.js';
import { getPolicy } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const LISTS = ['ironbound-400', 'tuskfell-400', 'reedmarsh-400'];
/** None scores points slain (checked below): there the score itself is in points. */
const SCENARIOS = ['meeting-engagement', 'raid', 'tug-of-war'];

/** Every price in a faction's JSON, replaced by `f` of it (prices are the `points` and `extraModelPoints` numbers). */
function reprice(json: unknown, f: (p: number) => number): unknown {
  if (Array.isArray(json)) return json.map((x) => reprice(x, f));
  if (json === null || typeof json !== 'object') return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) out[k] = (k === 'points' || k === 'extraModelPoints') && typeof v === 'number' ? f(v) : reprice(v, f);
  return out;
}

/** The sample lists, and the same lists built from factions whose every price is `f` of the original. */
function repriced(f: (p: number) => number): Roster[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'priceblind-'));
  return LISTS.map((name) => {
    const army = JSON.parse(readFileSync(`sims/armies/${name}.json`, 'utf8'));
    const faction = JSON.parse(readFileSync(`sims/factions/${army.faction}.json`, 'utf8'));
    writeFileSync(path.join(dir, `${army.faction}.json`), JSON.stringify(reprice(faction, f)));
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ ...army, factionFile: `${army.faction}.json`, pointsLimit: 100_000 }));
    return loadRoster(file);
  });
}

const original = LISTS.map((name) => loadRoster(`sims/armies/${name}.json`));
// Scrambled prices: a warrior's share of its regiment's, and which regiment costs most, both change.
const scrambled = repriced((p) => ((p * 37 + 11) % 101) + 1);

/** One game's event stream without its prices, hashed. */
function play(armies: Roster[], spec: string, i: number): string {
  const h = createHash('sha256');
  playGame({
    armies: [armies[i % 3], armies[(i + 1) % 3]],
    scenario: getScenario(SCENARIOS[i % SCENARIOS.length]),
    ruleset: DEFAULT_RULESET,
    seed: `priceblind-${i}`,
    policies: [getPolicy(spec), getPolicy(spec)],
    onEvent: (e) => h.update(JSON.stringify(e, (k, v) => (k === 'points' || k === 'pointsDestroyed' ? undefined : v))),
  });
  return h.digest('hex');
}

describe('price-blind bots', () => {
  it('the repriced lists are the same warriors at other prices', () => {
    for (const sc of SCENARIOS) expect(getScenario(sc).vpRules.some((r) => r.rule === 'pointsSlain')).toBe(false);
    // The regiments in order of price.
    const order = (r: Roster) =>
      r.regiments
        .map((g, i) => [g.points, i])
        .sort((x, y) => y[0] - x[0] || x[1] - y[1])
        .map((x) => x[1])
        .join();
    for (let i = 0; i < LISTS.length; i++) {
      const [a, b] = [original[i], scrambled[i]];
      expect(b.regiments.map((r) => r.warriors.map((w) => w.profile))).toEqual(a.regiments.map((r) => r.warriors.map((w) => w.profile)));
      expect(b.points).not.toBe(a.points);
      expect(order(b)).not.toBe(order(a));
    }
  });

  for (const [spec, games] of [
    ['random', 3],
    ['aggressive', 3],
    ['objective', 3],
    ['balanced', 3],
    ['search:playouts=1', 1],
  ] as const) {
    it(`${spec} plays the same games whatever the prices`, () => {
      for (let i = 0; i < games; i++) expect(play(scrambled, spec, i)).toBe(play(original, spec, i));
    }, 600_000);
  }
});
