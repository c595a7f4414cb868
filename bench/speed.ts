/**
 * The players' speed targets in one run:
 * `npx tsx bench/speed.ts [--quick] [--base=REV | --base-dir=DIR] [--rounds=N] [--random=N] [--balanced=N] [--search=N] [--worker-games=N] [--worker-pairs=N]`.
 * Needs `npm run build` (the games play the built engine and bots, as `skirmish run` does).
 *
 * Four warm processes take turns at batches of the mix's games (bench/mix.ts: the same seeds, armies
 * and scenarios for each): `random` on both sides, `balanced` on both sides, `search` against
 * `balanced` (seats alternating), all of this checkout, and `random` of an earlier build (`--base=REV`,
 * default acb05ab: checked out with `git worktree` into a temporary directory, node_modules linked,
 * built there and removed at the end; or `--base-dir=DIR`, a checkout with `dist/` built). Each turn
 * gives each process's CPU time a game; the figures are the medians of the turns' ratios, with their
 * quartiles and range, so that the machine's drift falls on both sides of each ratio alike:
 *
 *   balanced ÷ random (a game's time; target ≤ 2), search ÷ balanced (≤ 20),
 *   random ÷ the earlier build's random (≤ 1).
 *
 * Then the quickstart experiment (`strongest` = balanced on both sides) through the runner on 1 and on 2
 * workers, in fresh processes taking turns: 2 workers ÷ 1 in games/s over each run's second half (each
 * worker's JIT warm-up excluded; target ≥ 1.8), and the RSS of the 2-worker runs at a quarter and at
 * the end of their games, with the turn processes' RSS at their first and last turn (memory flat).
 * Figures go to bench/README.md (engine, "speed.ts").
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadMix } from './mix.js';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ------------------------------------------------------------------ turn processes

/**
 * A turn process: one checkout's built engine and bots playing the mix with `what` ('random',
 * 'balanced', or 'search' against 'balanced'), warmed up, then `n` games a line read, answering
 * "cpuMs wallMs rssMb".
 */
async function turnChild(root: string, what: string, warm: number): Promise<void> {
  const { playGame, getPolicy, options } = await loadMix(root);
  const main = getPolicy(what);
  const foil = what === 'search' ? getPolicy('balanced') : main;
  let k = 0;
  const play = (n: number, prefix: string): void => {
    for (let i = 0; i < n; i++, k++) playGame({ ...options(k, prefix), policies: k % 2 ? [foil, main] : [main, foil] });
  };
  play(warm, 'warm');
  k = 0;
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    play(Number(line), 'bench');
    const c = process.cpuUsage(c0);
    process.stdout.write(`${(c.user + c.system) / 1000} ${performance.now() - t0} ${process.memoryUsage().rss / 2 ** 20}\n`);
  }
}

interface Turn {
  cpuMs: number;
  wallMs: number;
  rssMb: number;
}

interface Side {
  name: string;
  batch: number;
  turns: Turn[];
  ready: Promise<unknown>;
  ask(games: number): Promise<Turn>;
  close(): void;
}

function startTurns(name: string, root: string, what: string, warm: number, batch: number): Side {
  const p = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--turns', root, what, String(warm)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: p.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error(`${name} (${root}) stopped`);
    return r.value;
  };
  return {
    name,
    batch,
    turns: [],
    ready: next(),
    async ask(games: number) {
      p.stdin.write(`${games}\n`);
      const [cpuMs, wallMs, rssMb] = (await next()).split(' ').map(Number);
      return { cpuMs, wallMs, rssMb };
    },
    close: () => p.stdin.end(),
  };
}

// ------------------------------------------------------------------ worker runs

interface WorkerRun {
  workers: number;
  games: number;
  seconds: number;
  secondHalfGamesPerSecond: number;
  rssQuarterMb: number;
  rssEndMb: number;
}

/** A worker run: the quickstart experiment (about `games` games) through the runner on `workers` workers. */
async function workerChild(games: number, workers: number): Promise<WorkerRun> {
  const { loadCheckedExperiment, quickstartFile, runExperiment } = await import('../src/runner/index.js');
  const e = loadCheckedExperiment({ file: quickstartFile(), games: Math.max(2, Math.ceil(games / 9 / 2) * 2) });
  const out = mkdtempSync(path.join(tmpdir(), 'skirmish-speed-'));
  const t0 = performance.now();
  let halfAt = 0;
  let halfDone = 0;
  let rssQuarterMb = 0;
  let rssEndMb = 0;
  try {
    const o = await runExperiment({
      experiment: e,
      out,
      workers,
      onProgress: (p: { played: number; total: number }) => {
        // RSS counts the worker threads: read while they live (the last report comes before the pool ends).
        const rss = process.memoryUsage().rss / 2 ** 20;
        if (rssQuarterMb === 0 && p.played >= p.total / 4) rssQuarterMb = rss;
        rssEndMb = rss;
        if (halfAt === 0 && p.played >= p.total / 2) {
          halfAt = performance.now();
          halfDone = p.played;
        }
      },
    });
    if (o.status !== 'complete') throw new Error(`run ${o.status}: ${o.failure ?? ''}`);
    const t1 = performance.now();
    return { workers, games: o.played, seconds: (t1 - t0) / 1000, secondHalfGamesPerSecond: (o.played - halfDone) / ((t1 - halfAt) / 1000), rssQuarterMb, rssEndMb };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function workerRun(games: number, workers: number): WorkerRun {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--workers-child', String(games), String(workers)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`worker run (${workers} workers) failed: exit ${r.status}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as WorkerRun;
}

// ------------------------------------------------------------------ the earlier build

/** A checkout of `rev` with dist/ built, in a temporary git worktree; `done` removes it. */
function buildBase(rev: string): { root: string; done(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-speed-base-'));
  rmSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: HERE, stdio: ['ignore', 'ignore', 'inherit'] });
  git('worktree', 'add', '--detach', dir, rev);
  const done = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    symlinkSync(realpathSync(path.join(HERE, 'node_modules')), path.join(dir, 'node_modules'));
    process.stderr.write(`building ${rev} in ${dir}\n`);
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    done();
    throw e;
  }
  return { root: dir, done };
}

// ------------------------------------------------------------------ figures

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function spread(xs: number[], digits = 2, unit = 'turns'): string {
  const s = [...xs].sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(digits);
  return `${f(quantile(s, 0.5))} (quartiles ${f(quantile(s, 0.25))}–${f(quantile(s, 0.75))}, range ${f(s[0])}–${f(s[s.length - 1])}, ${s.length} ${unit})`;
}

function arg(name: string, fallback: string): string {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
    return;
  }
  if (!existsSync(path.join(HERE, 'dist', 'engine', 'index.js'))) throw new Error(`${HERE}: no dist/ (run npm run build)`);
  const quick = process.argv.includes('--quick');
  const rounds = Number(arg('rounds', quick ? '4' : '12'));
  const batches = { random: Number(arg('random', quick ? '10' : '40')), balanced: Number(arg('balanced', quick ? '2' : '8')), search: Number(arg('search', '1')) };
  const workerGames = Number(arg('worker-games', quick ? '180' : '1800'));
  const workerPairs = Number(arg('worker-pairs', quick ? '1' : '2'));
  const baseDir = arg('base-dir', '');
  const rev = arg('base', 'acb05ab');
  const started = new Date();
  const load0 = loadavg();
  const base = baseDir ? { root: path.resolve(baseDir), done() {} } : buildBase(rev);
  const baseName = baseDir ? path.resolve(baseDir) : rev;
  try {
    if (!existsSync(path.join(base.root, 'dist', 'engine', 'index.js'))) throw new Error(`${base.root}: no dist/ (run npm run build there)`);
    const sides = [
      startTurns('random', HERE, 'random', 300, batches.random),
      startTurns(`random@${baseName}`, base.root, 'random', 300, batches.random),
      startTurns('balanced', HERE, 'balanced', 20, batches.balanced),
      startTurns('search', HERE, 'search', 2, batches.search),
    ];
    await Promise.all(sides.map((s) => s.ready));
    const per = (s: Side, r: number) => s.turns[r].cpuMs / s.batch;
    const ratios = { balancedRandom: [] as number[], searchBalanced: [] as number[], randomBase: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      // Each turn in a rotated order, so that none always follows another.
      for (let i = 0; i < sides.length; i++) {
        const s = sides[(i + r) % sides.length];
        s.turns.push(await s.ask(s.batch));
      }
      const [rnd, old, bal, sea] = sides;
      ratios.balancedRandom.push(per(bal, r) / per(rnd, r));
      ratios.searchBalanced.push(per(sea, r) / per(bal, r));
      ratios.randomBase.push(per(rnd, r) / per(old, r));
      if (process.stderr.isTTY) process.stderr.write(`turn ${r + 1}/${rounds}\n`);
    }
    for (const s of sides) s.close();

    const runs: WorkerRun[] = [];
    const pairs: number[] = [];
    for (let p = 0; p < workerPairs; p++) {
      const order = p % 2 ? [2, 1] : [1, 2];
      const got: Record<number, WorkerRun> = {};
      for (const w of order) {
        got[w] = workerRun(workerGames, w);
        runs.push(got[w]);
        if (process.stderr.isTTY) process.stderr.write(`worker run ${runs.length}/${2 * workerPairs}: ${w} workers, ${got[w].secondHalfGamesPerSecond.toFixed(1)} games/s\n`);
      }
      pairs.push(got[2].secondHalfGamesPerSecond / got[1].secondHalfGamesPerSecond);
    }

    const load1 = loadavg();
    const cpuGame = (s: Side) => s.turns.reduce((a, t) => a + t.cpuMs, 0) / (s.turns.length * s.batch);
    const wallGame = (s: Side) => s.turns.reduce((a, t) => a + t.wallMs, 0) / (s.turns.length * s.batch);
    const ok = (good: boolean) => (good ? 'met' : 'NOT met');
    const med = (xs: number[]) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    console.log(`bench/speed.ts ${process.argv.slice(2).join(' ')}`);
    console.log(`started ${started.toISOString()}, ${availableParallelism()} cores, load ${load0.map((x) => x.toFixed(1)).join(' ')} at start, ${load1.map((x) => x.toFixed(1)).join(' ')} at end`);
    console.log(`turns: ${rounds}; a turn: random ${batches.random} games, balanced ${batches.balanced}, search ${batches.search} (against balanced)`);
    for (const s of sides) {
      console.log(
        `  ${s.name.padEnd(18)} ${cpuGame(s).toFixed(2)} ms CPU a game (${wallGame(s).toFixed(2)} ms wall), RSS ${s.turns[0].rssMb.toFixed(0)} MB at the first turn, ${s.turns.at(-1)!.rssMb.toFixed(0)} MB at the last`,
      );
    }
    const br = med(ratios.balancedRandom);
    const sb = med(ratios.searchBalanced);
    const rb = med(ratios.randomBase);
    const wk = med(pairs);
    console.log(`1. balanced ÷ random, a game's CPU time: ${spread(ratios.balancedRandom)}; target ≤ 2: ${ok(br <= 2)}`);
    console.log(`2. search ÷ balanced, a game's CPU time: ${spread(ratios.searchBalanced, 1)}; target ≤ 20: ${ok(sb <= 20)}`);
    console.log(`3. random ÷ random@${baseName}, a game's CPU time: ${spread(ratios.randomBase, 3)}; target ≤ 1: ${ok(rb <= 1)}`);
    console.log(`4. 2 workers ÷ 1, quickstart (balanced), games/s over each run's second half: ${spread(pairs, 2, 'pairs')}; target ≥ 1.8: ${ok(wk >= 1.8)}`);
    for (const r of runs) {
      console.log(
        `     ${r.workers} worker${r.workers > 1 ? 's' : ' '}: ${r.games} games in ${r.seconds.toFixed(1)} s, second half ${r.secondHalfGamesPerSecond.toFixed(1)} games/s, RSS ${r.rssQuarterMb.toFixed(0)} MB at a quarter, ${r.rssEndMb.toFixed(0)} MB at the end`,
      );
    }
    const two = runs.filter((r) => r.workers === 2);
    const growth = two.map((r) => r.rssEndMb / r.rssQuarterMb);
    console.log(
      `5. memory, 2-worker runs' RSS end ÷ a quarter: ${growth.map((g) => g.toFixed(2)).join(', ')}; turn processes' last ÷ first: ${sides.map((s) => (s.turns.at(-1)!.rssMb / s.turns[0].rssMb).toFixed(2)).join(', ')}`,
    );
  } finally {
    base.done();
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--turns') await turnChild(rest[0], rest[1], Number(rest[2]));
else if (mode === '--workers-child') console.log(JSON.stringify(await workerChild(Number(rest[0]), Number(rest[1]))));
else await main();
