import path from 'node:path';
import type { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../../errors.js';
import { checkOutputFile, isDiskFull, makeOutputDir, writeFileAtomically } from '../../data/outputs.js';
import { CommandFailure, diskFullLine } from '../batch.js';
import { registerCheck } from './diceCheck.js';
import {
  compileAttack,
  createRng,
  expectedWounds,
  regimentOutcome,
  regimentWoundDistribution,
  rollRegiment,
  seededDice,
  woundDistribution,
  type AttackOptions,
  type FaceRule,
  type TargetOutcome,
} from '../../dice/index.js';

/** Flag limits: generous for real profiles, small enough for the exact method. */
const MAX_DICE = 30;
const MAX_BLOCK = 20;
const MAX_MC = 100_000_000;
const MAX_WARRIORS = 20;

function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new InputError(`${flag}: expected a whole number ${min}..${max}, got ${raw}`);
  return n;
}

function optionalNumber(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  return raw === undefined ? undefined : wholeNumber(flag, raw, min, max);
}

/** "1,2" → face rules (R16). A face listed twice makes two rules (two extra dice; a re-roll still happens once). */
function faceRules(flag: string, raw: string | undefined, on: 'attack' | 'block', effect: FaceRule['effect']): FaceRule[] {
  if (raw === undefined) return [];
  return raw.split(',').map((part) => {
    const t = part.trim();
    if (!/^[1-6]$/.test(t)) throw new InputError(`${flag}: expected die faces 1..6 separated by commas (e.g. 1,2), got "${raw}"`);
    return { on, face: Number(t) as FaceRule['face'], effect };
  });
}

/** "a..b" or "n" → [a, …, b]. */
function range(flag: string, raw: string, min: number, max: number): number[] {
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(raw);
  if (!m) throw new InputError(`${flag}: expected a whole number or a range a..b within ${min}..${max}, got "${raw}"`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (a < min || b > max || a > b) throw new InputError(`${flag}: expected a range a..b with ${min} ≤ a ≤ b ≤ ${max}, got "${raw}"`);
  const out: number[] = [];
  for (let x = a; x <= b; x++) out.push(x);
  return out;
}

/** Library RangeErrors (e.g. too large for the exact method) are the user's to fix. */
function asInput<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof RangeError) throw new InputError(err.message);
    throw err;
  }
}

/** The face-rule and modifier flags `dice attack` and `dice table` share. */
interface RuleFlags {
  rerollAttack?: string;
  extraAttack?: string;
  rerollBlock?: string;
  extraBlock?: string;
  outnumbered?: boolean;
  inspired?: boolean;
}

interface AttackFlags extends RuleFlags {
  attacks?: string;
  clash?: string;
  barrage?: string;
  volley?: string;
  aimed?: boolean;
  defense?: string;
  evasion?: string;
  blockWith: string;
  obscured?: boolean;
  wounds?: string;
  resolve?: string;
  markers?: string;
  broken?: boolean;
  overkill: boolean;
  warriors?: string;
  mc?: string;
  seed?: string;
  json?: boolean;
}

interface Parsed {
  action: 'clash' | 'volley';
  opts: AttackOptions;
  blockWith: 'defense' | 'evasion';
  /** How many warriors of this profile attack the target in turn (regiment odds). */
  warriors: number;
  target?: { wounds: number; resolve: number; markers: number; broken: boolean; overkill: boolean };
  mc?: { samples: number; seed: string };
}

function parseAttack(f: AttackFlags): Parsed {
  const clash = f.attacks !== undefined || f.clash !== undefined;
  const volley = f.barrage !== undefined || f.volley !== undefined || f.aimed === true;
  if (clash && volley) throw new InputError('use --attacks/--clash (a Clash) or --barrage/--volley (a Volley), not both');
  if (!clash && !volley) throw new InputError('give --attacks and --clash (a Clash) or --barrage and --volley (a Volley)');
  let dice: number;
  let hitCap: number;
  if (clash) {
    if (f.attacks === undefined) throw new InputError('--clash needs --attacks (the attack dice)');
    if (f.clash === undefined) throw new InputError('--attacks needs --clash (the most hits)');
    dice = wholeNumber('--attacks', f.attacks, 0, MAX_DICE);
    hitCap = wholeNumber('--clash', f.clash, 0, MAX_DICE);
    if (f.obscured) throw new InputError('--obscured applies to Volleys only (R22); use --barrage/--volley');
  } else {
    if (f.barrage === undefined) throw new InputError('--volley needs --barrage (the barrage dice)');
    if (f.volley === undefined) throw new InputError('--barrage needs --volley (the most hits)');
    dice = wholeNumber('--barrage', f.barrage, 0, MAX_DICE);
    hitCap = wholeNumber('--volley', f.volley, 0, MAX_DICE);
    if (f.inspired) throw new InputError('--inspired applies to Clash actions only (R14); use --attacks/--clash');
    if (f.outnumbered) throw new InputError('--outnumbered applies to Clash actions only (R13); use --attacks/--clash');
  }
  const defense = optionalNumber('--defense', f.defense, 0, MAX_BLOCK);
  const evasion = optionalNumber('--evasion', f.evasion, 0, MAX_BLOCK);
  if (defense === undefined && evasion === undefined) throw new InputError('give --defense and/or --evasion (the block dice)');
  if (!['larger', 'defense', 'evasion'].includes(f.blockWith)) {
    throw new InputError(`--block-with: expected larger, defense or evasion, got "${f.blockWith}"`);
  }
  // R8: the defender rolls Defense or Evasion, by default the larger.
  let blockWith: 'defense' | 'evasion';
  if (f.blockWith === 'defense' || f.blockWith === 'evasion') {
    blockWith = f.blockWith;
    if ((blockWith === 'defense' ? defense : evasion) === undefined) throw new InputError(`--block-with ${blockWith} needs --${blockWith}`);
  } else {
    blockWith = (evasion ?? -1) > (defense ?? -1) ? 'evasion' : 'defense';
  }
  const blockDice = (blockWith === 'defense' ? defense : evasion)!;
  const opts: AttackOptions = {
    dice,
    hitCap,
    blockDice,
    attackRules: [...faceRules('--reroll-attack', f.rerollAttack, 'attack', 'reroll'), ...faceRules('--extra-attack', f.extraAttack, 'attack', 'extraAttack')],
    blockRules: [...faceRules('--reroll-block', f.rerollBlock, 'block', 'reroll'), ...faceRules('--extra-block', f.extraBlock, 'block', 'extraBlock')],
    outnumbered: f.outnumbered === true,
    inspired: f.inspired === true,
    aimed: f.aimed === true,
    obscured: f.obscured === true,
  };
  const warriors = optionalNumber('--warriors', f.warriors, 1, MAX_WARRIORS) ?? 1;
  const parsed: Parsed = { action: clash ? 'clash' : 'volley', opts, blockWith, warriors };
  if (f.wounds !== undefined || f.resolve !== undefined) {
    if (f.wounds === undefined) throw new InputError('--resolve needs --wounds');
    if (f.resolve === undefined) throw new InputError('--wounds needs --resolve');
    const wounds = wholeNumber('--wounds', f.wounds, 1, 50);
    const resolve = wholeNumber('--resolve', f.resolve, 0, 20);
    const markers = optionalNumber('--markers', f.markers, 0, wounds - 1) ?? 0;
    parsed.target = { wounds, resolve, markers, broken: f.broken === true, overkill: f.overkill };
  } else if (f.markers !== undefined || f.broken || !f.overkill) {
    throw new InputError('--markers, --broken and --no-overkill describe the target: give --wounds and --resolve too');
  }
  if (f.mc !== undefined) {
    parsed.mc = { samples: wholeNumber('--mc', f.mc, 1, MAX_MC), seed: f.seed ?? '1' };
  } else if (f.seed !== undefined) {
    throw new InputError('--seed is for Monte Carlo: give --mc N too');
  }
  return parsed;
}

interface McResult {
  samples: number;
  seed: string;
  distribution: number[];
  se: number[];
  mean: number;
  meanSe: number;
  target?: TargetOutcome & { se: TargetOutcome };
}

/**
 * Seeded Monte Carlo with the engine's own hot path: each sample is one
 * rollRegiment, the whole sequence of `warriors` attacks with the target's
 * markers and Broken! carried over as regimentOutcome defines.
 */
function monteCarlo(p: Parsed, length: number): McResult {
  const { samples, seed } = p.mc!;
  const dice = seededDice(createRng(seed));
  const compiled = compileAttack(p.opts);
  const counts = new Array<number>(length).fill(0);
  const fate = { slain: 0, broken: 0, unharmed: 0, woundedOnly: 0 };
  const t = p.target;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < samples; i++) {
    const { wounds: total, fate: outcome } = rollRegiment(dice, compiled, p.warriors, t);
    while (counts.length <= total) counts.push(0);
    counts[total]++;
    sum += total;
    sumSq += total * total;
    if (outcome !== null) fate[outcome]++;
  }
  const prop = (c: number) => c / samples;
  const se = (c: number) => Math.sqrt((prop(c) * (1 - prop(c))) / samples);
  const mean = sum / samples;
  const variance = samples > 1 ? (sumSq - samples * mean * mean) / (samples - 1) : 0;
  const out: McResult = {
    samples,
    seed,
    distribution: counts.map(prop),
    se: counts.map(se),
    mean,
    meanSe: Math.sqrt(Math.max(0, variance) / samples),
  };
  if (t) {
    out.target = {
      slain: prop(fate.slain),
      broken: prop(fate.broken),
      unharmed: prop(fate.unharmed),
      woundedOnly: prop(fate.woundedOnly),
      se: { slain: se(fate.slain), broken: se(fate.broken), unharmed: se(fate.unharmed), woundedOnly: se(fate.woundedOnly) },
    };
  }
  return out;
}

function describe(p: Parsed): string {
  const o = p.opts;
  const parts = p.action === 'clash' ? [`Clash: ${o.dice} attack dice, Clash ${o.hitCap}`] : [`Volley: ${o.dice} barrage dice, Volley ${o.hitCap}`];
  const mods: string[] = [];
  if (o.outnumbered) mods.push('Outnumbered +1 die');
  if (o.aimed) mods.push('Aimed! +1 die');
  if (o.inspired) mods.push('Inspired! (re-roll 6s)');
  for (const r of o.attackRules ?? []) mods.push(r.effect === 'reroll' ? `re-roll ${r.face}s` : `extra attack on ${r.face}`);
  if (mods.length) parts.push(`(${mods.join(', ')})`);
  const blockMods: string[] = [];
  if (o.obscured) blockMods.push('Obscured +1 die');
  for (const r of o.blockRules ?? []) blockMods.push(r.effect === 'reroll' ? `re-roll ${r.face}s` : `extra block on ${r.face}`);
  parts.push(`against ${p.blockWith === 'defense' ? 'Defense' : 'Evasion'} ${o.blockDice}`);
  if (blockMods.length) parts.push(`(${blockMods.join(', ')})`);
  if (p.warriors > 1) parts.push(`\n${p.warriors} warriors attack in turn: total wounds; the target's Resolve tests in order (markers carry over)`);
  return parts.join(' ');
}

const f4 = (x: number) => x.toFixed(4);

function runAttack(flags: AttackFlags): void {
  const p = parseAttack(flags);
  // With --mc, an attack too large for the exact method still gets its Monte Carlo estimate.
  let exact: { distribution: number[]; atLeast: number[]; mean: number; target?: TargetOutcome } | null = null;
  let exactError: string | null = null;
  try {
    const regiment = { attack: p.opts, warriors: p.warriors };
    const distribution = regimentWoundDistribution(regiment);
    exact = {
      distribution,
      atLeast: distribution.map((_, k) => distribution.slice(k).reduce((a, b) => a + b, 0)),
      mean: distribution.reduce((a, pk, k) => a + k * pk, 0),
      target: p.target ? regimentOutcome({ ...regiment, target: p.target }) : undefined,
    };
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    if (!p.mc) throw new InputError(`${err.message}; add --mc N for a Monte Carlo estimate`);
    exactError = err.message;
  }
  const mc = p.mc ? monteCarlo(p, exact ? exact.distribution.length : 1) : undefined;

  if (flags.json) {
    const out = {
      action: p.action,
      options: p.opts,
      blockWith: p.blockWith,
      warriors: p.warriors,
      // null when the exact method could not run (see exactError); mc holds the estimate.
      distribution: exact?.distribution ?? null,
      atLeast: exact?.atLeast ?? null,
      mean: exact?.mean ?? null,
      ...(exactError ? { exactError } : {}),
      ...(p.target ? { target: { ...p.target, outcome: exact?.target ?? null } } : {}),
      ...(mc ? { mc } : {}),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }

  const lines: string[] = [describe(p)];
  if (exactError) lines.push(`exact: ${exactError}; Monte Carlo only`);
  const head = ['wounds'];
  if (exact) head.push('P(=k)', 'P(>=k)');
  if (mc) head.push('MC P(=k)', '± se');
  const length = Math.max(exact?.distribution.length ?? 0, mc?.distribution.length ?? 0);
  const rows: string[][] = [];
  for (let k = 0; k < length; k++) {
    const row = [String(k)];
    if (exact) row.push(f4(exact.distribution[k] ?? 0), f4(exact.atLeast[k] ?? 0));
    if (mc) row.push(f4(mc.distribution[k] ?? 0), f4(mc.se[k] ?? 0));
    rows.push(row);
  }
  lines.push(...table([head, ...rows]));
  const mcMean = mc ? `Monte Carlo ${f4(mc.mean)} ± ${f4(mc.meanSe)} (${mc.samples} samples, seed ${mc.seed})` : '';
  lines.push(exact ? `mean wounds ${f4(exact.mean)}${mc ? `   ${mcMean}` : ''}` : `mean wounds ${mcMean}`);
  if (p.target) {
    const t = p.target;
    lines.push('');
    lines.push(`target: Wounds ${t.wounds}, Resolve ${t.resolve}, ${t.markers} marker${t.markers === 1 ? '' : 's'}${t.broken ? ', Broken!' : ''}${t.overkill ? '' : ', no Overkill'}`);
    const keys: (keyof TargetOutcome)[] = ['slain', 'broken', 'woundedOnly', 'unharmed'];
    const names = { slain: 'slain', broken: 'Broken! (passed Resolve)', woundedOnly: 'wounded only', unharmed: 'unharmed' };
    const headRow = ['outcome'];
    if (exact?.target) headRow.push('P');
    if (mc?.target) headRow.push('MC P', '± se');
    lines.push(
      ...table([
        headRow,
        ...keys.map((k) => {
          const row = [names[k]];
          if (exact?.target) row.push(f4(exact.target[k]));
          if (mc?.target) row.push(f4(mc.target[k]), f4(mc.target.se[k]));
          return row;
        }),
      ]),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Right-aligned columns, first column left-aligned. */
function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}

interface TableFlags extends RuleFlags {
  attacks: string;
  clash: string;
  defense: string;
  csv?: string;
}

function runTable(flags: TableFlags): void {
  if (flags.csv !== undefined) checkOutputFile('--csv', flags.csv);
  const attacks = range('--attacks', flags.attacks, 0, MAX_DICE);
  const clash = range('--clash', flags.clash, 0, MAX_DICE);
  const defense = range('--defense', flags.defense, 0, MAX_BLOCK);
  const attackRules = [...faceRules('--reroll-attack', flags.rerollAttack, 'attack', 'reroll'), ...faceRules('--extra-attack', flags.extraAttack, 'attack', 'extraAttack')];
  const blockRules = [...faceRules('--reroll-block', flags.rerollBlock, 'block', 'reroll'), ...faceRules('--extra-block', flags.extraBlock, 'block', 'extraBlock')];
  const rows: { attacks: number; clash: number; defense: number; expectedWounds: number; pAtLeast1: number }[] = [];
  for (const a of attacks)
    for (const c of clash)
      for (const d of defense) {
        const opts: AttackOptions = {
          dice: a,
          hitCap: c,
          blockDice: d,
          attackRules,
          blockRules,
          outnumbered: flags.outnumbered === true,
          inspired: flags.inspired === true,
        };
        const dist = asInput(() => woundDistribution(opts));
        rows.push({ attacks: a, clash: c, defense: d, expectedWounds: expectedWounds(opts), pAtLeast1: 1 - dist[0] });
      }
  if (flags.csv !== undefined) {
    const csv = stringify(
      rows.map((r) => [r.attacks, r.clash, r.defense, r.expectedWounds.toFixed(6), r.pAtLeast1.toFixed(6)]),
      { header: true, columns: ['attacks', 'clash', 'defense', 'expected_wounds', 'p_at_least_1_wound'] },
    );
    writeCsv(flags.csv, csv);
    process.stdout.write(`wrote ${rows.length} rows to ${flags.csv}\n`);
    return;
  }
  const out = table([['attacks', 'clash', 'defense', 'E[wounds]', 'P(>=1)'], ...rows.map((r) => [String(r.attacks), String(r.clash), String(r.defense), f4(r.expectedWounds), f4(r.pAtLeast1)])]);
  process.stdout.write(`${out.join('\n')}\n`);
}

/**
 * DESIGN.md, Errors: write to a temporary name beside, then rename, so a
 * reader never sees half a file; missing folders are made, as --log does;
 * a full disk is the one disk-full line.
 */
function writeCsv(file: string, text: string): void {
  try {
    makeOutputDir(path.dirname(path.resolve(file)));
    writeFileAtomically(file, text);
  } catch (err) {
    if (isDiskFull(err)) throw new CommandFailure(diskFullLine(err, path.dirname(path.resolve(file)), 'nothing was written', false));
    throw new InputError(`--csv ${file}: cannot write (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

const ATTACK_EXAMPLES = `
Examples:
  skirmish dice --attacks 4 --clash 2 --defense 3
  skirmish dice --attacks 5 --clash 2 --defense 2 --extra-attack 1 --reroll-attack 1 --wounds 3 --resolve 2
  skirmish dice --barrage 3 --volley 2 --aimed --evasion 1 --defense 3 --obscured --mc 100000 --seed 7 --json
  skirmish dice --attacks 3 --clash 3 --extra-attack 1 --warriors 4 --defense 2 --wounds 4 --resolve 2
  skirmish dice table --attacks 1..10 --clash 1..5 --defense 0..6 --csv reports/dice-table.csv`;

export function register(program: Command): void {
  const dice = program.command('dice').description('exact wound distributions of the Attack Sequence (R6–R16), with optional Monte Carlo check');

  const attack = dice
    .command('attack', { isDefault: true })
    .description('P(k wounds) for one Clash or Volley (the default: "skirmish dice --attacks ..." runs this)')
    .option('--attacks <n>', 'Clash: attack dice (Attacks characteristic)')
    .option('--clash <n>', 'Clash: most hits (Clash characteristic)')
    .option('--barrage <n>', 'Volley: barrage dice')
    .option('--volley <n>', 'Volley: most hits (Volley characteristic)')
    .option('--aimed', 'Volley: Aimed! +1 barrage die (R15)')
    .option('--defense <n>', "target's Defense")
    .option('--evasion <n>', "target's Evasion")
    .option('--block-with <which>', 'larger, defense or evasion (R8)', 'larger')
    .option('--reroll-attack <faces>', 're-roll attack dice showing these faces, e.g. 1 (Parry) (R16)')
    .option('--extra-attack <faces>', 'one extra attack die per listed face, e.g. 1 (Relentless Blows) (R16)')
    .option('--reroll-block <faces>', 're-roll block dice showing these faces')
    .option('--extra-block <faces>', 'one extra block die per listed face')
    .option('--outnumbered', 'Clash: the target is Outnumbered, +1 attack die (R13)')
    .option('--inspired', 'Clash: Inspired!, re-roll attack 6s (R14)')
    .option('--obscured', 'Volley: the target is Obscured, +1 block die (R22)')
    .option('--wounds <n>', "target's Wounds: also show slain / Broken! odds")
    .option('--resolve <n>', "target's Resolve")
    .option('--markers <n>', 'Wound markers already on the target')
    .option('--broken', 'the target is already Broken! (fails every Resolve test, R11)')
    .option('--no-overkill', 'no Overkill Resolve penalty (R10)')
    .option('--warriors <n>', `N warriors of this profile attack the target in turn (1..${MAX_WARRIORS}): total wounds, and the target's fate`)
    .option('--mc <n>', 'also run n seeded Monte Carlo attacks')
    .option('--seed <s>', 'Monte Carlo seed (default 1)')
    .option('--json', 'print JSON: distribution[k] = P(exactly k wounds), mean, …')
    .addHelpText('after', ATTACK_EXAMPLES)
    .action((flags: AttackFlags) => runAttack(flags));

  dice
    .command('table')
    .description('expected wounds and P(at least 1 wound) for every combination of ranges')
    .requiredOption('--attacks <range>', 'attack dice, a..b or n')
    .requiredOption('--clash <range>', 'Clash, a..b or n')
    .requiredOption('--defense <range>', 'Defense (or Evasion), a..b or n')
    .option('--reroll-attack <faces>', 're-roll attack dice showing these faces')
    .option('--extra-attack <faces>', 'one extra attack die per listed face')
    .option('--reroll-block <faces>', 're-roll block dice showing these faces')
    .option('--extra-block <faces>', 'one extra block die per listed face')
    .option('--outnumbered', '+1 attack die (R13)')
    .option('--inspired', 're-roll attack 6s (R14)')
    .option('--csv <file>', 'write CSV to this file instead of printing a table')
    .addHelpText(
      'after',
      `
The same figures hold for Volleys: read attacks as Barrage, clash as Volley, defense as Evasion.

Example:
  skirmish dice table --attacks 1..10 --clash 1..5 --defense 0..6 --csv reports/dice-table.csv`,
    )
    .action((flags: TableFlags) => runTable(flags));

  registerCheck(dice);

  dice.addHelpText('after', () => `\nThe default command, attack:\n\n${attack.helpInformation()}${ATTACK_EXAMPLES}`);
}
