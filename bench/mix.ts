/**
 * The games bench/engine.ts and bench/compare.ts play: random-vs-random games
 * between the three sample 800-point armies (rotating pairs) on annihilation,
 * meeting-engagement, raid and tug-of-war, from a checkout's built engine
 * (`dist/`, as `skirmish run` plays it).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Roster } from '../src/army/index.js';
import type { PlayGameOptions } from '../src/engine/index.js';

export const MIX_SCENARIOS = ['annihilation', 'meeting-engagement', 'raid', 'tug-of-war'];

/** The built engine of the checkout at `root`, and the options of game `i` of the mix (on `scenarioNames` if given). */
export async function loadMix(root: string, scenarioNames = MIX_SCENARIOS) {
  const built = (module: string) => import(pathToFileURL(path.join(root, 'dist', module)).href);
  const { loadRoster }: typeof import('../src/army/index.js') = await built('army/index.js');
  const { getPolicy, randomPolicy }: typeof import('../src/bots/index.js') = await built('bots/index.js');
  const dice: typeof import('../src/dice/index.js') = await built('dice/index.js');
  const { playGame }: typeof import('../src/engine/index.js') = await built('engine/index.js');
  const { DEFAULT_RULESET }: typeof import('../src/rules/ruleset.js') = await built('rules/ruleset.js');
  const { getScenario }: typeof import('../src/scenarios/index.js') = await built('scenarios/index.js');
  const armies = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((n) => loadRoster(path.join(root, 'sims', 'armies', `${n}.json`)));
  const pairs = [
    [0, 1],
    [1, 2],
    [2, 0],
  ];
  const scenarios = scenarioNames.map((n) => getScenario(n));
  const options = (i: number, seedPrefix: string): Omit<PlayGameOptions, 'policies'> => {
    const [a, b] = pairs[i % pairs.length];
    return { armies: [armies[a], armies[b]] as [Roster, Roster], scenario: scenarios[i % scenarios.length], ruleset: DEFAULT_RULESET, seed: `${seedPrefix}${i}` };
  };
  return { playGame, randomPolicy, getPolicy, dice, options };
}
