import type { AttackOptions, AttackRecord, Dice, FaceRule, ResolveResult, Reroll } from './types.js';

export type { AttackOptions, AttackRecord, ResolveResult } from './types.js';

/** R6: this face always fails, for attacks and for blocks. */
export const FAIL_FACE = 6;

/**
 * What each face of a primary die triggers (index 1..6; 0 unused).
 * R7: triggers resolve once and simultaneously: any number of reroll rules on
 * a face re-roll the die once; every extra rule on a face adds one die.
 */
export interface FaceTable {
  reroll: boolean[];
  extra: number[];
}

function emptyTable(): FaceTable {
  return { reroll: [false, false, false, false, false, false, false], extra: [0, 0, 0, 0, 0, 0, 0] };
}

function checkCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${String(n)}`);
}

function checkRule(rule: FaceRule, on: 'attack' | 'block', where: string): void {
  const extra = on === 'attack' ? 'extraAttack' : 'extraBlock';
  if (rule.on !== on || (rule.effect !== 'reroll' && rule.effect !== extra)) {
    throw new RangeError(`${where}: ${JSON.stringify(rule)} does not act on ${on} dice (expected on: '${on}', effect 'reroll' or '${extra}')`);
  }
  if (!Number.isInteger(rule.face) || rule.face < 1 || rule.face > 6) {
    throw new RangeError(`${where}: face ${String(rule.face)} is not a d6 face 1..6`);
  }
}

/** The attack dice's face table: attackRules plus Inspired! (R14: re-roll 6s). */
export function attackFaceTable(opts: Pick<AttackOptions, 'attackRules' | 'inspired'>): FaceTable {
  const t = emptyTable();
  for (const rule of opts.attackRules ?? []) {
    checkRule(rule, 'attack', 'attackRules');
    if (rule.effect === 'reroll') t.reroll[rule.face] = true;
    else t.extra[rule.face]++;
  }
  if (opts.inspired) t.reroll[FAIL_FACE] = true; // R14
  return t;
}

/** The block dice's face table (R16). */
export function blockFaceTable(rules: FaceRule[] | undefined): FaceTable {
  const t = emptyTable();
  for (const rule of rules ?? []) {
    checkRule(rule, 'block', 'blockRules');
    if (rule.effect === 'reroll') t.reroll[rule.face] = true;
    else t.extra[rule.face]++;
  }
  return t;
}

/**
 * Attack dice in the primary roll: dice + Outnumbered (R13) + Aimed! (R15).
 * The bonus dice are part of the Primary Roll, so face rules trigger on them too (R7).
 */
export function attackDiceCount(opts: AttackOptions): number {
  checkCount('dice', opts.dice);
  const outBonus = opts.outnumberedBonus ?? 1;
  const aimBonus = opts.aimedBonus ?? 1;
  checkCount('outnumberedBonus', outBonus);
  checkCount('aimedBonus', aimBonus);
  return opts.dice + (opts.outnumbered ? outBonus : 0) + (opts.aimed ? aimBonus : 0);
}

/** Block dice in the primary block roll: Defense or Evasion + Obscured (R22). */
export function blockDiceCount(opts: { blockDice: number; obscured?: boolean }): number {
  checkCount('blockDice', opts.blockDice);
  return opts.blockDice + (opts.obscured ? 1 : 0);
}

interface Pool {
  rolls: number[];
  rerolls: Reroll[];
  extra: number[];
  final: number[];
}

/**
 * One pool of dice with its face triggers (R7). Draw order, which scripted
 * dice follow: the primary roll, then the re-rolls by die index, then the
 * extra dice by die index (for each die, one per matching extra rule).
 */
function rollPool(dice: Dice, n: number, t: FaceTable): Pool {
  const rolls: number[] = [];
  for (let i = 0; i < n; i++) rolls.push(dice.d6());
  const final = rolls.slice();
  const rerolls: Reroll[] = [];
  for (let i = 0; i < n; i++) {
    if (t.reroll[rolls[i]]) {
      final[i] = dice.d6();
      rerolls.push({ index: i, from: rolls[i], to: final[i] });
    }
  }
  // Extra dice trigger on the primary result, even when that die was also re-rolled
  // (the rules' Relentless Blows + Parry example), and trigger nothing themselves.
  const extra: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let k = t.extra[rolls[i]]; k > 0; k--) extra.push(dice.d6());
  }
  for (const e of extra) final.push(e);
  return { rolls, rerolls, extra, final };
}

/** R7: the lowest non-6 results, at most `hitCap` of them, ascending. */
export function chooseHits(results: number[], hitCap: number): number[] {
  const hits = results.filter((r) => r !== FAIL_FACE).sort((a, b) => a - b);
  return hits.length > hitCap ? hits.slice(0, hitCap) : hits;
}

/**
 * R8: each non-6 block negates one hit of equal or higher value; the number
 * negated is the maximum matching. Greedy over hits in ascending order, each
 * taking the smallest unused block ≤ it, is maximal: when the smallest unused
 * block exceeds a hit, no unused block can negate that hit, and a smaller
 * block can always stand in for a larger one on a later (higher) hit.
 */
export function blockHits(hits: number[], blocks: number[]): { blocked: { block: number; hit: number }[]; wounds: number } {
  const hs = hits.slice().sort((a, b) => a - b);
  const bs = blocks.filter((b) => b !== FAIL_FACE).sort((a, b) => a - b); // R6
  const blocked: { block: number; hit: number }[] = [];
  let j = 0;
  for (const h of hs) {
    if (j < bs.length && bs[j] <= h) blocked.push({ block: bs[j++], hit: h });
  }
  return { blocked, wounds: hs.length - blocked.length };
}

function blockAndRecord(dice: Dice, hits: number[], blockN: number, blockTable: FaceTable, attack: Pool, counter: { n: number }): AttackRecord {
  const block = rollPool(dice, blockN, blockTable);
  const { blocked, wounds } = blockHits(hits, block.final);
  return {
    attackRolls: attack.rolls,
    rerolls: attack.rerolls,
    extraAttackRolls: attack.extra,
    finalAttack: attack.final,
    hits,
    blockRolls: block.rolls,
    blockRerolls: block.rerolls,
    extraBlockRolls: block.extra,
    finalBlock: block.final,
    blocked,
    wounds,
    diceRolled: counter.n,
  };
}

/** Wraps a Dice to count rolls without trusting the source to count. */
function counting(dice: Dice): { dice: Dice; counter: { n: number } } {
  const counter = { n: 0 };
  return {
    counter,
    dice: {
      d6(): number {
        counter.n++;
        return dice.d6();
      },
    },
  };
}

/**
 * The Attack Sequence for a Clash or a Volley (R6–R8, R13–R16, R22): roll,
 * re-roll and add dice once, take the lowest non-6 results up to hitCap as
 * hits, roll blocks with their own triggers, negate by maximum matching.
 * Dice are drawn: attack primary, attack re-rolls, extra attacks, block
 * primary, block re-rolls, extra blocks (each in die order). Blocks are rolled
 * even against no hits, so the number of dice drawn depends only on the faces.
 */
export function rollAttack(dice: Dice, opts: AttackOptions): AttackRecord {
  const n = attackDiceCount(opts);
  checkCount('hitCap', opts.hitCap);
  const blockN = blockDiceCount(opts);
  const attackTable = attackFaceTable(opts);
  const blockTable = blockFaceTable(opts.blockRules); // validated before any die is rolled
  const c = counting(dice);
  const attack = rollPool(c.dice, n, attackTable);
  const hits = chooseHits(attack.final, opts.hitCap);
  return blockAndRecord(c.dice, hits, blockN, blockTable, attack, c.counter);
}

/**
 * "A rule inflicts X hits" (Impact X, R16): roll X dice, 6s are discarded, the
 * rest are hits, then blocks as usual. No hit cap, and no attack face rules:
 * rules that simply inflict hits ignore the basic action's rules.
 */
export function rollHits(dice: Dice, opts: { hits: number; blockDice: number; blockRules?: FaceRule[]; obscured?: boolean }): AttackRecord {
  checkCount('hits', opts.hits);
  const blockN = blockDiceCount(opts);
  const blockTable = blockFaceTable(opts.blockRules);
  const c = counting(dice);
  const attack = rollPool(c.dice, opts.hits, emptyTable());
  const hits = chooseHits(attack.final, opts.hits);
  return blockAndRecord(c.dice, hits, blockN, blockTable, attack, c.counter);
}

/**
 * A Resolve test (R9–R11), taken when Wound markers reach Wounds.
 * `markers` is the number of Wound markers at the time of the test.
 * R10 Overkill (default on): −1 Resolve per marker beyond Wounds.
 * R11: a Broken! warrior fails without rolling; so does effective Resolve ≤ 0
 * (no d6 could pass it, so no die is drawn). Otherwise pass on roll ≤ effective Resolve.
 */
export function resolveTest(dice: Dice, opts: { markers: number; wounds: number; resolve: number; broken: boolean; overkill?: boolean }): ResolveResult {
  checkCount('markers', opts.markers);
  if (!Number.isInteger(opts.wounds) || opts.wounds < 1) throw new RangeError(`wounds must be a whole number ≥ 1, got ${String(opts.wounds)}`);
  if (!Number.isInteger(opts.resolve)) throw new RangeError(`resolve must be a whole number, got ${String(opts.resolve)}`);
  if (opts.markers < opts.wounds) {
    throw new RangeError(`no Resolve test is due: ${opts.markers} Wound markers, Wounds ${opts.wounds} (R9)`);
  }
  const overkill = opts.overkill ?? true;
  const effectiveResolve = opts.resolve - (overkill ? opts.markers - opts.wounds : 0);
  if (opts.broken || effectiveResolve <= 0) {
    return { roll: null, effectiveResolve, outcome: 'slain', markersAfter: opts.markers };
  }
  const roll = dice.d6();
  return roll <= effectiveResolve ? { roll, effectiveResolve, outcome: 'broken', markersAfter: opts.wounds - 1 } : { roll, effectiveResolve, outcome: 'slain', markersAfter: opts.markers };
}

/**
 * A prepared attack for the engine's hot path: `rollWounds` draws exactly the
 * same dice in the same order as `rollAttack` with these options (so both give
 * the same wounds from the same stream) but allocates nothing per call.
 * For "inflicts X hits" use `compileHits`.
 */
export interface CompiledAttack {
  readonly n: number;
  readonly hitCap: number;
  readonly blockN: number;
  readonly attack: FaceTable;
  readonly block: FaceTable;
  /** Scratch space: primary faces, and counts per face (1..6). Not re-entrant. */
  readonly faces: Int32Array;
  readonly counts: Int32Array;
  readonly blockCounts: Int32Array;
}

export function compileAttack(opts: AttackOptions): CompiledAttack {
  const n = attackDiceCount(opts);
  checkCount('hitCap', opts.hitCap);
  const blockN = blockDiceCount(opts);
  return {
    n,
    hitCap: opts.hitCap,
    blockN,
    attack: attackFaceTable(opts),
    block: blockFaceTable(opts.blockRules),
    faces: new Int32Array(Math.max(n, blockN, 1)),
    counts: new Int32Array(7),
    blockCounts: new Int32Array(7),
  };
}

/** Impact X and other inflicted hits (R16) as a compiled attack: X dice, no cap, no attack rules. */
export function compileHits(opts: { hits: number; blockDice: number; blockRules?: FaceRule[]; obscured?: boolean }): CompiledAttack {
  return compileAttack({ dice: opts.hits, hitCap: opts.hits, blockDice: opts.blockDice, blockRules: opts.blockRules, obscured: opts.obscured });
}

/** Counts per face of a pool after its triggers, same draw order as rollPool. */
function rollPoolCounts(dice: Dice, n: number, t: FaceTable, faces: Int32Array, counts: Int32Array): void {
  counts.fill(0);
  for (let i = 0; i < n; i++) faces[i] = dice.d6();
  for (let i = 0; i < n; i++) {
    const f = faces[i];
    counts[t.reroll[f] ? dice.d6() : f]++;
  }
  for (let i = 0; i < n; i++) {
    for (let k = t.extra[faces[i]]; k > 0; k--) counts[dice.d6()]++;
  }
}

/** Wounds from one attack, no record (see CompiledAttack). */
export function rollWounds(dice: Dice, c: CompiledAttack): number {
  const counts = c.counts;
  rollPoolCounts(dice, c.n, c.attack, c.faces, counts);
  // R7: hits are the lowest non-6 results up to the cap: turn counts into hit counts.
  let cap = c.hitCap;
  let totalHits = 0;
  for (let v = 1; v < FAIL_FACE; v++) {
    const h = counts[v] < cap ? counts[v] : cap;
    counts[v] = h;
    cap -= h;
    totalHits += h;
  }
  // Blocks are rolled even against no hits, as rollAttack does: both draw the same dice.
  const blocks = c.blockCounts;
  rollPoolCounts(dice, c.blockN, c.block, c.faces, blocks);
  if (totalHits === 0) return 0;
  // R8: the unblocked hits of a maximum matching = max over v of (hits ≤ v − blocks ≤ v), at least 0.
  let hitsUpTo = 0;
  let blocksUpTo = 0;
  let wounds = 0;
  for (let v = 1; v < FAIL_FACE; v++) {
    hitsUpTo += counts[v];
    blocksUpTo += blocks[v];
    if (hitsUpTo - blocksUpTo > wounds) wounds = hitsUpTo - blocksUpTo;
  }
  return wounds;
}
