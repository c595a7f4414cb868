import { loadRoster, getScenario, DEFAULT_RULESET, playGame, getPolicy } from '../src/index.js';
import { objectives } from '../src/bots/toolkit.js';
import { loadPlugin } from '../src/bots/plugins.js';
const [army, scen, seed, opp] = process.argv.slice(2);
const ra = loadRoster(`sims/armies/${army}-800.json`);
await loadPlugin(opp ?? "./examples/counter/rush.js"); const rush = getPolicy(opp ?? "./examples/counter/rush.js");
let st: any;
playGame({ armies: [ra, ra], scenario: getScenario(scen), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy("balanced"), rush as any],
  observe: (s) => { st = s; },
  onEvent: (e: any) => {
    if (e.type === 'victoryPhase') {
      const os = objectives(st).filter((o) => o.kind !== 'zone' || true);
      const alive = [0, 1].map((p) => st.warriors.filter((w: any) => w.player === p && w.status === 'table').length);
      console.log(`R${e.round} vp ${e.vp} gained ${e.gained} alive ${alive} ` + os.map((o) => `${o.kind}${o.index}@(${o.x.toFixed(0)},${o.y.toFixed(0)}) w=${o.weight} by=${o.seizedBy} held=${o.heldBy}`).join(' | '));
    }
  } });
