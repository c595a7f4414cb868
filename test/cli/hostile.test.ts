import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, outputs, ROOT, tmp } from '../runner/helpers.js';

// Hostile uses of the CLI, reproduced from the built CLI (npm test builds dist/ first).
const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
const FAKE = path.join(FIXTURES, 'fake-game.mjs');
const dirs: string[] = [];
function out(): string {
  const d = tmp('hostile-');
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function cli(args: string[], opts: { shell?: string } = {}): { code: number | null; stdout: string; stderr: string } {
  const r = opts.shell ? spawnSync('/bin/sh', ['-c', opts.shell], { cwd: ROOT, encoding: 'utf8' }) : spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ARMIES = ['--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json'];

describe('hostile CLI use', () => {
  it('refuses bad output paths with one line, exit 2, before any work, leaving nothing behind', () => {
    const d = out();
    const file = path.join(d, 'a-file');
    writeFileSync(file, 'x');
    const folder = path.join(d, 'a-folder');
    mkdirSync(folder);
    const cases: [string[], string][] = [
      [['run', 'sims/quickstart.json', '--out', file], `--out ${file}: is an existing file, expected a folder`],
      [['run', 'sims/quickstart.json', '--out', ''], '--out: expected a folder path, got an empty string'],
      [['run', 'sims/quickstart.json', '--out', '/proc/x'], '--out /proc/x: cannot write in /proc'],
      [['play', ...ARMIES, '--log', folder], `--log ${folder}: is a folder, expected a file path`],
      [['play', ...ARMIES, '--log', ''], '--log: expected a file path, got an empty string'],
      [['dice', 'table', '--attacks', '1..2', '--clash', '1', '--defense', '0', '--csv', folder], `--csv ${folder}: is a folder`],
      [['scenario', 'show', 'raid', '--svg', folder], `--svg ${folder}: is a folder`],
      [['merge', folder, '--out', file], `--out ${file}: is an existing file, expected a folder`],
    ];
    for (const [args, line] of cases) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toEqual([expect.stringContaining(line)]);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    expect(readdirSync(d).sort()).toEqual(['a-file', 'a-folder']);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('an experiment army path that is a folder names the file and the JSON path, exit 2', () => {
    const d = out();
    const exp = path.join(d, 'e.json');
    mkdirSync(path.join(d, 'armies'));
    writeFileSync(exp, JSON.stringify({ kind: 'experiment', name: 'e', seed: 's', games: 2, matchups: [['armies', 'armies']], scenarios: ['raid'], policies: [['random', 'random']] }));
    for (const cmd of [
      ['validate', exp],
      ['run', exp, '--out', path.join(d, 'o')],
    ]) {
      const r = cli(cmd);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${exp}: matchups[0][0]: is a directory, expected a JSON file: armies`);
      expect(r.stderr).not.toMatch(/EISDIR|--debug/);
    }
  });

  it('a second run into a folder in use is refused, exit 2, naming the folder and the holder; the first run is intact', async () => {
    const slow = path.join(FIXTURES, 'sims', 'slow.json');
    const dir = out();
    const args = [MAIN, 'run', slow, '--game-module', FAKE, '--workers', '1', '--chunk', '10', '--games', '100', '--out', dir];
    const first = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    const done = new Promise<number | null>((resolve) => first.on('exit', resolve));
    while (!existsSync(path.join(dir, 'run.lock'))) await new Promise((r) => setTimeout(r, 10));
    const second = cli(['run', slow, '--game-module', FAKE, '--workers', '1', '--seed', 'other', '--games', '100', '--out', dir]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`^${dir}: another run is writing in this folder \\(pid ${first.pid}, started [^)]+\\); wait for it, or choose another --out\\n$`));
    expect(await done).toBe(0);
    expect(existsSync(path.join(dir, 'run.lock'))).toBe(false);
    const whole = out();
    expect(cli(['run', slow, '--game-module', FAKE, '--workers', '0', '--games', '100', '--out', whole]).code).toBe(0);
    expect(outputs(dir)).toEqual(outputs(whole));
  });

  it('a full disk is one line naming the folder and the resume command, exit 1, no temporary file left', () => {
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    const dir = out();
    // An injected full disk (test/cli/fixtures/enospc.mjs): writes to the games file fail with ENOSPC. (A link to
    // /dev/full planted in the folder no longer does it: planted links are replaced, never followed.)
    symlinkSync('/dev/full', path.join(dir, '.games.csv.tmp'));
    const s = spawnSync(process.execPath, ['--import', path.join(ROOT, 'test', 'cli', 'fixtures', 'enospc.mjs'), MAIN, 'run', tiny, '--game-module', FAKE, '--workers', '0', '--out', dir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SKIRMISH_FAULT_DIR: dir, SKIRMISH_FAULT_BYTES: '0', SKIRMISH_FAULT_FILES: '^\\.games\\.csv\\.tmp' },
    });
    const r = { code: s.status, stderr: s.stderr };
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `error: disk full (ENOSPC) writing to ${dir}; the finished games are kept in ${path.join(dir, 'checkpoint.jsonl')}; ` +
        `free some space, then resume with: skirmish run ${tiny} --game-module ${FAKE} --workers 0 --out ${dir} --resume`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at |--debug|Unhandled/);
    expect(readdirSync(dir).sort()).toEqual(['checkpoint.jsonl']);
  });

  it('ends quietly with status 0 when the reader closes the pipe', () => {
    const r = cli([], { shell: `node ${MAIN} dice table --attacks 0..20 --clash 1..5 --defense 0..6 | head -3; exit "\${PIPESTATUS:-0}"` });
    expect(r.stdout.split('\n').length).toBe(4);
    expect(r.stderr).toBe('');
    const s = spawnSync('/bin/bash', ['-c', `node ${MAIN} scenario show raid | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`], { cwd: ROOT, encoding: 'utf8' });
    expect(s.stdout.trim()).toBe('0');
    expect(s.stderr).toBe('');
  });

  it('refuses --workers above 4 per core; warns above the machine; starts no more workers than tasks', () => {
    const cores = availableParallelism();
    const max = Math.max(4, 4 * cores);
    expect(cli(['run', '--workers', String(max + 1)]).stderr).toBe(`--workers: expected a whole number 0..${max} (at most 4 per parallel thread; this machine has ${cores}), got "${max + 1}"\n`);
    expect(cli(['run', '--help']).stdout).toContain(`at most 4 per core, ${max} here`);
    // 4 cells of 2 games in tasks of 2: 4 tasks, so 4 workers however many are asked for.
    const few = cli(['run', path.join(FIXTURES, 'sims', 'tiny.json'), '--game-module', FAKE, '--games', '2', '--chunk', '2', '--workers', String(max), '--out', out()]);
    expect(few.code, few.stderr).toBe(0);
    expect(few.stderr).toContain('run tiny: 4 cells, 8 games, 4 workers');
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    const more = availableParallelism() + 1;
    const r = cli(['run', tiny, '--game-module', FAKE, '--workers', String(more), '--out', out()]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: --workers ${more} is more than this machine's ${more - 1} parallel threads`);
  });
});

describe('output subfolders', () => {
  it('a link planted where replays/ goes is refused, exit 2, and nothing is written where it points', () => {
    const d = out();
    const r = cli(['run', path.join(FIXTURES, 'sims', 'real.json'), '--games', '4', '--workers', '0', '--out', d, '--no-report']);
    expect(r.code, r.stderr).toBe(0);
    const elsewhere = out();
    symlinkSync(elsewhere, path.join(d, 'replays'));
    const rep = cli(['report', d]);
    expect(rep.code).toBe(2);
    expect(rep.stderr).toBe(`${path.join(d, 'replays')}: a link where an output folder goes; remove it (its files are written only into a real folder)\n`);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(d).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});

describe('names with control characters', () => {
  it('a campaign player or an experiment path with a line break: file, JSON path, exit 2', () => {
    const d = out();
    const campaign = JSON.parse(readFileSync(path.join(ROOT, 'test/campaign/fixtures/small.json'), 'utf8'));
    campaign.factions[0].players[1].name = 'Bo\nx';
    for (const f of campaign.factions) for (const p of f.players) p.army = path.join(ROOT, 'test/campaign/fixtures', p.army);
    const cf = path.join(d, 'names.json');
    writeFileSync(cf, JSON.stringify(campaign));
    const c = cli(['campaign', cf, '--campaigns', '1', '--workers', '0', '--out', path.join(d, 'c'), '--no-report']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(`${cf}: factions[0].players[1].name: expected no control characters (line breaks, tabs, ...)`);
    const exp = path.join(d, 'exp.json');
    writeFileSync(exp, JSON.stringify({ kind: 'experiment', name: 'n', seed: 's', games: 2, matchups: [['a.json', 'b\r.json']], scenarios: ['raid'], policies: [['random', 'random']] }));
    const r = cli(['run', exp, '--workers', '0', '--out', path.join(d, 'r')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${exp}: matchups[0][1]: expected no control characters (line breaks, tabs, ...)`);
  });
});

describe('absolute paths in campaign files', () => {
  it('an absolute army path (and out) is the file itself, not a path under the campaign folder', () => {
    const d = out();
    const campaign = JSON.parse(readFileSync(path.join(ROOT, 'test/campaign/fixtures/small.json'), 'utf8'));
    for (const f of campaign.factions) for (const p of f.players) p.army = path.resolve(ROOT, 'test/campaign/fixtures', p.army);
    campaign.out = path.join(d, 'abs-out');
    const cf = path.join(d, 'abs.json');
    writeFileSync(cf, JSON.stringify(campaign));
    const c = cli(['campaign', cf, '--campaigns', '1', '--workers', '0', '--no-report']);
    expect(c.code, c.stderr).toBe(0);
    expect(existsSync(path.join(d, 'abs-out', 'campaigns.csv'))).toBe(true);
  });
});

describe('report input', () => {
  it('a VP that is not a number is exit 2 naming the file, the line and the column, before any work', () => {
    const d = out();
    cpSync(path.join(ROOT, 'test/fixtures/report/run'), d, { recursive: true });
    const games = path.join(d, 'games.csv');
    const lines = readFileSync(games, 'utf8').split('\n');
    const f = lines[2].split(',');
    f[10] = 'abc';
    lines[2] = f.join(',');
    writeFileSync(games, lines.join('\n'));
    const r = cli(['report', d, '--no-replays']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${games}: line 3: column vp_a: expected a number, got "abc"\n`);
    expect(existsSync(path.join(d, 'report.html'))).toBe(false);
    // Empty fields (no data) and negative numbers are numbers.
    f[10] = '-3';
    lines[2] = f.join(',');
    writeFileSync(games, lines.join('\n'));
    expect(cli(['report', d, '--no-replays']).code).toBe(0);
  });
});

describe('output paths near the system limit', () => {
  it('an --out whose files would pass 4095 bytes is refused before any work, exit 2, nothing made', () => {
    const d = out();
    // Components under 255 bytes; the folder itself fits, the replays' temporary files under it would not.
    let deep = d;
    while (Buffer.byteLength(deep) < 4095 - 30) deep = path.join(deep, 'a'.repeat(Math.min(200, 4095 - 30 - Buffer.byteLength(deep) - 1)));
    const r = cli(['run', path.join(FIXTURES, 'sims', 'tiny.json'), '--game-module', FAKE, '--workers', '1', '--out', deep]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--out \/.*: too long a path: files written under it reach \d+ bytes, beyond the system's 4095; choose a shorter one\n$/);
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('one experiment per output folder', () => {
  it("another experiment into a folder with one's outputs is refused, exit 2, the first intact; --force replaces them", () => {
    const d = out();
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    expect(cli(['run', tiny, '--game-module', FAKE, '--workers', '0', '--out', d, '--no-report']).code).toBe(0);
    const games = readFileSync(path.join(d, 'games.csv'), 'utf8');
    const other = JSON.parse(readFileSync(tiny, 'utf8'));
    other.name = 'tiny-two';
    other.matchups = other.matchups.map((m: string[]) => m.map((a) => path.join(FIXTURES, 'sims', a)));
    const f = path.join(out(), 'tiny-two.json');
    writeFileSync(f, JSON.stringify(other));
    const r = cli(['run', f, '--game-module', FAKE, '--workers', '0', '--out', d, '--no-report']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${d}: holds the outputs of experiment "tiny", not of experiment "tiny-two"; choose another --out, or add --force to replace them\n`);
    expect(readFileSync(path.join(d, 'games.csv'), 'utf8')).toBe(games);
    writeFileSync(path.join(d, 'crossing.csv'), 'a sweep was here\n');
    const forced = cli(['run', f, '--game-module', FAKE, '--workers', '0', '--out', d, '--no-report', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(d, 'manifest.json'), 'utf8')).experiment).toBe('tiny-two');
    expect(existsSync(path.join(d, 'crossing.csv'))).toBe(false);
  });

  it("a tournament or campaigns into a run's folder, or a run into theirs, are refused, exit 2, the files intact; --force replaces them", () => {
    const tiny = path.join(FIXTURES, 'sims', 'tiny.json');
    const armies = ['alpha-400', 'beta-400'].map((a) => path.join(FIXTURES, 'sims', 'armies', `${a}.json`)).join(',');
    const game = path.join(FIXTURES, 'fake-tournament-game.mjs');
    const campaign = path.join(ROOT, 'test', 'campaign', 'fixtures', 'small.json');
    const tournament = (d: string): string[] => [
      'tournament',
      '--policies',
      'random,p1',
      '--armies',
      armies,
      '--scenarios',
      'raid',
      '--games',
      '8',
      '--game-module',
      game,
      '--workers',
      '0',
      '--out',
      d,
      '--no-report',
    ];
    const campaigns = (d: string): string[] => ['campaign', campaign, '--campaigns', '1', '--battle-policy', 'random', '--workers', '0', '--out', d, '--no-report'];
    const run = (d: string): string[] => ['run', tiny, '--game-module', FAKE, '--workers', '0', '--out', d, '--no-report'];
    const files = (d: string): Record<string, string> => Object.fromEntries(readdirSync(d).map((f) => [f, readFileSync(path.join(d, f), 'utf8')]));
    const refused = (d: string, args: string[], line: string): void => {
      const before = files(d);
      const r = cli(args);
      expect(r.code, r.stderr).toBe(2);
      // The campaign fixture's map warnings come first.
      expect(r.stderr.split('\n').filter((l) => !l.startsWith('warning: '))).toEqual([`${d}: holds the outputs of ${line}; choose another --out, or add --force to replace them`, '']);
      expect(files(d)).toEqual(before);
    };

    const d = out();
    expect(cli(run(d)).code).toBe(0);
    refused(d, tournament(d), 'experiment "tiny", not of a tournament');
    refused(d, campaigns(d), 'experiment "tiny", not of campaign "small"');
    const t = cli([...tournament(d), '--force']);
    expect(t.code, t.stderr).toBe(0);
    expect(readdirSync(d).sort()).toEqual(['errors.csv', 'games.csv', 'manifest.json', 'pairings.csv', 'ratings.csv', 'summary.csv']);
    refused(d, run(d), 'a tournament, not of experiment "tiny"');
    refused(d, campaigns(d), 'a tournament, not of campaign "small"');
    const c = cli([...campaigns(d), '--force']);
    expect(c.code, c.stderr).toBe(0);
    // Nothing of the tournament is left beside the campaigns' files.
    expect(readdirSync(d).sort()).toEqual(['battles.csv', 'campaigns.csv', 'errors.csv', 'manifest.json', 'territories.csv']);
    refused(d, run(d), 'campaign "small", not of experiment "tiny"');
    refused(d, tournament(d), 'campaign "small", not of a tournament');
  }, 60_000);
});
