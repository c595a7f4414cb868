// A plugin bot for skirmish-lab (docs/BOTS.md): shoots and charges only at
// good exact odds, and otherwise plays as the built-in balanced policy.
//   skirmish play ... --policy-a ./examples/sharpshooter.js:minSlain=0.3 --narrate
import { attackOdds, attackValue, getPolicy, legalChargeTargets, legalVolleyTargets } from 'skirmish-lab';

/** The factory: options arrive as strings from `path.js:key=value,...`. */
export default function sharpshooter(options = {}) {
  for (const key of Object.keys(options)) if (key !== 'minSlain') throw new Error(`unknown option "${key}" (options: minSlain)`);
  const minSlain = Number(options.minSlain ?? 0.25);
  if (!(minSlain >= 0 && minSlain <= 1)) throw new Error(`minSlain expects a number from 0 to 1, got "${options.minSlain}"`);
  const fallback = getPolicy('balanced');

  /** The enemy warrior with the best worth among `targets`, if its P(slain) reaches minSlain. */
  function best(s, w, targets, odds) {
    let pick = null;
    for (const t of targets) {
      if (t < 0) continue; // an objective marker: leave those to balanced
      const o = attackOdds(s, w, s.warriors[t], odds);
      const value = attackValue(s, o, s.warriors[t]);
      if (o.slain >= minSlain && (!pick || value > pick.value)) pick = { target: t, value, slain: o.slain };
    }
    return pick;
  }

  return {
    name: 'sharpshooter',
    choose(view, d, rng) {
      if (d.kind === 'action' && !d.engaged) {
        const s = view.state;
        const w = s.warriors[d.warrior];
        const a = s.activation;
        const shot = d.legal.includes('volley') ? best(s, w, legalVolleyTargets(s, w), { action: 'volley', aimed: a.aimed }) : null;
        if (shot) {
          view.explain?.(`sharpshooter: volley #${shot.target}, P(slain) ${shot.slain.toFixed(2)}`);
          return { kind: 'action', action: { type: 'volley', target: shot.target } };
        }
        const charge = d.legal.includes('charge') && a.actionsLeft >= 2 ? best(s, w, legalChargeTargets(s, w), { action: 'clash', inspired: true }) : null;
        if (charge) {
          view.explain?.(`sharpshooter: charge #${charge.target}, P(slain) ${charge.slain.toFixed(2)}`);
          return { kind: 'action', action: { type: 'charge', target: charge.target } };
        }
      }
      return fallback.choose(view, d, rng);
    },
  };
}
