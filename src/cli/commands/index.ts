import type { Command } from 'commander';
import { register as registerDice } from './dice.js';
import { register as registerValidate } from './validate.js';
import { register as registerArmy } from './army.js';
import { register as registerScenarios } from './scenarios.js';
import { register as registerRun } from './run.js';
import { register as registerMerge } from './merge.js';
import { register as registerPlay } from './play.js';
import { register as registerCampaign } from './campaign.js';
import { register as registerTournament } from './tournament.js';
import { register as registerReport } from './report.js';
import { register as registerBalance } from './balance.js';

/**
 * One file per command under src/cli/commands; each exports
 * `register(program)`. Add a command by adding its line here.
 */
export function registerCommands(program: Command): void {
  void program;
  registerDice(program);
  registerValidate(program);
  registerArmy(program);
  registerScenarios(program);
  registerRun(program);
  registerRun(program, 'sweep');
  registerMerge(program);
  registerPlay(program);
  registerCampaign(program);
  registerTournament(program);
  registerReport(program);
  registerBalance(program);
}
