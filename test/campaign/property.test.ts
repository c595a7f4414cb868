import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CampaignRun, defensiveCampaignPolicy, greedyCampaignPolicy, randomCampaignPolicy, type FightFn } from '../../src/campaign/index.js';
import { childRng } from '../../src/dice/index.js';
import { small, smallMusters } from './helpers.js';

/** A stand-in battle decided by its seed: any result, so every capture path is taken. */
const coinFight: FightFn = (spec) => {
  const x = childRng(spec.seed, 'coin').next();
  const result = x < 0.45 ? 'invader' : x < 0.9 ? 'protector' : 'draw';
  return { result, vpInvader: 0, vpProtector: 0, endReason: 'lastRound' };
};

describe('campaign invariants (fast-check)', () => {
  it('no territory is ever held by two players, and Campaign Points never fall', () => {
    const c = small((j) => (j.campaignPointsTarget = 60));
    const pols = [randomCampaignPolicy, greedyCampaignPolicy, defensiveCampaignPolicy];
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }), (seed, which) => {
        let last = c.players.map(() => 0);
        let steps = 0;
        const run = new CampaignRun({
          campaign: c,
          seed,
          policies: which.map((k) => pols[k]),
          musters: smallMusters(c),
          fight: coinFight,
          observe: (_step, s) => {
            steps++;
            // Each player's holdings, gathered per player, never overlap and cover exactly the held territories.
            const byPlayer = c.players.map((_, p) => s.owner.flatMap((o, t) => (o === p ? [t] : [])));
            const all = byPlayer.flat();
            expect(new Set(all).size).toBe(all.length);
            expect(all.length).toBe(s.owner.filter((o) => o >= 0).length);
            expect(s.owner.every((o) => Number.isInteger(o) && o >= -1 && o < c.players.length)).toBe(true);
            s.campaignPoints.forEach((cp, p) => expect(cp).toBeGreaterThanOrEqual(last[p]));
            last = [...s.campaignPoints];
          },
        });
        const rec = run.run();
        expect(steps).toBeGreaterThan(1);
        expect(Math.max(...rec.campaignPoints) >= c.target || rec.cycles === c.maxCycles).toBe(true);
        expect(rec.campaignPoints[rec.winner]).toBeGreaterThanOrEqual(rec.campaignPoints[1 - rec.winner]);
      }),
      { numRuns: 60 },
    );
  });
});
