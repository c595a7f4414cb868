/**
 * Dice benchmarks: `npx tsx bench/dice.ts`. Figures go to bench/README.md (## dice).
 * Timings are wall-clock on a shared machine: read them as orders of magnitude.
 */
import { availableParallelism } from 'node:os';
import {
  checkProperty,
  clearExactCache,
  compileAttack,
  compilePropertyFile,
  createRng,
  expectedWounds,
  rollAttack,
  rollWounds,
  seededDice,
  woundDistribution,
  type AttackOptions,
} from '../src/dice/index.js';

function rate(label: string, n: number, f: () => void): void {
  f(); // warm up
  const t0 = performance.now();
  for (let i = 0; i < n; i++) f();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(52)} ${((n / ms) * 1000).toExponential(2)} /s`);
}

function time(label: string, repeats: number, f: () => void): void {
  f(); // warm up (JIT; the cache is cleared inside f when it should be cold)
  const t0 = performance.now();
  for (let i = 0; i < repeats; i++) f();
  const ms = (performance.now() - t0) / repeats;
  console.log(`${label.padEnd(52)} ${ms.toFixed(3)} ms`);
}

console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}`);

// d6 rolls per second.
{
  const dice = seededDice(createRng('bench'));
  let sink = 0;
  const t0 = performance.now();
  const n = 20_000_000;
  for (let i = 0; i < n; i++) sink += dice.d6();
  const ms = performance.now() - t0;
  console.log(`${'d6 (seededDice on alea)'.padEnd(52)} ${((n / ms) * 1000).toExponential(2)} /s  (${sink % 7})`);
}

// Attack sequences per second: typical 5 attacks / Clash 2 / Defense 3.
const typical: AttackOptions = { dice: 5, hitCap: 2, blockDice: 3 };
{
  const dice = seededDice(createRng('bench'));
  rate('rollAttack (record), 5 attacks / Clash 2 / Defense 3', 1_000_000, () => void rollAttack(dice, typical));
  const compiled = compileAttack(typical);
  rate('rollWounds (hot path), same attack', 5_000_000, () => void rollWounds(dice, compiled));
  const relentless = compileAttack({
    ...typical,
    attackRules: [
      { on: 'attack', face: 1, effect: 'extraAttack' },
      { on: 'attack', face: 1, effect: 'reroll' },
    ],
  });
  rate('rollWounds, + Relentless Blows and Parry', 5_000_000, () => void rollWounds(dice, relentless));
}

// Exact distributions, cold (cache cleared before each).
const cold = (opts: AttackOptions) => () => {
  clearExactCache();
  woundDistribution(opts);
};
time('woundDistribution 4 / Clash 2 / Defense 3', 2000, cold({ dice: 4, hitCap: 2, blockDice: 3 }));
time('woundDistribution 10 / Clash 5 / Defense 6', 200, cold({ dice: 10, hitCap: 5, blockDice: 6 }));
time(
  'woundDistribution 10 / Clash 5 / Defense 6, rules',
  200,
  cold({
    dice: 10,
    hitCap: 5,
    blockDice: 6,
    inspired: true,
    attackRules: [
      { on: 'attack', face: 1, effect: 'extraAttack' },
      { on: 'attack', face: 1, effect: 'reroll' },
    ],
    blockRules: [{ on: 'block', face: 1, effect: 'extraBlock' }],
  }),
);
time('woundDistribution max: 20 / Clash 20 / Defense 10', 5, cold({ dice: 20, hitCap: 20, blockDice: 10 }));
time(
  'woundDistribution 20 / Clash 20 / Def 10 + extra rules',
  3,
  cold({
    dice: 20,
    hitCap: 20,
    blockDice: 10,
    attackRules: [{ on: 'attack', face: 1, effect: 'extraAttack' }],
    blockRules: [{ on: 'block', face: 1, effect: 'extraBlock' }],
  }),
);
{
  clearExactCache();
  const t0 = performance.now();
  woundDistribution({ dice: 4, hitCap: 2, blockDice: 3 });
  const t1 = performance.now();
  woundDistribution({ dice: 4, hitCap: 2, blockDice: 3 });
  const t2 = performance.now();
  console.log(`${'woundDistribution memoised hit'.padEnd(52)} ${(t2 - t1).toFixed(4)} ms (cold ${(t1 - t0).toFixed(3)} ms)`);
}

// The whole `dice table` grid 1..10 × 1..5 × 0..6, cold.
time('dice table grid 1..10 x 1..5 x 0..6 (350 cells)', 5, () => {
  clearExactCache();
  for (let a = 1; a <= 10; a++)
    for (let c = 1; c <= 5; c++)
      for (let d = 0; d <= 6; d++) {
        const opts = { dice: a, hitCap: c, blockDice: d };
        woundDistribution(opts);
        expectedWounds(opts);
      }
});

// Property checks (`skirmish dice check`), cold: the exact cache cleared before each run.
{
  const compile = (property: Record<string, unknown>) => {
    const { properties, errors } = compilePropertyFile({ kind: 'properties', properties: [{ name: 'bench', ...property }] }, 'bench');
    if (errors.length) throw new Error(errors.join('\n'));
    return properties[0];
  };
  /** Median and range of `runs` cold checks, in ms, wall clock and this process's CPU (less sensitive to a loaded machine). */
  const checkTime = async (label: string, runs: number, property: ReturnType<typeof compile>) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    let points = 0;
    // One run more than asked to warm the JIT, unless only one is asked for (a long one).
    for (let i = 0; i < (runs === 1 ? 1 : runs + 1); i++) {
      clearExactCache();
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      points = (await checkProperty(property)).checked;
      const c = process.cpuUsage(c0);
      if (i > 0 || runs === 1) {
        wall.push(performance.now() - t0);
        cpu.push((c.user + c.system) / 1000);
      }
    }
    const summary = (ms: number[]) => {
      ms.sort((a, b) => a - b);
      return `${ms[Math.floor(ms.length / 2)].toFixed(1)} ms (${ms[0].toFixed(1)}–${ms[ms.length - 1].toFixed(1)})`;
    };
    console.log(`${label.padEnd(52)} wall ${summary(wall)}, cpu ${summary(cpu)}; median of ${wall.length}, ${points} points`);
  };
  const grid = { attacks: '1..10', clash: '1..5', defense: '0..6' };
  await checkTime('property: 350-case grid, Shield Wall, distribution', 9, compile({ domain: grid, variant: { specialRules: ['Shield Wall'] }, statistic: 'distribution', relation: '<=' }));
  await checkTime(
    'property: 350-case grid, Relentless Blows, mean',
    9,
    compile({ domain: grid, variant: { specialRules: ['Relentless Blows'] }, statistic: 'mean', relation: 'variant - baseline <=', bound: 0.5 }),
  );
  await checkTime(
    'property: regiments, 3,240 points, p_slain',
    5,
    compile({
      domain: { attacks: '2..5', clash: '2..4', defense: '1..3', wounds: '1..5', resolve: '1..3', warriors: '1..6' },
      variant: { specialRules: ['Shield Wall'] },
      statistic: 'p_slain',
      relation: '<=',
    }),
  );
  await checkTime(
    'property: 20 dice, 1..20 x 1..20 x 0..10, RB',
    1,
    compile({ domain: { attacks: '1..20', clash: '1..20', defense: '0..10' }, variant: { specialRules: ['Relentless Blows'] }, statistic: 'mean', relation: 'variant - baseline <=', bound: 0.5 }),
  );
}
