import { existsSync } from 'node:fs';
import path from 'node:path';
import { isPluginSpec, resolvePolicySpec } from '../bots/index.js';
import { cellInputs, loadCheckedExperiment, type CellSpec } from '../runner/index.js';
import { policyDir } from '../runner/references.js';
import { r4 } from './numbers.js';
import { commandLine, recordReplay, replayHtml, type ReplayData } from './replay.js';
import type { ColumnTable, ReplayLink } from './types.js';

/** Cells with replays at most: three games each keeps a big run's report quick. */
const MAX_CELLS = 12;

interface Pick {
  /** Row index in games.csv. */
  row: number;
  why: string;
}

/** games.csv's end_reason in words, for the link text. */
export const END_REASON: Record<string, string> = {
  vpThreshold: 'ended at the VP threshold',
  lastRound: 'ended after the last round',
  wipeOut: 'ended by a wipe-out',
  instantWin: 'ended by an instant win',
  stalled: 'stopped at the safety limit',
};

/** Games that went the distance: ended by scoring (the last round or the VP threshold), not a wipe-out or the safety limit. */
const WENT_THE_DISTANCE = new Set(['lastRound', 'vpThreshold']);

/**
 * Per cell, up to three games, each for what it shows (the earliest game on ties):
 * - the closest: the smallest VP margin among games that went the distance
 *   (a wipe-out can end level on VP and is no close game);
 * - the biggest upset: the cell's underdog (the army that won fewer of its
 *   games) winning by the largest VP margin;
 * - a wipe-out: the earliest (fewest rounds), then the largest margin.
 */
export function pickGames(games: ColumnTable): Map<string, Pick[]> {
  const [cell, vpA, vpB, winner, reason, rounds] = ['cell', 'vp_a', 'vp_b', 'winner', 'end_reason', 'rounds'].map((n) => games.get(n));
  const rows = new Map<string, number[]>();
  for (let r = 0; r < games.rows; r++) {
    const list = rows.get(cell[r]);
    if (list) list.push(r);
    else rows.set(cell[r], [r]);
  }
  const margin = (r: number): number => r4(Number(vpA[r]) - Number(vpB[r]));
  /** The first row of the list that `better` prefers to every other (strictly). */
  const best = (list: number[], better: (a: number, b: number) => boolean): number | null => list.reduce<number | null>((m, r) => (m === null || better(r, m) ? r : m), null);
  const out = new Map<string, Pick[]>();
  for (const [key, list] of rows) {
    const picks: Pick[] = [];
    const full = list.filter((r) => WENT_THE_DISTANCE.has(reason[r]));
    const close = best(full, (a, b) => Math.abs(margin(a)) < Math.abs(margin(b)));
    if (close !== null) picks.push({ row: close, why: `the closest game that went the distance (VP margin ${Math.abs(margin(close))})` });
    const wins = { A: list.filter((r) => winner[r] === 'A').length, B: list.filter((r) => winner[r] === 'B').length };
    if (wins.A !== wins.B) {
      const under = wins.A < wins.B ? 'A' : 'B';
      const lead = (r: number): number => (under === 'A' ? margin(r) : -margin(r));
      const upset = best(
        list.filter((r) => winner[r] === under),
        (a, b) => lead(a) > lead(b),
      );
      if (upset !== null) {
        const share = Math.round((1000 * wins[under]) / list.length) / 10;
        picks.push({ row: upset, why: `the biggest upset: army ${under}, winner of ${share}% of the cell's games, wins by ${lead(upset)} VP` });
      }
    }
    const wipe = best(
      list.filter((r) => reason[r] === 'wipeOut'),
      (a, b) => Number(rounds[a]) < Number(rounds[b]) || (Number(rounds[a]) === Number(rounds[b]) && Math.abs(margin(a)) > Math.abs(margin(b))),
    );
    if (wipe !== null) picks.push({ row: wipe, why: `the earliest wipe-out (round ${rounds[wipe]})` });
    // One replay a game: a game picked twice keeps its first reason and gains the second.
    const merged: Pick[] = [];
    for (const p of picks) {
      const same = merged.find((m) => m.row === p.row);
      if (same) same.why += `, and ${p.why}`;
      else merged.push(p);
    }
    out.set(key, merged);
  }
  return out;
}

/** A file as the command names it: relative to the current directory when inside it. */
const fromHere = (file: string): string => {
  const rel = path.relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
};

/**
 * The `skirmish play` command that plays a game of a cell again: its seed,
 * the armies in their seats (player 1 is the army of the first seat), the
 * scenario, each seat's policy, the control rule and ruleset file. A cell
 * that plays inputs `play` cannot take (a sweep's patched files, ruleset
 * overrides in the experiment) has none, and says why.
 */
export function playCommand(cell: CellSpec, seed: string, aFirst: boolean): NonNullable<ReplayData['command']> {
  if (cell.files && Object.keys(cell.files).length > 0)
    return { none: 'No `skirmish play` command plays this game again: its grid point plays patched army or rules files, which play cannot take (run the sweep).' };
  const overrides = 'overrides' in cell.ruleset ? cell.ruleset.overrides : undefined;
  if (overrides !== undefined && overrides !== null && !(typeof overrides === 'object' && Object.keys(overrides).length === 0)) {
    return { none: 'No `skirmish play` command plays this game again: the experiment overrides rules in place, which play cannot take (put them in a ruleset file).' };
  }
  const dir = policyDir(cell);
  const policy = (spec: string): string => (isPluginSpec(spec) ? fromHere(resolvePolicySpec(spec, dir)) : spec);
  const [first, second] = aFirst ? [cell.armyA, cell.armyB] : [cell.armyB, cell.armyA];
  const [p1, p2] = aFirst ? [cell.policyA, cell.policyB] : [cell.policyB, cell.policyA];
  const scenario = path.isAbsolute(cell.scenario) ? fromHere(cell.scenario) : cell.scenario;
  const words = ['skirmish', 'play', '--army-a', fromHere(first.file), '--army-b', fromHere(second.file), '--scenario', scenario, '--seed', seed, '--policy-a', policy(p1), '--policy-b', policy(p2)];
  if (cell.control !== null) words.push('--control', cell.control);
  if ('file' in cell.ruleset) words.push('--ruleset', fromHere(cell.ruleset.file));
  return { text: commandLine(words) };
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
  const [gameCol, seedCol, firstCol, vpACol, vpBCol, winCol, reasonCol, roundsCol] = ['game', 'seed', 'first_seat', 'vp_a', 'vp_b', 'winner', 'end_reason', 'rounds'].map((n) => opts.games.get(n));
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
      const { replay: data } = recordReplay({ ...forSeed(seed, first === 'A'), title: `${key}, game ${game}`, command: playCommand(spec, seed, first === 'A') });
      const winner = win === 'draw' ? 'a draw' : `army ${win} won`;
      const ended = `${END_REASON[reasonCol[i]] ?? reasonCol[i]} in round ${roundsCol[i]}`;
      // The replay must be the game of the row: if the inputs changed since the run, say so on the link.
      const end = data.frames[data.frames.length - 1].vp;
      const [vpA, vpB] = first === 'A' ? end : [end[1], end[0]];
      const same = vpA === Number(rowA) && vpB === Number(rowB);
      if (!same) changed++;
      const differs = same ? '' : `; the inputs changed since the run: this replay ends ${vpA} to ${vpB}`;
      replays.push({
        link: { cell: key, game, seed, why: p.why, file: `replays/c${spec.index}-g${game}.html`, summary: `${winner}, VP ${rowA} to ${rowB}, ${ended}${differs}` },
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
