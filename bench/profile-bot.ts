/**
 * CPU-profile helper: `node --cpu-prof --import tsx bench/profile-bot.ts [games=40] [--policy=SPEC]`.
 * Plays the mix's games (bench/mix.ts, built engine) with SPEC on both sides,
 * after 10 warm-up games, so that a .cpuprofile shows where a bot's game goes.
 */
import { fileURLToPath } from 'node:url';
import { loadMix } from './mix.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const games = Number(args[0] ?? 40);
const spec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length) ?? 'balanced';
const { playGame, getPolicy, options } = await loadMix(fileURLToPath(new URL('..', import.meta.url)));
const policy = getPolicy(spec);
for (let i = 0; i < 10; i++) playGame({ ...options(i, 'warm'), policies: [policy, policy] });
const t0 = performance.now();
for (let i = 0; i < games; i++) playGame({ ...options(i, 'prof'), policies: [policy, policy] });
console.log(`${spec}: ${games} games in ${(performance.now() - t0).toFixed(0)} ms`);
const q = (globalThis as any).__pp;
console.log(q?.calls, q?.hits, q?.t, q?.th, q?.tt);
