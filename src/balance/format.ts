import type { BalanceOutcome } from './run.js';

const pts = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '-');
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The CLI's account of a finished balance run: the changes, the worst matchup before and after, what no price fixes. */
export function formatBalance(o: BalanceOutcome): string {
  const lines: string[] = [];
  const changes = o.prices.filter((p) => p.verdict === 'raise' || p.verdict === 'lower');
  const unmeasured = o.prices.filter((p) => p.verdict === 'not measured').length;
  lines.push(
    `${o.prices.length} prices judged: ${changes.length} to change, ${o.prices.length - changes.length - unmeasured} kept${unmeasured ? `, ${unmeasured} not measured (no game varied them)` : ''}`,
  );
  for (const p of changes) lines.push(`  ${p.faction}: ${p.name}: ${p.costNow} -> ${p.proposed} (worth ${pts(p.worth)} [${pts(p.low)}, ${pts(p.high)}])`);
  const worst = (which: 'today' | 'proposed'): string => {
    let best: { d: number; at: string } | null = null;
    for (const m of o.matchups) {
      const r = which === 'today' ? m.today : m.proposed;
      if (!r || m.factionA === m.factionB || r.games === 0) continue;
      const d = Math.abs(r.rate - 0.5);
      if (!best || d > best.d) best = { d, at: `${m.factionA} vs ${m.factionB} | ${m.scenario} | ${m.points}: ${pct(r.rate)} [${pct(r.low)}, ${pct(r.high)}]` };
    }
    return best ? `${(100 * best.d).toFixed(1)} points from 50% (${best.at})` : 'no games';
  };
  if (o.matchups.length > 0) {
    lines.push(`worst matchup, today's prices: ${worst('today')}`);
    if (o.matchups.some((m) => m.proposed)) lines.push(`worst matchup, proposed prices: ${worst('proposed')}`);
  }
  const confirmed = o.matchups.filter((m) => m.confirm);
  if (confirmed.length > 0) {
    lines.push(`re-checked with ${confirmed[0].confirm!.policy} (the proposed table's worst held-out cells, the same seeds and seats):`);
    for (const m of confirmed) {
      const weak = m.proposed ?? m.today;
      const c = m.confirm!;
      lines.push(`  ${m.factionA} vs ${m.factionB} | ${m.scenario} | ${m.points}: ${pct(weak.rate)} -> ${pct(c.rate)} [${pct(c.low)}, ${pct(c.high)}] of ${c.games} games: ${c.verdict}`);
    }
  }
  if (o.rounds.length > 1) {
    lines.push(`fit rounds: ${o.rounds.map((r) => `${r.round}: ${r.changes} changes moving ${pct(r.movement)} of a list (${r.next})`).join('; ')}`);
  }
  for (const u of o.unfixable) lines.push(`no price fixes: ${u}`);
  if (o.abilities.length > 0) {
    lines.push('abilities (points, 95% interval):');
    for (const a of o.abilities) lines.push(`  ${a.faction}: ${a.ability}: ${pts(a.worth)} [${pts(a.low)}, ${pts(a.high)}]`);
  }
  return lines.join('\n');
}
