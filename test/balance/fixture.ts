import { writeFileSync } from 'node:fs';
import path from 'node:path';

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
