import { closeSync, existsSync, fsyncSync, renameSync, writeSync } from 'node:fs';
import path, { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Command } from 'commander';
import { loadRoster, type Roster } from '../../army/index.js';
import { expandStrongest, getPolicy, isPluginSpec, loadPlugin, PluginError, resolvePolicySpec, type Policy } from '../../bots/index.js';
import { playGame, type PlayGameOptions } from '../../engine/index.js';
import { describeResult, narrate } from '../../engine/narrate.js';
import type { GameEvent, GameResult } from '../../engine/types.js';
import { InputError } from '../../errors.js';
import { checkOutputFile, isDiskFull, makeOutputDir, openNew, removeIfPresent, tmpNameFor, writeNew } from '../../data/outputs.js';
import { builtFile } from '../../batch/package.js';
import { createWatch, DEFAULT_DECISION_TIMEOUT_S, outOfMemoryIn, outOfMemoryLine, readWatch, setDecisionTimeout, workerResourceLimits } from '../../batch/watch.js';
import { CommandFailure, decisionTimeoutFlag, diskFullLine } from '../batch.js';
import { DEFAULT_RULESET, loadRuleset } from '../../rules/index.js';
import { getScenario } from '../../scenarios/index.js';
import { deploymentAreaError } from '../../scenarios/checks.js';
import type { ControlRule } from '../../scenarios/types.js';

const CONTROL_RULES: ControlRule[] = ['first-blood', 'conquest-stands', 'steamroller'];

export interface PlayFlags {
  armyA: string;
  armyB: string;
  scenario: string;
  seed: string;
  policyA: string;
  policyB: string;
  control?: string;
  ruleset?: string;
  log?: string;
  narrate?: boolean;
  json?: boolean;
  replay?: string;
  decisionTimeout?: string;
}

/** A policy from its spec; a plugin path is relative to the current directory (or absolute). */
async function policyFrom(spec: string, cwd: string): Promise<Policy> {
  const resolved = resolvePolicySpec(expandStrongest(spec), cwd);
  if (isPluginSpec(resolved)) await loadPlugin(resolved);
  return getPolicy(resolved);
}

/** Where a game's outputs go while it plays: the --log file's descriptor and the replay's temporary name. */
export interface PlayIo {
  logFd: number | null;
  tmpReplay: string | null;
  /** The folder plugin paths are relative to. */
  cwd: string;
}

/** Loads the game's inputs (every bad one an InputError) and the policies. */
async function playOptions(flags: PlayFlags, cwd: string): Promise<PlayGameOptions> {
  const control = flags.control;
  if (control !== undefined && !CONTROL_RULES.includes(control as ControlRule)) {
    throw new InputError(`--control: expected one of ${CONTROL_RULES.join(', ')}, got "${control}"`);
  }
  const scenario = getScenario(flags.scenario);
  const ruleset = flags.ruleset ? loadRuleset(flags.ruleset) : DEFAULT_RULESET;
  const armies: [Roster, Roster] = [loadRoster(flags.armyA, ruleset), loadRoster(flags.armyB, ruleset)];
  const tooSmall = ([0, 1] as const).map((p) => deploymentAreaError(scenario, p, armies[p])).filter((e) => e !== null);
  if (tooSmall.length > 0) throw new InputError(tooSmall);
  const policies: [Policy, Policy] = [await policyFrom(flags.policyA, cwd), await policyFrom(flags.policyB, cwd)];
  return { armies, scenario, control: (control as ControlRule | undefined) ?? scenario.control, ruleset, seed: flags.seed, policies };
}

/**
 * Plays the game of `play`: narration lines, events to the --log descriptor,
 * the replay to its temporary name. Runs in the command's thread, or in a
 * worker thread when a plugin bot plays (play-worker.ts), where a bot that
 * never answers can be stopped.
 */
export async function playCore(flags: PlayFlags, io: PlayIo): Promise<{ result: GameResult; out: string[] }> {
  const base = await playOptions(flags, io.cwd);
  const out: string[] = [];
  const listeners: ((e: GameEvent) => void)[] = [];
  if (flags.narrate) {
    listeners.push((e) => {
      const line = narrate(e);
      if (line !== null && e.type !== 'gameEnd') out.push(line);
    });
  }
  if (io.logFd !== null) {
    const fd = io.logFd;
    listeners.push((e) => writeSync(fd, `${JSON.stringify(e)}\n`));
  }
  const gameOpts: PlayGameOptions = {
    ...base,
    onEvent: listeners.length > 0 ? (e) => listeners.forEach((l) => l(e)) : undefined,
    // A bot's reason for its decision, after the events of the decision before it.
    onReason: flags.narrate ? (_p, reason) => out.push(`    ~ ${reason}`) : undefined,
  };
  if (io.tmpReplay) {
    // The same game as without --replay: recordReplay plays it through playGame with a listener.
    const { commandLine, recordReplay, replayHtml } = await import('../../report/replay.js');
    // The page names this very command (without its output flags), to play the game again.
    const given = (flag: string, v: string | undefined): string[] => (v === undefined ? [] : [flag, v]);
    const words = [
      'skirmish',
      'play',
      '--army-a',
      flags.armyA,
      '--army-b',
      flags.armyB,
      '--scenario',
      flags.scenario,
      '--seed',
      flags.seed,
      '--policy-a',
      flags.policyA,
      '--policy-b',
      flags.policyB,
      ...given('--control', flags.control),
      ...given('--ruleset', flags.ruleset),
    ];
    const r = recordReplay({ ...gameOpts, command: { text: commandLine(words) } });
    writeNew(io.tmpReplay, replayHtml(r.replay));
    return { result: r.result, out };
  }
  return { result: playGame(gameOpts), out };
}

/** The game in a worker thread, watched: a plugin decision longer than the limit terminates it (PluginError). */
function playWatched(flags: PlayFlags, io: PlayIo, timeoutS: number): Promise<{ result: GameResult; out: string[] }> {
  const file = builtFile('cli/play-worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const watch = createWatch();
  const worker = new Worker(file, { workerData: { flags, io, watch, timeoutS }, resourceLimits: workerResourceLimits() });
  return new Promise((resolve, reject) => {
    let done = false;
    const end = (): void => {
      done = true;
      clearInterval(timer);
    };
    const timer = setInterval(() => {
      const d = readWatch(watch);
      if (done || d === null || d.ms <= timeoutS * 1000) return;
      end();
      void worker.terminate();
      reject(new PluginError(`bot ${d.bot} did not answer a ${d.kind} decision within ${timeoutS} s (--decision-timeout)`, d.bot, d.kind));
    }, 100);
    worker.on('message', (m: { result?: GameResult; out?: string[]; error?: { message: string; input: boolean; plugin: boolean } }) => {
      if (done) return;
      end();
      if (m.error) reject(m.error.input ? new InputError(m.error.message) : m.error.plugin ? new PluginError(m.error.message, '', '') : new Error(m.error.message));
      else resolve({ result: m.result!, out: m.out! });
    });
    worker.on('error', (err) => {
      if (done) return;
      end();
      // A plugin that filled the thread's heap while deciding is named, not an anonymous crash.
      const d = outOfMemoryIn(err, watch);
      reject(d === null ? err : new PluginError(outOfMemoryLine(d), d.bot, d.kind));
    });
    worker.on('exit', () => {
      if (done) return;
      end();
      reject(new Error('the game thread ended without a result'));
    });
  });
}

export function register(program: Command): void {
  program
    .command('play')
    .description('play one game between two policies and print the result (and a narration)')
    .requiredOption('--army-a <file>', 'army list for player 1 (the first seat)')
    .requiredOption('--army-b <file>', 'army list for player 2')
    .option('--scenario <name>', 'scenario name or file (see `skirmish scenarios`)', 'annihilation')
    .option('--seed <seed>', 'game seed: the same seed replays the same game', '1')
    .option('--policy-a <spec>', 'policy for player 1: a name with options (balanced:aggression=0.7), "strongest", or a plugin module path', 'random')
    .option('--policy-b <spec>', 'policy for player 2 (as --policy-a)', 'random')
    .option('--control <rule>', `control rule: ${CONTROL_RULES.join(', ')} (default: the scenario's)`)
    .option('--ruleset <file>', "ruleset file overriding the rulings' defaults")
    .option('--log <file>', 'write every event as JSON lines to this file')
    .option('--narrate', "print the game line by line, with the bots' reasons (lines starting ~)")
    .option('--json', 'print the result as JSON')
    .option('--replay <file>', 'write a replay page (HTML) to step through the game on its table')
    .option('--decision-timeout <s>', `seconds a plugin bot may take over one decision (default ${DEFAULT_DECISION_TIMEOUT_S})`)
    .addHelpText(
      'after',
      `
Example:
  $ skirmish play --army-a sims/armies/ironbound-800.json --army-b sims/armies/tuskfell-800.json \\
      --scenario raid --seed 1 --narrate
  $ skirmish play --army-a sims/armies/ironbound-800.json --army-b sims/armies/tuskfell-800.json \
      --policy-a balanced:aggression=0.9 --policy-b ./my-bot.js --narrate
  $ skirmish play --army-a sims/armies/ironbound-800.json --army-b sims/armies/tuskfell-800.json \\
      --scenario raid --seed 1 --replay game.html`,
    )
    .action(async (flags: PlayFlags) => {
      if (flags.log !== undefined) checkOutputFile('--log', flags.log);
      if (flags.replay !== undefined) checkOutputFile('--replay', flags.replay);
      if (flags.control !== undefined && !CONTROL_RULES.includes(flags.control as ControlRule)) {
        throw new InputError(`--control: expected one of ${CONTROL_RULES.join(', ')}, got "${flags.control}"`);
      }
      const timeoutS = decisionTimeoutFlag(flags.decisionTimeout);
      // A plugin module gets as long to load (plugins.ts).
      setDecisionTimeout(timeoutS);
      // Every input is checked here, before any output: bad ones are exit 2 lines.
      const plugins = [flags.policyA, flags.policyB].some((p) => isPluginSpec(expandStrongest(p)));
      await playOptions(flags, process.cwd());
      let logFd: number | null = null;
      const tmpLog = flags.log !== undefined ? tmpNameFor(flags.log) : null;
      const tmpReplay = flags.replay ? tmpNameFor(flags.replay) : null;
      let played: { result: GameResult; out: string[] };
      try {
        if (tmpLog) {
          makeOutputDir(dirname(tmpLog));
          logFd = openNew(tmpLog);
        }
        if (tmpReplay) makeOutputDir(dirname(tmpReplay));
        const io: PlayIo = { logFd, tmpReplay, cwd: process.cwd() };
        setDecisionTimeout(timeoutS);
        played = plugins ? await playWatched(flags, io, timeoutS) : await playCore(flags, io);
        if (logFd !== null && tmpLog && flags.log !== undefined) {
          fsyncSync(logFd);
          closeSync(logFd);
          logFd = null;
          renameSync(tmpLog, flags.log);
        }
        if (tmpReplay && flags.replay) renameSync(tmpReplay, flags.replay);
      } catch (err) {
        if (err instanceof PluginError) throw new CommandFailure(`${err.message}; replay it with --seed ${flags.seed}`);
        if (isDiskFull(err)) throw new CommandFailure(diskFullLine(err, dirname(path.resolve(flags.log ?? flags.replay ?? '.')), 'nothing was written', false));
        throw err;
      } finally {
        // No temporary file is left behind, whatever failed.
        if (logFd !== null) closeSync(logFd);
        if (tmpLog) removeIfPresent(tmpLog);
        if (tmpReplay) removeIfPresent(tmpReplay);
      }
      const { result, out } = played;
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      if (out.length > 0) process.stdout.write(`${out.join('\n')}\n\n`);
      process.stdout.write(`${describeResult(result)}\n`);
      if (flags.replay) process.stdout.write(`wrote ${flags.replay}\n`);
    });
}
