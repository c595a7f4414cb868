/**
 * One tournament of policy a against policy b through the built runner
 * (`dist/`), scored by scenario from its games.csv: what bot-tables.ts and
 * bot-scan.ts both measure. A draw counts half a win; policy a is army A of
 * every cell (the tournament's rotations put it on either list, either seat).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runner: typeof import('../src/runner/index.js') = await import(pathToFileURL(path.join(root, 'dist', 'runner', 'index.js')).href);
const batch: typeof import('../src/batch/index.js') = await import(pathToFileURL(path.join(root, 'dist', 'batch', 'index.js')).href);

/** Policy A's score over some games. */
export interface Score {
  games: number;
  score: number;
  draws: number;
}

/** Plays the tournament into `out` and returns policy a's score by scenario, and over all under 'all'. */
export async function tournamentScores(o: {
  a: string;
  b: string;
  armies: string[];
  scenarios: string[];
  games: number;
  seed: string;
  out: string;
  workers: number;
  /** URL of a module exporting createGame to play the games with (the same games: bench/action-counts.mjs counts their events). */
  gameModule?: string;
}): Promise<Map<string, Score>> {
  const t = runner.planTournament({ policies: [o.a, o.b], armies: o.armies, scenarios: o.scenarios, games: o.games, seed: o.seed, out: o.out });
  const r = await runner.runTournament(t, { workers: o.workers, ...(o.gameModule ? { gameModule: o.gameModule } : {}) });
  if (r.run.errors > 0) throw new Error(`${o.a} vs ${o.b}: ${r.run.errors} games failed (see ${o.out}/errors.csv)`);
  const lines = readFileSync(path.join(o.out, 'games.csv'), 'utf8').trim().split('\n');
  const cols = batch.parseCsvLine(lines[0]);
  const [iScenario, iWinner] = [cols.indexOf('scenario'), cols.indexOf('winner')];
  const by = new Map<string, Score>();
  const all: Score = { games: 0, score: 0, draws: 0 };
  for (const line of lines.slice(1)) {
    const f = batch.parseCsvLine(line);
    const sc = by.get(f[iScenario]) ?? { games: 0, score: 0, draws: 0 };
    by.set(f[iScenario], sc);
    for (const x of [sc, all]) {
      x.games++;
      x.score += f[iWinner] === 'A' ? 1 : f[iWinner] === 'draw' ? 0.5 : 0;
      if (f[iWinner] === 'draw') x.draws++;
    }
  }
  by.set('all', all);
  return by;
}
