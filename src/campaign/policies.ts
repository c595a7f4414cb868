/**
 * Campaign policies: the strategic choices of the campaigns text (starting
 * picks, invade, protect, the mission, who takes a captured territory, what
 * Requisition Points buy). Built-ins `random`, `greedy`, `defensive`; any
 * module exporting a CampaignPolicy (default export or `policy`) by path.
 */
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';
import type { Rng } from '../dice/types.js';
import { holderFaction } from './territories.js';
import type { CampaignPolicy, CampaignView, RegimentOption } from './types.js';

const pick = (n: number, rng: Rng): number => Math.floor(rng.next() * n);

/** Index of the best option by `score` (the first on a tie: deterministic). */
function best<T>(options: readonly T[], score: (o: T) => number): number {
  let at = 0;
  let top = -Infinity;
  options.forEach((o, i) => {
    const s = score(o);
    if (s > top) {
      top = s;
      at = i;
    }
  });
  return at;
}

/** What a territory is worth to hold: its Campaign Points, its Requisition Points at 10 to a Campaign Point. */
export function territoryValue(view: CampaignView, t: number): number {
  const ter = view.campaign.territories[t];
  return ter.campaignPoints + ter.requisitionPoints / 10;
}

const myFaction = (v: CampaignView): number => v.campaign.players[v.me].faction;
const enemies = (v: CampaignView): number[] => v.campaign.factions[1 - myFaction(v)].players;

/**
 * The chance of taking `t`: against its holder when the enemy holds it; a
 * neutral territory next to enemy land may be protected by any enemy (their
 * mean odds); otherwise it is probably uncontested.
 */
export function captureOdds(view: CampaignView, t: number): number {
  const c = view.campaign;
  const owner = view.state.owner;
  const h = holderFaction(c, owner, t);
  if (h >= 0 && h !== myFaction(view)) return view.odds(owner[t]);
  const contested = c.territories[t].adjacent.some((a) => holderFaction(c, owner, a) === 1 - myFaction(view));
  if (!contested) return 1;
  const es = enemies(view);
  return es.reduce((s, e) => s + view.odds(e), 0) / es.length;
}

const mostExpensive = (options: RegimentOption[]): number => best(options, (o) => o.points * 1000 - o.cost);

export const randomCampaignPolicy: CampaignPolicy = {
  name: 'random',
  pickStart: (_v, options, rng) => pick(options.length, rng),
  invade: (_v, options, rng) => pick(options.length, rng),
  protect: (_v, options, _invaded, rng) => pick(options.length, rng),
  pickMission: (_v, options, rng) => pick(options.length, rng),
  giveCapture: (_v, _t, options, rng) => pick(options.length, rng),
  // Keep the points as often as one of the regiments is bought.
  spend: (_v, options, _b, rng) => pick(options.length + 1, rng) - 1,
};

/** By each territory's value times the odds of winning its battle; spends on the strongest regiment it can. */
export const greedyCampaignPolicy: CampaignPolicy = {
  name: 'greedy',
  pickStart: (v, options) => best(options, (t) => territoryValue(v, t)),
  invade: (v, options) => best(options, (t) => territoryValue(v, t) * captureOdds(v, t)),
  protect: (v, options, invaded) =>
    best(options, (t) => {
      const held = holderFaction(v.campaign, v.state.owner, t) === myFaction(v);
      // Losing a held territory costs its value; a neutral one is a gain at the odds of its battle.
      return held ? 2 * territoryValue(v, t) : territoryValue(v, t) * (invaded.includes(t) ? 0.5 : 1);
    }),
  pickMission: (_v, options, rng) => pick(options.length, rng),
  giveCapture: () => 0,
  spend: (_v, options) => mostExpensive(options),
};

/**
 * Holds what it has: protects its own invaded territories first, invades
 * next to its own land where the enemy is not, and keeps its Requisition
 * Points for battles where it protects.
 */
export const defensiveCampaignPolicy: CampaignPolicy = {
  name: 'defensive',
  pickStart: (v, options) => {
    const f = myFaction(v);
    const own = (t: number): boolean => holderFaction(v.campaign, v.state.owner, t) === f;
    return best(options, (t) => v.campaign.territories[t].adjacent.filter(own).length * 10 + territoryValue(v, t));
  },
  invade: (v, options) => {
    const f = myFaction(v);
    const c = v.campaign;
    return best(options, (t) => {
      const adj = c.territories[t].adjacent;
      const ownNear = adj.filter((a) => holderFaction(c, v.state.owner, a) === f).length;
      const enemyNear = adj.filter((a) => holderFaction(c, v.state.owner, a) === 1 - f).length;
      const enemyHeld = holderFaction(c, v.state.owner, t) === 1 - f ? 1 : 0;
      return 10 * ownNear - 5 * enemyNear - 20 * enemyHeld + territoryValue(v, t);
    });
  },
  protect: (v, options, invaded) => {
    const f = myFaction(v);
    return best(options, (t) => {
      const held = holderFaction(v.campaign, v.state.owner, t) === f;
      return (held ? 100 : invaded.includes(t) ? 10 : 0) + territoryValue(v, t);
    });
  },
  pickMission: (_v, options, rng) => pick(options.length, rng),
  giveCapture: () => 0,
  spend: (_v, options, battle) => (battle.protecting ? mostExpensive(options) : -1),
};

const BUILT_IN: CampaignPolicy[] = [randomCampaignPolicy, greedyCampaignPolicy, defensiveCampaignPolicy];
export const BUILT_IN_CAMPAIGN_POLICIES = BUILT_IN.map((p) => p.name);

/** A policy given as a module path rather than a built-in name. */
export function isPolicyPath(spec: string): boolean {
  return /[/\\]/.test(spec) || /\.[cm]?js$/.test(spec);
}

const loaded = new Map<string, Promise<CampaignPolicy>>();

/** A built-in campaign policy by name, or a module's (absolute path) default export or `policy`. */
export function loadCampaignPolicy(spec: string): Promise<CampaignPolicy> {
  const builtIn = BUILT_IN.find((p) => p.name === spec);
  if (builtIn) return Promise.resolve(builtIn);
  if (!isPolicyPath(spec)) return Promise.reject(new InputError(`unknown campaign policy "${spec}" (built-in: ${BUILT_IN_CAMPAIGN_POLICIES.join(', ')})`));
  let p = loaded.get(spec);
  if (!p) {
    p = import(pathToFileURL(spec).href).then((m: { default?: unknown; policy?: unknown }) => {
      const pol = (m.policy ?? m.default) as Partial<CampaignPolicy> | undefined;
      const methods = ['pickStart', 'invade', 'protect', 'pickMission', 'giveCapture', 'spend'] as const;
      if (!pol || typeof pol.name !== 'string' || methods.some((k) => typeof pol[k] !== 'function')) {
        throw new InputError(`${spec}: expected a campaign policy (name and ${methods.join(', ')}) as the default export or \`policy\``);
      }
      return pol as CampaignPolicy;
    });
    loaded.set(spec, p);
  }
  return p;
}
