import { z } from 'zod';
import { formatIssues } from '../data/index.js';
import { formatPath } from '../errors.js';
import { resolveSpecialRule, type SpecialRule } from '../rules/index.js';
import { convolve, regimentAttacks, sequenceOutcome } from './regiment.js';
import type { AttackOptions, FaceRule } from './types.js';

/*
 * Property files (`"kind": "properties"`): claims a designer makes about the
 * dice ("Shield Wall never makes a unit take more wounds"), checked over a
 * domain of attacks and targets with the exact distributions. A property
 * compares a statistic of the `variant` with the `baseline`, both applied on
 * top of each domain point, or the statistic at neighbouring points of one
 * axis (monotone). Small domains are checked point by point; larger ones by
 * fast-check sampling, shrunk to the smallest counterexample.
 */

// ---- axes ----

/** Whole-number axes and their limits (those of `skirmish dice`). */
export const NUMBER_AXES = {
  attacks: [0, 30],
  clash: [0, 30],
  barrage: [0, 30],
  volley: [0, 30],
  defense: [0, 20],
  evasion: [0, 20],
  wounds: [1, 50],
  resolve: [0, 20],
  markers: [0, 49],
  warriors: [1, 20],
} as const satisfies Record<string, readonly [number, number]>;
type NumberAxis = keyof typeof NUMBER_AXES;

/** On/off axes: the flags of `skirmish dice` (R10, R11, R13–R15, R22). */
export const FLAG_AXES = ['outnumbered', 'inspired', 'aimed', 'obscured', 'broken', 'overkill'] as const;
type FlagAxis = (typeof FLAG_AXES)[number];

/** Face-rule axes (R16): the faces listed, as `--reroll-attack 1,2` etc. */
export const FACE_AXES = { rerollAttack: ['attack', 'reroll'], extraAttack: ['attack', 'extraAttack'], rerollBlock: ['block', 'reroll'], extraBlock: ['block', 'extraBlock'] } as const;
type FaceAxis = keyof typeof FACE_AXES;

const BLOCK_WITH = ['larger', 'defense', 'evasion'] as const;
type BlockWith = (typeof BLOCK_WITH)[number];

/** One domain point, or a point with a baseline or variant applied. Absent axes take their defaults. */
export type Point = Partial<Record<NumberAxis, number> & Record<FlagAxis, boolean> & Record<FaceAxis, number[]>> & {
  specialRules?: string[];
  blockWith?: BlockWith;
};

const isNumberAxis = (a: string): a is NumberAxis => Object.hasOwn(NUMBER_AXES, a);
const isFlagAxis = (a: string): a is FlagAxis => (FLAG_AXES as readonly string[]).includes(a);

// ---- the file's schema ----

const RANGE = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/;
const face = z.int().min(1).max(6);
const ruleName = z.string().min(1);

function numberDomain(min: number, max: number) {
  const n = z.int().min(min).max(max);
  return z.union([n, z.string().regex(RANGE, { error: `expected a range such as "${min}..${max}" (or a whole number, or a list of them)` }), z.array(n).min(1)], {
    error: `expected a whole number ${min}..${max}, a range "a..b" or a list of whole numbers`,
  });
}

const flagDomain = z.union([z.boolean(), z.array(z.boolean()).min(1)], { error: 'expected true, false or a list such as [false, true]' });
const faceDomain = z.union([z.array(face), z.array(z.array(face)).min(1)], {
  error: 'expected die faces 1..6 such as [1], or a list of alternatives such as [[], [1], [1, 2]]',
});

const domainShape: Record<string, z.ZodType> = {};
for (const [axis, [min, max]] of Object.entries(NUMBER_AXES)) domainShape[axis] = numberDomain(min, max).optional();
for (const axis of FLAG_AXES) domainShape[axis] = flagDomain.optional();
for (const axis of Object.keys(FACE_AXES)) domainShape[axis] = faceDomain.optional();
domainShape.specialRules = z
  .union([z.array(ruleName), z.array(z.array(ruleName)).min(1)], { error: 'expected special-rule names such as ["Parry"], or a list of alternatives such as [[], ["Parry"]]' })
  .optional();
domainShape.blockWith = z.union([z.enum(BLOCK_WITH), z.array(z.enum(BLOCK_WITH)).min(1)], { error: 'expected "larger", "defense" or "evasion", or a list of them' }).optional();

const modifierShape: Record<string, z.ZodType> = {};
for (const [axis, [min, max]] of Object.entries(NUMBER_AXES)) {
  modifierShape[axis] = z
    .union([z.int().min(min).max(max), z.string().regex(/^[+-]\d+$/, { error: 'expected "+n" or "-n" (add to the domain\'s value), or a whole number (set it)' })], {
      error: `expected a whole number ${min}..${max} (set it) or "+n" / "-n" (add to the domain's value)`,
    })
    .optional();
}
for (const axis of FLAG_AXES) modifierShape[axis] = z.boolean().optional();
for (const axis of Object.keys(FACE_AXES)) modifierShape[axis] = z.array(face).optional();
modifierShape.specialRules = z.array(ruleName).optional();
modifierShape.blockWith = z.enum(BLOCK_WITH).optional();

const STATISTICS = ['mean', 'p_slain', 'p_broken', 'p_unharmed', 'distribution'] as const;
const RELATIONS = ['>=', '<=', '==', 'variant - baseline <=', 'variant - baseline >=', 'monotone'] as const;

const propertySchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  domain: z.strictObject(domainShape),
  baseline: z.strictObject(modifierShape).optional(),
  variant: z.strictObject(modifierShape).optional(),
  statistic: z.union([z.enum(STATISTICS), z.strictObject({ p_at_least: z.int().min(1).max(2000) })], {
    error: `expected one of ${STATISTICS.map((s) => `"${s}"`).join(', ')} or { "p_at_least": k }`,
  }),
  relation: z.enum(RELATIONS),
  /** For `variant - baseline <=` / `>=`. */
  bound: z.number().optional(),
  /** Slack for floating-point sums; the whole allowance for `==`. Default 1e-9. */
  tolerance: z.number().min(0).optional(),
  /** For `monotone`: the axis, the direction, and whether the variant or variant − baseline moves. */
  axis: z.string().optional(),
  direction: z.enum(['increasing', 'decreasing']).optional(),
  of: z.enum(['variant', 'difference']).optional(),
  check: z
    .strictObject({
      method: z.enum(['auto', 'exhaustive', 'sample']).optional(),
      /** auto: exhaustive up to this many domain points (default 50,000). */
      maxPoints: z.int().min(1).optional(),
      /** Points fast-check samples (default 1,000). */
      samples: z.int().min(1).max(1_000_000).optional(),
      seed: z.int().optional(),
    })
    .optional(),
});

export const propertyFileSchema = z.strictObject({
  kind: z.literal('properties'),
  description: z.string().optional(),
  /** Faction files (relative to this file) whose own special rules the properties may name. */
  factions: z.array(z.string().min(1)).optional(),
  properties: z.array(propertySchema).min(1),
});
export type PropertyFileJson = z.infer<typeof propertyFileSchema>;
type PropertyJson = z.infer<typeof propertySchema>;
type ModifierJson = Record<string, number | string | boolean | number[] | string[] | undefined>;

// ---- compiling ----

export type Statistic = (typeof STATISTICS)[number] | { p_at_least: number };
export type Relation = (typeof RELATIONS)[number];

/** A property ready to check. */
export interface CompiledProperty {
  name: string;
  /** The domain's axes in the file's order, each with its values. */
  axes: { name: string; values: unknown[] }[];
  baseline: ModifierJson;
  variant: ModifierJson;
  statistic: Statistic;
  relation: Relation;
  bound: number;
  tolerance: number;
  /** Index into axes, for monotone. */
  monotoneAxis: number;
  direction: 'increasing' | 'decreasing';
  of: 'variant' | 'difference';
  method: 'auto' | 'exhaustive' | 'sample';
  maxPoints: number;
  samples: number;
  seed: number;
  /** Special rules by name: the built-ins, then the factions' own. */
  rules: Readonly<Record<string, SpecialRule>>;
}

/** The domain values an axis entry stands for. */
function axisValues(axis: string, raw: unknown): unknown[] {
  if (isNumberAxis(axis)) {
    if (typeof raw === 'number') return [raw];
    if (typeof raw === 'string') {
      const m = RANGE.exec(raw)!;
      const out: number[] = [];
      for (let x = Number(m[1]); x <= Number(m[2]); x++) out.push(x);
      return out;
    }
    return raw as number[];
  }
  if (isFlagAxis(axis)) return typeof raw === 'boolean' ? [raw] : (raw as boolean[]);
  if (axis === 'blockWith') return typeof raw === 'string' ? [raw] : (raw as string[]);
  // Faces and special rules: a flat list is one value, a list of lists the alternatives.
  const list = raw as unknown[];
  return list.length > 0 && Array.isArray(list[0]) ? list : [list];
}

/**
 * Checks a property file's JSON and compiles its properties. `factionRules`
 * are the special rules of the files named in `factions` (the caller loads
 * them). Errors are `file: path: message` lines.
 */
export function compilePropertyFile(json: unknown, file: string, factionRules: Readonly<Record<string, SpecialRule>> = {}): { properties: CompiledProperty[]; errors: string[] } {
  const parsed = propertyFileSchema.safeParse(json);
  if (!parsed.success) return { properties: [], errors: formatIssues(file, parsed.error.issues) };
  const errors: string[] = [];
  const properties = parsed.data.properties.map((p, i) => compileProperty(p, factionRules, (path, message) => errors.push(`${file}: ${formatPath(['properties', i, ...path])}: ${message}`)));
  return { properties: errors.length ? [] : properties, errors };
}

function compileProperty(p: PropertyJson, rules: Readonly<Record<string, SpecialRule>>, err: (path: PropertyKey[], message: string) => void): CompiledProperty {
  const axes: CompiledProperty['axes'] = [];
  for (const [axis, raw] of Object.entries(p.domain)) {
    if (raw === undefined) continue;
    if (isNumberAxis(axis) && typeof raw === 'string') {
      const m = RANGE.exec(raw)!;
      const [min, max] = NUMBER_AXES[axis];
      if (Number(m[1]) > Number(m[2]) || Number(m[1]) < min || Number(m[2]) > max) {
        err(['domain', axis], `expected a range a..b with ${min} ≤ a ≤ b ≤ ${max}, got "${raw}"`);
        continue;
      }
    }
    axes.push({ name: axis, values: axisValues(axis, raw) });
  }
  const baseline = (p.baseline ?? {}) as ModifierJson;
  const variant = (p.variant ?? {}) as ModifierJson;
  const inDomain = (axis: string) => (p.domain as Record<string, unknown>)[axis] !== undefined;
  const given = (axis: string) => inDomain(axis) || baseline[axis] !== undefined || variant[axis] !== undefined;

  // Relative changes need a domain value to change.
  for (const [side, mod] of [
    ['baseline', baseline],
    ['variant', variant],
  ] as const) {
    for (const [axis, v] of Object.entries(mod)) {
      if (typeof v === 'string' && isNumberAxis(axis) && !inDomain(axis)) {
        err([side, axis], `"${v}" changes ${axis}, but the domain gives no ${axis} to change`);
      }
    }
  }
  // A Clash or a Volley, as in `skirmish dice` (R13–R15, R22). The domain
  // gives the profiles; a baseline or variant only changes them.
  const clash = given('attacks') || given('clash');
  const volley = given('barrage') || given('volley');
  if (clash && volley) err(['domain'], 'use attacks/clash (a Clash) or barrage/volley (a Volley), not both');
  else if (clash && !(inDomain('attacks') && inDomain('clash'))) err(['domain'], 'a Clash needs both attacks and clash');
  else if (volley && !(inDomain('barrage') && inDomain('volley'))) err(['domain'], 'a Volley needs both barrage and volley');
  else if (!clash && !volley) err(['domain'], 'missing (expected attacks and clash for a Clash, or barrage and volley for a Volley)');
  if (!inDomain('defense') && !inDomain('evasion')) err(['domain'], "missing the target's block dice (expected defense and/or evasion)");
  for (const flag of clash ? (['aimed', 'obscured'] as const) : volley ? (['outnumbered', 'inspired'] as const) : []) {
    if (given(flag)) err(['domain'], `${flag} applies to ${clash ? 'Volleys' : 'Clash actions'} only`);
  }
  const target = p.statistic === 'p_slain' || p.statistic === 'p_broken';
  if (target && (!inDomain('wounds') || !inDomain('resolve'))) err(['statistic'], `${p.statistic} needs the target's wounds and resolve in the domain`);

  // Every special-rule name resolves to a rule that acts on dice (R16).
  const names: [PropertyKey[], string][] = [];
  const raw = p.domain.specialRules as string[] | string[][] | undefined;
  const alternatives = raw !== undefined && raw.length > 0 && Array.isArray(raw[0]);
  axes.find((a) => a.name === 'specialRules')?.values.forEach((v, j) => (v as string[]).forEach((n, k) => names.push([['domain', 'specialRules', ...(alternatives ? [j] : []), k], n])));
  for (const side of ['baseline', 'variant'] as const) ((p[side]?.specialRules ?? []) as string[]).forEach((n, k) => names.push([[side, 'specialRules', k], n]));
  for (const [path, n] of names) {
    const rule = resolveSpecialRule(n, rules);
    if (!rule) err(path, `unknown special rule "${n}" (a built-in, or one of the listed factions' own)`);
    else if (rule.kind === 'flank') err(path, `"${n}" is a deployment rule (R30): it does nothing to the dice`);
    else if (rule.kind === 'impact' && volley) err(path, `"${n}" inflicts hits on a Charge: it applies to a Clash, not a Volley`);
  }

  const relation = p.relation;
  if ((relation === 'variant - baseline <=' || relation === 'variant - baseline >=') && p.bound === undefined) {
    err(['bound'], `missing (expected a number: ${relation} bound)`);
  }
  let monotoneAxis = -1;
  if (relation === 'monotone') {
    monotoneAxis = axes.findIndex((a) => a.name === p.axis);
    if (p.axis === undefined) err(['axis'], 'missing (expected the domain axis the statistic moves along, e.g. "defense")');
    else if (monotoneAxis < 0) err(['axis'], `expected an axis of the domain (${axes.map((a) => a.name).join(', ')}), got "${p.axis}"`);
    else if (!isNumberAxis(p.axis) && !isFlagAxis(p.axis)) err(['axis'], `expected a number or flag axis, got "${p.axis}"`);
    else if (axes[monotoneAxis].values.length < 2) err(['axis'], `the domain gives ${p.axis} one value: nothing to compare`);
    if (p.direction === undefined) err(['direction'], 'missing (expected "increasing" or "decreasing")');
  }
  return {
    name: p.name,
    axes,
    baseline,
    variant,
    statistic: p.statistic,
    relation,
    bound: p.bound ?? 0,
    tolerance: p.tolerance ?? 1e-9,
    monotoneAxis,
    direction: p.direction ?? 'increasing',
    of: p.of ?? 'variant',
    method: p.check?.method ?? 'auto',
    maxPoints: p.check?.maxPoints ?? 50_000,
    samples: p.check?.samples ?? 1000,
    seed: p.check?.seed ?? hashSeed(p.name),
    rules,
  };
}

/** A seed from the property's name, so a file checks the same way every time. */
function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

// ---- evaluating ----

/** The domain point for one index per axis. */
function pointAt(p: CompiledProperty, idx: readonly number[]): Point {
  const point: Record<string, unknown> = {};
  p.axes.forEach((a, i) => (point[a.name] = a.values[idx[i]]));
  return point as Point;
}

/** A baseline or variant applied on top of a point: numbers set or add ("+1"), lists append. */
export function applyModifier(point: Point, mod: ModifierJson): Point {
  const out: Record<string, unknown> = { ...point };
  for (const [axis, v] of Object.entries(mod)) {
    if (v === undefined) continue;
    if (isNumberAxis(axis) && typeof v === 'string') {
      const [min, max] = NUMBER_AXES[axis];
      // A characteristic changed past its limits stays at the limit.
      out[axis] = Math.min(max, Math.max(min, ((point[axis] as number | undefined) ?? 0) + Number(v)));
    } else if (Array.isArray(v)) out[axis] = [...((point[axis as FaceAxis | 'specialRules'] as unknown[] | undefined) ?? []), ...v];
    else out[axis] = v;
  }
  return out as Point;
}

/** What a point stands for: a regiment's attacks and, when given, the target's Resolve. */
export interface PointCase {
  action: 'clash' | 'volley';
  attack: AttackOptions;
  warriors: number;
  impact: number;
  target?: { wounds: number; resolve: number; markers: number; broken: boolean; overkill: boolean };
}

export function pointCase(point: Point, rules: Readonly<Record<string, SpecialRule>>): PointCase {
  const clash = point.attacks !== undefined;
  const attackRules: FaceRule[] = [];
  const blockRules: FaceRule[] = [];
  for (const axis of Object.keys(FACE_AXES) as FaceAxis[]) {
    const [on, effect] = FACE_AXES[axis];
    for (const f of point[axis] ?? []) (on === 'attack' ? attackRules : blockRules).push({ on, face: f as FaceRule['face'], effect });
  }
  let impact = 0;
  for (const n of point.specialRules ?? []) {
    const rule = resolveSpecialRule(n, rules)!; // names were checked when compiling
    if (rule.kind === 'face') (rule.rule.on === 'attack' ? attackRules : blockRules).push(rule.rule);
    else if (rule.kind === 'impact') impact += rule.hits;
  }
  // R8: the defender rolls Defense or Evasion, by default the larger.
  const defense = point.defense;
  const evasion = point.evasion;
  const blockWith = point.blockWith ?? 'larger';
  const blockDice = blockWith === 'defense' ? (defense ?? 0) : blockWith === 'evasion' ? (evasion ?? 0) : Math.max(defense ?? 0, evasion ?? 0);
  const c: PointCase = {
    action: clash ? 'clash' : 'volley',
    attack: {
      dice: (clash ? point.attacks : point.barrage) ?? 0,
      hitCap: (clash ? point.clash : point.volley) ?? 0,
      blockDice,
      attackRules,
      blockRules,
      outnumbered: point.outnumbered === true,
      inspired: point.inspired === true,
      aimed: point.aimed === true,
      obscured: point.obscured === true,
    },
    warriors: point.warriors ?? 1,
    impact,
  };
  if (point.wounds !== undefined && point.resolve !== undefined) {
    c.target = { wounds: point.wounds, resolve: point.resolve, markers: point.markers ?? 0, broken: point.broken === true, overkill: point.overkill ?? true };
  }
  return c;
}

/**
 * The statistic's value: one number, or P(total wounds ≥ k) for k = 1.. for
 * `distribution`. `memo` (one per check) shares the attacks' distributions,
 * under `key`, between points that differ only in the target.
 */
export function statisticValue(c: PointCase, s: Statistic, memo: Map<string, { attacks: number[][]; total: number[] }> = new Map(), key = JSON.stringify([c.attack, c.warriors, c.impact])): number[] {
  const r = { attack: c.attack, warriors: c.warriors, impact: c.impact };
  let m = memo.get(key);
  if (!m) {
    const attacks = regimentAttacks(r);
    memo.set(key, (m = { attacks, total: attacks.reduce<number[]>((acc, d) => convolve(acc, d), [1]) }));
  }
  if (s === 'p_slain' || s === 'p_broken') {
    const o = sequenceOutcome(m.attacks, c.target!);
    return [s === 'p_slain' ? o.slain : o.broken];
  }
  const d = m.total;
  if (s === 'p_unharmed') return [d[0]];
  if (s === 'mean') return [d.reduce((a, p, k) => a + k * p, 0)];
  const atLeast: number[] = [];
  let tail = 0;
  for (let k = d.length - 1; k >= 1; k--) atLeast[k - 1] = tail += d[k];
  if (s === 'distribution') return atLeast;
  return [atLeast[s.p_at_least - 1] ?? 0];
}

/** One comparison: the two values compared (at `k` for a distribution) and whether the relation holds. */
export interface Comparison {
  ok: boolean;
  baseline: number;
  variant: number;
  difference: number;
  /** For `distribution`: the k of P(total wounds ≥ k) where the relation is furthest from holding. */
  k?: number;
}

/** Compares two values under a relation; for distributions, every P(≥ k) and reports the worst k. */
export function compareValues(rel: Exclude<Relation, 'monotone'>, b: number[], v: number[], bound: number, tolerance: number, whole: boolean): Comparison {
  const n = Math.max(b.length, v.length);
  let worst = -1;
  let worstScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = (v[i] ?? 0) - (b[i] ?? 0);
    // How far from holding (positive: fails).
    const score =
      rel === '>=' ? -d - tolerance : rel === '<=' ? d - tolerance : rel === '==' ? Math.abs(d) - tolerance : rel === 'variant - baseline <=' ? d - bound - tolerance : bound - d - tolerance;
    if (score > worstScore) {
      worstScore = score;
      worst = i;
    }
  }
  if (worst < 0) return { ok: true, baseline: 0, variant: 0, difference: 0, ...(whole ? { k: 1 } : {}) };
  const bv = b[worst] ?? 0;
  const vv = v[worst] ?? 0;
  return { ok: worstScore <= 0, baseline: bv, variant: vv, difference: vv - bv, ...(whole ? { k: worst + 1 } : {}) };
}

/** The property at one domain point (for monotone: this point against the next value of the axis). */
export interface PointVerdict extends Comparison {
  point: Point;
  /** Monotone: the neighbouring point compared with `point`. */
  next?: Point;
}

/** The target's axes: the attacks' distributions do not depend on them. */
const TARGET_AXES: readonly string[] = ['wounds', 'resolve', 'markers', 'broken', 'overkill'];

/**
 * The property at index tuples, memoised per check: a statistic per (side,
 * point), the attacks' distributions per (side, the point's attack axes).
 */
function evaluator(p: CompiledProperty): { ok(idx: readonly number[]): boolean; verdict(idx: readonly number[]): PointVerdict; valid(idx: readonly number[]): boolean } {
  const memo = new Map<string, number[]>();
  const attacks = new Map<string, { attacks: number[][]; total: number[] }>();
  const attackAxes = p.axes.flatMap((a, i) => (TARGET_AXES.includes(a.name) ? [] : [i]));
  const stat = (idx: readonly number[], side: 'baseline' | 'variant'): number[] => {
    const key = side[0] + idx.join(',');
    let v = memo.get(key);
    if (!v) {
      const c = pointCase(applyModifier(pointAt(p, idx), p[side]), p.rules);
      memo.set(key, (v = statisticValue(c, p.statistic, attacks, side[0] + attackAxes.map((i) => idx[i]).join(','))));
    }
    return v;
  };
  const whole = p.statistic === 'distribution';
  const compare = (idx: readonly number[]): Comparison & { nextIdx?: number[] } => {
    if (p.relation !== 'monotone') return compareValues(p.relation, stat(idx, 'baseline'), stat(idx, 'variant'), p.bound, p.tolerance, whole);
    const value = (at: readonly number[]): number[] => {
      const v = stat(at, 'variant');
      if (p.of === 'variant') return v;
      const b = stat(at, 'baseline');
      return Array.from({ length: Math.max(v.length, b.length) }, (_, i) => (v[i] ?? 0) - (b[i] ?? 0));
    };
    const nextIdx = idx.slice();
    nextIdx[p.monotoneAxis]++;
    return { ...compareValues(p.direction === 'increasing' ? '>=' : '<=', value(idx), value(nextIdx), 0, p.tolerance, whole), nextIdx };
  };
  // A point with markers ≥ wounds describes no target (R9): it is not part of the domain.
  const markers = p.axes.some((a) => a.name === 'markers') || p.baseline.markers !== undefined || p.variant.markers !== undefined;
  return {
    ok: (idx) => compare(idx).ok,
    verdict: (idx) => {
      const { nextIdx, ...cmp } = compare(idx);
      return { point: pointAt(p, idx), ...(nextIdx ? { next: pointAt(p, nextIdx) } : {}), ...cmp };
    },
    valid: (idx) => {
      if (!markers) return true;
      const targets = (at: readonly number[]) =>
        [p.baseline, p.variant].every((mod) => {
          const m = applyModifier(pointAt(p, at), mod);
          return (m.markers ?? 0) < (m.wounds ?? 1);
        });
      if (p.relation !== 'monotone') return targets(idx);
      const nextIdx = idx.slice();
      nextIdx[p.monotoneAxis]++;
      return targets(idx) && targets(nextIdx);
    },
  };
}

/** The outcome of checking one property. */
export interface PropertyResult {
  name: string;
  verdict: 'pass' | 'fail';
  /** exhaustive: every domain point, exact math; sampled: fast-check points, exact math at each. */
  method: 'exhaustive' | 'sampled';
  /** Domain points (for monotone: points with a next value along the axis). */
  domainPoints: number;
  /** Points checked (exhaustive: every valid one; sampled: the samples). */
  checked: number;
  /** Of the points checked, how many fail. */
  failing: number;
  /** The smallest failing point, with both statistics and their difference. */
  counterexample?: PointVerdict & { baselinePoint: Point; variantPoint: Point };
  /** fast-check's seed and shrink steps (sampled only). */
  seed?: number;
  shrinks?: number;
}

/**
 * Checks one property. Exhaustive (exact math at every point) when the domain
 * has at most maxPoints points, or when asked; otherwise fast-check samples
 * points and shrinks a failure toward the first value of every axis. The
 * smallest counterexample of an exhaustive check is the failing point fewest
 * steps from the start of every axis; a tie goes to the point with the
 * smaller indices read in the axes' name order, so the order the file lists
 * its axes in never changes the answer. Sampling draws the axes
 * in name order too, so a sampled check does not depend on it either.
 */
export async function checkProperty(p: CompiledProperty): Promise<PropertyResult> {
  const at = evaluator(p);
  // Index ranges per axis; a monotone axis stops one short of its last value.
  const sizes = p.axes.map((a, i) => a.values.length - (i === p.monotoneAxis ? 1 : 0));
  const domainPoints = sizes.reduce((a, b) => a * b, 1);
  const exhaustive = p.method === 'exhaustive' || (p.method === 'auto' && domainPoints <= p.maxPoints);
  const result: PropertyResult = { name: p.name, verdict: 'pass', method: exhaustive ? 'exhaustive' : 'sampled', domainPoints, checked: 0, failing: 0 };
  let smallest: number[] | null = null;
  // The axes by name: ties and sampling follow it, never the file's order of the axes.
  const byName = p.axes.map((_, i) => i).sort((x, y) => (p.axes[x].name < p.axes[y].name ? -1 : p.axes[x].name > p.axes[y].name ? 1 : x - y));
  const before = (a: number[], b: number[]): boolean => {
    for (const i of byName) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  };
  if (exhaustive) {
    let best = Infinity;
    const idx = sizes.map(() => 0);
    for (let n = 0; n < domainPoints; n++) {
      if (at.valid(idx)) {
        result.checked++;
        if (!at.ok(idx)) {
          result.failing++;
          const steps = idx.reduce((a, b) => a + b, 0);
          if (steps < best || (steps === best && smallest !== null && before(idx, smallest))) {
            best = steps;
            smallest = idx.slice();
          }
        }
      }
      // Next index, last axis fastest: the file's first axis is the most significant.
      for (let a = sizes.length - 1; a >= 0; a--) {
        if (++idx[a] < sizes[a]) break;
        idx[a] = 0;
      }
    }
  } else {
    // Loaded only here: the engine and its workers import the dice module too.
    const fc: typeof import('fast-check').default = (await import('fast-check')).default;
    const arb = fc.tuple(...byName.map((i) => fc.integer({ min: 0, max: sizes[i] - 1 }))).map(
      (t) => {
        const idx = new Array<number>(t.length);
        byName.forEach((i, k) => (idx[i] = t[k]));
        return idx;
      },
      (idx) => byName.map((i) => (idx as number[])[i]),
    );
    for (const idx of fc.sample(arb, { seed: p.seed, numRuns: p.samples })) {
      if (!at.valid(idx)) continue;
      result.checked++;
      if (!at.ok(idx)) result.failing++;
    }
    const run = fc.check(
      fc.property(arb, (idx) => {
        fc.pre(at.valid(idx));
        return at.ok(idx);
      }),
      { seed: p.seed, numRuns: p.samples },
    );
    result.seed = p.seed;
    if (run.failed && run.counterexample) {
      smallest = run.counterexample[0];
      result.shrinks = run.numShrinks;
      result.failing = Math.max(result.failing, 1);
    }
  }
  if (result.checked === 0) throw new RangeError('no point of the domain describes a target (markers ≥ wounds at every point)');
  if (smallest) {
    result.verdict = 'fail';
    const v = at.verdict(smallest);
    result.counterexample = { ...v, baselinePoint: applyModifier(v.point, p.baseline), variantPoint: applyModifier(v.point, p.variant) };
  }
  return result;
}
