/**
 * Tuning games on generated lists whose seeds are disjoint from
 * bench/held-out.json's (`tune-1`, `tune-2`, ...): what a bot change or a
 * weight is chosen on, never the held-out set.
 *
 *   npx tsx bench/tune.ts [--a=balanced] [--b=./examples/counter/rush.js] [--scenarios=tug-of-war,broken-lines]
 *     [--games=48] [--seeds=6] [--seed=tune] [--sources] [--each] [--narrate=GAME-SEED]
 *
 * Per scenario, groups of four games: two lists drawn by the seed (a points
 * limit of 400 or 800, then two different lists of the factions' lists at
 * it), each list on each side, each policy in each seat. Prints `--a`'s
 * score (a draw half a win) with its 95% Wilson interval by scenario and in
 * all; `--sources` adds where each side's VP came from (the Victory Phases'
 * lines, by kind); `--each` one line a game with its seed, `--narrate=` that
 * game told line by line with the bots' reasons. In process, one core.
 */
import type { Roster } from '../src/army/types.js';
import { createRng, deriveSeed } from '../src/dice/index.js';
import { playGame } from '../src/engine/index.js';
import { narrate } from '../src/engine/narrate.js';
import { DEFAULT_RULESET } from '../src/rules/ruleset.js';
import { getScenario } from '../src/scenarios/index.js';
import { wilsonInterval } from '../src/stats/index.js';
import { drawPair, policyMaker, root, tuneLists } from './tune-games.js';

const wilson = (k: number, n: number): [number, number] => {
  const w = wilsonInterval(k, n);
  return [w.low, w.high];
};

process.chdir(root);
const flag = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const specA = flag('a', 'balanced');
const specB = flag('b', './examples/counter/rush.js');
const scenarios = flag('scenarios', 'tug-of-war,broken-lines').split(',');
const games = Number(flag('games', '48'));
const nSeeds = Number(flag('seeds', '6'));
const seed = flag('seed', 'tune');
const sources = process.argv.includes('--sources');
const each = process.argv.includes('--each');
/** `--narrate=GAME-SEED`: print that game's narration (the bots' reasons too). */
const narrateSeed = flag('narrate', '');

const lists = tuneLists(nSeeds);
const makeA = await policyMaker(specA);
const makeB = await policyMaker(specB);

const total = { n: 0, score: 0 };
for (const sc of scenarios) {
  const scenario = getScenario(sc);
  const s = { n: 0, score: 0, draws: 0 };
  const vpFrom: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];
  for (let k = 0; k * 4 < games; k++) {
    const rng = createRng(deriveSeed(seed, sc, k));
    const [lx, ly] = drawPair(rng, lists);
    for (const [la, lb] of [
      [lx, ly],
      [ly, lx],
    ]) {
      for (const aSeat of [0, 1]) {
        const armies = aSeat === 0 ? [la, lb] : [lb, la];
        const policies = aSeat === 0 ? [makeA(), makeB()] : [makeB(), makeA()];
        const gameSeed = `${seed}:${sc}:${k}:${la === lx ? 0 : 1}:${aSeat}`;
        if (narrateSeed && gameSeed !== narrateSeed) continue;
        const story = narrateSeed !== '';
        const r = playGame({
          onReason: story ? (_p, reason) => console.log(`    ~ ${reason}`) : undefined,
          armies: armies as [Roster, Roster],
          scenario,
          ruleset: DEFAULT_RULESET,
          seed: gameSeed,
          policies: policies as never,
          onEvent:
            sources || story
              ? (e) => {
                  if (story) {
                    const line = narrate(e);
                    if (line) console.log(line);
                  }
                  if (e.type !== 'victoryPhase') return;
                  for (const line of e.detail) {
                    const m = /^P([12]) ([+-]\d+(?:\.\d+)?): (.*)$/.exec(line.trim());
                    if (!m) continue;
                    const side = (Number(m[1]) - 1 === aSeat ? 0 : 1) as 0 | 1;
                    const kind = m[3].replace(/\d+(\.\d+)?/g, 'N');
                    vpFrom[side].set(kind, (vpFrom[side].get(kind) ?? 0) + Number(m[2]));
                  }
                }
              : undefined,
        });
        if (each || story)
          console.log(
            `  ${gameSeed} ${sc} group ${k} ${la === lx ? 'x' : 'y'} seat ${aSeat + 1}: ${r.winner === aSeat ? 'won' : r.winner === null ? 'draw' : 'lost'} ${r.vp[aSeat]}-${r.vp[1 - aSeat]} in ${r.rounds} rounds`,
          );
        s.n++;
        s.score += r.winner === aSeat ? 1 : r.winner === null ? 0.5 : 0;
        if (r.winner === null) s.draws++;
      }
    }
  }
  total.n += s.n;
  total.score += s.score;
  const [lo, hi] = wilson(s.score, s.n);
  console.log(`${sc}: ${s.n} games, ${((100 * s.score) / s.n).toFixed(1)}% [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}], ${s.draws} draws`);
  if (sources) {
    for (const side of [0, 1] as const) {
      const rows = [...vpFrom[side]].sort((p, q) => q[1] - p[1]);
      console.log(`  ${side === 0 ? specA : specB}: ${rows.map(([k, v]) => `${k} ${(v / s.n).toFixed(2)}`).join('; ')}`);
    }
  }
}
const [lo, hi] = wilson(total.score, total.n);
console.log(`all: ${total.n} games, ${((100 * total.score) / total.n).toFixed(1)}% [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`);
