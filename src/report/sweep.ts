import { SUMMARY_COLUMNS } from '../runner/index.js';
import { col, num } from './csv.js';
import { isotonicFit, logisticAt, logisticFit } from '../stats/index.js';
import { cellText, pct, r4 } from './numbers.js';
import type { Chart, CsvTable, Section } from './types.js';

/** Columns of sweep.csv that are not parameters: the summary's, and flags other issues add. */
const NOT_PARAMETERS = new Set<string>([...SUMMARY_COLUMNS, 'first_seat_imbalanced', 'matchup_imbalanced', 'verdict_agrees', 'passive_rounds_mean', 'point']);

export interface Crossing {
  cell: string;
  parameter: string;
  crossing: number;
  low: number;
  high: number;
  status: string;
  /** The curve the crossing was read from: logistic or isotonic (crossing.csv's fit). */
  fit: string;
}

function readCrossings(t: CsvTable | null): Crossing[] {
  if (!t) return [];
  const [iC, iP, iX, iLo, iHi, iS] = ['cell', 'parameter', 'crossing', 'crossing_low', 'crossing_high', 'status'].map((n) => col(t, n));
  const iF = t.columns.indexOf('fit');
  return t.rows.map((r) => ({ cell: r[iC], parameter: r[iP], crossing: num(r[iX]), low: num(r[iLo]), high: num(r[iHi]), status: r[iS], fit: iF >= 0 ? r[iF] : 'logistic' }));
}

/** The swept parameters: crossing.csv's names where it has them, else sweep.csv's extra numeric columns. */
export function sweepParameters(sweep: CsvTable, crossings: Crossing[]): string[] {
  const named = [...new Set(crossings.map((c) => c.parameter))].filter((p) => sweep.columns.includes(p));
  if (named.length > 0) return named;
  return sweep.columns.filter((c, i) => !NOT_PARAMETERS.has(c) && sweep.rows.every((r) => r[i] !== '' && Number.isFinite(Number(r[i]))));
}

const fmt = (x: number): string => String(Math.round(x * 10) / 10);

/** The verdict in words: "fair cost 31 points, 95% interval 28–34", or why there is no number. */
export function verdict(c: Crossing, range: [number, number]): string {
  const cost = /cost|points/i.test(c.parameter);
  const what = cost ? 'cost' : c.parameter;
  const unit = cost ? ' points' : '';
  switch (c.status) {
    case 'inside':
      return `fair ${what} ${fmt(c.crossing)}${unit}, 95% interval ${fmt(c.low)}–${fmt(c.high)}${unit}`;
    case 'below-range':
      return `no fair ${what} inside the swept range ${fmt(range[0])}–${fmt(range[1])}${unit}: army A's win rate never reaches 50% there; the fair value lies below ${fmt(range[0])}`;
    case 'above-range':
      return `no fair ${what} inside the swept range ${fmt(range[0])}–${fmt(range[1])}${unit}: army A's win rate never reaches 50% there; the fair value lies above ${fmt(range[1])}`;
    case 'flat':
      return `no trend within the noise: ${c.parameter} from ${fmt(range[0])} to ${fmt(range[1])} does not move army A's win rate measurably`;
    default:
      return `crossing status "${c.status}"`;
  }
}

interface Point {
  x: number;
  y?: number;
  games: number;
  successes: number;
  rate: number;
  low: number;
  high: number;
}

function readPoints(sweep: CsvTable, params: string[]): Map<string, Point[]> {
  const [iCell, iG, iW, iD, iR, iLo, iHi] = ['cell', 'games', 'wins_a', 'draws', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high'].map((n) => col(sweep, n));
  const iX = col(sweep, params[0]);
  const iY = params.length > 1 ? col(sweep, params[1]) : -1;
  const out = new Map<string, Point[]>();
  for (const r of sweep.rows) {
    let ps = out.get(r[iCell]);
    if (!ps) out.set(r[iCell], (ps = []));
    ps.push({
      x: num(r[iX]),
      ...(iY >= 0 ? { y: num(r[iY]) } : {}),
      games: num(r[iG]),
      successes: num(r[iW]) + num(r[iD]) / 2,
      rate: num(r[iR]),
      low: num(r[iLo]),
      high: num(r[iHi]),
    });
  }
  for (const ps of out.values()) ps.sort((a, b) => a.x - b.x || (a.y ?? 0) - (b.y ?? 0));
  return out;
}

/** One cell of a one-parameter sweep: rate with its band, the fitted curve, the 50% line, the crossing and its interval. */
function curveChart(cell: string, index: number, param: string, points: Point[], c: Crossing | undefined): Chart {
  const xs = points.map((p) => p.x);
  const range: [number, number] = [Math.min(...xs), Math.max(...xs)];
  // Draw the curve the crossing was read from (stats/crossing.ts): the logistic, or the monotone steps joined by straight lines.
  const binomial = points.map((p) => ({ x: p.x, successes: p.successes, trials: p.games }));
  const lf = logisticFit(binomial);
  const isotonic = c?.fit === 'isotonic';
  const steps = isotonic ? isotonicFit(binomial, lf.b >= 0).fitted : [];
  const fitted = (i: number, x: number): number => (isotonic ? steps[i] : logisticAt(lf, x));
  const curve = isotonic
    ? points.map((p, i) => ({ x: p.x, fit: pct(steps[i]) }))
    : Array.from({ length: 61 }, (_, i) => {
        const x = range[0] + ((range[1] - range[0]) * i) / 60;
        return { x: r4(x), fit: pct(logisticAt(lf, x)) };
      });
  const data = points.map((p) => ({ x: p.x, rate: pct(p.rate), low: pct(p.low), high: pct(p.high), games: p.games }));
  const words = c ? verdict(c, range) : 'no crossing.csv row for this cell';
  const x = { field: 'x', type: 'quantitative' as const, title: `${param}${/cost|points/i.test(param) ? ' (points)' : ''}`, scale: { zero: false, padding: 12 } };
  const inside = c?.status === 'inside';
  const layer: object[] = [
    { data: { values: data }, mark: { type: 'area', opacity: 0.25, color: '#4a6a8a' }, encoding: { x, y: { field: 'low', type: 'quantitative', title: "army A's win rate (%)", scale: { domain: [0, 100] } }, y2: { field: 'high' } } },
    { data: { values: data }, mark: { type: 'point', filled: true, color: '#1f3f66', size: 50 }, encoding: { x, y: { field: 'rate', type: 'quantitative' }, tooltip: [{ field: 'x', title: param }, { field: 'rate' }, { field: 'low' }, { field: 'high' }, { field: 'games' }] } },
    { data: { values: [{ y: 50 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
  ];
  layer.push({ data: { values: curve }, mark: { type: 'line', color: '#d35400', strokeWidth: 2 }, encoding: { x, y: { field: 'fit', type: 'quantitative' } } });
  if (inside && c) {
    layer.push(
      { data: { values: [{ lo: c.low, hi: c.high }] }, mark: { type: 'rect', color: '#27ae60', opacity: 0.18 }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
      { data: { values: [{ x: c.crossing, label: `fair at ${fmt(c.crossing)}` }] }, mark: { type: 'rule', color: '#27ae60', strokeWidth: 2 }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      { data: { values: [{ x: c.crossing, label: `fair at ${fmt(c.crossing)}` }] }, mark: { type: 'text', color: '#1e8449', dx: 4, align: 'left', baseline: 'top', y: 4, fontWeight: 'bold' }, encoding: { x: { field: 'x', type: 'quantitative' }, text: { field: 'label' } } },
    );
  }
  return {
    id: `sweep-${index}`,
    title: `Win rate against ${param}: ${cell}`,
    caption: `${words[0].toUpperCase()}${words.slice(1)}. Dots: army A's win rate (draws half) at each value, band: its 95% interval, orange: the ${isotonic ? 'monotone (isotonic) fit the crossing is read from' : 'logistic fit'}${inside ? ', green: the crossing and its 95% interval' : ''}.`,
    spec: { width: 560, height: 260, layer } as Chart['spec'],
    table: {
      columns: [param, 'games', 'win rate A %', '95% low %', '95% high %', 'fitted %'],
      rows: data.map((d, i) => [d.x, d.games, cellText(d.rate), cellText(d.low), cellText(d.high), cellText(pct(fitted(i, d.x)))]),
    },
  };
}

/** A two-parameter sweep: a heatmap of army A's win rate over the grid, per cell. */
function gridChart(cell: string, index: number, params: string[], points: Point[]): Chart {
  const data = points.map((p) => ({ x: p.x, y: p.y, rate: pct(p.rate), low: pct(p.low), high: pct(p.high), games: p.games }));
  return {
    id: `sweep-${index}`,
    title: `Win rate over ${params[0]} × ${params[1]}: ${cell}`,
    caption: 'Each square is army A’s win rate (%) at that pair of values: white squares are fair, red favour army A, blue army B.',
    spec: {
      width: 480,
      height: 300,
      data: { values: data },
      encoding: {
        x: { field: 'x', type: 'ordinal', title: params[0], sort: 'ascending', axis: { labelAngle: 0 } },
        y: { field: 'y', type: 'ordinal', title: params[1], sort: 'descending' },
      },
      layer: [
        { mark: 'rect', encoding: { color: { field: 'rate', type: 'quantitative', title: 'win rate A (%)', scale: { domain: [0, 100], scheme: 'redblue', reverse: true, domainMid: 50 } } } },
        { mark: { type: 'text', fontSize: 10 }, encoding: { text: { field: 'rate', type: 'quantitative', format: '.1f' } } },
      ],
    },
    table: {
      columns: [params[0], params[1], 'games', 'win rate A %', '95% low %', '95% high %'],
      rows: data.map((d) => [d.x, d.y ?? '', d.games, cellText(d.rate), cellText(d.low), cellText(d.high)]),
    },
  };
}

/** The sweep report: per cell, the curve and its verdict (one parameter) or the grid (two). */
export function sweepSections(sweep: CsvTable | null, crossingCsv: CsvTable | null): Section[] {
  const crossings = readCrossings(crossingCsv);
  if (!sweep) {
    return [{ heading: 'Fair values', lines: crossings.map((c) => `${c.cell}: ${c.parameter} ${c.status}`), charts: [] }];
  }
  const params = sweepParameters(sweep, crossings);
  if (params.length === 0) return [{ heading: 'Sweep', lines: [`${sweep.file}: no parameter column found`], charts: [] }];
  const byCell = readPoints(sweep, params);
  const charts: Chart[] = [];
  const lines: string[] = [];
  let i = 0;
  for (const [cell, points] of byCell) {
    if (params.length === 1) {
      const c = crossings.find((k) => k.cell === cell && k.parameter === params[0]);
      const xs = points.map((p) => p.x);
      if (c) lines.push(`${cell}: ${verdict(c, [Math.min(...xs), Math.max(...xs)])}.`);
      charts.push(curveChart(cell, i++, params[0], points, c));
    } else {
      charts.push(gridChart(cell, i++, params, points));
    }
  }
  return [{ heading: params.length === 1 ? `Fair ${params[0]}` : `Sweep over ${params.join(' × ')}`, lines, charts }];
}
