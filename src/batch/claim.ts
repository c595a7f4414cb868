/*
 * One experiment per output folder: a run, sweep, tournament or campaign
 * refuses a folder whose manifest.json names another one, since their files
 * would mix (a report titled after one showing the other's data).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { removeIfPresent } from '../data/outputs.js';
import { InputError } from '../errors.js';

/** Who wrote a folder's outputs, as its manifest.json says. */
export interface FolderOwner {
  kind: 'experiment' | 'sweep' | 'tournament' | 'campaign';
  name: string;
}

/** Every file a run, sweep, tournament or campaign writes into its folder (the report's included). */
const OUTPUTS = [
  'games.csv',
  'confirm.csv',
  'summary.csv',
  'errors.csv',
  'manifest.json',
  'sweep.csv',
  'crossing.csv',
  'lists.csv',
  'pairings.csv',
  'ratings.csv',
  'campaigns.csv',
  'territories.csv',
  'battles.csv',
  'report.html',
];

/** The owner a manifest names (campaigns name theirs under `campaign`, the others under `experiment`), or null. */
export function ownerOf(manifest: unknown): FolderOwner | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const m = manifest as { experiment?: unknown; campaign?: unknown; sweep?: unknown; tournament?: unknown };
  if (typeof m.campaign === 'string') return { kind: 'campaign', name: m.campaign };
  if (typeof m.experiment !== 'string') return null;
  return { kind: m.tournament !== undefined ? 'tournament' : m.sweep !== undefined ? 'sweep' : 'experiment', name: m.experiment };
}

const describe = (o: FolderOwner): string => (o.kind === 'tournament' ? 'a tournament' : `${o.kind} ${JSON.stringify(o.name)}`);

/**
 * Claims `out` for `owner` before any work: a folder holding another's
 * outputs is refused (exit 2, its files untouched), or with `force` those
 * files are removed first. The same owner again replaces its own files, and
 * those of `OUTPUTS` its kind does not write (`writes`) go.
 */
export function claimFolder(out: string, owner: FolderOwner, force: boolean, writes: readonly string[]): void {
  let before: FolderOwner | null = null;
  try {
    before = ownerOf(JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')));
  } catch {
    // no manifest, or not ours: nothing to compare with
  }
  if (before === null) return;
  const other = before.kind !== owner.kind || before.name !== owner.name;
  if (other && !force) {
    throw new InputError(`${out}: holds the outputs of ${describe(before)}, not of ${describe(owner)}; choose another --out, or add --force to replace them`);
  }
  const keep = new Set(writes.map((f) => path.basename(f)));
  for (const f of OUTPUTS) if (!keep.has(f) && (other || f !== 'report.html')) removeIfPresent(path.join(out, f));
  if (other) rmSync(path.join(out, 'replays'), { recursive: true, force: true });
}
