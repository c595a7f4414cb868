/**
 * Engine benchmark: `npx tsx bench/engine.ts [games] [scenario]`.
 * Random-vs-random 800-point games with the sample armies on one core, after
 * 300 warm-up games (V8 is still compiling the hot paths for the first few
 * hundred: a long run's speed is the steady state). Figures go to
 * bench/README.md (## engine).
 */
import { availableParallelism } from 'node:os';
import { loadRoster } from '../src/army/index.js';
import { randomPolicy } from '../src/bots/index.js';
import { createRng, seededDice } from '../src/dice/index.js';
import { playGame } from '../src/engine/index.js';
import { DEFAULT_RULESET } from '../src/rules/ruleset.js';
import { getScenario } from '../src/scenarios/index.js';

const games = Number(process.argv[2] ?? 300);
const armies = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((n) => loadRoster(`sims/armies/${n}.json`));
const pairs: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 0],
];
const scenarioNames = process.argv[3] ? [process.argv[3]] : ['annihilation', 'meeting-engagement', 'raid', 'tug-of-war'];
const scenarios = scenarioNames.map((n) => getScenario(n));

function run(n: number, seedPrefix: string) {
  let actions = 0;
  let dice = 0;
  let peak = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const [a, b] = pairs[i % pairs.length];
    const r = playGame({
      armies: [armies[a], armies[b]],
      scenario: scenarios[i % scenarios.length],
      ruleset: DEFAULT_RULESET,
      seed: `${seedPrefix}${i}`,
      policies: [randomPolicy, randomPolicy],
    });
    actions += r.actions;
    dice += r.diceRolled;
    if (i % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, actions, dice, peak: Math.max(peak, process.memoryUsage().rss) };
}

console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}; scenarios: ${scenarioNames.join(', ')}`);
run(300, 'warm'); // JIT warm-up
const r = run(games, 'bench');
const perGame = r.ms / games;

// The dice floor: rolling the same number of d6 alone.
const d = seededDice(createRng('floor'));
let sink = 0;
const t0 = performance.now();
for (let i = 0; i < r.dice; i++) sink += d.d6();
const diceMs = performance.now() - t0;

console.log(`games/s on one core          ${((games / r.ms) * 1000).toFixed(1)}`);
console.log(`ms per game                  ${perGame.toFixed(2)} (CPU ${(r.cpuMs / games).toFixed(2)} ms: ${(r.cpuMs / r.ms).toFixed(2)} cores, V8's compiler and GC threads included)`);
console.log(`actions per game             ${(r.actions / games).toFixed(0)}`);
console.log(`dice rolled per game         ${(r.dice / games).toFixed(0)}`);
console.log(`game time / dice-only time   ${(r.ms / Math.max(diceMs, 1e-6)).toFixed(0)}x${sink < 0 ? '' : ''}`);
console.log(`peak RSS                     ${(r.peak / 2 ** 20).toFixed(0)} MB`);
