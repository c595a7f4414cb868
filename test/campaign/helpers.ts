import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { parseCampaign, prepareMuster, type Campaign, type CampaignDice, type CampaignPolicy, type BattleOutcome, type FightFn } from '../../src/campaign/index.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const SMALL = path.join(FIXTURES, 'small.json');
/** Territory indices of fixtures/small.json (a 3×3 parallelogram of hexes). */
export const T = { hive: 0, settlement: 1, fortress: 2, plains: 3, manufactoria: 4, spaceport: 5, aerodrome: 6, woodlands: 7, research: 8 } as const;
/** Players: Red Ana 0 (commander), Bo 1; Blue Cy 2 (commander), Di 3. */
export const P = { ana: 0, bo: 1, cy: 2, di: 3 } as const;

export function smallJson(): Record<string, unknown> {
  return JSON.parse(readFileSync(SMALL, 'utf8')) as Record<string, unknown>;
}

export function small(edit?: (j: Record<string, unknown>) => void): Campaign {
  const j = smallJson();
  edit?.(j);
  const { campaign, errors } = parseCampaign(j, SMALL);
  if (!campaign) throw new Error(errors.join('\n'));
  return campaign;
}

/** Scripted campaign dice: every roll and draw comes from the lists; running out is a test failure. */
export function scriptedDice(d6: number[], draws: number[] = []): CampaignDice & { left(): number } {
  let i = 0;
  let j = 0;
  return {
    d6: () => {
      if (i >= d6.length) throw new Error(`scripted d6 exhausted after ${d6.length} rolls`);
      return d6[i++];
    },
    draw: (n) => {
      if (j >= draws.length) throw new Error(`scripted draw exhausted after ${draws.length}`);
      const v = draws[j++];
      if (v >= n) throw new Error(`scripted draw ${v} out of 0..${n - 1}`);
      return v;
    },
    left: () => d6.length - i + draws.length - j,
  };
}

/** A policy that picks by the given functions (default: the first option; keeps its RP). */
export function scripted(over: Partial<CampaignPolicy> = {}): CampaignPolicy {
  return {
    name: 'scripted',
    pickStart: () => 0,
    invade: () => 0,
    protect: () => 0,
    pickMission: () => 0,
    giveCapture: () => 0,
    spend: () => -1,
    ...over,
  };
}

/** Picks the option equal to `t` (fails the test if it is not offered). */
export const choose =
  (t: number) =>
  (_v: unknown, options: number[]): number => {
    const i = options.indexOf(t);
    if (i < 0) throw new Error(`territory ${t} not among the options ${options.join(',')}`);
    return i;
  };

/** A stand-in battle: results in order from the list. */
export function scriptedFight(results: BattleOutcome['result'][], seen: Parameters<FightFn>[] = []): FightFn {
  let k = 0;
  return (...args) => {
    seen.push(args);
    if (k >= results.length) throw new Error('scripted fight exhausted');
    const result = results[k++];
    return { result, vpInvader: result === 'invader' ? 3 : 0, vpProtector: result === 'protector' ? 3 : 0, endReason: 'lastRound' };
  };
}

let musters: ReturnType<typeof prepareMuster>[] | undefined;
export function smallMusters(c: Campaign): ReturnType<typeof prepareMuster>[] {
  musters ??= c.players.map((p) => prepareMuster(p.armyFile));
  return musters;
}
