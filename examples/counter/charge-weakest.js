// A counter-strategy plugin bot for skirmish-lab (docs/BOTS.md):
// always charge the weakest. Each warrior picks the enemy warrior with the
// lowest remaining Wounds × Defense (ties: fewer Wounds left, then nearer)
// among those it can reach — now by a Charge, else within two Marches — and
// charges it, or marches at it; with none in reach it marches at the nearest
// enemy. Engaged, it Inspires and puts every Attack on the weakest enemy it
// fights; shooters Volley the weakest in range instead of closing in; Broken!
// warriors rally. Deployment, Command Cards and Command Abilities are balanced's.
//   skirmish play ... --policy-a ./examples/counter/charge-weakest.js --narrate
import { advanceTo, baseGap, getPolicy, legalChargeTargets, legalClashTargets, legalVolleyTargets, nearestFoe, rally, statNow } from 'skirmish-lab';

/** The weakness order: remaining Wounds × Defense, then remaining Wounds, then the gap. Lower is weaker. */
function weakness(s, w, e) {
  const left = e.profile.wounds - e.markers;
  return [left * statNow(s, e, 'defense'), left, baseGap(w, e)];
}

function weaker(x, y) {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

/** The weakest of `enemies` (warriors) for w, or null. */
function weakest(s, w, enemies) {
  let best = null;
  let key = null;
  for (const e of enemies) {
    const k = weakness(s, w, e);
    if (!best || weaker(k, key)) {
      best = e;
      key = k;
    }
  }
  return best;
}

/** The factory: options arrive as strings from `path.js:key=value,...`. */
export default function chargeWeakest(options = {}) {
  for (const key of Object.keys(options)) throw new Error(`unknown option "${key}" (charge-weakest takes no options)`);
  const base = getPolicy('balanced');

  function action(view, d, rng) {
    const s = view.state;
    const w = s.warriors[d.warrior];
    const a = s.activation;
    const say = (r) => view.explain?.(`charge-weakest: ${r}`);
    const label = (e) => `${e.profile.name}#${e.id}`;
    const r = rally(w, d.legal, say);
    if (r) return r;
    if (w.status === 'reserve') return base.choose(view, d, rng).action;
    if (d.engaged) {
      if (!d.legal.includes('clash')) return { type: 'end' };
      if (d.legal.includes('inspire') && !a.inspired && a.actionsLeft >= 2) return { type: 'inspire' };
      const e = weakest(s, w, legalClashTargets(s, w));
      if (!e) return base.choose(view, d, rng).action;
      say(`clash the weakest, ${label(e)}`);
      return { type: 'clash', split: [{ target: e.id, dice: statNow(s, w, 'attacks') }] };
    }
    if (w.profile.barrage && d.legal.includes('volley')) {
      const e = weakest(
        s,
        w,
        legalVolleyTargets(s, w)
          .filter((t) => t >= 0)
          .map((t) => s.warriors[t]),
      );
      if (e) {
        say(`volley the weakest, ${label(e)}`);
        return { type: 'volley', target: e.id };
      }
    }
    // A Charge spends a move; with an action left the Clash follows at once.
    if (d.legal.includes('charge') && a.actionsLeft >= 2) {
      const e = weakest(
        s,
        w,
        legalChargeTargets(s, w)
          .filter((t) => t >= 0)
          .map((t) => s.warriors[t]),
      );
      if (e) {
        say(`charge the weakest, ${label(e)}`);
        return { type: 'charge', target: e.id };
      }
    }
    if (!d.legal.includes('march')) return { type: 'end' };
    const reach = 2 * statNow(s, w, 'march') + s.match.ruleset.engagementRange;
    const near = s.warriors.filter((e) => e.status === 'table' && e.player !== w.player && baseGap(w, e) <= reach);
    const e = weakest(s, w, near) ?? nearestFoe(s, w)?.foe;
    if (!e) return { type: 'end' };
    // A second move only closes in when the target is still out of Charge reach (no standing in front of it with no action left).
    if (a.marches > 0 && baseGap(w, e) <= statNow(s, w, 'march') + s.match.ruleset.engagementRange) return { type: 'end' };
    const m = advanceTo(s, w, e.x, e.y, d.marchAllowance);
    // Friends in the way: no point in a March that goes nowhere.
    if (Math.hypot(m.x - w.x, m.y - w.y) <= 0.05) return { type: 'end' };
    say(`march at ${label(e)}`);
    return m;
  }

  return {
    name: 'charge-weakest',
    choose(view, d, rng) {
      if (d.kind === 'action') return { kind: 'action', action: action(view, d, rng) };
      return base.choose(view, d, rng);
    },
  };
}
