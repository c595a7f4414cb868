import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../runner/helpers.js';

const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'skirmish-cli-report-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const cli = (args: string[]) => {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('skirmish report, run --no-report, play --replay', () => {
  it('report writes report.html into a folder, and names a folder without results in one line, exit 2', () => {
    const dir = tmp();
    cpSync(path.join(ROOT, 'test/fixtures/report/tournament'), dir, { recursive: true });
    const r = cli(['report', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*report\.html \(tournament report, 2 charts\)/);
    expect(readFileSync(path.join(dir, 'report.html'), 'utf8')).toContain('Pairing matrix');
    const empty = cli(['report', tmp()]);
    expect(empty.code).toBe(2);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
    expect(cli(['report', '--help']).stdout).toMatch(/Example:\n\s+\$ skirmish report reports\/quickstart/);
  });

  it('run ends with the report and its replays; --no-report leaves none', () => {
    const real = path.join(FIXTURES, 'sims', 'real.json');
    const dir = tmp();
    const r = cli(['run', real, '--games', '4', '--workers', '0', '--out', dir]);
    expect(r.code).toBe(0);
    // How many games are notable enough for a replay depends on how they played: at least one, and the folder holds them.
    const m = /wrote .*report\.html \(run report, 5 charts, (\d+) replays/.exec(r.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, 'replays'))).toBe(true);
    expect(readdirSync(path.join(dir, 'replays')).filter((f) => f.endsWith('.html'))).toHaveLength(Number(m![1]));
    const bare = tmp();
    expect(cli(['run', real, '--games', '4', '--workers', '0', '--out', bare, '--no-report']).code).toBe(0);
    expect(existsSync(path.join(bare, 'report.html'))).toBe(false);
  });

  it('play --replay writes a replay of the very game it prints', () => {
    const dir = tmp();
    const file = path.join(dir, 'game.html');
    const args = ['play', '--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json', '--scenario', 'raid', '--seed', '3'];
    const plain = cli(args);
    const withReplay = cli([...args, '--replay', file]);
    expect(withReplay.code).toBe(0);
    expect(withReplay.stdout).toBe(`${plain.stdout}wrote ${file}\n`);
    const html = readFileSync(file, 'utf8');
    const last = plain.stdout.trim().split('\n').at(-1)!;
    expect(html).toContain(last.replace(/&/g, '&amp;'));
  });
});
