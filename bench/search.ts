/**
 * Search benchmark: `npx tsx bench/search.ts [games] [--policy=search:playouts=32]`.
 * Plays SPEC against balanced (seats alternating) on one core, on the
 * tournament's four scenarios and the three sample 800-point armies, after a
 * few warm-up games: games/s, where a search game's time goes (forking,
 * playouts, evaluation, the rest), and the memory over the run.
 * It plays the built engine (`dist/`, from `npm run build`).
 * `--against=DIR` instead plays the same games with another checkout's
 * built engine (DIR/dist, e.g. an export of main built with `npx tsc -p
 * tsconfig.build.json`) in the same run, game by game in turn, and prints
 * each one's CPU time a game, their ratio, and whether the games' results
 * are the same.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MIX_SCENARIOS, loadMix } from './mix.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const spec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length) ?? 'search';
const games = Number(args[0] ?? 40);
const scenarios = ['annihilation', 'raid', 'tug-of-war', 'broken-lines'];
const { playGame, getPolicy, options } = await loadMix(root, scenarios);
// bench/engine.ts's mix.
const engineMix = (await loadMix(root, MIX_SCENARIOS)).options;
const { searchTimers }: typeof import('../src/bots/index.js') = await import(pathToFileURL(path.join(root, 'dist', 'bots', 'index.js')).href);

const search = getPolicy(spec);
const balanced = getPolicy('balanced');

const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
if (against) {
  const other = await loadMix(path.resolve(against), scenarios);
  const sides = [
    { name: 'this', mix: { playGame, options }, search, balanced, cpuMs: 0, results: [] as string[] },
    { name: 'against', mix: other, search: other.getPolicy(spec), balanced: other.getPolicy('balanced'), cpuMs: 0, results: [] as string[] },
  ];
  const play = (side: (typeof sides)[number], i: number, prefix: string): string => {
    const first = i % 2 === 0;
    return JSON.stringify(side.mix.playGame({ ...side.mix.options(i, prefix), policies: first ? [side.search, side.balanced] : [side.balanced, side.search] }));
  };
  for (const side of sides) for (let i = 0; i < 4; i++) play(side, i, 'warm');
  for (let i = 0; i < games; i++) {
    // Game by game in turn, the order swapped every game: the machine's load falls on both alike.
    for (const side of i % 2 === 0 ? sides : [sides[1], sides[0]]) {
      const cpu0 = process.cpuUsage();
      side.results.push(play(side, i, 'bench'));
      const cpu = process.cpuUsage(cpu0);
      side.cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  const [here, base] = sides;
  const same = here.results.filter((r, i) => r === base.results[i]).length;
  console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ${spec} vs balanced on ${scenarios.join(', ')}, ${games} games each, in turn`);
  console.log(`ms of CPU a game   this ${(here.cpuMs / games).toFixed(0)}, against ${(base.cpuMs / games).toFixed(0)} (${path.resolve(against)}): ratio ${(here.cpuMs / base.cpuMs).toFixed(3)}`);
  console.log(`same game results  ${same} of ${games}`);
  process.exit(0);
}

/**
 * Balanced against itself on bench/engine.ts's mix, just before and after:
 * the yardstick a search game is measured in (the machine's load falls on both).
 */
function yardstick(n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) playGame({ ...engineMix(i, 'yard'), policies: [balanced, balanced] });
  return (performance.now() - t0) / n;
}

function run(n: number, prefix: string, timed: boolean) {
  searchTimers.enabled = timed;
  let wins = 0;
  let peak = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const first = i % 2 === 0;
    const r = playGame({ ...options(i, prefix), policies: first ? [search, balanced] : [balanced, search] });
    const me = first ? 0 : 1;
    wins += r.winner === me ? 1 : r.winner === null ? 0.5 : 0;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, wins, peak };
}

console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}; ${spec} vs balanced on ${scenarios.join(', ')}`);
run(4, 'warm', false);
yardstick(100);
const before = yardstick(100);
const r = run(games, 'bench', false);
const after = yardstick(100);
const balancedMs = (before + after) / 2;
console.log(`games/s on one core          ${((games / r.ms) * 1000).toFixed(2)}  (${(r.ms / games).toFixed(0)} ms a game, wall clock)`);
// The process's CPU time: what a game costs whatever else the machine runs (V8's compiler and GC threads included).
console.log(`games per CPU second         ${((games / r.cpuMs) * 1000).toFixed(2)}  (${(r.cpuMs / games).toFixed(0)} ms of CPU a game: ${(r.cpuMs / r.ms).toFixed(2)} cores busy)`);
// A search game in balanced games, timed in the same minutes (the load falls on both).
const ratio = r.ms / games / balancedMs;
console.log(`a game in balanced games     ${ratio.toFixed(0)}  (balanced vs balanced on bench/engine.ts's mix ${balancedMs.toFixed(2)} ms a game now)`);
console.log(`win rate vs balanced         ${((100 * r.wins) / games).toFixed(1)}% of ${games} (a smoke figure: the tournament measures strength)`);
console.log(`peak RSS                     ${(r.peak / 2 ** 20).toFixed(0)} MB`);
for (const k of ['forkMs', 'playoutMs', 'evalMs', 'playouts', 'decisions', 'policyMs', 'engineMs'] as const) searchTimers[k] = 0;
const t = run(Math.max(4, Math.round(games / 4)), 'split', true);
const n = Math.max(4, Math.round(games / 4));
const rest = t.ms - searchTimers.forkMs - searchTimers.playoutMs - searchTimers.evalMs;
const pct = (x: number) => `${((100 * x) / t.ms).toFixed(1)}%`;
console.log(`time split over ${n} timed games (${(t.ms / n).toFixed(0)} ms a game, timers on):`);
console.log(`  forking                    ${pct(searchTimers.forkMs)}  (${((1000 * searchTimers.forkMs) / searchTimers.playouts).toFixed(0)} µs a fork)`);
console.log(`  playouts                   ${pct(searchTimers.playoutMs)}  (${(searchTimers.playoutMs / searchTimers.playouts).toFixed(3)} ms a playout)`);
console.log(`    of which policies' choices ${pct(searchTimers.policyMs)}, the engine's apply ${pct(searchTimers.engineMs)}`);
console.log(`  evaluation                 ${pct(searchTimers.evalMs)}  (${((1000 * searchTimers.evalMs) / searchTimers.playouts).toFixed(0)} µs a leaf)`);
console.log(`  the rest (live game, both policies' own decisions)  ${pct(rest)}`);
console.log(`  playouts a game ${(searchTimers.playouts / n).toFixed(0)}, searched Command Cards a game ${(searchTimers.decisions / n).toFixed(1)}`);
