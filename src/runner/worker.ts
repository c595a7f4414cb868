/**
 * The pool's worker (compiled to dist/runner/worker.js): plays a task — a
 * range of game indices of one cell — and returns its rows. Also run in the
 * main thread by the in-process mode (workers 0).
 */
import type { GameResult } from '../engine/types.js';
import { watchGame } from '../batch/watch.js';
import { runWatchedTask } from '../batch/worker.js';
import { armyAFirst, gameSeed } from './seeds.js';
import type { CellSpec, CreateGame, GameError, GameRecord, PlayFn, Task, TaskResult } from './types.js';

/** Prepared cells of this thread, by module and cell. */
const prepared = new Map<string, PlayFn>();
const modules = new Map<string, Promise<CreateGame>>();

async function creatorFor(gameModule: string | undefined): Promise<CreateGame> {
  const key = gameModule ?? '';
  let p = modules.get(key);
  if (!p) {
    // The engine is imported only when used, so tests with a stand-in game never load it.
    const loaded: Promise<{ createGame?: CreateGame }> = gameModule === undefined ? import('./engine-game.js') : import(gameModule);
    p = loaded.then((m: { createGame?: CreateGame }) => {
      if (typeof m.createGame !== 'function') throw new Error(`${gameModule ?? 'engine-game'} does not export createGame`);
      return m.createGame;
    });
    modules.set(key, p);
  }
  return p;
}

/** A GameResult as a games.csv row, seats turned back into armies A and B. */
export function recordOf(cell: CellSpec, game: number, seed: string, aFirst: boolean, r: GameResult & { lost?: [boolean[], boolean[]] }): GameRecord {
  const a = aFirst ? 0 : 1;
  const b = 1 - a;
  return {
    cell: cell.key,
    game,
    seed,
    scenario: cell.scenarioLabel,
    armyA: cell.armyA.label,
    armyB: cell.armyB.label,
    policyA: cell.policyA,
    policyB: cell.policyB,
    firstSeat: aFirst ? 'A' : 'B',
    winner: r.winner === null ? 'draw' : r.winner === a ? 'A' : 'B',
    vpA: r.vp[a],
    vpB: r.vp[b],
    rounds: r.rounds,
    endReason: r.endReason,
    warriorsLostA: r.warriorsLost[a],
    warriorsLostB: r.warriorsLost[b],
    pointsDestroyedA: r.pointsDestroyed[a],
    pointsDestroyedB: r.pointsDestroyed[b],
    stalled: r.stalled,
    passiveRounds: r.passiveRounds,
    ...(r.lost ? { lost: [r.lost[a], r.lost[b]] as [boolean[], boolean[]] } : {}),
  };
}

/** Plays games start..end-1 of the task's cell; a game that throws becomes an error row. */
export function playTask(play: PlayFn, task: Task): TaskResult {
  const rows: GameRecord[] = [];
  const errors: GameError[] = [];
  const cell = task.cell;
  const t0 = performance.now();
  for (let game = task.start; game < task.end; game++) {
    const seed = gameSeed(task.seed, cell.seedKey ?? cell.key, game);
    const aFirst = armyAFirst(game);
    watchGame(game, seed);
    let result: ReturnType<PlayFn>;
    try {
      result = play(seed, aFirst);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      errors.push({ cell: cell.key, game, seed, message: `${message} (first seat: army ${aFirst ? 'A' : 'B'})` });
      continue;
    }
    rows.push(recordOf(cell, game, seed, aFirst, result));
  }
  return { cell: cell.index, start: task.start, end: task.end, rows, errors, ms: performance.now() - t0 };
}

/** Prepares (once per thread) and plays a task. `create` overrides the module (in-process tests). */
export async function runTaskWith(task: Task, create?: CreateGame): Promise<TaskResult> {
  const id = `${create ? 'fn' : (task.gameModule ?? '')}\n${task.cell.index}\n${task.cell.key}`;
  const prepare = async (): Promise<PlayFn> => {
    let play = prepared.get(id);
    if (!play) {
      play = await (create ?? (await creatorFor(task.gameModule)))(task.cell);
      prepared.set(id, play);
    }
    return play;
  };
  return runWatchedTask(task, prepare, (play) => playTask(play, task));
}

/** Forgets prepared cells (in-process runs reuse this module across experiments). */
export function clearPrepared(): void {
  prepared.clear();
}

export default function runTask(task: Task): Promise<TaskResult> {
  return runTaskWith(task);
}
