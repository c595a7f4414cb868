// Quick A/B from src: variant vs opponent on scenarios, seats and army pairs rotated, same seeds.
import { loadRoster } from '../src/army/index.js';
import { getPolicy, heuristicPolicy } from '../src/bots/index.js';
import { playGame } from '../src/engine/index.js';
import { DEFAULT_RULESET } from '../src/rules/ruleset.js';
import { getScenario } from '../src/scenarios/index.js';
import { loadPlugin } from '../src/bots/plugins.js';
const scns = (process.argv[2] ?? 'raid').split(',');
const n = Number(process.argv[3] ?? 24);
const variants = process.argv.slice(4);
const armies = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((a) => loadRoster(`sims/armies/${a}.json`));
const pairs = [[0, 1], [1, 2], [2, 0]];
const mk = async (spec: string) => {
  if (spec.startsWith('h:')) return heuristicPolicy('v', JSON.parse(spec.slice(2)));
  if (spec.startsWith('./')) { await loadPlugin(spec); return getPolicy(spec); }
  return getPolicy(spec);
};
for (const v of variants) {
  const [a, b] = v.split('~');
  const pa = await mk(a), pb = await mk(b);
  let score = 0;
  const per = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = Math.floor(i / 2);
    const scn = scns[k % scns.length];
    const [x, y] = pairs[Math.floor(k / scns.length) % 3];
    const mine = i % 2;
    const r = playGame({ armies: [armies[x], armies[y]], scenario: getScenario(scn), ruleset: DEFAULT_RULESET, seed: `ab${k}`, policies: mine === 0 ? [pa, pb] : [pb, pa] });
    const sc = r.winner === mine ? 1 : r.winner === null ? 0.5 : 0;
    score += sc;
    const c = per.get(scn) ?? [0, 0]; c[0] += sc; c[1]++; per.set(scn, c);
  }
  console.log(v, (100 * score / n).toFixed(1) + '%', [...per].map(([k, c]) => `${k} ${(100 * c[0] / c[1]).toFixed(0)}%`).join(' '));
}
