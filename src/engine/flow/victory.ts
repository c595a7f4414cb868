/**
 * The Victory Phase (R28): zones and capture points seized, VP scored by the
 * scenario's rules, then the game ends (instant win, VP threshold, last
 * round) or the next round starts.
 */
import { emptyTally, victoryPhase } from '../../scenarios/index.js';
import { slay } from '../combat.js';
import { controlWarriors } from '../control.js';
import { copyScenarioState } from '../setup.js';
import type { GameState } from '../types.js';
import { end } from './end.js';
import type { Flow, Next } from './shared.js';

/** Who holds each zone and capture point, as one string (compared before and after a Victory Phase). */
function holders(s: GameState): string {
  return `${s.scenarioState.zoneSeizedBy.join()}|${s.scenarioState.capturePoints.map((p) => p.controlledBy).join()}`;
}

export function victory(f: Flow): Next {
  const s = f.s;
  s.phase = 'victory';
  const lastRound = s.round >= s.match.scenario.rounds;
  // R30, R40: regiments still off the table when the game ends, however it ends, count as destroyed
  // in its last Victory Phase: the last round's, or one that ends the game (known from a trial run).
  if (s.alive[0] + s.alive[1] > onTable(s) && (lastRound || victoryEndsGame(f))) {
    for (const w of s.warriors) if (w.status === 'reserve') slay(f, w);
  }
  const heldBefore = holders(s);
  const out = victoryPhase({
    scenario: s.match.scenario,
    state: s.scenarioState,
    round: s.round,
    warriors: controlWarriors(s),
    tally: s.tally,
    control: s.match.control,
    ruleset: s.match.ruleset,
  });
  // The scenario state keeps the totals (rounded as they add up, and Tug-of-War's instant win).
  s.vp[0] = s.scenarioState.vp[0];
  s.vp[1] = s.scenarioState.vp[1];
  // Passivity: nothing hurt, nothing scored, nothing changed hands this round.
  if (s.woundsDealt === s.woundsAtRoundStart && out.vp[0] === 0 && out.vp[1] === 0 && holders(s) === heldBefore) s.passiveRounds++;
  f.emit?.({
    type: 'victoryPhase',
    round: s.round,
    gained: [out.vp[0], out.vp[1]],
    vp: [s.vp[0], s.vp[1]],
    detail: out.detail.map((l) => `P${l.player + 1} +${Math.round(l.vp * 100) / 100}: ${l.why}`),
  });
  s.tally = emptyTally();
  if (out.instantWinner !== null) return end(f, 'instantWin', false, out.instantWinner);
  // R28: a threshold reached at the end of a Victory Phase ends the game; so does the last round.
  const t = s.match.scenario.vpThreshold;
  if (t !== null && (s.vp[0] >= t || s.vp[1] >= t)) return end(f, 'vpThreshold', false);
  if (lastRound) return end(f, 'lastRound', false);
  return 'nextRound';
}

/** Warriors on the table, both players. */
function onTable(s: GameState): number {
  let n = 0;
  for (const w of s.warriors) if (w.status === 'table') n++;
  return n;
}

/**
 * Whether this Victory Phase ends the game by an instant win or the VP
 * threshold (R28), scored on a copy. Counting the Reinforcements as
 * destroyed only adds VP, so it ends the game all the same.
 */
function victoryEndsGame(f: Flow): boolean {
  const s = f.s;
  const out = victoryPhase({
    scenario: s.match.scenario,
    state: copyScenarioState(f.scored, s.scenarioState),
    round: s.round,
    warriors: controlWarriors(s),
    tally: s.tally,
    control: s.match.control,
    ruleset: s.match.ruleset,
  });
  const t = s.match.scenario.vpThreshold;
  return out.instantWinner !== null || (t !== null && (s.vp[0] + out.vp[0] >= t || s.vp[1] + out.vp[1] >= t));
}
