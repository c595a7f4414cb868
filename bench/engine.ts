/**
 * Engine benchmark: `npx tsx bench/engine.ts [games] [scenario] [--by-kind]`.
 * Random-vs-random 800-point games with the sample armies on one core, after
 * 300 warm-up games (V8 is still compiling the hot paths for the first few
 * hundred: a long run's speed is the steady state). Figures go to
 * bench/README.md (## engine).
 *
 * It plays the built engine (`dist/`, from `npm run build`): the code that
 * `skirmish run` plays. tsx's own translation of the sources runs 5–15% slower.
 *
 * `--by-kind` then plays the games again, timing the policy's choice and the
 * engine's apply of every decision, by kind (an action by its type): where a
 * game's time goes. The timers add about 0.1 ms a game.
 *
 * `--policy=SPEC` (e.g. `--policy=balanced`) then plays SPEC against itself
 * on the same games, in blocks alternating with random-vs-random (so that the
 * machine's drift falls on both), and prints both games/s and their ratio.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Policy } from '../src/bots/index.js';
import { MIX_SCENARIOS, loadMix } from './mix.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const byKind = process.argv.includes('--by-kind');
const policySpec = process.argv.find((a) => a.startsWith('--policy='))?.slice('--policy='.length);
const games = Number(args[0] ?? 300);
const scenarioNames = args[1] ? [args[1]] : MIX_SCENARIOS;
const { playGame, randomPolicy, getPolicy, dice, options } = await loadMix(fileURLToPath(new URL('..', import.meta.url)), scenarioNames);

function run(n: number, seedPrefix: string, policy: Policy = randomPolicy, from = 0) {
  let actions = 0;
  let dice = 0;
  let peak = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = from; i < from + n; i++) {
    const r = playGame({ ...options(i, seedPrefix), policies: [policy, policy] });
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

// The dice floor: rolling the same number of d6 alone; the fastest of 20 tries (one try is a millisecond or two, at the mercy of the VM).
const d = dice.seededDice(dice.createRng('floor'));
let sink = 0;
let diceMs = Infinity;
for (let k = 0; k < 20; k++) {
  const t0 = performance.now();
  for (let i = 0; i < r.dice; i++) sink += d.d6();
  diceMs = Math.min(diceMs, performance.now() - t0);
}

console.log(`games/s on one core          ${((games / r.ms) * 1000).toFixed(1)}`);
console.log(`ms per game                  ${perGame.toFixed(2)} (CPU ${(r.cpuMs / games).toFixed(2)} ms: ${(r.cpuMs / r.ms).toFixed(2)} cores, V8's compiler and GC threads included)`);
console.log(`actions per game             ${(r.actions / games).toFixed(0)}`);
console.log(`dice rolled per game         ${(r.dice / games).toFixed(0)}`);
console.log(`game time / dice-only time   ${(r.ms / Math.max(diceMs, 1e-6)).toFixed(0)}x${sink < 0 ? '' : ''}`);
console.log(`peak RSS                     ${(r.peak / 2 ** 20).toFixed(0)} MB`);

/**
 * The same games as run(), the policy wrapped in timers: a decision's apply
 * runs from the end of its choice to the start of the next choice (or the end
 * of the game).
 */
function runByKind(n: number, seedPrefix: string) {
  type Tally = { n: number; choose: number; apply: number };
  const kinds = new Map<string, Tally>();
  // The decision whose apply is running, and when its choice ended.
  const clock: { applying: Tally | null; chosenAt: number } = { applying: null, chosenAt: 0 };
  const settle = (now: number) => {
    if (clock.applying) clock.applying.apply += now - clock.chosenAt;
    clock.applying = null;
  };
  const timed: Policy = {
    name: 'random, timed',
    choose(view, d, rng) {
      const t = performance.now();
      settle(t);
      const choice = randomPolicy.choose(view, d, rng);
      clock.chosenAt = performance.now();
      const kind = choice.kind === 'action' ? `action ${choice.action.type}` : choice.kind;
      const k = kinds.get(kind) ?? { n: 0, choose: 0, apply: 0 };
      kinds.set(kind, k);
      k.n++;
      k.choose += clock.chosenAt - t;
      clock.applying = k;
      return choice;
    },
  };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    playGame({ ...options(i, seedPrefix), policies: [timed, timed] });
    settle(performance.now());
  }
  const total = performance.now() - t0;
  console.log(`\nby decision kind (timed pass: ${(total / n).toFixed(2)} ms a game)`);
  console.log('kind                  a game   choose µs   apply µs   ms a game');
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].choose + b[1].apply - (a[1].choose + a[1].apply))) {
    const row = [
      (k.n / n).toFixed(1).padStart(6),
      ((k.choose / k.n) * 1000).toFixed(2).padStart(11),
      ((k.apply / k.n) * 1000).toFixed(2).padStart(10),
      ((k.choose + k.apply) / n).toFixed(3).padStart(11),
    ];
    console.log(`${kind.padEnd(20)}${row.join('')}`);
  }
}

if (byKind) runByKind(games, 'bench');

if (policySpec) {
  const policy = getPolicy(policySpec);
  run(300, 'warm', policy);
  const block = 20;
  const times = { random: [] as number[], policy: [] as number[] };
  let msR = 0;
  let msP = 0;
  for (let from = 0; from < games; from += block) {
    const n = Math.min(block, games - from);
    const r0 = run(n, 'bench', randomPolicy, from).ms;
    const p0 = run(n, 'bench', policy, from).ms;
    msR += r0;
    msP += p0;
    times.random.push(r0 / n);
    times.policy.push(p0 / n);
  }
  const ratios = times.policy.map((p, i) => p / times.random[i]).sort((a, b) => a - b);
  console.log(`\n${policySpec} vs itself against random vs random, the same ${games} games in alternating blocks of ${block}`);
  console.log(`games/s random vs random      ${((games / msR) * 1000).toFixed(1)}`);
  console.log(`games/s ${policySpec.padEnd(22)}${((games / msP) * 1000).toFixed(1)}`);
  console.log(
    `time ratio (${policySpec} / random) ${(msP / msR).toFixed(2)} (blocks: median ${ratios[ratios.length >> 1].toFixed(2)}, range ${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)})`,
  );
}
