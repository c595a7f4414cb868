/**
 * Compares the engine of two checkouts: `npx tsx bench/compare.ts BASE [NEW] [rounds] [batch]`.
 * BASE and NEW (default: this checkout) are directories with `dist/` built
 * (`npm run build` in each). Figures go to bench/README.md (## engine).
 *
 * This VM's speed drifts by 15–30% within seconds, so two runs one after the
 * other cannot tell a 5% change from noise. Here each checkout plays in its own
 * warm process, and the two take turns at batches of the same games
 * (bench/mix.ts, as bench/engine.ts plays); each turn's pair of times sees nearly the same
 * machine, and the median of the pairs' ratios is the figure. Same checkout on
 * both sides (A/A), 300 rounds of 30 games: median 1.002, quartiles 0.95–1.09.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadMix } from './mix.js';

const WARM_UP = 300;

/** The child: one checkout's built engine, warmed up, playing `n` games per line read and answering "ms actions". */
async function child(root: string): Promise<void> {
  const { playGame, randomPolicy, options } = await loadMix(root);
  let k = 0;
  const play = (n: number, prefix: string): number => {
    let actions = 0;
    for (let i = 0; i < n; i++, k++) actions += playGame({ ...options(k, prefix), policies: [randomPolicy, randomPolicy] }).actions;
    return actions;
  };
  play(WARM_UP, 'warm');
  k = 0;
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const t0 = performance.now();
    const actions = play(Number(line), 'bench');
    process.stdout.write(`${performance.now() - t0} ${actions}\n`);
  }
}

interface Side {
  name: string;
  ms: number;
  actions: number;
  ask(games: number): Promise<{ ms: number; actions: number }>;
  close(): void;
}

function start(name: string, root: string): Side & { ready: Promise<unknown> } {
  const p = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', root], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: p.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error(`${name} (${root}) stopped`);
    return r.value;
  };
  return {
    name,
    ms: 0,
    actions: 0,
    ready: next(),
    async ask(games: number) {
      p.stdin.write(`${games}\n`);
      const [ms, actions] = (await next()).split(' ').map(Number);
      return { ms, actions };
    },
    close: () => p.stdin.end(),
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main(): Promise<void> {
  const [baseArg, newArg, roundsArg, batchArg] = process.argv.slice(2);
  if (!baseArg || baseArg === '--help') {
    console.log(
      'usage: npx tsx bench/compare.ts BASE [NEW=.] [rounds=300] [batch=30]\n  e.g. git worktree add /tmp/base HEAD~1 && (cd /tmp/base && npm ci && npm run build) && npm run build && npx tsx bench/compare.ts /tmp/base',
    );
    return;
  }
  const roots = [path.resolve(baseArg), path.resolve(newArg ?? '.')];
  for (const r of roots) if (!existsSync(path.join(r, 'dist', 'engine', 'index.js'))) throw new Error(`${r}: no dist/ (run npm run build there)`);
  const rounds = Number(roundsArg ?? 300);
  const batch = Number(batchArg ?? 30);
  const sides = [start('base', roots[0]), start('new', roots[1])];
  await Promise.all(sides.map((s) => s.ready));
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const ms = [0, 0];
    // Alternate who goes first, so neither always follows the other.
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const t = await sides[i].ask(batch);
      ms[i] = t.ms;
      sides[i].ms += t.ms;
      sides[i].actions += t.actions;
    }
    ratios.push(ms[0] / ms[1]);
    if ((r + 1) % 50 === 0 && process.stderr.isTTY) process.stderr.write(`${r + 1}/${rounds} rounds\n`);
  }
  for (const s of sides) s.close();
  ratios.sort((a, b) => a - b);
  const games = rounds * batch;
  for (const [i, s] of sides.entries()) {
    console.log(`${s.name.padEnd(4)} ${roots[i]}: ${((games / s.ms) * 1000).toFixed(0)} games/s, ${(s.actions / games).toFixed(0)} actions a game`);
  }
  console.log(
    `new / base speed: median of ${rounds} turns ${quantile(ratios, 0.5).toFixed(3)} (quartiles ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)}); whole run ${(sides[0].ms / sides[1].ms).toFixed(3)}`,
  );
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
