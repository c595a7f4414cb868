/**
 * What a warrior is worth to the bots: what it can do, never what it costs.
 * From the two armies' profiles alone, by exact odds (src/dice, through the
 * engine's own attack options): how much of an average enemy warrior its best
 * attack removes and how many of the enemy's attacks it takes to remove it,
 * their geometric mean (the square root of the enemy warriors it is expected
 * to remove before it falls: fighting strength adds up that way, Lanchester's
 * square law) scaled by WORTH_SCALE to a points-like number. A regiment is
 * worth the sum of its warriors. No cost is read (a warrior's or regiment's
 * points, a faction's prices): two lists of the same warriors are worth the
 * same whatever they cost, and the bots play them the same (docs/BOTS.md,
 * "What a warrior is worth").
 */
import { woundDistribution } from '../dice/index.js';
import { profileAttackOptions } from '../engine/index.js';
import type { GameState, Match, Warrior } from '../engine/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { Profile } from '../rules/index.js';

type State = Readonly<GameState>;

/**
 * Worth of a warrior expected to remove one average enemy warrior before it
 * falls. Calibrated once, offline (2026-12-03), so that the evaluation keeps
 * its balance between VP and kills: over the sample 400- and 800-point lists
 * (sims/armies), each army against each other faction's list of its size,
 * the sum of the warriors' points over the sum of their square roots of
 * enemies removed is 22.3 (so an army is worth about its points, on average).
 * The square root fits prices better than the plain count (the log of a
 * warrior's points against the log of its enemies removed: slope 0.57,
 * spread 0.32 around the square root, 0.49 around the count). Prices were
 * read for that fit only, once; nothing here reads one.
 */
export const WORTH_SCALE = 22;

/** The least a warrior is worth (one that can do nothing still seizes and blocks), before the scale. */
const FLOOR = 0.05;

/** Expected wounds of a's best attack on t (a Clash with all its Attacks, or a Volley), none of the game's abilities in force. */
function dealt(ruleset: Ruleset, a: Profile, t: Profile): number {
  let byTarget = DEALT.get(ruleset);
  if (byTarget === undefined) {
    byTarget = new WeakMap();
    DEALT.set(ruleset, byTarget);
  }
  let m = byTarget.get(a);
  if (m === undefined) {
    m = new WeakMap();
    byTarget.set(a, m);
  }
  let v = m.get(t);
  if (v === undefined) {
    // The engine's own attack options for the two profiles, no Command Ability in force.
    const spec = { outnumbered: false, inspired: false, aimed: false, obscured: false };
    v = mean(woundDistribution(profileAttackOptions(ruleset, a, t, { action: 'clash', dice: a.attacks, hitCap: a.clash, ...spec })));
    if (a.barrage) v = Math.max(v, mean(woundDistribution(profileAttackOptions(ruleset, a, t, { action: 'volley', dice: a.barrage.dice, hitCap: a.volley, ...spec }))));
    m.set(t, v);
  }
  return v;
}

/** Pair answers by ruleset, attacker's profile, target's profile (profiles are shared and never change). */
const DEALT = new WeakMap<Ruleset, WeakMap<Profile, WeakMap<Profile, number>>>();

function mean(dist: readonly number[]): number {
  let m = 0;
  for (let k = 1; k < dist.length; k++) m += k * dist[k];
  return m;
}

/** Wounds that remove a warrior: its Wounds, and one more when it passes its Resolve test and stays Broken! (R9–R11). */
function toughness(p: Profile): number {
  return p.wounds + Math.min(6, Math.max(0, p.resolve)) / 6;
}

/**
 * Each warrior's worth by id, once a game: a warrior's player and profile are
 * the Match's (fixed at the start, the same in every fork), so the answer is
 * the game's, whatever state asks.
 */
const WORTHS = new WeakMap<Match, Float64Array>();

function worths(s: State): Float64Array {
  let out = WORTHS.get(s.match);
  if (out !== undefined) return out;
  const ws = s.warriors;
  // The armies by profile, with how many warriors of each (a few profiles an army).
  const profiles: [Profile[], Profile[]] = [[], []];
  const counts: [number[], number[]] = [[], []];
  for (const w of ws) {
    const k = profiles[w.player].indexOf(w.profile);
    if (k < 0) {
      profiles[w.player].push(w.profile);
      counts[w.player].push(1);
    } else counts[w.player][k]++;
  }
  const byProfile: [number[], number[]] = [[], []];
  for (const p of [0, 1] as const) {
    const q = p === 0 ? 1 : 0;
    let n = 0;
    for (const c of counts[q]) n += c;
    for (const a of profiles[p]) {
      // Against the average enemy warrior: the share of one it removes an attack, the wounds it takes an attack.
      let removes = 0;
      let takes = 0;
      for (let j = 0; j < profiles[q].length; j++) {
        const e = profiles[q][j];
        removes += (counts[q][j] * Math.min(1, dealt(s.match.ruleset, a, e) / toughness(e))) / n;
        takes += (counts[q][j] * dealt(s.match.ruleset, e, a)) / n;
      }
      const lasts = toughness(a) / Math.max(takes, 0.01 * toughness(a));
      byProfile[p].push(n === 0 ? WORTH_SCALE : WORTH_SCALE * Math.max(FLOOR, Math.sqrt(removes * lasts)));
    }
  }
  out = new Float64Array(ws.length);
  for (const w of ws) out[w.id] = byProfile[w.player][profiles[w.player].indexOf(w.profile)];
  WORTHS.set(s.match, out);
  return out;
}

/** What warrior w is worth to the bots (points-like; docs/BOTS.md): from the two armies' profiles, never from a cost. */
export function warriorWorth(s: State, w: Warrior): number {
  return worths(s)[w.id];
}

/** A regiment's worth: the sum of its warriors' (every one it started with). */
export function regimentWorth(s: State, regiment: number): number {
  const all = worths(s);
  let v = 0;
  for (const id of s.regiments[regiment].warriors) v += all[id];
  return v;
}
