import type { Command } from 'commander';
import { armyBreakdown } from '../../army/index.js';
import { DEFAULT_RULESET, type Ruleset } from '../../rules/ruleset.js';
import { loadRuleset } from '../../rules/schema.js';
import { seizingWeight } from '../../rules/seizing.js';

/** The `army` command's table: one row a regiment with its priced items, model count and seizing weight (R24). */
export function formatArmy(armyFile: string, ruleset: Ruleset): string {
  const { roster, faction, regiments } = armyBreakdown(armyFile, ruleset);
  // [label, models, seize, points]; item rows leave models and seize blank.
  const rows: [string, string, string, string][] = [['regiment', 'models', 'seize', 'points']];
  const num = (n: number) => String(Math.round(n * 100) / 100);
  let models = 0;
  let weight = 0;
  regiments.forEach((line, i) => {
    const reg = roster.regiments[i];
    // R24: the regiment's seizing weight, each warrior by its role, class and kind.
    let w = 0;
    for (const warrior of reg.warriors) w += seizingWeight({ role: reg.role, class: reg.class, kind: warrior.kind }, ruleset);
    models += line.models;
    weight += w;
    const what = line.isCharacterRegiment ? 'Character Regiment' : `${line.class} ${line.role}`;
    const flank = line.reinforcement ? ', Flank: starts in Reinforcements' : '';
    rows.push([`${line.path}: ${line.entry} (${what}${flank})`, num(line.models), num(w), num(line.points)]);
    for (const item of line.items) rows.push([`    ${item.what}`, '', '', `(${num(item.points)})`]);
  });
  rows.push(['total', num(models), num(weight), num(roster.points)]);
  const width = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length)));
  const out = [`${roster.name}: ${faction.name} (${roster.faction}), ${roster.points}/${roster.pointsLimit} points`, ''];
  rows.forEach((r, k) => {
    if (k === rows.length - 1) out.push('');
    out.push([r[0].padEnd(width[0]), ...[1, 2, 3].map((c) => r[c].padStart(Math.max(width[c], 6)))].join('  ').trimEnd());
  });
  out.push(`points limit ${roster.pointsLimit}: ${roster.pointsLimit - roster.points} unspent`);
  return out.join('\n');
}

export function register(program: Command): void {
  program
    .command('army')
    .description('show an army list: points per entry, model counts, seizing weight per regiment (R24), total')
    .argument('<army>', 'army list JSON file')
    .option('--ruleset <file>', 'ruleset file whose knobs apply (seizing weights, default sizes)')
    .addHelpText(
      'after',
      `
Seizing weight is the regiment's total under the First Blood control rule (R24).

Example:
  $ skirmish army sims/armies/ironbound-800.json`,
    )
    .action((file: string, opts: { ruleset?: string }) => {
      const ruleset = opts.ruleset ? loadRuleset(opts.ruleset) : DEFAULT_RULESET;
      process.stdout.write(`${formatArmy(file, ruleset)}\n`);
    });
}
