import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { moveAlong } from '../../src/board/index.js';
import { blockersFor, canEngage, moveObstacles, norm, overlapsBase } from '../../src/engine/space.js';
import type { GameState, Warrior } from '../../src/engine/types.js';
import { forRandomGames, playRandomly } from './harness.js';
import { getScenario } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/reedmarsh-800.json')];
const scenarios = ['annihilation', 'raid', 'broken-lines'].map((n) => getScenario(n));

/** A March of w towards (tx, ty) given every base on the table, as the engine moved before it narrowed the obstacles. */
function moveAgainstEverything(s: GameState, w: Warrior, tx: number, ty: number, max: number) {
  const enemies = s.warriors.filter((e) => e.status === 'table' && e.player !== w.player && canEngage(w, e));
  return moveAlong({
    mover: w,
    to: { x: tx, y: ty },
    maxDistance: max,
    blockers: blockersFor(s, w),
    impassable: s.match.impassable,
    difficult: s.match.difficult,
    table: s.match.table,
    engageWith: enemies,
    engagementRange: s.match.ruleset.engagementRange,
  });
}

function moveAgainstNarrowed(s: GameState, w: Warrior, tx: number, ty: number, max: number) {
  const o = moveObstacles(s, w, w.x, w.y, tx, ty, Math.min(max, norm(tx - w.x, ty - w.y)), true);
  return moveAlong({
    mover: w,
    to: { x: tx, y: ty },
    maxDistance: max,
    blockers: o.blockers,
    blockerCount: o.blockerCount,
    impassable: s.match.impassable,
    difficult: s.match.difficult,
    table: s.match.table,
    engageWith: o.enemies,
    engageCount: o.enemyCount,
    engagementRange: s.match.ruleset.engagementRange,
  });
}

describe('the near-by questions', () => {
  it('a move against the bases near its path ends exactly where it would against every base; overlapsBase agrees with every base (property)', () => {
    forRandomGames({ armies: [armies[0], armies[1]], scenarios, numRuns: 8 }, (game, rng) => {
      playRandomly(game, rng, (d, k) => {
        const s = game.state;
        if (d.kind !== 'action' || k % 7 !== 0 || s.warriors[d.warrior].status !== 'table') return;
        const w = s.warriors[d.warrior];
        // Towards a near-by base (contacts and engagements) or anywhere (edges, terrain).
        const near = s.warriors[Math.floor(rng.next() * s.warriors.length)];
        const [tx, ty] = near.status === 'table' && rng.next() < 0.5 ? [near.x, near.y] : [rng.next() * 48, rng.next() * 48];
        const max = 1 + rng.next() * 8;
        expect(moveAgainstNarrowed(s, w, tx, ty, max)).toEqual(moveAgainstEverything(s, w, tx, ty, max));
        const px = rng.next() * 48;
        const py = rng.next() * 48;
        const overlaps = blockersFor(s, w).some((b) => norm(b.x - px, b.y - py) < b.r + w.r - 1e-9);
        expect(overlapsBase(s, w, px, py)).toBe(overlaps);
      });
    });
  });
});
