import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/dice.js';
import { InputError } from '../../src/errors.js';
import { compileAttack, createRng, rollWounds, seededDice, woundDistribution } from '../../src/dice/index.js';

// `npm test` builds dist/ before vitest runs.
const main = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

function skirmish(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [main, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'skirmish-dice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skirmish dice', () => {
  it('prints the exact table: 4 attacks, Clash 2, Defense 3', () => {
    const r = skirmish('dice', '--attacks', '4', '--clash', '2', '--defense', '3');
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').map((l) => l.trim().split(/\s+/));
    expect(rows.find((c) => c[0] === '0')?.slice(1)).toEqual(['0.3798', '1.0000']);
    expect(rows.find((c) => c[0] === '1')?.slice(1)).toEqual(['0.4193', '0.6202']);
    expect(rows.find((c) => c[0] === '2')?.slice(1)).toEqual(['0.2009', '0.2009']);
    expect(r.stdout).toMatch(/mean wounds 0\.8211/);
  });

  it('--json: distribution[k] = P(exactly k wounds), mean, target', () => {
    const args = ['dice', '--attacks', '5', '--clash', '2', '--defense', '2', '--extra-attack', '1', '--reroll-attack', '1', '--wounds', '1', '--resolve', '2', '--json'];
    const out = JSON.parse(skirmish(...args).stdout);
    const exact = woundDistribution({
      dice: 5,
      hitCap: 2,
      blockDice: 2,
      attackRules: [
        { on: 'attack', face: 1, effect: 'reroll' },
        { on: 'attack', face: 1, effect: 'extraAttack' },
      ],
    });
    expect(out.distribution).toHaveLength(exact.length);
    out.distribution.forEach((p: number, k: number) => expect(p).toBeCloseTo(exact[k], 12));
    expect(out.mean).toBeCloseTo(exact[1] + 2 * exact[2], 12);
    const t = out.target.outcome;
    expect(t.slain + t.broken + t.unharmed + t.woundedOnly).toBeCloseTo(1, 12);
    expect(t.unharmed).toBeCloseTo(exact[0], 12);
  });

  it('defense and evasion: the defender rolls the larger by default (R8)', () => {
    const larger = JSON.parse(skirmish('dice', '--barrage', '3', '--volley', '2', '--defense', '1', '--evasion', '3', '--json').stdout);
    expect(larger.blockWith).toBe('evasion');
    expect(larger.options.blockDice).toBe(3);
    const chosen = JSON.parse(skirmish('dice', '--barrage', '3', '--volley', '2', '--defense', '1', '--evasion', '3', '--block-with', 'defense', '--json').stdout);
    expect(chosen.options.blockDice).toBe(1);
  });

  it('--mc: seeded Monte Carlo (rollWounds on createRng(seed)) with standard errors', () => {
    const args = ['dice', '--barrage', '3', '--volley', '2', '--aimed', '--evasion', '1', '--obscured', '--mc', '20000', '--seed', '9', '--json'];
    const r = skirmish(...args);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.mc.samples).toBe(20000);
    // Reproduce the same seeded run in-process.
    const dice = seededDice(createRng('9'));
    const compiled = compileAttack({ dice: 3, hitCap: 2, blockDice: 1, aimed: true, obscured: true });
    const counts = [0, 0, 0];
    for (let i = 0; i < 20000; i++) counts[rollWounds(dice, compiled)]++;
    expect(out.mc.distribution).toEqual(counts.map((c) => c / 20000));
    out.distribution.forEach((p: number, k: number) => {
      expect(Math.abs(out.mc.distribution[k] - p)).toBeLessThanOrEqual(4 * out.mc.se[k] + 1 / 20000);
    });
  });

  it('too large for the exact method: with --mc, Monte Carlo only', () => {
    const r = skirmish('dice', '--attacks', '30', '--clash', '30', '--defense', '20', '--extra-block', '1', '--mc', '2000', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.distribution).toBeNull();
    expect(out.exactError).toMatch(/too large/);
    expect(out.mc.distribution.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('--help shows the attack options and examples', () => {
    const r = skirmish('dice', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--reroll-attack <faces>/);
    expect(r.stdout).toMatch(/skirmish dice --attacks 4 --clash 2 --defense 3/);
  });

  it('text output with a target and Monte Carlo', () => {
    const r = skirmish('dice', '--attacks', '3', '--clash', '3', '--defense', '1', '--wounds', '2', '--resolve', '2', '--mc', '1000');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/slain/);
    expect(r.stdout).toMatch(/Broken!/);
    expect(r.stdout).toMatch(/Monte Carlo .* \(1000 samples, seed 1\)/);
  });

  it.each([
    [['--attacks', '-1', '--clash', '2', '--defense', '3'], /--attacks: expected a whole number/],
    [['--attacks', '4', '--clash', '2', '--defense', '3', '--reroll-attack', '7'], /--reroll-attack: expected die faces 1\.\.6/],
    [['--attacks', '4', '--clash', '2', '--defense'], /argument missing/],
    [['--attacks', '4', '--barrage', '2', '--clash', '2', '--defense', '3'], /not both/],
  ])('bad input %j: one clear line, exit 2, no stack trace', (args, message) => {
    const r = skirmish('dice', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  // The same parsing in-process (a process start per case would cost seconds each).
  it.each([
    [['--attacks', 'x', '--clash', '2', '--defense', '3'], /--attacks: expected a whole number 0\.\.30, got "x"/],
    [['--attacks', '2.5', '--clash', '2', '--defense', '3'], /--attacks: expected a whole number/],
    [['--attacks', '4', '--defense', '3'], /--attacks needs --clash/],
    [['--barrage', '4', '--defense', '3'], /--barrage needs --volley/],
    [['--attacks', '4', '--clash', '2'], /--defense and\/or --evasion/],
    [['--attacks', '4', '--clash', '2', '--evasion', '1', '--block-with', 'defense'], /--block-with defense needs --defense/],
    [['--attacks', '4', '--clash', '2', '--defense', '1', '--block-with', 'best'], /--block-with: expected larger, defense or evasion/],
    [['--barrage', '2', '--volley', '1', '--defense', '1', '--inspired'], /Clash actions only \(R14\)/],
    [['--barrage', '2', '--volley', '1', '--defense', '1', '--outnumbered'], /Clash actions only \(R13\)/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--aimed'], /not both/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--obscured'], /Volleys only \(R22\)/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--extra-block', '1,,2'], /--extra-block: expected die faces/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--wounds', '2'], /--wounds needs --resolve/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--wounds', '2', '--resolve', '2', '--markers', '2'], /--markers: expected a whole number 0\.\.1/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--markers', '1'], /give --wounds and --resolve/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--seed', '3'], /--seed is for Monte Carlo/],
    [['--attacks', '2', '--clash', '1', '--defense', '1', '--mc', '0'], /--mc: expected a whole number/],
    [['--attacks', '31', '--clash', '1', '--defense', '1'], /--attacks: expected a whole number 0\.\.30/],
    [['--attacks', '30', '--clash', '30', '--defense', '20', '--extra-block', '1'], /too large for the exact method/],
    [['table', '--attacks', '1..x', '--clash', '1', '--defense', '1'], /--attacks: expected a whole number or a range/],
    [['table', '--attacks', '3..1', '--clash', '1', '--defense', '1'], /--attacks: expected a range a\.\.b/],
    [['table', '--attacks', '1', '--clash', '1', '--defense', '0..21'], /--defense: expected a range/],
  ])('bad input %j is an InputError', async (args, message) => {
    const program = new Command().exitOverride();
    register(program);
    const err = await program.parseAsync(['node', 'skirmish', 'dice', ...args]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).lines).toHaveLength(1);
    expect((err as InputError).message).toMatch(message);
  });
});

describe('skirmish dice table', () => {
  it('prints expected wounds and P(>=1) for every combination', () => {
    const r = skirmish('dice', 'table', '--attacks', '1..2', '--clash', '1', '--defense', '0..1');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    // One die, Clash 1, Defense 1: 5/12 to wound.
    expect(lines[2].trim().split(/\s+/)).toEqual(['1', '1', '1', '0.4167', '0.4167']);
  });

  it('writes CSV through a temporary name', () => {
    const file = join(dir, 'table.csv');
    const r = skirmish('dice', 'table', '--attacks', '1..10', '--clash', '1..5', '--defense', '0..6', '--csv', file);
    expect(r.code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('attacks,clash,defense,expected_wounds,p_at_least_1_wound');
    expect(lines).toHaveLength(1 + 10 * 5 * 7);
    expect(lines).toContain('4,2,3,0.821070,0.620185');
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('an unwritable CSV path is an input error and leaves nothing behind (a missing folder is made)', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const file = join(blocker, 'table.csv');
    const r = skirmish('dice', 'table', '--attacks', '1', '--clash', '1', '--defense', '1', '--csv', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--csv .*table\.csv: a part of the path is a file, not a folder\n$/);
    expect(existsSync(file)).toBe(false);
  });
});
