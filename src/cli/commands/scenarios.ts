import { dirname } from 'node:path';
import type { Command } from 'commander';
import { createRng } from '../../dice/rng.js';
import { InputError } from '../../errors.js';
import { checkOutputFile, makeOutputDir, writeFileAtomically } from '../../data/outputs.js';
import { DEFAULT_RULESET } from '../../rules/ruleset.js';
import { describeScenario, generateTerrain, getScenario, listScenarios, scenarioSvg } from '../../scenarios/index.js';

/** `skirmish scenarios` and `skirmish scenario show NAME`. */
export function register(program: Command): void {
  program
    .command('scenarios')
    .description('list the built-in scenarios')
    .addHelpText('after', '\nExample:\n  $ skirmish scenarios\n')
    .action(() => {
      const rows = listScenarios().map((s) => [
        s.id,
        s.name,
        String(s.rounds),
        s.vpThreshold === null ? '-' : String(s.vpThreshold),
        String(s.objectiveZones.length),
        String(s.objectiveMarkers.length),
        String(s.capturePoints.length),
      ]);
      process.stdout.write(table(['id', 'name', 'rounds', 'VP threshold', 'zones', 'markers', 'points'], rows));
    });

  const scenario = program.command('scenario').description('inspect one scenario');
  scenario
    .command('show')
    .description('print a scenario summary; --svg draws the table')
    .argument('<name>', 'a built-in scenario id or a path to a scenario .json file')
    .option('--svg <file>', 'write the table as SVG to this file')
    .option('--seed <seed>', 'seed for the generated terrain', '1')
    .addHelpText('after', '\nExamples:\n  $ skirmish scenario show raid\n  $ skirmish scenario show raid --svg raid.svg --seed 7\n  $ skirmish scenario show sims/scenarios/my-scenario.json\n')
    .action((name: string, opts: { svg?: string; seed: string }) => {
      if (opts.svg !== undefined) checkOutputFile('--svg', opts.svg);
      const s = getScenario(name);
      const ruleset = DEFAULT_RULESET;
      const terrain = generateTerrain({ scenario: s, rng: createRng(`terrain:${opts.seed}`), ruleset });
      process.stdout.write(`${describeScenario(s, terrain)}\n`);
      if (opts.svg !== undefined) {
        const svg = scenarioSvg({ scenario: s, terrain, ruleset });
        try {
          makeOutputDir(dirname(opts.svg));
          writeFileAtomically(opts.svg, svg);
        } catch (err) {
          throw new InputError(`--svg ${opts.svg}: cannot write (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
        }
        process.stdout.write(`wrote ${opts.svg}\n`);
      }
    });
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n') + '\n';
}
