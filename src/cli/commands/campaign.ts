import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { parseShard } from '../../batch/shard.js';
import { DEFAULT_DECISION_TIMEOUT_S } from '../../batch/watch.js';
import { inLockedFolder } from '../../batch/lock.js';
import { decisionTimeoutFlag, keptIn, reportAfterRun, reportDiskFull, resumeCommand, wholeNumber, withStopSignals, workersFlag, workersHelp } from '../batch.js';

interface CampaignFlags {
  campaigns: string;
  seed?: string;
  workers?: string;
  out?: string;
  shard?: string;
  resume?: boolean;
  force?: boolean;
  battlePolicy?: string;
  merge?: string[];
  decisionTimeout?: string;
  report: boolean;
}

export function register(program: Command): void {
  program
    .command('campaign')
    .description('run a campaign file many times: battles on a hex map fought in the engine; who wins and which territory decides it')
    .argument('<file>', 'campaign file (kind "campaign")')
    .option('--campaigns <n>', 'campaigns to play', '100')
    .option('--seed <seed>', "run seed, overriding the file's")
    .option('--workers <n>', workersHelp())
    .option('--out <dir>', 'output folder (default: the file\'s "out", else reports/<name>)')
    .option('--no-report', 'do not write report.html (campaign charts; `skirmish report DIR` writes it later)')
    .option('--shard <k/n>', 'run slice K of N of the campaigns')
    .option(
      '--battle-policy <spec>',
      "every player's battle policy, overriding the file: a built-in name with options, strongest, or a plugin module path (e.g. random, balanced:aggression=0.7, ./my-bot.js)",
    )
    .option('--decision-timeout <s>', `seconds a plugin battle bot may take over one decision; its campaign goes to errors.csv (default ${DEFAULT_DECISION_TIMEOUT_S})`)
    .option('--merge <dirs...>', 'combine the output folders of --shard slices into --out (plays nothing)')
    .option('--resume', "continue a stopped run from its checkpoint; the files equal an uninterrupted run's")
    .option('--force', "replace another experiment's outputs in --out (they are removed first) instead of refusing")
    .addHelpText(
      'after',
      `
Examples:
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --campaigns 200
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --campaigns 2000 --workers 8 --seed night-1
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --campaigns 200 --battle-policy random
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --campaigns 2000 --resume   # after Ctrl-C
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --campaigns 2000 --shard 1/2 --out reports/ny-1
  $ skirmish campaign sims/campaigns/nyrcon-sample.json --merge reports/ny-1 reports/ny-2 --out reports/ny

Writes campaigns.csv, territories.csv, battles.csv, errors.csv and manifest.json;
checkpoint.jsonl holds finished campaigns until the run completes. Prints each
faction's win rate with a 95% Wilson interval and the territories whose holder
at the end of cycle 3 wins most often beyond that faction's overall rate.`,
    )
    .action(async (file: string, flags: CampaignFlags) => {
      const { loadCampaign, mapWarnings, mergeCampaignShards, runCampaigns, campaignFiles } = await import('../../campaign/index.js');
      const { createProgress } = await import('../../runner/progress.js');
      const campaigns = wholeNumber('--campaigns', flags.campaigns, 1, 100_000_000);
      const workers = workersFlag(flags.workers);
      const decisionTimeout = decisionTimeoutFlag(flags.decisionTimeout);
      let shard = null;
      if (flags.shard !== undefined) {
        shard = parseShard(flags.shard);
        if (!shard) throw new InputError(`--shard: expected K/N with 1 ≤ K ≤ N (e.g. 2/4), got "${flags.shard}"`);
      }
      if (flags.seed !== undefined && flags.seed === '') throw new InputError('--seed: expected a non-empty seed');
      const campaign = loadCampaign(file, { seed: flags.seed, out: flags.out, battlePolicy: flags.battlePolicy });
      if (flags.merge) {
        const merging = flags.merge;
        const m = await inLockedFolder(campaign.out, async () => mergeCampaignShards({ campaign, dirs: merging, out: campaign.out, force: flags.force === true })).catch((err: unknown) =>
          reportDiskFull(err, campaign.out, 'nothing of the merge was written (the slices are untouched)', false),
        );
        if (m === null) return;
        process.stdout.write(`${m.summary.text()}\n\nwrote:\n${m.files.map((f) => `  ${f}\n`).join('')}`);
        return;
      }
      for (const w of mapWarnings(campaign)) process.stderr.write(`warning: ${w}\n`);

      const progress = createProgress({ stream: process.stderr, unit: 'campaigns', label: 'campaign' });
      await withStopSignals(async (signals) => {
        const out = campaign.out;
        const outcome = await runCampaigns({
          campaign,
          campaigns,
          workers,
          decisionTimeout,
          shard,
          resume: flags.resume === true,
          force: flags.force === true,
          signal: signals.signal,
          onStart: (info) =>
            process.stderr.write(
              `campaign ${campaign.name}: ${info.total} campaigns` +
                (shard ? ` (slice ${shard.k}/${shard.n})` : '') +
                (info.resumed > 0 ? `, ${info.resumed} from the checkpoint` : '') +
                `, ${info.threads === 0 ? 'in process' : `${info.threads} workers`}\n`,
            ),
          onProgress: (p) => progress.update(p),
        }).catch((err: unknown) => reportDiskFull(err, out, keptIn(campaignFiles(out).checkpoint, 'campaigns')));
        progress.end();
        if (outcome === null) return;
        const checkpoint = campaignFiles(outcome.out).checkpoint;
        if (outcome.status !== 'complete') {
          process.stderr.write((outcome.failure ? `error: ${outcome.failure}\n` : '') + `stopped: ${outcome.done} finished campaigns are kept in ${checkpoint}\nresume with: ${resumeCommand()}\n`);
          process.exitCode = outcome.failure ? 1 : signals.received() === 'SIGTERM' ? 143 : 130;
          return;
        }
        process.stdout.write(`${outcome.summary.text()}\n\n`);
        process.stdout.write(
          `${outcome.summary.campaigns} campaigns in ${outcome.seconds.toFixed(1)} s` +
            (outcome.errors > 0 ? `; ${outcome.errors} campaigns threw (see errors.csv)` : '') +
            '\nwrote:\n' +
            outcome.files.map((f) => `  ${f}\n`).join(''),
        );
        if (flags.report) await reportAfterRun(outcome.out, undefined, false);
      });
    });
}
