import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET as RS } from '../../src/rules/ruleset.js';
import { capturePointChains, createScenarioState, damageMarker, emptyTally, gameEnd, getScenario, victoryPhase } from '../../src/scenarios/index.js';
import type { ControlWarrior, PlayerIndex, Scenario, ScenarioState, VictoryTally } from '../../src/scenarios/types.js';
import { crowd } from './helpers.js';

function setup(id: string): { s: Scenario; st: ScenarioState } {
  const s = getScenario(id);
  return { s, st: createScenarioState(s, RS) };
}

function phase(s: Scenario, st: ScenarioState, warriors: ControlWarrior[], round = 2, tally: Partial<VictoryTally> = {}) {
  return victoryPhase({ scenario: s, state: st, round, warriors, tally: { ...emptyTally(), ...tally }, ruleset: RS });
}

function destroy(st: ScenarioState, id: string, player: PlayerIndex, round = 2): void {
  const i = st.markers.findIndex((m) => m.id === id);
  expect(i).toBeGreaterThanOrEqual(0);
  for (let k = 0; k < RS.marker.wounds; k++) damageMarker(st, i, player, 1, round);
  expect(st.markers[i].destroyed).toBe(true);
}

/** Three Medium Infantry of `player` on a point. */
const hold = (player: PlayerIndex, x: number, y: number, n = 3) => crowd(n, player, x, y);

describe('scenario VP rules', () => {
  it('Meeting Engagement: marker 3, zones 3 each, +1 per zone after the enemy marker, +2 both', () => {
    const { s, st } = setup('meeting-engagement');
    destroy(st, 'marker-b', 0);
    const r = phase(s, st, [...hold(0, 12, 24), ...hold(0, 36, 24)]);
    expect(r.vp).toEqual([3 + 6 + 2 + 2, 0]);
    // Next round: one zone, no new marker VP, the +1 still applies.
    const r2 = phase(s, st, [...hold(0, 12, 24), ...hold(1, 36, 24)], 3);
    expect(r2.vp).toEqual([3 + 1, 3]);
    expect(st.vp).toEqual([17, 3]);
  });

  it('Outflank: 2 per zone, +2 for two or more; the Character Regiment scores once (R27)', () => {
    const { s, st } = setup('outflank');
    const ws = [...hold(0, 6, 24), ...hold(0, 24, 24), ...hold(1, 42, 24)];
    const r = phase(s, st, ws, 2, { enemyCharacterRegimentSlain: [true, false] });
    expect(r.vp).toEqual([4 + 2 + 2, 2]);
    const r2 = phase(s, st, ws, 3, { enemyCharacterRegimentSlain: [true, false] });
    expect(r2.vp).toEqual([6, 2]);
  });

  it('Shieldwall: 3 per enemy marker this round, +2 for more than one, 1 per enemy regiment (and R30 reinforcements)', () => {
    const { s, st } = setup('shieldwall');
    destroy(st, 'marker-b-corner', 0);
    destroy(st, 'marker-b-centre', 0);
    destroy(st, 'marker-a-centre', 1);
    const r = phase(s, st, [], 2, { enemyRegimentsDestroyed: [3, 1] });
    expect(r.vp).toEqual([3 + 3 + 2 + 3, 3 + 1]);
    // Destructions are used up; regiments left in Reinforcements at the end count as destroyed.
    const r2 = phase(s, st, [], 8, { reinforcementsAtEnd: { regiments: [0, 2], points: [0, 0], officers: [0, 0], characterRegiment: [false, false] } });
    expect(r2.vp).toEqual([2, 0]);
  });

  it("Raid: 3 per zone, 5 more for the enemy zone, +2 for two or more; a player's own friendly zone is not seized", () => {
    const { s, st } = setup('raid');
    const ws = [...hold(0, 6, 42), ...hold(0, 30, 18), ...hold(0, 42, 6), ...hold(1, 6, 42, 1)];
    const r = phase(s, st, ws);
    expect(r.zoneSeizedBy).toEqual([null, 0, null, 0]);
    expect(r.vp).toEqual([3 + 3 + 5 + 2, 0]);
  });

  it('Area Control: 4 per enemy marker, 3 per zone, 5 for the enemy zone, +2 for two', () => {
    const { s, st } = setup('area-control');
    destroy(st, 'marker-b', 0);
    const r = phase(s, st, [...hold(0, 42, 42), ...hold(0, 30, 18), ...hold(1, 18, 30)]);
    expect(r.vp).toEqual([4 + 3 + 3 + 5 + 2, 3]);
  });

  it('Broken Lines: the seizer moves the marker 6" towards its friendly zone; 2 marker, 3 enemy zone, +2 both, 15 in the friendly zone', () => {
    const { s, st } = setup('broken-lines');
    const m = st.markers[0];
    // R39: nobody seizes (or moves) the marker in Round 1.
    let r = phase(s, st, hold(0, 24, 24), 1);
    expect([m.x, m.y, ...r.vp]).toEqual([24, 24, 0, 0]);
    r = phase(s, st, hold(0, 24, 24));
    expect(m.x).toBeCloseTo(24 - 6 / Math.SQRT2);
    expect(m.y).toBeCloseTo(24 - 6 / Math.SQRT2);
    expect(r.vp).toEqual([2, 0]);
    // Player 2 wins the marker back and seizes zone A too.
    r = phase(s, st, [...hold(1, m.x, m.y), ...hold(1, 6, 6)], 3);
    expect(m.x).toBeCloseTo(24);
    expect(m.y).toBeCloseTo(24);
    expect(r.vp).toEqual([0, 2 + 3 + 2]);
    // Player 1 pushes it home: after four moves it overlaps zone A (3" radius) at about 1.5" from its centre.
    for (let round = 4; round <= 7; round++) r = phase(s, st, hold(0, m.x, m.y), round);
    expect(Math.hypot(m.x - 6, m.y - 6)).toBeCloseTo(25.456 - 24, 2);
    expect(r.vp).toEqual([2 + 15, 0]);
    // It stops at the zone's centre rather than overshooting.
    phase(s, st, hold(0, m.x, m.y), 8);
    expect([m.x, m.y]).toEqual([6, 6]);
  });

  it('Tug-of-War: 2 per point, +1 chain of 3, +2 chain of 4 (both, R39); points stay held; a lost home point can be taken back (R39)', () => {
    const { s, st } = setup('tug-of-war');
    // Round 1: nobody captures; A and B start held.
    let r = phase(s, st, hold(0, 24, 12), 1);
    expect(r.vp).toEqual([2, 2]);
    r = phase(s, st, [...hold(0, 24, 12), ...hold(0, 36, 12)], 2);
    expect(r.vp).toEqual([6 + 1, 2]);
    r = phase(s, st, hold(0, 24, 24), 3);
    expect(capturePointChains(st.capturePoints, 0, 12).map((c) => c.length)).toEqual([4]);
    expect(r.vp).toEqual([8 + 1 + 2, 2]);
    // Player 2 takes (24, 12): A, (36, 12) and (24, 24) are no longer linked (diagonals do not link).
    r = phase(s, st, hold(1, 24, 12), 4);
    expect(
      capturePointChains(st.capturePoints, 0, 12)
        .map((c) => c.length)
        .sort(),
    ).toEqual([1, 1, 1]);
    expect(r.vp).toEqual([6, 4]);
    // Player 2 takes A; R39: player 1, whose point it was, takes it back like any other point.
    phase(s, st, hold(1, 12, 12), 5);
    expect(st.capturePoints.find((c) => c.id === 'point-a')?.controlledBy).toBe(1);
    phase(s, st, hold(0, 12, 12), 6);
    expect(st.capturePoints.find((c) => c.id === 'point-a')?.controlledBy).toBe(0);
  });

  it('Tug-of-War: after losing A, its owner can still win by an A-to-B chain once it takes A back (R39)', () => {
    const { s, st } = setup('tug-of-war');
    phase(s, st, hold(1, 12, 12), 2); // player 2 takes A
    const path: [number, number][] = [
      [12, 12],
      [24, 12],
      [36, 12],
      [36, 24],
      [36, 36],
    ];
    const r = phase(
      s,
      st,
      path.flatMap(([x, y]) => hold(0, x, y)),
      3,
    );
    expect(r.instantWinner).toBe(0);
  });

  it('Tug-of-War: no point is captured in Round 1 (R39, R24)', () => {
    const { s, st } = setup('tug-of-war');
    const r = phase(s, st, [...hold(1, 12, 12), ...hold(0, 24, 12)], 1);
    expect(st.capturePoints.map((c) => c.controlledBy)).toEqual(setup('tug-of-war').st.capturePoints.map((c) => c.controlledBy));
    expect(r.vp).toEqual([2, 2]);
  });

  it('Tug-of-War: a chain linking A to B wins at once and counts as 21 VP', () => {
    const { s, st } = setup('tug-of-war');
    const path: [number, number][] = [
      [24, 12],
      [36, 12],
      [36, 24],
      [36, 36],
    ];
    let r = phase(
      s,
      st,
      path.slice(0, 3).flatMap(([x, y]) => hold(0, x, y)),
    );
    expect(r.instantWinner).toBe(null);
    const fresh = setup('tug-of-war');
    r = phase(
      fresh.s,
      fresh.st,
      path.flatMap(([x, y]) => hold(0, x, y)),
    );
    // 5 points and a chain of 5 would be 10 + 1 + 2 = 13 VP: the instant win counts as 21.
    expect(r.instantWinner).toBe(0);
    expect(r.vp).toEqual([21, 0]);
    expect(fresh.st.vp).toEqual([21, 0]);
    expect(gameEnd({ scenario: fresh.s, state: fresh.st, round: 2, instantWinner: r.instantWinner })).toEqual({ over: true, winner: 0, reason: 'instantWin' });
    // A chain that already scored more keeps its VP.
    r = phase(s, st, hold(0, 36, 36), 3);
    expect(r.instantWinner).toBe(0);
    expect(st.vp[0]).toBe(11 + 13);
  });

  it('Tic-Tac-Blood!: 2 per enemy marker, 3 per zone, +2 both', () => {
    const { s, st } = setup('tic-tac-blood');
    destroy(st, 'marker-b-east', 0);
    const r = phase(s, st, [...hold(0, 36, 12), ...hold(0, 12, 36)]);
    expect(r.vp).toEqual([2 + 6 + 2, 0]);
  });

  it('Advanced Maneuvers: 3 once for the enemy marker, 3 per zone, +2 per zone after it, +2 both', () => {
    const { s, st } = setup('advanced-maneuvers');
    destroy(st, 'marker-b', 0);
    let r = phase(s, st, hold(0, 12, 18));
    expect(r.vp).toEqual([3 + 3 + 2, 0]);
    r = phase(s, st, [...hold(0, 12, 18), ...hold(0, 36, 30)], 3);
    expect(r.vp).toEqual([6 + 4 + 2, 0]);
    // Player 2 has not destroyed marker A: no bonus.
    r = phase(s, st, hold(1, 12, 18), 4);
    expect(r.vp).toEqual([0, 3]);
  });

  it('Pincer: the zone is Contested by A and B; 5 per marker destroyed outside a zone; 2 per officer', () => {
    const { s, st } = setup('pincer');
    let r = phase(s, st, hold(0, 24, 24, 6), 2, { officersSlain: [1, 2] });
    expect(r.zoneSeizedBy).toEqual([null]);
    expect(r.vp).toEqual([2, 4]);
    destroy(st, 'marker-west', 0, 3);
    destroy(st, 'marker-b', 0, 3);
    r = phase(s, st, hold(0, 24, 24, 6), 3);
    // B was in the zone: no VP for it, but now player 1 can seize.
    expect(r.vp).toEqual([5 + 3, 0]);
  });

  it('Into the Grinder: 4 per 6" zone, 3 for the 12" zone, 3 once for the enemy marker, +2 for two or more', () => {
    const { s, st } = setup('into-the-grinder');
    let r = phase(s, st, [...hold(0, 36, 12), ...hold(0, 12, 36), ...hold(0, 24, 24)]);
    expect(r.zoneSeizedBy).toEqual([null, 0, 0]);
    expect(r.vp).toEqual([8 + 2, 0]);
    destroy(st, 'marker-b', 0, 3);
    r = phase(s, st, [...hold(0, 36, 12), ...hold(0, 24, 24)], 3);
    expect(r.vp).toEqual([4 + 3 + 3 + 2, 0]);
    r = phase(s, st, hold(0, 24, 24), 4);
    expect(r.vp).toEqual([3, 0]);
  });

  it('Fall Into Rank: both zones Contested until a marker in them falls; 2 per enemy marker, 3 per zone, +2 both', () => {
    const { s, st } = setup('fall-into-rank');
    let r = phase(s, st, [...hold(0, 12, 24), ...hold(0, 36, 24)]);
    expect(r.vp).toEqual([0, 0]);
    destroy(st, 'marker-b1', 0, 3);
    r = phase(s, st, [...hold(0, 12, 24), ...hold(0, 36, 24)], 3);
    expect(r.zoneSeizedBy).toEqual([null, 0]);
    expect(r.vp).toEqual([2 + 3, 0]);
    // Player 2 cannot seize the east zone: marker A2 still contests it.
    r = phase(s, st, hold(1, 36, 24), 4);
    expect(r.vp).toEqual([0, 0]);
    destroy(st, 'marker-b2', 0, 5);
    r = phase(s, st, [...hold(0, 12, 24), ...hold(0, 36, 24)], 5);
    expect(r.vp).toEqual([2 + 6 + 2, 0]);
  });

  it('Annihilation: VP are the points of enemy warriors slain, reinforcements left at the end included (R30)', () => {
    const { s, st } = setup('annihilation');
    let r = phase(s, st, [], 2, { pointsSlain: [120, 45] });
    expect(r.vp).toEqual([120, 45]);
    r = phase(s, st, [], 6, { pointsSlain: [10, 0], reinforcementsAtEnd: { regiments: [1, 1], points: [30, 50], officers: [0, 0], characterRegiment: [false, false] } });
    expect(r.vp).toEqual([60, 30]);
    expect(gameEnd({ scenario: s, state: st, round: 6 })).toEqual({ over: true, winner: 0, reason: 'lastRound' });
  });

  it('Annihilation: fractional points summed in another order still tie (no 236.79999999999998 against 236.8)', () => {
    const { s, st } = setup('annihilation');
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; points slain add up round by round.
    phase(s, st, [], 2, { pointsSlain: [0.1, 0.3] });
    const r = phase(s, st, [], 6, { pointsSlain: [0.2, 0] });
    expect(st.vp).toEqual([0.3, 0.3]);
    expect(r.vp[0]).toBe(0.2);
    expect(gameEnd({ scenario: s, state: st, round: 6 })).toEqual({ over: true, winner: null, reason: 'lastRound' });
  });
});

describe('game end (R28)', () => {
  it('threshold at the end of a Victory Phase, most VP wins; equal VP is a draw; a wiped-out player loses', () => {
    const { s, st } = setup('raid');
    expect(gameEnd({ scenario: s, state: st, round: 3 })).toEqual({ over: false, winner: null, reason: null });
    st.vp = [16, 17];
    expect(gameEnd({ scenario: s, state: st, round: 3 })).toEqual({ over: true, winner: 1, reason: 'vpThreshold' });
    st.vp = [16, 16];
    expect(gameEnd({ scenario: s, state: st, round: 3 })).toEqual({ over: true, winner: null, reason: 'vpThreshold' });
    st.vp = [3, 3];
    expect(gameEnd({ scenario: s, state: st, round: 10 })).toEqual({ over: true, winner: null, reason: 'lastRound' });
    expect(gameEnd({ scenario: s, state: st, round: 4, wipedOut: [true, false] })).toEqual({ over: true, winner: 1, reason: 'wipeOut' });
  });
});
