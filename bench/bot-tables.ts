/**
 * The bots' strength tables (docs/BOTS.md), through the built
 * runner (`dist/`: run `npm run build` first) on a worker pool:
 *
 *   npx tsx bench/bot-tables.ts [scenarios|counters|all] [--games=400] [--counter-games=432]
 *     [--annihilation-games=400] [--mirror-games=144] [--search=search|none] [--search-games=96] [--workers=2] [--seed=bot-tables] [--out=DIR]
 *
 * - `scenarios`: `balanced` against `aggressive` and against
 *   `objective` on EVERY built-in scenario, the three sample 800-point lists,
 *   at least `--games` games a scenario (each pair of lists, either policy on
 *   either list, seats rotated: the tournament's rotations).
 * - `counters`: `balanced` and `--search` against each plugin of
 *   examples/counter (turtle, rush, charge-weakest) over four scenarios
 *   (annihilation, raid, tug-of-war, broken-lines); `balanced` against each
 *   on equal lists (each sample list against itself, `--mirror-games` a
 *   list), which takes the lists' own strength out; then each against the
 *   turtle in annihilation alone. `--search=none` leaves `search` out (its
 *   games cost about 60 of balanced's).
 *
 * Each table is one `skirmish tournament` a pairing (planTournament and
 * runTournament, as the CLI plays them): the same seeds, the same games, the
 * same bytes whatever the worker count. A win rate counts a draw as half a
 * win, with its 95% Wilson interval. `--out=DIR` keeps every tournament's
 * output folder (games.csv, pairings.csv, ...) under DIR; by default they go
 * to a temporary folder that is removed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tournamentScores, type Score } from './tournament-scores.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// Plugin specs are relative to the current directory (as on the command line).
process.chdir(root);
const dist = (p: string) => import(pathToFileURL(path.join(root, 'dist', p)).href);
const scenariosMod: typeof import('../src/scenarios/index.js') = await dist('scenarios/index.js');
const stats: typeof import('../src/stats/index.js') = await dist('stats/index.js');

const flag = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const which = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'all';
if (!['scenarios', 'counters', 'all'].includes(which)) {
  console.error(`bot-tables: expected scenarios, counters or all, got "${which}"`);
  process.exit(2);
}
const num = (name: string, dflt: number): number => {
  const v = Number(flag(name, String(dflt)));
  if (!Number.isInteger(v) || v < 1) {
    console.error(`bot-tables: --${name} expects a whole number of at least 1`);
    process.exit(2);
  }
  return v;
};
const games = num('games', 400);
const counterGames = num('counter-games', 432);
const annihilationGames = num('annihilation-games', 400);
const searchGames = num('search-games', 96);
const mirrorGames = num('mirror-games', 144);
const workers = num('workers', 2);
const search = flag('search', 'search');
const seed = flag('seed', 'bot-tables');
const keep = flag('out', '');
const outRoot = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'bot-tables-'));
mkdirSync(outRoot, { recursive: true });

const ARMIES = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'].map((a) => path.join('sims', 'armies', `${a}.json`));
const FOUR = ['annihilation', 'raid', 'tug-of-war', 'broken-lines'];
const COUNTERS = ['turtle', 'rush', 'charge-weakest'].map((b) => `./examples/counter/${b}.js`);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
function cell(s: Score): string {
  const w = stats.wilsonInterval(s.score, s.games);
  return `${pct(w.p)} [${pct(w.low)}, ${pct(w.high)}]`;
}

let played = 0;
let seconds = 0;

/** One tournament of a against b: its games by scenario (policy a is army A of every cell). */
async function tournament(a: string, b: string, scenarios: string[], atLeast: number, tag: string, armies = ARMIES): Promise<Map<string, Score>> {
  const out = path.join(outRoot, tag);
  rmSync(out, { recursive: true, force: true });
  const t0 = Date.now();
  const by = await tournamentScores({ a, b, armies, scenarios, games: atLeast, seed: `${seed}:${tag}`, out, workers });
  const s = (Date.now() - t0) / 1000;
  played += by.get('all')!.games;
  seconds += s;
  console.error(`  ${a} vs ${b}: ${by.get('all')!.games} games in ${s.toFixed(1)} s`);
  if (!keep) rmSync(out, { recursive: true, force: true });
  return by;
}

const label = (p: string) => (p.startsWith('./examples/counter/') ? path.basename(p, '.js') : p);
const cores = availableParallelism();
console.log(`node ${process.version}, ${cores} cores, ${workers} workers, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; seed ${seed}\n`);

if (which !== 'counters') {
  const scenarios = scenariosMod.listScenarios().map((s) => s.id);
  console.error(`per-scenario table: balanced vs aggressive, objective on ${scenarios.length} scenarios, at least ${games} games a scenario`);
  const per = scenarios.length * games;
  const vsAggressive = await tournament('balanced', 'aggressive', scenarios, per, 'scenarios-aggressive');
  const vsObjective = await tournament('balanced', 'objective', scenarios, per, 'scenarios-objective');
  console.log('`balanced` win rate [95% CI] by scenario (a draw half a win; the sample 800-point lists, seats rotated):\n');
  console.log('| scenario | games | vs `aggressive` | draws | vs `objective` | draws |');
  console.log('| --- | ---: | --- | ---: | --- | ---: |');
  let worst = { rate: 1, what: '' };
  for (const sc of [...scenarios, 'all']) {
    const x = vsAggressive.get(sc)!;
    const y = vsObjective.get(sc)!;
    console.log(`| ${sc === 'all' ? '**all**' : sc} | ${x.games} | ${cell(x)} | ${x.draws} | ${cell(y)} | ${y.draws} |`);
    if (sc === 'all') continue;
    for (const [s, who] of [
      [x, 'aggressive'],
      [y, 'objective'],
    ] as const) {
      if (s.score / s.games < worst.rate) worst = { rate: s.score / s.games, what: `${who} on ${sc}` };
    }
  }
  console.log(`\nLowest cell: ${pct(worst.rate)} (${worst.what}); the target: every cell at least 55%.\n`);
}

if (which !== 'scenarios') {
  console.error(`counter table: balanced (${counterGames} games)${search === 'none' ? '' : ` and ${search} (${searchGames})`} vs ${COUNTERS.map(label).join(', ')} on ${FOUR.join(', ')}`);
  const rows: string[] = [];
  const strongs = search === 'none' ? ['balanced'] : ['balanced', search];
  for (const strong of strongs) {
    const n = strong === 'balanced' ? counterGames : searchGames;
    for (const c of COUNTERS) {
      const r = await tournament(strong, c, FOUR, n, `counter-${strong.replace(/[^a-z0-9]+/gi, '_')}-${label(c)}`);
      rows.push(`| \`${strong}\` | ${label(c)} | ${r.get('all')!.games} | ${cell(r.get('all')!)} | ${FOUR.map((sc) => pct(r.get(sc)!.score / r.get(sc)!.games)).join(' | ')} |`);
    }
  }
  console.log(`Against the counter-strategy plugins (examples/counter), ${FOUR.join(', ')}: win rate [95% CI] of the built-in policy, and by scenario:\n`);
  console.log(`| policy | against | games | win rate [95% CI] | ${FOUR.join(' | ')} |`);
  console.log(`| --- | --- | ---: | --- | ${FOUR.map(() => '---:').join(' | ')} |`);
  for (const r of rows) console.log(r);
  console.log('\nThe target: at least 85% against each over four or more scenarios, `search` at least as well.\n');
  // The same plans on equal lists (each list against itself), which takes the lists' own strength out of it.
  const names = ARMIES.map((a) => path.basename(a, '.json'));
  const mirror: string[] = [];
  for (const c of COUNTERS) {
    const all: Score = { games: 0, score: 0, draws: 0 };
    const each: string[] = [];
    for (const army of ARMIES) {
      const r = (await tournament('balanced', c, FOUR, mirrorGames, `mirror-${label(c)}-${path.basename(army, '.json')}`, [army])).get('all')!;
      all.games += r.games;
      all.score += r.score;
      all.draws += r.draws;
      each.push(pct(r.score / r.games));
    }
    mirror.push(`| \`balanced\` | ${label(c)} | ${all.games} | ${cell(all)} | ${each.join(' | ')} |`);
  }
  console.log(`The same on equal lists (each list against itself, ${FOUR.join(', ')}): win rate [95% CI], and by list:\n`);
  console.log(`| policy | against | games | win rate [95% CI] | ${names.join(' | ')} |`);
  console.log(`| --- | --- | ---: | --- | ${names.map(() => '---:').join(' | ')} |`);
  for (const r of mirror) console.log(r);
  console.log('');
  const turtle = COUNTERS[0];
  const a = await tournament('balanced', turtle, ['annihilation'], annihilationGames, 'turtle-annihilation-balanced');
  const b = search === 'none' ? null : await tournament(search, turtle, ['annihilation'], searchGames, `turtle-annihilation-${search.replace(/[^a-z0-9]+/gi, '_')}`);
  console.log('Against the turtle in annihilation:\n');
  console.log('| policy | games | win rate [95% CI] | draws |');
  console.log('| --- | ---: | --- | ---: |');
  console.log(`| \`balanced\` | ${a.get('all')!.games} | ${cell(a.get('all')!)} | ${a.get('all')!.draws} |`);
  if (b) console.log(`| \`${search}\` | ${b.get('all')!.games} | ${cell(b.get('all')!)} | ${b.get('all')!.draws} |`);
  console.log('\nThe target: at least 65%, `search` at least as well.\n');
}

console.log(`${played} games in ${seconds.toFixed(0)} s on ${workers} workers (${cores} cores).`);
if (!keep) rmSync(outRoot, { recursive: true, force: true });
