/**
 * marchBlocked, the blocked-line test a policy asks before sending a March
 * or a Reposition (R41), answers by its definition whatever shortcuts it
 * takes: the straight line stops at a base or impassable terrain, and not
 * at the free point nearest the goal that the planner's pushes find
 * (board.freeGoal). The definition is spelt out here from the engine's own
 * pieces, and compared with the engine's answer on states of random games.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { freeGoal } from '../../src/board/index.js';
import { randomPolicy } from '../../src/bots/index.js';
import { childRng } from '../../src/dice/index.js';
import { Game, marchBlocked } from '../../src/engine/index.js';
import { leg, pathSpace } from '../../src/engine/walk.js';
import type { GameState, Warrior } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { skirmish } from './harness.js';

/** The blocked-line test by its definition: one straight leg, then the planner's free goal, no shortcut. */
function blockedByDefinition(s: GameState, w: Warrior, x: number, y: number, max: number, keep: boolean): boolean {
  const r = leg(s, w, w.x, w.y, x, y, max, keep);
  if (r.stoppedBy !== 'base' && r.stoppedBy !== 'terrain') return false;
  const sx = r.x;
  const sy = r.y;
  const goal = freeGoal(pathSpace(s, w, x, y, 2 * (w.r + s.grid.maxR)), { x: w.x, y: w.y }, { x, y });
  return !(goal === null || Math.abs(goal.x - sx) + Math.abs(goal.y - sy) < 1e-5);
}

const armies = [800, 400].map((p) => ['ironbound', 'reedmarsh', 'tuskfell'].map((f) => loadRoster(`sims/armies/${f}-${p}.json`)));
// Objective markers (bases a March meets), a moving marker, generated terrain with impassable pieces.
const scenarios = ['meeting-engagement', 'pincer', 'area-control', 'broken-lines', 'raid', 'tug-of-war'].map((n) => getScenario(n));

/** Where a question marches to: at a base (a warrior's or a marker's, off its centre by a little), or in a direction. */
const target = fc.oneof(
  fc.record({ at: fc.constant('base' as const), pick: fc.nat(), ox: fc.double({ min: -1.5, max: 1.5, noNaN: true }), oy: fc.double({ min: -1.5, max: 1.5, noNaN: true }), centre: fc.boolean() }),
  fc.record({ at: fc.constant('line' as const), angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), far: fc.double({ min: 0.05, max: 1.6, noNaN: true }) }),
);
type Target = typeof target extends fc.Arbitrary<infer T> ? T : never;

function goalOf(s: GameState, w: Warrior, t: Target, max: number): { x: number; y: number } {
  if (t.at === 'line') return { x: w.x + Math.cos(t.angle) * max * t.far, y: w.y + Math.sin(t.angle) * max * t.far };
  const bases: { x: number; y: number }[] = s.warriors.filter((o) => o.status === 'table' && o !== w);
  for (const m of s.scenarioState.markers) if (!m.destroyed) bases.push(m);
  const b = bases[t.pick % bases.length];
  return t.centre ? { x: b.x, y: b.y } : { x: b.x + t.ox, y: b.y + t.oy };
}

describe('marchBlocked answers as its definition (property)', () => {
  // Guards the shortcuts before the planner's pushes (the goal free, pushed out of the one base holding it)
  // and the blocked answers kept within a decision: a shortcut that answered otherwise than freeGoal would,
  // or a kept answer used after the table changed, fails here.
  it('on states of random games, for Marches and Repositions at bases and along lines', () => {
    const seen = { blocked: 0, open: 0 };
    fc.assert(
      fc.property(
        fc.nat({ max: 5 }),
        fc.nat({ max: scenarios.length - 1 }),
        fc.string({ maxLength: 6 }),
        fc.array(fc.tuple(target, fc.boolean(), fc.double({ min: 0.5, max: 12, noNaN: true })), { minLength: 3, maxLength: 6 }),
        (pair, sc, seed, questions) => {
          const side = armies[pair % 2];
          const game = Game.create({ armies: [side[pair % 3], side[(pair + 1) % 3]], scenario: scenarios[sc], ruleset: DEFAULT_RULESET, seed });
          const rng = childRng(seed, 'policy');
          let k = 0;
          for (let d = game.pending(); d; d = game.pending()) {
            const s = game.state;
            if (d.kind === 'action' && k++ % 3 === 0) {
              const w = s.warriors[d.warrior];
              for (const [t, keep, ownMax] of questions) {
                const max: number = keep ? d.marchAllowance : ownMax;
                const g = goalOf(s, w, t, max);
                const want = blockedByDefinition(s, w, g.x, g.y, max, keep);
                // Twice: the second answer may come from what the first one kept.
                for (let twice = 0; twice < 2; twice++) {
                  if (marchBlocked(s, w, g.x, g.y, max, keep) !== want) {
                    expect.fail(
                      `${scenarios[sc].id} seed ${JSON.stringify(seed)} decision ${s.decisions}: warrior ${w.id} at (${w.x}, ${w.y}) towards (${g.x}, ${g.y}), max ${max}, keep ${keep}: want ${want}`,
                    );
                  }
                }
                seen[want ? 'blocked' : 'open']++;
              }
            }
            game.apply(randomPolicy.choose({ state: s, me: d.player }, d, rng));
          }
        },
      ),
      { numRuns: 10 },
    );
    // Both answers were asked many times.
    expect(seen.blocked).toBeGreaterThan(500);
    expect(seen.open).toBeGreaterThan(500);
  });
});

describe('marchBlocked at a goal inside a base with no room beyond it', () => {
  // The March from (10, 10) aims 0.05" inside an enemy base at (10, 16) and stops against its near side.
  // The point freeGoal pushes the goal to, straight out of the far side of that base, is taken by
  // impassable terrain or a marker, whose push sends it back inside the base: the pushes find no free
  // point, and a March with no free goal counts as arrived where it stopped (not blocked). Guards the
  // shortcut's test that the pushed point stands clear: without it, these read "blocked".
  const rock = {
    id: 'rock',
    shape: [
      { x: 5, y: 16.8 },
      { x: 15, y: 16.8 },
      { x: 15, y: 20 },
      { x: 5, y: 20 },
    ],
    size: 3,
    rules: ['Impassable' as const],
  };
  const R = 27 / 25.4;
  const cases = [
    { name: 'impassable terrain beyond the base', terrain: [rock], scenario: {} },
    { name: 'a standing marker beyond the base', terrain: [], scenario: { objectiveMarkers: [{ id: 'M', x: 10, y: 16 + R + 0.8, friendlyTo: null, behaviour: 'standard' as const, label: 'M' }] } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const sk = skirmish({
        warriors: [
          { player: 0, x: 10, y: 10, profile: { march: 8 } },
          { player: 1, x: 10, y: 16 },
        ],
        terrain: c.terrain,
        scenario: c.scenario,
      });
      const w = sk.w(0);
      const want = blockedByDefinition(sk.s, w, 10, 16.05, 8, true);
      expect(want).toBe(false);
      expect(marchBlocked(sk.s, w, 10, 16.05, 8)).toBe(want);
    });
  }
});

describe('marchBlocked keeps a blocked answer only while nothing moves', () => {
  // Guards the kept answers: kept past the decision, the second question would still read "blocked".
  it('a friend stepping out of the line opens it', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { march: 8 } },
        { player: 0, x: 10, y: 13, profile: { march: 8 } },
        { player: 1, x: 40, y: 40 },
      ],
    });
    const w = sk.w(0);
    expect(marchBlocked(sk.s, w, 10, 18, 8)).toBe(true);
    expect(marchBlocked(sk.s, w, 10, 18, 8)).toBe(true);
    sk.activate(1);
    sk.act({ type: 'march', x: 20, y: 13 });
    expect(sk.w(1).x).toBeCloseTo(18, 9);
    expect(marchBlocked(sk.s, w, 10, 18, 8)).toBe(false);
  });
});
