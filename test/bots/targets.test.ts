/**
 * Target choice on built positions whose best target is known by exact odds:
 * a warrior engaged with, in Volley range of, or in Charge reach
 * of two enemies — one worth more (worth.ts) but hard to hurt, one worth less
 * but easy to slay — attacks the one whose exact-odds worth is higher, whichever
 * seat it plays; the built-in policies pick the same target.
 */
import { describe, expect, it } from 'vitest';
import { attackOdds, attackValue, bestCharge, bestClash, bestVolley, getPolicy, warriorWorth } from '../../src/bots/index.js';
import { createRng } from '../../src/dice/index.js';
import type { ActionChoice, PlayerIndex } from '../../src/engine/types.js';
import { skirmish } from '../engine/harness.js';

/**
 * A hard target (3 Wounds, Defense 5, Resolve 5: worth more, it lasts) and an
 * easy one (1 Wound, Defense 1, Resolve 1); both strike feebly (1 Attack,
 * Clash 1), so the fight is one worth staying in and the only question is whom to hit.
 */
const HARD = { wounds: 3, defense: 5, resolve: 5, attacks: 1, clash: 1, name: 'Hard' };
const EASY = { wounds: 1, defense: 1, resolve: 1, attacks: 1, clash: 1, name: 'Easy' };

/**
 * My warrior at (24, 24) (`me`'s), the enemies `gap` inches from its edge:
 * the hard one to the north-east, the easy one to the south-east (listed hard
 * first, so a scan that keeps the first of equals would pick the wrong one).
 */
function position(me: PlayerIndex, gap: number, shooter = false) {
  const you: PlayerIndex = me === 0 ? 1 : 0;
  const r = 27 / 25.4 / 2;
  const d = (2 * r + gap) / Math.SQRT2;
  const sk = skirmish({
    warriors: [
      { player: me, x: 24, y: 24, profile: { attacks: 4, clash: 3, march: 6, wounds: 3, defense: 4, resolve: 4, ...(shooter ? { barrage: { dice: 4, range: 18 } } : {}) } as never },
      { player: you, x: 24 + d, y: 24 + d, profile: HARD },
      { player: you, x: 24 + d, y: 24 - d, profile: EASY },
    ],
    supremacy: me,
    dice: [],
  });
  sk.activate(0);
  return sk;
}

/** The exact-odds worth of attacking each target, and which is the best. */
function worths(sk: ReturnType<typeof position>, action: 'clash' | 'volley', inspired: boolean) {
  const s = sk.s;
  const w = sk.w(0);
  const [hard, easy] = [sk.w(1), sk.w(2)].map((t) => attackValue(s, attackOdds(s, w, t, { action, inspired, aimed: false }), t));
  // The construction: the hard one is worth more, the easy one clearly the better buy.
  expect(warriorWorth(s, sk.w(1))).toBeGreaterThan(warriorWorth(s, sk.w(2)));
  expect(easy).toBeGreaterThan(hard * 1.5);
  return { hard, easy, best: sk.w(2).id };
}

/** What `spec` does at the pending action decisions of the activated warrior, until it attacks. */
function attackBy(sk: ReturnType<typeof position>, spec: string): ActionChoice {
  const policy = getPolicy(spec);
  const rng = createRng('targets');
  for (let k = 0; k < 3; k++) {
    const d = sk.game.pending()!;
    expect(d.kind).toBe('action');
    const c = policy.choose({ state: sk.s, me: d.player }, d, rng);
    if (c.kind !== 'action') throw new Error(`expected an action, got ${c.kind}`);
    if (c.action.type !== 'inspire' && c.action.type !== 'takeAim') return c.action;
    sk.act(c.action); // Inspire and Take Aim roll no dice
  }
  throw new Error('no attack');
}

describe('target choice by exact odds', () => {
  for (const me of [0, 1] as PlayerIndex[]) {
    describe(`player ${me + 1}`, () => {
      it('Clash: the engaged warrior puts every Attack on the better target', () => {
        const sk = position(me, 0.5);
        const w = worths(sk, 'clash', false);
        const pick = bestClash(sk.s, sk.w(0), false, () => 0)!;
        expect(pick.target).toBe(w.best);
        expect(pick.value).toBeCloseTo(w.easy, 9);
        for (const spec of ['balanced', 'aggressive', 'objective']) {
          const sk2 = position(me, 0.5);
          const a = attackBy(sk2, spec);
          expect(a).toEqual({ type: 'clash', split: [{ target: sk2.w(2).id, dice: 4 }] });
        }
      });

      it('Charge: the warrior in reach of both charges the better target', () => {
        const sk = position(me, 4);
        const w = worths(sk, 'clash', true);
        const pick = bestCharge(sk.s, sk.w(0), () => 0)!;
        expect(pick.target).toBe(w.best);
        expect(pick.value).toBeCloseTo(w.easy, 9);
        for (const spec of ['balanced', 'aggressive']) {
          const sk2 = position(me, 4);
          expect(attackBy(sk2, spec)).toEqual({ type: 'charge', target: sk2.w(2).id });
        }
      });

      it('Volley: the shooter shoots the better target', () => {
        const sk = position(me, 10, true);
        const w = worths(sk, 'volley', false);
        const pick = bestVolley(sk.s, sk.w(0), false, () => 0)!;
        expect(pick.target).toBe(w.best);
        expect(pick.value).toBeCloseTo(w.easy, 9);
        expect(attackBy(position(me, 10, true), 'balanced')).toEqual({ type: 'volley', target: w.best });
      });
    });
  }
});
