import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { mergeShards } from '../runner/merge.js';
import { outputFiles } from '../runner/run.js';
import { loadBalance } from './plan.js';
import { runBalance, SLICE_FILE, type BalanceOutcome, type SliceMarker } from './run.js';

/** Whether a folder is a slice of `skirmish balance --shard`. */
export const isBalanceSlice = (dir: string): boolean => existsSync(path.join(dir, SLICE_FILE));

function readMarker(dir: string): SliceMarker {
  const file = path.join(dir, SLICE_FILE);
  if (!existsSync(file)) throw new InputError(`${dir}: no ${SLICE_FILE} (not the output of \`skirmish balance --shard\`)`);
  let m: SliceMarker;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as SliceMarker;
  } catch (err) {
    throw new InputError(`${file}: not a balance slice (${err instanceof Error ? err.message : String(err)})`);
  }
  if (m?.kind !== 'balance-slice' || !Array.isArray(m.phases) || typeof m.file !== 'string') throw new InputError(`${file}: not a balance slice`);
  return m;
}

const manifestHash = (dir: string): string | null => {
  const f = outputFiles(dir).manifest;
  return existsSync(f) ? ((JSON.parse(readFileSync(f, 'utf8')) as { inputsHash?: string }).inputsHash ?? null) : null;
};

/**
 * Combines the slices of a balance run: each phase every slice played its
 * share of is merged (runner/merge.ts) into its folder under `out`, unless
 * `out` holds it merged already; then, when every phase is there, the
 * outputs are written from them exactly as a single machine writes them.
 * Otherwise the outcome is `partial`, waiting for the slices' next phase
 * (played with `--from out`).
 */
export async function mergeBalance(o: { dirs: string[]; out: string }): Promise<BalanceOutcome & { merged: string[]; name: string; file: string; slices: { dir: string; shard: string }[] }> {
  if (o.dirs.length === 0) throw new InputError('merge: name the slice folders to combine');
  const slices = o.dirs.map((dir) => ({ dir, m: readMarker(dir) }));
  const first = slices[0];
  for (const s of slices) {
    if (s.m.runHash !== first.m.runHash) throw new InputError(`${s.dir}: a slice of another balance run than ${first.dir} (balance file, factions, seed, games or --confirm differ)`);
  }
  const plan = loadBalance(first.m.file, { ...first.m.flags, out: o.out });
  if (plan.runHash !== first.m.runHash) throw new InputError(`${first.m.file}: changed since the slices were played (the balance file or a faction file); play the slices again`);
  const merged: string[] = [];
  for (const p of first.m.phases.filter((x) => slices.every((s) => s.m.phases.includes(x)))) {
    const dest = path.join(o.out, p);
    const hash = manifestHash(path.join(first.dir, p));
    const there = manifestHash(dest);
    if (there !== null && there === hash) continue;
    if (there !== null) throw new InputError(`${dest}: holds another run's ${p} phase; merge into an empty folder`);
    await mergeShards({ dirs: slices.map((s) => path.join(s.dir, p)), out: dest });
    merged.push(p);
  }
  const outcome = await runBalance({ plan, readOnly: true });
  return { ...outcome, merged, name: plan.name, file: first.m.file, slices: slices.map((s) => ({ dir: s.dir, shard: s.m.shard })) };
}
