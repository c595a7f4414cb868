import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CampaignRun, captureOdds, defensiveCampaignPolicy, greedyCampaignPolicy, loadCampaignPolicy, territoryValue } from '../../src/campaign/index.js';
import { FIXTURES, P, scripted, small, smallMusters, T } from './helpers.js';

describe('campaign policies', () => {
  it("a module path in the campaign file loads a policy (resolved from the file's folder)", async () => {
    const c = small((j) => ((j.factions as { players: { campaignPolicy?: string }[] }[])[0].players[0].campaignPolicy = './first-option.mjs'));
    expect(c.players[0].campaignPolicy).toBe(path.join(FIXTURES, 'first-option.mjs'));
    const pol = await loadCampaignPolicy(c.players[0].campaignPolicy);
    expect(pol.name).toBe('first-option');
    await expect(loadCampaignPolicy(path.join(FIXTURES, 'not-a-policy.mjs'))).rejects.toThrow(/expected a campaign policy/);
  });

  it('a missing policy module is a one-line error naming the JSON path', () => {
    expect(() => small((j) => ((j.factions as { players: { campaignPolicy?: string }[] }[])[1].players[1].campaignPolicy = './nope.mjs'))).toThrow(
      /small\.json: factions\[1\]\.players\[1\]\.campaignPolicy: campaign policy module .*nope\.mjs not found/,
    );
  });

  it("greedy invades by the territory's value times the odds of winning its battle", () => {
    const c = small();
    const r = new CampaignRun({
      campaign: c,
      seed: 's',
      policies: c.players.map(() => scripted()),
      musters: smallMusters(c),
      fight: () => ({ result: 'draw', vpInvader: 0, vpProtector: 0, endReason: 'lastRound' }),
    });
    r.state.owner[T.settlement] = P.ana;
    r.state.owner[T.hive] = P.cy;
    const v = r.view(P.ana);
    // The Hive City (5 CP, 20 RP) is held by Cy: its odds are Ana v Cy. The uncontested Fortress is sure but worth less.
    const options = [T.fortress, T.hive, T.plains];
    const scores = options.map((t) => territoryValue(v, t) * captureOdds(v, t));
    expect(captureOdds(v, T.fortress)).toBe(1);
    expect(captureOdds(v, T.hive)).toBeCloseTo(v.odds(P.cy));
    expect(greedyCampaignPolicy.invade(v, options, { next: () => 0 })).toBe(scores.indexOf(Math.max(...scores)));
  });

  it('defensive protects its own invaded territory first and keeps its Requisition Points unless protecting', () => {
    const c = small();
    const r = new CampaignRun({
      campaign: c,
      seed: 's',
      policies: c.players.map(() => scripted()),
      musters: smallMusters(c),
      fight: () => ({ result: 'draw', vpInvader: 0, vpProtector: 0, endReason: 'lastRound' }),
    });
    r.state.owner[T.woodlands] = P.cy;
    const v = r.view(P.cy);
    expect(defensiveCampaignPolicy.protect(v, [T.hive, T.woodlands, T.research], [T.hive, T.woodlands], { next: () => 0 })).toBe(1);
    const opts = [{ entry: 'a', models: 1, points: 50, cost: 50 }];
    expect(defensiveCampaignPolicy.spend(v, opts, { territory: T.woodlands, protecting: false }, { next: () => 0 })).toBe(-1);
    expect(defensiveCampaignPolicy.spend(v, opts, { territory: T.woodlands, protecting: true }, { next: () => 0 })).toBe(0);
  });
});
