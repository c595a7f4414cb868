/**
 * Marches on purpose: `npx tsx bench/bots-march.ts [games] [--policy=balanced] [--seed=march]`.
 * Plays POLICY against itself on the three sample 800-point armies (every
 * pair, either seat) over six scenarios with generated terrain, and counts
 * the Marches that moved under 0.5" (the whole path walked, `via` points
 * included), the longest run of such Marches by one warrior (its Marches in
 * a row, across activations), and what stopped them. The targets: at
 * most 2% of Marches, never 3 in a row. It plays the built engine (`dist/`,
 * from `npm run build`) on one core; the figures do not depend on the machine.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadMix } from './mix.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flag = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const spec = flag('policy', 'balanced');
const seed = flag('seed', 'march');
const games = Number(args[0] ?? 36);
export const MARCH_SCENARIOS = ['annihilation', 'raid', 'tug-of-war', 'broken-lines', 'meeting-engagement', 'area-control'];
const { playGame, getPolicy, options } = await loadMix(root, MARCH_SCENARIOS);

type Move = { type: 'move'; warrior: string; action: string; from: [number, number]; to: [number, number]; via?: [number, number][] | { x: number; y: number }[]; stoppedBy: string };

/** The length walked: from, each turning point, to. */
function walked(e: Move): number {
  let [x, y] = e.from;
  let len = 0;
  const pts: [number, number][] = (e.via ?? []).map((p) => (Array.isArray(p) ? p : [p.x, p.y]));
  pts.push(e.to);
  for (const [px, py] of pts) {
    len += Math.hypot(px - x, py - y);
    x = px;
    y = py;
  }
  return len;
}

const a = getPolicy(spec);
const b = getPolicy(spec);
let marches = 0;
let short = 0;
let longest = 0;
let longestAt = '';
const runs3 = { count: 0 };
const stopped = new Map<string, number>();
const byScenario = new Map<string, { marches: number; short: number }>();
const t0 = performance.now();
for (let i = 0; i < games; i++) {
  // Seats alternate in pairs: game 2k and 2k+1 play the same armies and seed prefix with the seats swapped.
  // Game pair k: scenario k mod 6, army pair (k div 6) mod 3, so 36 games play each scenario with each pair.
  const k = Math.floor(i / 2);
  const o = options(k % MARCH_SCENARIOS.length, `${seed}-${k}-`);
  const pair = options(Math.floor(k / MARCH_SCENARIOS.length) % 3, '').armies;
  const armies = i % 2 === 0 ? pair : ([pair[1], pair[0]] as typeof pair);
  const scn = o.scenario.id;
  const cell = byScenario.get(scn) ?? { marches: 0, short: 0 };
  byScenario.set(scn, cell);
  const run = new Map<string, number>();
  playGame({
    ...o,
    armies,
    policies: [a, b],
    onEvent: (ev) => {
      if (ev.type !== 'move' || ev.action !== 'march') return;
      const e = ev as unknown as Move;
      marches++;
      cell.marches++;
      const len = walked(e);
      if (len < 0.5) {
        short++;
        cell.short++;
        stopped.set(e.stoppedBy, (stopped.get(e.stoppedBy) ?? 0) + 1);
        const n = (run.get(e.warrior) ?? 0) + 1;
        run.set(e.warrior, n);
        if (n === 3) runs3.count++;
        if (n > longest) {
          longest = n;
          longestAt = `${scn} game ${i} ${e.warrior}`;
        }
      } else run.set(e.warrior, 0);
    },
  });
}
const ms = performance.now() - t0;
const pct = (n: number, d: number) => `${d === 0 ? '0.0' : ((100 * n) / d).toFixed(1)}%`;
console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 16)}; ${spec} vs ${spec}, ${games} games, seed ${seed}`);
console.log(`marches under 0.5"    ${short} of ${marches} (${pct(short, marches)})`);
console.log(`longest run           ${longest} in a row by one warrior${longest > 0 ? ` (${longestAt})` : ''}; runs of 3 or more: ${runs3.count}`);
console.log(
  `stopped by            ${
    [...stopped]
      .sort((p, q) => q[1] - p[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || '-'
  }`,
);
for (const [scn, c] of byScenario) console.log(`  ${scn.padEnd(20)} ${String(c.short).padStart(5)} of ${String(c.marches).padStart(5)} (${pct(c.short, c.marches)})`);
console.log(`${(ms / games).toFixed(0)} ms a game`);
