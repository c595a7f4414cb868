import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../data/outputs.js';
import { NOTHING_UNFIXABLE } from '../balance/run.js';
import { readOptional } from './csv.js';
import { esc, PAGE_STYLE } from './page.js';

type Row = Record<string, string>;

/** A CSV of the run folder as rows by column name ([] when the file is not there). */
function rowsOf(dir: string, name: string): Row[] {
  const t = readOptional(dir, name);
  return t ? t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]]))) : [];
}

/**
 * Intervals on one axis, a row each: the interval as a bar, the estimate as
 * a dot and, where given, today's price as a tick; a changed row in red.
 */
function intervalChart(rows: { label: string; value: number; low: number; high: number; mark?: number; changed: boolean }[], unit: string): string {
  const shown = rows.filter((r) => Number.isFinite(r.value));
  if (shown.length === 0) return '<p class="meta">nothing measured</p>';
  const xs = shown.flatMap((r) => [r.low, r.high, r.mark ?? r.value]).filter(Number.isFinite);
  let lo = Math.min(0, ...xs);
  let hi = Math.max(...xs);
  if (hi - lo < 1) hi = lo + 1;
  const pad = (hi - lo) * 0.05;
  lo -= pad;
  hi += pad;
  const labelW = 300;
  const w = 560;
  const rowH = 16;
  const x = (v: number): number => labelW + ((v - lo) / (hi - lo)) * w;
  const h = shown.length * rowH + 30;
  const parts: string[] = [];
  const zero = x(0);
  parts.push(`<line x1="${zero}" y1="0" x2="${zero}" y2="${h - 24}" stroke="#bbb"/>`);
  shown.forEach((r, i) => {
    const y = i * rowH + 10;
    const colour = r.changed ? '#c0392b' : '#2c6fbb';
    parts.push(`<text x="${labelW - 6}" y="${y + 4}" font-size="11" text-anchor="end">${esc(r.label)}</text>`);
    if (Number.isFinite(r.low) && Number.isFinite(r.high)) {
      parts.push(`<line x1="${x(Math.max(lo, r.low))}" y1="${y}" x2="${x(Math.min(hi, r.high))}" y2="${y}" stroke="${colour}" stroke-width="3" opacity="0.5"/>`);
    }
    parts.push(`<circle cx="${x(r.value)}" cy="${y}" r="3.5" fill="${colour}"/>`);
    if (r.mark !== undefined) parts.push(`<line x1="${x(r.mark)}" y1="${y - 6}" x2="${x(r.mark)}" y2="${y + 6}" stroke="#222" stroke-width="2"/>`);
  });
  const ticks = 5;
  for (let t = 0; t <= ticks; t++) {
    const v = lo + ((hi - lo) * t) / ticks;
    parts.push(`<text x="${x(v)}" y="${h - 8}" font-size="10" text-anchor="middle">${v.toFixed(0)}</text>`);
  }
  parts.push(`<text x="${labelW + w / 2}" y="${h + 6}" font-size="11" text-anchor="middle">${esc(unit)}</text>`);
  return `<div class="scroll"><svg width="${labelW + w + 20}" height="${h + 12}" role="img">${parts.join('')}</svg></div>`;
}

function table(rows: Row[], cols: string[]): string {
  if (rows.length === 0) return '<p class="meta">no rows</p>';
  const head = cols.map((c) => `<th>${esc(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${cols.map((c) => `<td>${esc(r[c] ?? '')}</td>`).join('')}</tr>`).join('\n');
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

const pct = (s: string): string => (s === '' ? '' : `${(100 * Number(s)).toFixed(1)}%`);

/** report.html of a balance run, from its CSVs: the proposed table, the before/after matchups, the abilities' worths. */
export function writeBalanceReport(o: { dir: string; name: string }): string {
  const prices = rowsOf(o.dir, 'balance.csv');
  const matchups = rowsOf(o.dir, 'matchups.csv');
  const abilities = rowsOf(o.dir, 'abilities.csv');
  let notes: string;
  try {
    notes = readFileSync(path.join(o.dir, 'unfixable.txt'), 'utf8').trim();
  } catch {
    notes = '';
  }
  if (notes === NOTHING_UNFIXABLE) notes = '';
  const changed = prices.filter((p) => p.verdict === 'raise' || p.verdict === 'lower');
  const priceChart = intervalChart(
    prices.map((p) => ({
      label: `${p.faction}: ${p.name}`,
      value: Number(p.worth === '' ? Number.NaN : p.worth),
      low: Number(p.worth_lo === '' ? Number.NaN : p.worth_lo),
      high: Number(p.worth_hi === '' ? Number.NaN : p.worth_hi),
      mark: Number(p.cost_now),
      changed: p.verdict === 'raise' || p.verdict === 'lower',
    })),
    "points (dot: worth; bar: interval; tick: today's price)",
  );
  const abilityChart = intervalChart(
    abilities.map((a) => ({ label: `${a.faction}: ${a.ability}`, value: Number(a.worth), low: Number(a.worth_lo), high: Number(a.worth_hi), changed: false })),
    'points (dot: worth; bar: 95% interval)',
  );
  const shownMatchups = matchups.map((m) => ({
    ...m,
    today: `${pct(m.rate_today)} [${pct(m.rate_today_lo)}, ${pct(m.rate_today_hi)}]`,
    proposed: m.rate_proposed === '' ? 'same table' : `${pct(m.rate_proposed)} [${pct(m.rate_proposed_lo)}, ${pct(m.rate_proposed_hi)}]`,
    stronger: !m.confirm_policy ? '' : `${m.confirm_policy}: ${pct(m.rate_confirm)} [${pct(m.rate_confirm_lo)}, ${pct(m.rate_confirm_hi)}] of ${m.games_confirm}: ${m.confirm_verdict}`,
  }));
  const rounds = rowsOf(o.dir, 'rounds.csv');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.name)}: proposed points table</title><style>${PAGE_STYLE}</style></head>
<body>
<h1>${esc(o.name)}: proposed points table</h1>
<p class="meta">Files: <a href="balance.csv">balance.csv</a> · <a href="matchups.csv">matchups.csv</a>${abilities.length ? ' · <a href="abilities.csv">abilities.csv</a>' : ''} · <a href="unfixable.txt">unfixable.txt</a></p>
<nav><a href="#changes">Changes</a><a href="#prices">Every price</a><a href="#matchups">Matchups</a>${abilities.length ? '<a href="#abilities">Abilities</a>' : ''}</nav>
<h2 id="changes">What to change</h2>
<p class="verdict">${changed.length === 0 ? "No price needs to change: every interval holds today's price." : `${changed.length} of ${prices.length} prices to change (the rest are within their intervals):`}</p>
${changed.length ? table(changed, ['faction', 'name', 'cost_now', 'proposed', 'worth', 'worth_lo', 'worth_hi']) : ''}
${
  notes
    ? `<p class="verdict">No price can fix:</p><ul>${notes
        .split('\n')
        .map((n) => `<li>${esc(n)}</li>`)
        .join('')}</ul>`
    : ''
}
<h2 id="prices">What every price is worth</h2>
<p class="caption">Each price's worth in points with its interval (simultaneous over the prices judged, so a table of many prices does not flag noise); a red row's interval excludes today's price.</p>
${priceChart}
<details><summary>The table</summary>${table(prices, ['faction', 'name', 'pointer', 'cost_now', 'worth', 'worth_lo', 'worth_hi', 'proposed', 'verdict'])}</details>
<h2 id="matchups">Held-out games: today's table and the proposed one</h2>
<p class="caption">Army A's win rate (a draw counts half) with its 95% Wilson interval, on seeds the fit never saw; both tables play the same seeds. The stronger tier replays the proposed table's worst cells on the same seeds and seats: confirmed when its interval holds a rate as close to 50% as the weaker tier's.</p>
${table(shownMatchups, ['faction_a', 'faction_b', 'scenario', 'points', 'games_today', 'today', 'games_proposed', 'proposed', ...(shownMatchups.some((m) => m.stronger) ? ['stronger'] : [])])}
${rounds.length > 1 ? `<p class="caption">Fit rounds (a later round plays lists built at the prices the round before proposed; movement: the share of the average list's points spent otherwise):</p>${table(rounds, ['round', 'games', 'changes', 'movement', 'next'])}` : ''}
${
  abilities.length
    ? `<h2 id="abilities">What each ability is worth</h2>
<p class="caption">Points: the win-rate change when army A's warriors lose the ability, on the same seeds, through the fit's points scale. The placebo row takes nothing away and plays seeds of its own: its interval should hold 0.</p>
${abilityChart}
<details><summary>The table</summary>${table(abilities, ['faction', 'ability', 'seed_pairs', 'rate_with', 'rate_without', 'worth', 'worth_lo', 'worth_hi'])}</details>`
    : ''
}
</body></html>
`;
  const file = path.join(o.dir, 'report.html');
  writeFileAtomically(file, html);
  return file;
}
