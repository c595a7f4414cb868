import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Option, type Command } from 'commander';
import { InputError } from '../../errors.js';
import { TASK_MS } from '../../runner/defaults.js';
import { CONFIRM_LOOKS, DEFAULT_CONFIRM_GAMES, DEFAULT_CONFIRM_POLICY, parseConfirm } from '../../runner/confirm.js';
import type { ConfirmSpec } from '../../runner/types.js';
import { parseShard } from '../../batch/shard.js';
import { checkOutputDir } from '../../data/outputs.js';
import { DEFAULT_DECISION_TIMEOUT_S } from '../../batch/watch.js';
import { decisionTimeoutFlag, keptIn, reportAfterRun, reportDiskFull, reportFinished, reportUnfinished, wholeNumber, withStopSignals, workersFlag, workersHelp } from '../batch.js';

interface RunFlags {
  games?: string;
  seed?: string;
  workers?: string;
  out?: string;
  shard?: string;
  resume?: boolean;
  force?: boolean;
  precision?: string;
  failFast?: boolean;
  chunk?: string;
  gameModule?: string;
  progressInterval?: string;
  decisionTimeout?: string;
  confirm?: string;
  report: boolean;
}

/** `sweep` is `run` for an experiment with a "sweep": the same flags, and the file must hold a sweep. */
export function register(program: Command, command: 'run' | 'sweep' = 'run'): void {
  const sweep = command === 'sweep';
  program
    .command(command)
    .description(
      sweep
        ? 'run a sweep: every cell at every grid point with the same seeds; sweep.csv and the fair value (crossing.csv)'
        : 'run an experiment: thousands of games on a worker pool, win rates and VP with 95% intervals',
    )
    .argument(sweep ? '<experiment>' : '[experiment]', sweep ? 'experiment file with a "sweep"' : 'experiment file (kind "experiment"); default sims/quickstart.json')
    .option('--games <n>', 'games per cell, overriding the file (rounded up to even: seats rotate in pairs)')
    .option('--seed <seed>', 'experiment seed, overriding the file')
    .option('--workers <n>', workersHelp())
    .option('--out <dir>', 'output folder (default: the file\'s "out", else reports/<name>)')
    .option('--shard <k/n>', 'run slice K of N (combine the slices with `skirmish merge`)')
    .option('--resume', "continue a stopped run from its checkpoint; the files equal an uninterrupted run's")
    .option('--force', "replace another experiment's outputs in --out (they are removed first) instead of refusing")
    .option('--precision <p>', 'add game pairs to each cell until its win-rate interval half-width is below P (e.g. 0.02)')
    .option(
      '--confirm <policy>',
      `re-check each flag with a stronger policy on the same seeds and seats: POLICY[:GAMES] (games of the first look, more until decided, at most ${CONFIRM_LOOKS}×) or none (default ${DEFAULT_CONFIRM_POLICY}:${DEFAULT_CONFIRM_GAMES}, or the file's "confirm")`,
    )
    .option('--fail-fast', 'stop at the first game that throws (default: log it to errors.csv and go on)')
    .option('--decision-timeout <s>', `seconds a plugin bot may take over one decision; its game goes to errors.csv (default ${DEFAULT_DECISION_TIMEOUT_S})`)
    .option('--no-report', 'do not write report.html (charts, tables and replays; `skirmish report DIR` writes it later)')
    .option('--chunk <n>', `games per task sent to a worker (default: about ${TASK_MS} ms of play a task); never changes results`)
    .addOption(new Option('--game-module <file>', 'module exporting createGame, instead of the engine (tests)').hideHelp())
    .addOption(new Option('--progress-interval <ms>', 'plain progress lines at most this often').hideHelp())
    .addHelpText(
      'after',
      sweep
        ? SWEEP_HELP
        : `
Examples:
  $ skirmish run                                        # the quickstart: sample armies, several scenarios
  $ skirmish run sims/experiments/conquest-stands.json --games 2000 --workers 8
  $ skirmish run sims/experiments/scenario-balance.json --precision 0.02
  $ skirmish run sims/experiments/conquest-stands.json --shard 2/4 --out reports/cs-2
  $ skirmish run sims/experiments/conquest-stands.json --resume   # after Ctrl-C or a crash

Writes games.csv, summary.csv, errors.csv, manifest.json and report.html to the output folder,
and confirm.csv (the stronger policy's games re-checking the flags, --confirm);
checkpoint.jsonl holds finished games until the run completes.`,
    )
    .action(async (arg: string | undefined, flags: RunFlags) => {
      // Loaded here, not at the top: other commands and --help need none of the runner.
      const { createProgress, formatCrossings, formatSummaryTable, loadCheckedExperiment, loadExperiment, outputFiles, quickstartFile, runExperiment } = await import('../../runner/index.js');
      const file = arg ?? path.relative(process.cwd(), quickstartFile());
      const games = flags.games === undefined ? undefined : wholeNumber('--games', flags.games, 1, 100_000_000);
      const workers = workersFlag(flags.workers);
      const chunk = flags.chunk === undefined ? undefined : wholeNumber('--chunk', flags.chunk, 1, 1_000_000);
      let precision: number | undefined;
      if (flags.precision !== undefined) {
        precision = Number(flags.precision);
        if (!(precision > 0 && precision < 0.5)) throw new InputError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.02), got "${flags.precision}"`);
      }
      let shard = null;
      if (flags.shard !== undefined) {
        shard = parseShard(flags.shard);
        if (!shard) throw new InputError(`--shard: expected K/N with 1 ≤ K ≤ N (e.g. 2/4), got "${flags.shard}"`);
      }
      if (flags.seed !== undefined && flags.seed === '') throw new InputError('--seed: expected a non-empty seed');
      if (flags.out !== undefined) checkOutputDir('--out', flags.out);
      const decisionTimeout = decisionTimeoutFlag(flags.decisionTimeout);
      const gameModule = flags.gameModule === undefined ? undefined : pathToFileURL(path.resolve(flags.gameModule)).href;
      let confirm: ConfirmSpec | null | undefined;
      if (flags.confirm !== undefined) {
        const r = parseConfirm(flags.confirm);
        if ('error' in r) throw new InputError(`--confirm: ${r.error}`);
        confirm = r.spec === null ? null : { ...r.spec, policy: await confirmPolicy(r.spec.policy) };
      }
      const confirmDefault = { policy: DEFAULT_CONFIRM_POLICY, games: DEFAULT_CONFIRM_GAMES };
      const loadOpts = { file, games, seed: flags.seed, precision, out: flags.out, confirm, confirmDefault };
      // A stand-in game module brings stand-in armies: only the engine's references are checked.
      const experiment = gameModule ? loadExperiment(loadOpts) : loadCheckedExperiment(loadOpts);
      if (sweep && !experiment.sweep) throw new InputError(`${file}: sweep: missing (expected "sweep": {"parameters": [...]}; without one, use skirmish run)`);

      const intervalMs = flags.progressInterval === undefined ? undefined : wholeNumber('--progress-interval', flags.progressInterval, 1, 3_600_000);
      const progress = createProgress({ stream: process.stderr, intervalMs });
      // The confirmation's own bar: its games are slower, its count starts again.
      let confirmProgress: ReturnType<typeof createProgress> | undefined;
      let mainEnded = false;
      if (shard && experiment.confirm) {
        process.stderr.write(`note: a slice is not confirmed (confirmation needs every game of a cell); its merge equals the run with --confirm none\n`);
      }
      const out = experiment.out;
      await withStopSignals(async (signals) => {
        const outcome = await runExperiment({
          experiment,
          out,
          workers,
          chunk,
          shard,
          resume: flags.resume === true,
          force: flags.force === true,
          failFast: flags.failFast === true,
          decisionTimeout,
          gameModule,
          signal: signals.signal,
          abandon: signals.abandon,
          onStart: (info) =>
            process.stderr.write(
              `run ${experiment.name}: ${experiment.cells.length} cells, ${info.total} games` +
                (shard ? ` (slice ${shard.k}/${shard.n})` : '') +
                (info.resumed > 0 ? `, ${info.resumed} from the checkpoint` : '') +
                `, ${info.threads === 0 ? 'in process' : `${info.threads} workers`}\n`,
            ),
          onProgress: (p) => {
            if (p.phase === 'confirm') confirmProgress?.update(p);
            else progress.update(p);
          },
          onConfirm: (info) => {
            progress.end();
            mainEnded = true;
            process.stderr.write(
              `confirm: ${checked(info.flags, info.points)} of ${info.cells} cell${info.cells === 1 ? '' : 's'} with ${info.policy} on both sides, ` +
                `the same seeds and seats (${info.games} games a cell, more until decided, at most ${info.cap})\n`,
            );
            confirmProgress = createProgress({ stream: process.stderr, intervalMs, label: 'confirm' });
          },
        }).catch((err: unknown) => reportDiskFull(err, out, keptIn(outputFiles(out).checkpoint, 'games')));
        if (!mainEnded) progress.end();
        confirmProgress?.end();
        if (outcome === null) return;
        if (reportUnfinished(outcome, outputFiles(out).checkpoint, signals)) return;
        process.stdout.write(`${formatSummaryTable(outcome.cells.map((c) => c.row))}\n\n`);
        if (outcome.crossings) process.stdout.write(`fair values (army A's win rate at 50%):\n${formatCrossings(outcome.crossings)}\n\n`);
        reportFinished(outcome);
        const c = outcome.confirmation;
        if (c) {
          process.stdout.write(
            c.cells === 0
              ? `confirmation: no flag to re-check with ${c.policy}\n`
              : `confirmation: ${checked(c.flags, c.points)} of ${c.cells} cell${c.cells === 1 ? '' : 's'} re-checked with ${c.policy}: ${c.games} games in ${c.seconds.toFixed(1)} s` +
                  (c.errors > 0 ? `; ${c.errors} games threw (see errors.csv)` : '') +
                  '\n',
          );
        }
        if (flags.report) await reportAfterRun(out, file, gameModule === undefined);
      });
    });
}

/** "3 flags and 2 fair-value points" */
function checked(flags: number, points: number): string {
  const f = `${flags} flag${flags === 1 ? '' : 's'}`;
  return points === 0 ? f : `${f} and ${points} fair-value grid point${points === 1 ? '' : 's'}`;
}

/** The stronger policy as an experiment names it: "strongest" expanded, a plugin path made absolute (the flag is relative to here). */
async function confirmPolicy(spec: string): Promise<string> {
  const { isPluginSpec, splitSpec } = await import('../../bots/registry.js');
  const { policyAlias } = await import('../../runner/references.js');
  if (!isPluginSpec(spec)) return policyAlias(spec);
  const { name } = splitSpec(spec);
  return path.resolve(name) + spec.slice(name.length);
}

const SWEEP_HELP = `
Takes the flags of \`skirmish run\` (and \`skirmish run\` on a sweep file does the same).

Example:
  $ skirmish sweep sims/experiments/shieldbearer-cost.json --workers 2
  $ skirmish sweep my-sweep.json --shard 1/2 --out reports/s-1   # then skirmish merge

Writes games.csv and summary.csv (a column per parameter; a cell per grid point),
sweep.csv (the summary with a column per parameter, and same_as: the earlier
grid point whose very games a point plays), lists.csv (each army's regiments
and points at each grid point, for sweeps of a points or models parameter) and
crossing.csv (the value where army A's win rate is 50% with a 95% bootstrap
interval; or a list step, plateau, ambiguous, below-range / above-range or flat
verdict; and an advice column saying what to do next).`;
