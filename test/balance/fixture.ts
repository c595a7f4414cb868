import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadBalance } from '../../src/balance/plan.js';
import { runBalance, type BalanceOutcome } from '../../src/balance/run.js';

const factions = path.resolve('sims/factions');

/**
 * A small balance file in `dir` (b.json): Ironbound and Tuskfell at 400 on
 * Meeting Engagement, `aggressive`, 16 games, no abilities; `extra` adds or
 * overrides fields. Its path.
 */
export function balanceFile(dir: string, extra: Record<string, unknown> = {}): string {
  const file = path.join(dir, 'b.json');
  writeFileSync(
    file,
    JSON.stringify({
      kind: 'balance',
      name: 't',
      seed: 's1',
      factions: [path.join(factions, 'ironbound.json'), path.join(factions, 'tuskfell.json')],
      points: [400],
      scenarios: ['meeting-engagement'],
      policy: 'aggressive',
      games: 16,
      abilities: false,
      ...extra,
    }),
  );
  return file;
}

/**
 * Runs `file` into `out`, stopped once `phase` has played `games` games, then
 * resumed on 2 workers; the resumed run's outcome.
 */
export async function stopAndResume(o: { file: string; out: string; phase: string; games: number }): Promise<BalanceOutcome> {
  const stop = new AbortController();
  const first = await runBalance({
    plan: loadBalance(o.file, { out: o.out }),
    workers: 0,
    signal: stop.signal,
    onProgress: (phase, p) => {
      if (phase === o.phase && p.done >= o.games) stop.abort();
    },
  });
  if (first.status !== 'stopped') throw new Error(`expected the run to stop in ${o.phase}, it ended ${first.status}`);
  return runBalance({ plan: loadBalance(o.file, { out: o.out }), workers: 2, resume: true });
}
