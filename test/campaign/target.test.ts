import { describe, expect, it } from 'vitest';
import { CampaignRun } from '../../src/campaign/index.js';
import { choose, P, scripted, scriptedDice, scriptedFight, small, smallMusters, T } from './helpers.js';

/*
 * A campaign that reaches exactly its Campaign Points
 * target ends (R34: "reaches"), one short goes on. After the first cycle of
 * this script Red holds Settlement 2 + Aerodrome 2 and Blue Fortress 3 +
 * Woodlands 1: 4 each.
 */
function firstCycle(target: number, maxCycles: number): { run: () => ReturnType<CampaignRun['run']>; dice: ReturnType<typeof scriptedDice> } {
  const policies = [
    scripted({ pickStart: choose(T.settlement), invade: choose(T.fortress) }),
    scripted({ pickStart: choose(T.aerodrome), invade: choose(T.fortress) }),
    scripted({ pickStart: choose(T.fortress), protect: choose(T.fortress) }),
    scripted({ pickStart: choose(T.woodlands), protect: choose(T.fortress) }),
  ];
  const c = small((j) => {
    j.campaignPointsTarget = target;
    j.maxCycles = maxCycles;
  });
  // Enough dice and battles for the first cycle and the Commanders' battle, nothing more.
  const dice = scriptedDice([6, 1, 6, 1], [0, 0]);
  const r = new CampaignRun({ campaign: c, seed: 't', policies, musters: smallMusters(c), fight: scriptedFight(['draw', 'draw', 'draw', 'invader']), dice });
  return { run: () => r.run(), dice };
}

describe('the Campaign Points target (R34)', () => {
  it('reached exactly (4 of 4): the campaign ends after that cycle', () => {
    const rec = firstCycle(4, 40).run();
    expect(rec.campaignPoints).toEqual([4, 4]);
    expect(rec.cycles).toBe(1);
    // Equal totals at the target: the Faction Commanders' battle decides.
    expect(rec.decidedBy).toBe('commanders');
    // Re-fought once after a draw.
    expect(rec.battles.filter((b) => b.territory === -1).map((b) => [b.invader, b.protector, b.result])).toEqual([
      [P.ana, P.cy, 'draw'],
      [P.ana, P.cy, 'invader'],
    ]);
  });

  it('one short (4 of 5): the campaign goes on to a second cycle', () => {
    // The script holds one cycle: a second one runs out of scripted dice or battles.
    expect(() => firstCycle(5, 40).run()).toThrow(/scripted (d6|draw|fight) exhausted/);
    // With one cycle allowed it ends on the cycle limit, not the target.
    const rec = firstCycle(5, 1).run();
    expect(rec.cycles).toBe(1);
    expect(rec.campaignPoints).toEqual([4, 4]);
  });
});
