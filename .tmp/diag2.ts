import { loadRoster, getScenario, DEFAULT_RULESET, playGame, getPolicy } from '../src/index.js';
import { loadPlugin } from '../src/bots/plugins.js';
const [army, scen, seed, opp] = process.argv.slice(2);
const ra = loadRoster(`sims/armies/${army}-800.json`);
await loadPlugin(opp ?? './examples/counter/rush.js');
let st: any;
let mk = [24, 24];
playGame({ armies: [ra, ra], scenario: getScenario(scen), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy('balanced'), getPolicy(opp ?? './examples/counter/rush.js')],
  observe: (s) => { st = s; },
  onEvent: (e: any) => {
    if (e.type === 'victoryPhase') {
      const d = [0, 1].map((p) => st.warriors.filter((w: any) => w.player === p && w.status === 'table').map((w: any) => Math.hypot(w.x - mk[0], w.y - mk[1]) - w.r).sort((a: number, b: number) => a - b).map((x: number) => x.toFixed(0)).join(' '));
      const eng = st.warriors.filter((w: any) => w.player === 0 && w.status === 'table').length;
      console.log(`R${e.round} marker was (${mk.map((x) => x.toFixed(0))}) gained ${e.gained}\n  P1: ${d[0]}\n  P2: ${d[1]}`);
      const m = st.scenarioState.markers.find((m: any) => m.behaviour !== 'standard') ?? st.scenarioState.markers[0];
      mk = [m.x, m.y];
    }
  } });
