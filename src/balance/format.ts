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
  for (const u of o.unfixable) lines.push(`no price fixes: ${u}`);
  if (o.abilities.length > 0) {
    lines.push('abilities (points, 95% interval):');
    for (const a of o.abilities) lines.push(`  ${a.faction}: ${a.ability}: ${pts(a.worth)} [${pts(a.low)}, ${pts(a.high)}]`);
  }
  return lines.join('\n');
}
