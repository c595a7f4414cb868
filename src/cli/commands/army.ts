import path from 'node:path';
import type { Command } from 'commander';
import { armyBreakdown, buildFaction, randomArmy, readJsonFile, withFactionFile, type ArmyFile } from '../../army/index.js';
import { BOUNDS } from '../../data/bounds.js';
import { checkOutputFile, isDiskFull, makeOutputDir, writeFileAtomically } from '../../data/outputs.js';
import { InputError } from '../../errors.js';
import { CommandFailure, wholeNumber } from '../batch.js';
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

/**
 * `army random`: a random legal list of the faction file as JSON. Printed,
 * it reads as if written in the current folder; with `out`, it names its
 * faction file relative to that file's folder (unless it is the default
 * `../factions/<id>.json`).
 */
export function randomArmyText(opts: { factionFile: string; points: string; seed: string; out?: string }): string {
  const { min, max } = BOUNDS.pointsLimit;
  const points = wholeNumber('--points', opts.points, min, max);
  if (opts.seed === '') throw new InputError('--seed: expected a seed (any text), got an empty string');
  const json = readJsonFile(opts.factionFile);
  const kind = (json as { kind?: unknown } | null)?.kind;
  if (kind !== 'faction') {
    throw new InputError(`${opts.factionFile}: kind: expected "faction" (a faction file, e.g. sims/factions/ironbound.json), got ${JSON.stringify(kind ?? null)}`);
  }
  const built = buildFaction(json, opts.factionFile);
  if (!built.faction) throw new InputError(built.errors);
  const army = randomArmy({ faction: built.faction, points, seed: opts.seed });
  const armyFile = opts.out ?? path.join(process.cwd(), 'list.json');
  return armyJsonText(withFactionFile(army, { factionFile: opts.factionFile, armyFile }));
}

/** An army list as the sample lists are written: a field a line, a regiment a line. */
export function armyJsonText(army: ArmyFile): string {
  const lines = Object.entries(army).map(([key, value]) => {
    if (key !== 'regiments') return `  ${JSON.stringify(key)}: ${compact(value)}`;
    const regs = (value as ArmyFile['regiments']).map((r) => `    ${compact(r)}`);
    return regs.length === 0 ? '  "regiments": []' : `  "regiments": [\n${regs.join(',\n')}\n  ]`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** JSON on one line with a space after each comma and colon, as the sample files are written. */
function compact(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${compact(v)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value);
}

export function register(program: Command): void {
  const army = program
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
  army
    .command('random')
    .description('a random legal army list of a faction, near its points limit, as army-list JSON')
    .argument('<faction>', 'faction JSON file (e.g. sims/factions/ironbound.json)')
    .requiredOption('--points <n>', "the list's points limit")
    .requiredOption('--seed <text>', 'names the list: the same faction, points and seed give the same list')
    .option('--out <file>', 'write the list to this file instead of printing it')
    .addHelpText(
      'after',
      `
Every choice is drawn at random within the composition rules (the character,
a retinue and its size, which regiments and how many of each, their models,
Leader, officers and upgrades), then models and regiments are added at random
while one fits: no model and no regiment more fits in the limit. The list is
named <faction id>-<points>-r<seed>.

Example:
  $ skirmish army random sims/factions/ironbound.json --points 400 --seed 7 --out sims/armies/ironbound-400-r7.json
  $ skirmish army sims/armies/ironbound-400-r7.json`,
    )
    .action((factionFile: string, opts: { points: string; seed: string; out?: string }) => {
      if (opts.out !== undefined) checkOutputFile('--out', opts.out);
      const text = randomArmyText({ factionFile, ...opts });
      if (opts.out === undefined) {
        process.stdout.write(text);
        return;
      }
      try {
        makeOutputDir(path.dirname(path.resolve(opts.out)));
        writeFileAtomically(opts.out, text);
      } catch (err) {
        if (isDiskFull(err)) throw new CommandFailure(`--out ${opts.out}: the disk is full; nothing was written`);
        throw new InputError(`--out ${opts.out}: cannot write (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
    });
}
