/** Rulings R35, R36, R38 and R40 in built positions with scripted dice. */
import { describe, expect, it } from 'vitest';
import { IllegalChoiceError } from '../../src/engine/index.js';
import { stat } from '../../src/engine/abilities.js';
import type { Decision, GameEvent } from '../../src/engine/types.js';
import type { CommandAbilityDef, UniqueActionDef } from '../../src/rules/types.js';
import { skirmish } from './harness.js';

const NEAR = 1.5;

const attacks = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack');
const legal = (sk: ReturnType<typeof skirmish>) => (sk.game.pending() as Extract<Decision, { kind: 'action' }>).legal;

describe('R35: Outnumbered ignores Broken! warriors both ways', () => {
  it('a friend engaged with a Broken! enemy besides the target still assists', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 10 + 2 * NEAR },
        { player: 1, x: 10, y: 10 + NEAR },
        { player: 1, x: 10 + NEAR, y: 10 + 2 * NEAR }, // engaged with the assistant, Broken!
      ],
      dice: [6, 6, 6, 6, 6, 6],
    });
    sk.w(3).broken = true;
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    expect(attacks(sk.events)[0]).toMatchObject({ outnumbered: true });
    expect(attacks(sk.events)[0].rolls.attackRolls).toHaveLength(4);
  });
});

describe('R36: Reposition out of one Engagement Range', () => {
  it('makes the warrior Broken! even while it stays engaged with another enemy', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 11.9 }, // engaged (gap 0.84")
        { player: 1, x: 10, y: 8.5 }, // engaged (gap 0.44")
      ],
    });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 8 }); // stops touching the second enemy, 1.27" from the first
    expect(sk.events.some((e) => e.type === 'status' && e.status === 'broken')).toBe(true);
    expect(sk.w(0).broken).toBe(true);
  });

  it('a Reposition within the same Engagement Ranges does not', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 11.9 },
      ],
    });
    sk.activate(0);
    sk.act({ type: 'reposition', x: 10, y: 10.5 });
    expect(sk.w(0).broken).toBe(false);
  });
});

describe("R38: Regiment Leaders' Command Abilities", () => {
  const oath: CommandAbilityDef = { name: 'Oath', target: 'friendly', effect: { kind: 'modify', stat: 'clash', by: 1 } };
  const curse: CommandAbilityDef = { name: 'Curse', target: 'enemy', effect: { kind: 'modify', stat: 'clash', by: -1 } };
  const battle = () =>
    skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'leader', regiment: 'a', profile: { name: 'Leader', commandAbilities: ['Oath', 'Curse'] } },
        { player: 0, x: 12, y: 10, regiment: 'a' },
        { player: 0, x: 10, y: 12, regiment: 'b' }, // within Command Range, another regiment
        { player: 0, x: 30, y: 10, kind: 'character', profile: { name: 'Captain' } },
        { player: 1, x: 10, y: 14, kind: 'character', profile: { name: 'Chief' } },
        { player: 1, x: 40, y: 40, kind: 'leader', regiment: 'c', profile: { name: 'Other Leader', commandAbilities: ['Oath'] } },
      ],
      commandAbilities: [oath, curse],
    });

  it('act in the Command Phase after the characters of the same player, with only their own abilities', () => {
    const sk = battle();
    const order: string[] = [];
    for (let d = sk.game.pending(); d && d.kind === 'commandAbility'; d = sk.game.pending()) {
      order.push(`${sk.s.warriors[d.character].profile.name}: ${d.abilities.join(', ')}`);
      sk.game.apply({ kind: 'commandAbility', ability: null });
    }
    expect(order).toEqual(['Captain: Rallying Cry, Press Forward', 'Leader: Oath, Curse', 'Chief: Rallying Cry, Press Forward', 'Other Leader: Oath']);
  });

  it('affect only friendly warriors of their own regiment', () => {
    const sk = battle();
    sk.game.apply({ kind: 'commandAbility', ability: null }); // Captain
    sk.game.apply({ kind: 'commandAbility', ability: 'Oath' });
    expect([0, 1, 2, 3].map((i) => stat(sk.s, sk.w(i), 'clash'))).toEqual([3, 3, 2, 2]);
    const sk2 = battle();
    sk2.game.apply({ kind: 'commandAbility', ability: null });
    sk2.game.apply({ kind: 'commandAbility', ability: 'Curse' });
    expect(stat(sk2.s, sk2.w(4), 'clash')).toBe(2); // the enemy in range is not affected
  });
});

describe('R40: Reinforcements at the end, however the game ends', () => {
  it('count as destroyed for the VP of a game ended by the VP threshold, and for the result', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0, evasion: 0 } },
        { player: 1, x: 10, y: 0, reinforcement: true },
      ],
      scenario: { vpThreshold: 10 },
      dice: [1, 6, 6, 6], // one hit, no blocks, Resolve test 6: slain
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[1], dice: 3 }] });
    sk.act({ type: 'end' });
    const r = sk.s.result!;
    expect(r).toMatchObject({ endReason: 'vpThreshold', rounds: 1, winner: 0, vp: [20, 0], warriorsLost: [0, 2], pointsDestroyed: [0, 20] });
  });

  it('count as destroyed in the result of a wipe-out', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10 },
        { player: 0, x: 10, y: 0, reinforcement: true },
        { player: 1, x: 10, y: 10 + NEAR, profile: { defense: 0, evasion: 0 } },
      ],
      dice: [1, 6, 6, 6],
    });
    sk.activate(0);
    sk.act({ type: 'clash', split: [{ target: sk.ids[2], dice: 3 }] });
    expect(sk.s.result).toMatchObject({ endReason: 'wipeOut', winner: 0, warriorsLost: [1, 1] });
  });
});

describe('R40: Unique Actions', () => {
  const bolt: UniqueActionDef = { name: 'Bolt', type: 'any', replaces: null, effect: { kind: 'inflictHits', hits: 1, range: 10, maxTargets: 1 } };
  const mend: UniqueActionDef = { name: 'Mend', type: 'any', replaces: null, effect: { kind: 'heal', wounds: 1, range: 0 } };
  const wall = {
    id: 'wall',
    shape: [
      { x: 8, y: 14 },
      { x: 12, y: 14 },
      { x: 12, y: 15 },
      { x: 8, y: 15 },
    ],
    size: 2,
  };

  it('two different Unique Actions in one activation, each once', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, profile: { wounds: 3, uniqueActions: ['Mend', 'Bolt'] } },
        { player: 1, x: 10, y: 18, profile: { defense: 0, evasion: 0, wounds: 3 } },
      ],
      uniqueActions: [bolt, mend],
      dice: [3],
    });
    sk.w(0).markers = 1;
    sk.activate(0);
    sk.act({ type: 'unique', name: 'Mend' });
    expect(() => sk.act({ type: 'unique', name: 'Mend' })).toThrow(IllegalChoiceError);
    expect(legal(sk)).toContain('unique');
    sk.act({ type: 'unique', name: 'Bolt' });
    expect(sk.w(0).markers).toBe(0);
    expect(sk.w(1).markers).toBe(1);
  });

  it('a hit-inflicting Unique Action needs Line of Sight unless its data says otherwise', () => {
    const behindWall = (def: UniqueActionDef) => {
      const sk = skirmish({
        warriors: [
          { player: 0, x: 10, y: 10, profile: { uniqueActions: [def.name] } },
          { player: 1, x: 10, y: 18, profile: { defense: 0, evasion: 0, wounds: 3 } },
        ],
        terrain: [{ ...wall, rules: ['Obstructing'] }],
        uniqueActions: [def],
        dice: [3],
      });
      sk.activate(0);
      return sk;
    };
    const blind = behindWall(bolt);
    expect(() => blind.act({ type: 'unique', name: 'Bolt', target: blind.ids[1] })).toThrow(IllegalChoiceError);
    blind.act({ type: 'unique', name: 'Bolt' }); // no target in sight: nothing happens
    expect(attacks(blind.events)).toHaveLength(0);
    const seer = behindWall({ ...bolt, effect: { ...bolt.effect, lineOfSight: false } as UniqueActionDef['effect'] });
    seer.act({ type: 'unique', name: 'Bolt', target: seer.ids[1] });
    expect(seer.w(1).markers).toBe(1);
  });
});

describe('R42: Duel placement at the free Engaged point nearest the challenger', () => {
  const R = 27 / 25.4 / 2;
  const REACH = 2 * R + 1; // centre to centre when the base edges are 1" apart (Engagement Range)
  type Sk = ReturnType<typeof skirmish>;
  const challenge = (sk: Sk) => {
    sk.game.apply({ kind: 'commandAbility', ability: 'Duel', target: sk.ids[1] });
    sk.game.apply({ kind: 'duelResponse', accept: true });
  };
  /**
   * The free Engaged point nearest `from` by brute force: the annulus around
   * `t` sampled finely, each point kept when no other base or rock overlaps it.
   */
  const nearestBySampling = (sk: Sk, from: { x: number; y: number }, t: { x: number; y: number }, skip: number[], rock?: { x0: number; y0: number; x1: number; y1: number }) => {
    let best = Infinity;
    for (let i = 0; i <= 200; i++) {
      const rr = 2 * R + (i / 200) * 1;
      for (let k = 0; k < 3600; k++) {
        const a = (k / 3600) * 2 * Math.PI;
        const x = t.x + rr * Math.cos(a);
        const y = t.y + rr * Math.sin(a);
        if (sk.s.warriors.some((w) => !skip.includes(w.id) && Math.hypot(w.x - x, w.y - y) < w.r + R - 1e-9)) continue;
        if (rock) {
          const cx = Math.min(Math.max(x, rock.x0), rock.x1);
          const cy = Math.min(Math.max(y, rock.y0), rock.y1);
          if (Math.hypot(cx - x, cy - y) < R - 1e-9) continue;
        }
        best = Math.min(best, Math.hypot(x - from.x, y - from.y));
      }
    }
    return best;
  };

  it('on an open table: straight towards the target, to exactly the Engagement Range', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: { name: 'Challenger' } },
        { player: 1, x: 10, y: 15, kind: 'character', profile: { name: 'Target' } },
      ],
    });
    challenge(sk);
    expect(sk.w(0).x).toBeCloseTo(10, 9);
    expect(sk.w(0).y).toBeCloseTo(15 - REACH, 6);
    expect([sk.w(1).x, sk.w(1).y]).toEqual([10, 15]);
    expect(sk.w(0).duel).toBe(sk.ids[1]);
  });

  it('the nearest spot taken by a friend: the next nearest free Engaged point, as sampling the annulus finds', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: { name: 'Challenger' } },
        { player: 1, x: 10, y: 15, kind: 'character', profile: { name: 'Target' } },
        { player: 0, x: 10.3, y: 15 - REACH },
      ],
    });
    const before = { x: sk.w(0).x, y: sk.w(0).y };
    const brute = nearestBySampling(sk, before, sk.w(1), [sk.ids[0]]);
    challenge(sk);
    const c = sk.w(0);
    const moved = Math.hypot(c.x - before.x, c.y - before.y);
    expect(moved).toBeLessThanOrEqual(brute + 1e-6);
    expect(moved).toBeGreaterThan(brute - 0.01);
    expect(Math.hypot(c.x - 10, c.y - 15)).toBeLessThanOrEqual(REACH + 1e-9);
    expect(Math.hypot(c.x - 10.3, c.y - (15 - REACH))).toBeGreaterThanOrEqual(2 * R - 1e-9);
    // Not one point on the line between them: round the friend, to its left.
    expect(c.x).toBeLessThan(10);
  });

  it('impassable terrain between them: the challenger goes round to the nearest free point beside the target', () => {
    const rock = { x0: 8, y0: 12.8, x1: 12, y1: 14 };
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: { name: 'Challenger' } },
        { player: 1, x: 10, y: 15, kind: 'character', profile: { name: 'Target' } },
      ],
      terrain: [
        {
          id: 'rock',
          shape: [
            { x: 8, y: 12.8 },
            { x: 12, y: 12.8 },
            { x: 12, y: 14 },
            { x: 8, y: 14 },
          ],
          size: 0,
          rules: ['Impassable'],
        },
      ],
    });
    const brute = nearestBySampling(sk, { x: 10, y: 10 }, { x: 10, y: 15 }, [sk.ids[0]], rock);
    challenge(sk);
    const c = sk.w(0);
    const moved = Math.hypot(c.x - 10, c.y - 10);
    expect(moved).toBeLessThanOrEqual(brute + 1e-6);
    expect(moved).toBeGreaterThan(brute - 0.01);
    expect(c.y).toBeGreaterThan(14 + R - 1e-6);
    expect([sk.w(1).x, sk.w(1).y]).toEqual([10, 15]);
  });

  /** Rings of friends round (x, y): no free Engaged point is left around a character standing there. */
  const ring = (player: 0 | 1, x: number, y: number) => {
    const out = [];
    for (let k = 0; k < 6; k++) out.push({ player, x: x + 2 * R * Math.cos((k * Math.PI) / 3), y: y + 2 * R * Math.sin((k * Math.PI) / 3) });
    for (let k = 0; k < 6; k++) {
      const a = ((k + 0.5) * Math.PI) / 3;
      out.push({ player, x: x + 4 * R * Math.cos(a) * 0.98, y: y + 4 * R * Math.sin(a) * 0.98 });
    }
    return out;
  };

  it('no free point round the target: the target is placed next to the challenger instead', () => {
    const sk = skirmish({
      warriors: [{ player: 0, x: 10, y: 10, kind: 'character', profile: { name: 'Challenger' } }, { player: 1, x: 13, y: 14, kind: 'character', profile: { name: 'Target' } }, ...ring(1, 13, 14)],
    });
    expect(nearestBySampling(sk, sk.w(0), sk.w(1), [sk.ids[0]])).toBe(Infinity);
    challenge(sk);
    expect([sk.w(0).x, sk.w(0).y]).toEqual([10, 10]);
    const t = sk.w(1);
    // The target's nearest free Engaged point to where it stood: on the line, at the Engagement Range.
    const d = Math.hypot(3, 4);
    expect(t.x).toBeCloseTo(10 + (3 / d) * REACH, 6);
    expect(t.y).toBeCloseTo(10 + (4 / d) * REACH, 6);
  });

  it('neither can be placed: no Duel can be declared', () => {
    const sk = skirmish({
      warriors: [
        { player: 0, x: 10, y: 10, kind: 'character', profile: { name: 'Challenger' } },
        { player: 1, x: 14, y: 14, kind: 'character', profile: { name: 'Target' } },
        ...ring(0, 10, 10),
        ...ring(1, 14, 14),
      ],
    });
    const d = sk.game.pending() as Extract<Decision, { kind: 'commandAbility' }>;
    expect(d.abilities).not.toContain('Duel');
  });
});

describe('R43: the same Command Ability from two sources applies once', () => {
  const croak: CommandAbilityDef = { name: 'Croak of Doom', target: 'enemy', effect: { kind: 'modify', stat: 'resolve', by: -1 } };
  const dread: CommandAbilityDef = { name: 'Dread', target: 'enemy', effect: { kind: 'modify', stat: 'resolve', by: -1 } };
  const armies = (abilities: [string, string]) =>
    skirmish({
      warriors: [
        { player: 0, x: 10, y: 5, kind: 'character', profile: { name: 'Seer A', commandAbilities: [abilities[0]] } },
        { player: 0, x: 14, y: 5, kind: 'character', profile: { name: 'Seer B', commandAbilities: [abilities[1]] } },
        { player: 1, x: 12, y: 8, profile: { resolve: 4 } },
      ],
      commandAbilities: [croak, dread],
    });

  it('two Croaks of Doom in range take 1 Resolve, not 2', () => {
    const sk = armies(['Croak of Doom', 'Croak of Doom']);
    sk.game.apply({ kind: 'commandAbility', ability: 'Croak of Doom' });
    expect(stat(sk.s, sk.w(2), 'resolve')).toBe(3);
    sk.game.apply({ kind: 'commandAbility', ability: 'Croak of Doom' });
    expect(sk.s.abilities.filter((a) => a.name === 'Croak of Doom')).toHaveLength(2);
    expect(stat(sk.s, sk.w(2), 'resolve')).toBe(3);
  });

  it('two different abilities both apply', () => {
    const sk = armies(['Croak of Doom', 'Dread']);
    sk.game.apply({ kind: 'commandAbility', ability: 'Croak of Doom' });
    sk.game.apply({ kind: 'commandAbility', ability: 'Dread' });
    expect(stat(sk.s, sk.w(2), 'resolve')).toBe(2);
  });
});
