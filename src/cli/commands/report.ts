import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { checkCsvFile } from '../../runner/csv.js';
import { checkOutputDir } from '../../data/outputs.js';
import { describeReport, reportDiskFull } from '../batch.js';

interface ReportFlags {
  replays: boolean;
  experiment?: string;
}

export function register(program: Command): void {
  program
    .command('report')
    .description('write report.html into a run folder: charts, the tables of their numbers, and replays of notable games')
    .argument('<dir>', 'a run, sweep, tournament or campaign output folder')
    .option('--no-replays', 'do not replay notable games')
    .option('--experiment <file>', "the experiment file, when the manifest's path does not resolve from here (for replays)")
    .addHelpText(
      'after',
      `
Example:
  $ skirmish report reports/quickstart        # writes reports/quickstart/report.html and replays/

The kind of report follows the folder's files: summary.csv (run), sweep.csv and
crossing.csv (sweep), pairings.csv and ratings.csv (tournament), campaigns.csv
(campaign). The page needs no network; open it in any browser.`,
    )
    .action(async (dir: string, flags: ReportFlags) => {
      checkFolderCsvs(dir);
      // Before any work: a folder the report cannot be written into is one line now, not an EACCES after the charts.
      checkOutputDir('report', dir);
      const { writeReport } = await import('../../report/index.js');
      const o = await writeReport({ dir, replays: flags.replays, experimentFile: flags.experiment }).catch((err: unknown) => reportDiskFull(err, dir, "the run's files are untouched", false));
      if (o !== null) process.stdout.write(`${describeReport(o)}\n`);
    });
}

/**
 * Every CSV of the folder parses with the header's number of fields, or one
 * line naming the file and the damaged line, exit 2.
 */
function checkFolderCsvs(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // the report says what is wrong with the folder itself
  }
  for (const name of names.filter((n) => n.endsWith('.csv')).sort()) {
    const file = path.join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    checkCsvFile(file, text);
  }
}
