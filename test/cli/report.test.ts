import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

/*
 * A folder the report cannot write into is one line, exit 2, before any work
 * (charts, replays played again), not a raw EACCES or ENOTDIR at the end.
 * Permissions do not bind root, so those cases run only as another user; a
 * path under a file and a file where replays/ goes fail for root too.
 */
describe('report into a folder it cannot write', () => {
  const results = (): string => {
    const dir = tmp();
    cpSync(path.join(ROOT, 'test/fixtures/report/tournament'), dir, { recursive: true });
    return dir;
  };

  it('a path under a file: one line naming it, exit 2', () => {
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, 'x');
    const r = cli(['report', path.join(file, 'run')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`report ${path.join(file, 'run')}: a part of the path is a file, not a folder\n`);
  });

  it('a file where replays/ goes: one line naming it, exit 2, before any work (no replay needed yet); --no-replays writes the report', () => {
    const dir = results();
    writeFileSync(path.join(dir, 'replays'), 'x');
    const r = cli(['report', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${path.join(dir, 'replays')}: a file where an output folder goes; remove or rename it\n`);
    expect(existsSync(path.join(dir, 'report.html'))).toBe(false);
    expect(cli(['report', dir, '--no-replays']).code).toBe(0);
  });

  it.skipIf(process.getuid?.() === 0)('a folder, or its replays/, without write permission: one line naming it (EACCES), exit 2, nothing written', () => {
    const dir = results();
    const replays = path.join(dir, 'replays');
    mkdirSync(replays);
    try {
      chmodSync(replays, 0o555);
      const sub = cli(['report', dir]);
      expect(sub.code).toBe(2);
      expect(sub.stderr).toBe(`report ${replays}: cannot write in ${replays} (EACCES)\n`);
      chmodSync(dir, 0o555);
      const top = cli(['report', dir]);
      expect(top.code).toBe(2);
      expect(top.stderr).toBe(`report ${dir}: cannot write in ${dir} (EACCES)\n`);
      expect(readdirSync(dir).filter((f) => f === 'report.html' || f.includes('.tmp'))).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
      chmodSync(replays, 0o755);
    }
  });
});
