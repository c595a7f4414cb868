import { InputError } from '../errors.js';
import type { Policy } from '../engine/types.js';
import { heuristicPolicy } from './heuristic.js';
import { randomPolicy } from './random.js';
import { searchPolicy } from './search.js';
import { GOAL_DEFAULTS } from './goals.js';
import { DEFAULT_WEIGHTS } from './toolkit.js';

/** One option a built-in policy takes: a number in [min, max]. */
export interface PolicyOption {
  min: number;
  max: number;
  default: number;
  doc: string;
  /** Whole numbers only (counts: playouts, rounds). */
  integer?: boolean;
}

/** A built-in policy: its options and how to make it from them. */
export interface PolicyDef {
  name: string;
  doc: string;
  options: Record<string, PolicyOption>;
  create(options: Record<string, number>, spec: string): Policy;
}

const AGGRESSION: PolicyOption = { min: 0, max: 1, default: 0.6, doc: 'how much a fight is worth against the objectives' };
const OBJECTIVE: PolicyOption = { min: 0, max: 1, default: 0.8, doc: "how much the scenario's scoring places are worth" };
const CAUTION: PolicyOption = { min: 0, max: 2, default: 1, doc: 'how much the threat map counts in moves (with tactics): 0 ignores it, 1 a wound expected is worth what the evaluation says' };
const TACTICS: PolicyOption = { min: 0, max: 1, default: 1, doc: '1: Take Aim, fall back and shoot, Duels by odds, planned deployment, card order; 0: off' };

/** The goal and evaluation numbers the heuristics weigh with (bench/ntbea.ts tunes them on generated lists). */
const TUNABLES: Record<string, PolicyOption> = {
  hold: { min: 0, max: 4, default: GOAL_DEFAULTS.hold, doc: 'how much more a place is worth to a warrior whose weight holds it' },
  crowded: { min: 0, max: 1, default: GOAL_DEFAULTS.crowded, doc: "share of a place's worth left when the weight there and coming already suffices" },
  marker: { min: 0, max: 10, default: GOAL_DEFAULTS.marker, doc: "an enemy marker's worth as a goal, in attacks on it" },
  deny: { min: 0, max: 1, default: GOAL_DEFAULTS.deny, doc: "share of our place's worth in denying it when an enemy is within two Marches" },
  holdCharge: { min: 0, max: 8, default: GOAL_DEFAULTS.holdCharge, doc: "a held place's worth against a Charge, in VP weights" },
  broken: { min: 0, max: 2, default: DEFAULT_WEIGHTS.broken, doc: 'evaluation weight of Broken! (a share of worth) in attacks, threats and leaving a fight' },
  wounds: { min: 0, max: 2, default: DEFAULT_WEIGHTS.wounds, doc: 'evaluation weight of wounds (a share of worth a Wound) in attacks and threats' },
};

function heuristic(name: string, doc: string, aggression: number, objective: number, tactics: number): PolicyDef {
  return {
    name,
    doc,
    options: {
      aggression: { ...AGGRESSION, default: aggression },
      objective: { ...OBJECTIVE, default: objective },
      tactics: { ...TACTICS, default: tactics },
      caution: CAUTION,
      ...TUNABLES,
    },
    create: (o, spec) =>
      heuristicPolicy(spec, {
        aggression: o.aggression,
        objective: o.objective,
        tactics: o.tactics >= 0.5,
        caution: o.caution,
        hold: o.hold,
        crowded: o.crowded,
        marker: o.marker,
        deny: o.deny,
        holdCharge: o.holdCharge,
        broken: o.broken,
        wounds: o.wounds,
      }),
  };
}

/** Built-in policies by name, the heuristics weakest first, then search. */
const POLICIES: PolicyDef[] = [
  { name: 'random', doc: 'uniform over legal choices', options: {}, create: () => randomPolicy },
  heuristic('aggressive', 'charges and clashes by exact kill odds', 1, 0.15, 0),
  heuristic('objective', "plays the scenario's VP rules: seizes, contests, holds", 0.25, 1, 0),
  heuristic('balanced', 'weighs fights and objectives, shoots and commands on purpose', 0.6, 0.8, 1),
  {
    name: 'search',
    doc: "looks ahead with the engine: each Command Card's plan (card and script) by balanced playouts",
    options: {
      playouts: { min: 1, max: 4096, default: 32, doc: 'playouts a Command Card decision (at least one a candidate plan)', integer: true },
      rounds: { min: 1, max: 6, default: 1, doc: 'rounds a playout runs: 1 to the end of the current round', integer: true },
      passes: { min: 0, max: 4, default: 0, doc: 'hill-climbing passes over the cards again with the best script', integer: true },
    },
    create: (o, spec) => searchPolicy(spec, { playouts: o.playouts, rounds: o.rounds, passes: o.passes }),
  },
];

/**
 * `"strongest"` (the quickstart's policy) stays `balanced`: `search` beats it
 * but plays about 200 times slower, which the quickstart cannot afford.
 */
const STRONGEST = 'balanced';

export function listPolicies(): string[] {
  return POLICIES.map((p) => p.name);
}

export function policyDefs(): readonly PolicyDef[] {
  return POLICIES;
}

/** The strongest built-in policy (the quickstart's default, `"strongest"`). */
export function strongestPolicy(): string {
  return STRONGEST;
}

/** `strongest` (with or without options) as the strongest built-in's name; other specs as they are. */
export function expandStrongest(spec: string): string {
  if (spec === 'strongest' || spec.startsWith('strongest:')) return strongestPolicy() + spec.slice('strongest'.length);
  return spec;
}

/** Plugins loaded by loadPlugin (plugins.ts), by their spec's module path. */
export const loadedPlugins = new Map<string, { create(options: Record<string, string>): Policy }>();

/** Whether a policy spec names a module (a plugin) rather than a built-in: it has a slash or a .js/.mjs ending. */
export function isPluginSpec(spec: string): boolean {
  const name = splitSpec(spec).name;
  return name.includes('/') || name.includes('\\') || /\.(m?js|cjs)$/i.test(name);
}

/** `name:key=value,...` → its parts. A Windows drive letter ("C:\") stays in the name. */
export function splitSpec(spec: string): { name: string; options: [string, string][] } {
  const i = spec.search(/:(?![\\/])/);
  const name = i < 0 ? spec : spec.slice(0, i);
  const rest = i < 0 ? '' : spec.slice(i + 1);
  const options: [string, string][] = [];
  if (rest !== '') {
    for (const part of rest.split(',')) {
      const eq = part.indexOf('=');
      options.push(eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]);
    }
  }
  return { name, options };
}

/**
 * A policy from its spec: a built-in name with options
 * (`balanced:aggression=0.7`) or a plugin loaded by loadPlugin. Unknown names
 * and options, and values out of range, are InputErrors naming the policy.
 */
export function getPolicy(spec: string): Policy {
  const { name, options } = splitSpec(spec);
  if (isPluginSpec(spec)) {
    const plugin = loadedPlugins.get(name);
    if (!plugin) throw new InputError(`policy "${spec}": plugin ${name} is not loaded (loadPlugin first)`);
    return plugin.create(Object.fromEntries(options));
  }
  const def = POLICIES.find((x) => x.name === name);
  if (!def) throw new InputError(`unknown policy "${name}" (built-in: ${listPolicies().join(', ')}, "strongest", or a plugin module path)`);
  const values: Record<string, number> = {};
  for (const [k, o] of Object.entries(def.options)) values[k] = o.default;
  for (const [k, raw] of options) {
    const o = def.options[k];
    if (!o) {
      const known = Object.keys(def.options);
      throw new InputError(`policy "${spec}": ${name} has no option "${k}" (${known.length > 0 ? `options: ${known.join(', ')}` : 'it takes no options'})`);
    }
    const v = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(v) || v < o.min || v > o.max || (o.integer && !Number.isInteger(v))) {
      throw new InputError(`policy "${spec}": option ${k} expects ${o.integer ? 'a whole number' : 'a number'} from ${o.min} to ${o.max}, got "${raw}"`);
    }
    values[k] = v;
  }
  return options.length === 0 && def.name === 'random' ? randomPolicy : def.create(values, spec);
}
