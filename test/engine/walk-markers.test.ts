/**
 * R41 with objective markers on the table: a standing standard marker is a
 * 50 mm base a path goes round (R26), as a warrior's is. The walk along a
 * path meets markers' bases, so a planner that did not know them would send
 * a March straight into one and stop it there.
 */
import { describe, expect, it } from 'vitest';
import { plannedPath } from '../../src/engine/walk.js';
import type { GameEvent } from '../../src/engine/types.js';
import type { ObjectiveMarker } from '../../src/scenarios/types.js';
import { skirmish } from './harness.js';

const MR = 50 / 25.4 / 2;
const WR = 27 / 25.4 / 2;
const moves = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'move' }> => e.type === 'move');
const marker = (x: number, y: number): ObjectiveMarker => ({ id: 'M', x, y, friendlyTo: null, behaviour: 'standard', label: 'M' });

describe('R41: a March plans round a standing objective marker', () => {
  // Guards the path space's bases: without the standing markers in it, the planner answers the straight
  // line, and the walk stops against the marker 3" short instead of going round it.
  it('goes round a marker on the straight line and spends the whole allowance beyond it', () => {
    // The warrior at (10, 10) marches 8" towards (10, 18); the marker sits on the line at (10, 13).
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { march: 8 } },
        { player: 1, x: 40, y: 40 },
      ],
      scenario: { objectiveMarkers: [marker(10, 13)] },
    });
    const w = sk.w(0);
    const path = plannedPath(sk.s, w, 10, 18, 8)!;
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 18 });
    const m = moves(sk.events).at(-1)!;
    expect(m.stoppedBy, JSON.stringify(m)).toBe('distance');
    expect(m.via?.length ?? 0).toBeGreaterThan(0);
    // Past the marker: beyond its far side, and never overlapping it.
    expect(w.y).toBeGreaterThan(13 + MR);
    expect(Math.hypot(w.x - 10, w.y - 13)).toBeGreaterThanOrEqual(MR + WR - 1e-9);
    // The plan asked before the March (the policies' question) turns too: it is longer than the straight 8".
    expect(path.points.length).toBeGreaterThan(2);
    expect(path.length).toBeGreaterThan(8);
  });

  // Guards the other side: a destroyed marker is off the table, for the walk as for the planner; were it
  // still an obstacle to the walk, the March would stop against it.
  it('a destroyed marker is no longer in the way: the March goes straight', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { march: 8 } },
        { player: 1, x: 40, y: 40 },
      ],
      scenario: { objectiveMarkers: [marker(10, 13)] },
    });
    sk.s.scenarioState.markers[0].destroyed = true;
    sk.activate(0);
    sk.act({ type: 'march', x: 10, y: 18 });
    const m = moves(sk.events).at(-1)!;
    expect(m.via).toBeUndefined();
    expect(sk.w(0).y).toBeCloseTo(18, 9);
  });
});
