import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE, clampToTable, contactPoint, drivenBack, edgeDistance, engagedWith, isEngaged, moveAlong, pointTowards, rectPolygon } from '../../src/board/index.js';
import type { Circle, MoveOptions } from '../../src/board/index.js';

const R = 0.5; // a round half-inch base keeps the numbers readable

function move(over: Partial<MoveOptions> & Pick<MoveOptions, 'mover' | 'to'>) {
  return moveAlong({ maxDistance: 100, blockers: [], impassable: [], difficult: [], table: DEFAULT_TABLE, ...over });
}

describe('moveAlong', () => {
  it('reaches the destination exactly', () => {
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 13, y: 14 }, maxDistance: 6 });
    expect(m).toEqual({ x: 13, y: 14, travelled: 5, cost: 5, stoppedBy: 'destination' });
  });

  it('stops when the allowance runs out', () => {
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, maxDistance: 6 });
    expect(m.stoppedBy).toBe('distance');
    expect(m.x).toBe(10);
    expect(m.y).toBeCloseTo(16, 12);
    expect(m.travelled).toBeCloseTo(6, 12);
  });

  it('allowance exactly the length reports the destination', () => {
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 16 }, maxDistance: 6 });
    expect(m.stoppedBy).toBe('destination');
  });

  it('zero-length move and zero allowance', () => {
    expect(move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 10 } }).stoppedBy).toBe('destination');
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 12 }, maxDistance: 0 });
    expect(m).toEqual({ x: 10, y: 10, travelled: 0, cost: 0, stoppedBy: 'distance' });
  });

  it('stops in base contact with a blocker in its path', () => {
    const blocker = { x: 10, y: 20, r: 1 };
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, blockers: [blocker] });
    expect(m.stoppedBy).toBe('base');
    expect(m.y).toBeCloseTo(18.5, 12);
    expect(edgeDistance({ x: m.x, y: m.y, r: R }, blocker)).toBeCloseTo(0, 9);
  });

  it('stops at the first of several blockers, off-centre hits included', () => {
    const far = { x: 10, y: 25, r: 1 };
    const nearOffCentre = { x: 11, y: 20, r: 1 }; // hit when |dx| < 1.5
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, blockers: [far, nearOffCentre] });
    expect(m.stoppedBy).toBe('base');
    expect(m.y).toBeCloseTo(20 - Math.sqrt(1.5 * 1.5 - 1), 12);
    expect(edgeDistance({ x: m.x, y: m.y, r: R }, nearOffCentre)).toBeCloseTo(0, 9);
  });

  it('passes a blocker it only grazes (tangent), and one beside the path', () => {
    const tangent = { x: 11.5, y: 20, r: 1 }; // closest approach is exactly touching
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, blockers: [tangent, { x: 14, y: 20, r: 1 }] });
    expect(m.stoppedBy).toBe('destination');
  });

  it('a base in contact may move away or sideways but not into the blocker', () => {
    const blocker = { x: 10, y: 11.5, r: 1 };
    const mover = { x: 10, y: 10, r: R };
    expect(move({ mover, to: { x: 10, y: 5 }, blockers: [blocker] }).stoppedBy).toBe('destination');
    expect(move({ mover, to: { x: 15, y: 10 }, blockers: [blocker] }).stoppedBy).toBe('destination');
    const into = move({ mover, to: { x: 11, y: 15 }, blockers: [blocker] });
    expect(into.stoppedBy).toBe('base');
    expect(into.travelled).toBe(0);
  });

  it('destination in base contact is reached and reported as the destination', () => {
    const target = { x: 20, y: 20, r: 1 };
    const mover = { x: 10, y: 13, r: R };
    const to = contactPoint(mover, target);
    const m = move({ mover, to, blockers: [target] });
    expect(m.stoppedBy).toBe('destination');
    expect(edgeDistance({ x: m.x, y: m.y, r: R }, target)).toBeCloseTo(0, 9);
  });

  it('stops with the base touching impassable terrain', () => {
    const wall = rectPolygon({ x: 5, y: 20, w: 10, h: 2 });
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, impassable: [wall] });
    expect(m.stoppedBy).toBe('terrain');
    expect(m.y).toBeCloseTo(19.5, 12);
  });

  it('impassable corner: stops where the base touches the corner', () => {
    const block = rectPolygon({ x: 10.3, y: 20, w: 4, h: 4 });
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, impassable: [block] });
    expect(m.stoppedBy).toBe('terrain');
    // Corner (10.3, 20): touching when (0.3)² + (20 − y)² = 0.25.
    expect(m.y).toBeCloseTo(20 - 0.4, 12);
  });

  it('slides along impassable terrain it touches and may move away from it', () => {
    const wall = rectPolygon({ x: 5, y: 20, w: 10, h: 2 });
    const mover = { x: 6, y: 19.5, r: R };
    expect(move({ mover, to: { x: 14, y: 19.5 }, impassable: [wall] }).stoppedBy).toBe('destination');
    expect(move({ mover, to: { x: 6, y: 12 }, impassable: [wall] }).stoppedBy).toBe('destination');
    const into = move({ mover, to: { x: 8, y: 25 }, impassable: [wall] });
    expect(into.stoppedBy).toBe('terrain');
    expect(into.travelled).toBe(0);
  });

  it('passes impassable terrain that the base clears by a hair', () => {
    const wall = rectPolygon({ x: 10.51, y: 15, w: 2, h: 2 });
    expect(move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, impassable: [wall] }).stoppedBy).toBe('destination');
  });

  it('stops at the table edge with the base on the table', () => {
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: -5, y: 10 } });
    expect(m.stoppedBy).toBe('edge');
    expect(m.x).toBeCloseTo(0.5, 12);
    const c = move({ mover: { x: 46, y: 46, r: 1 }, to: { x: 50, y: 52 }, table: { width: 48, height: 48 } });
    expect(c.stoppedBy).toBe('edge');
    expect(c.y).toBeCloseTo(47, 12);
    expect(c.x).toBeCloseTo(46 + 2 / 3, 12);
  });

  it('a base partly off the table may move on, not further off', () => {
    const mover = { x: 0, y: 20, r: R }; // entering from the edge (R30)
    expect(move({ mover, to: { x: 5, y: 20 } }).stoppedBy).toBe('destination');
    const off = move({ mover, to: { x: -3, y: 20 } });
    expect(off.stoppedBy).toBe('edge');
    expect(off.travelled).toBe(0);
  });

  it('difficult terrain costs double inside (R31)', () => {
    const mud = rectPolygon({ x: 0, y: 12, w: 20, h: 2 }); // 2" deep band across the path
    const through = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 20 }, maxDistance: 6, difficult: [mud] });
    // 2" outside (cost 2) + 2" inside (cost 4) = 6 used at y = 14.
    expect(through.stoppedBy).toBe('distance');
    expect(through.y).toBeCloseTo(14, 12);
    expect(through.cost).toBeCloseTo(6, 12);
    const stuck = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 20 }, maxDistance: 4, difficult: [mud] });
    expect(stuck.y).toBeCloseTo(13, 12); // 2 + 2·1
    expect(stuck.cost).toBeCloseTo(4, 12);
    const inside = move({ mover: { x: 10, y: 12.5, r: R }, to: { x: 10, y: 20 }, maxDistance: 3, difficult: [mud] });
    expect(inside.y).toBeCloseTo(14, 12); // 1.5" left inside cost all 3
    const reaches = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 15 }, maxDistance: 10, difficult: [mud] });
    expect(reaches.stoppedBy).toBe('destination');
    expect(reaches.cost).toBeCloseTo(7, 12);
    const cheap = move({
      mover: { x: 10, y: 10, r: R },
      to: { x: 10, y: 20 },
      maxDistance: 6,
      difficult: [mud],
      difficultCost: 1,
    });
    expect(cheap.y).toBeCloseTo(16, 12);
  });

  it('difficult terrain is counted once where pieces overlap, and on a concave piece', () => {
    const a = rectPolygon({ x: 0, y: 12, w: 20, h: 2 });
    const b = rectPolygon({ x: 0, y: 13, w: 20, h: 2 });
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, maxDistance: 30, difficult: [a, b] });
    expect(m.stoppedBy).toBe('destination');
    expect(m.cost).toBeCloseTo(23, 12); // 17 outside + 3 inside ×2
    const u = [
      { x: 0, y: 12 },
      { x: 20, y: 12 },
      { x: 20, y: 18 },
      { x: 19, y: 18 },
      { x: 19, y: 13 },
      { x: 1, y: 13 },
      { x: 1, y: 18 },
      { x: 0, y: 18 },
    ];
    const v = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 20 }, difficult: [u] });
    expect(v.cost).toBeCloseTo(11, 12); // only the 1" bottom bar is crossed
    const w = move({ mover: { x: 0.5, y: 10, r: R }, to: { x: 0.5, y: 20 }, difficult: [u] });
    expect(w.cost).toBeCloseTo(16, 12); // up the left arm: 6 inside
  });

  it('March may enter Engagement Range and stops where it would leave it (R5)', () => {
    const enemy = { x: 11.5, y: 20, r: R }; // closest gap 0.5
    // Passing by: the gap drops below 1" and rises again; stop where it is back to 1".
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, engageWith: [enemy], blockers: [enemy] });
    expect(m.stoppedBy).toBe('engagement');
    const gap = edgeDistance({ x: m.x, y: m.y, r: R }, enemy);
    expect(gap).toBeCloseTo(1, 9);
    expect(m.y).toBeGreaterThan(20);
    expect(isEngaged({ x: m.x, y: m.y, r: R }, [enemy], 1)).toBe(true);
  });

  it('blockerCount and engageCount limit a reused scratch array to its first entries', () => {
    const enemy = { x: 11.5, y: 20, r: R };
    const stale = { x: 10, y: 15, r: 1 }; // left over from an earlier move: must not stop this one
    const m = move({
      mover: { x: 10, y: 10, r: R },
      to: { x: 10, y: 30 },
      blockers: [enemy, stale],
      blockerCount: 1,
      engageWith: [enemy, stale],
      engageCount: 1,
    });
    expect(m.stoppedBy).toBe('engagement');
    expect(edgeDistance({ x: m.x, y: m.y, r: R }, enemy)).toBeCloseTo(1, 9);
    expect(move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, blockers: [enemy, stale], engageWith: [enemy], engageCount: 0 }).stoppedBy).toBe('base');
  });

  it('writes its answer into `out` when given one, the same as a fresh answer', () => {
    const out = { x: 0, y: 0, travelled: 0, cost: 0, stoppedBy: 'destination' as const };
    const opts = { mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, blockers: [{ x: 10, y: 20, r: 1 }] };
    const fresh = move(opts);
    const written = move({ ...opts, out });
    expect(written).toBe(out);
    expect(written).toEqual(fresh);
    expect(move({ ...opts, to: { x: 10, y: 10 }, out })).toEqual({ x: 10, y: 10, travelled: 0, cost: 0, stoppedBy: 'destination' });
  });

  it('a destination inside Engagement Range is reached', () => {
    const enemy = { x: 11.5, y: 20, r: R }; // closest gap 0.5
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 20 }, engageWith: [enemy], blockers: [enemy] });
    expect(m.stoppedBy).toBe('destination');
  });

  it('charging straight at an enemy ends in base contact, stopped by the base', () => {
    const enemy = { x: 10, y: 20, r: R };
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, engageWith: [enemy], blockers: [enemy] });
    expect(m.stoppedBy).toBe('base');
    expect(m.y).toBeCloseTo(19, 12);
  });

  it('engagement uses the given range, ignores enemies never reached and stops at the first exit', () => {
    const a = { x: 13, y: 15, r: R }; // gap at closest 2: inside a 2.5" range
    const b = { x: 13, y: 25, r: R };
    const opts = { mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, engageWith: [b, a] };
    expect(move({ ...opts, engagementRange: 1 }).stoppedBy).toBe('destination');
    const m = move({ ...opts, engagementRange: 2.5 });
    expect(m.stoppedBy).toBe('engagement');
    expect(edgeDistance({ x: m.x, y: m.y, r: R }, a)).toBeCloseTo(2.5, 9);
    expect(m.y).toBeCloseTo(15 + Math.sqrt(3.5 * 3.5 - 9), 9);
  });

  it('a warrior engaged at the start may move within the range but not out of it', () => {
    const enemy = { x: 10, y: 11.5, r: R }; // gap 0.5
    const m = move({ mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 0 }, engageWith: [enemy] });
    expect(m.stoppedBy).toBe('engagement');
    expect(m.y).toBeCloseTo(9.5, 12);
  });

  it('engagement shorter than a base stop wins, and the allowance beats both', () => {
    const enemy = { x: 11.5, y: 20, r: R }; // closest gap 0.5
    const wall = { x: 10, y: 23, r: 1 };
    const opts = { mover: { x: 10, y: 10, r: R }, to: { x: 10, y: 30 }, engageWith: [enemy], blockers: [enemy, wall] };
    expect(move(opts).stoppedBy).toBe('engagement');
    expect(move({ ...opts, maxDistance: 5 }).stoppedBy).toBe('distance');
  });
});

describe('engagedWith', () => {
  it('indexes within range edge to edge, touching the range counts', () => {
    const c = { x: 10, y: 10, r: R };
    const others: Circle[] = [
      { x: 12, y: 10, r: R }, // gap 1
      { x: 12.01, y: 10, r: R }, // gap 1.01
      { x: 10, y: 11, r: R }, // base contact
      { x: 30, y: 30, r: R },
    ];
    expect(engagedWith(c, others, 1)).toEqual([0, 2]);
    expect(engagedWith(c, others, 0)).toEqual([2]);
    expect(isEngaged(c, others.slice(3), 1)).toBe(false);
  });
});

describe('drivenBack (R12)', () => {
  const table = DEFAULT_TABLE;
  it('moves directly away until 2" separate the base edges', () => {
    const from = { x: 10, y: 10, r: 1 };
    const warrior = { x: 13, y: 14, r: R }; // gap 3.5
    const near = { x: 11.5 + 0.3, y: 10 + 0.4 + 0.5, r: R };
    const a = drivenBack({ warrior: near, from, distance: 2, blockers: [], impassable: [], table });
    expect(a.stoppedBy).toBe('destination');
    expect(edgeDistance({ x: a.x, y: a.y, r: R }, from)).toBeCloseTo(2, 12);
    // Direction kept: (a − from) parallel to (near − from).
    const cross = (a.x - from.x) * (near.y - from.y) - (a.y - from.y) * (near.x - from.x);
    expect(cross).toBeCloseTo(0, 12);
    expect(a.travelled).toBeGreaterThan(0);
    // Already 2" or more away: no move.
    const b = drivenBack({ warrior, from, distance: 2, blockers: [], impassable: [], table });
    expect(b).toMatchObject({ x: 13, y: 14, travelled: 0 });
  });

  it('stops on contact with another warrior behind it', () => {
    const from = { x: 10, y: 10, r: R };
    const warrior = { x: 11, y: 10, r: R }; // base contact
    const friend = { x: 13, y: 10, r: R };
    const m = drivenBack({ warrior, from, distance: 2, blockers: [friend], impassable: [], table });
    expect(m.stoppedBy).toBe('base');
    expect(m.x).toBeCloseTo(12, 12);
    expect(m.y).toBe(10);
  });

  it('stops on contact with impassable terrain, and at the table edge', () => {
    const from = { x: 10, y: 10, r: R };
    const warrior = { x: 10, y: 11, r: R };
    const rock = rectPolygon({ x: 5, y: 12.5, w: 10, h: 3 });
    const m = drivenBack({ warrior, from, distance: 2, blockers: [], impassable: [rock], table });
    expect(m.stoppedBy).toBe('terrain');
    expect(m.y).toBeCloseTo(12, 12);
    const e = drivenBack({
      warrior: { x: 10, y: 46.5, r: R },
      from: { x: 10, y: 45.5, r: R },
      distance: 2,
      blockers: [],
      impassable: [],
      table,
    });
    expect(e.stoppedBy).toBe('edge');
    expect(e.y).toBeCloseTo(47.5, 12);
  });

  it('coincident centres have no direction away: no move', () => {
    const m = drivenBack({
      warrior: { x: 10, y: 10, r: R },
      from: { x: 10, y: 10, r: R },
      distance: 2,
      blockers: [],
      impassable: [],
      table,
    });
    expect(m.travelled).toBe(0);
  });
});

describe('bot helpers', () => {
  it('pointTowards', () => {
    expect(pointTowards({ x: 0, y: 0 }, { x: 3, y: 4 }, 10)).toEqual({ x: 6, y: 8 });
    expect(pointTowards({ x: 0, y: 0 }, { x: 3, y: 4 }, -5)).toEqual({ x: -3, y: -4 });
    expect(pointTowards({ x: 1, y: 1 }, { x: 1, y: 1 }, 5)).toEqual({ x: 1, y: 1 });
  });

  it('contactPoint: base contact or a gap, on the line from the mover', () => {
    const target = { x: 10, y: 10, r: 1 };
    const p = contactPoint({ x: 10, y: 0, r: R }, target);
    expect(p).toEqual({ x: 10, y: 8.5 });
    const q = contactPoint({ x: 0, y: 10, r: R }, target, 1);
    expect(q).toEqual({ x: 7.5, y: 10 });
    expect(contactPoint({ x: 10, y: 10, r: R }, target)).toEqual({ x: 10, y: 8.5 });
  });

  it('clampToTable', () => {
    expect(clampToTable({ x: -3, y: 50, r: 1 }, DEFAULT_TABLE)).toEqual({ x: 1, y: 47 });
    expect(clampToTable({ x: 20, y: 20, r: 1 }, DEFAULT_TABLE)).toEqual({ x: 20, y: 20 });
  });
});
