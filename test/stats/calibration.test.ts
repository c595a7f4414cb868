import { describe, expect, it } from 'vitest';
import { holdsTruth, MIRRORS, mirrorCrossing } from '../../bench/calibration.js';

/**
 * The calibration study (bench/calibration.ts, figures in bench/README.md)
 * reduced to seconds: one mirror sweep of each kind, whose true crossing is
 * known by symmetry, and whose 95% interval must hold it.
 */
describe('mirror sweeps with a known crossing (reduced)', () => {
  for (const kind of ['models', 'defense'] as const) {
    it(`a ${kind} mirror: the win rate at the mirror value is exactly 50%, and the interval holds it`, async () => {
      const c = await mirrorCrossing(kind, `test-${kind}`, 60, 0);
      const truth = MIRRORS[kind].truth;
      const at = c.points.find((p) => p.x === truth)!;
      expect(at.winRate).toBe(0.5);
      expect(c.status).not.toMatch(/range/);
      expect(holdsTruth(c, truth)).toBe(true);
    });
  }
});
