/** The actions a warrior may take now (engine/rules/legal.ts, R17). */
import { describe, expect, it } from 'vitest';
import { IllegalChoiceError } from '../../../src/engine/index.js';
import { legalNow, skirmish } from '../harness.js';

/** Two infantry bases (27 mm) this far apart centre to centre are Engaged (gap 0.44" ≤ 1", R5). */
const NEAR = 1.5;

describe('action legality (R17)', () => {
  it('an Engaged warrior may only take combat actions', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
    });
    sk.activate(0);
    expect(legalNow(sk)).toEqual(['reposition', 'inspire', 'clash', 'end']);
  });

  it('an unengaged warrior may only take out-of-combat actions; Volley and Take Aim need Barrage', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { barrage: { dice: 3, range: 12 } } },
        { player: 1, x: 40, y: 40 },
      ],
    });
    sk.activate(0);
    expect(legalNow(sk)).toEqual(['march', 'takeAim', 'volley', 'end']);
  });

  it('Rally only while Broken!; Charge only with an enemy in reach', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 15 },
      ],
    });
    sk.w(0).broken = true;
    sk.activate(0);
    expect(legalNow(sk)).toEqual(['march', 'charge', 'rally', 'end']);
  });

  it('never the same action twice, except March', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
      dice: [6, 6, 6, 6, 6],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    expect(legalNow(sk)).toEqual(['reposition', 'inspire', 'end']);
    expect(() => sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] })).toThrow(IllegalChoiceError);

    const m = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 40, y: 40 },
      ],
    });
    m.activate(0);
    m.act({ type: 'march', x: 10, y: 30 });
    expect(legalNow(m)).toContain('march');
  });

  it('an illegal choice changes nothing and the same decision stands', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10 + NEAR, y: 10 },
      ],
    });
    sk.activate(0);
    const before = JSON.stringify(sk.s);
    expect(() => sk.act({ type: 'march', x: 20, y: 20 })).toThrow(IllegalChoiceError);
    expect(() => sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 2 }] })).toThrow(/add up to Attacks 3/);
    expect(JSON.stringify(sk.s)).toBe(before);
  });
});
