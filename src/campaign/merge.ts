/**
 * Combines `skirmish campaign --shard K/N` slices into exactly the files of
 * one run: campaigns.csv, battles.csv and errors.csv are the slices' rows in
 * slice order (slices are contiguous blocks of campaigns), territories.csv is
 * recomputed from campaigns.csv in that order.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { csvHeader, csvText, ERROR_COLUMNS } from '../batch/csv.js';
import { StagedOutput } from '../batch/staged.js';
import { packageVersion } from '../batch/package.js';
import { BATTLE_COLUMNS, CAMPAIGN_COLUMNS, CampaignSummary, summaryInputOf, TERRITORY_COLUMNS } from './output.js';
import { campaignFiles } from './run.js';
import { claimFolder } from '../batch/claim.js';
import type { Campaign } from './types.js';

interface SliceManifest {
  package?: { version?: string };
  inputsHash: string;
  seed: string;
  campaigns: number;
  shard: string | null;
}

export function mergeCampaignShards(opts: { campaign: Campaign; dirs: string[]; out: string; force?: boolean }): { summary: CampaignSummary; files: string[] } {
  const c = opts.campaign;
  const slices = opts.dirs.map((dir) => {
    const file = campaignFiles(dir).manifest;
    if (!existsSync(file)) throw new InputError(`${dir}: no manifest.json (not a finished \`skirmish campaign --shard\` output)`);
    let m: SliceManifest;
    try {
      m = JSON.parse(readFileSync(file, 'utf8')) as SliceManifest;
    } catch (err) {
      throw new InputError(`${file}: not a campaign manifest (${err instanceof Error ? err.message : String(err)})`);
    }
    // Another version may play other campaigns from the same seeds: its slices are refused.
    if (m.package?.version !== packageVersion()) {
      throw new InputError(
        `${dir}: a slice made by skirmish-lab ${m.package?.version ?? '(unknown version)'}, this is ${packageVersion()}; merge it with that version, or run the slice again with this one`,
      );
    }
    if (m.inputsHash !== c.inputsHash || m.seed !== c.seed) throw new InputError(`${dir}: a slice of other inputs (campaign file, armies, policies or seed differ)`);
    if (!m.shard) throw new InputError(`${dir}: not a slice (run without --shard)`);
    const [k, n] = m.shard.split('/').map(Number);
    return { dir, k, n, campaigns: m.campaigns };
  });
  if (slices.length === 0) throw new InputError('--merge: name the slice folders to combine');
  const n = slices[0].n;
  const byK = new Map(slices.map((s) => [s.k, s]));
  for (const s of slices) {
    if (s.n !== n || s.campaigns !== slices[0].campaigns) throw new InputError(`${s.dir}: slice ${s.k}/${s.n} of ${s.campaigns} campaigns does not match ${slices[0].dir}`);
  }
  if (byK.size !== slices.length) throw new InputError('--merge: a slice is given twice');
  const missing = [...Array(n).keys()].map((i) => i + 1).filter((k) => !byK.has(k));
  if (missing.length > 0) throw new InputError(`--merge: missing slice${missing.length > 1 ? 's' : ''} ${missing.map((k) => `${k}/${n}`).join(', ')}`);
  const ordered = [...byK.values()].sort((a, b) => a.k - b.k);

  mkdirSync(opts.out, { recursive: true });
  const files = campaignFiles(opts.out);
  claimFolder(opts.out, { kind: 'campaign', name: c.name }, opts.force === true, Object.values(files));
  const summary = new CampaignSummary(c);
  const body = (file: string, columns: readonly string[]): string => {
    const text = readFileSync(file, 'utf8');
    const header = csvHeader(columns);
    if (!text.startsWith(header)) throw new InputError(`${file}: line 1: expected the header ${columns.join(',')}`);
    return text.slice(header.length);
  };
  const join = (name: 'campaigns' | 'battles' | 'errors', columns: readonly string[]): string => csvHeader(columns) + ordered.map((s) => body(campaignFiles(s.dir)[name], columns)).join('');
  const campaigns = join('campaigns', CAMPAIGN_COLUMNS);
  campaigns
    .trimEnd()
    .split('\n')
    .slice(1)
    .forEach((line, i) => {
      try {
        summary.add(summaryInputOf(c, line));
      } catch (err) {
        throw new InputError(`campaigns.csv of the slices: row ${i + 1}: ${(err as Error).message}`);
      }
    });
  // All the files or none (a full disk on the way leaves no final-named file), the manifest last.
  new StagedOutput().commit((write) => {
    write(files.campaigns, campaigns);
    write(files.battles, join('battles', BATTLE_COLUMNS));
    write(files.errors, join('errors', ERROR_COLUMNS));
    write(files.territories, csvHeader(TERRITORY_COLUMNS) + csvText(summary.territoryRows()));
    const manifest = { kind: 'manifest', campaign: c.name, inputsHash: c.inputsHash, seed: c.seed, mergedFrom: ordered.map((s) => path.resolve(s.dir)) };
    write(files.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  });
  return { summary, files: [files.campaigns, files.territories, files.battles, files.errors, files.manifest] };
}
