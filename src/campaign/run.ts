/**
 * `skirmish campaign`: runs N campaigns on the runner's worker pool, with its
 * checkpoint (append + fsync), shard ranges, seeds, progress and atomic
 * writes. Rows are written strictly in campaign order whatever the worker
 * count, so outputs are byte-identical for any --workers.
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, existsSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { InputError } from '../errors.js';
import { Checkpoint, type RowCodec } from '../runner/checkpoint.js';
import { csvHeader, csvText, ERROR_COLUMNS, errorRow } from '../runner/csv.js';
import { packageRoot, packageVersion } from '../runner/paths.js';
import { createPool, type Executor } from '../runner/pool.js';
import type { ProgressUpdate } from '../runner/run.js';
import { writeAtomically } from '../runner/run.js';
import { shardRange } from '../runner/seeds.js';
import { inLockedFolder } from '../runner/lock.js';
import type { Shard } from '../runner/types.js';
import { BATTLE_COLUMNS, battleRows, CAMPAIGN_COLUMNS, campaignRow, CampaignSummary, TERRITORY_COLUMNS } from './output.js';
import type { Campaign } from './types.js';
import runCampaignTask, { type CampaignRow, type CampaignTask, type CampaignTaskResult } from './worker.js';

export interface CampaignRunOptions {
  campaign: Campaign;
  campaigns: number;
  /** Default campaign.out. */
  out?: string;
  /** 0 plays in this thread. Default os.availableParallelism(). */
  workers?: number;
  shard?: Shard | null;
  resume?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: ProgressUpdate) => void;
  onStart?: (info: { total: number; resumed: number; threads: number }) => void;
}

export interface CampaignRunOutcome {
  status: 'complete' | 'stopped' | 'failed';
  out: string;
  done: number;
  played: number;
  resumed: number;
  errors: number;
  failure?: string;
  files: string[];
  summary: CampaignSummary;
  seconds: number;
}

export function campaignFiles(out: string): Record<'campaigns' | 'territories' | 'battles' | 'errors' | 'manifest' | 'checkpoint', string> {
  const f = (n: string): string => path.join(out, n);
  return {
    campaigns: f('campaigns.csv'),
    territories: f('territories.csv'),
    battles: f('battles.csv'),
    errors: f('errors.csv'),
    manifest: f('manifest.json'),
    checkpoint: f('checkpoint.jsonl'),
  };
}

/** A campaign record is one JSON field of a checkpoint line. */
const CODEC: RowCodec<CampaignRow> = { encode: (r) => [JSON.stringify(r)], decode: (f) => JSON.parse(String(f[0])) as CampaignRow };

const tmpName = (file: string): string => path.join(path.dirname(file), `.${path.basename(file)}.tmp`);

function inProcess(): Executor<CampaignTask, CampaignTaskResult> {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    threads: 0,
    run(task) {
      // One at a time, yielding to the event loop (signals, I/O) between tasks.
      const next = chain.then(() => new Promise<void>((r) => setImmediate(r))).then(() => runCampaignTask(task));
      chain = next.catch(() => undefined);
      return next;
    },
    async destroy() {},
  };
}

/** Runs campaigns in their checked, locked output folder, as an experiment runs (runner/lock.ts). */
export async function runCampaigns(opts: CampaignRunOptions): Promise<CampaignRunOutcome> {
  return inLockedFolder(opts.out ?? opts.campaign.out, () => runLocked(opts));
}

async function runLocked(opts: CampaignRunOptions): Promise<CampaignRunOutcome> {
  const c = opts.campaign;
  const out = opts.out ?? c.out;
  const shard = opts.shard ?? null;
  const workers = opts.workers ?? availableParallelism();
  const files = campaignFiles(out);
  const header = { checkpoint: 2 as const, experiment: `campaign:${c.name}`, inputsHash: `${c.inputsHash}:${opts.campaigns}`, shard: shard ? `${shard.k}/${shard.n}` : null };
  let checkpoint: Checkpoint<CampaignRow>;
  if (opts.resume) checkpoint = Checkpoint.resume(files.checkpoint, header, CODEC);
  else {
    if (Checkpoint.hasTasks(files.checkpoint)) {
      throw new InputError(`${files.checkpoint}: an unfinished run left a checkpoint here; add --resume to continue it, or delete the file to start over`);
    }
    checkpoint = Checkpoint.create(files.checkpoint, header, CODEC);
  }
  const done0 = checkpoint.index.get(0) ?? new Map();
  const { start: lo, end: hi } = shardRange(opts.campaigns, shard);

  const fds = {
    campaigns: openSync(tmpName(files.campaigns), 'w'),
    battles: openSync(tmpName(files.battles), 'w'),
    errors: openSync(tmpName(files.errors), 'w'),
  };
  writeSync(fds.campaigns, csvHeader(CAMPAIGN_COLUMNS));
  writeSync(fds.battles, csvHeader(BATTLE_COLUMNS));
  writeSync(fds.errors, csvHeader(ERROR_COLUMNS));
  const summary = new CampaignSummary(c);
  const workerFile = path.join(packageRoot(), 'dist', 'campaign', 'worker.js');
  const executor: Executor<CampaignTask, CampaignTaskResult> = workers === 0 ? inProcess() : createPool<CampaignTask, CampaignTaskResult>(workers, workerFile);
  const maxInFlight = Math.max(2, executor.threads * 2);
  const started = Date.now();
  const resumed = checkpoint.resumedGames;
  let nextDispatch = lo;
  let nextWrite = lo;
  let inFlight = 0;
  let played = 0;
  let done = resumed;
  let errors = 0;
  let stopping = opts.signal?.aborted === true;
  let failure: string | undefined;
  const buffer = new Map<number, CampaignTaskResult | ReturnType<typeof checkpoint.read>>();
  opts.onStart?.({ total: hi - lo, resumed, threads: executor.threads });

  const closeAll = (): void => {
    for (const fd of Object.values(fds)) closeSync(fd);
  };

  const outcome = await new Promise<CampaignRunOutcome['status']>((resolve, reject) => {
    let settled = false;
    const onStop = (): void => {
      stopping = true;
      settle();
    };
    opts.signal?.addEventListener('abort', onStop);

    function fill(): void {
      while (!stopping && nextDispatch < hi && inFlight < maxInFlight) {
        const cp = done0.get(nextDispatch);
        if (cp) {
          nextDispatch = cp.end;
          continue;
        }
        const task: CampaignTask = { campaign: c.name, file: c.file, seed: c.seed, battlePolicy: c.battlePolicyOverride, start: nextDispatch, end: nextDispatch + 1 };
        nextDispatch = task.end;
        inFlight++;
        executor.run(task).then(
          (r) => {
            inFlight--;
            if (settled) return;
            try {
              checkpoint.append(r);
              played += r.end - r.start;
              done += r.end - r.start;
              buffer.set(r.start, r);
              drain();
              opts.onProgress?.({ done, total: hi - lo, played, elapsedMs: Date.now() - started });
              fill();
              settle();
            } catch (err) {
              settled = true;
              reject(err);
            }
          },
          (err: unknown) => {
            inFlight--;
            failure ??= err instanceof Error ? err.message : String(err);
            stopping = true;
            settle();
          },
        );
      }
    }

    function drain(): void {
      while (nextWrite < hi) {
        let r = buffer.get(nextWrite);
        if (r) buffer.delete(nextWrite);
        else {
          const cp = done0.get(nextWrite);
          if (!cp) return;
          r = checkpoint.read(cp, c.name);
        }
        for (const row of r.rows) {
          summary.add(row);
          writeSync(fds.campaigns, csvText([campaignRow(c, row)]));
          const b = battleRows(c, row);
          if (b.length > 0) writeSync(fds.battles, csvText(b));
        }
        errors += r.errors.length;
        if (r.errors.length > 0) writeSync(fds.errors, csvText(r.errors.map(errorRow)));
        nextWrite = r.end;
      }
    }

    function settle(): void {
      if (settled || inFlight > 0) return;
      if (nextWrite >= hi && failure === undefined) {
        settled = true;
        resolve('complete');
      } else if (stopping) {
        settled = true;
        resolve(failure === undefined ? 'stopped' : 'failed');
      }
    }

    fill();
    drain();
    settle();
  }).finally(async () => {
    await Promise.all([checkpoint.flush(), executor.destroy()]);
  });

  const written: string[] = [];
  if (outcome === 'complete') {
    for (const fd of Object.values(fds)) fsyncSync(fd);
    closeAll();
    renameSync(tmpName(files.campaigns), files.campaigns);
    renameSync(tmpName(files.battles), files.battles);
    renameSync(tmpName(files.errors), files.errors);
    writeAtomically(files.territories, csvHeader(TERRITORY_COLUMNS) + csvText(summary.territoryRows()));
    const seconds = (Date.now() - started) / 1000;
    const manifest = {
      kind: 'manifest',
      campaign: c.name,
      campaignFile: c.file,
      inputsHash: c.inputsHash,
      package: { name: 'skirmish-lab', version: packageVersion() },
      node: process.version,
      seed: c.seed,
      campaigns: opts.campaigns,
      shard: shard ? `${shard.k}/${shard.n}` : null,
      range: { start: lo, end: hi },
      counts: { campaigns: summary.campaigns, errors, wins: { [c.factions[0].name]: summary.wins[0], [c.factions[1].name]: summary.wins[1] } },
      timings: { seconds, campaignsPlayed: played, campaignsResumed: resumed, workers: executor.threads },
    };
    writeAtomically(files.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
    checkpoint.remove();
    written.push(files.campaigns, files.territories, files.battles, files.errors, files.manifest);
  } else {
    checkpoint.close();
    closeAll();
    for (const f of [files.campaigns, files.battles, files.errors]) if (existsSync(tmpName(f))) unlinkSync(tmpName(f));
  }
  return { status: outcome, out, done, played, resumed, errors, failure, files: written, summary, seconds: (Date.now() - started) / 1000 };
}
