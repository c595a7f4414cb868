import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { randomPolicy } from '../../src/bots/index.js';
import { childRng } from '../../src/dice/index.js';
import { Game } from '../../src/engine/index.js';
import { warriorsNear } from '../../src/engine/grid.js';
import type { GameState } from '../../src/engine/types.js';
import { forRandomGames, playRandomly } from './harness.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';

const armies = [loadRoster('sims/armies/ironbound-400.json'), loadRoster('sims/armies/tuskfell-400.json')];
const scenarios = ['annihilation', 'pincer', 'broken-lines'].map((n) => getScenario(n));

/** Every warrior on the table, and only those, is in the grid, in a cell of its own player's, at its own position; a cell's occupied bit says whether it holds any. */
function expectGridInStep(s: GameState): void {
  const g = s.grid;
  const seen = new Set<number>();
  for (let c = 0; c < g.head.length; c++) {
    for (let id = g.head[c]; id >= 0; id = g.next[id]) {
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      expect(g.cell[id]).toBe(c);
      expect(Math.floor(c / (g.cols * g.rows))).toBe(s.warriors[id].player);
    }
  }
  for (let row = 0; row < 2 * g.rows; row++) {
    for (let c = 0; c < g.cols; c++) expect((g.occupied[row] >> c) & 1).toBe(g.head[row * g.cols + c] >= 0 ? 1 : 0);
  }
  for (const w of s.warriors) {
    expect(seen.has(w.id)).toBe(w.status === 'table');
    if (w.status !== 'table') continue;
    expect([g.x[w.id], g.y[w.id], g.r[w.id]]).toEqual([w.x, w.y, w.r]);
  }
}

/** warriorsNear finds every warrior of the player on the table within reach of the point, and none of the other's. */
function expectNearComplete(s: GameState, x: number, y: number, reach: number): void {
  for (const player of [0, 1] as const) {
    const n = warriorsNear(s.grid, player, x, y, reach);
    const found = new Set(Array.from(s.grid.near.subarray(0, n)));
    expect(found.size).toBe(n);
    for (const w of s.warriors) {
      if (w.player !== player) expect(found.has(w.id)).toBe(false);
      else if (w.status === 'table' && Math.hypot(w.x - x, w.y - y) <= reach) expect(found.has(w.id)).toBe(true);
    }
  }
}

describe('the warrior grid', () => {
  it('stays in step with every move, entry, Driven Back and slaying of random games, and answers near-by questions completely (property)', () => {
    forRandomGames({ armies: [armies[0], armies[1]], scenarios, numRuns: 12 }, (game, rng) => {
      playRandomly(game, rng, (_, k) => {
        if (k % 25 !== 0) return;
        expectGridInStep(game.state);
        const u = rng.next();
        expectNearComplete(game.state, u * 48, rng.next() * 48, 1 + u * 10);
      });
      expectGridInStep(game.state);
    });
  });

  it('is copied by clone: moving a warrior in the copy leaves the original grid alone', () => {
    const game = Game.create({ armies: [armies[0], armies[1]], scenario: scenarios[0], ruleset: DEFAULT_RULESET, seed: 'grid' });
    const rng = childRng('grid', 'p');
    while (game.state.phase !== 'action') {
      const d = game.pending()!;
      game.apply(randomPolicy.choose({ state: game.state, me: d.player }, d, rng));
    }
    const before = game.state.grid.cell.slice();
    const copy = game.clone('other');
    for (let i = 0; i < 40 && copy.pending(); i++) {
      const d = copy.pending()!;
      copy.apply(randomPolicy.choose({ state: copy.state, me: d.player }, d, rng));
    }
    expect(copy.state.grid.cell).not.toEqual(before);
    expect(game.state.grid.cell).toEqual(before);
    expectGridInStep(game.state);
    expectGridInStep(copy.state);
  });
});
