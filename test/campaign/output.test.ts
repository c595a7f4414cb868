import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/batch/csv.js';
import { campaignRow, summaryInputOf } from '../../src/campaign/output.js';
import type { CampaignRow } from '../../src/campaign/worker.js';
import { small } from './helpers.js';

describe('campaign CSVs', () => {
  it('campaigns.csv: a holders column starting with a neutral territory reads back (merging slices)', () => {
    const c = small();
    const n = c.territories.length;
    const endHolder = [-1, ...Array<number>(n - 1).fill(1)];
    const cycle3Holder = [-1, 0, ...Array<number>(n - 2).fill(-1)];
    const row = { campaign: 0, seed: 's', winner: 1, cycles: 6, campaignPoints: [3, 9], decidedBy: 'target', endHolder, cycle3Holder, battles: [] } as unknown as CampaignRow;
    const line = csvText([campaignRow(c, row)]).trimEnd();
    expect(line).toContain(",'-");
    expect(summaryInputOf(c, line)).toEqual({ winner: 1, cycles: 6, decidedBy: 'target', endHolder, cycle3Holder });
  });
});
