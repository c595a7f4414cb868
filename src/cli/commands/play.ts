import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { loadRoster, type Roster } from '../../army/index.js';
import { expandStrongest, getPolicy, loadPlugin, resolvePolicySpec, type Policy } from '../../bots/index.js';
import { playGame, type PlayGameOptions } from '../../engine/index.js';
import { describeResult, narrate } from '../../engine/narrate.js';
import type { GameEvent } from '../../engine/types.js';
import { InputError } from '../../errors.js';
import { checkOutputFile, makeOutputDir, removeIfPresent } from '../../data/outputs.js';
import { DEFAULT_RULESET, loadRuleset } from '../../rules/index.js';
import { getScenario } from '../../scenarios/index.js';
import { deploymentAreaError } from '../../scenarios/checks.js';
import type { ControlRule } from '../../scenarios/types.js';

const CONTROL_RULES: ControlRule[] = ['first-blood', 'conquest-stands', 'steamroller'];

interface PlayFlags {
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
}

/** A policy from its spec; a plugin path is relative to the current directory. */
async function policyFrom(spec: string): Promise<Policy> {
  const written = expandStrongest(spec);
  const resolved = resolvePolicySpec(written, process.cwd());
  if (resolved !== written) await loadPlugin(resolved);
  return getPolicy(resolved);
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
    .option('--ruleset <file>', 'ruleset file overriding the rulings\' defaults')
    .option('--log <file>', 'write every event as JSON lines to this file')
    .option('--narrate', "print the game line by line, with the bots' reasons (lines starting ~)")
    .option('--json', 'print the result as JSON')
    .option('--replay <file>', 'write a replay page (HTML) to step through the game on its table')
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
      const control = flags.control;
      if (control !== undefined && !CONTROL_RULES.includes(control as ControlRule)) {
        throw new InputError(`--control: expected one of ${CONTROL_RULES.join(', ')}, got "${control}"`);
      }
      const scenario = getScenario(flags.scenario);
      const ruleset = flags.ruleset ? loadRuleset(flags.ruleset) : DEFAULT_RULESET;
      const armies: [Roster, Roster] = [loadRoster(flags.armyA, ruleset), loadRoster(flags.armyB, ruleset)];
      const tooSmall = ([0, 1] as const).map((p) => deploymentAreaError(scenario, p, armies[p])).filter((e) => e !== null);
      if (tooSmall.length > 0) throw new InputError(tooSmall);
      const policies: [Policy, Policy] = [await policyFrom(flags.policyA), await policyFrom(flags.policyB)];

      const out: string[] = [];
      let logFd: number | null = null;
      const tmpLog = flags.log !== undefined ? `${flags.log}.tmp-${process.pid}` : null;
      if (tmpLog) {
        makeOutputDir(dirname(tmpLog));
        logFd = openSync(tmpLog, 'w');
      }
      const listeners: ((e: GameEvent) => void)[] = [];
      if (flags.narrate) {
        listeners.push((e) => {
          const line = narrate(e);
          if (line !== null && e.type !== 'gameEnd') out.push(line);
        });
      }
      if (logFd !== null) {
        const fd = logFd;
        listeners.push((e) => writeSync(fd, `${JSON.stringify(e)}\n`));
      }
      const gameOpts: PlayGameOptions = {
        armies,
        scenario,
        control: (control as ControlRule | undefined) ?? scenario.control,
        ruleset,
        seed: flags.seed,
        policies,
        onEvent: listeners.length > 0 ? (e) => listeners.forEach((l) => l(e)) : undefined,
        // A bot's reason for its decision, after the events of the decision before it.
        onReason: flags.narrate ? (_p, reason) => out.push(`    ~ ${reason}`) : undefined,
      };
      let result;
      const tmpReplay = flags.replay ? `${flags.replay}.tmp-${process.pid}` : null;
      try {
        if (flags.replay && tmpReplay) {
          // The same game as without --replay: recordReplay plays it through playGame with a listener.
          const { recordReplay, replayHtml } = await import('../../report/replay.js');
          const r = recordReplay(gameOpts);
          result = r.result;
          writeFileSync(tmpReplay, replayHtml(r.replay));
          renameSync(tmpReplay, flags.replay);
        } else {
          result = playGame(gameOpts);
        }
        if (logFd !== null && tmpLog && flags.log !== undefined) {
          closeSync(logFd);
          logFd = null;
          renameSync(tmpLog, flags.log);
        }
      } finally {
        // No temporary file is left behind, whatever failed (issue 14).
        if (logFd !== null) closeSync(logFd);
        if (tmpLog) removeIfPresent(tmpLog);
        if (tmpReplay) removeIfPresent(tmpReplay);
      }
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      if (out.length > 0) process.stdout.write(`${out.join('\n')}\n\n`);
      process.stdout.write(`${describeResult(result)}\n`);
      if (flags.replay) process.stdout.write(`wrote ${flags.replay}\n`);
    });
}
