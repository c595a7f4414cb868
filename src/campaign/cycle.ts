/**
 * The Conquest Campaign Sequence (campaigns text; R34 for First Blood):
 * Starting Territories, then cycles of Determine Invaders, Invade, Protect,
 * Determine Battles, Muster, Resolve, Capture and Cycle End until a faction
 * reaches the Campaign Points target. Each step is a method so tests can
 * drive it with scripted rolls.
 */
import { childRng, deriveSeed } from '../dice/index.js';
import type { Rng } from '../dice/types.js';
import { affordable, type Muster } from './muster.js';
import { battleMods, cycleRewards, factionPoints, holderFaction, invadeOptions, manufactoriaDiscount, missionFor, protectOptions } from './territories.js';
import type { BattleRecord, BattleSpec, Campaign, CampaignPolicy, CampaignRecord, CampaignState, CampaignView, FactionIndex, FightFn } from './types.js';

/** The campaign's own randomness: d6 roll-offs and the mission draw. Scripted in tests. */
export interface CampaignDice {
  d6(): number;
  /** A uniform index 0..n-1 (the random mission draw). */
  draw(n: number): number;
}

export function seededCampaignDice(seed: string): CampaignDice {
  const rng = childRng(seed, 'campaign-dice');
  return {
    d6: () => 1 + Math.floor(rng.next() * 6),
    draw: (n) => Math.floor(rng.next() * n),
  };
}

export interface CampaignRunOptions {
  campaign: Campaign;
  /** This campaign's seed (deriveSeed of the run's seed and its index). */
  seed: string;
  /** One per player. */
  policies: CampaignPolicy[];
  /** One per player. */
  musters: Muster[];
  fight: FightFn;
  /** Default: seeded from `seed`. */
  dice?: CampaignDice;
  /** Called after every step with its name (property tests watch the state). */
  observe?: (step: string, state: CampaignState) => void;
}

/** A territory's contest this cycle: who invaded it, who protected it. */
export interface Contest {
  territory: number;
  invaders: number[];
  protectors: number[];
}

export class CampaignRun {
  readonly c: Campaign;
  readonly state: CampaignState;
  readonly battles: BattleRecord[] = [];
  private readonly rngs: Rng[];
  readonly dice: CampaignDice;
  cycle3Holder: number[] | null = null;

  constructor(readonly opts: CampaignRunOptions) {
    this.c = opts.campaign;
    const n = this.c.players.length;
    this.state = {
      cycle: 0,
      owner: this.c.territories.map(() => -1),
      campaignPoints: new Array<number>(n).fill(0),
      requisitionPoints: new Array<number>(n).fill(0),
      lastCycleWinner: null,
    };
    this.rngs = this.c.players.map((_, i) => childRng(opts.seed, `campaign-policy-${i}`));
    this.dice = opts.dice ?? seededCampaignDice(opts.seed);
  }

  view(me: number): CampaignView {
    const strength = (p: number): number => {
      const m = this.opts.musters[p];
      const best = affordable(m, this.state.requisitionPoints[p], 0).reduce((s, o) => Math.max(s, o.option.points), 0);
      return m.base.points + best;
    };
    return { campaign: this.c, state: this.state, me, odds: (opp) => strength(me) / (strength(me) + strength(opp)) };
  }

  private choose<T>(player: number, f: (p: CampaignPolicy, v: CampaignView, rng: Rng) => number, options: readonly T[]): T {
    const i = f(this.opts.policies[player], this.view(player), this.rngs[player]);
    if (!Number.isInteger(i) || i < 0 || i >= options.length) {
      throw new Error(`campaign policy "${this.opts.policies[player].name}" of ${this.c.players[player].name} chose ${i} of ${options.length} options`);
    }
    return options[i];
  }

  private observe(step: string): void {
    this.opts.observe?.(step, this.state);
  }

  /** Roll-off: everyone rolls a d6 (plus bonus), ties for the highest re-roll; returns the winner's position. */
  rollOff(players: number, bonus: (i: number) => number = () => 0): number {
    let tied = [...Array(players).keys()];
    for (;;) {
      const rolls = tied.map((i) => this.dice.d6() + bonus(i));
      const top = Math.max(...rolls);
      tied = tied.filter((_, k) => rolls[k] === top);
      if (tied.length === 1) return tied[0];
    }
  }

  territoriesOf(player: number): number {
    return this.state.owner.filter((o) => o === player).length;
  }

  factionHolds(f: number): number {
    return this.c.territories.filter((_, i) => holderFaction(this.c, this.state.owner, i) === f).length;
  }

  /**
   * Starting Territories: the commanders roll off (ties re-roll); the winner
   * picks, then the other commander, then the other players alternate
   * factions starting with the winner's.
   */
  startingTerritories(): void {
    const first = this.rollOff(2) as FactionIndex;
    const fs = [this.c.factions[first], this.c.factions[1 - first]];
    const order = [fs[0].commander, fs[1].commander];
    const rest = fs.map((f) => f.players.filter((p) => p !== f.commander));
    for (let k = 0; k < Math.max(rest[0].length, rest[1].length); k++) for (const r of rest) if (k < r.length) order.push(r[k]);
    for (const p of order) {
      const options = this.c.territories.map((_, i) => i).filter((i) => this.state.owner[i] < 0);
      this.state.owner[this.choose(p, (pol, v, rng) => pol.pickStart(v, options, rng), options)] = p;
    }
    this.observe('startingTerritories');
  }

  /** Determine Invaders: a faction without territories invades; else the commanders roll, +1 for the last cycle's winner. */
  determineInvaders(): FactionIndex {
    const none = ([0, 1] as const).filter((f) => this.factionHolds(f) === 0);
    if (none.length === 1) return none[0];
    return this.rollOff(2, (f) => (this.state.lastCycleWinner === f ? 1 : 0)) as FactionIndex;
  }

  /** Invade Territories: each invading player picks one (players with nowhere to go sit out). */
  invade(invading: FactionIndex): Map<number, number> {
    const chosen = new Map<number, number>();
    for (const p of this.c.factions[invading].players) {
      const options = invadeOptions(this.c, this.state, p);
      if (options.length > 0)
        chosen.set(
          p,
          this.choose(p, (pol, v, rng) => pol.invade(v, options, rng), options),
        );
    }
    return chosen;
  }

  /** Protect Territories: each protecting player picks a neutral territory next to its faction's, or an invaded one. */
  protect(protecting: FactionIndex, invasions: Map<number, number>): Map<number, number> {
    const invaded = [...new Set(invasions.values())].sort((a, b) => a - b);
    const chosen = new Map<number, number>();
    for (const p of this.c.factions[protecting].players) {
      const options = protectOptions(this.c, this.state, p, invaded);
      if (options.length > 0)
        chosen.set(
          p,
          this.choose(p, (pol, v, rng) => pol.protect(v, options, invaded, rng), options),
        );
    }
    return chosen;
  }

  /** Determine Battles: the invading commander draws two missions at random (R34: scenarios) and picks one. */
  drawMission(invading: FactionIndex): string {
    const pool = this.c.scenarios;
    const a = this.dice.draw(pool.length);
    let b = this.dice.draw(pool.length - 1);
    if (b >= a) b++;
    const options = [pool[a], pool[b]];
    return this.choose(this.c.factions[invading].commander, (pol, v, rng) => pol.pickMission(v, options, rng), options);
  }

  /** The contests of this cycle, by territory. */
  contests(invasions: Map<number, number>, protections: Map<number, number>): Contest[] {
    const by = new Map<number, Contest>();
    const at = (t: number): Contest => {
      let c = by.get(t);
      if (!c) by.set(t, (c = { territory: t, invaders: [], protectors: [] }));
      return c;
    };
    for (const [p, t] of invasions) at(t).invaders.push(p);
    for (const [p, t] of protections) at(t).protectors.push(p);
    return [...by.values()].sort((a, b) => a.territory - b.territory);
  }

  /**
   * Pairing: with more players on one side, that faction nominates as many
   * as the other side has (our reading: those with the most Requisition
   * Points, then file order); pairs go in file order. The rest fight no battle.
   */
  pairs(contest: Contest): [number, number][] {
    const { invaders, protectors } = contest;
    const nominate = (ps: number[], n: number): number[] =>
      [...ps]
        .sort((a, b) => this.state.requisitionPoints[b] - this.state.requisitionPoints[a] || a - b)
        .slice(0, n)
        .sort((a, b) => a - b);
    const n = Math.min(invaders.length, protectors.length);
    const inv = nominate(invaders, n);
    const pro = nominate(protectors, n);
    return inv.map((p, k) => [p, pro[k]]);
  }

  /** Muster Armies: the list, plus the extra regiment the player's policy buys with Requisition Points. */
  muster(player: number, territory: number, protecting: boolean): { roster: Muster['base']; extra: string; spent: number; discount: number } {
    const m = this.opts.musters[player];
    const holds = this.state.owner[territory] === player;
    const options = affordable(m, this.state.requisitionPoints[player], manufactoriaDiscount(this.c, territory, protecting, holds));
    if (options.length === 0) return { roster: m.base, extra: '', spent: 0, discount: 0 };
    const i = this.opts.policies[player].spend(
      this.view(player),
      options.map((o) => o.option),
      { territory, protecting },
      this.rngs[player],
    );
    if (i === -1) return { roster: m.base, extra: '', spent: 0, discount: 0 };
    const o = this.choose(player, () => i, options);
    this.state.requisitionPoints[player] -= o.option.cost;
    // The Manufactoria discount as it applied: the regiment's points less what it cost.
    return { roster: m.extras[o.index].roster, extra: `${o.option.entry} x${o.option.models}`, spent: o.option.cost, discount: o.option.points - o.option.cost };
  }

  /** Resolve Battles: each pair fights over the contest's territory. */
  resolve(contest: Contest, cycleMission: string): BattleRecord[] {
    const t = contest.territory;
    const { mission, protectorFirst } = missionFor(this.c, t, cycleMission);
    const holderBefore = this.state.owner[t];
    return this.pairs(contest).map(([invader, protector], k) => {
      const mods = battleMods(this.c, t, this.state.owner[t] === protector);
      const inv = this.muster(invader, t, false);
      const pro = this.muster(protector, t, true);
      const spec: BattleSpec = {
        cycle: this.state.cycle,
        territory: t,
        mission,
        invader,
        protector,
        // R34: the protector is player 1 on a Fortress or Spaceport; otherwise the invader (our choice).
        firstSeat: protectorFirst ? 'protector' : 'invader',
        seed: deriveSeed(this.opts.seed, 'battle', this.state.cycle, t, k),
      };
      const out = this.opts.fight(spec, { invader: inv.roster, protector: pro.roster }, mods);
      const rec: BattleRecord = {
        cycle: spec.cycle,
        territory: t,
        mission,
        invader,
        protector,
        ...out,
        invaderExtra: inv.extra,
        protectorExtra: pro.extra,
        rpSpent: [inv.spent, pro.spent],
        holderBefore,
        cavalryMarch: mods.cavalryMarch,
        protectorObstacles: mods.protectorObstacles,
        rpDiscount: inv.discount + pro.discount,
      };
      this.battles.push(rec);
      return rec;
    });
  }

  /**
   * The player who gains a territory: the one victorious player there, else
   * the one with the fewest territories (roll-off on a tie); the policy may
   * hand it to a faction mate.
   */
  recipient(t: number, candidates: number[], counts: number[]): number {
    let chosen = candidates[0];
    if (candidates.length > 1) {
      const fewest = Math.min(...candidates.map((p) => counts[p]));
      const tied = candidates.filter((p) => counts[p] === fewest);
      chosen = tied.length === 1 ? tied[0] : tied[this.rollOff(tied.length)];
    }
    const faction = this.c.factions[this.c.players[chosen].faction].players;
    const options = [chosen, ...faction.filter((p) => p !== chosen)];
    return this.choose(chosen, (pol, v, rng) => pol.giveCapture(v, t, options, rng), options);
  }

  /**
   * Capture Territories: the invaders take a territory when more of them won
   * than lost (or nobody opposed them); the protectors keep it, or take it if
   * neutral, when fewer won than lost (or nobody invaded); a tie changes
   * nothing. Returns battle wins by faction (the cycle's winner).
   */
  capture(contests: Contest[], results: Map<number, BattleRecord[]>, invading: FactionIndex): [number, number] {
    const counts = this.c.players.map((_, p) => this.territoriesOf(p));
    const wins: [number, number] = [0, 0];
    for (const ct of contests) {
      const t = ct.territory;
      const rs = results.get(t) ?? [];
      let w = rs.filter((r) => r.result === 'invader').length;
      let l = rs.filter((r) => r.result === 'protector').length;
      wins[invading] += w;
      wins[1 - invading] += l;
      if (ct.protectors.length === 0) w = 1;
      if (ct.invaders.length === 0) l = 1;
      if (w > l) this.state.owner[t] = this.recipient(t, ct.invaders, counts);
      else if (w < l && this.state.owner[t] < 0) this.state.owner[t] = this.recipient(t, ct.protectors, counts);
    }
    this.observe('capture');
    return wins;
  }

  /** Cycle End Phase: every player's territories pay Campaign Points and Requisition Points. */
  cycleEnd(): void {
    const rewards = this.c.players.map((_, p) => cycleRewards(this.c, this.state.owner, p));
    rewards.forEach((r, p) => {
      this.state.campaignPoints[p] += r.campaignPoints;
      this.state.requisitionPoints[p] += r.requisitionPoints;
    });
    this.observe('cycleEnd');
  }

  holders(): number[] {
    return this.c.territories.map((_, i) => holderFaction(this.c, this.state.owner, i));
  }

  /** One Campaign Cycle; returns this cycle's mission. */
  runCycle(): string {
    this.state.cycle++;
    const invading = this.determineInvaders();
    const invasions = this.invade(invading);
    const protections = this.protect((1 - invading) as FactionIndex, invasions);
    const mission = this.drawMission(invading);
    const contests = this.contests(invasions, protections);
    const results = new Map(contests.map((ct) => [ct.territory, this.resolve(ct, mission)]));
    this.observe('battles');
    const wins = this.capture(contests, results, invading);
    this.state.lastCycleWinner = wins[0] > wins[1] ? 0 : wins[1] > wins[0] ? 1 : null;
    this.cycleEnd();
    if (this.state.cycle === 3) this.cycle3Holder = this.holders();
    return mission;
  }

  /**
   * The final battle between the Faction Commanders on equal Campaign Points:
   * the lists as written, the last cycle's mission, faction 0's commander in
   * the first seat. A draw is fought again (a new seed) up to 9 times, then a
   * d6 roll-off decides (our reading: the text says only "a final battle").
   */
  commandersBattle(mission: string): FactionIndex {
    const [a, b] = [this.c.factions[0].commander, this.c.factions[1].commander];
    for (let k = 0; k < 10; k++) {
      const spec: BattleSpec = { cycle: this.state.cycle, territory: -1, mission, invader: a, protector: b, firstSeat: 'invader', seed: deriveSeed(this.opts.seed, 'final', k) };
      const out = this.opts.fight(spec, { invader: this.opts.musters[a].base, protector: this.opts.musters[b].base }, { cavalryMarch: 0, protectorObstacles: 0 });
      this.battles.push({
        cycle: spec.cycle,
        territory: -1,
        mission,
        invader: a,
        protector: b,
        ...out,
        invaderExtra: '',
        protectorExtra: '',
        rpSpent: [0, 0],
        holderBefore: -1,
        cavalryMarch: 0,
        protectorObstacles: 0,
        rpDiscount: 0,
      });
      if (out.result !== 'draw') return out.result === 'invader' ? 0 : 1;
    }
    return this.rollOff(2) as FactionIndex;
  }

  /** The whole campaign. */
  run(): CampaignRecord {
    this.startingTerritories();
    for (;;) {
      const mission = this.runCycle();
      const cp = factionPoints(this.c, this.state.campaignPoints);
      const reached = cp[0] >= this.c.target || cp[1] >= this.c.target;
      if (!reached && this.state.cycle < this.c.maxCycles) continue;
      let winner: FactionIndex;
      let decidedBy: CampaignRecord['decidedBy'] = reached ? 'target' : 'maxCycles';
      if (cp[0] !== cp[1]) winner = cp[0] > cp[1] ? 0 : 1;
      else {
        winner = this.commandersBattle(mission);
        decidedBy = 'commanders';
      }
      const endHolder = this.holders();
      return {
        winner,
        cycles: this.state.cycle,
        campaignPoints: cp,
        decidedBy,
        endHolder,
        cycle3Holder: this.cycle3Holder ?? endHolder,
        battles: this.battles,
      };
    }
  }
}

export function runCampaign(opts: CampaignRunOptions): CampaignRecord {
  return new CampaignRun(opts).run();
}
