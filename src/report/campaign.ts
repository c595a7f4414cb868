import { wilsonInterval } from '../stats/index.js';
import { col, num } from './csv.js';
import { cellText, fiveNumbers, pct, r4 } from './numbers.js';
import type { Chart, CsvTable, Section } from './types.js';

/** Columns of campaigns.csv that are not final scores. */
const NOT_SCORES = new Set(['seed', 'campaign', 'winner', 'cycles', 'decided_by', 'faction_a', 'faction_b', 'end_holders', 'cycle3_holders']);

function winnerChart(t: CsvTable): Chart {
  const iW = col(t, 'winner');
  const counts = new Map<string, number>();
  for (const r of t.rows) counts.set(r[iW], (counts.get(r[iW]) ?? 0) + 1);
  const n = t.rows.length;
  const data = [...counts.keys()].sort().map((f) => {
    const w = wilsonInterval(counts.get(f)!, n);
    return { faction: f, wins: counts.get(f)!, rate: pct(w.p), low: pct(w.low), high: pct(w.high) };
  });
  const y = { field: 'faction', type: 'nominal' as const, title: 'winner', sort: null };
  return {
    id: 'campaign-winner',
    title: 'Who wins the campaign',
    caption: 'Share of campaigns each faction won, with its 95% Wilson interval: a faction whose bar misses the dashed 50% line is favoured (or not) by the map and line-ups.',
    spec: {
      width: 520,
      height: Math.max(80, data.length * 40),
      data: { values: data },
      layer: [
        { mark: { type: 'bar', color: '#9fb4c8', size: 14 }, encoding: { y, x: { field: 'rate', type: 'quantitative', title: 'campaigns won (%)', scale: { domain: [0, 100] } } } },
        { mark: { type: 'rule', strokeWidth: 2, color: '#1f3f66' }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
        { data: { values: [{ x: 50 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      ],
    },
    table: { columns: ['winner', 'campaigns won', 'share %', '95% low %', '95% high %'], rows: data.map((d) => [d.faction, d.wins, d.rate, d.low, d.high]) },
  };
}

function cyclesChart(t: CsvTable): Chart {
  const iC = col(t, 'cycles');
  const counts = new Map<number, number>();
  for (const r of t.rows) counts.set(num(r[iC]), (counts.get(num(r[iC])) ?? 0) + 1);
  const data = [...counts].sort((a, b) => a[0] - b[0]).map(([cycles, k]) => ({ cycles, campaigns: k, share: pct(k / t.rows.length) }));
  return {
    id: 'campaign-cycles',
    title: 'Campaign length',
    caption: 'How many campaign cycles the campaigns lasted: a long tail means the Campaign Points target is hard to reach.',
    spec: {
      width: 520,
      height: 200,
      data: { values: data },
      mark: { type: 'bar', color: '#4a6a8a' },
      encoding: { x: { field: 'cycles', type: 'ordinal', title: 'cycles played', axis: { labelAngle: 0 } }, y: { field: 'share', type: 'quantitative', title: 'campaigns (%)' } },
    },
    table: { columns: ['cycles', 'campaigns', 'share %'], rows: data.map((d) => [d.cycles, d.campaigns, d.share]) },
  };
}

function scoresChart(t: CsvTable): Chart | null {
  const cols = t.columns.filter((c, i) => !NOT_SCORES.has(c) && t.rows.length > 0 && t.rows.every((r) => Number.isFinite(num(r[i]))));
  if (cols.length === 0) return null;
  // cp_a and cp_b belong to the factions the file names in faction_a and faction_b.
  const faction = (c: string): string => {
    const side = /^cp_([ab])$/.exec(c)?.[1];
    const i = side ? t.columns.indexOf(`faction_${side}`) : -1;
    return i >= 0 && t.rows.length > 0 ? `${t.rows[0][i]} (${c})` : c;
  };
  const data = cols.map((c) => ({ column: faction(c), ...fiveNumbers(t.rows.map((r) => num(r[col(t, c)]))) }));
  const y = { field: 'column', type: 'nominal' as const, title: 'faction', sort: null };
  return {
    id: 'campaign-points',
    title: 'Final Campaign Points per faction',
    caption: 'Each box spans the middle half of a faction’s Campaign Points at the end, the white tick is the median, the whisker the full range.',
    spec: {
      width: 520,
      height: Math.max(80, cols.length * 40),
      data: { values: data },
      encoding: { y },
      layer: [
        { mark: 'rule', encoding: { x: { field: 'min', type: 'quantitative', title: 'Campaign Points at the end (CP)' }, x2: { field: 'max' } } },
        { mark: { type: 'bar', size: 14, color: '#4a6a8a' }, encoding: { x: { field: 'q1', type: 'quantitative' }, x2: { field: 'q3' } } },
        { mark: { type: 'tick', color: 'white', size: 14, thickness: 2 }, encoding: { x: { field: 'median', type: 'quantitative' } } },
      ],
    },
    table: {
      columns: ['column', 'mean', 'min', 'lower quartile', 'median', 'upper quartile', 'max'],
      rows: data.map((d) => [d.column, cellText(r4(d.mean)), d.min, cellText(r4(d.q1)), d.median, cellText(r4(d.q3)), d.max]),
    },
  };
}

/** territories.csv: how often each faction holds a territory at the end, and how often holding it at cycle 3 predicts the winner. */
function territoryChart(t: CsvTable): Chart | null {
  const rateCols = t.columns.filter((c) => /^(held_end_[ab]|predicts_winner)/.test(c));
  if (rateCols.length === 0) return null;
  const iT = col(t, 'territory');
  const iType = t.columns.indexOf('type');
  const name = (r: string[]): string => (iType >= 0 ? `${r[iT]} (${r[iType]})` : r[iT]);
  const data = t.rows.flatMap((r) => rateCols.map((c) => ({ territory: name(r), measure: c, value: pct(num(r[col(t, c)])) })));
  return {
    id: 'territories',
    title: 'Territories',
    caption: 'Per territory: how often faction a or b holds it at the end, and how often its holder at cycle 3 wins the campaign: a high last bar marks a territory that decides campaigns.',
    spec: {
      width: 520,
      height: Math.max(80, t.rows.length * rateCols.length * 12),
      data: { values: data },
      mark: 'bar',
      encoding: {
        y: { field: 'territory', type: 'nominal', title: 'territory', sort: null },
        yOffset: { field: 'measure', type: 'nominal' },
        x: { field: 'value', type: 'quantitative', title: 'share of campaigns (%)', scale: { domain: [0, 100] } },
        color: { field: 'measure', type: 'nominal', title: 'measure' },
      },
    },
    table: { columns: t.columns, rows: t.rows },
  };
}

export function campaignSections(campaigns: CsvTable, territories: CsvTable | null): Section[] {
  const charts = [winnerChart(campaigns), cyclesChart(campaigns), scoresChart(campaigns), territories ? territoryChart(territories) : null].filter((c): c is Chart => c !== null);
  return [{ heading: 'Campaigns', lines: [`${campaigns.rows.length.toLocaleString('en')} campaigns.`], charts }];
}
