// A counter-strategy plugin bot for skirmish-lab (docs/BOTS.md):
// the turtle. It never leaves its deployment zone and only shoots: shooters
// Take Aim and Volley the best exact-odds target, step forward inside the zone
// when nothing is in range, and hold; the others hold. Anyone charged fights
// back where it stands, never stepping out of the fight (a turtle that let
// itself be cut down would be a broken one, not a strong one); Broken!
// warriors rally. Deployment, Command Cards and Command Abilities are
// balanced's; Reinforcements enter towards the zone.
//   skirmish play ... --policy-a ./examples/counter/turtle.js --narrate
//   skirmish tournament --policies balanced,./examples/counter/turtle.js --scenarios annihilation ...
import { bestClash, bestVolley, clashAt, distanceTo, getPolicy, nearestFoe, rally, statNow } from 'skirmish-lab';

/** Whether (x, y) is inside the polygon (ray casting). */
function inside(poly, x, y) {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

/** Distance from (x, y) to the segment a–b. */
function segmentDistance(a, b, x, y) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2));
  return Math.hypot(a.x + t * dx - x, a.y + t * dy - y);
}

/** Whether a base of radius r at (x, y) lies wholly within one of the zone's polygons (a little margin for rounding). */
function withinZone(zone, x, y, r) {
  for (const poly of zone) {
    if (!inside(poly, x, y)) continue;
    let edge = Infinity;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) edge = Math.min(edge, segmentDistance(poly[j], poly[i], x, y));
    if (edge >= r + 0.05) return true;
  }
  return false;
}

/** The centre of the zone's largest polygon (by its box): where Reinforcements head. */
function zoneCentre(zone) {
  let best = null;
  for (const poly of zone) {
    const xs = poly.map((p) => p.x);
    const ys = poly.map((p) => p.y);
    const area = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    if (!best || area > best.area) best = { area, x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2 };
  }
  return best;
}

/**
 * The farthest point towards (tx, ty), up to `dist`, where w's base stays
 * wholly within the zone (the straight way between two points of a convex
 * zone stays in it); null when no step forward does.
 */
function stepWithin(zone, w, tx, ty, dist) {
  const d = distanceTo(w, tx, ty);
  if (d < 1e-6) return null;
  const ux = (tx - w.x) / d;
  const uy = (ty - w.y) / d;
  for (let k = 8; k >= 1; k--) {
    const step = (Math.min(dist, d) * k) / 8;
    if (step < 0.25) break;
    const x = w.x + ux * step;
    const y = w.y + uy * step;
    if (withinZone(zone, x, y, w.r)) return { x, y };
  }
  return null;
}

/** The factory: options arrive as strings from `path.js:key=value,...`. */
export default function turtle(options = {}) {
  for (const key of Object.keys(options)) if (key !== 'step') throw new Error(`unknown option "${key}" (options: step)`);
  // step=0: shooters never move, not even inside the zone.
  const step = Number(options.step ?? 1);
  if (step !== 0 && step !== 1) throw new Error(`step expects 0 or 1, got "${options.step}"`);
  const base = getPolicy('balanced');

  function action(view, d, rng) {
    const s = view.state;
    const w = s.warriors[d.warrior];
    const a = s.activation;
    const me = d.player;
    const zone = s.match.deploymentZones[me];
    const say = (r) => view.explain?.(`turtle: ${r}`);
    const r = rally(w, d.legal, say);
    if (r) return r;
    // Reinforcements enter where balanced would, then head for the zone.
    if (w.status === 'reserve') {
      const c = base.choose(view, { ...d }, rng);
      if (c.action.type !== 'enter') return c.action;
      const to = zoneCentre(zone);
      say('enter towards the deployment zone');
      return { ...c.action, x: to.x, y: to.y };
    }
    // Charged: fight back where it stands — Inspire, then every Attack on the best target by exact odds.
    if (d.engaged) {
      if (!d.legal.includes('clash')) return { type: 'end' };
      if (d.legal.includes('inspire') && !a.inspired && a.actionsLeft >= 2) return { type: 'inspire' };
      const c = bestClash(s, w, a.inspired, () => 0);
      if (!c) return { type: 'end' };
      return clashAt(s, c, statNow(s, w, 'attacks'), say);
    }
    if (!withinZone(zone, w.x, w.y, w.r)) {
      // Outside only after entering from Reinforcements: back to the zone, shooting first.
      const v = d.legal.includes('volley') ? bestVolley(s, w, a.aimed, () => 0) : null;
      if (v) return { type: 'volley', target: v.target };
      if (d.legal.includes('march')) {
        const to = zoneCentre(zone);
        say('to the deployment zone');
        return { type: 'march', x: to.x, y: to.y };
      }
      return { type: 'end' };
    }
    if (w.profile.barrage && d.legal.includes('volley')) {
      const v = bestVolley(s, w, a.aimed, () => 0);
      if (v) {
        if (d.legal.includes('takeAim') && !a.aimed && a.actionsLeft >= 2) {
          say('take aim: +1 Barrage');
          return { type: 'takeAim' };
        }
        say(`volley ${s.warriors[v.target].profile.name}#${v.target}, P(slain) ${v.slain.toFixed(2)}`);
        return { type: 'volley', target: v.target };
      }
      // Nothing in range: one step towards the nearest enemy, staying wholly in the zone (the second action may shoot).
      if (step && a.marches === 0 && d.legal.includes('march')) {
        const f = nearestFoe(s, w);
        const to = f && stepWithin(zone, w, f.foe.x, f.foe.y, d.marchAllowance);
        if (to) {
          say(`step towards ${f.foe.profile.name}#${f.foe.id}, inside the deployment zone`);
          return { type: 'march', x: to.x, y: to.y };
        }
      }
    }
    say('hold');
    return { type: 'end' };
  }

  return {
    name: 'turtle',
    choose(view, d, rng) {
      if (d.kind === 'action') return { kind: 'action', action: action(view, d, rng) };
      return base.choose(view, d, rng);
    },
  };
}
