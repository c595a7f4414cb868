import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { checkOutputDir } from '../../data/outputs.js';
import { InputError } from '../../errors.js';
import { DEFAULT_CONFIRM_GAMES, DEFAULT_CONFIRM_POLICY } from '../../runner/confirm.js';
import { parseShard } from '../../batch/shard.js';
import { resumeCommand, wholeNumber, withStopSignals, workersFlag } from '../batch.js';

interface BalanceFlags {
  workers?: string;
  out?: string;
  games?: string;
  seed?: string;
  shard?: string;
  from?: string;
  confirm?: string;
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
    .option('--shard <k/n>', 'play slice K of N of each phase whose games are known (combine the slices with `skirmish merge`)')
    .option('--from <dir>', "a slice's merged earlier phases (`skirmish merge`'s --out): the slice goes on to its share of the next phase")
    .option(
      '--confirm <policy>',
      `re-check the proposed table's worst held-out cells with a stronger policy on the same seeds and seats: POLICY[:GAMES] (games a cell) or none (default ${DEFAULT_CONFIRM_POLICY}:${DEFAULT_CONFIRM_GAMES}, or the file's "confirm")`,
    )
    .option('--no-report', 'do not write report.html')
    .addHelpText(
      'after',
      `
Example:
  $ skirmish balance sims/balance/sample-table.json --workers 2
  $ skirmish balance sims/balance/sample-table.json --resume    # after Ctrl-C
  $ for k in 1 2; do skirmish balance sims/balance/sample-table.json --shard $k/2 --out reports/st-$k; done
  $ skirmish merge reports/st-1 reports/st-2 --out reports/sample-table
    # and while the merge names a next phase: each slice again with --from reports/sample-table, then merge again

Plays generated lists of every faction pair on paired seeds (fit/), fits what
every price is worth in points and proposes the fewest changes (balance.csv),
plays another round on lists built at the proposed prices when they move the
lists far (fit-2/, rounds.csv), plays today's and the proposed table on held-out
seeds (holdout/, matchups.csv), re-checks the proposed table's worst cells with
the stronger policy (confirm/, matchups.csv's confirm columns), and plays each
ability's faction with and without it (abilities/, abilities.csv).
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
      let shard = null;
      if (flags.shard !== undefined) {
        shard = parseShard(flags.shard);
        if (!shard) throw new InputError(`--shard: expected K/N with 1 ≤ K ≤ N (e.g. 2/4), got "${flags.shard}"`);
      }
      if (flags.from !== undefined && !existsSync(flags.from)) throw new InputError(`--from: ${flags.from}: no such folder (expected the output of \`skirmish merge\`)`);
      const plan = loadBalance(file, { out: flags.out, games, seed: flags.seed, confirm: flags.confirm });
      if (shard && path.resolve(plan.out) === path.resolve(flags.from ?? '')) throw new InputError(`--out ${plan.out}: must not be the --from folder (each slice writes a folder of its own)`);
      await withStopSignals(async (signals) => {
        let progress = createProgress({ stream: process.stderr, label: 'fit' });
        const started = Date.now();
        const outcome = await runBalance({
          plan,
          workers,
          resume: flags.resume === true,
          shard,
          from: flags.from,
          signal: signals.signal,
          abandon: signals.abandon,
          onPhase: (phase, info) => {
            progress.end();
            progress = createProgress({ stream: process.stderr, label: phase, unit: phase === 'bootstrap' ? 'replicates' : 'games' });
            process.stderr.write(
              phase === 'bootstrap'
                ? `balance ${plan.name}: bootstrap: ${info.total} replicates of the fit\n`
                : `balance ${plan.name}: ${phase}: ${info.cells} cells, ${info.total} games${shard ? ` (slice ${shard.k}/${shard.n})` : ''}${info.resumed ? `, ${info.resumed} from the checkpoint` : ''}\n`,
            );
          },
          onProgress: (_phase, p) => progress.update(p),
        });
        progress.end();
        if (outcome.status === 'partial') {
          process.stdout.write(
            `slice ${shard!.k}/${shard!.n} of ${outcome.sliced!.join(', ')} played in ${plan.out}\n` +
              `when every slice has played it: skirmish merge <the ${shard!.n} slice folders> --out <merged folder>; ` +
              `while the merge names a next phase, each slice goes on with --from <merged folder>\n`,
          );
          return;
        }
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
