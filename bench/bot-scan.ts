/**
 * Variants of a bot against fixed opponents on every scenario, for tuning
 * and A/B steps (docs/BOTS.md): one line a variant
 * with its score against each opponent, over all, the lowest
 * scenario-and-opponent cell and how many cells are under 55%. Runs the
 * built runner (`dist/`: `npm run build` first); the same `--seed` plays the
 * same deals, so two builds or two variants meet the same games.
 *
 *   npx tsx bench/bot-scan.ts SPEC [SPEC ...] [--games=48] [--size=800|400]
 *     [--opp=aggressive,objective] [--scen=a,b,...] [--seed=scan] [--cells]
 *
 * `--games` is per scenario; `--cells` also prints every cell (opponent's
 * initial: scenario, win rate %). A draw counts half a win.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tournamentScores } from './tournament-scores.js';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const dist = (p: string) => import(pathToFileURL(path.join(root, 'dist', p)).href);
const scenariosMod: typeof import('../src/scenarios/index.js') = await dist('scenarios/index.js');

const flag = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const variants = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const games = Number(flag('games', '48'));
const size = flag('size', '800');
const opponents = flag('opp', 'aggressive,objective').split(',');
const seed = flag('seed', 'scan');
const scenarios = process.argv.some((a) => a.startsWith('--scen=')) ? flag('scen', '').split(',') : scenariosMod.listScenarios().map((s) => s.id);
const armies = ['ironbound', 'reedmarsh', 'tuskfell'].map((a) => path.join('sims', 'armies', `${a}-${size}.json`));
if (variants.length === 0 || !Number.isInteger(games) || games < 1 || !['400', '800'].includes(size)) {
  console.error('bot-scan: expected one or more policy specs, --games a whole number, --size 400 or 800');
  process.exit(2);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
for (const v of variants) {
  const row: string[] = [];
  const cells = new Map<string, [number, number]>();
  let score = 0;
  let played = 0;
  for (const o of opponents) {
    const out = mkdtempSync(path.join(tmpdir(), 'bot-scan-'));
    const by = await tournamentScores({ a: v, b: o, armies, scenarios, games: games * scenarios.length, seed: `${seed}:${o}`, out, workers: 2 });
    rmSync(out, { recursive: true, force: true });
    for (const sc of scenarios) cells.set(`${path.basename(o, '.js')}:${sc}`, [by.get(sc)!.score, by.get(sc)!.games]);
    const all = by.get('all')!;
    row.push(`${o} ${pct(all.score / all.games)}`);
    score += all.score;
    played += all.games;
  }
  const rates = [...cells.values()].map(([a, b]) => a / b);
  if (process.argv.includes('--cells')) console.log([...cells].map(([k, [a, b]]) => `${k} ${((100 * a) / b).toFixed(0)}`).join('  '));
  console.log(`${v}  ${row.join('  ')}  all ${pct(score / played)}  lowest cell ${pct(Math.min(...rates))}  under 55%: ${rates.filter((r) => r < 0.55).length} of ${rates.length}`);
}
