/**
 * `skirmish campaign`: runs N campaigns on the batch layer's worker pool, with
 * its checkpoint (append + fsync), shard ranges, lock and staged writes. Rows are written strictly in campaign order whatever the worker
 * count, so outputs are byte-identical for any --workers.
 */
import { isPluginSpec } from '../bots/registry.js';
import { DEFAULT_DECISION_TIMEOUT_S, setDecisionTimeout } from '../batch/watch.js';
import { refuseFolders } from '../data/outputs.js';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { InputError } from '../errors.js';
import { Checkpoint, type RowCodec } from '../batch/checkpoint.js';
import { csvHeader, csvText, ERROR_COLUMNS, errorRow } from '../batch/csv.js';
import { builtFile, packageVersion } from '../batch/package.js';
import { manifestText, StagedOutput, type OutputStream, type WriteFinal } from '../batch/staged.js';
import { createInProcess, createPool, TaskDropped, type Executor, type PoolWatch, type TaskNames } from '../batch/pool.js';
import type { ProgressUpdate } from '../runner/run.js';
import { shardRange } from '../batch/shard.js';
import { inLockedFolder } from '../batch/lock.js';
import { claimFolder } from '../batch/claim.js';
import type { Shard } from '../batch/types.js';
import { BATTLE_COLUMNS, battleRows, CAMPAIGN_COLUMNS, campaignRow, CampaignSummary, TERRITORY_COLUMNS } from './output.js';
import type { Campaign } from './types.js';
import runCampaignTask, { loadBattlePlugins, type CampaignRow, type CampaignTask, type CampaignTaskResult } from './worker.js';

export interface CampaignRunOptions {
  campaign: Campaign;
  campaigns: number;
  /** Default campaign.out. */
  out?: string;
  /** 0 plays in this thread. Default os.availableParallelism(). */
  workers?: number;
  shard?: Shard | null;
  resume?: boolean;
  /** Replace another experiment's outputs in the folder (they are removed first) instead of refusing. */
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: ProgressUpdate) => void;
  onStart?: (info: { total: number; resumed: number; threads: number }) => void;
  /** Seconds a plugin battle bot may take over one decision (default DEFAULT_DECISION_TIMEOUT_S). */
  decisionTimeout?: number;
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
const CODEC: RowCodec<CampaignRow> = {
  encode: (r) => [JSON.stringify(r)],
  decode: (f) => {
    const r = f.length === 1 ? (JSON.parse(String(f[0])) as Partial<CampaignRow> | null) : null;
    if (typeof r !== 'object' || r === null || !Number.isSafeInteger(r.campaign) || typeof r.seed !== 'string' || !Array.isArray(r.endHolder) || !Array.isArray(r.cycle3Holder)) {
      throw new Error('expected a campaign record (campaign, seed, winner, holders)');
    }
    return r as CampaignRow;
  },
  indexOf: (r) => r.campaign,
};

/** How errors name a campaign task and one of its campaigns. */
const TASK_NAMES: TaskNames<CampaignTask> = { task: (t) => `campaign "${t.campaign}"`, item: (t, i) => `campaign ${i} of "${t.campaign}"` };

/** Runs campaigns in their checked, locked output folder, as an experiment runs (batch/lock.ts). */
export async function runCampaigns(opts: CampaignRunOptions): Promise<CampaignRunOutcome> {
  return inLockedFolder(opts.out ?? opts.campaign.out, () => runLocked(opts));
}

async function runLocked(opts: CampaignRunOptions): Promise<CampaignRunOutcome> {
  const c = opts.campaign;
  const out = opts.out ?? c.out;
  const shard = opts.shard ?? null;
  const workers = opts.workers ?? availableParallelism();
  const files = campaignFiles(out);
  refuseFolders(Object.values(files));
  // Plugin battle bots are loaded here first, before any output: a bad module is exit 2, not a run of errors.
  if (opts.decisionTimeout !== undefined) setDecisionTimeout(opts.decisionTimeout);
  await loadBattlePlugins(c);
  // One experiment per output folder, as for runs: another's outputs here are refused, or removed with force.
  claimFolder(out, { kind: 'campaign', name: c.name }, opts.force === true, Object.values(files));
  const header = { checkpoint: 3 as const, experiment: `campaign:${c.name}`, inputsHash: `${c.inputsHash}:${opts.campaigns}`, shard: shard ? `${shard.k}/${shard.n}` : null, build: packageVersion() };
  const checkpoint = Checkpoint.open(files.checkpoint, header, CODEC, opts.resume === true);
  const { start: lo, end: hi } = shardRange(opts.campaigns, shard);
  // Every checkpointed task must be campaigns of this run: a line re-sealed by hand is refused.
  for (const en of checkpoint.entries()) {
    if (en.cell !== 0 || en.start < lo || en.end > hi) {
      checkpoint.close();
      throw new InputError(`${files.checkpoint}: line ${en.line}: task ${en.start}..${en.end - 1} is not campaigns of this run (${lo}..${hi - 1}); delete the file to start over`);
    }
  }
  const done0 = checkpoint.index.get(0) ?? new Map();

  let staged: { output: StagedOutput; streams: Record<'campaigns' | 'battles' | 'errors', OutputStream> };
  try {
    staged = StagedOutput.open((stream) => ({
      campaigns: stream(files.campaigns, csvHeader(CAMPAIGN_COLUMNS)),
      battles: stream(files.battles, csvHeader(BATTLE_COLUMNS)),
      errors: stream(files.errors, csvHeader(ERROR_COLUMNS)),
    }));
  } catch (err) {
    checkpoint.close();
    throw err;
  }
  const { output, streams } = staged;
  const summary = new CampaignSummary(c);
  // Plugin battle bots are watched (batch/watch.ts): one that never answers loses its campaign to errors.csv, not the run.
  const plugins = c.players.some((p) => isPluginSpec(p.battlePolicy));
  const watch: PoolWatch<CampaignTask> = { timeoutS: opts.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT_S, watched: () => plugins, cellOf: () => ({ index: 0, key: c.name }) };
  const executor: Executor<CampaignTask, CampaignTaskResult> =
    workers === 0 && !plugins
      ? createInProcess(runCampaignTask)
      : createPool<CampaignTask, CampaignTaskResult>({
          threads: Math.max(1, Math.min(workers, hi - lo - checkpoint.resumedGames)),
          filename: builtFile('campaign/worker.js'),
          names: TASK_NAMES,
          watch,
        });
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

  const outcome = await new Promise<CampaignRunOutcome['status']>((resolve, reject) => {
    let settled = false;
    const onStop = (): void => {
      stopping = true;
      executor.stop?.();
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
            // Given up at the stop while a plugin bot was deciding: --resume plays it again.
            if (!(err instanceof TaskDropped)) failure ??= err instanceof Error ? err.message : String(err);
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
          streams.campaigns.write(csvText([campaignRow(c, row)]));
          const b = battleRows(c, row);
          if (b.length > 0) streams.battles.write(csvText(b));
        }
        errors += r.errors.length;
        if (r.errors.length > 0) streams.errors.write(csvText(r.errors.map(errorRow)));
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
  })
    .finally(async () => {
      await Promise.all([checkpoint.flush(), executor.destroy()]);
    })
    .catch((err: unknown) => {
      // e.g. the disk filled up: the checkpoint still holds every campaign it could; no temporary file stays.
      checkpoint.close();
      output.abandon();
      throw err;
    });

  const written: string[] = [];
  if (outcome === 'complete') {
    // Final files appear together, the manifest last, or not at all (a full disk on the way: the checkpoint stays).
    try {
      output.commit(writeFinals);
    } catch (err) {
      checkpoint.close();
      throw err;
    }
    checkpoint.remove();
    written.push(files.campaigns, files.territories, files.battles, files.errors, files.manifest);
  } else {
    checkpoint.close();
    output.abandon();
  }
  return { status: outcome, out, done, played, resumed, errors, failure, files: written, summary, seconds: (Date.now() - started) / 1000 };

  function writeFinals(write: WriteFinal): void {
    write(files.territories, csvHeader(TERRITORY_COLUMNS) + csvText(summary.territoryRows()));
    const seconds = (Date.now() - started) / 1000;
    write(
      files.manifest,
      manifestText(
        { campaign: c.name, campaignFile: c.file, inputsHash: c.inputsHash },
        {
          seed: c.seed,
          campaigns: opts.campaigns,
          shard: shard ? `${shard.k}/${shard.n}` : null,
          range: { start: lo, end: hi },
          counts: { campaigns: summary.campaigns, errors, wins: { [c.factions[0].name]: summary.wins[0], [c.factions[1].name]: summary.wins[1] } },
          timings: { seconds, campaignsPlayed: played, campaignsResumed: resumed, workers: executor.threads },
        },
      ),
    );
  }
}
