// Quick A/B: variant vs opponent on scenarios, seats and army pairs rotated, same seeds.
import { loadMix } from './mix.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const root = '/work/wt/bots/';
const scns = (process.argv[2] ?? 'raid').split(',');
const n = Number(process.argv[3] ?? 24);
const variants = process.argv.slice(4);
const { playGame, getPolicy, options } = await loadMix(root, scns);
const { heuristicPolicy } = await import(pathToFileURL(path.join(root, 'dist/bots/heuristic.js')).href);
const mk = (spec: string) => {
  if (spec.startsWith('h:')) { const o = JSON.parse(spec.slice(2)); return heuristicPolicy('v', o); }
  if (spec.startsWith('./')) return null;
  return getPolicy(spec);
};
for (const v of variants) {
  const [a, b] = v.split('~');
  let score = 0;
  const per = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = Math.floor(i / 2);
    const o = options(k, `ab${k}`);
    const pa = mk(a), pb = mk(b);
    const mine = i % 2;
    const r = playGame({ ...o, policies: mine === 0 ? [pa, pb] : [pb, pa] });
    const sc = r.winner === mine ? 1 : r.winner === null ? 0.5 : 0;
    score += sc;
    const c = per.get(o.scenario.id) ?? [0, 0]; c[0] += sc; c[1]++; per.set(o.scenario.id, c);
  }
  console.log(v, (100 * score / n).toFixed(1) + '%', [...per].map(([k, c]) => `${k} ${(100 * c[0] / c[1]).toFixed(0)}%`).join(' '));
}
