import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { checkOutputDir } from '../../data/outputs.js';
import { InputError } from '../../errors.js';
import { resumeCommand, wholeNumber, withStopSignals, workersFlag } from '../batch.js';

interface BalanceFlags {
  workers?: string;
  out?: string;
  games?: string;
  seed?: string;
  resume?: boolean;
  report: boolean;
}

export function register(program: Command): void {
  program
    .command('balance')
    .description('propose a whole points table from play: what every price is worth with an interval, checked on held-out games, and what each ability is worth')
    .argument('<file>', 'balance file (kind "balance")')
    .option('--games <n>', 'games of the fit and the held-out check together, overriding the file')
    .option('--seed <seed>', 'seed, overriding the file')
    .option('--workers <n>', `worker threads; 0 plays in this thread (default: one per core, ${availableParallelism()} here)`)
    .option('--out <dir>', 'output folder (default: the file\'s "out", else reports/<name>)')
    .option('--resume', "continue a stopped balance run; the files equal an uninterrupted run's")
    .option('--no-report', 'do not write report.html')
    .addHelpText(
      'after',
      `
Example:
  $ skirmish balance sims/balance/sample-table.json --workers 2
  $ skirmish balance sims/balance/sample-table.json --resume    # after Ctrl-C

Plays generated lists of every faction pair on paired seeds (fit/), fits what
every price is worth in points and proposes the fewest changes (balance.csv),
plays today's and the proposed table on held-out seeds (holdout/, matchups.csv),
and plays each ability's faction with and without it (abilities/, abilities.csv).
unfixable.txt names imbalance no price can fix (a scenario, a seat).`,
    )
    .action(async (file: string, flags: BalanceFlags) => {
      const { loadBalance } = await import('../../balance/plan.js');
      const { runBalance } = await import('../../balance/run.js');
      const { formatBalance } = await import('../../balance/format.js');
      const { createProgress } = await import('../../runner/progress.js');
      const workers = workersFlag(flags.workers);
      const games = flags.games === undefined ? undefined : wholeNumber('--games', flags.games, 2, 100_000_000);
      if (flags.seed !== undefined && flags.seed === '') throw new InputError('--seed: expected a non-empty seed');
      if (flags.out !== undefined) checkOutputDir('--out', flags.out);
      const plan = loadBalance(file, { out: flags.out, games, seed: flags.seed });
      await withStopSignals(async (signals) => {
        let progress = createProgress({ stream: process.stderr, label: 'fit' });
        const started = Date.now();
        const outcome = await runBalance({
          plan,
          workers,
          resume: flags.resume === true,
          signal: signals.signal,
          abandon: signals.abandon,
          onPhase: (phase, info) => {
            progress.end();
            progress = createProgress({ stream: process.stderr, label: phase, unit: phase === 'bootstrap' ? 'replicates' : 'games' });
            process.stderr.write(`balance ${plan.name}: ${phase}: ${info.cells} cells, ${info.total} games${info.resumed ? `, ${info.resumed} from the checkpoint` : ''}\n`);
          },
          onProgress: (_phase, p) => progress.update(p),
        });
        progress.end();
        if (outcome.status !== 'complete') {
          process.stderr.write(`stopped (${outcome.failure}): the finished games are kept in ${plan.out}\nresume with: ${resumeCommand()}\n`);
          process.exitCode = signals.received() === 'SIGTERM' ? 143 : outcome.status === 'failed' ? 1 : 130;
          return;
        }
        process.stdout.write(`${formatBalance(outcome)}\n${((Date.now() - started) / 1000).toFixed(1)} s\nwrote:\n${outcome.files.map((f) => `  ${f}\n`).join('')}`);
        if (flags.report) {
          const { writeBalanceReport } = await import('../../report/balance.js');
          process.stdout.write(`  ${writeBalanceReport({ dir: plan.out, name: plan.name })}\n`);
        }
      });
    });
}
