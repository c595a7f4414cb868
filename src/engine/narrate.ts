import type { GameEvent, GameResult } from './types.js';

const P = (p: number) => `Player ${p + 1}`;
const at = (p: [number, number]) => `(${p[0].toFixed(1)}, ${p[1].toFixed(1)})`;
const list = (xs: number[]) => (xs.length > 0 ? xs.join(' ') : '-');

/**
 * One readable line per event for someone who knows the rules: round,
 * supremacy, card, warrior, action, dice rolled, hits, blocks, wounds,
 * Resolve, VP. Returns null for events that need no line of their own.
 */
export function narrate(e: GameEvent): string | null {
  switch (e.type) {
    case 'gameStart':
      return `Game ${e.seed}: ${e.armies[0]} (Player 1) against ${e.armies[1]} (Player 2) on ${e.scenario}, ${e.terrain} terrain pieces`;
    case 'rollOff':
      return `Deployment roll-off: ${e.rolls[0]} against ${e.rolls[1]}; ${P(e.chooser)} chooses who deploys first`;
    case 'deployFirst':
      return `${P(e.player)} deploys first`;
    case 'deployed':
      return `  ${P(e.player)} deploys ${e.regiment} (${e.warriors} warriors) around ${at([e.x, e.y])}`;
    case 'roundStart':
      return `\n=== Round ${e.round} ===`;
    case 'supremacy':
      return e.tie ? `Supremacy: a tie; ${P(e.supremacy)} is chosen as the Supremacy Player` : `Supremacy: ${e.rolls[0]} against ${e.rolls[1]}; ${P(e.supremacy)} acts first`;
    case 'commandAbility':
      return `Command: ${e.character} uses ${e.ability}${e.target ? ` on ${e.target}` : ''}${e.affected > 0 && e.ability !== 'Duel' ? ` (${e.affected} affected)` : ''}`;
    case 'duel':
      return e.accepted ? `  ${e.target} accepts the Duel with ${e.challenger}` : `  ${e.target} declines the Duel with ${e.challenger} and is Broken!`;
    case 'commandCard':
      return `${P(e.player)} chooses the Command Card of ${e.regiment}`;
    case 'activate':
      return `  ${e.warrior} activates`;
    case 'move':
      return `    ${e.action}: ${at(e.from)} -> ${at(e.to)}${e.via && e.via.length > 0 ? ` via ${e.via.map(at).join(', ')}` : ''}${e.stoppedBy === 'destination' || e.stoppedBy === 'distance' ? '' : ` (stopped by ${e.stoppedBy})`}`;
    case 'charge':
      return `    Charge! into ${e.target}: Inspired!${e.impact > 0 ? `, Impact ${e.impact}` : ''}`;
    case 'status':
      return `    ${e.warrior} is ${e.status === 'broken' ? 'Broken!' : e.status === 'rallied' ? 'rallied' : e.status === 'inspired' ? 'Inspired!' : 'Aimed!'}`;
    case 'attack': {
      const r = e.rolls;
      const mods = [e.outnumbered ? 'Outnumbered' : '', e.obscured ? 'Obscured' : ''].filter(Boolean).join(', ');
      const rolled =
        e.action === 'impact' || (e.action === 'unique' && r.attackRolls.length === r.hits.length)
          ? `hits rolled [${list(r.finalAttack)}]`
          : `rolled [${list(r.attackRolls)}]${sameDice(r.attackRolls, r.finalAttack) ? '' : ` -> [${list(r.finalAttack)}]`}`;
      return `    ${e.action} ${e.warrior} -> ${e.target}${mods ? ` (${mods})` : ''}: ${rolled}, hits [${list(r.hits)}], blocks [${list(r.blockRolls)}], ${r.wounds} wound${r.wounds === 1 ? '' : 's'}`;
    }
    case 'resolveTest':
      if (e.roll !== null) return `    Resolve test for ${e.warrior}: rolled ${e.roll}, needed ${e.needed} or less -> ${e.outcome}`;
      // R10, R11: no roll when Broken! or when Overkill leaves no Resolve.
      return `    Resolve test for ${e.warrior}: fails automatically (${e.needed <= 0 ? `effective Resolve ${e.needed}` : 'Broken!'}) -> ${e.outcome}`;
    case 'drivenBack':
      return `    ${e.warrior} is Driven Back ${at(e.from)} -> ${at(e.to)}`;
    case 'slain':
      return `    ${e.warrior} is slain (${round2(e.points)} points)`;
    case 'markerDamaged':
      return `    marker ${e.marker}: ${e.wounds} wound${e.wounds === 1 ? '' : 's'} from ${P(e.player)}${e.destroyed ? ' - destroyed!' : ''}`;
    case 'healed':
      return `    ${e.warrior} heals ${e.wounds} wound${e.wounds === 1 ? '' : 's'}`;
    case 'victoryPhase':
      return [
        `Victory Phase, round ${e.round}: Player 1 +${round2(e.gained[0])}, Player 2 +${round2(e.gained[1])}; VP ${round2(e.vp[0])} to ${round2(e.vp[1])}`,
        ...e.detail.map((d) => `  ${d}`),
      ].join('\n');
    case 'gameEnd':
      return `\n${describeResult(e.result)}`;
  }
}

function sameDice(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function round2(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** The result in one line: who won, VP, how it ended. */
export function describeResult(r: GameResult): string {
  const who = r.winner === null ? 'A draw' : `${P(r.winner)} wins`;
  return `${who}: VP ${round2(r.vp[0])} to ${round2(r.vp[1])} after ${r.rounds} round${r.rounds === 1 ? '' : 's'} (${r.endReason}); warriors lost ${r.warriorsLost[0]} / ${r.warriorsLost[1]}, points destroyed ${round2(r.pointsDestroyed[0])} / ${round2(r.pointsDestroyed[1])}`;
}
