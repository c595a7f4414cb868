/**
 * Unique Actions from faction data (R40), valued in the evaluation's
 * currency: hits inflicted by their exact odds (`hitsOdds`), wounds healed
 * by what the Wound markers are worth, and a little more for the warrior's
 * better chance to survive the next attack.
 */
import { gap, uniqueAvailable, uniqueDef, uniqueTarget } from '../engine/index.js';
import type { Activation, GameState, Warrior } from '../engine/types.js';
import { warriorName } from './labels.js';
import { attackValue, DEFAULT_WEIGHTS, engaged, hitsOdds, type EvalWeights } from './toolkit.js';
import { warriorWorth } from './worth.js';

type State = Readonly<GameState>;

/** A Unique Action a script found: its name, target, worth and a reason. */
export interface UniquePick {
  name: string;
  target?: number;
  value: number;
  why: string;
}

/** A healed Wound marker is worth its share of the evaluation, and half as much again for surviving longer. */
const HEAL_SURVIVAL = 0.5;

/** The hits of an inflict-hits action on one target, worth by exact odds. */
function hitsValue(s: State, t: Warrior, hits: number, weights: Readonly<EvalWeights>): number {
  return attackValue(s, hitsOdds(s, t, hits), t, weights);
}

/**
 * The best Unique Action w may take now, or null: each one its activation
 * allows (uniqueAvailable), the best target for it (the engine then strikes
 * the nearest others, up to its maximum), or the most wounded friend in
 * range to heal.
 */
export function bestUnique(s: State, w: Warrior, a: Activation, weights: Readonly<EvalWeights> = DEFAULT_WEIGHTS): UniquePick | null {
  const names = w.profile.uniqueActions;
  if (names.length === 0) return null;
  const g = s;
  const isEngaged = engaged(s, w);
  let best: UniquePick | null = null;
  for (let i = 0; i < names.length; i++) {
    if (!uniqueAvailable(g, w, a, i, isEngaged)) continue;
    const d = uniqueDef(g, w, names[i]);
    if (!d) continue;
    const eff = d.effect;
    if (eff.kind === 'inflictHits') {
      // The engine's order: the named target, then the nearest (lowest id among equals).
      const ts = s.warriors.filter((e) => e.status === 'table' && uniqueTarget(g, w, e, eff)).sort((p, q) => gap(w, p) - gap(w, q) || p.id - q.id);
      if (ts.length === 0) continue;
      let first = ts[0];
      let firstV = -1;
      for (const t of ts) {
        const v = hitsValue(s, t, eff.hits, weights);
        if (v > firstV) {
          firstV = v;
          first = t;
        }
      }
      let value = firstV;
      let n = 1;
      for (const t of ts) {
        if (n >= eff.maxTargets) break;
        if (t === first) continue;
        value += hitsValue(s, t, eff.hits, weights);
        n++;
      }
      if (!best || value > best.value) {
        best = {
          name: d.name,
          target: first.id,
          value,
          why: `${d.name} ${warriorName(s, first.id)}${n > 1 ? ` and ${n - 1} more` : ''}, ${eff.hits} hit${eff.hits === 1 ? '' : 's'} each, worth ${value.toFixed(1)}`,
        };
      }
    } else {
      let pick: Warrior | null = null;
      let pickV = 0;
      for (const f of s.warriors) {
        if (f.status !== 'table' || f.player !== w.player || f.markers === 0) continue;
        if (f !== w && gap(w, f) > eff.range + 1e-9) continue;
        const healed = Math.min(eff.wounds, f.markers);
        const v = ((healed * warriorWorth(s, f)) / f.profile.wounds) * (weights.wounds + HEAL_SURVIVAL);
        if (v > pickV) {
          pickV = v;
          pick = f;
        }
      }
      if (pick && (!best || pickV > best.value)) {
        best = {
          name: d.name,
          target: pick === w ? undefined : pick.id,
          value: pickV,
          why: `${d.name} on ${warriorName(s, pick.id)} (${pick.markers} Wound marker${pick.markers === 1 ? '' : 's'}), worth ${pickV.toFixed(1)}`,
        };
      }
    }
  }
  return best;
}
