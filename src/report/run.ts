import type { TopLevelSpec } from 'vega-lite';
import { wilsonInterval } from '../stats/index.js';
import { col, num, optCol } from './csv.js';
import { cellText, fiveNumbers, niceStep, p3, pct, r1 } from './numbers.js';
import type { Chart, ColumnTable, CsvTable, PlainTable, Section } from './types.js';

/** A cell of summary.csv (or sweep.csv) as the charts need it. */
export interface CellRow {
  key: string;
  /** The matchup ("a vs b"): the row label inside its scenario's facet. */
  label: string;
  /** The facet the cell is drawn in: its scenario, and its policy pair when the run has several (bot tiers). */
  group: string;
  scenario: string;
  armyA: string;
  armyB: string;
  policies: string;
  games: number;
  winRate: number;
  low: number;
  high: number;
  /** The first seat's win rate (draws half); NaN when the summary has none. */
  firstSeatRate: number;
  /** Holm flags; null when the summary has no such column. */
  matchupFlag: boolean | null;
  firstSeatFlag: boolean | null;
  /** Holm-adjusted p-values of the sign tests (NaN when the summary has none). */
  matchupP: number;
  firstSeatP: number;
  /** '1', '0' or '' (no other tier), as summary.csv says. */
  verdictAgrees: string;
  marginMean: number;
  marginLow: number;
  marginHigh: number;
  /** Each flag's re-check by the stronger policy on the same seeds and seats (summary.csv's confirmation columns); null when it has none. */
  matchupConfirm: Confirmation | null;
  firstSeatConfirm: Confirmation | null;
}

/** A flag's confirmation as summary.csv gives it. */
export interface Confirmation {
  policy: string;
  verdict: string;
  games: number;
  /** The stronger tier's rate (army A's or the first seat's) with its 95% interval. */
  rate: number;
  low: number;
  high: number;
  /** The paired test between the tiers on the same games. */
  tiersP: number;
}

/** A flag's confirmation from its summary.csv columns (`matchup` or `first_seat`), null without. */
function readConfirmation(summary: CsvTable, r: string[], kind: 'matchup' | 'first_seat'): Confirmation | null {
  const at = (name: string): string => {
    const i = optCol(summary, name);
    return i < 0 ? '' : r[i];
  };
  const verdict = at(`${kind}_confirmation`);
  if (verdict === '') return null;
  return {
    policy: at('confirm_policy'),
    verdict,
    games: num(at(`${kind}_confirm_games`)),
    rate: num(at(`${kind}_confirm_rate`)),
    low: num(at(`${kind}_confirm_low`)),
    high: num(at(`${kind}_confirm_high`)),
    tiersP: num(at(`${kind}_tiers_p`)),
  };
}

const RED = '#c0392b';
const GREY = '#4a6a8a';
const SIDE = ['#1f5fbf', '#c0392b'];
/** Plot widths: the page at full width, and on a phone (the labels take the rest). */
const WIDE = 520;
const NARROW = 170;

/** Reads summary.csv's rows; the policy pair joins the facet only when the run has several. */
export function readCells(summary: CsvTable): CellRow[] {
  const c = (n: string) => col(summary, n);
  const [iCell, iScn, iA, iB, iPa, iPb, iG, iW, iLo, iHi, iM, iMlo, iMhi] = [
    'cell', 'scenario', 'army_a', 'army_b', 'policy_a', 'policy_b', 'games', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high',
    'vp_margin_mean', 'vp_margin_low', 'vp_margin_high',
  ].map(c); // prettier-ignore
  const iMf = optCol(summary, 'matchup_imbalanced');
  const iFf = optCol(summary, 'first_seat_imbalanced');
  const iMp = optCol(summary, 'matchup_p_holm');
  const iFp = optCol(summary, 'first_seat_p_holm');
  const iVa = optCol(summary, 'verdict_agrees');
  const iFs = optCol(summary, 'first_seat_win_rate');
  const policies = (r: string[]) => `${r[iPa]} vs ${r[iPb]}`;
  const onePair = new Set(summary.rows.map(policies)).size <= 1;
  return summary.rows.map((r) => ({
    key: r[iCell],
    label: `${r[iA]} vs ${r[iB]}`,
    group: onePair ? r[iScn] : `${r[iScn]} · ${policies(r)}`,
    scenario: r[iScn],
    armyA: r[iA],
    armyB: r[iB],
    policies: policies(r),
    games: num(r[iG]),
    winRate: num(r[iW]),
    low: num(r[iLo]),
    high: num(r[iHi]),
    firstSeatRate: iFs < 0 ? NaN : num(r[iFs]),
    matchupFlag: iMf < 0 ? null : r[iMf] === '1',
    firstSeatFlag: iFf < 0 ? null : r[iFf] === '1',
    matchupP: iMp < 0 ? NaN : num(r[iMp]),
    firstSeatP: iFp < 0 ? NaN : num(r[iFp]),
    verdictAgrees: iVa < 0 ? '' : r[iVa],
    marginMean: num(r[iM]),
    marginLow: num(r[iMlo]),
    marginHigh: num(r[iMhi]),
    matchupConfirm: readConfirmation(summary, r, 'matchup'),
    firstSeatConfirm: readConfirmation(summary, r, 'first_seat'),
  }));
}

/** Cells in facets: one facet a scenario (and policy pair), its rows the matchups, each facet titled above its rows. */
const header = { labelAngle: 0, labelOrient: 'top' as const, labelAnchor: 'start' as const, labelFontSize: 12, labelFontWeight: 'bold' as const, labelPadding: 4, labelLimit: 0 };
/** On a phone the title breaks at " · " (scenario, then policies) so it stays over the plot. */
/** Facets in the experiment's order (summary.csv's), as the tables list them: vega-lite sorts facets by name unless given the order. */
const inOrder = (xs: string[]): string[] => [...new Set(xs)];
const rowFacetFor = (width: number, cells: CellRow[]) => ({
  field: 'group',
  type: 'nominal' as const,
  title: null,
  sort: inOrder(cells.map((c) => c.group)),
  header: width < WIDE ? { ...header, labelExpr: "split(datum.label, ' · ')" } : header,
});
const rowsOf = (cells: CellRow[]): number => Math.max(1, ...[...new Set(cells.map((c) => c.group))].map((g) => cells.filter((c) => c.group === g).length));
const yCell = { field: 'cell', type: 'nominal' as const, title: null, sort: null, axis: { labelLimit: 260 } };

/**
 * Win rate per cell with its interval and the 50% line. The colour is the
 * flag of summary.csv: the exact sign test on the cell's seat-swapped game
 * pairs, Holm-adjusted over all cells (balance.ts) - not the interval drawn.
 */
export function winRateChart(cells: CellRow[], id = 'win-rate'): Chart {
  const flags = cells[0]?.matchupFlag !== null;
  const data = cells.map((c) => ({
    group: c.group,
    cell: c.label,
    rate: pct(c.winRate),
    low: pct(c.low),
    high: pct(c.high),
    verdict: c.matchupFlag ? 'one army ahead (sign test, Holm)' : flags ? 'within the noise' : 'not tested',
  }));
  const verdicts = flags ? ['one army ahead (sign test, Holm)', 'within the noise'] : ['not tested'];
  const colour = {
    field: 'verdict',
    type: 'nominal' as const,
    title: 'verdict',
    scale: { domain: verdicts, range: flags ? [RED, GREY] : [GREY] },
    legend: { orient: 'bottom' as const, direction: 'vertical' as const, labelLimit: 0 },
  };
  const spec = (width: number): TopLevelSpec => ({
    data: { values: data },
    facet: { row: rowFacetFor(width, cells) },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width,
      height: rowsOf(cells) * 22,
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { y: yCell, x: { field: 'low', type: 'quantitative', title: "army A's win rate (%)", scale: { domain: [0, 100] } }, x2: { field: 'high' }, color: colour },
        },
        {
          mark: { type: 'point', filled: true, size: 60 },
          encoding: { y: yCell, x: { field: 'rate', type: 'quantitative' }, color: colour, tooltip: [{ field: 'cell' }, { field: 'rate', title: 'win rate %' }, { field: 'low' }, { field: 'high' }] },
        },
        { mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { datum: 50 } } },
      ],
    },
  });
  return {
    id,
    title: "Army A's win rate per cell",
    caption: flags
      ? 'A dot is army A’s win rate (a draw counts half), the bar its 95% Wilson interval. Red: the cell is flagged imbalanced - an exact sign test on its seat-swapped game pairs (which army won more of each pair; tied pairs left out) finds one army ahead after a Holm correction over all cells (α = 0.05, p in the table). The test and the interval count differently, so a red bar may still touch 50%.'
      : 'A dot is army A’s win rate (a draw counts half), the bar its 95% Wilson interval; a cell whose bar misses the dashed 50% line leans one way (this summary has no Holm flags).',
    spec: spec(WIDE),
    narrow: spec(NARROW),
    table: {
      columns: ['scenario', 'cell', 'games', 'win rate A %', '95% low %', '95% high %', ...(flags ? ['sign test p (Holm)', 'flag'] : [])],
      rows: cells.map((c, i) => [
        c.group,
        c.label,
        c.games,
        cellText(data[i].rate),
        cellText(data[i].low),
        cellText(data[i].high),
        ...(flags ? [p3(c.matchupP), c.matchupFlag ? `imbalanced${c.matchupConfirm ? ` (${c.matchupConfirm.policy}: ${c.matchupConfirm.verdict})` : ''}` : '-'] : []),
      ]),
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
    const of = cells.filter((c) => c.scenario === scenario).length;
    return { scenario, games: s.n, rate: pct(w.p), low: pct(w.low), high: pct(w.high), flagged, of };
  });
  const y = { field: 'scenario', type: 'nominal' as const, title: null, sort: null };
  const hasFlags = cells[0]?.firstSeatFlag !== null;
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: Math.max(60, data.length * 24),
    data: { values: data },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2, color: GREY },
        encoding: { y, x: { field: 'low', type: 'quantitative', title: 'first-seat win rate (%)', scale: { domain: [0, 100] } }, x2: { field: 'high' } },
      },
      {
        mark: { type: 'point', filled: true, size: 60, color: GREY },
        encoding: { y, x: { field: 'rate', type: 'quantitative' }, tooltip: [{ field: 'scenario' }, { field: 'rate' }, { field: 'low' }, { field: 'high' }] },
      },
      { mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { datum: 50 } } },
    ],
  });
  return {
    id: 'first-seat',
    title: 'First-seat advantage per scenario',
    caption:
      'How often player 1 (who deploys on the y = 0 edge) wins, all matchups of the scenario pooled, with its 95% interval: right of the dashed line the first seat helps.' +
      (hasFlags ? ' The table counts the cells whose first seat the sign test on seat-swapped pairs flags (Holm).' : ''),
    spec: spec(WIDE),
    narrow: spec(NARROW + 60),
    table: {
      columns: ['scenario', 'games', 'first-seat win rate %', '95% low %', '95% high %', ...(hasFlags ? ['cells flagged (sign test, Holm)'] : [])],
      rows: data.map((d) => [d.scenario, d.games, cellText(d.rate), cellText(d.low), cellText(d.high), ...(hasFlags ? [`${d.flagged} of ${d.of}`] : [])]),
    },
  };
}

/** Army × army heatmap per scenario (a column each; a row per policy pair when there are several). */
function matchupChart(cells: CellRow[]): Chart {
  const data: { scenario: string; policies: string; army: string; opponent: string; rate: number }[] = [];
  const onePair = new Set(cells.map((c) => c.policies)).size <= 1;
  for (const c of cells) {
    data.push({ scenario: c.scenario, policies: c.policies, army: c.armyA, opponent: c.armyB, rate: pct(c.winRate) });
    if (c.armyA !== c.armyB) data.push({ scenario: c.scenario, policies: c.policies, army: c.armyB, opponent: c.armyA, rate: pct(1 - c.winRate) });
  }
  const armies = [...new Set(cells.flatMap((c) => [c.armyA, c.armyB]))].sort();
  const head = { labelFontSize: 12, labelFontWeight: 'bold' as const, labelLimit: 0 };
  const enc = {
    x: { field: 'opponent', type: 'nominal' as const, title: 'against', sort: armies, axis: { labelAngle: -30 } },
    y: { field: 'army', type: 'nominal' as const, title: 'army', sort: armies },
  };
  const inner = (legend: 'right' | 'bottom') => ({
    width: Math.max(110, armies.length * 60),
    height: Math.max(90, armies.length * 40),
    encoding: enc,
    layer: [
      {
        mark: 'rect' as const,
        encoding: {
          color: { field: 'rate', type: 'quantitative' as const, title: 'win rate (%)', scale: { domain: [0, 100], scheme: 'redblue', reverse: true, domainMid: 50 }, legend: { orient: legend } },
        },
      },
      { mark: { type: 'text' as const, fontSize: 11 }, encoding: { text: { field: 'rate', type: 'quantitative' as const, format: '.1f' } } },
    ],
  });
  const scenario = { field: 'scenario', type: 'nominal' as const, title: null, sort: inOrder(cells.map((c) => c.scenario)), header: { ...head, labelAngle: 0 } };
  const tier = {
    field: 'policies',
    type: 'nominal' as const,
    title: null,
    sort: inOrder(cells.map((c) => c.policies)),
    header: { ...head, labelAngle: 0, labelOrient: 'top' as const, labelAnchor: 'start' as const },
  };
  const wide: TopLevelSpec = { data: { values: data }, facet: onePair ? { column: scenario } : { row: tier, column: scenario }, spec: inner('right') } as TopLevelSpec;
  // A phone: one column, each square titled by scenario (and policies).
  const narrowData = data.map((d) => ({ ...d, facet: onePair ? d.scenario : `${d.scenario} · ${d.policies}` }));
  const narrow: TopLevelSpec = {
    data: { values: narrowData },
    facet: {
      field: 'facet',
      type: 'nominal',
      title: null,
      sort: inOrder(narrowData.map((d) => d.facet)),
      header: { ...head, labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelExpr: "split(datum.label, ' · ')" },
    },
    columns: 1,
    spec: inner('bottom'),
  } as TopLevelSpec;
  return {
    id: 'matchups',
    title: 'Matchup matrix',
    caption: 'Each square is the row army’s win rate (%) against the column army on that scenario: red favours the row army, blue the column army, white is even.',
    spec: wide,
    narrow,
    table: {
      columns: onePair ? ['scenario', 'army', 'against', 'win rate %'] : ['scenario', 'policies', 'army', 'against', 'win rate %'],
      rows: data.map((d) => (onePair ? [d.scenario, d.army, d.opponent, cellText(d.rate)] : [d.scenario, d.policies, d.army, d.opponent, cellText(d.rate)])),
    },
  };
}

/** Box plots of each side's VP per cell, a facet per scenario with its own scale (quartiles computed here: a 100,000-game run stays fast). */
function vpChart(cells: CellRow[], byCell: Map<string, CellGames>): Chart {
  const data = cells.flatMap((c) => {
    const g = byCell.get(c.key) ?? { vpA: [], vpB: [] };
    return [
      { group: c.group, cell: c.label, side: 'army A', army: c.armyA, ...fiveNumbers(g.vpA.slice()) },
      { group: c.group, cell: c.label, side: 'army B', army: c.armyB, ...fiveNumbers(g.vpB.slice()) },
    ];
  });
  const yOffset = { field: 'side', type: 'nominal' as const };
  const color = { field: 'side', type: 'nominal' as const, title: 'side', scale: { range: SIDE }, legend: { orient: 'bottom' as const } };
  const spec = (width: number): TopLevelSpec => ({
    data: { values: data },
    facet: { row: rowFacetFor(width, cells) },
    // yOffset independent too: shared, it puts both sides on one line (vega-lite).
    resolve: { scale: { x: 'independent', y: 'independent', yOffset: 'independent' }, axis: { x: 'independent' } },
    spec: {
      width,
      height: rowsOf(cells) * 34,
      encoding: { y: yCell, yOffset, color },
      layer: [
        { mark: 'rule', encoding: { x: { field: 'min', type: 'quantitative', title: 'Victory Points at the end (VP)' }, x2: { field: 'max' } } },
        {
          mark: { type: 'bar', size: 11, opacity: 0.55 },
          encoding: { x: { field: 'q1', type: 'quantitative' }, x2: { field: 'q3' }, tooltip: [{ field: 'cell' }, { field: 'army' }, { field: 'median' }, { field: 'mean' }] },
        },
        { mark: { type: 'tick', size: 13, thickness: 3 }, encoding: { x: { field: 'median', type: 'quantitative' }, color: { value: '#000' } } },
      ],
    },
  });
  return {
    id: 'vp',
    title: 'Victory Points per side',
    caption:
      'One panel a scenario, each with its own VP scale: a box spans the middle half of a side’s final VP in that cell, the black tick is the median, the thin line runs from the lowest to the highest score.',
    spec: spec(WIDE),
    narrow: spec(NARROW),
    table: {
      columns: ['scenario', 'cell', 'side', 'army', 'mean VP', 'min', 'lower quartile', 'median', 'upper quartile', 'max'],
      rows: data.map((d) => [d.group, d.cell, d.side, d.army, cellText(r1(d.mean)), cellText(r1(d.min)), cellText(r1(d.q1)), cellText(r1(d.median)), cellText(r1(d.q3)), cellText(r1(d.max))]),
    },
  };
}

/** The distribution of army A's VP minus army B's per cell as a heat strip with its mean, a facet per scenario with its own bins and scale. */
function marginChart(cells: CellRow[], byCell: Map<string, CellGames>): Chart {
  const margins = cells.map((c) => {
    const g = byCell.get(c.key) ?? { vpA: [], vpB: [] };
    return g.vpA.map((a, i) => a - g.vpB[i]);
  });
  // Bins per facet: a scenario's own range.
  const steps = new Map<string, { step: number; start: number }>();
  for (const group of new Set(cells.map((c) => c.group))) {
    let lo = Infinity;
    let hi = -Infinity;
    cells.forEach((c, i) => {
      if (c.group !== group) return;
      for (const x of margins[i]) {
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    });
    if (!(lo <= hi)) lo = hi = 0;
    const step = niceStep(lo, hi, 24);
    steps.set(group, { step, start: Math.floor(lo / step) * step });
  }
  type Row = { kind: 'bin' | 'mean'; group: string; cell: string; from?: number; to?: number; share?: number; games?: number; mean?: number; low?: number; high?: number };
  const data: Row[] = [];
  const stats = cells.map((c, i) => {
    const { step, start } = steps.get(c.group)!;
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
    for (const [b, k] of [...counts].sort((p, q) => p[0] - q[0])) data.push({ kind: 'bin', group: c.group, cell: c.label, from: b, to: b + step, share: pct(k / n), games: k });
    data.push({ kind: 'mean', group: c.group, cell: c.label, mean: r1(c.marginMean), low: r1(c.marginLow), high: r1(c.marginHigh) });
    return { ahead: n ? pct(ahead / n) : NaN, level: n ? pct(level / n) : NaN, step };
  });
  const bins = { filter: "datum.kind === 'bin'" };
  const means = { filter: "datum.kind === 'mean'" };
  const spec = (width: number): TopLevelSpec => ({
    data: { values: data },
    facet: { row: rowFacetFor(width, cells) },
    resolve: { scale: { x: 'independent', y: 'independent' }, axis: { x: 'independent' } },
    spec: {
      width,
      height: rowsOf(cells) * 22,
      layer: [
        {
          transform: [bins],
          mark: 'rect',
          encoding: {
            y: yCell,
            x: { field: 'from', type: 'quantitative', title: "army A's VP minus army B's (VP)" },
            x2: { field: 'to' },
            color: { field: 'share', type: 'quantitative', title: 'games (%)', scale: { scheme: 'greys', domain: [0, 100] }, legend: { orient: 'bottom' } },
            tooltip: [{ field: 'cell' }, { field: 'from', title: 'margin from' }, { field: 'to', title: 'to' }, { field: 'games' }],
          },
        },
        { mark: { type: 'rule', strokeDash: [6, 4], color: '#1f5fbf' }, encoding: { x: { datum: 0 } } },
        { transform: [means], mark: { type: 'rule', color: '#d35400', strokeWidth: 3 }, encoding: { y: yCell, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
        { transform: [means], mark: { type: 'tick', color: '#000', thickness: 3 }, encoding: { y: yCell, x: { field: 'mean', type: 'quantitative' } } },
      ],
    },
  });
  const stepText = [...new Set([...steps.values()].map((s) => s.step))].join(', ');
  return {
    id: 'vp-margin',
    title: 'VP margin (army A minus army B)',
    caption: `One panel a scenario, each with its own scale and bins (${stepText} VP wide): a grey square is the share of the cell's games that ended in that margin (darker = more), the orange bar the 95% interval of the mean margin, the black tick the mean; right of the dashed 0 line favours army A.`,
    spec: spec(WIDE),
    narrow: spec(NARROW),
    table: {
      columns: ['scenario', 'cell', 'mean margin VP', '95% low', '95% high', 'A ahead %', 'level %', 'bin width VP'],
      rows: cells.map((c, i) => [
        c.group,
        c.label,
        cellText(r1(c.marginMean)),
        cellText(r1(c.marginLow)),
        cellText(r1(c.marginHigh)),
        cellText(stats[i].ahead),
        cellText(stats[i].level),
        stats[i].step,
      ]),
    },
  };
}

/** The verdict of each bot tier per matchup and scenario, and whether they agree (summary.csv's verdict_agrees). */
function verdictTable(cells: CellRow[]): PlainTable | null {
  const tiers = [...new Set(cells.filter((c) => c.verdictAgrees !== '').map((c) => c.policies))];
  if (tiers.length < 2) return null;
  const side = (c: CellRow): string => {
    const m = !c.matchupFlag ? 'even' : c.winRate > 0.5 ? `${c.armyA} ahead` : `${c.armyB} ahead`;
    const s = c.firstSeatFlag ? '; first seat flagged' : '';
    return `${m} (${pct(c.winRate)}%, p ${p3(c.matchupP)})${s}`;
  };
  const rows: (string | number)[][] = [];
  const seen = new Set<string>();
  for (const c of cells) {
    if (c.verdictAgrees === '') continue;
    const k = `${c.scenario}|${c.label}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const same = cells.filter((d) => d.scenario === c.scenario && d.label === c.label && d.verdictAgrees !== '');
    rows.push([
      c.scenario,
      c.label,
      ...tiers.map((t) => {
        const d = same.find((x) => x.policies === t);
        return d ? side(d) : '';
      }),
      c.verdictAgrees === '1' ? 'yes' : 'NO',
    ]);
  }
  const differ = rows.filter((r) => r[r.length - 1] === 'NO').length;
  return {
    id: 'verdicts',
    title: 'Verdict per bot tier',
    caption: `The same matchup and scenario played by each policy pair: which army the sign test on seat-swapped pairs finds ahead (Holm, α = 0.05), its win rate and adjusted p, and whether every tier gives the same verdict (verdict_agrees). ${differ} of ${rows.length} verdicts change with the players' skill.`,
    table: { columns: ['scenario', 'matchup', ...tiers.map((t) => `verdict: ${t}`), 'verdicts agree'], rows },
  };
}

/** Every flag with its re-check by the stronger policy on the same seeds and seats (summary.csv's confirmation columns). */
function confirmationTable(cells: CellRow[]): PlainTable | null {
  const rows: (string | number)[][] = [];
  for (const c of cells) {
    const flag = (kind: 'matchup' | 'first_seat', k: Confirmation | null): void => {
      if (!k) return;
      const weak = kind === 'matchup' ? c.winRate : c.firstSeatRate;
      const words = kind === 'matchup' ? (c.winRate > 0.5 ? `${c.armyA} favoured` : `${c.armyB} favoured`) : c.firstSeatRate > 0.5 ? 'first seat favoured' : 'second seat favoured';
      const what = kind === 'matchup' ? `army A's win rate` : `first seat's win rate`;
      rows.push([c.group, c.label, words, `${what} ${cellText(pct(weak))}%`, `${cellText(pct(k.rate))}% [${cellText(pct(k.low))}, ${cellText(pct(k.high))}]`, k.games, p3(k.tiersP), k.verdict]);
    };
    flag('matchup', c.matchupConfirm);
    flag('first_seat', c.firstSeatConfirm);
  }
  if (rows.length === 0) return null;
  const policy = [...new Set(cells.flatMap((c) => [c.matchupConfirm?.policy, c.firstSeatConfirm?.policy]).filter((p) => p))].join(', ');
  const count = (v: string): number => rows.filter((r) => r[r.length - 1] === v).length;
  return {
    id: 'confirmation',
    title: `Flags re-checked by ${policy}`,
    caption:
      `Each flag played again by ${policy} on both sides, on the same seeds and seats as the cell's first games: its rate with the 95% Wilson interval, ` +
      `the games it took (more until decided), the paired sign test between the two players on those very games, and the verdict — confirmed (the stronger player sees the same side), ` +
      `not confirmed (a verdict about the weaker player, or not shown at this many games) or reversed. ${count('confirmed')} confirmed, ${count('not confirmed')} not confirmed, ${count('reversed')} reversed.`,
    table: { columns: ['scenario', 'cell', 'flag', 'flagged at', `${policy}: rate [95%]`, 'games', 'tiers p (paired)', 'verdict'], rows },
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
  if (cells[0]?.matchupFlag !== null) {
    lines.push(
      flagged === 0
        ? 'No cell is imbalanced: the sign test on seat-swapped game pairs finds no army ahead in any cell after a Holm correction over all cells (α = 0.05).'
        : `${flagged} of ${cells.length} cells are imbalanced (red below): the sign test on their seat-swapped game pairs finds one army ahead after a Holm correction over all cells (α = 0.05).`,
    );
  }
  const confirmed = confirmationTable(cells);
  if (confirmed) {
    const v = confirmed.table.rows.map((r) => r[r.length - 1]);
    const n = (x: string): number => v.filter((y) => y === x).length;
    lines.push(`${confirmed.title}: ${n('confirmed')} of ${v.length} confirmed, ${n('not confirmed')} not confirmed, ${n('reversed')} reversed (the same seeds and seats; table below).`);
  }
  const verdicts = verdictTable(cells);
  return [{ heading: 'Balance of the run', lines, charts, tables: [...(confirmed ? [confirmed] : []), ...(verdicts ? [verdicts] : [])] }];
}
