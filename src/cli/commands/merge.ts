import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { checkOutputDir } from '../../data/outputs.js';
import { reportDiskFull } from '../batch.js';

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine the output folders of `skirmish run --shard K/N` slices into the single-machine files')
    .argument('<dirs...>', "the slices' output folders (all N of them, any order)")
    .option('--out <dir>', 'output folder for the merged files (required)')
    .addHelpText(
      'after',
      `
Example:
  $ for k in 1 2 3 4; do skirmish run sims/experiments/conquest-stands.json --shard $k/4 --out reports/cs-$k; done
  $ skirmish merge reports/cs-1 reports/cs-2 reports/cs-3 reports/cs-4 --out reports/conquest-stands

games.csv and summary.csv come out byte-identical to a single-machine run.`,
    )
    .action(async (dirs: string[], flags: { out?: string }) => {
      if (flags.out === undefined) throw new InputError('--out: required (the folder for the merged files)');
      checkOutputDir('--out', flags.out);
      const { formatCrossings, formatSummaryTable, mergeShards } = await import('../../runner/index.js');
      const out = flags.out;
      const r = await mergeShards({ dirs, out }).catch((err: unknown) => reportDiskFull(err, out, 'nothing of the merge was written (the slices are untouched)', false));
      if (r === null) return;
      process.stdout.write(`${formatSummaryTable(r.summaryRows)}\n\n`);
      if (r.crossings) process.stdout.write(`fair values (army A's win rate at 50%):\n${formatCrossings(r.crossings)}\n\n`);
      process.stdout.write(`merged ${dirs.length} slices: ${r.games} games` + (r.errors > 0 ? `, ${r.errors} errors` : '') + '\nwrote:\n' + r.files.map((f) => `  ${f}\n`).join(''));
    });
}
