/**
 * Fork cost: `npx tsx bench/fork.ts [forks=20000] [--against=DIR]`.
 * Plays one seeded game (balanced on both sides, raid, 800 points) to the
 * first activation of round 3, then times cloneState of that state, copyState
 * of it into a preallocated fork, Game.fork
 * (the copy and a re-seeded dice stream: what a search playout and
 * GameView.fork pay), Game.forkInto (the same into an earlier fork's arrays)
 * and scoreIfVictoryNow (what the evaluation pays at every
 * leaf), µs of CPU each, the best of five passes (the machine may be shared). `--against=DIR` times the same in
 * another checkout's src/ (e.g. an export of main: `git archive main src sims
 * | tar -x -C DIR`) in the same run and prints the ratio.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const forks = Number(args[0] ?? 20000);
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);

const KINDS = ['clone', 'copy', 'fork', 'forkInto', 'score'] as const;
type Timing = Record<(typeof KINDS)[number], number>;

/** The timers of one checkout: each call times every kind once. */
async function timers(root: string): Promise<() => Timing> {
  const src = (p: string) => import(pathToFileURL(path.join(root, 'src', p)).href);
  const [{ loadRoster }, bots, { Game, cloneState, copyState }, { DEFAULT_RULESET }, { getScenario }] = await Promise.all([
    src('army/index.ts'),
    src('bots/index.ts'),
    src('engine/index.ts'),
    src('rules/ruleset.ts'),
    src('scenarios/index.ts'),
  ]);
  const { childRng } = await src('dice/index.ts');
  const armies = ['ironbound', 'tuskfell'].map((f) => loadRoster(path.join(root, 'sims', 'armies', `${f}-800.json`)));
  const game = Game.create({ armies, scenario: getScenario('raid'), ruleset: DEFAULT_RULESET, seed: 'fork-bench' });
  const policy = bots.getPolicy('balanced');
  const rngs = [childRng('fork-bench', 'policy-1'), childRng('fork-bench', 'policy-2')];
  for (let d = game.pending(); d !== null && !(game.state.round >= 3 && d.kind === 'action'); d = game.pending()) {
    game.apply(policy.choose({ state: game.state, me: d.player }, d, rngs[d.player]));
  }
  const time = (n: number, f: (i: number) => void): number => {
    for (let i = 0; i < Math.min(n, 2000); i++) f(i); // warm up
    // CPU time, not the clock: on a shared machine the clock counts other processes' turns.
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) f(i);
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / n;
  };
  let sink = 0;
  return () => {
    const clone = time(forks, () => {
      sink += cloneState(game.state).round;
    });
    // copyState into a preallocated fork (NaN for a checkout without it).
    const into = copyState ? cloneState(game.state) : null;
    const copy = into
      ? time(forks, () => {
          sink += copyState(into, game.state).round;
        })
      : NaN;
    const fork = time(forks, (i) => {
      sink += Game.fork(game.state, `s${i}`).state.round;
    });
    // Game.forkInto an earlier fork (NaN for a checkout without it).
    const scratch = Game.forkInto ? Game.fork(game.state, 'scratch') : null;
    const forkInto = scratch
      ? time(forks, (i) => {
          sink += Game.forkInto(scratch, game.state, `s${i}`).state.round;
        })
      : NaN;
    const score = time(forks, () => {
      sink += bots.scoreIfVictoryNow(game.state)[0];
    });
    if (sink < 0) console.log(sink);
    return { clone, copy, fork, forkInto, score };
  };
}

// Alternate the two checkouts five times and keep each one's best: the machine may be shared.
const best = (a: Timing | null, b: Timing): Timing => (a ? (Object.fromEntries(KINDS.map((k) => [k, Math.min(a[k], b[k])])) as Timing) : b);
const timeHere = await timers(path.resolve(import.meta.dirname, '..'));
const timeBase = against ? await timers(path.resolve(against)) : null;
let here: Timing | null = null;
let base: Timing | null = null;
for (let round = 0; round < 5; round++) {
  here = best(here, timeHere());
  if (timeBase) base = best(base, timeBase());
}
if (!here) throw new Error('unreachable');
const f = (x: number) => x.toFixed(2).padStart(7);
console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${forks} each, µs`);
console.log(`             this  ${base ? ' against   ratio' : ''}`);
for (const k of KINDS) {
  console.log(`${k.padEnd(8)} ${f(here[k])}${base ? `  ${f(base[k])}  ${(here[k] / base[k]).toFixed(2).padStart(6)}` : ''}`);
}
