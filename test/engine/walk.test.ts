/** R41: path movement in built positions (March, entering March, Reposition; Charge stays straight), and the planner's questions. */
import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../../src/bots/index.js';
import { Game, IllegalChoiceError, pathDistance, playGame, shortestPath } from '../../src/engine/index.js';
import { move, validatePath } from '../../src/engine/rules/movement.js';
import { narrate } from '../../src/engine/narrate.js';
import type { GameEvent, Policy } from '../../src/engine/types.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { profile, skirmish, testScenario } from './harness.js';
import { placeOnTable } from '../../src/engine/grid.js';
import type { Roster } from '../../src/army/types.js';

const R = 27 / 25.4 / 2;
const moves = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'move' }> => e.type === 'move');
const rock = (x: number, y: number, w: number, h: number) => ({
  id: 'rock',
  shape: [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ],
  size: 3,
  rules: ['Impassable' as const],
});
const wood = (x: number, y: number, w: number, h: number) => ({
  id: 'wood',
  shape: [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ],
  size: 2,
  rules: ['Difficult' as const],
});

/** Length of the route from..via..to. */
function routeLength(m: Extract<GameEvent, { type: 'move' }>): number {
  const pts = [m.from, ...(m.via ?? []), m.to];
  let l = 0;
  for (let i = 1; i < pts.length; i++) l += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
  return l;
}

describe('R41: a March follows the shortest path when the straight line is blocked', () => {
  it('round impassable terrain: the whole allowance, never within r of the rock, the turns reported and narrated', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
      terrain: [rock(9, 11, 2, 2)],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 16 });
    const m = moves(sk.events).at(-1)!;
    expect(m.via!.length).toBeGreaterThan(0);
    expect(m.stoppedBy).toBe('distance');
    expect(routeLength(m)).toBeCloseTo(5, 6);
    const w = sk.w(0);
    expect(w.y).toBeGreaterThan(12);
    expect(narrate(m)).toMatch(/^ {4}march: \(10\.0, 10\.0\) -> \(.+\) via \(/);
  });

  it('a straight line that is open stays straight even across difficult terrain (plan only when blocked), spending double inside', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
      terrain: [wood(5, 11, 10, 2)],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 20 });
    const m = moves(sk.events).at(-1)!;
    expect(m.via).toBeUndefined();
    // 1" to the wood, 2" through it at double cost (4), 0" left.
    expect(sk.w(0).y).toBeCloseTo(13, 9);
  });

  it('a March at a base stops in contact with it: no path can get nearer', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 14 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 14 });
    expect(sk.w(0).y).toBeCloseTo(14 - 2 * R, 9);
    expect(moves(sk.events).at(-1)!.via).toBeUndefined();
  });

  it('never leaves an enemy Engagement Range once entered on the way', () => {
    // A friend blocks the line and a rock its left: the only way round passes the enemy, whose
    // Engagement Range it may enter but not leave.
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { march: 10 } },
        { player: 0, x: 10, y: 11.2 },
        { player: 1, x: 11.9, y: 11.2 },
      ],
      terrain: [rock(6, 10.6, 3.5, 1.9)],
    });
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 15 });
    const w = sk.w(0);
    const e = sk.w(2);
    const gapNow = Math.hypot(w.x - e.x, w.y - e.y) - 2 * R;
    expect(gapNow).toBeLessThanOrEqual(1 + 1e-9);
    const m = moves(sk.events).at(-1)!;
    expect(m.stoppedBy).toBe('engagement');
    expect(m.via!.length).toBeGreaterThan(0);
  });

  it('a Charge stays straight: a friend in the way stops it (R18)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 12 },
        { player: 1, x: 10, y: 14.5 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'charge', target: sk.ids[2] });
    const m = moves(sk.events).at(-1)!;
    expect(m.via).toBeUndefined();
    expect(m.stoppedBy).toBe('base');
    expect(sk.w(0).x).toBe(10);
  });
});

describe('R41: a path given by the policy', () => {
  it('is followed through its points, then to (x, y), as far as the allowance goes', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    sk.act({
      type: 'march',
      x: 14,
      y: 20,
      path: [
        { x: 13, y: 10 },
        { x: 13, y: 12 },
      ],
    });
    const m = moves(sk.events).at(-1)!;
    // 3 + 2 = 5: the allowance is spent at the second point, where the move ends (a turn only when it goes on).
    expect(m.via).toEqual([[13, 10]]);
    expect([sk.w(0).x, sk.w(0).y]).toEqual([13, 12]);
    sk.act({ type: 'march', x: 20, y: 12, path: [{ x: 14, y: 13 }] });
    // A repeat March: 3" (half of 5, rounded up): √2 to the turn, the rest towards (20, 12).
    const m2 = moves(sk.events).at(-1)!;
    expect(m2.via).toEqual([[14, 13]]);
    expect(sk.w(0).x).toBeCloseTo(14 + (3 - Math.SQRT2) * Math.cos(Math.atan2(-1, 6)), 9);
  });

  it('crossing another base is an illegal choice naming R41, and nothing changes', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 12, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    // The grid's query scratch (`near`) is not game state.
    const json = () => JSON.stringify(sk.s, (k, v) => (k === 'near' ? undefined : v));
    const before = json();
    expect(() => sk.act({ type: 'march', x: 10, y: 14, path: [{ x: 14, y: 10 }] })).toThrow(IllegalChoiceError);
    expect(() => sk.act({ type: 'march', x: 10, y: 14, path: [{ x: 14, y: 10 }] })).toThrow(/leg 1 .*crosses another warrior's or a marker's base.*\(R41\)/);
    expect(json()).toBe(before);
  });

  it('crossing impassable terrain, leaving the table or leaving an entered Engagement Range is illegal (R41)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 12.5 },
      ],
      terrain: [rock(12, 9, 1, 2)],
    });
    sk.activate(0);
    expect(() => sk.act({ type: 'march', x: 14, y: 10, path: [] })).toThrow(/impassable terrain.*R41/);
    expect(() => sk.act({ type: 'march', x: 6, y: 10, path: [{ x: 9.7, y: 11.3 }] })).toThrow(/leaves an enemy's Engagement Range.*R41/);
    expect(() => sk.act({ type: 'march', x: 6, y: 10, path: [{ x: Number.NaN, y: 1 }] })).toThrow(/path\[0\]/);
    const edge = skirmish({
      warriors: [
        { player: 0, x: 3, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    edge.activate(0);
    expect(() => edge.act({ type: 'march', x: -2, y: 10, path: [] })).toThrow(/leaves the table.*R41/);
  });

  it('the error names the policy that made it (a plugin sending a bad path)', () => {
    const army = (name: string): Roster => ({
      name,
      faction: 'test',
      pointsLimit: 1000,
      points: 10,
      regiments: [
        {
          id: 'a',
          entry: 'Spearman',
          isCharacterRegiment: false,
          role: 'Infantry',
          class: 'Medium',
          warriors: [
            {
              profile: profile(),
              kind: 'trooper',
              points: 10,
            },
          ],
          points: 10,
          reinforcement: false,
        },
      ],
      commandAbilities: [],
      uniqueActions: [],
    });
    const badPath: Policy = {
      name: 'bad-path',
      choose(view, d, rng) {
        if (d.kind === 'action' && d.legal.includes('march')) {
          const w = view.state.warriors[d.warrior];
          return { kind: 'action', action: { type: 'march', x: w.x, y: w.y + 1, path: [{ x: -5, y: w.y }] } };
        }
        return randomPolicy.choose(view, d, rng);
      },
    };
    expect(() => playGame({ armies: [army('A'), army('B')], scenario: testScenario(), ruleset: DEFAULT_RULESET, seed: 's', policies: [badPath, randomPolicy] })).toThrow(
      /policy bad-path \(player \d\) made an illegal action choice: .*leaves the table.*\(R41\)/,
    );
  });

  it('a Reposition may follow a path and leave the Engagement Range (then Broken!, R36)', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 11.5 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 6, path: [{ x: 8, y: 9 }] });
    const m = moves(sk.events).at(-1)!;
    expect(m.via).toEqual([[8, 9]]);
    expect(sk.w(0).broken).toBe(true);
  });

  it('a path checked on one fork is walked again on another: each fork moves round its own bases', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    const a = Game.fork(sk.s, 'a');
    const b = Game.fork(sk.s, 'b');
    // One base moved on each fork (the grids' change counts stay alike): on b it stands in the path's first leg.
    placeOnTable(a.state, a.state.warriors[sk.ids[1]], 30, 30);
    placeOnTable(b.state, b.state.warriors[sk.ids[1]], 12, 12);
    const act = { type: 'march' as const, x: 14, y: 10, path: [{ x: 14, y: 14 }] };
    const wa = a.state.warriors[sk.ids[0]];
    const wb = b.state.warriors[sk.ids[0]];
    expect(validatePath(a.state, wa, act, wa.x, wa.y, 5, true)).not.toBeNull();
    move({ s: b.state, dice: { rolled: 0, d6: () => 1 }, emit: null }, wb, 'march', act.x, act.y, 5, true, act.path);
    // b's own walk stops at the enemy's base on the first leg (a's went on to the turn at (14, 14)).
    expect(wb.y).toBeLessThan(12);
    expect(Math.hypot(wb.x - 12, wb.y - 12)).toBeCloseTo(2 * R, 6);
  });

  it("a Reinforcement's entering March may follow a path (R30, R41)", () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, reinforcement: true, regiment: 'late' },
        { player: 1, x: 40, y: 40 },
      ],
      dice: [1, 2], // Round 2's Supremacy roll
    });
    // Round 2: reinforcements may enter.
    while (sk.s.round < 2) {
      const d = sk.game.pending()!;
      if (d.kind === 'commandCard') sk.game.apply({ kind: 'commandCard', regiment: d.regiments[0] });
      else if (d.kind === 'action') sk.game.apply({ kind: 'action', action: { type: 'end' } });
      else if (d.kind === 'selectWarrior') sk.game.apply({ kind: 'selectWarrior', warrior: d.warriors[0] });
      else if (d.kind === 'commandAbility') sk.game.apply({ kind: 'commandAbility', ability: null });
      else if (d.kind === 'supremacyTie') sk.game.apply({ kind: 'supremacyTie', supremacy: 0 });
      else throw new Error(d.kind);
    }
    const d = sk.game.pending()!;
    if (d.kind !== 'commandCard') throw new Error(d.kind);
    sk.game.apply({ kind: 'commandCard', regiment: sk.w(0).regiment });
    sk.act({ type: 'enter', edgeX: 10, edgeY: 0, x: 11, y: 3, path: [{ x: 11, y: 2 }] });
    const m = moves(sk.events).at(-1)!;
    expect(m.action).toBe('enter');
    expect(m.via).toEqual([[11, 2]]);
  });
});

describe('shortestPath and pathDistance (the planner for plugins)', () => {
  it('answer the path a March would plan, round a friend, with its cost; Infinity when walled in', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 12 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    const w = sk.w(0);
    const p = shortestPath(sk.s, w, 10, 14)!;
    expect(p.points.length).toBeGreaterThan(2);
    expect(p.cost).toBeGreaterThan(4);
    expect(p.cost).toBeLessThan(4 + 2 * R * Math.PI);
    expect(pathDistance(sk.s, w, 10, 14)).toBe(p.cost);
    expect(shortestPath(sk.s, w, 20, 10)!.points).toEqual([
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ]);
    // The March then follows that path.
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 14 });
    const m = moves(sk.events).at(-1)!;
    expect(m.via![0][0]).toBeCloseTo(p.points[1].x, 9);
  });
});

describe("walkTowards remembers the planner's last answers only for the very same question", () => {
  it('after a base moves, the same March is planned again around it (as a copy of the module that never asked)', async () => {
    const freshPath = '../../src/engine/walk.ts?fresh';
    const fresh: typeof import('../../src/engine/walk.js') = await import(/* @vite-ignore */ freshPath);
    const live = await import('../../src/engine/walk.js');
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 12.5 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    const s = sk.s;
    const a = sk.w(0);
    const b = sk.w(1);
    const walk = (m: typeof live) => {
      const r = m.walkTowards(s, a, a.x, a.y, 10, 20, 5, true);
      return { x: r.x, y: r.y, via: r.via.map(([x, y]) => [x, y]), stoppedBy: r.stoppedBy };
    };
    const before = walk(live);
    expect(before.via.length).toBeGreaterThan(0);
    // The blocker steps aside a little, still in the way: the route round it changes.
    placeOnTable(s, b, 10.6, 12.5);
    const after = walk(live);
    expect(after).toEqual(walk(fresh));
    expect(after).not.toEqual(before);
    // Asked again with nothing moved: the remembered answer, the same as planning it.
    expect(walk(live)).toEqual(after);
  });
});
