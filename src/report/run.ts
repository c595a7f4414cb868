import { wilsonInterval } from '../stats/index.js';
import { col, num, optCol } from './csv.js';
import { cellText, fiveNumbers, niceStep, pct, r4 } from './numbers.js';
import type { Chart, ColumnTable, CsvTable, Section } from './types.js';

/** A cell of summary.csv (or sweep.csv) as the charts need it. */
export interface CellRow {
  key: string;
  label: string;
  scenario: string;
  armyA: string;
  armyB: string;
  policies: string;
  games: number;
  winRate: number;
  low: number;
  high: number;
  /** Holm flags (issue 16); null when the summary has no such column. */
  matchupFlag: boolean | null;
  firstSeatFlag: boolean | null;
  marginMean: number;
  marginLow: number;
  marginHigh: number;
}

const RED = '#c0392b';
const GREY = '#4a6a8a';

/** Reads summary.csv's rows; labels drop the policies when every cell has the same pair. */
export function readCells(summary: CsvTable): CellRow[] {
  const c = (n: string) => col(summary, n);
  const [iCell, iScn, iA, iB, iPa, iPb, iG, iW, iLo, iHi, iM, iMlo, iMhi] = [
    'cell', 'scenario', 'army_a', 'army_b', 'policy_a', 'policy_b', 'games', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high',
    'vp_margin_mean', 'vp_margin_low', 'vp_margin_high',
  ].map(c); // prettier-ignore
  const iMf = optCol(summary, 'matchup_imbalanced');
  const iFf = optCol(summary, 'first_seat_imbalanced');
  const policies = (r: string[]) => `${r[iPa]} vs ${r[iPb]}`;
  const onePair = new Set(summary.rows.map(policies)).size <= 1;
  return summary.rows.map((r) => ({
    key: r[iCell],
    label: `${r[iA]} vs ${r[iB]} · ${r[iScn]}${onePair ? '' : ` · ${policies(r)}`}`,
    scenario: r[iScn],
    armyA: r[iA],
    armyB: r[iB],
    policies: policies(r),
    games: num(r[iG]),
    winRate: num(r[iW]),
    low: num(r[iLo]),
    high: num(r[iHi]),
    matchupFlag: iMf < 0 ? null : r[iMf] === '1',
    firstSeatFlag: iFf < 0 ? null : r[iFf] === '1',
    marginMean: num(r[iM]),
    marginLow: num(r[iMlo]),
    marginHigh: num(r[iMhi]),
  }));
}

const height = (n: number): number => Math.max(60, n * 22);

/** Win rate per cell with its interval, the 50% line, Holm-flagged cells in red. */
export function winRateChart(cells: CellRow[], id = 'win-rate'): Chart {
  const flags = cells[0]?.matchupFlag !== null;
  const data = cells.map((c) => ({
    cell: c.label,
    rate: pct(c.winRate),
    low: pct(c.low),
    high: pct(c.high),
    verdict: c.matchupFlag ? 'imbalanced (Holm)' : flags ? 'within the noise' : 'not tested',
  }));
  const verdicts = flags ? ['imbalanced (Holm)', 'within the noise'] : ['not tested'];
  const colour = { field: 'verdict', type: 'nominal' as const, title: 'verdict', scale: { domain: verdicts, range: flags ? [RED, GREY] : [GREY] } };
  const y = { field: 'cell', type: 'nominal' as const, title: null, sort: null, axis: { labelLimit: 600 } };
  return {
    id,
    title: "Army A's win rate per cell",
    caption: flags
      ? 'A dot is army A’s win rate (a draw counts half), the bar its 95% Wilson interval; red cells differ from 50% after a Holm correction over all cells (α = 0.05).'
      : 'A dot is army A’s win rate (a draw counts half), the bar its 95% Wilson interval; a cell whose bar misses the dashed 50% line leans one way (this summary has no Holm flags).',
    spec: {
      width: 520,
      height: height(cells.length),
      data: { values: data },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'low', type: 'quantitative', title: "army A's win rate (%)", scale: { domain: [0, 100] } }, x2: { field: 'high' }, color: colour } },
        { mark: { type: 'point', filled: true, size: 60 }, encoding: { y, x: { field: 'rate', type: 'quantitative' }, color: colour, tooltip: [{ field: 'cell' }, { field: 'rate', title: 'win rate %' }, { field: 'low' }, { field: 'high' }] } },
        { data: { values: [{ x: 50 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      ],
    },
    table: {
      columns: ['cell', 'games', 'win rate A %', '95% low %', '95% high %', 'Holm flag'],
      rows: cells.map((c, i) => [c.label, c.games, cellText(data[i].rate), cellText(data[i].low), cellText(data[i].high), c.matchupFlag === null ? '' : c.matchupFlag ? 'imbalanced' : '-']),
    },
  };
}

/** Games grouped by cell: VP of each side and first-seat results, in one pass over games.csv. */
interface CellGames {
  vpA: number[];
  vpB: number[];
}

function groupGames(games: ColumnTable): { byCell: Map<string, CellGames>; seat: Map<string, { wins: number; n: number }> } {
  const [cell, scenario, first, winner, vpA, vpB] = ['cell', 'scenario', 'first_seat', 'winner', 'vp_a', 'vp_b'].map((n) => games.get(n));
  const byCell = new Map<string, CellGames>();
  const seat = new Map<string, { wins: number; n: number }>();
  for (let i = 0; i < games.rows; i++) {
    let g = byCell.get(cell[i]);
    if (!g) byCell.set(cell[i], (g = { vpA: [], vpB: [] }));
    g.vpA.push(Number(vpA[i]));
    g.vpB.push(Number(vpB[i]));
    let s = seat.get(scenario[i]);
    if (!s) seat.set(scenario[i], (s = { wins: 0, n: 0 }));
    s.n++;
    // Player 1 won when the winner is the army that held the first seat; a draw counts half.
    if (winner[i] === 'draw') s.wins += 0.5;
    else if (winner[i] === first[i]) s.wins++;
  }
  return { byCell, seat };
}

/** First-seat win rate per scenario, pooled over its cells. */
function firstSeatChart(seat: Map<string, { wins: number; n: number }>, cells: CellRow[]): Chart {
  const data = [...seat].map(([scenario, s]) => {
    const w = wilsonInterval(s.wins, s.n);
    const flagged = cells.filter((c) => c.scenario === scenario && c.firstSeatFlag).length;
    return { scenario, games: s.n, rate: pct(w.p), low: pct(w.low), high: pct(w.high), flagged };
  });
  const y = { field: 'scenario', type: 'nominal' as const, title: 'scenario', sort: null };
  const hasFlags = cells[0]?.firstSeatFlag !== null;
  return {
    id: 'first-seat',
    title: 'First-seat advantage per scenario',
    caption: 'How often player 1 (who deploys on the y = 0 edge) wins, all matchups of the scenario pooled, with its 95% interval: right of the dashed line the first seat helps.',
    spec: {
      width: 520,
      height: height(data.length),
      data: { values: data },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2, color: GREY }, encoding: { y, x: { field: 'low', type: 'quantitative', title: 'first-seat win rate (%)', scale: { domain: [0, 100] } }, x2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 60, color: GREY }, encoding: { y, x: { field: 'rate', type: 'quantitative' }, tooltip: [{ field: 'scenario' }, { field: 'rate' }, { field: 'low' }, { field: 'high' }] } },
        { data: { values: [{ x: 50 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      ],
    },
    table: {
      columns: ['scenario', 'games', 'first-seat win rate %', '95% low %', '95% high %', ...(hasFlags ? ['cells flagged (Holm)'] : [])],
      rows: data.map((d) => [d.scenario, d.games, cellText(d.rate), cellText(d.low), cellText(d.high), ...(hasFlags ? [d.flagged] : [])]),
    },
  };
}

/** Army × army heatmap per scenario: each square is the row army's win rate against the column army. */
function matchupChart(cells: CellRow[]): Chart {
  const data: { group: string; army: string; opponent: string; rate: number }[] = [];
  const onePair = new Set(cells.map((c) => c.policies)).size <= 1;
  for (const c of cells) {
    const group = onePair ? c.scenario : `${c.scenario} · ${c.policies}`;
    data.push({ group, army: c.armyA, opponent: c.armyB, rate: pct(c.winRate) });
    if (c.armyA !== c.armyB) data.push({ group, army: c.armyB, opponent: c.armyA, rate: pct(1 - c.winRate) });
  }
  const armies = [...new Set(cells.flatMap((c) => [c.armyA, c.armyB]))].sort();
  const enc = {
    x: { field: 'opponent', type: 'nominal' as const, title: 'against (opponent army)', sort: armies, axis: { labelAngle: -30 } },
    y: { field: 'army', type: 'nominal' as const, title: 'army', sort: armies },
  };
  return {
    id: 'matchups',
    title: 'Matchup matrix',
    caption: 'Each square is the row army’s win rate (%) against the column army on that scenario: red favours the row army, blue the column army, white is even.',
    spec: {
      data: { values: data },
      facet: { column: { field: 'group', type: 'nominal', title: 'scenario', sort: null } },
      spec: {
        width: Math.max(90, armies.length * 60),
        height: Math.max(90, armies.length * 40),
        encoding: enc,
        layer: [
          { mark: 'rect', encoding: { color: { field: 'rate', type: 'quantitative', title: 'win rate (%)', scale: { domain: [0, 100], scheme: 'redblue', reverse: true, domainMid: 50 } } } },
          { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: 'rate', type: 'quantitative', format: '.1f' } } },
        ],
      },
    },
    table: {
      columns: ['scenario', 'army', 'against', 'win rate %'],
      rows: data.map((d) => [d.group, d.army, d.opponent, cellText(d.rate)]),
    },
  };
}

/** Box plots of each side's VP per cell (quartiles computed here: a 100,000-game run stays fast). */
function vpChart(cells: CellRow[], byCell: Map<string, CellGames>): Chart {
  const data = cells.flatMap((c) => {
    const g = byCell.get(c.key) ?? { vpA: [], vpB: [] };
    return [
      { cell: c.label, side: `army A`, army: c.armyA, ...fiveNumbers(g.vpA.slice()) },
      { cell: c.label, side: `army B`, army: c.armyB, ...fiveNumbers(g.vpB.slice()) },
    ];
  });
  const y = { field: 'cell', type: 'nominal' as const, title: null, sort: null, axis: { labelLimit: 600 } };
  const yOffset = { field: 'side', type: 'nominal' as const };
  const color = { field: 'side', type: 'nominal' as const, title: 'side', scale: { range: ['#1f5fbf', '#c0392b'] } };
  return {
    id: 'vp',
    title: 'Victory Points per side',
    caption: 'Each box spans the middle half of a side’s final VP in that cell, the white tick is the median, the whisker runs from the lowest to the highest score.',
    spec: {
      width: 520,
      height: height(cells.length) * 1.6,
      data: { values: data },
      encoding: { y, yOffset, color },
      layer: [
        { mark: 'rule', encoding: { x: { field: 'min', type: 'quantitative', title: 'Victory Points at the end (VP)' }, x2: { field: 'max' } } },
        { mark: { type: 'bar', size: 9 }, encoding: { x: { field: 'q1', type: 'quantitative' }, x2: { field: 'q3' }, tooltip: [{ field: 'cell' }, { field: 'army' }, { field: 'median' }, { field: 'mean' }] } },
        { mark: { type: 'tick', color: 'white', size: 9, thickness: 2 }, encoding: { x: { field: 'median', type: 'quantitative' } } },
      ],
    },
    table: {
      columns: ['cell', 'side', 'army', 'mean VP', 'min', 'lower quartile', 'median', 'upper quartile', 'max'],
      rows: data.map((d) => [d.cell, d.side, d.army, cellText(r4(d.mean)), cellText(d.min), cellText(r4(d.q1)), cellText(r4(d.median)), cellText(r4(d.q3)), cellText(d.max)]),
    },
  };
}

/** The distribution of army A's VP minus army B's per cell, as a heat strip, with its mean. */
function marginChart(cells: CellRow[], byCell: Map<string, CellGames>): Chart {
  let lo = Infinity;
  let hi = -Infinity;
  const margins = cells.map((c) => {
    const g = byCell.get(c.key) ?? { vpA: [], vpB: [] };
    const m = g.vpA.map((a, i) => a - g.vpB[i]);
    for (const x of m) {
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    return m;
  });
  if (!(lo <= hi)) lo = hi = 0;
  const step = niceStep(lo, hi, 30);
  const start = Math.floor(lo / step) * step;
  const data: { cell: string; from: number; to: number; share: number; games: number }[] = [];
  const stats = cells.map((c, i) => {
    const counts = new Map<number, number>();
    let ahead = 0;
    let level = 0;
    for (const x of margins[i]) {
      const b = start + Math.floor((x - start) / step) * step;
      counts.set(b, (counts.get(b) ?? 0) + 1);
      if (x > 0) ahead++;
      else if (x === 0) level++;
    }
    const n = margins[i].length;
    for (const [b, k] of [...counts].sort((p, q) => p[0] - q[0])) data.push({ cell: c.label, from: b, to: b + step, share: pct(k / n), games: k });
    return { ahead: n ? pct(ahead / n) : NaN, level: n ? pct(level / n) : NaN };
  });
  const y = { field: 'cell', type: 'nominal' as const, title: null, sort: null, axis: { labelLimit: 600 } };
  const means = cells.map((c) => ({ cell: c.label, mean: r4(c.marginMean), low: r4(c.marginLow), high: r4(c.marginHigh) }));
  return {
    id: 'vp-margin',
    title: 'VP margin (army A minus army B)',
    caption: `Each row shows how a cell's games ended in VP margin (${step}-VP bins, darker = more games); the black mark is the mean margin and its 95% interval: right of 0 favours army A.`,
    spec: {
      width: 520,
      height: height(cells.length),
      layer: [
        {
          data: { values: data },
          mark: 'rect',
          encoding: {
            y,
            x: { field: 'from', type: 'quantitative', title: "army A's VP minus army B's (VP)" },
            x2: { field: 'to' },
            color: { field: 'share', type: 'quantitative', title: 'games (%)', scale: { scheme: 'greys' } },
            tooltip: [{ field: 'cell' }, { field: 'from', title: 'margin from' }, { field: 'to', title: 'to' }, { field: 'games' }],
          },
        },
        { data: { values: [{ x: 0 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#1f5fbf' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
        { data: { values: means }, mark: { type: 'rule', color: '#d35400', strokeWidth: 2 }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
        { data: { values: means }, mark: { type: 'tick', color: '#000', thickness: 3 }, encoding: { y, x: { field: 'mean', type: 'quantitative' } } },
      ],
    },
    table: {
      columns: ['cell', 'mean margin VP', '95% low', '95% high', 'A ahead %', 'level %'],
      rows: means.map((m, i) => [m.cell, cellText(m.mean), cellText(m.low), cellText(m.high), cellText(stats[i].ahead), cellText(stats[i].level)]),
    },
  };
}

/** The run report's charts: what summary.csv and games.csv say. */
export function runSections(summary: CsvTable, games: ColumnTable | null): Section[] {
  const cells = readCells(summary);
  const charts: Chart[] = [winRateChart(cells)];
  if (games) {
    const { byCell, seat } = groupGames(games);
    charts.push(firstSeatChart(seat, cells), matchupChart(cells), vpChart(cells, byCell), marginChart(cells, byCell));
  } else {
    charts.push(matchupChart(cells));
  }
  const flagged = cells.filter((c) => c.matchupFlag).length;
  const lines = [`${cells.length} cells, ${cells.reduce((s, c) => s + (c.games || 0), 0).toLocaleString('en')} games.`];
  if (cells[0]?.matchupFlag !== null) lines.push(flagged === 0 ? 'No cell is imbalanced after the Holm correction.' : `${flagged} of ${cells.length} cells are imbalanced after the Holm correction (red below).`);
  return [{ heading: 'Balance of the run', lines, charts }];
}
