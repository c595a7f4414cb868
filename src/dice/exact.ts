import { FAIL_FACE, attackDiceCount, attackFaceTable, blockDiceCount, blockFaceTable, type FaceTable } from './attack.js';
import type { AttackOptions, FaceRule } from './types.js';

/*
 * Exact distributions of the Attack Sequence, no sampling.
 *
 * Method. A pool's outcome only matters through a small sufficient statistic:
 * - attack dice: the multiset of the lowest non-6 results, at most K of them
 *   (K = the hit cap, R7) — exactly the hits;
 * - block dice: the multiset of the lowest non-6 results, at most K of them
 *   (a matching uses at most K blocks, and a lower block can stand in for any
 *   higher one, R8).
 * Both are multisets of faces 1..5 of size ≤ K (C(K+5,5) states: 21 for K=2,
 * 252 for K=5). Dice are added one at a time; each primary die is a mixture
 * over its face: the face itself or, when re-rolled, a fresh d6; plus one
 * fresh d6 per extra rule on that face (R7). Since the state is a multiset,
 * the order dice are added in does not matter.
 *
 * Wounds from hits h against blocks b: with H_v = hits ≤ v and B_v = non-6
 * blocks ≤ v, wounds = max(0, max_v (H_v − B_v)) (a hit of value v can only be
 * negated by a block ≤ v, and the greedy matching attains this bound). So
 * P(wounds ≤ w | h) = P(B_v ≥ H_v − w for every v): a 5-D upper-tail sum of
 * the block distribution, computed once as a suffix-sum table.
 */

/** The largest hit cap and block-pool statistic the exact method accepts (memory: (Kb+1)^5 doubles). */
export const EXACT_LIMITS = { hitStates: 40, blockStates: 20 } as const;

interface Space {
  k: number;
  size: number;
  /** Per state, cumulative counts H_1..H_5 (5 entries per state). */
  cumulative: Int32Array;
  /** Per state and face 1..6 (7 entries per state, index 0 unused): the state after adding that face. */
  next: Int32Array;
}

const spaces = new Map<number, Space>();

/** All multisets of faces 1..5 of size ≤ k, with their "add one die" transitions. */
function space(k: number): Space {
  const cached = spaces.get(k);
  if (cached) return cached;
  const m = k + 1;
  const codeOf = (c: number[]): number => c[0] + m * (c[1] + m * (c[2] + m * (c[3] + m * c[4])));
  const states: number[][] = [];
  const idOf = new Map<number, number>();
  for (let a = 0; a <= k; a++)
    for (let b = 0; a + b <= k; b++)
      for (let c = 0; a + b + c <= k; c++)
        for (let d = 0; a + b + c + d <= k; d++)
          for (let e = 0; a + b + c + d + e <= k; e++) {
            const s = [a, b, c, d, e];
            idOf.set(codeOf(s), states.length);
            states.push(s);
          }
  const size = states.length;
  const cumulative = new Int32Array(size * 5);
  const next = new Int32Array(size * 7);
  for (let id = 0; id < size; id++) {
    const s = states[id];
    let total = 0;
    let top = 0; // highest face present
    for (let v = 0; v < 5; v++) {
      total += s[v];
      cumulative[id * 5 + v] = total;
      if (s[v] > 0) top = v + 1;
    }
    next[id * 7 + FAIL_FACE] = id; // R6: a 6 is discarded
    for (let v = 1; v < FAIL_FACE; v++) {
      let to = id;
      if (total < k) {
        const t = s.slice();
        t[v - 1]++;
        to = idOf.get(codeOf(t))!;
      } else if (v < top) {
        // Full: the new die displaces the highest one kept.
        const t = s.slice();
        t[v - 1]++;
        t[top - 1]--;
        to = idOf.get(codeOf(t))!;
      }
      next[id * 7 + v] = to;
    }
  }
  const sp = { k, size, cumulative, next };
  spaces.set(k, sp);
  return sp;
}

/** out += weight·(dist with one die of face distribution q added). q[1..6]. */
function addDie(sp: Space, dist: Float64Array, q: number[], out: Float64Array): void {
  const next = sp.next;
  for (let s = 0; s < sp.size; s++) {
    const p = dist[s];
    if (p === 0) continue;
    const base = s * 7;
    for (let v = 1; v <= 6; v++) {
      if (q[v] !== 0) out[next[base + v]] += p * q[v];
    }
  }
}

const UNIFORM = [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];

/** The distribution of a pool's statistic over `sp`: n primary dice with face table t (R7). */
function poolDistribution(sp: Space, n: number, t: FaceTable): Float64Array {
  // Faces grouped by how many extra dice they add; within a group, each face
  // either stays (1/6 on it) or is re-rolled (1/36 on every face).
  const groups = new Map<number, number[]>();
  for (let f = 1; f <= 6; f++) {
    const e = t.extra[f];
    let q = groups.get(e);
    if (!q) groups.set(e, (q = [0, 0, 0, 0, 0, 0, 0]));
    if (t.reroll[f]) for (let v = 1; v <= 6; v++) q[v] += 1 / 36;
    else q[f] += 1 / 6;
  }
  let dist = new Float64Array(sp.size);
  dist[0] = 1; // state 0 is the empty multiset
  for (let i = 0; i < n; i++) {
    const out = new Float64Array(sp.size);
    for (const [e, q] of groups) {
      if (e === 0) {
        addDie(sp, dist, q, out);
        continue;
      }
      let part = new Float64Array(sp.size);
      addDie(sp, dist, q, part);
      for (let x = 0; x < e; x++) {
        const more = new Float64Array(sp.size);
        addDie(sp, part, UNIFORM, more);
        part = more;
      }
      for (let s = 0; s < sp.size; s++) out[s] += part[s];
    }
    dist = out;
  }
  return dist;
}

function maxPool(n: number, t: FaceTable): number {
  return n * (1 + Math.max(...t.extra.slice(1)));
}

interface Prepared {
  key: string;
  n: number;
  k: number;
  blockN: number;
  kb: number;
  attack: FaceTable;
  block: FaceTable;
}

/** Normalises options to what the distribution depends on, and validates them. */
function prepare(opts: AttackOptions): Prepared {
  const n = attackDiceCount(opts);
  if (!Number.isInteger(opts.hitCap) || opts.hitCap < 0) throw new RangeError(`hitCap must be a whole number ≥ 0, got ${String(opts.hitCap)}`);
  const blockN = blockDiceCount(opts);
  const attack = attackFaceTable(opts);
  const block = blockFaceTable(opts.blockRules);
  const k = Math.min(opts.hitCap, maxPool(n, attack));
  const kb = Math.min(k, maxPool(blockN, block));
  if (k > EXACT_LIMITS.hitStates || kb > EXACT_LIMITS.blockStates) {
    throw new RangeError(`too large for the exact method: up to ${k} hits against up to ${kb} useful blocks (limits ${EXACT_LIMITS.hitStates} and ${EXACT_LIMITS.blockStates})`);
  }
  const key = JSON.stringify([n, k, blockN, attack.reroll, attack.extra, block.reroll, block.extra]);
  return { key, n, k, blockN, kb, attack, block };
}

const cache = new Map<string, Float64Array>();
const CACHE_MAX = 4096;

/** Forgets memoised distributions (for benchmarks that time cold computations). */
export function clearExactCache(): void {
  cache.clear();
  parts.clear();
  partsHeld = 0;
}

function remember(key: string, value: Float64Array): void {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

/** Upper-tail sums G(t) = P(B_1 ≥ t_1, …, B_5 ≥ t_5) of the block distribution, on a (kb+1)^5 box. */
function blockTail(sp: Space, dist: Float64Array): { g: Float64Array; m: number } {
  const m = sp.k + 1;
  const g = new Float64Array(m ** 5);
  for (let s = 0; s < sp.size; s++) {
    if (dist[s] === 0) continue;
    const c = s * 5;
    const cu = sp.cumulative;
    g[cu[c] + m * (cu[c + 1] + m * (cu[c + 2] + m * (cu[c + 3] + m * cu[c + 4])))] += dist[s];
  }
  for (let axis = 0, stride = 1; axis < 5; axis++, stride *= m) {
    const span = stride * m;
    for (let hi = 0; hi < g.length; hi += span) {
      for (let c = m - 2; c >= 0; c--) {
        const row = hi + c * stride;
        for (let lo = 0; lo < stride; lo++) g[row + lo] += g[row + stride + lo];
      }
    }
  }
  return { g, m };
}

/*
 * The attack pool's distribution and the block pool's tail table are each
 * shared by many attacks (a grid of attacks × clash × defense needs 50 of
 * one and 35 of the other for 350 cells), so small ones are memoised apart.
 */
const parts = new Map<string, Float64Array>();
const PARTS_BUDGET = 4_000_000; // doubles held at most (32 MB), oldest dropped first
let partsHeld = 0;

function part(key: string, compute: () => Float64Array): Float64Array {
  let v = parts.get(key);
  if (v) return v;
  v = compute();
  if (v.length <= PARTS_BUDGET / 4) {
    while (partsHeld + v.length > PARTS_BUDGET) {
      const [oldest, dropped] = parts.entries().next().value!;
      parts.delete(oldest);
      partsHeld -= dropped.length;
    }
    parts.set(key, v);
    partsHeld += v.length;
  }
  return v;
}

const tableKey = (t: FaceTable): string => `${t.reroll.map(Number).join('')}${t.extra.join('')}`;

function computeWounds(p: Prepared): Float64Array {
  const hitSpace = space(p.k);
  const hits = part(`a${p.k},${p.n},${tableKey(p.attack)}`, () => poolDistribution(hitSpace, p.n, p.attack));
  const blockSpace = space(p.kb);
  const m = p.kb + 1;
  const g = part(`b${p.kb},${p.blockN},${tableKey(p.block)}`, () => blockTail(blockSpace, poolDistribution(blockSpace, p.blockN, p.block)).g);
  const out = new Float64Array(p.k + 1);
  const cu = hitSpace.cumulative;
  for (let s = 0; s < hitSpace.size; s++) {
    const ph = hits[s];
    if (ph === 0) continue;
    const c = s * 5;
    const total = cu[c + 4];
    let below = 0; // P(wounds ≤ w − 1 | h)
    for (let w = 0; w < total; w++) {
      let atMost = 0; // P(wounds ≤ w | h) = P(B_v ≥ H_v − w for all v)
      if (total - w <= p.kb) {
        let idx = 0;
        for (let v = 4; v >= 0; v--) idx = idx * m + Math.max(0, cu[c + v] - w);
        atMost = g[idx];
      }
      out[w] += ph * (atMost - below);
      below = atMost;
    }
    out[total] += ph * (1 - below);
  }
  return out;
}

/**
 * P(exactly k wounds) at index k, for k = 0 .. the most hits possible.
 * Exact; memoised by what the distribution depends on.
 */
export function woundDistribution(opts: AttackOptions): number[] {
  const p = prepare(opts);
  let d = cache.get('w' + p.key);
  if (!d) remember('w' + p.key, (d = computeWounds(p)));
  return Array.from(d);
}

/** P(exactly k hits) at index k, before blocks (R7). */
export function hitsDistribution(opts: AttackOptions): number[] {
  const p = prepare(opts);
  let d = cache.get('h' + p.key);
  if (!d) {
    const sp = space(p.k);
    const dist = poolDistribution(sp, p.n, p.attack);
    d = new Float64Array(p.k + 1);
    for (let s = 0; s < sp.size; s++) d[sp.cumulative[s * 5 + 4]] += dist[s];
    remember('h' + p.key, d);
  }
  return Array.from(d);
}

/** Wounds from "a rule inflicts X hits" (Impact X, R16): rollHits's distribution. */
export function inflictedWoundDistribution(opts: { hits: number; blockDice: number; blockRules?: FaceRule[]; obscured?: boolean }): number[] {
  return woundDistribution({ dice: opts.hits, hitCap: opts.hits, blockDice: opts.blockDice, blockRules: opts.blockRules, obscured: opts.obscured });
}

/** The mean of a distribution given as P(k) at index k. */
export function meanOf(distribution: number[]): number {
  let mean = 0;
  for (let k = 1; k < distribution.length; k++) mean += k * distribution[k];
  return mean;
}

export function expectedWounds(opts: AttackOptions): number {
  return meanOf(woundDistribution(opts));
}

/** What one attack does to its target. The four probabilities sum to 1. */
export interface TargetOutcome {
  /** Markers reach Wounds and the Resolve test fails (R9–R11): removed. */
  slain: number;
  /** Markers reach Wounds and the Resolve test passes: the warrior is now Broken! with Wounds − 1 markers (R9). */
  broken: number;
  /** The attack causes no wound. */
  unharmed: number;
  /** At least one wound, but markers stay below Wounds: no Resolve test. */
  woundedOnly: number;
}

/** Array.isArray does not narrow a readonly array out of a union. */
function isDistribution(a: AttackOptions | readonly number[]): a is readonly number[] {
  return Array.isArray(a);
}

/**
 * The target's fate after one attack. `attack` is the attack's options or a
 * wound distribution (P(k) at index k). `markers` (default 0) are Wound
 * markers already on the target, fewer than `wounds`; `broken` (R11) makes
 * every test fail; `overkill` (R10, default on) lowers Resolve by 1 per marker
 * beyond Wounds; effective Resolve ≤ 0 always fails.
 */
export function targetOutcome(opts: { attack: AttackOptions | readonly number[]; wounds: number; resolve: number; markers?: number; broken?: boolean; overkill?: boolean }): TargetOutcome {
  const dist: readonly number[] = isDistribution(opts.attack) ? opts.attack : woundDistribution(opts.attack);
  const markers = opts.markers ?? 0;
  if (!Number.isInteger(opts.wounds) || opts.wounds < 1) throw new RangeError(`wounds must be a whole number ≥ 1, got ${String(opts.wounds)}`);
  if (!Number.isInteger(opts.resolve)) throw new RangeError(`resolve must be a whole number, got ${String(opts.resolve)}`);
  if (!Number.isInteger(markers) || markers < 0 || markers >= opts.wounds) {
    throw new RangeError(`markers must be a whole number from 0 to wounds − 1 (${opts.wounds - 1}), got ${String(markers)}`);
  }
  for (const p of dist) if (!(p >= 0 && p <= 1)) throw new RangeError(`a wound distribution holds probabilities 0..1, got ${String(p)}`);
  const overkill = opts.overkill ?? true;
  const out: TargetOutcome = { slain: 0, broken: 0, unharmed: dist[0] ?? 0, woundedOnly: 0 };
  for (let k = 1; k < dist.length; k++) {
    const total = markers + k;
    if (total < opts.wounds) {
      out.woundedOnly += dist[k];
      continue;
    }
    const effective = opts.resolve - (overkill ? total - opts.wounds : 0); // R10
    const pass = opts.broken ? 0 : Math.min(6, Math.max(0, effective)) / 6; // R11
    out.broken += dist[k] * pass;
    out.slain += dist[k] * (1 - pass);
  }
  return out;
}
