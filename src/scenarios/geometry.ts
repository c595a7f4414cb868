import { circleOverlapsCircle, mmToInches, rectPolygon } from '../board/index.js';
import type { Point, Polygon } from '../board/types.js';
import type { EdgeSegment, ZoneShape } from './types.js';

// Scenario-specific shapes on top of src/board's geometry.

/** Base radius in inches of a base `mm` millimetres across. */
export function baseRadius(mm: number): number {
  return mmToInches(mm) / 2;
}

/** Two circles overlap; touching counts (R24 "overlaps", read inclusively as src/board does). */
export function circlesOverlap(ax: number, ay: number, ar: number, bx: number, by: number, br: number): boolean {
  return circleOverlapsCircle({ x: ax, y: ay, r: ar }, { x: bx, y: by, r: br });
}

/** A deployment shape as a polygon. */
export function shapePolygon(shape: ZoneShape): Polygon {
  if ('rect' in shape) return rectPolygon(shape.rect);
  return shape.polygon;
}

/** The two end points of an edge segment on a width × height table. */
export function segmentEnds(seg: EdgeSegment, width: number, height: number): [Point, Point] {
  switch (seg.edge) {
    case 'bottom':
      return [
        { x: seg.from, y: 0 },
        { x: seg.to, y: 0 },
      ];
    case 'top':
      return [
        { x: seg.from, y: height },
        { x: seg.to, y: height },
      ];
    case 'left':
      return [
        { x: 0, y: seg.from },
        { x: 0, y: seg.to },
      ];
    case 'right':
      return [
        { x: width, y: seg.from },
        { x: width, y: seg.to },
      ];
  }
}

/** The length of the table edge a segment lies on. */
export function edgeLength(edge: EdgeSegment['edge'], width: number, height: number): number {
  return edge === 'bottom' || edge === 'top' ? width : height;
}

/** An edge segment rotated 180° about the table centre (R29). */
export function rotateSegment(seg: EdgeSegment, width: number, height: number): EdgeSegment {
  const edge = ({ bottom: 'top', top: 'bottom', left: 'right', right: 'left' } as const)[seg.edge];
  const len = edgeLength(seg.edge, width, height);
  return { edge, from: len - seg.to, to: len - seg.from };
}
