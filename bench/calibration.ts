/**
 * Coverage of the fair-value interval, measured, not assumed:
 * `npx tsx bench/calibration.ts [seeds=20] [games=200] [--workers=N] [--kinds=models,defense,models-gap,defense-gap] [--each]`.
 *
 * Mirror sweeps whose crossing is known by symmetry: the same one-regiment
 * list on both sides (two files, so only army A's is patched), and one of
 * army A's numbers swept over a grid that holds B's value. There the two
 * sides are the same army, so army A's win rate is exactly 50% (each
 * seat-swapped pair plays both seats) and the true crossing is B's value.
 * Two kinds of parameter: a model count (army A's Bladewardens, B has 7)
 * and a characteristic (Defense of the Bladewardens in a copy of the faction
 * army A alone uses, B's is 2), each on a grid that holds the true value and
 * on one that leaves it out (`-gap`: the crossing lies between two points);
 * `--kinds=` picks (also attacks, march, clash). Each seed is a whole sweep with its own
 * experiment seed; a seed's 95% interval "holds the truth" when its status
 * gives an interval (holdsTruth) and the truth lies in it. Prints one line per kind; the figures
 * are in bench/README.md (## sweep calibration).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCheckedExperiment, runExperiment } from '../src/runner/index.js';
import type { FairCrossing } from '../src/stats/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type MirrorKind = 'models' | 'defense' | 'attacks' | 'march' | 'clash' | 'models-gap' | 'defense-gap';

/**
 * Each kind: what is swept (army A's model count, or a characteristic of its
 * Bladewardens), the true crossing (B's value) and the grid. The `-gap`
 * kinds leave the true value out of the grid, so the crossing must be found
 * between two points; the others hold it, where the win rate is exactly 50%.
 */
export const MIRRORS: Record<MirrorKind, { swept: string; truth: number; values: number[] }> = {
  models: { swept: 'models', truth: 7, values: [5, 6, 7, 8, 9] },
  defense: { swept: 'defense', truth: 2, values: [0, 1, 2, 3, 4] },
  attacks: { swept: 'attacks', truth: 4, values: [2, 3, 4, 5, 6] },
  march: { swept: 'march', truth: 5, values: [3, 4, 5, 6, 7] },
  clash: { swept: 'clash', truth: 3, values: [1, 2, 3, 4, 5] },
  'models-gap': { swept: 'models', truth: 7, values: [4, 6, 8, 10] },
  'defense-gap': { swept: 'defense', truth: 2, values: [0, 1, 3, 4] },
};

/**
 * Whether a crossing's 95% interval holds `truth`: `inside`, `step` and
 * `plateau` give one (an open end reaches past the range); `below-range` and
 * `above-range` only when the interval reaches into the range (one end set);
 * `flat` and `ambiguous` give none, and miss.
 */
export function holdsTruth(c: FairCrossing, truth: number): boolean {
  const given = c.status === 'inside' || c.status === 'step' || c.status === 'plateau' || (c.status === 'below-range' && c.high !== null) || (c.status === 'above-range' && c.low !== null);
  return given && (c.low ?? -Infinity) <= truth && truth <= (c.high ?? Infinity);
}

/** Writes a mirror sweep of `kind` with experiment seed `seed` into `dir`; returns the experiment file. */
export function writeMirror(dir: string, kind: MirrorKind, seed: string, games: number, values = MIRRORS[kind].values): string {
  const factionFile = path.join(ROOT, 'sims', 'factions', 'ironbound.json');
  const faction = JSON.parse(readFileSync(factionFile, 'utf8')) as { regiments: { name: string }[] };
  const k = faction.regiments.findIndex((r) => r.name === 'Bladewardens');
  const list = JSON.parse(readFileSync(path.join(ROOT, 'sims', 'armies', 'ironbound-400.json'), 'utf8')) as Record<string, unknown>;
  mkdirSync(dir, { recursive: true });
  // Army A's own copy of the faction: patching it changes A's Bladewardens only.
  writeFileSync(path.join(dir, 'faction-a.json'), JSON.stringify(faction));
  const army = (factionPath: string): string => JSON.stringify({ ...list, pointsLimit: 600, regiments: [{ entry: 'Bladewardens', models: 7 }], factionFile: factionPath });
  writeFileSync(path.join(dir, 'a.json'), army('faction-a.json'));
  writeFileSync(path.join(dir, 'b.json'), army(path.relative(dir, factionFile)));
  const swept = MIRRORS[kind].swept;
  const parameter =
    swept === 'models'
      ? { name: 'models_a', target: 'a.json', pointer: '/regiments/0/models', values }
      : { name: `${swept}_a`, target: 'faction-a.json', pointer: `/regiments/${k}/profile/${swept}`, values };
  const file = path.join(dir, 'mirror.json');
  writeFileSync(
    file,
    JSON.stringify({
      kind: 'experiment',
      name: `mirror-${kind}`,
      seed,
      games,
      matchups: [['a.json', 'b.json']],
      scenarios: ['area-control'],
      policies: [['random', 'random']],
      sweep: { parameters: [parameter] },
    }),
  );
  return file;
}

/** One mirror sweep played: its crossing. */
export async function mirrorCrossing(kind: MirrorKind, seed: string, games: number, workers: number, values?: number[]): Promise<FairCrossing> {
  const dir = path.join(tmpdir(), `skirmish-calibration-${process.pid}-${kind}-${seed}`);
  try {
    const file = writeMirror(dir, kind, seed, games, values);
    const o = await runExperiment({ experiment: loadCheckedExperiment({ file }), out: path.join(dir, 'out'), workers });
    if (o.status !== 'complete' || !o.crossings) throw new Error(`mirror ${kind} ${seed}: the run did not complete`);
    return o.crossings[0].result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const seeds = Number(args[0] ?? 20);
  const games = Number(args[1] ?? 200);
  const workers = Number(process.argv.find((a) => a.startsWith('--workers='))?.slice(10) ?? 2);
  const kinds = (process.argv
    .find((a) => a.startsWith('--kinds='))
    ?.slice(8)
    .split(',') ?? ['models', 'defense', 'models-gap', 'defense-gap']) as MirrorKind[];
  const started = Date.now();
  for (const kind of kinds) {
    const { truth, values } = MIRRORS[kind];
    let held = 0;
    const statuses = new Map<string, number>();
    const widths: number[] = [];
    const outside: number[] = [];
    for (let s = 1; s <= seeds; s++) {
      const c = await mirrorCrossing(kind, `calibration-${kind}-${s}`, games, workers);
      const ok = holdsTruth(c, truth);
      if (ok) held++;
      statuses.set(c.status, (statuses.get(c.status) ?? 0) + 1);
      if (c.low !== null && c.high !== null) widths.push(c.high - c.low);
      outside.push(c.outside);
      if (process.argv.includes('--each')) {
        console.log(
          `  ${kind} seed ${s}: ${c.status} ${c.crossing ?? ''} [${c.low ?? '…'}, ${c.high ?? '…'}] ${ok ? 'holds' : 'MISSES'} ${truth}; rates ${c.points.map((p) => (100 * p.winRate).toFixed(1)).join(' ')}`,
        );
      }
    }
    widths.sort((a, b) => a - b);
    const median = widths.length > 0 ? widths[Math.floor((widths.length - 1) / 2)] : Number.NaN;
    console.log(
      `${kind}: truth ${truth}, grid ${values.join(' ')}, ${games} games a point, ${seeds} seeds: ` +
        `the 95% interval holds the truth in ${held}/${seeds} (${((100 * held) / seeds).toFixed(0)}%); ` +
        `statuses ${[...statuses].map(([k, n]) => `${k} ${n}`).join(', ')}; median width ${median.toFixed(2)}; ` +
        `mean share of replicates not crossing ${(outside.reduce((a, b) => a + b, 0) / outside.length).toFixed(3)}`,
    );
  }
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s, ${workers} workers`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
