import { describe, expect, it } from 'vitest';
import { CampaignRun, type BattleOutcome, type CampaignPolicy, type Contest, type FightFn } from '../../src/campaign/index.js';
import { choose, P, scripted, scriptedDice, scriptedFight, small, smallMusters, T } from './helpers.js';

const c = small();

function run(opts: { policies?: CampaignPolicy[]; d6?: number[]; draws?: number[]; fight?: FightFn; owner?: Record<number, number>; rp?: number[] }) {
  const dice = scriptedDice(opts.d6 ?? [], opts.draws ?? []);
  const r = new CampaignRun({
    campaign: c,
    seed: 'test',
    policies: opts.policies ?? c.players.map(() => scripted()),
    musters: smallMusters(c),
    fight: opts.fight ?? scriptedFight([]),
    dice,
  });
  for (const [t, p] of Object.entries(opts.owner ?? {})) r.state.owner[Number(t)] = p;
  if (opts.rp) r.state.requisitionPoints.splice(0, 4, ...opts.rp);
  return { r, dice };
}

describe('Starting Territories', () => {
  it('commanders roll off re-rolling ties; the winner picks, the other commander, then the rest alternating from the winner', () => {
    const { r, dice } = run({ d6: [3, 3, 2, 5] });
    r.startingTerritories();
    // Blue won the re-roll: Cy, Ana, Di, Bo each take the first free territory.
    expect(r.state.owner.slice(0, 4)).toEqual([P.cy, P.ana, P.di, P.bo]);
    expect(r.state.owner.slice(4).every((o) => o === -1)).toBe(true);
    expect(dice.left()).toBe(0);
  });

  it('no player can select a territory already selected', () => {
    const seen: number[][] = [];
    const pol = scripted({ pickStart: (_v, options) => (seen.push(options), options.length - 1) });
    const { r } = run({ d6: [6, 1], policies: c.players.map(() => pol) });
    r.startingTerritories();
    expect(seen.map((o) => o.length)).toEqual([9, 8, 7, 6]);
    expect(new Set(r.state.owner.filter((o) => o >= 0)).size).toBe(4);
  });
});

describe('Determine Invaders', () => {
  it('adds 1 for the previous cycle winner and re-rolls ties', () => {
    const { r, dice } = run({ d6: [3, 4, 5, 2], owner: { [T.hive]: P.ana, [T.research]: P.cy } });
    r.state.lastCycleWinner = 0;
    expect(r.determineInvaders()).toBe(0); // 3+1 v 4 ties; 5+1 v 2
    expect(dice.left()).toBe(0);
  });

  it('a faction without territories is the invader, without a roll', () => {
    const { r } = run({ owner: { [T.hive]: P.ana } });
    expect(r.determineInvaders()).toBe(1);
  });
});

describe('Invade and Protect', () => {
  it('invade: neutral or enemy territory adjacent to the faction; Militarum Aerodrome reaches anywhere but a held Hive City or Spaceport', () => {
    const { r } = run({ owner: { [T.hive]: P.ana, [T.aerodrome]: P.bo, [T.research]: P.cy, [T.spaceport]: P.di } });
    const ana: number[] = [];
    const bo: number[] = [];
    const policies = [scripted({ invade: (_v, o) => (ana.push(...o), 0) }), scripted({ invade: (_v, o) => (bo.push(...o), 0) }), scripted(), scripted()];
    const r2 = new CampaignRun({ ...r.opts, policies });
    r2.state.owner.splice(0, 9, ...r.state.owner);
    r2.invade(0);
    expect(ana).toEqual([T.settlement, T.plains, T.manufactoria, T.woodlands]);
    expect(bo).toEqual([T.settlement, T.fortress, T.plains, T.manufactoria, T.woodlands, T.research]);
  });

  it('a faction with no territory fights on: it may invade any territory', () => {
    const { r } = run({ owner: { [T.hive]: P.cy } });
    const seen: number[] = [];
    const r2 = new CampaignRun({ ...r.opts, policies: [scripted({ invade: (_v, o) => (seen.push(...o), 0) }), scripted(), scripted(), scripted()] });
    r2.state.owner[T.hive] = P.cy;
    r2.invade(0);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('protect: a neutral territory adjacent to the faction, or one the invaders chose', () => {
    const seen: number[] = [];
    const policies = [scripted(), scripted(), scripted({ protect: (_v, o) => (seen.push(...o), 0) }), scripted()];
    const { r } = run({ policies, owner: { [T.research]: P.cy, [T.hive]: P.ana } });
    r.protect(1, new Map([[P.ana, T.settlement]]));
    expect(seen).toEqual([T.settlement, T.spaceport, T.woodlands]);
  });
});

describe('Determine Battles', () => {
  it('the invading commander draws two different missions and picks one', () => {
    const seen: string[] = [];
    const policies = [scripted({ pickMission: (_v, o) => (seen.push(...o), 1) }), scripted(), scripted(), scripted()];
    const { r } = run({ policies, draws: [3, 3] });
    const m = r.drawMission(0);
    expect(seen).toEqual([c.scenarios[3], c.scenarios[4]]);
    expect(m).toBe(c.scenarios[4]);
  });

  it('Fortress fights Shieldwall and Spaceport fights Pincer, the protector in the first seat (R34)', () => {
    const seen: Parameters<FightFn>[] = [];
    const { r } = run({ fight: scriptedFight(['invader', 'invader', 'invader'], seen) });
    r.resolve({ territory: T.fortress, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    r.resolve({ territory: T.spaceport, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    r.resolve({ territory: T.settlement, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    expect(seen.map(([s]) => [s.mission, s.firstSeat])).toEqual([
      ['shieldwall', 'protector'],
      ['pincer', 'protector'],
      ['raid', 'invader'],
    ]);
  });

  it('uneven numbers: the larger side nominates as many players as the other side has (most Requisition Points first)', () => {
    const { r } = run({ rp: [0, 50, 0, 0] });
    expect(r.pairs({ territory: T.settlement, invaders: [P.ana, P.bo], protectors: [P.cy] })).toEqual([[P.bo, P.cy]]);
    expect(r.pairs({ territory: T.settlement, invaders: [P.ana, P.bo], protectors: [P.cy, P.di] })).toEqual([
      [P.ana, P.cy],
      [P.bo, P.di],
    ]);
  });
});

describe('Capture Territories', () => {
  const results = (t: number, rs: BattleOutcome['result'][]): Map<number, never[]> => new Map([[t, rs.map((result) => ({ result }) as never)]]);

  it('invaders take a territory when more of them won than lost; ties keep control; a neutral one can stay neutral', () => {
    const ct: Contest = { territory: T.research, invaders: [P.ana, P.bo], protectors: [P.cy, P.di] };
    const { r } = run({ owner: { [T.research]: P.cy, [T.hive]: P.ana } });
    r.capture([ct], results(T.research, ['invader', 'protector']), 0);
    expect(r.state.owner[T.research]).toBe(P.cy);
    r.capture([ct], results(T.research, ['draw', 'draw']), 0);
    expect(r.state.owner[T.research]).toBe(P.cy);
    const neutral: Contest = { ...ct, territory: T.woodlands };
    r.capture([neutral], results(T.woodlands, ['invader', 'protector']), 0);
    expect(r.state.owner[T.woodlands]).toBe(-1);
    // Two invaders won, one lost: the player of the victorious faction with the fewest territories (Bo, none) gains it.
    r.capture([ct], results(T.research, ['invader', 'invader']), 0);
    expect(r.state.owner[T.research]).toBe(P.bo);
  });

  it('protectors keep their territory, or gain a neutral one, when fewer invaders won than lost', () => {
    const { r } = run({ owner: { [T.research]: P.cy } });
    r.capture([{ territory: T.woodlands, invaders: [P.ana], protectors: [P.di] }], results(T.woodlands, ['protector']), 0);
    expect(r.state.owner[T.woodlands]).toBe(P.di);
    r.capture([{ territory: T.research, invaders: [P.ana], protectors: [P.di] }], results(T.research, ['protector']), 0);
    expect(r.state.owner[T.research]).toBe(P.cy);
  });

  it('uncontested: the lone invader or protector is victorious', () => {
    const { r } = run({});
    r.capture(
      [
        { territory: T.settlement, invaders: [P.ana], protectors: [] },
        { territory: T.woodlands, invaders: [], protectors: [P.di] },
      ],
      new Map(),
      0,
    );
    expect(r.state.owner[T.settlement]).toBe(P.ana);
    expect(r.state.owner[T.woodlands]).toBe(P.di);
  });

  it('players tied for the fewest territories roll off, re-rolling ties', () => {
    const { r, dice } = run({ d6: [2, 2, 3, 6], owner: { [T.hive]: P.ana, [T.aerodrome]: P.bo } });
    r.capture([{ territory: T.plains, invaders: [P.ana, P.bo], protectors: [] }], new Map(), 0);
    expect(r.state.owner[T.plains]).toBe(P.bo);
    expect(dice.left()).toBe(0);
  });

  it('a player may give control to another player of their faction', () => {
    const policies = [scripted({ giveCapture: (_v, _t, options) => options.indexOf(P.bo) }), scripted(), scripted(), scripted()];
    const { r } = run({ policies });
    r.capture([{ territory: T.plains, invaders: [P.ana], protectors: [] }], new Map(), 0);
    expect(r.state.owner[T.plains]).toBe(P.bo);
  });
});

describe('a whole cycle with scripted rolls', () => {
  it('invade, protect, battle, capture and Cycle End rewards', () => {
    const policies = [scripted({ invade: choose(T.settlement) }), scripted({ invade: choose(T.research) }), scripted({ protect: choose(T.research) }), scripted({ protect: choose(T.woodlands) })];
    const seen: Parameters<FightFn>[] = [];
    const { r, dice } = run({
      policies,
      d6: [6, 1],
      draws: [0, 0],
      fight: scriptedFight(['invader'], seen),
      owner: { [T.hive]: P.ana, [T.aerodrome]: P.bo, [T.research]: P.cy, [T.spaceport]: P.di },
    });
    const mission = r.runCycle();
    expect(mission).toBe(c.scenarios[0]);
    expect(seen).toHaveLength(1);
    expect([seen[0][0].invader, seen[0][0].protector, seen[0][0].territory]).toEqual([P.bo, P.cy, T.research]);
    expect(r.state.owner[T.settlement]).toBe(P.ana);
    expect(r.state.owner[T.research]).toBe(P.bo);
    expect(r.state.owner[T.woodlands]).toBe(P.di);
    // Ana: Hive City 5 + Settlement 2; Bo: Aerodrome 2 + Research 2; Cy nothing; Di: Spaceport 4 + Woodlands 1.
    expect(r.state.campaignPoints).toEqual([7, 4, 0, 5]);
    expect(r.state.requisitionPoints).toEqual([30, 40, 0, 35]);
    expect(r.state.lastCycleWinner).toBe(0);
    expect(dice.left()).toBe(0);
  });

  it('the campaign ends at the target; equal totals go to a battle of the Faction Commanders, re-fought after a draw', () => {
    const policies = [
      scripted({ pickStart: choose(T.settlement), invade: choose(T.fortress) }),
      scripted({ pickStart: choose(T.aerodrome), invade: choose(T.fortress) }),
      scripted({ pickStart: choose(T.fortress), protect: choose(T.fortress) }),
      scripted({ pickStart: choose(T.woodlands), protect: choose(T.fortress) }),
    ];
    const seen: Parameters<FightFn>[] = [];
    const c1 = small((j) => (j.campaignPointsTarget = 1));
    const dice = scriptedDice([6, 1, 6, 1], [0, 0]);
    const r = new CampaignRun({ campaign: c1, seed: 't', policies, musters: smallMusters(c1), fight: scriptedFight(['draw', 'draw', 'draw', 'invader'], seen), dice });
    const rec = r.run();
    // Red: Settlement 2 + Aerodrome 2; Blue: Fortress 3 + Woodlands 1. Both reach 1 with 4.
    expect(rec.campaignPoints).toEqual([4, 4]);
    expect(rec.decidedBy).toBe('commanders');
    expect(rec.winner).toBe(0);
    expect(rec.cycles).toBe(1);
    const finals = seen.filter(([s]) => s.territory === -1).map(([s]) => [s.invader, s.protector]);
    expect(finals).toEqual([
      [P.ana, P.cy],
      [P.ana, P.cy],
    ]);
    expect(rec.battles.filter((b) => b.territory === -1).map((b) => b.result)).toEqual(['draw', 'invader']);
  });
});

describe('Muster Armies (R34: one Requisition Point buys one point of one extra regiment)', () => {
  it('the policy buys an extra regiment: the roster gains it, the RP fall by its points', () => {
    const bought: number[] = [];
    const policies = [scripted({ spend: (_v, o) => (bought.push(o[o.length - 1].cost), o.length - 1) }), scripted(), scripted(), scripted()];
    const seen: Parameters<FightFn>[] = [];
    const { r } = run({ policies, rp: [150, 0, 0, 0], fight: scriptedFight(['invader'], seen) });
    const [rec] = r.resolve({ territory: T.settlement, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    const base = smallMusters(c)[P.ana].base;
    const army = seen[0][1].invader;
    expect(army.regiments).toHaveLength(base.regiments.length + 1);
    expect(army.points).toBe(base.points + bought[0]);
    expect(army.pointsLimit).toBe(base.pointsLimit);
    expect(r.state.requisitionPoints[P.ana]).toBe(150 - bought[0]);
    expect(bought[0]).toBeLessThanOrEqual(150);
    expect(rec.rpSpent).toEqual([bought[0], 0]);
    expect(rec.invaderExtra).toMatch(/ x\d+$/);
  });

  it('Manufactoria Complex: protecting one they control, a Brute or Monster regiment costs 20 RP less', () => {
    const offered: { entry: string; points: number; cost: number }[][] = [];
    const policies = [scripted(), scripted(), scripted({ spend: (_v, o) => (offered.push(o), -1) }), scripted()];
    const { r } = run({ policies, rp: [0, 0, 1000, 0], owner: { [T.manufactoria]: P.cy }, fight: scriptedFight(['protector', 'protector']) });
    r.resolve({ territory: T.manufactoria, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    r.resolve({ territory: T.settlement, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    const brute = offered[0].find((o) => o.entry === 'Gorehide Brutes')!;
    const infantry = offered[0].find((o) => o.entry === 'Tuskling Mob')!;
    expect(brute.cost).toBe(brute.points - 20);
    expect(infantry.cost).toBe(infantry.points);
    expect(offered[1].find((o) => o.entry === 'Gorehide Brutes')!.cost).toBe(brute.points);
  });

  it('a battle records who held the territory before it and what the territory changed: the discount used, Hive City obstacles, Plains Cavalry', () => {
    const brute = (o: { entry: string }[]): number => o.findIndex((x) => x.entry === 'Gorehide Brutes');
    const policies = [scripted(), scripted(), scripted({ spend: (_v, o) => brute(o) }), scripted()];
    const { r } = run({ policies, rp: [0, 0, 1000, 0], owner: { [T.manufactoria]: P.cy, [T.hive]: P.cy }, fight: scriptedFight(['protector', 'invader', 'invader', 'invader']) });
    const [manu] = r.resolve({ territory: T.manufactoria, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    expect(manu.holderBefore).toBe(P.cy);
    expect(manu.rpDiscount).toBe(20);
    expect(manu.rpSpent[1]).toBe(smallMusters(c)[P.cy].extras.find((e) => e.option.entry === 'Gorehide Brutes')!.option.points - 20);
    const [settle] = r.resolve({ territory: T.settlement, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    expect([settle.holderBefore, settle.rpDiscount, settle.cavalryMarch, settle.protectorObstacles]).toEqual([-1, 0, 0, 0]);
    const [hive] = r.resolve({ territory: T.hive, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    expect([hive.holderBefore, hive.protectorObstacles, hive.cavalryMarch]).toEqual([P.cy, 3, 0]);
    const [plains] = r.resolve({ territory: T.plains, invaders: [P.ana], protectors: [P.cy] }, 'raid');
    expect([plains.holderBefore, plains.cavalryMarch, plains.protectorObstacles]).toEqual([-1, 1, 0]);
  });
});
