import { loadRoster, getScenario, DEFAULT_RULESET, playGame, getPolicy } from '../src/index.js';
import { loadPlugin } from '../src/bots/plugins.js';
const [a1, a2, scen, n, opp] = process.argv.slice(2);
await loadPlugin(opp);
const lost: Record<string, number>[] = [{}, {}];
const killedBy: Record<string, number> = {};
let wins = 0;
for (let g = 0; g < Number(n); g++) {
  let st: any;
  const r = playGame({ armies: [loadRoster(`sims/armies/${a1}-800.json`), loadRoster(`sims/armies/${a2}-800.json`)], scenario: getScenario(scen), ruleset: DEFAULT_RULESET, seed: `d3-${g}`, policies: [getPolicy('balanced'), getPolicy(opp)],
    observe: (s) => { st = s; },
    onEvent: (e: any) => {
      if (e.type === 'slain') { const name = e.warrior.replace(/^P\d /, '').replace(/#\d+$/, ''); lost[e.player][name] = (lost[e.player][name] ?? 0) + e.points; }
    } });
  if (r.winner === 0) wins++;
}
console.log('balanced wins', wins, 'of', n);
for (const p of [0, 1]) console.log(`P${p + 1} lost`, Object.entries(lost[p]).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / Number(n)).toFixed(0)}`).join(', '));
