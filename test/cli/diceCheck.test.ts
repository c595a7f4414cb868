import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { regimentOutcome, regimentWoundDistribution } from '../../src/dice/index.js';

// `npm test` builds dist/ before vitest runs.
const main = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
const SAMPLE = join(import.meta.dirname, '..', '..', 'sims', 'properties', 'sample-factions.json');

function skirmish(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [main, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'skirmish-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
}

describe('skirmish dice check', () => {
  it('the sample file: every verdict, the smallest counterexample of the failing one, exit 1', () => {
    const r = skirmish('dice', 'check', SAMPLE);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/: 10 properties, 9 pass, 1 fails/);
    expect(r.stdout.match(/^PASS {2}/gm)).toHaveLength(9);
    expect(r.stdout).toMatch(/^FAIL {2}Thick Hide is never better than \+1 Defense$/m);
    expect(r.stdout).toMatch(/checked exhaustively with exact math: 350 domain points; 1 fails/);
    expect(r.stdout).toMatch(/smallest counterexample: attacks 10, clash 1, defense 6\n/);
    expect(r.stdout).toMatch(/baseline \(defense \+1\): attacks 10, clash 1, defense 7: mean wounds 0\.2426/);
    expect(r.stdout).toMatch(/variant {2}\(\+ Thick Hide\): attacks 10, clash 1, defense 6, Thick Hide: mean wounds 0\.2420/);
    expect(r.stdout).toMatch(/variant − baseline -0\.0005/);
  });

  it('--json for scripts; exit 0 when every property holds', () => {
    const file = write('pass.json', {
      kind: 'properties',
      properties: [
        { name: 'more dice', domain: { attacks: '1..5', clash: '1..3', defense: '0..3' }, variant: { attacks: '+1' }, statistic: 'distribution', relation: '>=' },
        {
          name: 'sampled',
          domain: { attacks: '1..20', clash: '1..5', defense: '0..6', wounds: '1..3', resolve: '1..3', warriors: '1..4' },
          statistic: 'p_slain',
          relation: 'monotone',
          axis: 'warriors',
          direction: 'increasing',
          check: { method: 'sample', samples: 50 },
        },
      ],
    });
    const r = skirmish('dice', 'check', file, '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ properties: 2, failed: 0 });
    expect(out.files[0].results.map((x: { method: string }) => x.method)).toEqual(['exhaustive', 'sampled']);
    expect(out.files[0].results[1]).toMatchObject({ verdict: 'pass', checked: 50, domainPoints: 20 * 5 * 7 * 3 * 3 * 3 });
    const text = skirmish('dice', 'check', file);
    expect(text.stdout).toMatch(/sampled by fast-check \(seed -?\d+\): 50 of 18900 domain points, exact math at each/);
  });

  it('a sampled failure prints the shrunk counterexample', () => {
    const file = write('planted.json', {
      kind: 'properties',
      properties: [
        {
          name: 'planted',
          domain: { attacks: '1..30', clash: '1..5', defense: '0..6' },
          baseline: { attacks: 3 },
          statistic: 'mean',
          relation: '<=',
          check: { method: 'sample', samples: 100, seed: 3 },
        },
      ],
    });
    const r = skirmish('dice', 'check', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/smallest counterexample \(shrunk in \d+ steps\): attacks 4, clash 1, defense 0\n/);
  });

  it.each([
    [
      'bad-range.json',
      { kind: 'properties', properties: [{ name: 'x', domain: { attacks: '1..99', clash: 1, defense: 1 }, statistic: 'mean', relation: '>=' }] },
      /bad-range\.json: properties\[0\]\.domain\.attacks: expected a range a\.\.b with 0 ≤ a ≤ b ≤ 30, got "1\.\.99"$/m,
    ],
    ['malformed.json', '{ "kind": "properties", ', /malformed\.json: line 1, column \d+: malformed JSON/],
    [
      'bad-faction.json',
      { kind: 'properties', factions: ['nowhere.json'], properties: [{ name: 'x', domain: { attacks: 1, clash: 1, defense: 1 }, statistic: 'mean', relation: '>=' }] },
      /bad-faction\.json: factions\[0\]: expected a faction file relative to this file/,
    ],
  ])('bad input %s: one line naming the file and the JSON path, exit 2, nothing checked', (name, json, message) => {
    const good = write('good.json', { kind: 'properties', properties: [{ name: 'x', domain: { attacks: 1, clash: 1, defense: 1 }, statistic: 'mean', relation: '>=' }] });
    const r = skirmish('dice', 'check', good, write(name, json));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('skirmish validate knows "kind": "properties"', () => {
    const r = skirmish('validate', SAMPLE);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sample-factions\.json: ok \(10 properties\)/);
  });

  it('--help has an example', () => {
    expect(skirmish('dice', 'check', '--help').stdout).toMatch(/skirmish dice check sims\/properties\/sample-factions\.json/);
  });
});

describe('skirmish dice --warriors', () => {
  const attack = { dice: 3, hitCap: 3, blockDice: 2, attackRules: [{ on: 'attack' as const, face: 1 as const, effect: 'extraAttack' as const }] };
  const args = ['dice', '--attacks', '3', '--clash', '3', '--extra-attack', '1', '--defense', '2', '--warriors', '4', '--wounds', '4', '--resolve', '2'];
  it('the exact total wounds and the target fate after every attack in turn', () => {
    const out = JSON.parse(skirmish(...args, '--json').stdout);
    expect(out.warriors).toBe(4);
    const d = regimentWoundDistribution({ attack, warriors: 4 });
    expect(out.distribution).toHaveLength(d.length);
    out.distribution.forEach((p: number, k: number) => expect(p).toBeCloseTo(d[k], 12));
    const o = regimentOutcome({ attack, warriors: 4, target: { wounds: 4, resolve: 2 } });
    expect(out.target.outcome.slain).toBeCloseTo(o.slain, 12);
    expect(out.target.outcome.broken).toBeCloseTo(o.broken, 12);
  });
  it('--mc plays the sequence and agrees within 4 standard errors', () => {
    const out = JSON.parse(skirmish(...args, '--mc', '40000', '--seed', '5', '--json').stdout);
    for (const k of ['slain', 'broken', 'woundedOnly', 'unharmed'] as const) {
      expect(Math.abs(out.mc.target[k] - out.target.outcome[k])).toBeLessThanOrEqual(4 * out.mc.target.se[k] + 1e-4);
    }
    out.distribution.forEach((p: number, k: number) => expect(Math.abs((out.mc.distribution[k] ?? 0) - p)).toBeLessThanOrEqual(4 * (out.mc.se[k] ?? 0) + 1e-4));
  });
  it('--warriors 1 is the single attack (same Monte Carlo stream as before)', () => {
    const one = JSON.parse(skirmish('dice', '--attacks', '3', '--clash', '2', '--defense', '1', '--wounds', '2', '--resolve', '2', '--mc', '2000', '--json').stdout);
    const same = JSON.parse(skirmish('dice', '--attacks', '3', '--clash', '2', '--defense', '1', '--wounds', '2', '--resolve', '2', '--mc', '2000', '--json', '--warriors', '1').stdout);
    expect(same).toEqual(one);
  });
  it('text output says the attacks are in turn', () => {
    expect(skirmish(...args).stdout).toMatch(/4 warriors attack in turn/);
  });
  it('--warriors 0 is bad input', () => {
    const r = skirmish('dice', '--attacks', '3', '--clash', '3', '--defense', '2', '--warriors', '0');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--warriors: expected a whole number 1\.\.20/);
  });
});
