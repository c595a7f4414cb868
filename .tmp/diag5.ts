import { loadRoster, getScenario, DEFAULT_RULESET, playGame, getPolicy } from '../src/index.js';
import { objectives } from '../src/bots/toolkit.js';
import { loadPlugin } from '../src/bots/plugins.js';
const [army, scen, seed, opp] = process.argv.slice(2);
if (opp.includes('/')) await loadPlugin(opp);
const ra = loadRoster(`sims/armies/${army}-800.json`);
let st: any;
const r = playGame({ armies: [ra, ra], scenario: getScenario(scen), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy('balanced'), getPolicy(opp)],
  observe: (s) => { st = s; },
  onEvent: (e: any) => {
    if (e.type === 'victoryPhase') {
      const alive = [0, 1].map((p) => st.warriors.filter((w: any) => w.player === p && w.status === 'table').length);
      console.log(`R${e.round} vp ${e.vp} alive ${alive} ${e.detail.join('; ')} :: ` + objectives(st).map((o) => `${o.kind}${o.index} w=${o.weight}`).join(' | ') + ' markers ' + st.scenarioState.markers.map((m: any) => `${m.id}:${m.destroyed ? 'X' : m.wounds ?? ''}`).join(','));
    }
  } });
console.log('winner', r.winner);
