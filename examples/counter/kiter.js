// A counter-strategy plugin bot for skirmish-lab (docs/BOTS.md):
// the kiter. Shooters keep out of the enemy's Charge reach and shoot: each
// activation a shooter Volleys (Taking Aim when it need not move) the best
// exact-odds target in range from where it stands if no enemy could Charge it
// there before it acts again; otherwise it Marches to the place out of every
// enemy's reach, among those its March can end at, that keeps a target in
// Barrage range (with none, the one farthest out of reach), then Volleys if
// it can. The others screen: they stand between their shooter and the enemy
// nearest it, Charge only an enemy already engaged or one a Charge would
// likely slay or break (exact odds), and fight back when engaged; with no
// shooter left they go for the nearest enemy. Objectives are ignored, but for
// a scoring place a screen stands in and its side needs it in: it holds. Broken!
// warriors rally; deployment, Reinforcements, Command Cards, Command
// Abilities and Duels are balanced's.
//   skirmish play ... --policy-a ./examples/counter/kiter.js --narrate
import {
  advanceTo,
  attackOdds,
  attackValue,
  bestClash,
  bestVolley,
  chargeLands,
  clashAt,
  engaged,
  getPolicy,
  legalChargeTargets,
  moveEnd,
  mustHold,
  nearestFoe,
  objectives,
  rally,
  statNow,
} from 'skirmish-lab';

/** Directions and shares of the March allowance a shooter weighs (the place where it stands is weighed too). */
const DIRS = 16;
const SHARES = [1, 0.5];
/** A Charge "likely" slays or breaks at this P(slain) + P(Broken!). */
const LIKELY = 0.5;
/** The screen stands this far in front of its shooter (edge to edge), towards the enemy. */
const SCREEN = 3;

/**
 * How far enemy e could reach with a Charge before w acts again: a March and
 * a repeat (halved) March, the Charge, and Engagement Range (R17, R18); -1
 * for one that cannot Charge (Broken!, Engaged, not on the table).
 */
function chargeReach(s, e) {
  if (e.status !== 'table' || e.broken || engaged(s, e)) return -1;
  const m = statNow(s, e, 'march');
  return m + Math.ceil(m * s.match.ruleset.repeatMarchFraction) + s.match.ruleset.engagementRange;
}

/** The enemies on the table as plain numbers, read once a decision (the view's state is a read-only proxy, slow to walk). */
function foes(s, w) {
  const out = [];
  for (const e of s.warriors) if (e.status === 'table' && e.player !== w.player) out.push({ x: e.x, y: e.y, r: e.r + w.r, reach: chargeReach(s, e) });
  return out;
}

/** At (x, y): by how much w is out of every enemy's Charge reach (edge to edge; positive: safe), the nearest enemy's gap, whether one is in Barrage range. */
function placeAt(fs, range, x, y, to) {
  let margin = Infinity;
  let near = Infinity;
  for (const f of fs) {
    const gap = Math.hypot(f.x - x, f.y - y) - f.r;
    if (gap < near) near = gap;
    if (f.reach >= 0 && gap - f.reach < margin) margin = gap - f.reach;
  }
  return { x, y, to, margin, near, target: near <= range };
}

/**
 * The places a March of w can end at (its allowance now, by the engine's
 * own walk), with their margin and whether a target is in range; the place
 * where it stands first.
 */
function places(s, w, fs, allowance) {
  const range = w.profile.barrage.range;
  const out = [placeAt(fs, range, w.x, w.y, null)];
  const { width, height } = s.match.table;
  for (let k = 0; k < DIRS; k++) {
    const ux = Math.cos((2 * Math.PI * k) / DIRS);
    const uy = Math.sin((2 * Math.PI * k) / DIRS);
    for (const share of SHARES) {
      const x = Math.min(Math.max(w.x + ux * allowance * share, w.r), width - w.r);
      const y = Math.min(Math.max(w.y + uy * allowance * share, w.r), height - w.r);
      const end = moveEnd(s, w, x, y, allowance);
      if (end.travelled < 0.25) continue;
      out.push(placeAt(fs, range, end.x, end.y, { x, y }));
    }
  }
  return out;
}

/**
 * Where a shooter goes: a safe place with a target, the one farthest out of
 * reach; else (standing safe) the safe place nearest the enemy; else the
 * place farthest out of reach. Null: stay.
 */
function kitePlace(s, w, fs, allowance) {
  const ps = places(s, w, fs, allowance);
  const here = ps[0];
  const pick = (xs, better) => xs.reduce((b, p) => (b === null || better(p, b) ? p : b), null);
  const safe = ps.filter((p) => p.margin > 0);
  const shoot = pick(
    safe.filter((p) => p.target),
    (p, b) => p.margin > b.margin,
  );
  if (shoot) return shoot;
  if (here.margin > 0) return pick(safe, (p, b) => p.near < b.near);
  return pick(ps, (p, b) => p.margin > b.margin);
}

/** The factory: options arrive as strings from `path.js:key=value,...`. */
export default function kiter(options = {}) {
  for (const key of Object.keys(options)) throw new Error(`unknown option "${key}" (kiter takes no options)`);
  const base = getPolicy('balanced');

  function shooter(s, w, d, a, say) {
    const label = (t) => `${s.warriors[t].profile.name}#${t}`;
    const v = d.legal.includes('volley') ? bestVolley(s, w, a.aimed, () => 0) : null;
    const fs = foes(s, w);
    const here = placeAt(fs, w.profile.barrage.range, w.x, w.y, null);
    const safe = here.margin > 0;
    if (v && safe) {
      if (d.legal.includes('takeAim') && !a.aimed && a.actionsLeft >= 2) {
        say('out of Charge reach: take aim');
        return { type: 'takeAim' };
      }
      say(`volley ${label(v.target)} from out of Charge reach, P(slain) ${v.slain.toFixed(2)}`);
      return { type: 'volley', target: v.target };
    }
    // Far from every enemy (no March can end in reach or in range): straight at the nearest, no places weighed.
    if (d.legal.includes('march') && here.margin > d.marchAllowance && here.near > d.marchAllowance + w.profile.barrage.range) {
      const f = nearestFoe(s, w);
      const m = f && advanceTo(s, w, f.foe.x, f.foe.y, d.marchAllowance);
      if (m && Math.hypot(m.x - w.x, m.y - w.y) > 0.05) {
        say(`far out of reach: march at ${f.foe.profile.name}#${f.foe.id}`);
        return m;
      }
    }
    if (d.legal.includes('march')) {
      const p = kitePlace(s, w, fs, d.marchAllowance);
      // With no place out of reach, a shot is worth more than a step that still ends in reach.
      if (p && p.to && !(v && p.margin <= 0)) {
        say(`${safe ? 'close in' : 'keep out of Charge reach'} to (${p.x.toFixed(1)}, ${p.y.toFixed(1)}), ${p.margin.toFixed(1)}" out of reach${p.target ? ', a target in range' : ''}`);
        return { type: 'march', x: p.to.x, y: p.to.y };
      }
    }
    if (v) {
      say(`volley ${label(v.target)}, no place out of reach`);
      return { type: 'volley', target: v.target };
    }
    return { type: 'end' };
  }

  function screen(s, w, d, a, say) {
    if (d.legal.includes('charge') && a.actionsLeft >= 2) {
      let best = null;
      for (const t of legalChargeTargets(s, w)) {
        if (t < 0 || !chargeLands(s, w, t)) continue;
        const e = s.warriors[t];
        const odds = attackOdds(s, w, e, { action: 'clash', inspired: true });
        if (!engaged(s, e) && odds.slain + odds.broken < LIKELY) continue;
        const value = attackValue(s, odds, e);
        if (!best || value > best.value) best = { target: t, value, odds };
      }
      if (best) {
        say(`charge ${s.warriors[best.target].profile.name}#${best.target}, P(slain) ${best.odds.slain.toFixed(2)}, P(Broken!) ${best.odds.broken.toFixed(2)}`);
        return { type: 'charge', target: best.target };
      }
    }
    if (!d.legal.includes('march') || a.marches > 0) return { type: 'end' };
    // The one objective a kiter minds: a scoring place it stands in and its side needs it in.
    const held = objectives(s).find((o) => o.friendlyTo !== w.player && mustHold(w, o, w.player, 1));
    if (held) {
      say(`hold the ${held.kind} it stands in`);
      return { type: 'end' };
    }
    // The shooter nearest w, and the enemy nearest that shooter: stand between them.
    let ward = null;
    for (const f of s.warriors) {
      if (f.status !== 'table' || f.player !== w.player || !f.profile.barrage) continue;
      if (!ward || Math.hypot(f.x - w.x, f.y - w.y) < Math.hypot(ward.x - w.x, ward.y - w.y)) ward = f;
    }
    const foe = nearestFoe(s, ward ?? w)?.foe;
    if (!foe) return { type: 'end' };
    let tx = foe.x;
    let ty = foe.y;
    if (ward) {
      const dist = Math.hypot(foe.x - ward.x, foe.y - ward.y);
      const k = Math.min(ward.r + w.r + SCREEN, dist / 2) / dist;
      tx = ward.x + (foe.x - ward.x) * k;
      ty = ward.y + (foe.y - ward.y) * k;
    }
    if (Math.hypot(tx - w.x, ty - w.y) < 1) return { type: 'end' };
    const m = advanceTo(s, w, tx, ty, d.marchAllowance);
    if (Math.hypot(m.x - w.x, m.y - w.y) <= 0.05) return { type: 'end' };
    say(ward ? `screen ${ward.profile.name}#${ward.id} from ${foe.profile.name}#${foe.id}` : `no shooter left: march at ${foe.profile.name}#${foe.id}`);
    return m;
  }

  function action(view, d, rng) {
    const s = view.state;
    const w = s.warriors[d.warrior];
    const a = s.activation;
    const say = (r) => view.explain?.(`kiter: ${r}`);
    const r = rally(w, d.legal, say);
    if (r) return r;
    if (w.status === 'reserve') return base.choose(view, d, rng).action;
    // Engaged: fight back where it stands — Inspire, then every Attack on the best target by exact odds.
    if (d.engaged) {
      if (!d.legal.includes('clash')) return { type: 'end' };
      if (d.legal.includes('inspire') && !a.inspired && a.actionsLeft >= 2) return { type: 'inspire' };
      const c = bestClash(s, w, a.inspired, () => 0);
      if (!c) return { type: 'end' };
      return clashAt(s, c, statNow(s, w, 'attacks'), say);
    }
    return w.profile.barrage ? shooter(s, w, d, a, say) : screen(s, w, d, a, say);
  }

  return {
    name: 'kiter',
    choose(view, d, rng) {
      if (d.kind === 'action') return { kind: 'action', action: action(view, d, rng) };
      return base.choose(view, d, rng);
    },
  };
}
