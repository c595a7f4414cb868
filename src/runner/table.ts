import { columnIndex } from '../batch/csv.js';
import { SUMMARY_SCHEMA } from './summary.js';

const col = (name: string): number => columnIndex(SUMMARY_SCHEMA, name);

const pct = (x: string): string => (x === '' ? '–' : `${(Number(x) * 100).toFixed(1)}%`);
const num = (x: string): string => (x === '' ? '–' : Number(x).toFixed(2));

const pct1 = (x: string): string => (Number(x) * 100).toFixed(1);

/** A flag's re-check by the stronger policy: ` (search: not confirmed 54.2% [46.0, 62.1])`, empty when it has none. */
export function confirmationText(r: readonly string[], kind: 'matchup' | 'first_seat'): string {
  const verdict = r[col(`${kind}_confirmation`)] ?? '';
  if (verdict === '') return '';
  const rate = (s: string): string => r[col(`${kind}_confirm_${s}`)];
  return ` (${r[col('confirm_policy')]}: ${verdict} ${pct1(rate('rate'))}% [${pct1(rate('low'))}, ${pct1(rate('high'))}])`;
}

/** The balance flags of a row in words, each with its confirmation (empty when none). */
function flags(r: string[]): string {
  const out: string[] = [];
  if (r[col('matchup_imbalanced')] === '1') out.push((Number(r[col('win_rate_a')]) > 0.5 ? 'A favoured' : 'B favoured') + confirmationText(r, 'matchup'));
  if (r[col('first_seat_imbalanced')] === '1') {
    out.push((Number(r[col('first_seat_win_rate')]) > 0.5 ? 'first seat favoured' : 'second seat favoured') + confirmationText(r, 'first_seat'));
  }
  if (r[col('verdict_agrees')] === '0') out.push('verdict differs between bot tiers');
  return out.join('; ');
}

/**
 * summary.csv rows as a terminal table: army A's win rate with its 95%
 * interval, the first seat's win rate, mean VP of each side, and the
 * balance flags (Holm-corrected over the run's cells).
 */
export function formatSummaryTable(rows: string[][]): string {
  const head = ['cell', 'games', 'A win rate [95% CI]', 'first seat', 'VP A', 'VP B', 'stalled', 'flags'];
  const body = rows.map((r) => [
    r[col('cell')],
    r[col('games')] + (r[col('errors')] !== '0' ? ` (+${r[col('errors')]} err)` : ''),
    `${pct(r[col('win_rate_a')])} [${pct(r[col('win_rate_a_low')])}, ${pct(r[col('win_rate_a_high')])}]`,
    pct(r[col('first_seat_win_rate')]),
    `${num(r[col('vp_a_mean')])} ±${r[col('vp_a_high')] === '' ? '–' : (Number(r[col('vp_a_high')]) - Number(r[col('vp_a_mean')])).toFixed(2)}`,
    `${num(r[col('vp_b_mean')])} ±${r[col('vp_b_high')] === '' ? '–' : (Number(r[col('vp_b_high')]) - Number(r[col('vp_b_mean')])).toFixed(2)}`,
    pct(r[col('stall_rate')]),
    flags(r),
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
