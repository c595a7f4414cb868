import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';
import { cli } from './helpers.js';

/*
 * Plugin bots through the CLI: `play` loads a plugin by absolute
 * path; a bad answer or a bot that never answers is one line naming the bot,
 * the decision kind and the seed that replays it, exit 1, and --log leaves
 * nothing behind; `run` with a bot that never answers finishes.
 */
const BOT = path.join(ROOT, 'test', 'runner', 'fixtures', 'bots', 'misbehave.mjs');
const ARMIES = ['--army-a', 'sims/armies/ironbound-400.json', '--army-b', 'sims/armies/tuskfell-400.json', '--scenario', 'raid'];
const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-cli-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('play with a plugin bot', () => {
  it('an absolute path loads and plays (the same game as the built-in it copies)', () => {
    const r = cli(['play', ...ARMIES, '--seed', '4', '--policy-a', `${BOT}:mode=ok`, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).rounds).toBeGreaterThan(0);
    // Its answers are random's, from the same stream: the checks of a plugin's answers change nothing.
    expect(r.stdout).toBe(cli(['play', ...ARMIES, '--seed', '4', '--policy-a', 'random', '--json']).stdout);
  });

  it('an undefined answer: one line naming the bot, the decision kind and the seed, exit 1', () => {
    const r = cli(['play', ...ARMIES, '--seed', '9', '--policy-b', `${BOT}:mode=undefined,at=2`]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: bot misbehave-undefined \(.*misbehave\.mjs\) returned undefined for a \w+ decision; replay it with --seed 9\n$/);
  });

  it('a bot that never answers: stopped at --decision-timeout with one line; --log leaves no file', () => {
    const log = path.join(dir, 'logs', 'game.jsonl');
    const t0 = Date.now();
    const r = cli(['play', ...ARMIES, '--seed', '5', '--policy-a', `${BOT}:mode=loop,at=10`, '--decision-timeout', '0.5', '--log', log]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: bot misbehave-loop \(.*misbehave\.mjs\) did not answer a \w+ decision within 0\.5 s \(--decision-timeout\); replay it with --seed 5\n$/);
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(existsSync(log)).toBe(false);
    expect(readdirSync(path.dirname(log))).toEqual([]);
  });

  it('--decision-timeout takes seconds above 0', () => {
    for (const bad of ['0', '-1', 'abc', '']) {
      const r = cli(['play', ...ARMIES, '--decision-timeout', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/^--decision-timeout: expected seconds above 0/);
    }
  });
});

describe('run with a plugin bot that never answers', () => {
  it('--workers 2: the games go to errors.csv with their seeds, the run finishes', () => {
    const exp = path.join(dir, 'loop.json');
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name: 'loop',
        seed: 'l',
        games: 2,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[`${BOT}:mode=loop,at=10`, 'random']],
      }),
    );
    const out = path.join(dir, 'loop-out');
    const r = cli(['run', exp, '--workers', '2', '--out', out, '--decision-timeout', '0.5', '--no-report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 games in [\d.]+ s; 2 games threw \(see errors\.csv\)/);
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/,[01],[0-9a-f]{32},bot misbehave-loop .* did not answer a \w+ decision within 0\.5 s/);
  });
});

describe('campaigns with a plugin battle bot', () => {
  const CAMPAIGN = path.join(ROOT, 'test', 'campaign', 'fixtures', 'small.json');
  it('by absolute path: plays as the built-in it copies (the same campaigns.csv)', () => {
    const args = (out: string, policy: string): string[] => ['campaign', CAMPAIGN, '--campaigns', '1', '--workers', '1', '--battle-policy', policy, '--out', out, '--no-report'];
    const a = cli(args(path.join(dir, 'camp-plugin'), `${BOT}:mode=ok`));
    expect(a.code, a.stderr).toBe(0);
    expect(cli(args(path.join(dir, 'camp-random'), 'random')).code).toBe(0);
    const read = (d: string): string => readFileSync(path.join(dir, d, 'campaigns.csv'), 'utf8');
    expect(read('camp-plugin')).toBe(read('camp-random'));
  });

  it('a bot that never answers: its campaigns go to errors.csv, the run finishes', () => {
    const out = path.join(dir, 'camp-loop');
    const r = cli(['campaign', CAMPAIGN, '--campaigns', '2', '--workers', '2', '--battle-policy', `${BOT}:mode=loop,at=30`, '--decision-timeout', '0.5', '--out', out, '--no-report']);
    expect(r.code, r.stderr).toBe(0);
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/^small,[01],[0-9a-f]+,bot misbehave-loop .* did not answer a \w+ decision within 0\.5 s/);
  });
});

/*
 * A plugin module that never finishes loading: it is loaded in a thread of
 * its own first, for at most --decision-timeout; the command ends with one
 * line naming the module, exit 2, and leaves no run.lock. A signal during the
 * load ends the command at once.
 */
describe('a plugin that hangs while it loads', () => {
  const HANG = path.join(ROOT, 'test', 'runner', 'fixtures', 'bots', 'hang-load.mjs');
  const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
  const hangRun = (name: string): { exp: string; out: string } => {
    const exp = path.join(dir, `${name}.json`);
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name,
        seed: 'h',
        games: 2,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[HANG, 'random']],
      }),
    );
    return { exp, out: path.join(dir, `${name}-out`) };
  };
  const line = (how: string): RegExp => new RegExp(`^policy ".*hang-load\\.mjs": module .*hang-load\\.mjs ${how}\n$`);

  const slow = 'did not finish loading within 5 s \\(--decision-timeout, at least 5 s\\): a busy loop or an await that never settles at its top level\\?';
  const dry = 'never finished loading: its top level awaits something that never settles \\(or calls process\\.exit\\)';
  for (const [how, command, says] of [
    ['loop', 'play', slow],
    ['await', 'run', slow],
    ['settle', 'play', dry],
    ['settle', 'run', dry],
  ] as const) {
    it(`HANG=${how}: ${command} ends with one line naming the module, exit 2, nothing left behind`, () => {
      const env = { ...process.env, HANG: how };
      const t0 = Date.now();
      const { exp, out } = hangRun(`hang-${how}-${command}`);
      const args =
        command === 'play' ? ['play', ...ARMIES, '--policy-a', HANG, '--decision-timeout', '0.5', '--json'] : ['run', exp, '--workers', '1', '--out', out, '--decision-timeout', '0.5', '--no-report'];
      const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(line(says));
      if (command === 'run') expect(readdirSync(out)).toEqual([]);
      expect(Date.now() - t0).toBeLessThan(30_000);
    }, 90_000);
  }

  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    it(`${sig} while it loads ends the run within seconds and releases run.lock`, async () => {
      const { exp, out } = hangRun(`hang-${sig}`);
      const child = spawn(process.execPath, [MAIN, 'run', exp, '--workers', '1', '--out', out, '--decision-timeout', '600', '--no-report'], {
        cwd: ROOT,
        env: { ...process.env, HANG: 'await' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const lock = path.join(out, 'run.lock');
      // The lock is taken before the plugins load; half a second later the module is loading.
      while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 500));
      const t0 = Date.now();
      child.kill(sig);
      // A run that does not end is killed (and fails the test) rather than left behind.
      const code = await new Promise<number | null | 'hung'>((resolve) => {
        const hung = setTimeout(() => {
          child.kill('SIGKILL');
          resolve('hung');
        }, 10_000);
        child.on('exit', (c) => {
          clearTimeout(hung);
          resolve(c);
        });
      });
      expect(Date.now() - t0).toBeLessThan(5_000);
      // Stopped by a signal (docs/CLI.md): 130 for SIGINT, 143 for SIGTERM.
      expect(code, stderr).toBe(sig === 'SIGTERM' ? 143 : 130);
      expect(stderr).toMatch(new RegExp(`hang-load\\.mjs was still loading at ${sig}; stopped\n$`));
      expect(existsSync(lock)).toBe(false);
    }, 60_000);
  }

  it("a module that loads in its own thread but never in the command's: a second SIGINT ends the run within 2 s, exit 130, run.lock released", async () => {
    const { exp, out } = hangRun('hang-main');
    const child = spawn(process.execPath, [MAIN, 'run', exp, '--workers', '1', '--out', out, '--decision-timeout', '600', '--no-report'], {
      cwd: ROOT,
      env: { ...process.env, HANG: 'main' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let code: number | null | undefined;
    child.on('exit', (c) => (code = c));
    const lock = path.join(out, 'run.lock');
    const until = async (ok: () => boolean, ms: number): Promise<void> => {
      for (const t0 = Date.now(); !ok() && Date.now() - t0 < ms;) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      // The command's own import of the module awaits for good.
      await until(() => stderr.includes('hang-load: waiting for good'), 30_000);
      expect(stderr).toContain('hang-load: waiting for good');
      child.kill('SIGINT');
      // The first signal asks the tasks in flight to finish; the load never does, so the run goes on.
      await until(() => code !== undefined, 1_000);
      expect(code, stderr).toBeUndefined();
      expect(existsSync(lock)).toBe(true);
      const t0 = Date.now();
      child.kill('SIGINT');
      await until(() => code !== undefined, 10_000);
      expect(Date.now() - t0).toBeLessThan(4_000);
      expect(code, stderr).toBe(130);
      expect(stderr).toContain('SIGINT: ending now');
      expect(existsSync(lock)).toBe(false);
    } finally {
      if (code === undefined) child.kill('SIGKILL');
    }
  }, 60_000);
});

/*
 * A plugin cannot end the process or spoil its output: process.exit in a
 * decision is an error naming the bot, its console.log goes to stderr (play
 * --json stays JSON), and a name getter that throws is named.
 */
describe('a plugin that exits, prints or has no name', () => {
  it('process.exit in a decision: one line naming the bot, exit 1 (play); an error row naming it (run)', () => {
    const p = cli(['play', ...ARMIES, '--seed', '3', '--policy-a', `${BOT}:mode=exit,at=3`]);
    expect(p.code).toBe(1);
    expect(p.stderr).toMatch(/^error: bot misbehave-exit \(.*misbehave\.mjs\) called process\.exit\(3\) on a \w+ decision; replay it with --seed 3\n$/);
    const exp = path.join(dir, 'exit.json');
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name: 'exit',
        seed: 'x',
        games: 2,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[`${BOT}:mode=exit,at=3`, 'random']],
      }),
    );
    const out = path.join(dir, 'exit-out');
    const r = cli(['run', exp, '--workers', '1', '--out', out, '--no-report']);
    expect(r.code, r.stderr).toBe(0);
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/bot misbehave-exit \(.*\) called process\.exit\(3\) on a \w+ decision/);
  });

  it("console.log in a decision goes to stderr: play --json's stdout is the same JSON", () => {
    const r = cli(['play', ...ARMIES, '--seed', '4', '--policy-a', `${BOT}:mode=log`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('thinking out loud\n');
    expect(r.stdout).toBe(cli(['play', ...ARMIES, '--seed', '4', '--policy-a', 'random', '--json']).stdout);
  });

  it('a name getter that throws: one line naming the module, exit 2', () => {
    const bad = path.join(ROOT, 'test', 'runner', 'fixtures', 'bots', 'bad-name.mjs');
    const r = cli(['play', ...ARMIES, '--policy-a', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`policy "${bad}": module ${bad}: reading its name or choose threw: no name today\n`);
  });
});

/*
 * A plugin bot that fills its heap while deciding: its worker ends on Node's
 * heap limit (kept small here with SKIRMISH_WORKER_MEMORY_MB), and the
 * command ends on one line naming the bot, not an anonymous worker crash.
 */
describe('a plugin that runs out of memory', () => {
  const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
  const env = { ...process.env, SKIRMISH_WORKER_MEMORY_MB: '64' };
  const hog = `${BOT}:mode=hog,at=5`;
  const oom = (kind: string): string => `bot misbehave-hog \\(.*misbehave\\.mjs\\) ran out of memory on a ${kind} decision \\(its worker's heap limit of 64 MB, SKIRMISH_WORKER_MEMORY_MB\\)`;

  it('run: one error line naming the bot, the game and its seed, exit 1; the resume line follows', () => {
    const exp = path.join(dir, 'hog.json');
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name: 'hog',
        seed: 'h',
        games: 2,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[hog, 'random']],
      }),
    );
    const out = path.join(dir, 'hog-out');
    const r = spawnSync(process.execPath, [MAIN, 'run', exp, '--workers', '1', '--out', out, '--no-report'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(1);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^error: ${oom('\\w+')} in game 0 of cell ".*mode=hog,at=5 vs random" \\(seed [0-9a-f]{32}\\)$`));
    expect(r.stderr).toContain('resume with: skirmish run');
  }, 60_000);

  it('play: one line naming the bot and the seed that replays it, exit 1', () => {
    const r = spawnSync(process.execPath, [MAIN, 'play', ...ARMIES, '--seed', '3', '--policy-a', hog], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: ${oom('\\w+')}; replay it with --seed 3\n$`));
  }, 60_000);

  it('SKIRMISH_WORKER_MEMORY_MB that is not a number of MB: one line, exit 2', () => {
    const r = spawnSync(process.execPath, [MAIN, 'play', ...ARMIES, '--policy-a', hog], { cwd: ROOT, env: { ...env, SKIRMISH_WORKER_MEMORY_MB: 'lots' }, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('SKIRMISH_WORKER_MEMORY_MB: expected a whole number of MB, at least 16, got "lots"\n');
  });
});

describe('a plugin sees the game read-only', () => {
  it('a bot that adds to its VP: one line naming the bot, exit 1 (play); its games are errors, not wins (run)', () => {
    const p = cli(['play', ...ARMIES, '--seed', '2', '--policy-a', `${BOT}:mode=cheat,at=2`]);
    expect(p.code).toBe(1);
    expect(p.stderr).toMatch(
      /^error: bot misbehave-cheat \(.*misbehave\.mjs\) tried to change the game \(set 0\); a bot sees the game read-only: play a fork \(view\.fork\) to try moves, on a \w+ decision; replay it with --seed 2\n$/,
    );
    const exp = path.join(dir, 'cheat.json');
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'experiment',
        name: 'cheat',
        seed: 'c',
        games: 4,
        matchups: [[path.join(ROOT, 'sims/armies/ironbound-400.json'), path.join(ROOT, 'sims/armies/tuskfell-400.json')]],
        scenarios: ['raid'],
        policies: [[`${BOT}:mode=cheat,at=2`, 'random']],
      }),
    );
    const out = path.join(dir, 'cheat-out');
    const r = cli(['run', exp, '--workers', '1', '--out', out, '--no-report']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'games.csv'), 'utf8').trim().split('\n')).toHaveLength(1);
    expect(readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1)).toHaveLength(4);
  });
});
