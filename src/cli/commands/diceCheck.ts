import path from 'node:path';
import type { Command } from 'commander';
import { inputFileProblem, readJsonFile, type ValidationResult } from '../../data/json.js';
import { formatPath, InputError } from '../../errors.js';
import type { SpecialRule } from '../../rules/index.js';
import { checkProperty, compilePropertyFile, type CompiledProperty, type Point, type PropertyResult } from '../../dice/index.js';

/**
 * Builds a property file's properties: the special rules of its `factions`
 * (files relative to it) are loaded first, so the properties may name them.
 */
export async function buildPropertyFile(json: unknown, file: string): Promise<{ properties: CompiledProperty[]; errors: string[] }> {
  const errors: string[] = [];
  const rules: Record<string, SpecialRule> = {};
  const factions = (json as { factions?: unknown } | null)?.factions;
  if (Array.isArray(factions) && factions.length > 0) {
    const { loadFaction } = await import('../../army/index.js');
    const owner: Record<string, number> = {};
    factions.forEach((ref, i) => {
      if (typeof ref !== 'string' || ref === '') return; // the schema reports it
      const at = `${file}: ${formatPath(['factions', i])}`;
      const resolved = path.resolve(path.dirname(path.resolve(file)), ref);
      const problem = inputFileProblem(resolved);
      if (problem) {
        errors.push(`${at}: expected a faction file relative to this file, ${resolved}: ${problem}`);
        return;
      }
      try {
        for (const [name, rule] of Object.entries(loadFaction(resolved).specialRules)) {
          if (Object.hasOwn(owner, name) && JSON.stringify(rules[name]) !== JSON.stringify(rule)) {
            errors.push(`${at}: special rule "${name}" is also defined, differently, by factions[${owner[name]}]`);
          }
          owner[name] = i;
          rules[name] = rule;
        }
      } catch (err) {
        if (err instanceof InputError) errors.push(...err.lines);
        else throw err;
      }
    });
  }
  if (errors.length > 0) return { properties: [], errors };
  return compilePropertyFile(json, file, rules);
}

/** `skirmish validate` for `"kind": "properties"`. */
export async function validatePropertiesJson(json: unknown, file: string): Promise<ValidationResult> {
  const { properties, errors } = await buildPropertyFile(json, file);
  return { errors, summary: `${properties.length} propert${properties.length === 1 ? 'y' : 'ies'}` };
}

const f4 = (x: number): string => (Object.is(Math.round(x * 1e4), -0) ? 0 : x).toFixed(4);
const signed = (x: number): string => (x > 0 ? '+' : '') + f4(x);

/** "attacks 10, clash 1, defense 6, Thick Hide". */
export function describePoint(point: Point): string {
  const parts: string[] = [];
  for (const [axis, v] of Object.entries(point)) {
    if (v === undefined) continue;
    if (axis === 'specialRules') parts.push((v as string[]).length ? (v as string[]).join(' + ') : 'no special rules');
    else if (typeof v === 'boolean') parts.push(v ? axis : `not ${axis}`);
    else if (Array.isArray(v)) parts.push(`${axis} ${v.length ? v.join(',') : 'none'}`);
    else parts.push(`${axis} ${String(v)}`);
  }
  return parts.join(', ') || '(no options)';
}

/** What a baseline or variant changes: "defense +1", "+ Thick Hide". */
function describeChange(mod: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [axis, v] of Object.entries(mod)) {
    if (v === undefined) continue;
    if (axis === 'specialRules') parts.push(...(v as string[]).map((n) => `+ ${n}`));
    else if (Array.isArray(v)) parts.push(`${axis} + ${v.join(',')}`);
    else if (typeof v === 'boolean') parts.push(v ? axis : `not ${axis}`);
    else parts.push(`${axis} ${String(v)}`);
  }
  return parts.length ? parts.join(', ') : 'the domain point';
}

function statisticName(p: CompiledProperty, k?: number): string {
  const s = p.statistic;
  if (typeof s === 'object') return `P(wounds ≥ ${s.p_at_least})`;
  if (s === 'distribution') return `P(wounds ≥ ${k ?? 1})`;
  return { mean: 'mean wounds', p_slain: 'P(slain)', p_broken: 'P(Broken!)', p_unharmed: 'P(unharmed)' }[s];
}

function claim(p: CompiledProperty): string {
  const stat = p.statistic === 'distribution' ? 'the wound distribution (every P(wounds ≥ k))' : statisticName(p);
  const tol = p.tolerance !== 1e-9 ? ` (tolerance ${p.tolerance})` : '';
  if (p.relation === 'monotone') {
    const what = p.of === 'difference' ? `variant − baseline of ${stat}` : stat;
    return `${what} is ${p.direction} in ${p.axes[p.monotoneAxis].name}${tol}`;
  }
  if (p.relation === 'variant - baseline <=' || p.relation === 'variant - baseline >=') return `${stat}: ${p.relation} ${p.bound}${tol}`;
  return `${stat}: variant ${p.relation} baseline${tol}`;
}

/** One property's verdict as text lines. */
export function formatResult(p: CompiledProperty, r: PropertyResult): string[] {
  const lines = [`${r.verdict === 'pass' ? 'PASS' : 'FAIL'}  ${r.name}`];
  lines.push(`      ${claim(p)}`);
  const how =
    r.method === 'exhaustive'
      ? `checked exhaustively with exact math: ${r.checked} domain point${r.checked === 1 ? '' : 's'}`
      : `sampled by fast-check (seed ${r.seed}): ${r.checked} of ${r.domainPoints} domain points, exact math at each`;
  lines.push(`      ${how}${r.verdict === 'fail' ? `; ${r.failing} fail${r.failing === 1 ? 's' : ''}${r.method === 'sampled' ? ' among the samples' : ''}` : ''}`);
  const c = r.counterexample;
  if (!c) return lines;
  const shrunk = r.method === 'sampled' ? ` (shrunk in ${r.shrinks ?? 0} steps)` : '';
  const stat = statisticName(p, c.k);
  if (p.relation === 'monotone') {
    const axis = p.axes[p.monotoneAxis].name;
    const what = p.of === 'difference' ? `${stat}, variant − baseline` : stat;
    lines.push(`      smallest counterexample${shrunk}: ${describePoint(c.point)}, then ${axis} ${String((c.next as Record<string, unknown>)[axis])}`);
    lines.push(`        at ${axis} ${String((c.point as Record<string, unknown>)[axis])}: ${what} ${f4(c.baseline)}`);
    lines.push(`        at ${axis} ${String((c.next as Record<string, unknown>)[axis])}: ${what} ${f4(c.variant)}`);
    lines.push(`        change ${signed(c.difference)} (expected ${p.direction === 'increasing' ? '≥ 0' : '≤ 0'})`);
    return lines;
  }
  lines.push(`      smallest counterexample${shrunk}: ${describePoint(c.point)}`);
  lines.push(`        baseline (${describeChange(p.baseline)}): ${describePoint(c.baselinePoint)}: ${stat} ${f4(c.baseline)}`);
  lines.push(`        variant  (${describeChange(p.variant)}): ${describePoint(c.variantPoint)}: ${stat} ${f4(c.variant)}`);
  lines.push(`        variant − baseline ${signed(c.difference)}`);
  return lines;
}

/** Checks every property of a built file, turning the exact method's limits into the user's input errors. */
export async function checkProperties(file: string, properties: CompiledProperty[]): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  // Progress on a terminal only (it would land inside captured output).
  const tty = process.stderr.isTTY === true;
  for (const [i, p] of properties.entries()) {
    if (tty) process.stderr.write(`\r\x1b[Kchecking ${i + 1}/${properties.length}: ${p.name}`);
    try {
      results.push(await checkProperty(p));
    } catch (err) {
      if (err instanceof RangeError) throw new InputError(`${file}: ${formatPath(['properties', i, 'domain'])}: ${err.message}`);
      throw err;
    } finally {
      if (tty) process.stderr.write('\r\x1b[K');
    }
  }
  return results;
}

export function registerCheck(dice: Command): void {
  dice
    .command('check')
    .description('check property files ("kind": "properties"): claims about the dice, over a whole domain of profiles')
    .argument('<file...>', 'property files')
    .option('--json', "print JSON: every property's verdict, method, points and smallest counterexample")
    .addHelpText(
      'after',
      `
Each property compares a statistic (mean, p_at_least k, p_slain, p_broken,
p_unharmed, or the whole distribution) of a variant with a baseline at every
point of its domain. Domains up to 50,000 points (a property's
check.maxPoints) are checked exhaustively with exact math; larger ones are
sampled by fast-check and a failure is shrunk to the smallest counterexample.
Exit 1 when any property fails, 2 on bad input.

Example:
  skirmish dice check sims/properties/sample-factions.json`,
    )
    .action(async (files: string[], flags: { json?: boolean }) => {
      // Every file is read and checked for errors before any is run.
      const built: { file: string; properties: CompiledProperty[] }[] = [];
      const errors: string[] = [];
      for (const file of files) {
        let json: unknown;
        try {
          json = readJsonFile(file);
        } catch (err) {
          if (err instanceof InputError) {
            errors.push(...err.lines);
            continue;
          }
          throw err;
        }
        const b = await buildPropertyFile(json, file);
        errors.push(...b.errors);
        built.push({ file, properties: b.properties });
      }
      if (errors.length > 0) throw new InputError(errors);
      let failed = 0;
      let total = 0;
      const out: { file: string; results: PropertyResult[] }[] = [];
      for (const { file, properties } of built) {
        const results = await checkProperties(file, properties);
        out.push({ file, results });
        total += results.length;
        const fails = results.filter((r) => r.verdict === 'fail').length;
        failed += fails;
        if (flags.json) continue;
        const lines = [`${file}: ${results.length} propert${results.length === 1 ? 'y' : 'ies'}, ${results.length - fails} pass, ${fails} fail${fails === 1 ? 's' : ''}`];
        results.forEach((r, i) => lines.push(...formatResult(properties[i], r)));
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (flags.json) process.stdout.write(`${JSON.stringify({ files: out, properties: total, failed }, null, 2)}\n`);
      if (failed > 0) process.exitCode = 1;
    });
}
