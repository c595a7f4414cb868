/**
 * Play check for optimisations: `npx tsx bench/golden.ts [games=240] [--each] [--policy=SPEC]`.
 * Plays seeded random-vs-random games over every scenario, both army sizes,
 * and prints one SHA-256 of their full event streams (every move, roll and
 * score). A change meant to make the engine faster, not different, must leave
 * it as it was; `--each` prints one line a game, to find the first that differs.
 * `--policy=SPEC` (e.g. `--policy=balanced`) plays SPEC on both sides instead
 * of random: the check for a change meant to make a bot faster, not different.
 * The hashes of the current engine and bots are in bench/README.md (## engine).
 */
import { createHash } from 'node:crypto';
import { loadRoster } from '../src/army/index.js';
import { getPolicy, randomPolicy } from '../src/bots/index.js';
import { playGame } from '../src/engine/index.js';
import { DEFAULT_RULESET } from '../src/rules/ruleset.js';
import { getScenario, listScenarios } from '../src/scenarios/index.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const games = Number(args[0] ?? 240);
const spec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length);
const policy = spec ? getPolicy(spec) : randomPolicy;
const each = process.argv.includes('--each');
const sizes = [800, 400].map((points) => ['ironbound', 'reedmarsh', 'tuskfell'].map((f) => loadRoster(`sims/armies/${f}-${points}.json`)));
const scenarios = listScenarios().map((s) => s.id);
const all = createHash('sha256');
for (let i = 0; i < games; i++) {
  const armies = sizes[i % 2];
  const scenario = scenarios[i % scenarios.length];
  const h = createHash('sha256');
  const r = playGame({
    armies: [armies[i % 3], armies[(i + 1) % 3]],
    scenario: getScenario(scenario),
    ruleset: DEFAULT_RULESET,
    seed: `g${i}`,
    policies: [policy, policy],
    onEvent: (e) => h.update(JSON.stringify(e)),
  });
  const digest = h.digest('hex');
  if (each) console.log(i, scenario, digest.slice(0, 12), JSON.stringify(r));
  all.update(digest);
}
console.log(all.digest('hex'));
