import { SUMMARY_COLUMNS } from './summary.js';

const col = (name: (typeof SUMMARY_COLUMNS)[number]): number => SUMMARY_COLUMNS.indexOf(name);

const pct = (x: string): string => (x === '' ? '–' : `${(Number(x) * 100).toFixed(1)}%`);
const num = (x: string): string => (x === '' ? '–' : Number(x).toFixed(2));

/**
 * summary.csv rows as a terminal table: army A's win rate with its 95%
 * interval, the first seat's win rate, and mean VP of each side.
 */
export function formatSummaryTable(rows: string[][]): string {
  const head = ['cell', 'games', 'A win rate [95% CI]', 'first seat', 'VP A', 'VP B', 'stalled'];
  const body = rows.map((r) => [
    r[col('cell')],
    r[col('games')] + (r[col('errors')] !== '0' ? ` (+${r[col('errors')]} err)` : ''),
    `${pct(r[col('win_rate_a')])} [${pct(r[col('win_rate_a_low')])}, ${pct(r[col('win_rate_a_high')])}]`,
    pct(r[col('first_seat_win_rate')]),
    `${num(r[col('vp_a_mean')])} ±${r[col('vp_a_high')] === '' ? '–' : (Number(r[col('vp_a_high')]) - Number(r[col('vp_a_mean')])).toFixed(2)}`,
    `${num(r[col('vp_b_mean')])} ±${r[col('vp_b_high')] === '' ? '–' : (Number(r[col('vp_b_high')]) - Number(r[col('vp_b_mean')])).toFixed(2)}`,
    pct(r[col('stall_rate')]),
  ]);
  return formatTable(head, body);
}

/** A terminal table: the first `textColumns` columns left-aligned, the rest right-aligned. */
export function formatTable(head: string[], body: string[][], textColumns = 1): string {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r: string[]): string => r.map((c, i) => (i < textColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
