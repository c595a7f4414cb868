import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Option, type Command } from 'commander';
import { InputError } from '../../errors.js';
import { TASK_MS } from '../../runner/defaults.js';
import { DEFAULT_DECISION_TIMEOUT_S } from '../../batch/watch.js';
import { decisionTimeoutFlag, keptIn, reportAfterRun, reportDiskFull, reportFinished, reportUnfinished, wholeNumber, withStopSignals, workersFlag, workersHelp } from '../batch.js';

interface TournamentFlags {
  policies: string;
  armies: string;
  scenarios: string;
  games: string;
  seed: string;
  workers?: string;
  out: string;
  resume?: boolean;
  force?: boolean;
  failFast?: boolean;
  chunk?: string;
  gameModule?: string;
  progressInterval?: string;
  decisionTimeout?: string;
  report: boolean;
}

/** A comma list; empty items are an error naming the flag. */
function list(flag: string, raw: string): string[] {
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new InputError(`${flag}: expected a comma-separated list without empty items, got "${raw}"`);
  return items;
}

/**
 * `--policies` items: a policy's own options are comma-separated too
 * (`balanced:aggression=0.7,tactics=0`), so an item `key=value` with no `:`
 * or slash continues the policy before it (no policy name has a `=`).
 */
export function splitPolicies(raw: string): string[] {
  const specs: string[] = [];
  for (const item of list('--policies', raw)) {
    const option = item.includes('=') && !/[:/\\]/.test(item);
    if (option && specs.length === 0) throw new InputError(`--policies: "${item}" is an option of no policy (write name:${item})`);
    if (option) specs[specs.length - 1] += `,${item}`;
    else specs.push(item);
  }
  return specs;
}

export function register(program: Command): void {
  program
    .command('tournament')
    .description('play every pair of policies on every scenario with armies and seats rotated; pairwise win rates and Elo-scale ratings')
    .requiredOption('--policies <list>', 'policies, comma-separated: built-in names with options (balanced:aggression=0.7) or plugin modules (./my-bot.js)')
    .requiredOption('--armies <files>', 'army files, comma-separated; every pair of different armies is played (one army: the mirror match)')
    .requiredOption('--scenarios <names>', 'built-in scenario names or scenario files, comma-separated')
    .option('--games <n>', 'games a pairing at least, rounded up to whole rotations (scenarios × army pairs × 4)', '400')
    .option('--seed <seed>', 'tournament seed', 'tournament-1')
    .option('--workers <n>', workersHelp())
    .option('--out <dir>', 'output folder', path.join('reports', 'tournament'))
    .option('--no-report', 'do not write report.html (ratings and pairing charts; `skirmish report DIR` writes it later)')
    .option('--resume', "continue a stopped tournament from its checkpoint; the files equal an uninterrupted run's")
    .option('--force', "replace another experiment's outputs in --out (they are removed first) instead of refusing")
    .option('--fail-fast', 'stop at the first game that throws (default: log it to errors.csv and go on)')
    .option('--decision-timeout <s>', `seconds a plugin bot may take over one decision; its game goes to errors.csv (default ${DEFAULT_DECISION_TIMEOUT_S})`)
    .option('--chunk <n>', `games per task sent to a worker (default: about ${TASK_MS} ms of play a task); never changes results`)
    .addOption(new Option('--game-module <file>', 'module exporting createGame, instead of the engine (tests)').hideHelp())
    .addOption(new Option('--progress-interval <ms>', 'plain progress lines at most this often').hideHelp())
    .addHelpText(
      'after',
      `
Each pair of policies plays each scenario and each pair of armies four ways on
every seed: policy A with either army, in either seat. A draw counts half.

Example:
  $ skirmish tournament --policies random,aggressive,objective,balanced \\
      --armies sims/armies/ironbound-800.json,sims/armies/reedmarsh-800.json,sims/armies/tuskfell-800.json \\
      --scenarios annihilation,raid,tug-of-war,broken-lines --games 400 --workers 2 --out reports/bots

Writes pairings.csv (one row a pair of policies), ratings.csv (Bradley–Terry on
the Elo scale, random at 0, 95% bootstrap intervals), and as \`skirmish run\`
does games.csv, summary.csv (one row a cell), errors.csv and manifest.json.`,
    )
    .action(async (flags: TournamentFlags) => {
      // Loaded here, not at the top: other commands and --help need none of the runner.
      const { checkTournament, createProgress, formatPairingsTable, formatRatingsTable, planTournament, runTournament, tournamentFiles } = await import('../../runner/index.js');
      if (flags.seed === '') throw new InputError('--seed: expected a non-empty seed');
      const tournament = planTournament({
        policies: splitPolicies(flags.policies),
        armies: list('--armies', flags.armies),
        scenarios: list('--scenarios', flags.scenarios),
        games: wholeNumber('--games', flags.games, 1, 100_000_000),
        seed: flags.seed,
        out: flags.out,
      });
      const workers = workersFlag(flags.workers);
      const decisionTimeout = decisionTimeoutFlag(flags.decisionTimeout);
      const chunk = flags.chunk === undefined ? undefined : wholeNumber('--chunk', flags.chunk, 1, 1_000_000);
      const gameModule = flags.gameModule === undefined ? undefined : pathToFileURL(path.resolve(flags.gameModule)).href;
      // A stand-in game module brings stand-in armies and policies: nothing to load.
      if (!gameModule) checkTournament(tournament);

      const progress = createProgress({
        stream: process.stderr,
        label: 'tournament',
        intervalMs: flags.progressInterval === undefined ? undefined : wholeNumber('--progress-interval', flags.progressInterval, 1, 3_600_000),
      });
      const out = flags.out;
      await withStopSignals(async (signals) => {
        const played = await runTournament(tournament, {
          workers,
          decisionTimeout,
          chunk,
          resume: flags.resume === true,
          force: flags.force === true,
          failFast: flags.failFast === true,
          gameModule,
          signal: signals.signal,
          abandon: signals.abandon,
          onStart: (info) =>
            process.stderr.write(
              `tournament: ${tournament.policies.length} policies, ${tournament.pairings.length} pairings × ${tournament.gamesPerPairing} games = ${info.total} games` +
                (info.resumed > 0 ? `, ${info.resumed} from the checkpoint` : '') +
                `, ${info.threads === 0 ? 'in process' : `${info.threads} workers`}\n`,
            ),
          onProgress: (p) => progress.update(p),
        }).catch((err: unknown) => reportDiskFull(err, out, keptIn(tournamentFiles(out).checkpoint, 'games')));
        progress.end();
        if (played === null) return;
        const { run, pairings, ratings } = played;
        if (reportUnfinished(run, tournamentFiles(out).checkpoint, signals)) return;
        process.stdout.write(`${formatPairingsTable(pairings)}\n\n${formatRatingsTable(ratings)}\n\n`);
        reportFinished(run);
        if (flags.report) await reportAfterRun(out, undefined, false);
      });
    });
}
