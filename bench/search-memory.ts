/**
 * Search memory: `npx tsx bench/search-memory.ts [games] [--policy=search] [--out DIR]`.
 * A tournament of SPEC against balanced (default 1,008 games: 1,000 rounded
 * up to whole rotations) on 2 workers, through the built runner (`dist/`),
 * printing the process's RSS (the worker threads included) and the main
 * thread's heap as the games finish: flat means no state outlives its game.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const spec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length) ?? 'search';
const games = Number(args[0] ?? 1000);
const runner: typeof import('../src/runner/index.js') = await import(pathToFileURL(path.join(root, 'dist', 'runner', 'index.js')).href);
const out = mkdtempSync(path.join(tmpdir(), 'search-memory-'));
const t = runner.planTournament({
  policies: ['balanced', spec],
  armies: ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((a) => path.join(root, 'sims', 'armies', `${a}.json`)),
  scenarios: ['annihilation', 'raid', 'tug-of-war', 'broken-lines'],
  games,
  seed: 'search-memory',
  out,
});
console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}; balanced vs ${spec}, ${t.gamesPerPairing} games on 2 workers`);
console.log('games  RSS MB  heap MB  games/s');
const mb = (b: number) => (b / 2 ** 20).toFixed(0).padStart(6);
let next = 0;
const started = Date.now();
const r = await runner.runTournament(t, {
  workers: 2,
  onProgress: (p) => {
    if (p.done < next && p.done < p.total) return;
    next = p.done + Math.ceil(p.total / 10);
    const m = process.memoryUsage();
    console.log(`${String(p.done).padStart(5)}  ${mb(m.rss)}   ${mb(m.heapUsed)}   ${((p.done / (Date.now() - started)) * 1000).toFixed(2)}`);
  },
});
console.log(`errors ${r.run.errors}; ${spec} vs balanced: ${r.pairings.map((row) => `wins_a ${row[3]}, draws ${row[4]}, losses_a ${row[5]} (policy a = balanced)`).join('; ')}`);
rmSync(out, { recursive: true, force: true });
