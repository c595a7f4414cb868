import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BATTLE_COLUMNS, CAMPAIGN_COLUMNS, campaignFiles, loadCampaign, mergeCampaignShards, runCampaigns, TERRITORY_COLUMNS } from '../../src/campaign/index.js';
import { SMALL } from './helpers.js';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'campaign-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const read = (dir: string): Record<string, string> => {
  const f = campaignFiles(dir);
  return { campaigns: readFileSync(f.campaigns, 'utf8'), territories: readFileSync(f.territories, 'utf8'), battles: readFileSync(f.battles, 'utf8') };
};

const N = 4;

describe('skirmish campaign runs (engine battles)', () => {
  const campaign = loadCampaign(SMALL);
  let reference: Record<string, string>;

  it('writes the three CSVs with their columns, one row a campaign and a territory', async () => {
    const out = tmp();
    const o = await runCampaigns({ campaign, campaigns: N, workers: 0, out });
    expect(o.status).toBe('complete');
    reference = read(out);
    const lines = (t: string): string[][] =>
      t
        .trimEnd()
        .split('\n')
        .map((l) => l.split(','));
    const cs = lines(reference.campaigns);
    expect(cs[0]).toEqual([...CAMPAIGN_COLUMNS]);
    expect(cs).toHaveLength(1 + N);
    expect(cs.slice(1).map((r) => r[0])).toEqual(['0', '1', '2', '3']);
    for (const r of cs.slice(1)) {
      expect(['Red', 'Blue']).toContain(r[4]);
      expect(Math.max(Number(r[6]), Number(r[7]))).toBeGreaterThanOrEqual(campaign.target);
    }
    const ts = lines(reference.territories);
    expect(ts[0]).toEqual([...TERRITORY_COLUMNS]);
    expect(ts).toHaveLength(1 + campaign.territories.length);
    for (const r of ts.slice(1)) expect(Number(r[6]) + Number(r[7]) + Number(r[8])).toBeCloseTo(1, 3);
    const bs = lines(reference.battles);
    expect(bs[0]).toEqual([...BATTLE_COLUMNS]);
    expect(bs.length).toBeGreaterThan(N);
    // Every battle's result follows its VP order unless an army was wiped out (R28: it loses whatever the VP) or won outright.
    const at = (n: string): number => BATTLE_COLUMNS.indexOf(n as (typeof BATTLE_COLUMNS)[number]);
    const players = campaign.players.map((p) => p.name);
    for (const b of bs.slice(1)) {
      const [vi, vp] = [Number(b[at('vp_invader')]), Number(b[at('vp_protector')])];
      const byVp = vi > vp ? 'invader' : vp > vi ? 'protector' : 'draw';
      if (b[at('result')] !== byVp) expect(['wipeOut', 'instantWin']).toContain(b[at('end_reason')]);
      expect(['vpThreshold', 'lastRound', 'wipeOut', 'instantWin', 'stalled']).toContain(b[at('end_reason')]);
      expect(['', ...players]).toContain(b[at('holder_before')]);
    }
    expect(o.summary.text()).toMatch(/Red won \d+ of 4 campaigns: .*95% interval/);
    expect(existsSync(campaignFiles(out).checkpoint)).toBe(false);
  });

  it('is byte-identical whatever the worker count', async () => {
    for (const workers of [1, 2]) {
      const out = tmp();
      const o = await runCampaigns({ campaign, campaigns: N, workers, out });
      expect(o.status).toBe('complete');
      expect(read(out)).toEqual(reference);
    }
  });

  it('a stopped run resumes from its checkpoint to the same files', async () => {
    const out = tmp();
    const stop = new AbortController();
    const o1 = await runCampaigns({ campaign, campaigns: N, workers: 0, out, signal: stop.signal, onProgress: (p) => p.done >= 2 && stop.abort() });
    expect(o1.status).toBe('stopped');
    expect(existsSync(campaignFiles(out).campaigns)).toBe(false);
    await expect(runCampaigns({ campaign, campaigns: N, workers: 0, out })).rejects.toThrow(/--resume/);
    const o2 = await runCampaigns({ campaign, campaigns: N, workers: 1, out, resume: true });
    expect(o2.status).toBe('complete');
    expect(o2.resumed).toBe(o1.done);
    expect(read(out)).toEqual(reference);
  });

  it('shards are contiguous slices; merging them gives the files of one run', async () => {
    const slices: string[] = [];
    for (const k of [2, 1]) {
      const out = tmp();
      await runCampaigns({ campaign, campaigns: N, workers: 0, out, shard: { k, n: 2 } });
      slices.push(out);
    }
    const merged = tmp();
    mergeCampaignShards({ campaign, dirs: slices, out: merged });
    expect(read(merged)).toEqual(reference);
    expect(() => mergeCampaignShards({ campaign, dirs: [slices[0]], out: tmp() })).toThrow(/missing slice 1\/2/);
  });

  it('another seed plays other campaigns', async () => {
    const out = tmp();
    await runCampaigns({ campaign: loadCampaign(SMALL, { seed: 'other' }), campaigns: N, workers: 0, out });
    expect(read(out).battles).not.toEqual(reference.battles);
  });
});
