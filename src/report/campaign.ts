import type { TopLevelSpec } from 'vega-lite';
import { wilsonInterval } from '../stats/index.js';
import { col, num } from './csv.js';
import { cellText, fiveNumbers, pct, r1 } from './numbers.js';
import { esc } from './page.js';
import type { Chart, CsvTable, Section } from './types.js';

/** Columns of campaigns.csv that are not final scores. */
const NOT_SCORES = new Set(['seed', 'campaign', 'winner', 'cycles', 'decided_by', 'faction_a', 'faction_b', 'end_holders', 'cycle3_holders']);
const FACTION_COLOUR = ['#1f5fbf', '#c0392b'];
const NEUTRAL = '#8a8a8a';

/** The two factions of campaigns.csv (faction_a, faction_b), in file order. */
function factions(t: CsvTable): [string, string] {
  const ia = t.columns.indexOf('faction_a');
  const ib = t.columns.indexOf('faction_b');
  if (ia >= 0 && ib >= 0 && t.rows.length > 0) return [t.rows[0][ia], t.rows[0][ib]];
  const names = [...new Set(t.rows.map((r) => r[col(t, 'winner')]))].sort();
  return [names[0] ?? 'faction a', names[1] ?? 'faction b'];
}

/** The verdict in one sentence, as the CLI prints it: faction a's win rate, its 95% interval, who is favoured. */
export function campaignVerdict(t: CsvTable): string[] {
  const [a, b] = factions(t);
  const n = t.rows.length;
  if (n === 0) return ['No campaign finished.'];
  const iW = col(t, 'winner');
  const wins = t.rows.filter((r) => r[iW] === a).length;
  const w = wilsonInterval(wins, n);
  const p = (x: number): string => `${pct(x).toFixed(1)}%`;
  const favoured = w.low > 0.5 ? `${a} is favoured` : w.high < 0.5 ? `${b} is favoured` : 'Neither faction is favoured at 95% confidence (the interval holds 50%)';
  return [`${favoured}: ${a} won ${wins} of ${n.toLocaleString('en')} campaigns, ${p(w.p)} (95% interval ${p(w.low)}–${p(w.high)}); ${b} ${p(1 - w.p)}.`];
}

function winnerChart(t: CsvTable): Chart {
  const iW = col(t, 'winner');
  const counts = new Map<string, number>();
  for (const f of factions(t)) counts.set(f, 0);
  for (const r of t.rows) counts.set(r[iW], (counts.get(r[iW]) ?? 0) + 1);
  const n = t.rows.length;
  const data = [...counts.keys()].map((f) => {
    const w = wilsonInterval(counts.get(f)!, n);
    return { faction: f, wins: counts.get(f)!, rate: pct(w.p), low: pct(w.low), high: pct(w.high) };
  });
  const y = { field: 'faction', type: 'nominal' as const, title: null, sort: null };
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: Math.max(80, data.length * 40),
    data: { values: data },
    layer: [
      { mark: { type: 'bar', color: '#9fb4c8', size: 14 }, encoding: { y, x: { field: 'rate', type: 'quantitative', title: 'campaigns won (%)', scale: { domain: [0, 100] } } } },
      { mark: { type: 'rule', strokeWidth: 3, color: '#1f3f66' }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
      { mark: { type: 'rule', strokeDash: [6, 4], color: '#000' }, encoding: { x: { datum: 50 } } },
    ],
  });
  return {
    id: 'campaign-winner',
    title: 'Who wins the campaign',
    caption:
      'The light bar is the share of campaigns each faction won, the dark line across it its 95% Wilson interval: a faction whose interval misses the dashed 50% line is favoured (or not) by the map and line-ups.',
    spec: spec(520),
    narrow: spec(220),
    table: { columns: ['winner', 'campaigns won', 'share %', '95% low %', '95% high %'], rows: data.map((d) => [d.faction, d.wins, cellText(d.rate), cellText(d.low), cellText(d.high)]) },
  };
}

function cyclesChart(t: CsvTable): Chart {
  const iC = col(t, 'cycles');
  const counts = new Map<number, number>();
  for (const r of t.rows) counts.set(num(r[iC]), (counts.get(num(r[iC])) ?? 0) + 1);
  const data = [...counts].sort((a, b) => a[0] - b[0]).map(([cycles, k]) => ({ cycles, campaigns: k, share: pct(k / t.rows.length) }));
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: 200,
    data: { values: data },
    mark: { type: 'bar', color: '#4a6a8a' },
    encoding: { x: { field: 'cycles', type: 'ordinal', title: 'cycles played', axis: { labelAngle: 0 } }, y: { field: 'share', type: 'quantitative', title: 'campaigns (%)' } },
  });
  return {
    id: 'campaign-cycles',
    title: 'Campaign length',
    caption: 'How many campaign cycles the campaigns lasted: a long tail means the Campaign Points target is hard to reach.',
    spec: spec(520),
    narrow: spec(260),
    table: { columns: ['cycles', 'campaigns', 'share %'], rows: data.map((d) => [d.cycles, d.campaigns, cellText(d.share)]) },
  };
}

function scoresChart(t: CsvTable): Chart | null {
  const cols = t.columns.filter((c, i) => !NOT_SCORES.has(c) && t.rows.length > 0 && t.rows.every((r) => Number.isFinite(num(r[i]))));
  if (cols.length === 0) return null;
  // cp_a and cp_b belong to the factions the file names in faction_a and faction_b.
  const [fa, fb] = factions(t);
  const faction = (c: string): string => (c === 'cp_a' ? fa : c === 'cp_b' ? fb : c);
  const data = cols.map((c) => ({ column: faction(c), ...fiveNumbers(t.rows.map((r) => num(r[col(t, c)]))) }));
  const y = { field: 'column', type: 'nominal' as const, title: null, sort: null };
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: Math.max(80, cols.length * 40),
    data: { values: data },
    encoding: { y },
    layer: [
      { mark: 'rule', encoding: { x: { field: 'min', type: 'quantitative', title: 'Campaign Points at the end (CP)' }, x2: { field: 'max' } } },
      { mark: { type: 'bar', size: 14, color: '#4a6a8a', opacity: 0.6 }, encoding: { x: { field: 'q1', type: 'quantitative' }, x2: { field: 'q3' } } },
      { mark: { type: 'tick', color: '#000', size: 16, thickness: 3 }, encoding: { x: { field: 'median', type: 'quantitative' } } },
    ],
  });
  return {
    id: 'campaign-points',
    title: 'Final Campaign Points per faction',
    caption: 'Each box spans the middle half of a faction’s Campaign Points at the end, the black tick is the median, the thin line the full range.',
    spec: spec(520),
    narrow: spec(220),
    table: {
      columns: ['faction', 'mean CP', 'min', 'lower quartile', 'median', 'upper quartile', 'max'],
      rows: data.map((d) => [d.column, cellText(r1(d.mean)), cellText(r1(d.min)), cellText(r1(d.q1)), cellText(r1(d.median)), cellText(r1(d.q3)), cellText(r1(d.max))]),
    },
  };
}

/** A territory of territories.csv with its rates as fractions, and whether the CLI ranks it (held at cycle 3 often enough). */
interface TerritoryRow {
  id: string;
  type: string;
  q: number;
  r: number;
  heldA: number;
  heldB: number;
  neutral: number;
  heldCycle3: number;
  predicts: number;
  lift: number;
  ranked: boolean;
}

/** The CLI's "decide campaigns most" list (CampaignSummary.text): held at cycle 3 in at least max(5, 10%) of campaigns, by lift. */
function readTerritories(t: CsvTable, campaigns: number): TerritoryRow[] {
  const c = (n: string): number => col(t, n);
  const [iT, iType, iQ, iR, iA, iB, iN, iH, iP, iL] = ['territory', 'type', 'q', 'r', 'held_end_a', 'held_end_b', 'held_end_neutral', 'held_cycle3', 'predicts_winner_cycle3', 'lift_cycle3'].map(c);
  return t.rows.map((r) => ({
    id: r[iT],
    type: r[iType],
    q: num(r[iQ]),
    r: num(r[iR]),
    heldA: num(r[iA]),
    heldB: num(r[iB]),
    neutral: num(r[iN]),
    heldCycle3: num(r[iH]),
    predicts: num(r[iP]),
    lift: num(r[iL]),
    ranked: Math.round(num(r[iH]) * campaigns) >= Math.max(5, 0.1 * campaigns),
  }));
}

/** Ranked territories first by lift (the CLI's order), then the rest by lift; ties by name. */
const byLift = (a: TerritoryRow, b: TerritoryRow): number => Number(b.ranked) - Number(a.ranked) || b.lift - a.lift || a.id.localeCompare(b.id);
const liftText = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(pct(x)).toFixed(1)}`;

/** Who held each territory at the end, territories in the CLI's order (by lift). */
function territoryChart(ts: TerritoryRow[], [fa, fb]: [string, string]): Chart {
  const rows = [...ts].sort(byLift);
  const holders = [`held by ${fa}`, `held by ${fb}`, 'neutral'];
  // On a phone the rows are named by id alone (the table and the map give the type).
  const name = (t: TerritoryRow, wide: boolean): string => (wide ? `${t.id} (${t.type})` : t.id);
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: Math.max(80, rows.length * 20),
    data: {
      values: rows.flatMap((t) => [
        { territory: name(t, width > 200), holder: holders[0], share: pct(t.heldA) },
        { territory: name(t, width > 200), holder: holders[1], share: pct(t.heldB) },
        { territory: name(t, width > 200), holder: holders[2], share: pct(t.neutral) },
      ]),
    },
    mark: 'bar',
    encoding: {
      y: { field: 'territory', type: 'nominal', title: null, sort: rows.map((t) => name(t, width > 200)) },
      x: { field: 'share', type: 'quantitative', title: 'campaigns ending with this holder (%)', scale: { domain: [0, 100] }, stack: 'zero' },
      color: {
        field: 'holder',
        type: 'nominal',
        title: 'at the end',
        scale: { domain: holders, range: [...FACTION_COLOUR, NEUTRAL] },
        legend: { orient: 'bottom', direction: 'vertical', labelLimit: 0 },
      },
      tooltip: [{ field: 'territory' }, { field: 'holder' }, { field: 'share' }],
    },
  });
  return {
    id: 'territories',
    title: 'Who holds each territory at the end',
    caption: `Per territory, the share of campaigns ending with ${fa}, ${fb} or nobody holding it. Territories in the CLI's order: the ones held at cycle 3 in at least max(5, 10%) of campaigns first, by how much holding them lifts the holder's chance (next chart).`,
    spec: spec(480),
    narrow: spec(190),
    table: {
      columns: ['territory', 'type', `held by ${fa} %`, `held by ${fb} %`, 'neutral %'],
      rows: rows.map((t) => [t.id, t.type, cellText(pct(t.heldA)), cellText(pct(t.heldB)), cellText(pct(t.neutral))]),
    },
  };
}

/** The CLI's ranking measure: how much more often the cycle-3 holder won than that faction wins overall. */
function liftChart(ts: TerritoryRow[]): Chart {
  const rows = [...ts].sort(byLift);
  const data = (wide: boolean) =>
    rows.map((t) => ({ territory: wide ? `${t.id} (${t.type})` : t.id, lift: r1(pct(t.lift)), ranked: t.ranked ? 'ranked by the CLI' : 'held at cycle 3 too rarely to rank' }));
  const spec = (width: number): TopLevelSpec => ({
    width,
    height: Math.max(80, rows.length * 20),
    data: { values: data(width > 200) },
    layer: [
      {
        mark: 'bar',
        encoding: {
          y: { field: 'territory', type: 'nominal', title: null, sort: null },
          x: { field: 'lift', type: 'quantitative', title: "holder's win rate minus its faction's (points)", stack: null },
          color: {
            field: 'ranked',
            type: 'nominal',
            title: null,
            scale: { domain: ['ranked by the CLI', 'held at cycle 3 too rarely to rank'], range: ['#4a6a8a', '#c8c8c8'] },
            legend: { orient: 'bottom', direction: 'vertical', labelLimit: 0 },
          },
          tooltip: [{ field: 'territory' }, { field: 'lift' }],
        },
      },
      { mark: { type: 'rule', color: '#000' }, encoding: { x: { datum: 0 } } },
    ],
  });
  return {
    id: 'territory-lift',
    title: 'Which territories decide campaigns',
    caption:
      'Per territory: how many points more often its holder at the end of cycle 3 went on to win the campaign than that holder’s faction wins overall (lift_cycle3, the measure the CLI ranks by). Grey: held at cycle 3 in fewer than max(5, 10%) of campaigns, too rarely to rank.',
    spec: spec(480),
    narrow: spec(190),
    table: {
      columns: ['territory', 'type', 'held at cycle 3 %', 'holder won %', 'lift (points)', 'ranked'],
      rows: rows.map((t) => [t.id, t.type, cellText(pct(t.heldCycle3)), cellText(pct(t.predicts)), cellText(r1(pct(t.lift))), t.ranked ? 'yes' : 'no']),
    },
  };
}

/** Territory types short enough for a hex. */
const SHORT_TYPE: Record<string, string> = {
  'Manufactoria Complex': 'Manufactoria',
  'Industrial Wasteland': 'Wasteland',
  'Militarum Aerodrome': 'Aerodrome',
  'Munitorum Depot': 'Depot',
  'Research Facilities': 'Research',
};

/** A territory's id on at most two lines of 12 characters, broken after a hyphen (or cut). */
function wrapId(id: string): string[] {
  if (id.length <= 12) return [id];
  const cut = id.lastIndexOf('-', 12);
  const [a, b] = cut > 0 ? [id.slice(0, cut + 1), id.slice(cut + 1)] : [id.slice(0, 12), id.slice(12)];
  return [a, b.length > 12 ? `${b.slice(0, 11)}…` : b];
}

/**
 * The campaign map as SVG: a hex per territory at its axial (q, r), shaded by
 * the faction that held it at the end most often (the deeper, the more often),
 * with its holder shares and lift; the CLI's top five are outlined.
 */
export function campaignMapSvg(ts: TerritoryRow[], [fa, fb]: [string, string]): string {
  const S = 56; // hex radius, px (pointy top): four lines of text fit between its vertical sides
  const W = Math.sqrt(3) * S;
  const centre = (t: TerritoryRow): [number, number] => [W * (t.q + t.r / 2), 1.5 * S * t.r];
  const cs = ts.map(centre);
  const minX = Math.min(...cs.map((c) => c[0])) - W / 2 - 4;
  const maxX = Math.max(...cs.map((c) => c[0])) + W / 2 + 4;
  const minY = Math.min(...cs.map((c) => c[1])) - S - 4;
  const maxY = Math.max(...cs.map((c) => c[1])) + S + 4;
  const top = new Set(
    [...ts]
      .filter((t) => t.ranked)
      .sort(byLift)
      .slice(0, 5)
      .map((t) => t.id),
  );
  const f = (x: number): string => x.toFixed(1);
  const out: string[] = [];
  const width = maxX - minX;
  const height = maxY - minY;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="campaign-map" width="${f(width)}" height="${f(height)}" viewBox="${f(minX)} ${f(minY)} ${f(width)} ${f(height)}" font-family="sans-serif" role="img" aria-label="campaign map">`,
  );
  ts.forEach((t, i) => {
    const [x, y] = cs[i];
    const corners = [0, 1, 2, 3, 4, 5].map((k) => {
      const a = (Math.PI / 180) * (60 * k - 30);
      return `${f(x + (S - 1) * Math.cos(a))},${f(y + (S - 1) * Math.sin(a))}`;
    });
    const shares = [t.heldA, t.heldB, t.neutral];
    const most = shares.indexOf(Math.max(...shares));
    const fill = most === 2 ? NEUTRAL : FACTION_COLOUR[most];
    const opacity = 0.12 + 0.6 * shares[most];
    const ranked = top.has(t.id);
    const title = `${t.id} (${t.type}): held at the end by ${fa} ${pct(t.heldA)}%, ${fb} ${pct(t.heldB)}%, nobody ${pct(t.neutral)}%; holder at cycle 3 won ${pct(t.predicts)}%, lift ${liftText(t.lift)} points`;
    out.push(`<g class="territory" data-id="${esc(t.id)}"><title>${esc(title)}</title>`);
    out.push(`<polygon points="${corners.join(' ')}" fill="${fill}" fill-opacity="${opacity.toFixed(2)}" stroke="${ranked ? '#000' : '#666'}" stroke-width="${ranked ? 3 : 1}"/>`);
    out.push(`<text x="${f(x)}" y="${f(y - 21)}" font-size="9" text-anchor="middle" fill="#333">${esc(SHORT_TYPE[t.type] ?? t.type)}</text>`);
    const idLines = wrapId(t.id);
    idLines.forEach((line, k) => out.push(`<text x="${f(x)}" y="${f(y - (idLines.length === 1 ? 8 : 11) + 10 * k)}" font-size="10" font-weight="bold" text-anchor="middle">${esc(line)}</text>`));
    out.push(
      `<text x="${f(x)}" y="${f(y + 12)}" font-size="10" text-anchor="middle"><tspan fill="${FACTION_COLOUR[0]}">${pct(t.heldA).toFixed(0)}%</tspan> · <tspan fill="${FACTION_COLOUR[1]}">${pct(t.heldB).toFixed(0)}%</tspan></text>`,
    );
    out.push(`<text x="${f(x)}" y="${f(y + 24)}" font-size="10" text-anchor="middle" fill="#222">${t.ranked ? `lift ${liftText(t.lift)} pts` : 'rarely held'}</text>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

/**
 * battles.csv: how many battles ended against their VP order, and how they ended
 * (R28: a wiped-out army loses whatever its VP), so no result looks wrong unexplained.
 */
export function battleOrderLine(battles: CsvTable): string | null {
  const [iR, iVi, iVp] = ['result', 'vp_invader', 'vp_protector'].map((n) => col(battles, n));
  const iE = battles.columns.indexOf('end_reason');
  const against = battles.rows.filter((r) => {
    const [a, b] = [num(r[iVi]), num(r[iVp])];
    return r[iR] !== (a > b ? 'invader' : b > a ? 'protector' : 'draw');
  });
  if (battles.rows.length === 0) return null;
  if (against.length === 0) return `Every one of the ${battles.rows.length.toLocaleString('en')} battles went to the side with more VP (or was a draw on equal VP).`;
  if (iE < 0) return `${against.length} of ${battles.rows.length.toLocaleString('en')} battles went against their VP order; this battles.csv has no end_reason to say why.`;
  const by = new Map<string, number>();
  for (const r of against) by.set(r[iE], (by.get(r[iE]) ?? 0) + 1);
  const how = [...by]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([e, k]) => `${k} ${e}`)
    .join(', ');
  return `${against.length} of ${battles.rows.length.toLocaleString('en')} battles went against their VP order: ${how} (R28: a wiped-out army loses whatever its VP; battles.csv's end_reason).`;
}

export function campaignSections(campaigns: CsvTable, territories: CsvTable | null, battles: CsvTable | null = null): Section[] {
  const names = factions(campaigns);
  const ts = territories ? readTerritories(territories, campaigns.rows.length) : [];
  const charts = [winnerChart(campaigns), cyclesChart(campaigns), scoresChart(campaigns), ts.length > 0 ? territoryChart(ts, names) : null, ts.length > 0 ? liftChart(ts) : null].filter(
    (c): c is Chart => c !== null,
  );
  const figures =
    ts.length > 0
      ? [
          {
            id: 'campaign-map',
            title: 'The campaign map at the end',
            svg: campaignMapSvg(ts, names),
            caption: `Each hex a territory where the map places it, shaded by the faction that held it at the end most often (blue ${names[0]}, red ${names[1]}, grey nobody; the deeper, the more often), with the share of campaigns each faction held it at the end and its lift: how many points more often its holder at cycle 3 won than that faction wins overall. Black outlines: the five territories the CLI says decide campaigns most.`,
            table: {
              columns: ['territory', 'type', 'q', 'r', `held by ${names[0]} %`, `held by ${names[1]} %`, 'neutral %', 'lift (points)'],
              rows: ts.map((t) => [t.id, t.type, t.q, t.r, cellText(pct(t.heldA)), cellText(pct(t.heldB)), cellText(pct(t.neutral)), cellText(r1(pct(t.lift)))]),
            },
          },
        ]
      : [];
  return [
    {
      heading: 'Campaigns',
      lines: [...campaignVerdict(campaigns), `${campaigns.rows.length.toLocaleString('en')} campaigns.`, ...(battles ? [battleOrderLine(battles)].filter((l): l is string => l !== null) : [])],
      charts,
      figures,
    },
  ];
}
