import { SUMMARY_COLUMNS } from '../runner/index.js';
import { col, num } from './csv.js';
import { isotonicFit, logisticAt, logisticFit } from '../stats/index.js';
import { cellText, pct, r4 } from './numbers.js';
import type { Chart, CsvTable, Section } from './types.js';

/** Columns of sweep.csv that are not parameters: the summary's, and flags other issues add. */
const NOT_PARAMETERS = new Set<string>([...SUMMARY_COLUMNS, 'first_seat_imbalanced', 'matchup_imbalanced', 'verdict_agrees', 'passive_rounds_mean', 'point', 'same_as']);

export interface Crossing {
  cell: string;
  parameter: string;
  crossing: number;
  low: number;
  high: number;
  status: string;
  /** The curve the crossing was read from: isotonic (logistic in files from older versions). */
  fit: string;
  /** The faction's value today (NaN when not known). */
  current?: number;
  /** Every list change in the range: [v, v + 1]. */
  listSteps?: [number, number][];
  /** `ambiguous`: every crossing. */
  crossings?: number[];
  /** What to do next. */
  advice?: string;
  /** The stronger policy's re-check of the status (crossing.csv's confirmation columns), in words; '' when none. */
  confirmation?: string;
}

/** A crossing's confirmation columns in words: "search: not confirmed (at 25: 58.3% [44.3, 71.2] in 48 games; …)". */
function confirmationOf(t: CsvTable, r: string[]): string {
  const at = (n: string): string => {
    const i = t.columns.indexOf(n);
    return i >= 0 ? r[i] : '';
  };
  if (at('confirmation') === '') return '';
  const list = (n: string): string[] => at(n).split(' ');
  const xs = list('confirm_x');
  const [games, rate, low, high] = ['confirm_games', 'confirm_rate', 'confirm_low', 'confirm_high'].map(list);
  const p1 = (x: string): string => (100 * Number(x)).toFixed(1);
  const points = xs.map((x, i) => `at ${x}: ${p1(rate[i])}% [${p1(low[i])}, ${p1(high[i])}] in ${games[i]} games`);
  return `${at('confirm_policy')} on both sides, same seeds and seats: ${at('confirmation')} (${points.join('; ')}; paired test between the players p ${list('confirm_tiers_p').join(', ')})`;
}

function readCrossings(t: CsvTable | null): Crossing[] {
  if (!t) return [];
  const [iC, iP, iX, iLo, iHi, iS] = ['cell', 'parameter', 'crossing', 'crossing_low', 'crossing_high', 'status'].map((n) => col(t, n));
  // Columns added by later versions are optional: older crossing.csv files still read.
  const [iF, iCur, iSteps, iAll, iAdv] = ['fit', 'current', 'list_steps', 'crossings', 'advice'].map((n) => t.columns.indexOf(n));
  const at = (r: string[], i: number): string => (i >= 0 ? r[i] : '');
  return t.rows.map((r) => ({
    cell: r[iC],
    parameter: r[iP],
    crossing: num(r[iX]),
    low: num(r[iLo]),
    high: num(r[iHi]),
    status: r[iS],
    fit: iF >= 0 ? r[iF] : 'logistic',
    current: num(at(r, iCur)),
    listSteps: at(r, iSteps)
      .split(' ')
      .filter((x) => x !== '')
      .map((x) => x.split('|').map(Number) as [number, number]),
    crossings: at(r, iAll)
      .split(' ')
      .filter((x) => x !== '')
      .map(Number),
    advice: at(r, iAdv),
    confirmation: confirmationOf(t, r),
  }));
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
    case 'inside': {
      const lo = Number.isNaN(c.low) ? `below ${fmt(range[0])}` : fmt(c.low);
      const hi = Number.isNaN(c.high) ? `above ${fmt(range[1])}` : fmt(c.high);
      return `fair ${what} ${fmt(c.crossing)}${unit}, 95% interval ${lo}–${hi}${unit}`;
    }
    case 'below-range':
      return `no fair ${what} inside the swept range ${fmt(range[0])}–${fmt(range[1])}${unit}: army A's win rate never reaches 50% there; the fair value lies below ${fmt(range[0])}${Number.isNaN(c.high) ? '' : `, though its 95% interval reaches up to ${fmt(c.high)}`}`;
    case 'above-range':
      return `no fair ${what} inside the swept range ${fmt(range[0])}–${fmt(range[1])}${unit}: army A's win rate never reaches 50% there; the fair value lies above ${fmt(range[1])}${Number.isNaN(c.low) ? '' : `, though its 95% interval reaches down to ${fmt(c.low)}`}`;
    case 'flat':
      return `no trend within the noise: ${c.parameter} from ${fmt(range[0])} to ${fmt(range[1])} does not move army A's win rate measurably`;
    case 'step':
      return `a list step between ${fmt(c.low)} and ${fmt(c.high)}${unit}: army A's win rate crosses 50% where the list changes, so at these lists no ${what} between them is fair`;
    case 'plateau':
      return `a plateau: army A's win rate is within noise of 50% ${plateauSpan(c, unit)}, so any ${what} there is fair under these bots`;
    case 'ambiguous':
      return `ambiguous: army A's win rate crosses 50% more than once (at ${(c.crossings ?? []).map(fmt).join(', ')}${unit}); no single ${what} is fair`;
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
  /** sweep.csv's same_as: the grid point whose very games these are ('' when its own). */
  sameAs: string;
}

function readPoints(sweep: CsvTable, params: string[]): Map<string, Point[]> {
  const [iCell, iG, iW, iD, iR, iLo, iHi] = ['cell', 'games', 'wins_a', 'draws', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high'].map((n) => col(sweep, n));
  const iX = col(sweep, params[0]);
  const iY = params.length > 1 ? col(sweep, params[1]) : -1;
  const iSame = sweep.columns.indexOf('same_as');
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
      sameAs: iSame >= 0 ? r[iSame] : '',
    });
  }
  for (const ps of out.values()) ps.sort((a, b) => a.x - b.x || (a.y ?? 0) - (b.y ?? 0));
  return out;
}

/** Where a list's stretch of values begins and ends, from the list steps: the values between the steps around x, within the range. */
function listSpan(x: number, steps: readonly [number, number][], range: [number, number]): [number, number] {
  let lo = range[0];
  let hi = range[1];
  for (const [a, b] of steps) {
    if (b <= x) lo = Math.max(lo, b);
    if (a >= x) hi = Math.min(hi, a);
  }
  return [lo, hi];
}

/**
 * One cell of a one-parameter sweep: rate with its band, the fitted curve
 * (held level over each list and stepping where the list changes, when the
 * sweep has list steps), the 50% line, the verdict's value or stretch, the
 * faction's current value; points playing the same games are drawn once.
 */
function curveChart(cell: string, index: number, param: string, all: Point[], c: Crossing | undefined): Chart {
  const xs = all.map((p) => p.x);
  const range: [number, number] = [Math.min(...xs), Math.max(...xs)];
  // Grid points that play an earlier point's very games are one point of the fit.
  const points = all.filter((p) => p.sameAs === '');
  const binomial = points.map((p) => ({ x: p.x, successes: p.successes, trials: p.games }));
  const lf = logisticFit(binomial);
  const logistic = c?.fit === 'logistic';
  const steps = c?.listSteps ?? [];
  const iso = isotonicFit(binomial, lf.b >= 0).fitted;
  const fitted = (x: number): number => {
    if (logistic) return logisticAt(lf, x);
    // A point playing an earlier point's games has that point's fit: same_as names it ("name=value").
    const to = all.find((p) => p.x === x)?.sameAs ?? '';
    const at = to === '' ? x : Number(to.slice(to.lastIndexOf('=') + 1));
    const i = points.findIndex((p) => p.x === at);
    return i >= 0 ? iso[i] : Number.NaN;
  };
  let curve: { x: number; fit: number }[];
  if (logistic) {
    curve = Array.from({ length: 61 }, (_, i) => {
      const x = range[0] + ((range[1] - range[0]) * i) / 60;
      return { x: r4(x), fit: pct(logisticAt(lf, x)) };
    });
  } else if (steps.length > 0) {
    // Each list's level held over its stretch; the line drops where the list changes.
    curve = points.flatMap((p, i) => {
      const [lo, hi] = listSpan(p.x, steps, range);
      return lo === hi
        ? [{ x: p.x, fit: pct(iso[i]) }]
        : [
            { x: lo, fit: pct(iso[i]) },
            { x: hi, fit: pct(iso[i]) },
          ];
    });
  } else {
    curve = points.map((p, i) => ({ x: p.x, fit: pct(iso[i]) }));
  }
  const data = all.map((p) => ({ x: p.x, rate: pct(p.rate), low: pct(p.low), high: pct(p.high), games: p.games, same: p.sameAs }));
  const words = c ? verdict(c, range) : 'no crossing.csv row for this cell';
  const cost = /cost|points/i.test(param);
  const x = { field: 'x', type: 'quantitative' as const, title: `${param}${cost ? ' (points)' : ''}`, scale: { zero: false, padding: 12 } };
  const layer: object[] = [
    {
      data: { values: data },
      mark: { type: 'area', opacity: 0.25, color: '#4a6a8a' },
      encoding: { x, y: { field: 'low', type: 'quantitative', title: "army A's win rate (%)", scale: { domain: [0, 100] } }, y2: { field: 'high' } },
    },
    {
      data: { values: data },
      mark: { type: 'point', filled: true, color: '#1f3f66', size: 50 },
      encoding: {
        x,
        y: { field: 'rate', type: 'quantitative' },
        tooltip: [{ field: 'x', title: param }, { field: 'rate' }, { field: 'low' }, { field: 'high' }, { field: 'games' }, { field: 'same', title: 'same games as' }],
      },
    },
    { data: { values: [{ y: 50 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
  ];
  layer.push({ data: { values: curve }, mark: { type: 'line', color: '#d35400', strokeWidth: 2 }, encoding: { x, y: { field: 'fit', type: 'quantitative' } } });
  const inRange = steps.filter(([a, b]) => a >= range[0] && b <= range[1]);
  if (inRange.length > 0) {
    layer.push({
      data: { values: inRange.map(([a, b]) => ({ x: (a + b) / 2, label: `${a}|${b}` })) },
      mark: { type: 'rule', color: '#7f8c8d', strokeDash: [2, 3] },
      encoding: { x: { field: 'x', type: 'quantitative' }, tooltip: [{ field: 'label', title: 'list changes' }] },
    });
  }
  const status = c?.status;
  const stretch = status === 'inside' || status === 'step' || status === 'plateau';
  if (c && stretch) {
    const lo = Number.isNaN(c.low) ? range[0] : c.low;
    const hi = Number.isNaN(c.high) ? range[1] : c.high;
    const label = status === 'inside' ? `fair at ${fmt(c.crossing)}` : status === 'step' ? `step ${fmt(c.low)}|${fmt(c.high)}` : `plateau ${plateauSpan(c, '')}`;
    // A plateau is a stretch, not a point: its band alone, labelled at its left edge.
    const at = status === 'inside' ? c.crossing : status === 'step' ? (lo + hi) / 2 : lo;
    layer.push({ data: { values: [{ lo, hi }] }, mark: { type: 'rect', color: '#27ae60', opacity: 0.18 }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } });
    if (status !== 'plateau') layer.push({ data: { values: [{ x: at, label }] }, mark: { type: 'rule', color: '#27ae60', strokeWidth: 2 }, encoding: { x: { field: 'x', type: 'quantitative' } } });
    layer.push({
      data: { values: [{ x: at, label }] },
      mark: { type: 'text', color: '#1e8449', dx: 4, align: 'left', baseline: 'top', y: 4, fontWeight: 'bold' },
      encoding: { x: { field: 'x', type: 'quantitative' }, text: { field: 'label' } },
    });
  }
  const current = c?.current;
  if (current !== undefined && Number.isFinite(current)) {
    layer.push(
      { data: { values: [{ x: current }] }, mark: { type: 'rule', color: '#8e44ad', strokeWidth: 1.5, strokeDash: [8, 3] }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      {
        data: { values: [{ x: current, label: `now ${fmt(current)}` }] },
        mark: { type: 'text', color: '#8e44ad', dx: 4, align: 'left', baseline: 'bottom', y: 256 },
        encoding: { x: { field: 'x', type: 'quantitative' }, text: { field: 'label' } },
      },
    );
  }
  // Points playing the same games, named once: "30, 35 and 40 play the very same games".
  const shared = new Map<string, number[]>();
  for (const p of all) if (p.sameAs !== '') shared.set(p.sameAs, [...(shared.get(p.sameAs) ?? []), p.x]);
  const sharedWords = [...shared].map(([to, more]) => {
    const first = to.includes('=') ? to.slice(to.lastIndexOf('=') + 1) : to;
    const names = [first, ...more.map(fmt)];
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} play the same lists (the very same games, fitted once)`;
  });
  const curveWords = logistic
    ? 'the logistic fit'
    : steps.length > 0
      ? 'the monotone fit, held level over each list and stepping where the list changes (grey dotted lines)'
      : 'the monotone (isotonic) fit the crossing is read from';
  const caption =
    `${words[0].toUpperCase()}${words.slice(1)}.` +
    (c?.confirmation ? ` Re-checked by ${c.confirmation}.` : '') +
    (c?.advice ? ` Next: ${c.advice}.` : '') +
    (sharedWords.length > 0 ? ` ${sharedWords.join('; ')}.` : '') +
    ` Dots: army A's win rate (draws half) at each value, band: its 95% interval, orange: ${curveWords}` +
    `${stretch ? `, green: the ${status === 'inside' ? 'crossing and its 95% interval' : status === 'step' ? 'list step where 50% falls' : 'stretch fair within the noise'}` : ''}` +
    `${current !== undefined && Number.isFinite(current) ? `, purple: the value today (${fmt(current)})` : ''}.`;
  return {
    id: `sweep-${index}`,
    title: `Win rate against ${param}: ${cell}`,
    caption,
    spec: { width: 560, height: 260, layer } as Chart['spec'],
    table: {
      columns: [param, 'games', 'win rate A %', '95% low %', '95% high %', 'fitted %', 'same games as'],
      rows: data.map((d) => [d.x, d.games, cellText(d.rate), cellText(d.low), cellText(d.high), cellText(pct(fitted(d.x))), d.same]),
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
      if (c) {
        lines.push(`${cell}: ${verdict(c, [Math.min(...xs), Math.max(...xs)])}.${c.confirmation ? ` Re-checked by ${c.confirmation}.` : ''}${c.advice ? ` Next: ${c.advice}.` : ''}`);
      }
      charts.push(curveChart(cell, i++, params[0], points, c));
    } else {
      charts.push(gridChart(cell, i++, params, points));
    }
  }
  return [{ heading: params.length === 1 ? `Fair ${params[0]}` : `Sweep over ${params.join(' × ')}`, lines, charts }];
}

/** A plateau's stretch in words; an empty end reaches past the swept range (every value beyond plays the same games). */
function plateauSpan(c: { low: number; high: number }, unit: string): string {
  if (Number.isNaN(c.high)) return `from ${fmt(c.low)}${unit} on`;
  if (Number.isNaN(c.low)) return `up to ${fmt(c.high)}${unit}`;
  return `from ${fmt(c.low)} to ${fmt(c.high)}${unit}`;
}
