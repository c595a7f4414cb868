import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET as RS } from '../../src/rules/ruleset.js';
import { controlFlag, regimentEligible, seizeZone, warriorInZone } from '../../src/scenarios/index.js';
import type { ControlRule, ControlWarrior, Friendly, MarkerState } from '../../src/scenarios/types.js';
import { crowd, INF_R, warrior } from './helpers.js';

const zone12 = (friendlyTo: Friendly = null) => ({ x: 24, y: 24, diameter: 12, friendlyTo });

function marker(friendlyTo: Friendly, x = 24, y = 24, destroyed = false): MarkerState {
  return { id: 'm', x, y, r: 50 / 25.4 / 2, friendlyTo, behaviour: 'standard', damage: [0, 0], destroyed, destroyedBy: null, destroyedRound: null, inZone: true };
}

function seize(warriors: ControlWarrior[], opts: { control?: ControlRule; zone?: ReturnType<typeof zone12>; markers?: MarkerState[]; round?: number } = {}) {
  return seizeZone({
    zone: opts.zone ?? zone12(),
    warriors,
    markers: opts.markers ?? [],
    control: opts.control ?? 'first-blood',
    round: opts.round ?? 2,
    ruleset: RS,
  });
}

describe('within a zone (R24)', () => {
  it('a base overlapping the circle is within; one just clear of it is not', () => {
    expect(warriorInZone(warrior(0, 24 + 6 + INF_R - 0.01, 24), zone12())).toBe(true);
    expect(warriorInZone(warrior(0, 24 + 6 + INF_R + 0.01, 24), zone12())).toBe(false);
  });
});

describe('first-blood control (R24, R25)', () => {
  it('the larger weighted total seizes; equal totals: nobody', () => {
    expect(seize([...crowd(3, 0, 24, 24), ...crowd(2, 1, 24, 24)])).toBe(0);
    expect(seize([...crowd(2, 0, 24, 24), ...crowd(2, 1, 24, 24)])).toBe(null);
    // Two Light Infantry count as one model; one Medium Cavalry as three.
    expect(seize([...crowd(4, 0, 24, 24, { class: 'Light' }), ...crowd(2, 1, 24, 24)])).toBe(null);
    expect(seize([...crowd(5, 0, 24, 24, { class: 'Light' }), ...crowd(2, 1, 24, 24)])).toBe(0);
    expect(seize([warrior(1, 24, 24, { role: 'Cavalry', class: 'Medium' }), ...crowd(2, 0, 24, 24)])).toBe(1);
    // A Monster counts six; a character counts one whatever its profile.
    expect(seize([warrior(1, 24, 24, { role: 'Monster', class: 'Heavy' }), ...crowd(5, 0, 24, 24)])).toBe(1);
    expect(seize([warrior(1, 24, 24, { role: 'Monster', class: 'Heavy', kind: 'character' }), ...crowd(2, 0, 24, 24)])).toBe(0);
  });

  it('warriors outside the circle do not count', () => {
    expect(seize([...crowd(1, 0, 24, 24), ...crowd(5, 1, 40, 40)])).toBe(0);
  });

  it('no seizing in Round 1', () => {
    expect(seize(crowd(3, 0, 24, 24), { round: 1 })).toBe(null);
  });

  it('a friendly zone cannot be seized by its owner', () => {
    expect(seize(crowd(3, 0, 24, 24), { zone: zone12(0) })).toBe(null);
    expect(seize(crowd(3, 1, 24, 24), { zone: zone12(0) })).toBe(1);
  });

  it('the rules text\'s Contested example: a marker friendly to player 1 in a 12" zone', () => {
    const markers = [marker(0, 24, 30)];
    // Player 2 has more models but cannot seize: the zone is Contested.
    expect(seize([...crowd(2, 0, 24, 24), ...crowd(5, 1, 24, 24)], { markers })).toBe(null);
    // Player 1 still needs more models than player 2.
    expect(seize([...crowd(3, 0, 24, 24), ...crowd(3, 1, 24, 24)], { markers })).toBe(null);
    expect(seize([...crowd(4, 0, 24, 24), ...crowd(3, 1, 24, 24)], { markers })).toBe(0);
    // Once the marker is destroyed, player 2 may seize again.
    expect(seize([...crowd(2, 0, 24, 24), ...crowd(5, 1, 24, 24)], { markers: [marker(0, 24, 30, true)] })).toBe(1);
  });

  it('a marker outside the zone does not contest it', () => {
    expect(seize(crowd(3, 1, 24, 24), { markers: [marker(0, 24, 40)] })).toBe(1);
  });
});

describe('conquest-stands control: the seizing article (R32)', () => {
  const cs = (ws: ControlWarrior[], markers: MarkerState[] = []) => seize(ws, { control: 'conquest-stands', markers });

  it('3 Medium + 1 Light against 3 Light: more scoring (3 v 0) and more total (4 v 3) seizes', () => {
    expect(cs([...crowd(3, 0, 24, 24), warrior(0, 24, 24, { class: 'Light' }), ...crowd(3, 1, 24, 24, { class: 'Light' })])).toBe(0);
  });

  // Example 1: a Tontorr (Monster) with a Chieftain (character of a Heavy regiment) against 3 Ashen Dawn (Heavy).
  const tontorr = warrior(0, 24, 24, { role: 'Monster', class: 'Heavy', regimentId: 'tontorr' });
  const chieftain = warrior(0, 24, 24, { role: 'Monster', class: 'Heavy', kind: 'character', regimentId: 'tontorr' });
  const ashenDawn = crowd(3, 1, 24, 24, { class: 'Heavy' });

  it('example 1: Tontorr + Chieftain (4 scoring, 4 total) beat 3 Ashen Dawn (3, 3)', () => {
    expect(cs([tontorr, chieftain, ...ashenDawn])).toBe(0);
  });

  it('example 2: a mounted squire for player B makes the totals 4 v 4: nobody seizes', () => {
    const squire = warrior(1, 24, 24, { role: 'Cavalry', class: 'Light', kind: 'character' });
    expect(cs([tontorr, chieftain, ...ashenDawn, squire])).toBe(null);
  });

  it('example 3: 4 Stryx (Light) against 3 Flame Berserkers (Light): no scoring stands, nobody seizes', () => {
    expect(cs([...crowd(4, 0, 24, 24, { class: 'Light' }), ...crowd(3, 1, 24, 24, { class: 'Light' })])).toBe(null);
  });

  it('example 4: RANCOR (+2 for seizing) on the Flame Berserkers: 2 scoring and 5 total beat 0 and 4', () => {
    const berserkers = [warrior(1, 24, 24, { class: 'Light', seizeBonus: 2 }), ...crowd(2, 1, 24, 24, { class: 'Light' })];
    expect(cs([...crowd(4, 0, 24, 24, { class: 'Light' }), ...berserkers])).toBe(1);
  });

  it('"cannot seize" removes scoring but not total', () => {
    // Player 1: 3 Medium that cannot seize (0 scoring, 3 total); player 2: 1 Medium, 1 Light (1, 2).
    expect(cs([...crowd(3, 0, 24, 24, { cannotSeize: true }), warrior(1, 24, 24), warrior(1, 24, 24, { class: 'Light' })])).toBe(null);
    expect(cs([...crowd(1, 0, 24, 24, { cannotSeize: true }), warrior(1, 24, 24), warrior(1, 24, 24, { class: 'Light' })])).toBe(1);
  });

  it('"always seizes" wins alone and cancels out against another', () => {
    expect(cs([warrior(0, 24, 24, { alwaysSeizes: true }), ...crowd(5, 1, 24, 24)])).toBe(0);
    expect(cs([warrior(0, 24, 24, { alwaysSeizes: true }), warrior(1, 24, 24, { alwaysSeizes: true }), ...crowd(2, 1, 24, 24)])).toBe(1);
  });

  it('a friendly objective marker in the zone always blocks the opponent, even "always seizes"', () => {
    expect(cs([warrior(1, 24, 24, { alwaysSeizes: true })], [marker(0, 24, 30)])).toBe(null);
  });
});

describe('steamroller control (R33)', () => {
  const sr = (ws: ControlWarrior[]) => seize(ws, { control: 'steamroller' });
  const reg = (n: number, player: 0 | 1, x: number, y: number, start: number, alive: number, id: string) => crowd(n, player, x, y, { regimentId: id, regimentStart: start, regimentAlive: alive });

  it('an eligible warrior alone in the zone controls it; any enemy warrior contests', () => {
    expect(sr(reg(3, 0, 24, 24, 5, 3, 'a'))).toBe(0);
    expect(sr([...reg(3, 0, 24, 24, 5, 3, 'a'), warrior(1, 24, 24)])).toBe(null);
  });

  it('a regiment needs half its starting warriors, rounded up, alive', () => {
    // 5 started: needs 3.
    expect(sr(reg(2, 0, 24, 24, 5, 2, 'a'))).toBe(null);
    // 4 started: needs 2.
    expect(sr(reg(2, 0, 24, 24, 4, 2, 'a'))).toBe(0);
  });

  it('all remaining warriors of the regiment must be in the zone', () => {
    const ws = [...reg(3, 0, 24, 24, 4, 4, 'a'), ...reg(1, 0, 40, 40, 4, 4, 'a')];
    expect(sr(ws)).toBe(null);
    const ids = new Set(ws.map((w) => w.regimentId));
    expect(ids.size).toBe(1);
    expect(regimentEligible('a', ws, (w) => warriorInZone(w, zone12()), RS)).toBe(false);
  });

  it('an ineligible regiment still contests', () => {
    expect(sr([...reg(3, 0, 24, 24, 3, 3, 'a'), ...reg(1, 1, 24, 24, 6, 1, 'b')])).toBe(null);
  });

  it('Broken! warriors neither control nor contest', () => {
    expect(sr([...reg(1, 0, 24, 24, 1, 1, 'a'), warrior(1, 24, 24, { broken: true })])).toBe(0);
    expect(sr([warrior(0, 24, 24, { broken: true })])).toBe(null);
  });

  describe('flags', () => {
    const flag = { x: 24, y: 24, r: 40 / 25.4 / 2 };
    const touch = 24 + flag.r + INF_R;
    const flagOf = (ws: ControlWarrior[]) => controlFlag({ flag, warriors: ws, round: 2, ruleset: RS });

    it('an eligible warrior in base contact controls a flag when no enemy is within 4"', () => {
      expect(flagOf([warrior(0, touch, 24)])).toBe(0);
      expect(flagOf([warrior(0, touch + 0.5, 24)])).toBe(null);
      // An enemy base 3.9" from the flag contests; 4.1" does not.
      expect(flagOf([warrior(0, touch, 24), warrior(1, 24, 24 + flag.r + INF_R + 3.9)])).toBe(null);
      expect(flagOf([warrior(0, touch, 24), warrior(1, 24, 24 + flag.r + INF_R + 4.1)])).toBe(0);
      // A Broken! enemy does not contest.
      expect(flagOf([warrior(0, touch, 24), warrior(1, 24, 24 + flag.r + INF_R + 1, { broken: true })])).toBe(0);
    });

    it('the contacting warrior\'s regiment must have every remaining warrior within 4"', () => {
      const ws = [warrior(0, touch, 24, { regimentId: 'r', regimentStart: 2, regimentAlive: 2 }), warrior(0, 35, 24, { regimentId: 'r', regimentStart: 2, regimentAlive: 2 })];
      expect(flagOf(ws)).toBe(null);
      ws[1].x = touch + 2;
      expect(flagOf(ws)).toBe(0);
    });
  });
});
