/**
 * What a warrior is worth to the bots (worth.ts): more for what it can do
 * and for how long it lasts, against the enemy army it actually meets; a
 * regiment the sum of its warriors; on the sample lists, an army about its
 * points (the scale's calibration), though no price is read.
 */
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { regimentWorth, warriorWorth } from '../../src/bots/index.js';
import { Game } from '../../src/engine/index.js';
import type { Profile } from '../../src/rules/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { getScenario } from '../../src/scenarios/index.js';
import { skirmish } from '../engine/harness.js';

/** Worth of a warrior of `mine` against two enemies of `theirs` (and a friend of the default profile). */
function worthOf(mine: Partial<Profile>, theirs: Partial<Profile> = {}): number {
  const sk = skirmish({
    warriors: [
      { player: 0, x: 6, y: 6, profile: mine },
      { player: 0, x: 12, y: 6 },
      { player: 1, x: 6, y: 42, profile: theirs },
      { player: 1, x: 12, y: 42, profile: theirs },
    ],
  });
  return warriorWorth(sk.s, sk.w(0));
}

describe("a warrior's worth", () => {
  it('grows with what it can do and how long it lasts, and depends on the enemy it meets', () => {
    const base = worthOf({});
    expect(base).toBeGreaterThan(0);
    expect(worthOf({ attacks: 6 })).toBeGreaterThan(base);
    expect(worthOf({ clash: 5 })).toBeGreaterThan(base);
    expect(worthOf({ wounds: 3 })).toBeGreaterThan(base);
    expect(worthOf({ defense: 4 })).toBeGreaterThan(base);
    expect(worthOf({ barrage: { dice: 6, range: 12 }, volley: 5 })).toBeGreaterThan(base);
    // Against tougher enemies it removes less of one, against harder-hitting ones it lasts less.
    expect(worthOf({}, { defense: 4 })).toBeLessThan(base);
    expect(worthOf({}, { attacks: 8, clash: 5 })).toBeLessThan(base);
  });

  it('is the same for every warrior of one profile; a regiment is worth the sum of its warriors', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 6, y: 6, regiment: 'r' },
        { player: 0, x: 8, y: 6, regiment: 'r' },
        { player: 0, x: 10, y: 6, regiment: 'r', profile: { wounds: 3 } },
        { player: 1, x: 6, y: 42 },
      ],
    });
    expect(warriorWorth(sk.s, sk.w(0))).toBe(warriorWorth(sk.s, sk.w(1)));
    expect(regimentWorth(sk.s, sk.w(0).regiment)).toBeCloseTo(warriorWorth(sk.s, sk.w(0)) * 2 + warriorWorth(sk.s, sk.w(2)), 9);
  });

  it('makes an army worth about its points on the sample lists (the scale), each list against each other', () => {
    let worth = 0;
    let points = 0;
    for (const size of [400, 800]) {
      const lists = ['ironbound', 'reedmarsh', 'tuskfell'].map((f) => loadRoster(`sims/armies/${f}-${size}.json`));
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          if (a === b) continue;
          const s = Game.create({ armies: [lists[a], lists[b]], scenario: getScenario('raid'), ruleset: DEFAULT_RULESET, seed: 'worth' }).state;
          for (const w of s.warriors) {
            if (w.player !== 0) continue;
            worth += warriorWorth(s, w);
            points += w.points;
          }
        }
      }
    }
    expect(worth / points).toBeGreaterThan(0.9);
    expect(worth / points).toBeLessThan(1.1);
  });
});
