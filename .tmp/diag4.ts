import { loadRoster, getScenario, DEFAULT_RULESET, playGame, getPolicy } from '../src/index.js';
import { loadPlugin } from '../src/bots/plugins.js';
const [a1, a2, scen, n, opp] = process.argv.slice(2);
if (opp.includes('/')) await loadPlugin(opp);
const dealt: Record<string, number> = {};
let wins = 0;
for (let g = 0; g < Number(n); g++) {
  const r = playGame({ armies: [loadRoster(`sims/armies/${a1}-800.json`), loadRoster(`sims/armies/${a2}-800.json`)], scenario: getScenario(scen), ruleset: DEFAULT_RULESET, seed: `d3-${g}`, policies: [getPolicy('balanced'), getPolicy(opp)],
    onEvent: (e: any) => {
      if (e.type === 'attack') { const k = `${e.warrior.slice(0, 2)} ${e.warrior.replace(/^P\d /, '').replace(/#\d+$/, '')} ${e.action}`; dealt[k] = (dealt[k] ?? 0) + e.rolls.wounds; }
    } });
  if (r.winner === 0) wins++;
}
console.log('balanced wins', wins, 'of', n);
for (const p of ['P1', 'P2']) console.log(p, 'wounds dealt', Object.entries(dealt).filter(([k]) => k.startsWith(p)).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k.slice(3)} ${(v / Number(n)).toFixed(1)}`).join(', '));
