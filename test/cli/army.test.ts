import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

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
