/**
 * A bot's speed, old against new: `npx tsx bench/ab-bot.ts BASE [NEW] [rounds=12] [batch=8] [--policy=balanced]`.
 * BASE and NEW (default: this checkout) are checkouts with `dist/` built. Both
 * engines are loaded into this one process and take turns at batches of the
 * same games (bench/mix.ts) with SPEC on both sides; prints the median of the
 * rounds' time ratios NEW/BASE and their range (the VM drifts within seconds:
 * each round's pair sees nearly the same machine).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMix } from './mix.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const base = path.resolve(args[0]);
const here = path.resolve(args[1] ?? fileURLToPath(new URL('..', import.meta.url)));
const rounds = Number(args[2] ?? 12);
const batch = Number(args[3] ?? 8);
const spec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length) ?? 'balanced';
const sides = await Promise.all(
  [base, here].map(async (root) => {
    const m = await loadMix(root);
    return { ...m, policy: m.getPolicy(spec) };
  }),
);
const play = (k: number, from: number, n: number): number => {
  const { playGame, options, policy } = sides[k];
  const t0 = process.cpuUsage();
  for (let i = from; i < from + n; i++) playGame({ ...options(i, 'ab'), policies: [policy, policy] });
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
};
for (let k = 0; k < 2; k++) play(k, 1000, 2 * batch); // warm-up
const ratios: number[] = [];
let sum = [0, 0];
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so that neither always follows the other.
  const first = r % 2;
  const t = [0, 0];
  t[first] = play(first, r * batch, batch);
  t[1 - first] = play(1 - first, r * batch, batch);
  sum = [sum[0] + t[0], sum[1] + t[1]];
  ratios.push(t[1] / t[0]);
}
ratios.sort((a, b) => a - b);
const med = ratios[Math.floor(ratios.length / 2)];
console.log(
  `${spec}: new/base CPU time, median of ${rounds} rounds of ${batch} games: ${med.toFixed(3)} (range ${ratios[0].toFixed(3)}–${ratios[ratios.length - 1].toFixed(3)}; totals ${sum[1].toFixed(0)} / ${sum[0].toFixed(0)} ms)`,
);
