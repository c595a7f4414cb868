/**
 * The runner's game (dist/runner/engine-game.js, the same games) with its
 * events counted: each game appends one line to the file named by the
 * BOT_TABLES_COUNTS environment variable, JSON
 * [policyA, policyB, repositionsA, repositionsB, uniqueA, uniqueB,
 * meantA, meantB, baseStaysA, baseStaysB, ownBlockedA, ownBlockedB]
 * (armies A and B of the cell, whichever seat they had). A plain .mjs so
 * the pool's worker threads load it as they are (`gameModule`).
 *
 * - Repositions: `move` events of action `reposition`.
 * - Unique Actions: activations in which a Unique Action showed its effect
 *   (an `attack` event of action `unique`, or a `healed` event, which outside
 *   the Command Phase only a Unique Action makes); one an activation at most.
 */
import { appendFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const { cellInputs } = await import(new URL('runner/engine-game.js', dist).href);
const { playGame } = await import(new URL('engine/index.js', dist).href);
const { newMoveTally, tallyMoves } = await import(new URL('bots/jams.js', dist).href);

/** Counts of one game by seat: repositions and Unique Actions of players 1 and 2. */
export function actionCounter() {
  const repositions = [0, 0];
  const unique = [0, 0];
  // The player whose warrior is activating, and whether its Unique Action is counted yet.
  let active = null;
  let counted = false;
  return {
    repositions,
    unique,
    onEvent(e) {
      switch (e.type) {
        case 'roundStart':
        case 'commandCard':
          active = null;
          return;
        case 'activate':
          active = e.player;
          counted = false;
          return;
        case 'move':
          if (e.action === 'reposition') repositions[e.warrior.startsWith('P1 ') ? 0 : 1]++;
          return;
        case 'attack':
        case 'healed':
          if (active === null || counted || (e.type === 'attack' && e.action !== 'unique')) return;
          unique[active]++;
          counted = true;
          return;
        default:
          return;
      }
    },
  };
}

export async function createGame(cell) {
  const { forSeed } = await cellInputs(cell);
  const file = process.env.BOT_TABLES_COUNTS;
  if (!file) throw new Error('action-counts.mjs: set BOT_TABLES_COUNTS to the file the counts go to');
  return (seed, aFirst) => {
    const c = actionCounter();
    const jams = newMoveTally();
    tallyMoves(jams);
    let result;
    try {
      result = playGame({ ...forSeed(seed, aFirst), onEvent: c.onEvent });
    } finally {
      tallyMoves(null);
    }
    const [a, b] = aFirst ? [0, 1] : [1, 0];
    const row = [cell.policyA, cell.policyB, c.repositions[a], c.repositions[b], c.unique[a], c.unique[b]];
    row.push(jams.meant[a], jams.meant[b], jams.baseStays[a], jams.baseStays[b], jams.ownBlocked[a], jams.ownBlocked[b]);
    appendFileSync(file, `${JSON.stringify(row)}\n`);
    return result;
  };
}
