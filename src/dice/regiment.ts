import { resolveTest, rollWounds, type CompiledAttack } from './attack.js';
import { inflictedWoundDistribution, woundDistribution, type TargetOutcome } from './exact.js';
import type { AttackOptions, Dice } from './types.js';

/*
 * Regiment-level odds: N warriors of one profile attack one target in turn.
 *
 * The attacks happen in order, each a whole Attack Sequence (R6–R8) followed,
 * when markers reach Wounds, by its Resolve test (R9–R11), exactly as the
 * engine's sufferWounds does after each attack:
 * - markers carry over from one attack to the next;
 * - a passed test leaves Wounds − 1 markers and the target Broken! (R9); it
 *   stays Broken!, so the next time markers reach Wounds it fails without a
 *   roll (R11);
 * - Overkill counts the markers beyond Wounds at that test only (R10): the
 *   wounds of one attack past Wounds lower Resolve, those of earlier attacks
 *   were already reset by the pass;
 * - once the target is slain the remaining attacks are not made.
 * With Impact X (R16) each warrior's Charge inflicts X hits before its attack,
 * a separate attack with its own Resolve test. Driven Back (R12) is movement
 * and is not modelled: every warrior is assumed to reach the target.
 *
 * The total wounds distribution is the damage the regiment deals: the sum of
 * every attack's unblocked hits (a convolution), as if the target stood for
 * all of them. P(slain) and the other outcomes follow the sequence above.
 */

/** The distribution of a sum of independent counts, each given as P(k) at index k. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  }
  return out;
}

/** The target as the sequence sees it (R9–R11). */
export interface TargetState {
  wounds: number;
  resolve: number;
  /** Wound markers already on the target, fewer than `wounds` (default 0). */
  markers?: number;
  /** Already Broken!: fails every Resolve test (R11). */
  broken?: boolean;
  /** R10, default on. */
  overkill?: boolean;
}

/**
 * The target's fate after attacks made in order, each given by its wound
 * distribution. `broken` here means made Broken! by these attacks and still
 * standing; `woundedOnly` took at least one wound and was neither slain nor
 * made Broken!; `unharmed` took no wound. For one attack this is targetOutcome.
 */
export function sequenceOutcome(attacks: readonly (readonly number[])[], target: TargetState): TargetOutcome {
  const W = target.wounds;
  const m0 = target.markers ?? 0;
  if (!Number.isInteger(W) || W < 1) throw new RangeError(`wounds must be a whole number ≥ 1, got ${String(W)}`);
  if (!Number.isInteger(target.resolve)) throw new RangeError(`resolve must be a whole number, got ${String(target.resolve)}`);
  if (!Number.isInteger(m0) || m0 < 0 || m0 >= W) throw new RangeError(`markers must be a whole number from 0 to wounds − 1 (${W - 1}), got ${String(m0)}`);
  const overkill = target.overkill ?? true;
  const startBroken = target.broken ?? false;
  // Alive states: markers m (0..W−1) × made Broken! here (0/1) × wounded (0/1).
  const idx = (m: number, made: number, hurt: number): number => (m * 2 + made) * 2 + hurt;
  let alive = new Float64Array(W * 4);
  alive[idx(m0, 0, 0)] = 1;
  let slain = 0;
  for (const dist of attacks) {
    const next = new Float64Array(W * 4);
    for (let m = 0; m < W; m++)
      for (let made = 0; made < 2; made++)
        for (let hurt = 0; hurt < 2; hurt++) {
          const p = alive[idx(m, made, hurt)];
          if (p === 0) continue;
          next[idx(m, made, hurt)] += p * (dist[0] ?? 0);
          const broken = startBroken || made === 1;
          for (let k = 1; k < dist.length; k++) {
            const q = p * dist[k];
            if (q === 0) continue;
            const markers = m + k;
            if (markers < W) {
              next[idx(markers, made, 1)] += q;
              continue;
            }
            const effective = target.resolve - (overkill ? markers - W : 0); // R10
            const pass = broken ? 0 : Math.min(6, Math.max(0, effective)) / 6; // R11
            slain += q * (1 - pass);
            next[idx(W - 1, 1, 1)] += q * pass; // R9: Wounds − 1 markers, Broken!
          }
        }
    alive = next;
  }
  const out: TargetOutcome = { slain, broken: 0, unharmed: 0, woundedOnly: 0 };
  for (let m = 0; m < W; m++) {
    out.broken += alive[idx(m, 1, 1)];
    out.woundedOnly += alive[idx(m, 0, 1)];
    out.unharmed += alive[idx(m, 0, 0)];
  }
  return out;
}

/** N warriors of one profile attacking one target (see the comment at the top). */
export interface RegimentAttack {
  attack: AttackOptions;
  /** How many warriors attack in turn, 1 or more. */
  warriors: number;
  /** Impact X (R16): hits each warrior's Charge inflicts before its attack (default 0). */
  impact?: number;
}

/** The wound distributions of every attack the regiment makes, in order. */
export function regimentAttacks(r: RegimentAttack): number[][] {
  if (!Number.isInteger(r.warriors) || r.warriors < 1) throw new RangeError(`warriors must be a whole number ≥ 1, got ${String(r.warriors)}`);
  const impact = r.impact ?? 0;
  if (!Number.isInteger(impact) || impact < 0) throw new RangeError(`impact must be a whole number ≥ 0, got ${String(impact)}`);
  const main = woundDistribution(r.attack);
  // Impact hits are blocked with the target's block dice and rules, never Obscured (the engine's inflictHits).
  const impactDist = impact > 0 ? inflictedWoundDistribution({ hits: impact, blockDice: r.attack.blockDice, blockRules: r.attack.blockRules }) : null;
  const out: number[][] = [];
  for (let i = 0; i < r.warriors; i++) {
    if (impactDist) out.push(impactDist);
    out.push(main);
  }
  return out;
}

/** P(exactly k wounds in total) at index k: every attack's wounds added up. */
export function regimentWoundDistribution(r: RegimentAttack): number[] {
  return regimentAttacks(r).reduce<number[]>((acc, d) => convolve(acc, d), [1]);
}

/** The target's fate after the whole regiment has attacked (see sequenceOutcome). */
export function regimentOutcome(r: RegimentAttack & { target: TargetState }): TargetOutcome {
  return sequenceOutcome(regimentAttacks(r), r.target);
}

/** One rolled regiment attack: the wounds of every attack added up, and the target's fate (null without a target). */
export interface RegimentRoll {
  wounds: number;
  fate: keyof TargetOutcome | null;
}

/**
 * One roll of what regimentWoundDistribution and regimentOutcome compute
 * exactly (the sequence at the top of this file, without Impact): `warriors`
 * attacks rolled in turn with rollWounds, each followed by its Resolve test
 * (resolveTest) when the target's markers reach Wounds. Every attack's wounds
 * count in `wounds`, as the exact total does; once the target is slain no
 * more tests are rolled. Monte Carlo checks of the exact odds call this.
 */
export function rollRegiment(dice: Dice, attack: CompiledAttack, warriors: number, target?: TargetState): RegimentRoll {
  let wounds = 0;
  let markers = target?.markers ?? 0;
  let broken = target?.broken ?? false;
  let madeBroken = false;
  let slain = false;
  for (let n = 0; n < warriors; n++) {
    const w = rollWounds(dice, attack);
    wounds += w;
    if (!target || slain || w === 0) continue;
    markers += w;
    if (markers < target.wounds) continue;
    const r = resolveTest(dice, { markers, wounds: target.wounds, resolve: target.resolve, broken, overkill: target.overkill });
    if (r.outcome === 'slain') slain = true;
    else {
      markers = r.markersAfter;
      broken = madeBroken = true;
    }
  }
  const fate = !target ? null : slain ? 'slain' : madeBroken ? 'broken' : wounds > 0 ? 'woundedOnly' : 'unharmed';
  return { wounds, fate };
}
