/** The start of a round: Command Cards and Duels reset, then the Supremacy roll (R20). */
import { IllegalChoiceError } from '../illegal.js';
import type { ChoiceOf, DecisionOf, Flow, Next } from './shared.js';

export function startRound(f: Flow, round: number): Next {
  const s = f.s;
  s.round = round;
  s.woundsAtRoundStart = s.woundsDealt;
  for (const w of s.warriors) {
    w.activated = false;
    w.duel = -1; // a Duel lasts until the end of the round
  }
  for (const r of s.regiments) r.activated = false;
  s.abilities = [];
  s.silenced = [];
  f.emit?.({ type: 'roundStart', round });
  return supremacy(f);
}

/** R20: the lower roll acts first; a tie is chosen by the player with fewer VP, or re-rolled. */
function supremacy(f: Flow): Next {
  const s = f.s;
  const dice = f.dice;
  for (;;) {
    const a = dice.d6();
    const b = dice.d6();
    if (a !== b) {
      f.emit?.({ type: 'supremacy', rolls: [a, b], supremacy: a < b ? 0 : 1, tie: false });
      s.supremacy = a < b ? 0 : 1;
      return 'command';
    }
    if (s.match.ruleset.supremacyTie === 'fewerVpChooses' && s.vp[0] !== s.vp[1]) {
      s.phase = 'supremacy';
      s.decision = { kind: 'supremacyTie', player: s.vp[0] < s.vp[1] ? 0 : 1 };
      return 'wait';
    }
  }
}

export function supremacyTie(f: Flow, _d: DecisionOf['supremacyTie'], c: ChoiceOf['supremacyTie']): Next {
  if (c.supremacy !== 0 && c.supremacy !== 1) throw new IllegalChoiceError('supremacy must be 0 or 1');
  f.emit?.({ type: 'supremacy', rolls: [0, 0], supremacy: c.supremacy, tie: true });
  f.s.supremacy = c.supremacy;
  return 'command';
}
