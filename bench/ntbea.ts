/**
 * Tunes `balanced`'s options by an N-Tuple Bandit Evolutionary Algorithm
 * (Lucas, Liu and Perez-Liebana 2018, as TAG's evaluation.optimisation
 * package runs it) on the generated tuning lists, never the held-out set.
 *
 *   npx tsx bench/ntbea.ts [--budget=600] [--seed=ntbea] [--neighbours=50] [--explore=1]
 *     [--seeds=6] [--val-groups=24] [--val-first=101]
 *
 * A point is one value of each option's grid (GRID). The model keeps, for
 * each 1-tuple, 2-tuple and the full tuple of options, the mean reward of the
 * evaluated points with those values. Each iteration mutates the current best
 * (the evaluated point of highest model estimate: all of them looked at every
 * 25 iterations, else the best and the newest) into `--neighbours`
 * neighbours, scores them by the model's UCB (mean of the tuples' means plus
 * `--explore` times the mean of their sqrt(ln N / n) bonuses) and evaluates the
 * best. One evaluation is a group of four games (two lists, each list on each
 * side, each policy in each seat) against an opponent of PANEL on a scenario
 * (the counters on their four, the built-ins on all 13), drawn by the seed;
 * its reward is the candidate's score (a draw half a win). `--budget` counts
 * evaluations. At the end: the point of highest model estimate as a spec,
 * then a validation: it and the defaults against each opponent on lists of
 * fresh tune seeds (`tune-101`..), the same games for both, with Wilson
 * intervals and the paired difference (a normal interval over groups).
 * Progress on stderr. In process, one core; deterministic by `--seed`.
 */
import type { Roster } from '../src/army/types.js';
import { createRng, deriveSeed } from '../src/dice/index.js';
import { playGame } from '../src/engine/index.js';
import type { Policy } from '../src/engine/types.js';
import { DEFAULT_RULESET } from '../src/rules/ruleset.js';
import { getScenario, listScenarios } from '../src/scenarios/index.js';
import { wilsonInterval } from '../src/stats/index.js';
import { drawPair, policyMaker, root, tuneLists } from './tune-games.js';

process.chdir(root);
const flag = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const budget = Number(flag('budget', '600'));
const seed = flag('seed', 'ntbea');
const K = Number(flag('neighbours', '50'));
const C = Number(flag('explore', '1'));
const lists = tuneLists(Number(flag('seeds', '6')));
const valGroups = Number(flag('val-groups', '24'));
const valLists = tuneLists(Number(flag('seeds', '6')), Number(flag('val-first', '101')));

/** Each option's grid; the default (registry.ts) is in it. */
const GRID: [string, number[]][] = [
  ['aggression', [0.4, 0.5, 0.6, 0.7, 0.8, 0.9]],
  ['objective', [0.6, 0.7, 0.8, 0.9, 1]],
  ['caution', [0.5, 0.75, 1, 1.25, 1.5]],
  ['hold', [1, 1.5, 2, 3]],
  ['crowded', [0, 0.2, 0.4, 0.6]],
  ['marker', [1, 2, 3, 5]],
  ['deny', [0.3, 0.6, 0.8, 1]],
  ['holdCharge', [0.5, 1, 2, 4]],
  ['broken', [0.15, 0.3, 0.6, 1]],
  ['wounds', [0.25, 0.5, 1]],
];
const DEFAULTS = [0.6, 0.8, 1, 1.5, 0.2, 3, 0.6, 2, 0.3, 0.5].map((v, d) => GRID[d][1].indexOf(v));
if (DEFAULTS.includes(-1)) throw new Error('a default is not on its grid');
type Point = number[];
const spec = (x: Point): string => `balanced:${x.map((v, d) => `${GRID[d][0]}=${GRID[d][1][v]}`).join(',')}`;

const COUNTER_SCENARIOS = ['annihilation', 'raid', 'tug-of-war', 'broken-lines'];
const ALL_SCENARIOS = listScenarios().map((s) => s.id);
const PANEL = ['aggressive', 'objective', 'balanced', './examples/counter/turtle.js', './examples/counter/rush.js', './examples/counter/charge-weakest.js'];
const makers = new Map<string, () => Policy>();
for (const p of PANEL) makers.set(p, await policyMaker(p));
const label = (p: string): string => p.replace(/^.*\/|\.js$/g, '');

/** One group of four games of `cand` against `opp` on `sc`: the candidate's score, 0..4. */
function group(cand: () => Policy, opp: string, sc: string, pair: [Roster, Roster], gameSeed: string): number {
  const scenario = getScenario(sc);
  let score = 0;
  for (const [la, lb] of [pair, [pair[1], pair[0]]]) {
    for (const seat of [0, 1]) {
      const policies = seat === 0 ? [cand(), makers.get(opp)!()] : [makers.get(opp)!(), cand()];
      const r = playGame({ armies: seat === 0 ? [la, lb] : [lb, la], scenario, ruleset: DEFAULT_RULESET, seed: `${gameSeed}:${la === pair[0] ? 0 : 1}:${seat}`, policies: policies as never });
      score += r.winner === seat ? 1 : r.winner === null ? 0.5 : 0;
    }
  }
  return score;
}

/** The opponent, scenario and lists of evaluation `key`, drawn by its seed. */
function draw(key: string, from: Map<number, Roster[]>, opp?: string): { opp: string; sc: string; pair: [Roster, Roster] } {
  const rng = createRng(deriveSeed(seed, key));
  opp ??= PANEL[Math.floor(rng.next() * PANEL.length)];
  const scs = opp.startsWith('./') ? COUNTER_SCENARIOS : ALL_SCENARIOS;
  const sc = scs[Math.floor(rng.next() * scs.length)];
  return { opp, sc, pair: drawPair(rng, from) };
}

// ---------------------------------------------------------------- the N-tuple model

/** The tuples: each option alone, each pair, and all of them. */
const TUPLES: number[][] = GRID.map((_, d) => [d]);
for (let a = 0; a < GRID.length; a++) for (let b = a + 1; b < GRID.length; b++) TUPLES.push([a, b]);
TUPLES.push(GRID.map((_, d) => d));
const stats = TUPLES.map(() => new Map<string, { n: number; sum: number }>());
let evaluations = 0;
const keyOf = (t: number[], x: Point): string => t.map((d) => x[d]).join(',');

function addReward(x: Point, r: number): void {
  evaluations++;
  TUPLES.forEach((t, i) => {
    const k = keyOf(t, x);
    const s = stats[i].get(k) ?? { n: 0, sum: 0 };
    s.n++;
    s.sum += r;
    stats[i].set(k, s);
  });
}

/** The model's estimate of x: the mean of its tuples' means (those seen), plus C times the mean exploration bonus. */
function estimate(x: Point, explore: number): number {
  let mean = 0;
  let seen = 0;
  let bonus = 0;
  TUPLES.forEach((t, i) => {
    const s = stats[i].get(keyOf(t, x));
    if (s) {
      mean += s.sum / s.n;
      seen++;
    }
    bonus += Math.sqrt(Math.log(1 + evaluations) / ((s?.n ?? 0) + 1e-6));
  });
  return (seen > 0 ? mean / seen : 0) + explore * (bonus / TUPLES.length);
}

// ---------------------------------------------------------------- the search

const rng = createRng(deriveSeed(seed, 'search'));
/** A neighbour: one option changed for sure, each other with probability 1/D. */
function mutate(x: Point): Point {
  const y = [...x];
  const must = Math.floor(rng.next() * GRID.length);
  for (let d = 0; d < GRID.length; d++) {
    if (d !== must && rng.next() >= 1 / GRID.length) continue;
    const n = GRID[d][1].length;
    y[d] = (y[d] + 1 + Math.floor(rng.next() * (n - 1))) % n;
  }
  return y;
}

const evaluated = new Map<string, Point>();
const makerOf = new Map<string, () => Policy>();
async function evaluate(x: Point, i: number): Promise<number> {
  const sp = spec(x);
  if (!makerOf.has(sp)) makerOf.set(sp, await policyMaker(sp));
  const d = draw(`eval-${i}`, lists);
  const r = group(makerOf.get(sp)!, d.opp, d.sc, d.pair, `${seed}:eval-${i}`) / 4;
  addReward(x, r);
  evaluated.set(x.join(','), x);
  return r;
}
const bestEvaluated = (): Point => [...evaluated.values()].reduce((b, x) => (estimate(x, 0) > estimate(b, 0) ? x : b));

const t0 = Date.now();
let current: Point = [...DEFAULTS];
for (let i = 0; i < budget; i++) {
  let next = current;
  if (i > 0) {
    let bestUcb = -Infinity;
    for (let k = 0; k < K; k++) {
      const y = mutate(current);
      const u = estimate(y, C);
      if (u > bestUcb) [bestUcb, next] = [u, y];
    }
  }
  const r = await evaluate(next, i);
  // All evaluated points afresh every 25 (their estimates move with every reward), else the best of the two.
  current = (i + 1) % 25 === 0 ? bestEvaluated() : estimate(next, 0) > estimate(current, 0) ? next : current;
  if ((i + 1) % 25 === 0 || i + 1 === budget) {
    console.error(`${i + 1}/${budget} (${Math.round((Date.now() - t0) / 1000)} s): last ${r.toFixed(2)}; best ${spec(current)} est ${estimate(current, 0).toFixed(3)}`);
  }
}
const best = bestEvaluated();
console.log(`NTBEA: ${budget} evaluations (groups of 4 games), seed ${seed}, ${K} neighbours, explore ${C}, ${Math.round((Date.now() - t0) / 1000)} s`);
console.log(`best: ${spec(best)}\nmodel estimate ${estimate(best, 0).toFixed(3)} (defaults ${estimate(DEFAULTS, 0).toFixed(3)})`);

// ---------------------------------------------------------------- validation: best vs defaults, the same games

const wil = (k: number, n: number): string => {
  const w = wilsonInterval(k, n);
  return `${((100 * k) / n).toFixed(1)}% [${(100 * w.low).toFixed(1)}, ${(100 * w.high).toFixed(1)}]`;
};
/** Mean difference over groups (each -1..1 in score share) with its 95% normal interval, in points of %. */
const paired = (ds: number[]): string => {
  const m = ds.reduce((a, b) => a + b, 0) / ds.length;
  const sd = Math.sqrt(ds.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, ds.length - 1));
  const h = (1.96 * sd) / Math.sqrt(ds.length);
  return `${(100 * m).toFixed(1)} [${(100 * (m - h)).toFixed(1)}, ${(100 * (m + h)).toFixed(1)}]`;
};
const bestMaker = await policyMaker(spec(best));
const defMaker = await policyMaker('balanced');
const vt0 = Date.now();
console.log(`\nvalidation: ${valGroups} groups of 4 games an opponent, lists of seeds tune-${flag('val-first', '101')}.., the same games for both\n`);
console.log('| opponent | games | best | defaults | paired difference (points) |\n|---|---|---|---|---|');
const all: number[] = [];
let [sb, sd, n] = [0, 0, 0];
for (const opp of PANEL) {
  const ds: number[] = [];
  let [b, d] = [0, 0];
  for (let k = 0; k < valGroups; k++) {
    const g = draw(`val-${label(opp)}-${k}`, valLists, opp);
    const gs = `${seed}:val:${label(opp)}:${k}`;
    const xb = group(bestMaker, opp, g.sc, g.pair, gs);
    const xd = group(defMaker, opp, g.sc, g.pair, gs);
    b += xb;
    d += xd;
    ds.push((xb - xd) / 4);
  }
  all.push(...ds);
  [sb, sd, n] = [sb + b, sd + d, n + 4 * valGroups];
  console.log(`| ${label(opp)} | ${4 * valGroups} | ${wil(b, 4 * valGroups)} | ${wil(d, 4 * valGroups)} | ${paired(ds)} |`);
  console.error(`validated ${label(opp)} (${Math.round((Date.now() - vt0) / 1000)} s)`);
}
console.log(`| all | ${n} | ${wil(sb, n)} | ${wil(sd, n)} | ${paired(all)} |`);
console.log(`\nvalidation ${Math.round((Date.now() - vt0) / 1000)} s`);
