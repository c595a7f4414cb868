import { existsSync } from 'node:fs';
import path from 'node:path';
import { cellInputs, loadCheckedExperiment, type CellSpec } from '../runner/index.js';
import { r4 } from './numbers.js';
import { recordReplay, replayHtml } from './replay.js';
import type { ColumnTable, ReplayLink } from './types.js';

/** Cells with replays at most: two games each keeps a big run's report quick. */
const MAX_CELLS = 12;

interface Pick {
  /** Row index in games.csv. */
  row: number;
  why: string;
}

/** Per cell, the closest game (smallest VP margin) and the most lopsided (largest), the earliest game on ties. */
function pickGames(games: ColumnTable): Map<string, Pick[]> {
  const [cell, vpA, vpB] = ['cell', 'vp_a', 'vp_b'].map((n) => games.get(n));
  const best = new Map<string, { close: number; closeM: number; far: number; farM: number }>();
  for (let r = 0; r < games.rows; r++) {
    const m = r4(Math.abs(Number(vpA[r]) - Number(vpB[r])));
    const b = best.get(cell[r]);
    if (!b) best.set(cell[r], { close: r, closeM: m, far: r, farM: m });
    else {
      if (m < b.closeM) Object.assign(b, { close: r, closeM: m });
      if (m > b.farM) Object.assign(b, { far: r, farM: m });
    }
  }
  const out = new Map<string, Pick[]>();
  for (const [cell, b] of best) {
    const picks: Pick[] = [{ row: b.close, why: `the closest game (VP margin ${b.closeM})` }];
    if (b.far !== b.close) picks.push({ row: b.far, why: `the most lopsided game (VP margin ${b.farM})` });
    out.set(cell, picks);
  }
  return out;
}

/** The experiment file named in the manifest, as seen from here (absolute, or relative to the current directory). */
function experimentPath(manifest: Record<string, unknown> | null, given: string | undefined): string | null {
  const f = given ?? (typeof manifest?.experimentFile === 'string' ? manifest.experimentFile : null);
  if (f === null) return null;
  return existsSync(f) ? f : null;
}

/**
 * Replays of notable games, played again from their seeds with the cell's
 * inputs as the experiment file gives them now (the manifest's hash says if
 * they changed since the run).
 */
export async function notableReplays(opts: {
  dir: string;
  games: ColumnTable;
  manifest: Record<string, unknown> | null;
  experimentFile?: string;
}): Promise<{ replays: { link: ReplayLink; html: string }[]; note?: string }> {
  const file = experimentPath(opts.manifest, opts.experimentFile);
  if (file === null) {
    const named = opts.experimentFile ?? opts.manifest?.experimentFile;
    return { replays: [], note: `No replays: the experiment file${typeof named === 'string' ? ` ${named}` : ''} was not found from here (pass it with --experiment).` };
  }
  const experiment = loadCheckedExperiment({ file });
  const byKey = new Map<string, CellSpec>(experiment.cells.map((c) => [c.key, c]));
  const picks = pickGames(opts.games);
  const [gameCol, seedCol, firstCol, vpACol, vpBCol, winCol] = ['game', 'seed', 'first_seat', 'vp_a', 'vp_b', 'winner'].map((n) => opts.games.get(n));
  const replays: { link: ReplayLink; html: string }[] = [];
  // A sweep's grid points playing the very games of an earlier point (same_as) link none of their own: no game twice.
  const same = (key: string): boolean => {
    const pt = byKey.get(key)?.point;
    return pt?.sameAs !== undefined && pt.sameAs !== pt.index;
  };
  const cells = [...picks.keys()].filter((k) => !same(k));
  const shared = picks.size - cells.length;
  let missing = 0;
  let changed = 0;
  for (const key of cells.slice(0, MAX_CELLS)) {
    const spec = byKey.get(key);
    if (!spec) {
      missing++;
      continue;
    }
    const { forSeed } = await cellInputs(spec);
    for (const p of picks.get(key)!) {
      const i = p.row;
      const game = Number(gameCol[i]);
      const [seed, first, rowA, rowB, win] = [seedCol[i], firstCol[i], vpACol[i], vpBCol[i], winCol[i]];
      const { replay: data } = recordReplay({ ...forSeed(seed, first === 'A'), title: `${key}, game ${game}` });
      const winner = win === 'draw' ? 'a draw' : `army ${win} won`;
      // The replay must be the game of the row: if the inputs changed since the run, say so on the link.
      const end = data.frames[data.frames.length - 1].vp;
      const [vpA, vpB] = first === 'A' ? end : [end[1], end[0]];
      const same = vpA === Number(rowA) && vpB === Number(rowB);
      if (!same) changed++;
      const differs = same ? '' : `; the inputs changed since the run: this replay ends ${vpA} to ${vpB}`;
      replays.push({
        link: { cell: key, game, seed, why: p.why, file: `replays/c${spec.index}-g${game}.html`, summary: `${winner}, VP ${rowA} to ${rowB}${differs}` },
        html: replayHtml(data),
      });
    }
  }
  const notes: string[] = [];
  if (cells.length > MAX_CELLS) notes.push(`replays for the first ${MAX_CELLS} of ${cells.length} cells`);
  if (changed > 0) notes.push(`${changed} replays do not end as in games.csv: the experiment's inputs changed since the run`);
  if (shared > 0) notes.push(`${shared} grid points play the very games of an earlier point (same_as in sweep.csv) and link none of their own`);
  if (missing > 0) notes.push(`${missing} cells are not in ${path.basename(file)} any more and have none`);
  return { replays, note: notes.length > 0 ? `Note: ${notes.join('; ')}.` : undefined };
}
