import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` builds dist/ before vitest runs.
const main = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

function skirmish(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [main, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'skirmish-scenario-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skirmish scenarios', () => {
  it('lists the twelve scenarios and annihilation with rounds, threshold, zones, markers and capture points', () => {
    const r = skirmish('scenarios');
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^id\s+name\s+rounds\s+VP threshold\s+zones\s+markers\s+points$/);
    expect(rows).toHaveLength(14);
    expect(rows.find((l) => l.startsWith('raid '))?.split(/\s{2,}/)).toEqual(['raid', 'Raid', '10', '16', '4', '0', '0']);
    expect(rows.find((l) => l.startsWith('shieldwall '))?.split(/\s{2,}/)).toEqual(['shieldwall', 'Shieldwall', '8', '-', '0', '4', '0']);
    expect(rows.find((l) => l.startsWith('tug-of-war '))?.split(/\s{2,}/)).toEqual(['tug-of-war', 'Tug-of-War', '10', '21', '0', '0', '9']);
  });
});

describe('skirmish scenario show', () => {
  it('prints the summary with generated terrain', () => {
    const r = skirmish('scenario', 'show', 'raid', '--seed', '5');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Raid (raid), scenario 4');
    expect(r.stdout).toContain('zone-a "A": 6" at (42, 6), friendly to player 1');
    expect(r.stdout).toContain('5 VP for each enemy zone seized');
    expect(r.stdout).toMatch(/terrain \(1[0-4] pieces\)/);
    // The same seed gives the same terrain.
    expect(skirmish('scenario', 'show', 'raid', '--seed', '5').stdout).toBe(r.stdout);
  });

  it('--svg writes the table, with no temporary file left behind', () => {
    const file = join(dir, 'raid.svg');
    const r = skirmish('scenario', 'show', 'raid', '--svg', file, '--seed', '2');
    expect(r.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const svg = readFileSync(file, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    // Four zones, their labels, both players' edges.
    expect(svg.match(/<circle [^>]*fill-opacity="0.22"/g)).toHaveLength(4);
    for (const label of ['>A<', '>B<', '>N1<', '>N2<', 'Player 1 edge', 'Player 2 edge']) expect(svg).toContain(label);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a scenario file path works; an unknown name or a bad file exits 2 with one clear message', () => {
    const good = join(dir, 'mine.json');
    const raid = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'sims', 'scenarios', 'raid.json'), 'utf8'));
    writeFileSync(good, JSON.stringify({ ...raid, id: 'mine', name: 'Mine' }));
    expect(skirmish('scenario', 'show', good).stdout).toContain('Mine (mine)');
    const unknown = skirmish('scenario', 'show', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^unknown scenario "nope"/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...raid, vpRules: [{ rule: 'hugs', vp: 1 }] }));
    const r = skirmish('scenario', 'show', bad);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: vpRules\\[0\\]`));
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('every built-in file passes `skirmish validate`', () => {
    const files = readdirSync(join(import.meta.dirname, '..', '..', 'sims', 'scenarios')).map((f) => join('sims', 'scenarios', f));
    const r = spawnSync(process.execPath, [main, 'validate', ...files], { encoding: 'utf8', cwd: join(import.meta.dirname, '..', '..') });
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.includes(': ok'))).toHaveLength(13);
  });
});
