/**
 * The campaign pool's worker (compiled to dist/campaign/worker.js): plays a
 * range of campaigns and returns their records. Also run in the main thread
 * when workers is 0.
 */
import { getPolicy, isPluginSpec, loadPlugin } from '../bots/index.js';
import { watchGame } from '../batch/watch.js';
import { runWatchedTask } from '../batch/worker.js';
import type { TaskError, TaskRows } from '../batch/types.js';
import { deriveSeed } from '../dice/index.js';
import { engineFight } from './battle.js';
import { runCampaign } from './cycle.js';
import { prepareMuster } from './muster.js';
import { loadCampaignPolicy } from './policies.js';
import { loadCampaign } from './schema.js';
import type { Campaign, CampaignPolicy, CampaignRecord, FightFn } from './types.js';
import type { Muster } from './muster.js';

export interface CampaignTask {
  /** The campaign's name (names the task in errors). */
  campaign: string;
  file: string;
  /** The run's seed; campaign i plays deriveSeed(seed, name, i). */
  seed: string;
  /** Overrides every player's battle policy. */
  battlePolicy?: string;
  start: number;
  end: number;
  /** The pool's watch of plugin battle bots (batch/watch.ts). */
  watch?: SharedArrayBuffer;
  decisionTimeout?: number;
}

/** A campaign's record with its index and seed: one row of campaigns.csv (and its battles). */
export interface CampaignRow extends CampaignRecord {
  campaign: number;
  seed: string;
}

export interface CampaignTaskResult extends TaskRows<CampaignRow> {
  ms: number;
}

interface Prepared {
  c: Campaign;
  policies: CampaignPolicy[];
  musters: Muster[];
  fight: FightFn;
}

const prepared = new Map<string, Promise<Prepared>>();

/** Loads a campaign with its policies, armies and engine once per thread. */
export function prepareCampaign(file: string, battlePolicy?: string): Promise<Prepared> {
  const key = `${file}\n${battlePolicy ?? ''}`;
  let p = prepared.get(key);
  if (!p) {
    p = (async () => {
      const c = loadCampaign(file, { battlePolicy });
      await loadBattlePlugins(c);
      const policies = await Promise.all(c.players.map((pl) => loadCampaignPolicy(pl.campaignPolicy)));
      return { c, policies, musters: c.players.map((pl) => prepareMuster(pl.armyFile)), fight: engineFight(c) };
    })();
    prepared.set(key, p);
  }
  return p;
}

/** Loads the plugin battle bots a campaign's players name (engineFight finds them by path). */
export async function loadBattlePlugins(c: Campaign): Promise<void> {
  for (const pl of c.players) {
    if (isPluginSpec(pl.battlePolicy)) await loadPlugin(pl.battlePolicy);
    getPolicy(pl.battlePolicy);
  }
}

/** Campaign i's seed. */
export function campaignSeed(seed: string, name: string, i: number): string {
  return deriveSeed(seed, name, i);
}

export default function runCampaignTask(task: CampaignTask): Promise<CampaignTaskResult> {
  return runWatchedTask(
    task,
    () => prepareCampaign(task.file, task.battlePolicy),
    ({ c, policies, musters, fight }) => playCampaigns(task, c, policies, musters, fight),
  );
}

function playCampaigns(task: CampaignTask, c: Campaign, policies: CampaignPolicy[], musters: Muster[], fight: FightFn): CampaignTaskResult {
  const rows: CampaignRow[] = [];
  const errors: TaskError[] = [];
  const t0 = performance.now();
  for (let i = task.start; i < task.end; i++) {
    const seed = campaignSeed(task.seed, c.name, i);
    watchGame(i, seed);
    try {
      rows.push({ campaign: i, seed, ...runCampaign({ campaign: c, seed, policies, musters, fight }) });
    } catch (err) {
      errors.push({ cell: c.name, game: i, seed, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return { cell: 0, start: task.start, end: task.end, rows, errors, ms: performance.now() - t0 };
}
