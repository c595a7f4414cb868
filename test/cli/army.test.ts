import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildArmy } from '../../src/army/index.js';

// npm test builds dist/ first.
function skirmish(...args: string[]) {
  const r = spawnSync(process.execPath, ['dist/cli/main.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('skirmish army', () => {
  it('lists points per entry, models, seizing weight (R24) and the total', () => {
    const r = skirmish('army', 'test/fixtures/army/armies/valid-full.json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('Test list: Test Company (testers), 503/600 points');
    const row = (start: string) => {
      const line = lines.find((l) => l.startsWith(start));
      expect(line, start).toBeDefined();
      return line!.slice(start.length).trim().split(/\s+/);
    };
    // [models, seize, points]
    expect(row('characterRegiment: Hero (Character Regiment)')).toEqual(['3', '3', '140']);
    // 8 Medium Infantry at 1 + Sergeant at 1.
    expect(row('regiments[0]: Spearmen (Medium Infantry)')).toEqual(['9', '9', '121']);
    // Light Cavalry 2 each.
    expect(row('regiments[1]: Riders (Light Cavalry)')).toEqual(['3', '6', '95']);
    // Light Infantry 0.5 each; starts in Reinforcements (Flank).
    expect(row('regiments[2]: Scouts (Light Infantry, Flank: starts in Reinforcements)')).toEqual(['4', '2', '27']);
    expect(row('regiments[3]: Brutes (Heavy Brute)')).toEqual(['2', '6', '120']);
    expect(row('total')).toEqual(['21', '26', '503']);
    expect(r.out).toContain('3 extra models × 10');
    expect(r.out).toContain('points limit 600: 97 unspent');
  });

  it('uses a ruleset file for seizing weights', () => {
    const r = skirmish('army', 'test/fixtures/army/armies/valid-full.json', '--ruleset', 'test/fixtures/army/rulesets/valid-variant.json');
    expect(r.code).toBe(0);
    const scouts = r.out.split('\n').find((l) => l.startsWith('regiments[2]'))!;
    // The variant counts Light Infantry 1 each.
    expect(scouts.trim().split(/\s+/).slice(-3)).toEqual(['4', '4', '27']);
  });

  it('exits 2 with every problem of an invalid list', () => {
    const r = skirmish('army', 'test/fixtures/army/armies/invalid-points-typed.json');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(2);
    expect(r.err).not.toContain('    at ');
  });

  it('has help with an example', () => {
    const r = skirmish('army', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('$ skirmish army sims/armies/ironbound-800.json');
  });
});

describe('skirmish army random', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'army-random-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('prints a legal list near the limit, the same for the same seed, naming its faction file from here', () => {
    const r = skirmish('army', 'random', 'sims/factions/tuskfell.json', '--points', '800', '--seed', 'held-out-1');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const list = JSON.parse(r.out);
    expect(list).toMatchObject({ kind: 'army', name: 'tuskfell-800-rheld-out-1', faction: 'tuskfell', factionFile: 'sims/factions/tuskfell.json', pointsLimit: 800 });
    // Read as if written in the current folder.
    const built = buildArmy(list, path.resolve('list.json'));
    expect(built.errors).toEqual([]);
    expect(built.points).toBeLessThanOrEqual(800);
    expect(built.points).toBeGreaterThan(700);
    expect(skirmish('army', 'random', 'sims/factions/tuskfell.json', '--points', '800', '--seed', 'held-out-1').out).toBe(r.out);
    expect(skirmish('army', 'random', 'sims/factions/tuskfell.json', '--points', '800', '--seed', 'held-out-2').out).not.toBe(r.out);
    // A regiment a line, as the sample lists are written.
    expect(r.out).toMatch(/^ {4}\{ "entry": "[^"]+", "models": \d+/m);
  });

  it('writes --out with the faction file relative to it, left out where the faction is found by default', () => {
    const out = path.join(tmp, 'deep', 'er', 'list.json');
    expect(skirmish('army', 'random', 'sims/factions/reedmarsh.json', '--points', '400', '--seed', '3', '--out', out).code).toBe(0);
    const list = JSON.parse(readFileSync(out, 'utf8'));
    expect(path.resolve(path.dirname(out), list.factionFile)).toBe(path.resolve('sims/factions/reedmarsh.json'));
    expect(buildArmy(list, out).errors).toEqual([]);
    mkdirSync(path.join(tmp, 'factions'));
    copyFileSync('sims/factions/reedmarsh.json', path.join(tmp, 'factions', 'reedmarsh.json'));
    const beside = path.join(tmp, 'armies', 'r.json');
    expect(skirmish('army', 'random', path.join(tmp, 'factions', 'reedmarsh.json'), '--points', '400', '--seed', '3', '--out', beside).code).toBe(0);
    const plain = JSON.parse(readFileSync(beside, 'utf8'));
    expect(plain.factionFile).toBeUndefined();
    expect({ ...list, factionFile: undefined }).toEqual({ ...plain, factionFile: undefined });
    expect(skirmish('validate', beside).code).toBe(0);
  });

  it('exits 2 with one line naming the file or flag and what was expected, writing nothing', () => {
    const out = path.join(tmp, 'never.json');
    const cases: [string[], RegExp][] = [
      [['sims/factions/nope.json', '--points', '400', '--seed', '1'], /^sims\/factions\/nope\.json: file not found$/],
      [
        ['sims/armies/ironbound-400.json', '--points', '400', '--seed', '1'],
        /^sims\/armies\/ironbound-400\.json: kind: expected "faction" \(a faction file, e\.g\. sims\/factions\/ironbound\.json\), got "army"$/,
      ],
      [['sims/factions/ironbound.json', '--points', '4x', '--seed', '1'], /^--points: expected a whole number 1\.\.100000, got "4x"$/],
      [['sims/factions/ironbound.json', '--points', '0', '--seed', '1'], /^--points: expected a whole number 1\.\.100000, got 0$/],
      [['sims/factions/ironbound.json', '--points', '99', '--seed', '1'], /^sims\/factions\/ironbound\.json: characters: none fits in 99 points \(the cheapest, "Lorekeeper", costs 100\)$/],
      [['sims/factions/ironbound.json', '--points', '400'], /required option '--seed <text>' not specified/],
    ];
    for (const [args, message] of cases) {
      const r = skirmish('army', 'random', ...args, '--out', out);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err.trim(), args.join(' ')).toMatch(message);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('has help with an example', () => {
    const r = skirmish('army', 'random', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('$ skirmish army random sims/factions/ironbound.json --points 400 --seed 7');
  });
});
