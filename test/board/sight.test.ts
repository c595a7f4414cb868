import { describe, expect, it } from 'vitest';
import { lineOfSight, rectPolygon, volleyRange } from '../../src/board/index.js';
import type { SizedCircle, TerrainKind, TerrainPiece } from '../../src/board/index.js';

const R = 0.5;
const warrior = (x: number, y: number, size = 1, r = R): SizedCircle => ({ x, y, r, size });
const piece = (x: number, y: number, w: number, h: number, size: number, ...rules: TerrainKind[]): TerrainPiece => ({
  id: `t${x},${y}`,
  shape: rectPolygon({ x, y, w, h }),
  size,
  rules,
});

// Shooter at y = 10, target at y = 30, both on x = 10; LoS is the segment between.
const shooter = warrior(10, 10);
const target = warrior(10, 30);
const clear = { blocked: false, obscured: false, intervened: false };

describe('lineOfSight (R22)', () => {
  it('clear when nothing is on the segment', () => {
    const los = lineOfSight({
      shooter,
      target,
      warriors: [warrior(12, 20, 3)],
      terrain: [piece(11, 15, 4, 4, 3, 'Obstructing', 'Obscuring')],
    });
    expect(los).toEqual(clear);
  });

  it('Obstructing terrain of at least the target Size blocks; smaller does not', () => {
    const wall = piece(5, 19, 10, 2, 1, 'Obstructing');
    expect(lineOfSight({ shooter, target, warriors: [], terrain: [wall] }).blocked).toBe(true);
    const big = warrior(10, 30, 2);
    expect(lineOfSight({ shooter, target: big, warriors: [], terrain: [wall] })).toEqual(clear);
    // Size Matters never lifts a block, even for a bigger shooter with the wall beside it.
    const nearWall = piece(5, 11, 10, 1, 1, 'Obstructing');
    expect(lineOfSight({ shooter: warrior(10, 10, 3), target, warriors: [], terrain: [nearWall] }).blocked).toBe(true);
  });

  it('only terrain with the rule counts; Impassable alone does not block sight', () => {
    const rock = piece(5, 19, 10, 2, 3, 'Impassable');
    expect(lineOfSight({ shooter, target, warriors: [], terrain: [rock] })).toEqual(clear);
  });

  it('a segment touching the terrain only at a corner counts', () => {
    const corner = piece(10, 19, 3, 2, 1, 'Obstructing'); // left edge on x = 10
    expect(lineOfSight({ shooter, target, warriors: [], terrain: [corner] }).blocked).toBe(true);
  });

  it('Obscuring terrain of at least half the target Size obscures (+1 block die)', () => {
    const hedge = piece(5, 19, 10, 2, 1, 'Obscuring');
    const big = warrior(10, 30, 2);
    expect(lineOfSight({ shooter, target: big, warriors: [], terrain: [hedge] })).toEqual({ ...clear, obscured: true });
    const monster = warrior(10, 30, 3);
    expect(lineOfSight({ shooter, target: monster, warriors: [], terrain: [hedge] }).obscured).toBe(false); // 1 < 1.5
  });

  it('Size Matters: obscuring terrain smaller than the shooter and nearer to it is ignored', () => {
    const bigShooter = warrior(10, 10, 2);
    const nearHedge = piece(5, 13, 10, 2, 1, 'Obscuring'); // spans y 13..15, midpoint 14: nearer the shooter
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [], terrain: [nearHedge] }).obscured).toBe(false);
    // Not smaller than the shooter: not ignored.
    expect(lineOfSight({ shooter, target, warriors: [], terrain: [nearHedge] }).obscured).toBe(true);
    // Smaller, but nearer the target: not ignored.
    const farHedge = piece(5, 25, 10, 2, 1, 'Obscuring');
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [], terrain: [farHedge] }).obscured).toBe(true);
    // Exactly halfway (midpoint at 20, bases equal): not nearer, not ignored.
    const midHedge = piece(5, 19, 10, 2, 1, 'Obscuring');
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [], terrain: [midHedge] }).obscured).toBe(true);
  });

  it('Size Matters measures to base edges: a big target base moves the halfway point', () => {
    const bigShooter = warrior(10, 10, 2, 0.5);
    const wideTarget = warrior(10, 30, 1, 4); // base edges at y = 10.5 and 26: halfway is y = 18.25
    const hedge = piece(5, 18.5, 10, 1, 1, 'Obscuring'); // midpoint 19: nearer the target's edge
    expect(lineOfSight({ shooter: bigShooter, target: wideTarget, warriors: [], terrain: [hedge] }).obscured).toBe(true);
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [], terrain: [hedge] }).obscured).toBe(false);
  });

  it('a warrior of at least the target Size on the segment intervenes; smaller or beside it does not', () => {
    expect(lineOfSight({ shooter, target, warriors: [warrior(10, 20)], terrain: [] }).intervened).toBe(true);
    expect(lineOfSight({ shooter, target, warriors: [warrior(10.4, 20)], terrain: [] }).intervened).toBe(true); // base crosses
    expect(lineOfSight({ shooter, target, warriors: [warrior(10.5, 20)], terrain: [] }).intervened).toBe(true); // tangent
    expect(lineOfSight({ shooter, target, warriors: [warrior(11.6, 20)], terrain: [] }).intervened).toBe(false);
    const big = warrior(10, 30, 2);
    expect(lineOfSight({ shooter, target: big, warriors: [warrior(10, 20, 1)], terrain: [] }).intervened).toBe(false);
    // Beyond the target (segment ends at its centre).
    expect(lineOfSight({ shooter, target, warriors: [warrior(10, 32)], terrain: [] }).intervened).toBe(false);
  });

  it('Size Matters: a smaller warrior nearer the shooter is ignored, nearer the target is not', () => {
    const bigShooter = warrior(10, 10, 2);
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [warrior(10, 14)], terrain: [] }).intervened).toBe(false);
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [warrior(10, 26)], terrain: [] }).intervened).toBe(true);
    expect(lineOfSight({ shooter: bigShooter, target, warriors: [warrior(10, 20)], terrain: [] }).intervened).toBe(true); // halfway
    // Same Size as the shooter: never ignored.
    expect(lineOfSight({ shooter, target, warriors: [warrior(10, 14)], terrain: [] }).intervened).toBe(true);
    // One ignored, another not.
    const los = lineOfSight({ shooter: bigShooter, target, warriors: [warrior(10, 14), warrior(10, 26)], terrain: [] });
    expect(los.intervened).toBe(true);
  });

  it('shooter and target passed among the warriors are skipped', () => {
    expect(lineOfSight({ shooter, target, warriors: [shooter, target], terrain: [] })).toEqual(clear);
  });

  it('reports every flag: blocked, obscured and intervened together', () => {
    const los = lineOfSight({
      shooter,
      target,
      warriors: [warrior(10, 22)],
      terrain: [piece(5, 15, 10, 1, 1, 'Obstructing'), piece(5, 25, 10, 1, 1, 'Obscuring')],
    });
    expect(los).toEqual({ blocked: true, obscured: true, intervened: true });
  });

  it('terrain the shooter stands in counts, unless Size Matters ignores it', () => {
    const ruins = piece(8, 8, 4, 4, 1, 'Obscuring');
    expect(lineOfSight({ shooter, target, warriors: [], terrain: [ruins] }).obscured).toBe(true);
    expect(lineOfSight({ shooter: warrior(10, 10, 2), target, warriors: [], terrain: [ruins] }).obscured).toBe(false);
  });
});

describe('volleyRange (R23)', () => {
  it('is measured base edge to base edge', () => {
    expect(volleyRange({ x: 0, y: 0, r: 1 }, { x: 10, y: 0, r: 0.5 })).toBe(8.5);
    expect(volleyRange({ x: 0, y: 0, r: 1 }, { x: 1.5, y: 0, r: 0.5 })).toBe(0);
  });
});
