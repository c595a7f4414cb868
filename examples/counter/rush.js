// A counter-strategy plugin bot for skirmish-lab (docs/BOTS.md):
// the rush. Every warrior heads for the nearest scoring place (an Objective
// Zone or capture point it may score, the moving marker's circle) or enemy
// marker that still needs it, by the shortest way, and holds it: in a place
// its side out-weighs the enemy without it, it moves on to the next nearest.
// On the way it clears the enemies standing in its place (a Charge), attacks
// the markers it reaches, shoots what it can while holding, and fights back
// when engaged. With no scoring place left (annihilation) it rushes the
// nearest enemy. Deployment, Command Cards and Command Abilities are balanced's.
//   skirmish play ... --policy-a ./examples/counter/rush.js --narrate
import { advanceTo, bestCharge, bestClash, bestVolley, distanceTo, getPolicy, legalChargeTargets, mustHold, nearestFoe, objectives, rally, standsIn, statNow } from 'skirmish-lab';

const other = (p) => (p === 0 ? 1 : 0);

/** Markers worth attacking: standing, not ours, and destructible. */
function markerTargets(s, me) {
  const out = [];
  s.scenarioState.markers.forEach((m, i) => {
    if (!m.destroyed && m.friendlyTo !== me && m.behaviour === 'standard') out.push({ kind: 'marker', index: i, x: m.x, y: m.y, radius: m.r });
  });
  return out;
}

/** Scoring places: zones and points not friendly to us (ours score only for the enemy), the moving marker's circle. */
function places(s, me) {
  return objectives(s).filter((o) => o.friendlyTo !== me);
}

/** Whether o still needs w's weight: its side does not out-weigh the enemy there without w. */
function needs(o, w, me) {
  const mine = o.weight[me] - (standsIn(w, o) ? 1 : 0);
  return mine <= o.weight[other(me)];
}

/** The factory: options arrive as strings from `path.js:key=value,...`. */
export default function rush(options = {}) {
  for (const key of Object.keys(options)) throw new Error(`unknown option "${key}" (rush takes no options)`);
  const base = getPolicy('balanced');

  /** w's goal: the place it must hold, else the nearest place or marker that needs it, else the nearest place; null: none. */
  function goal(s, w, me) {
    const ps = places(s, me);
    for (const o of ps) if (mustHold(w, o, me, 1)) return { ...o, hold: true };
    let best = null;
    let bestD = Infinity;
    for (const o of ps) {
      if (!needs(o, w, me)) continue;
      const d = distanceTo(w, o.x, o.y) - o.radius;
      if (d < bestD) {
        bestD = d;
        best = o;
      }
    }
    for (const m of markerTargets(s, me)) {
      const d = distanceTo(w, m.x, m.y) - m.radius;
      if (d < bestD) {
        bestD = d;
        best = m;
      }
    }
    if (best) return { ...best, hold: false };
    // Every place already out-weighed by us: stay in one, or go to the nearest.
    for (const o of ps) if (standsIn(w, o)) return { ...o, hold: true };
    for (const o of ps) {
      const d = distanceTo(w, o.x, o.y) - o.radius;
      if (d < bestD) {
        bestD = d;
        best = o;
      }
    }
    return best ? { ...best, hold: false } : null;
  }

  function action(view, d, rng) {
    const s = view.state;
    const w = s.warriors[d.warrior];
    const a = s.activation;
    const me = d.player;
    const say = (r) => view.explain?.(`rush: ${r}`);
    const r = rally(w, d.legal, say);
    if (r) return r;
    if (w.status === 'reserve' || d.engaged) return base.choose(view, d, rng).action;
    const g = goal(s, w, me);
    const markerValue = (i) => (g && g.kind === 'marker' && g.index === i ? 1 : 0);
    // A marker in reach: attack it.
    if (d.legal.includes('clash')) {
      const m = bestClash(s, w, a.inspired, markerValue);
      if (m) {
        say(`clash marker ${s.scenarioState.markers[-1 - m.target].id}`);
        return { type: 'clash', split: [{ target: m.target, dice: statNow(s, w, 'attacks') }] };
      }
    }
    if (!g) {
      // Nothing to score: rush the nearest enemy.
      if (d.legal.includes('charge') && a.actionsLeft >= 2) {
        const c = bestCharge(s, w, () => 0);
        if (c) {
          say(`charge ${s.warriors[c.target].profile.name}#${c.target}`);
          return { type: 'charge', target: c.target };
        }
      }
      const f = nearestFoe(s, w);
      if (f && d.legal.includes('march')) {
        say(`march at ${f.foe.profile.name}#${f.foe.id}`);
        const m = advanceTo(s, w, f.foe.x, f.foe.y, d.marchAllowance);
        if (distanceTo(w, m.x, m.y) > 0.05) return m;
      }
      return { type: 'end' };
    }
    // Clear the goal: charge its marker, or an enemy standing in the place.
    if (d.legal.includes('charge') && a.actionsLeft >= 2) {
      for (const t of legalChargeTargets(s, w)) {
        const inGoal = t < 0 ? g.kind === 'marker' && -1 - t === g.index : g.kind !== 'marker' && standsIn(s.warriors[t], g);
        if (inGoal) {
          say(`charge ${t < 0 ? 'the marker' : `${s.warriors[t].profile.name}#${t}`} in the goal`);
          return { type: 'charge', target: t };
        }
      }
    }
    const there = g.kind === 'marker' ? false : standsIn(w, g);
    if (g.hold || there) {
      // Holding: shoot from where it stands.
      if (w.profile.barrage && d.legal.includes('volley')) {
        const v = bestVolley(s, w, a.aimed, () => 0);
        if (v) {
          if (d.legal.includes('takeAim') && !a.aimed && a.actionsLeft >= 2) return { type: 'takeAim' };
          say(`volley ${s.warriors[v.target].profile.name}#${v.target} from the place`);
          return { type: 'volley', target: v.target };
        }
      }
      // Step further in when only just inside (room for the next friend, no easy push out).
      if (distanceTo(w, g.x, g.y) > g.radius * 0.6 && d.legal.includes('march') && a.marches === 0) {
        const m = advanceTo(s, w, g.x, g.y, Math.min(d.marchAllowance, distanceTo(w, g.x, g.y) - g.radius * 0.3));
        if (distanceTo(w, m.x, m.y) > 0.05) return m;
      }
      say('hold the place');
      return { type: 'end' };
    }
    if (d.legal.includes('march')) {
      const m = advanceTo(s, w, g.x, g.y, d.marchAllowance);
      if (distanceTo(w, m.x, m.y) > 0.05) {
        say(`rush to the ${g.kind} at (${g.x.toFixed(0)}, ${g.y.toFixed(0)})`);
        return m;
      }
    }
    // Cannot move (a second move spent, or friends in the way): shoot if it can.
    if (d.legal.includes('volley')) {
      const v = bestVolley(s, w, a.aimed, () => 0);
      if (v) return { type: 'volley', target: v.target };
    }
    return { type: 'end' };
  }

  return {
    name: 'rush',
    choose(view, d, rng) {
      if (d.kind === 'action') return { kind: 'action', action: action(view, d, rng) };
      return base.choose(view, d, rng);
    },
  };
}
