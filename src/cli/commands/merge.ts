import path from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { checkOutputDir } from '../../data/outputs.js';
import { reportDiskFull } from '../batch.js';

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine the output folders of `skirmish run --shard K/N` (or `skirmish balance --shard`) slices into the single-machine files')
    .argument('<dirs...>', "the slices' output folders (all N of them, any order)")
    .option('--out <dir>', 'output folder for the merged files (required)')
    .addHelpText(
      'after',
      `
Example:
  $ for k in 1 2 3 4; do skirmish run sims/experiments/conquest-stands.json --shard $k/4 --out reports/cs-$k; done
  $ skirmish merge reports/cs-1 reports/cs-2 reports/cs-3 reports/cs-4 --out reports/conquest-stands

games.csv and summary.csv come out byte-identical to a single-machine run.
Balance slices merge phase by phase: when a phase needs the merged ones
before it (the held-out games need the fit), the merge names it; each slice
plays its share with --from <the merged folder>, and the merge runs again.
The merged folder's files equal a single-machine balance run's.`,
    )
    .action(async (dirs: string[], flags: { out?: string }) => {
      if (flags.out === undefined) throw new InputError('--out: required (the folder for the merged files)');
      checkOutputDir('--out', flags.out);
      const { isBalanceSlice } = await import('../../balance/merge.js');
      if (dirs.length > 0 && isBalanceSlice(dirs[0])) return mergeBalanceSlices(dirs, flags.out);
      const { formatCrossings, formatSummaryTable, mergeShards } = await import('../../runner/index.js');
      const out = flags.out;
      const r = await mergeShards({ dirs, out }).catch((err: unknown) => reportDiskFull(err, out, 'nothing of the merge was written (the slices are untouched)', false));
      if (r === null) return;
      process.stdout.write(`${formatSummaryTable(r.summaryRows)}\n\n`);
      if (r.crossings) process.stdout.write(`fair values (army A's win rate at 50%):\n${formatCrossings(r.crossings)}\n\n`);
      process.stdout.write(`merged ${dirs.length} slices: ${r.games} games` + (r.errors > 0 ? `, ${r.errors} errors` : '') + '\nwrote:\n' + r.files.map((f) => `  ${f}\n`).join(''));
    });
}

async function mergeBalanceSlices(dirs: string[], out: string): Promise<void> {
  const { mergeBalance } = await import('../../balance/merge.js');
  const { formatBalance } = await import('../../balance/format.js');
  const r = await mergeBalance({ dirs, out }).catch((err: unknown) => reportDiskFull(err, out, 'nothing of the merge was written (the slices are untouched)', false));
  if (r === null) return;
  process.stdout.write(`merged ${dirs.length} balance slices: ${r.merged.length ? r.merged.join(', ') : 'no new phase'}\n`);
  if (r.status === 'partial') {
    const file = path.relative(process.cwd(), r.file);
    process.stdout.write(
      `next: ${r.waiting} (it needs the phases merged so far); each slice plays its share:\n` +
        r.slices.map((s) => `  skirmish balance ${file} --shard ${s.shard} --from ${out} --out ${s.dir}\n`).join('') +
        `then merge again: skirmish merge ${dirs.join(' ')} --out ${out}\n`,
    );
    return;
  }
  const { writeBalanceReport } = await import('../../report/balance.js');
  const report = writeBalanceReport({ dir: out, name: r.name });
  process.stdout.write(`${formatBalance(r)}\nwrote:\n${[...r.files, report].map((f) => `  ${f}\n`).join('')}`);
}
