/** Battles of a campaign fought in the engine (R34: First Blood armies and scenarios). */
import { polygonBounds, polygonsDistance, pointInAnyPolygon, rectPolygon, type TerrainPiece } from '../board/index.js';
import { getPolicy } from '../bots/index.js';
import { childRng } from '../dice/index.js';
import { playGame } from '../engine/index.js';
import { DEFAULT_RULESET, type Ruleset } from '../rules/ruleset.js';
import { deploymentPolygons, generateTerrain, getScenario, type Scenario } from '../scenarios/index.js';
import { withCavalryMarch } from './muster.js';
import type { BattleOutcome, Campaign, FightFn } from './types.js';

/**
 * Hive City (R34): 3 obstructing 1"×2" obstacles wholly within the
 * protector's deployment zone, after the battlefield's own terrain. The
 * protector sets them up along the front of its zone, as far apart as the
 * zone allows, clear of the other terrain: cover for its line.
 */
export function hiveCityObstacles(scenario: Scenario, terrain: readonly TerrainPiece[], protectorSeat: 0 | 1, count: number): TerrainPiece[] {
  const zone = deploymentPolygons(scenario, protectorSeat);
  const mid = scenario.table.height / 2;
  const candidates: { x: number; y: number; front: number }[] = [];
  for (const poly of zone) {
    const b = polygonBounds(poly);
    for (let y = Math.ceil(b.minY); y + 1 <= b.maxY; y += 0.5) {
      for (let x = Math.ceil(b.minX); x + 2 <= b.maxX; x += 0.5) candidates.push({ x, y, front: Math.abs(y + 0.5 - mid) });
    }
  }
  candidates.sort((a, b) => a.front - b.front || a.x - b.x);
  const placed: TerrainPiece[] = [];
  const within = (p: { x: number; y: number }[]): boolean => p.every((c) => pointInAnyPolygon(c.x, c.y, zone));
  // Spread: a candidate far from the ones placed, and at least 1" from any terrain.
  for (const spacing of [scenario.table.width / (count + 1), 6, 3, 1]) {
    for (const c of candidates) {
      if (placed.length >= count) break;
      const shape = rectPolygon({ x: c.x, y: c.y, w: 2, h: 1 });
      if (!within(shape)) continue;
      if (terrain.some((t) => polygonsDistance(t.shape, shape) < 1)) continue;
      if (placed.some((t) => polygonsDistance(t.shape, shape) < spacing)) continue;
      placed.push({ id: `hive-obstacle-${placed.length + 1}`, shape, size: 1, rules: ['Obstructing'] });
    }
  }
  return placed;
}

/** Fights campaign battles in the engine with each player's battle policy. */
export function engineFight(c: Campaign, ruleset: Ruleset = DEFAULT_RULESET): FightFn {
  const scenarios = new Map<string, Scenario>();
  const scenario = (id: string): Scenario => {
    let s = scenarios.get(id);
    if (!s) scenarios.set(id, (s = getScenario(id)));
    return s;
  };
  const policies = c.players.map((p) => getPolicy(p.battlePolicy));
  return (spec, armies, mods): BattleOutcome => {
    let sc = scenario(spec.mission);
    const protectorSeat = spec.firstSeat === 'protector' ? 0 : 1;
    if (mods.protectorObstacles > 0) {
      // The battlefield the engine would generate for this seed, plus the obstacles.
      const terrain = sc.terrain === 'generate' ? generateTerrain({ scenario: sc, rng: childRng(spec.seed, 'setup'), ruleset }) : sc.terrain;
      sc = { ...sc, terrain: [...terrain, ...hiveCityObstacles(sc, terrain, protectorSeat, mods.protectorObstacles)] };
    }
    const inv = withCavalryMarch(armies.invader, mods.cavalryMarch);
    const pro = withCavalryMarch(armies.protector, mods.cavalryMarch);
    const invFirst = protectorSeat === 1;
    const r = playGame({
      armies: invFirst ? [inv, pro] : [pro, inv],
      scenario: sc,
      control: sc.control,
      ruleset,
      seed: spec.seed,
      policies: invFirst ? [policies[spec.invader], policies[spec.protector]] : [policies[spec.protector], policies[spec.invader]],
    });
    const invSeat = invFirst ? 0 : 1;
    return {
      result: r.winner === null ? 'draw' : r.winner === invSeat ? 'invader' : 'protector',
      vpInvader: r.vp[invSeat],
      vpProtector: r.vp[1 - invSeat],
      endReason: r.endReason,
    };
  };
}
