// examples/play-one.mjs: one game from a script, played as `skirmish play` plays it.
//   node examples/play-one.mjs        (from the project folder)
import { DEFAULT_RULESET, getPolicy, getScenario, loadRoster, playGame } from 'skirmish-lab';

const result = playGame({
  armies: [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')],
  scenario: getScenario('raid'),
  ruleset: DEFAULT_RULESET,
  seed: 'my-seed',
  policies: [getPolicy('balanced'), getPolicy('search:playouts=8')],
});
const winner = result.winner === null ? 'a draw' : `player ${result.winner + 1} wins`;
console.log(`${winner}: VP ${result.vp.join(' to ')} after ${result.rounds} rounds (${result.endReason})`);
