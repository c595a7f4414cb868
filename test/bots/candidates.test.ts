import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { circleWhollyWithinUnion, polygonBounds } from '../../src/board/index.js';
import { deploymentFor, formationAt, randomObjective, randomPolicy } from '../../src/bots/index.js';
import { createRng } from '../../src/dice/index.js';
import type { Rng } from '../../src/dice/types.js';
import { Game } from '../../src/engine/index.js';
import type { GameState, PlayerIndex } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')] as const;

function newGame(scenario: string, seed = 'bots'): Game {
  return Game.create({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed });
}

/** A stream of fixed draws that counts them. */
function draws(...values: number[]): Rng & { used: number } {
  const r = { used: 0, next: () => values[r.used++] ?? 0.5 };
  return r;
}

/** Every base on the table that a formation must keep clear of. */
function overlapping(s: GameState, x: number, y: number, r: number): boolean {
  return s.warriors.some((w) => w.status === 'table' && Math.hypot(w.x - x, w.y - y) < w.r + r);
}

describe('randomObjective', () => {
  it("picks uniformly, with one draw, among the zones, markers and points not already the player's", () => {
    const s = newGame('meeting-engagement').state;
    const p: PlayerIndex = 0;
    const wanted = [
      ...s.match.scenario.objectiveZones.filter((z) => z.friendlyTo !== p),
      ...s.scenarioState.markers.filter((m) => !m.destroyed && m.friendlyTo !== p),
      ...s.scenarioState.capturePoints.filter((c) => c.controlledBy !== p),
    ];
    expect(wanted.length).toBeGreaterThan(1);
    wanted.forEach((o, i) => {
      const rng = draws((i + 0.5) / wanted.length);
      const got = randomObjective(s, p, rng);
      expect(got).toEqual(expect.objectContaining({ x: o.x, y: o.y }));
      expect(rng.used).toBe(1);
    });
  });

  it('is null without a draw when there is nothing to walk to', () => {
    const s = newGame('annihilation').state;
    const rng = draws();
    expect(randomObjective(s, 0, rng)).toBeNull();
    expect(rng.used).toBe(0);
  });
});

describe('deployment formations', () => {
  it('every warrior wholly within the zone, clear of every other base; the engine accepts them all', () => {
    for (const id of ['annihilation', 'meeting-engagement', 'raid', 'tug-of-war']) {
      const game = newGame(id);
      const s = game.state;
      const rng = createRng(`deploy:${id}`);
      for (let d = game.pending(); d && s.round === 0; d = game.pending()) {
        if (d.kind !== 'deploy') {
          game.apply(randomPolicy.choose({ state: s, me: d.player }, d, rng));
          continue;
        }
        const reg = d.regiments[0];
        const positions = deploymentFor(s, reg, d.zones, rng);
        const ids = s.regiments[reg].warriors;
        expect(positions).toHaveLength(ids.length);
        positions.forEach((q, k) => {
          const r = s.warriors[ids[k]].r;
          expect(circleWhollyWithinUnion({ x: q.x, y: q.y, r }, d.zones)).toBe(true);
          expect(overlapping(s, q.x, q.y, r)).toBe(false);
          for (let j = 0; j < k; j++) expect(Math.hypot(positions[j].x - q.x, positions[j].y - q.y)).toBeGreaterThanOrEqual(r + s.warriors[ids[j]].r);
        });
        game.apply({ kind: 'deploy', regiment: reg, positions });
      }
      expect(s.round).toBe(1);
    }
  });

  it('formationAt is null where the regiment does not fit, and keeps clear of a regiment already there', () => {
    const game = newGame('annihilation');
    const s = game.state;
    const d = game.pending()!;
    const rng = createRng('x');
    game.apply(randomPolicy.choose({ state: s, me: d.player }, d, rng));
    const dep = game.pending()!;
    if (dep.kind !== 'deploy') throw new Error('expected a deployment');
    const reg = dep.regiments.find((i) => s.regiments[i].warriors.length > 1)!;
    // A square one base wide holds one warrior, not a regiment.
    const r = s.warriors[s.regiments[reg].warriors[0]].r;
    const tiny = [
      [
        { x: 0, y: 0 },
        { x: 2 * r + 0.01, y: 0 },
        { x: 2 * r + 0.01, y: 2 * r + 0.01 },
        { x: 0, y: 2 * r + 0.01 },
      ],
    ];
    expect(formationAt(s, reg, tiny, { x: r, y: r })).toBeNull();
    // With one regiment deployed at an anchor, another of the same army formed there goes around it.
    const b = polygonBounds(dep.zones[0]);
    const anchor = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    const first = formationAt(s, reg, dep.zones, anchor)!;
    game.apply({ kind: 'deploy', regiment: reg, positions: first });
    const other = dep.regiments.find((i) => i !== reg)!;
    const second = formationAt(s, other, dep.zones, anchor)!;
    expect(second).not.toBeNull();
    for (const [k, q] of second.entries()) expect(overlapping(s, q.x, q.y, s.warriors[s.regiments[other].warriors[k]].r)).toBe(false);
  });
});
