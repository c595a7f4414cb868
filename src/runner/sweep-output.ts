import path from 'node:path';
import { deriveSeed } from '../dice/index.js';
import { crossingOfGroups, type CrossingGroup, type FairCrossing } from '../stats/index.js';
import { columnsOf, csvOf, type Column, type CsvSchema } from '../batch/csv.js';
import type { CellSummary } from './summary.js';
import { SUMMARY_COLUMNS } from './summary.js';
import type { SweepList, SweepPlan } from './types.js';

/** Bootstrap replicates of each crossing. */
export const CROSSING_REPLICATES = 1000;

export interface SweepFiles {
  sweep: string;
  crossing: string;
  lists: string;
}

export function sweepFiles(out: string): SweepFiles {
  return { sweep: path.join(out, 'sweep.csv'), crossing: path.join(out, 'crossing.csv'), lists: path.join(out, 'lists.csv') };
}

/** A cell at a grid point as its sweep.csv row sees it: the cell without its grid point, the point's values, its summary.csv row, the point it plays the games of. */
interface SweepLine {
  cell: string;
  values: SweepPlan['points'][number]['values'];
  summary: readonly string[];
  sameAs: string;
}

/** sweep.csv: the summary's columns, with one column per parameter after `cell` (the cell without its grid point), and `same_as` last. */
function sweepSchema(plan: SweepPlan): CsvSchema<SweepLine> {
  return [
    { name: SUMMARY_COLUMNS[0], value: (l) => l.cell },
    ...plan.parameters.map((p, j): Column<SweepLine> => ({ name: p.name, value: (l) => String(l.values[j]) })),
    ...SUMMARY_COLUMNS.slice(1).map((name, k): Column<SweepLine> => ({ name, value: (l) => l.summary[k + 1] })),
    { name: 'same_as', value: (l) => l.sameAs },
  ];
}

/** sweep.csv's columns. */
export function sweepColumns(plan: SweepPlan): string[] {
  return columnsOf(sweepSchema(plan));
}

const num = (x: number | null | undefined): string => (x === null || x === undefined || !Number.isFinite(x) ? '' : String(Number(x.toFixed(4))));
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** One fitted crossing, for crossing.csv and the printed table. */
export interface CrossingRow {
  cell: string;
  parameter: string;
  /** The other parameters' values (multi-parameter sweeps). */
  slice: string[];
  result: FairCrossing;
  /** The swept range. */
  from: number;
  to: number;
  /** The target's own value at the pointer (the faction's cost today), if any. */
  current: number | null;
  /** Every list change in the swept range from the list arithmetic: [v, v + 1]. */
  listSteps: [number, number][];
  /** Where the lists no longer change past the range (the list arithmetic; see SweepParameter.listFinal). */
  final: { below: number | null; above: number | null };
  /** What to do next, in one line. */
  advice: string;
  /** The base cell's index (of a grid point's cells) and, per group of the fit, the grid point whose games it is. */
  base?: number;
  groupPoints?: number[];
  /** The stronger policy's re-check of the status (confirmation), when made. */
  confirmation?: CrossingConfirmation;
}

/** One grid point a status rests on, as the stronger policy played it. */
export interface PointCheck {
  x: number;
  verdict: 'confirmed' | 'not confirmed' | 'reversed';
  games: number;
  rate: number;
  low: number;
  high: number;
  tiersP: number;
}

/** A crossing's re-check: the stronger policy, its points, and the verdict. */
export interface CrossingConfirmation {
  policy: string;
  points: PointCheck[];
  verdict: 'confirmed' | 'not confirmed' | 'reversed';
}

/**
 * The grid points a status rests on, with the side of 50% the weaker
 * policy puts each on (+1 above) and its win rate there: `inside`, the
 * groups clearly below and above 50% (bootstrap band) nearest the crossing
 * on each side (the bracket of its interval); `step`, the groups on either
 * side of the list step; `below-range` / `above-range`, the end group where
 * the range ends short of 50%; `plateau`, the stretch's ends with side 0
 * (fair: the stronger tier should find no side there either). Other
 * statuses rest on no point: none.
 */
export function crossingChecks(c: Pick<CrossingRow, 'result'>): { group: number; side: 1 | -1 | 0; rate: number }[] {
  const r = c.result;
  const pts = r.points;
  const at = (j: number): { group: number; side: 1 | -1; rate: number }[] =>
    j >= 0 && j < pts.length && pts[j].winRate !== 0.5 ? [{ group: j, side: pts[j].winRate > 0.5 ? 1 : -1, rate: pts[j].winRate }] : [];
  switch (r.status) {
    case 'inside': {
      const sign = pts.map((p) => (p.low > 0.5 ? 1 : p.high < 0.5 ? -1 : 0));
      const before = sign[0] !== 0 ? sign[0] : -sign[sign.length - 1];
      const x = r.crossing!;
      let lo = -1;
      let hi = -1;
      pts.forEach((p, j) => {
        if (sign[j] === before && p.x <= x) lo = j;
        if (sign[j] === -before && p.x >= x && hi < 0) hi = j;
      });
      return [...at(lo), ...at(hi)];
    }
    case 'step':
      return r.step ? [...at(r.step.below), ...at(r.step.from)] : [];
    case 'below-range':
      return at(0);
    case 'above-range':
      return at(pts.length - 1);
    case 'plateau': {
      // Fair within the noise: the stretch's ends claim no side (0), and the stronger tier should find none there either.
      const pl = r.plateau;
      if (!pl) return [];
      const ends = pl.first === pl.last ? [pl.first] : [pl.first, pl.last];
      return ends.map((j) => ({ group: j, side: 0 as const, rate: pts[j].winRate }));
    }
    default:
      return [];
  }
}

/** A crossing's verdict from its points': confirmed when every point is, reversed when one is, else not confirmed. */
export function crossingConfirmVerdict(points: readonly Pick<PointCheck, 'verdict'>[]): CrossingConfirmation['verdict'] {
  if (points.some((p) => p.verdict === 'reversed')) return 'reversed';
  return points.length > 0 && points.every((p) => p.verdict === 'confirmed') ? 'confirmed' : 'not confirmed';
}

/** crossing.csv's confirmation columns (empty when the status was not re-checked). */
const four = (x: number): string => (Number.isFinite(x) ? x.toFixed(4) : '');

/** A confirmation column: its value from the crossing's re-check, empty without one. */
function confirmColumn(name: string, v: (k: CrossingConfirmation) => string): Column<CrossingRow> {
  return { name, value: (c) => (c.confirmation ? v(c.confirmation) : '') };
}

/** A confirmation column listing one figure a grid point, space-separated. */
const perPoint = (name: string, f: (p: PointCheck) => string): Column<CrossingRow> => confirmColumn(name, (k) => k.points.map(f).join(' '));

/** crossing.csv's fixed columns; a multi-parameter sweep adds the other parameters' values (crossingSchema). */
export const CROSSING_SCHEMA: CsvSchema<CrossingRow> = [
  { name: 'cell', value: (c) => c.cell },
  { name: 'parameter', value: (c) => c.parameter },
  { name: 'crossing', value: (c) => num(c.result.crossing) },
  { name: 'crossing_low', value: (c) => num(c.result.low) },
  { name: 'crossing_high', value: (c) => num(c.result.high) },
  { name: 'status', value: (c) => c.result.status },
  { name: 'fit', value: (c) => c.result.fit },
  { name: 'current', value: (c) => num(c.current) },
  { name: 'outside_share', value: (c) => c.result.outside.toFixed(4) },
  { name: 'crossings', value: (c) => c.result.crossings.map(num).join(' ') },
  { name: 'list_steps', value: (c) => c.listSteps.map(([a, z]) => `${a}|${z}`).join(' ') },
  { name: 'advice', value: (c) => c.advice },
  // The status re-checked by the stronger policy at the grid points that bracket it (confirmation): space-separated per point.
  confirmColumn('confirm_policy', (k) => k.policy),
  perPoint('confirm_x', (p) => num(p.x)),
  perPoint('confirm_games', (p) => String(p.games)),
  perPoint('confirm_rate', (p) => four(p.rate)),
  perPoint('confirm_low', (p) => four(p.low)),
  perPoint('confirm_high', (p) => four(p.high)),
  perPoint('confirm_tiers_p', (p) => four(p.tiersP)),
  confirmColumn('confirmation', (k) => k.verdict),
];

export const CROSSING_COLUMNS = columnsOf(CROSSING_SCHEMA);

/** crossing.csv's columns: the fixed ones, then in a multi-parameter sweep each parameter's value in the slice fitted (empty for the one swept). */
export function crossingSchema(plan: SweepPlan): CsvSchema<CrossingRow> {
  if (plan.parameters.length < 2) return CROSSING_SCHEMA;
  const names = plan.parameters.map((p) => p.name);
  // A crossing's slice holds the other parameters' values, in their order.
  const sliceValue = (c: CrossingRow, name: string): string => (name === c.parameter ? '' : c.slice[names.filter((n) => n !== c.parameter).indexOf(name)]);
  return [...CROSSING_SCHEMA, ...names.map((name): Column<CrossingRow> => ({ name, value: (c) => sliceValue(c, name) }))];
}

/** The regiments two lists field differently, in words: "ironbound-400: Shieldbearers 5 models". */
function listDifference(a: readonly SweepList[] | undefined, b: readonly SweepList[] | undefined): [string, string] {
  if (!a || !b) return ['its list', 'the other list'];
  const sideA: string[] = [];
  const sideB: string[] = [];
  a.forEach((la, i) => {
    const lb = b[i];
    if (!lb) return;
    la.regiments.forEach((r, k) => {
      const s = lb.regiments[k];
      if (!s || (s.entry === r.entry && s.models === r.models)) return;
      sideA.push(`${la.army}: ${r.entry} ${r.models} models`);
      sideB.push(`${lb.army}: ${s.entry} ${s.models} models`);
    });
  });
  return sideA.length > 0 ? [sideA.join(', '), sideB.join(', ')] : ['its list', 'the other list'];
}

/** The advice for a crossing: what a designer does next. */
function adviceFor(c: Omit<CrossingRow, 'advice'>, xs: readonly number[], lists: { below?: SweepList[]; from?: SweepList[]; all?: (SweepList[] | undefined)[] }): string {
  const r = c.result;
  const cost = /cost|points/i.test(c.parameter);
  const what = cost ? 'cost' : 'value';
  const band = (p: FairCrossing['points'][number]): string => `${pct(p.winRate)} [${pct(p.low)}, ${pct(p.high)}]`;
  // The list at one end of the range when every value past it plays that list: [its first/last value, group index].
  const finalEnd = (side: 'below' | 'above'): [number, number] | null => {
    const v = c.final[side];
    return v === null || r.points.length === 0 ? null : [v, side === 'above' ? r.points.length - 1 : 0];
  };
  const stepsIn = (lo: number, hi: number): [number, number][] => c.listSteps.filter(([a, b]) => a >= lo && b <= hi);
  const fmtSteps = (s: [number, number][]): string => s.map(([a, b]) => `${a}|${b}`).join(', ');
  switch (r.status) {
    case 'step': {
      const [below, from] = listDifference(lists.below, lists.from);
      const pb = r.step ? r.points[r.step.below] : null;
      const pf = r.step ? r.points[r.step.from] : null;
      const wins = (p: typeof pb): string => (p ? `${pct(p.winRate)} (at ${num(p.x)})` : '?');
      return (
        `list step: at these lists no ${cost ? 'cost' : 'value'} between ${num(r.low)} and ${num(r.high)} is fair; ` +
        `up to ${num(r.low)} the list fields ${below} and army A wins ${wins(pb)}, from ${num(r.high)} ${from} and wins ${wins(pf)}; ` +
        `change the list or the cost of another entry`
      );
    }
    case 'plateau': {
      const pl = r.plateau;
      const up = pl && r.high === null ? finalEnd('above') : null;
      const down = pl && r.low === null ? finalEnd('below') : null;
      if (pl && (up || down)) {
        // The stretch ends in the list every value past the range plays: fair there at any value, and cost alone changes nothing more.
        const [v, g] = up ?? down!;
        const inner = up ? pl.first : pl.last;
        const neighbour = up ? inner - 1 : inner + 1;
        const stretch = r.points.slice(pl.first, pl.last + 1);
        const wins = stretch.length === 1 ? band(stretch[0]) : stretch.map((p) => `${band(p)} at ${num(p.x)}`).join(', ');
        const start = up ? Math.min(v, r.points[inner].x) : Math.max(v, r.points[inner].x);
        const other = r.points[neighbour];
        const [fields, otherFields] = other ? listDifference(lists.all?.[g], lists.all?.[neighbour]) : [undefined, undefined];
        const rest = other ? `; ${up ? 'below' : 'above'} ${num(start)} it fields ${otherFields} and wins ${band(other)} (at ${num(other.x)})` : '';
        return (
          `from ${num(start)} ${up ? 'on' : 'down'} the list fields ${fields ?? 'the same list'} and army A wins ${wins}: ` +
          `fair within the noise at any ${what} ${up ? 'from' : 'up to'} ${num(start)} (the list no longer changes past ${num(v)}, so extending the range replays these games)${rest}`
        );
      }
      return `${c.parameter} hardly matters between ${num(r.low)} and ${num(r.high)} under these bots: every value there is fair within the noise`;
    }
    case 'flat':
      return `${c.parameter} hardly matters under these bots over ${num(c.from)}..${num(c.to)} (no trend within the noise)`;
    case 'ambiguous':
      return `the win rate crosses 50% more than once (at ${r.crossings.map(num).join(', ')}): refine the grid around each crossing and play more games; no single value is fair`;
    case 'below-range':
    case 'above-range': {
      const side = r.status === 'above-range' ? 'above' : 'below';
      const end = finalEnd(side);
      if (end) {
        const p = r.points[end[1]];
        const fields = listDifference(lists.all?.[end[1]], lists.all?.[side === 'above' ? end[1] - 1 : end[1] + 1])[0];
        return (
          `the list no longer changes past ${num(end[0])}: every ${what} ${side === 'above' ? 'from' : 'up to'} ${num(end[0])} fields ${fields} and army A wins ${band(p)}, ` +
          `so ${cost ? 'cost' : 'this value'} alone cannot reach 50% there; change the list or the cost of another entry`
        );
      }
      return r.status === 'above-range'
        ? `extend the range towards ${num(c.to + (c.to - c.from))} (fair above ${num(c.to)}${r.low !== null ? `, though the 95% interval reaches down to ${num(r.low)}` : ''})`
        : `extend the range towards ${num(c.from - (c.to - c.from))} (fair below ${num(c.from)}${r.high !== null ? `, though the 95% interval reaches up to ${num(r.high)}` : ''})`;
    }
    default: {
      if (r.low === null || r.high === null) {
        const parts: string[] = [];
        const fixed: string[] = [];
        // Past an end whose list no longer changes, a wider range replays the same games: only more games narrow the interval.
        if (r.low === null) (c.final.below !== null ? fixed : parts).push(c.final.below !== null ? `below ${num(c.final.below)}` : `towards ${num(c.from - (c.to - c.from) / 2)}`);
        if (r.high === null) (c.final.above !== null ? fixed : parts).push(c.final.above !== null ? `from ${num(c.final.above)}` : `towards ${num(c.to + (c.to - c.from) / 2)}`);
        if (parts.length === 0) return `play more games: the interval reaches past the swept values, where the list no longer changes (${fixed.join(', ')}), so extending the range cannot narrow it`;
        return `extend the range ${parts.join(' and ')}: the interval reaches past the swept values${fixed.length > 0 ? ` (not ${fixed.join(', ')}: the list no longer changes there)` : ''}`;
      }
      const a = Math.max(...xs.filter((x) => x <= r.low!), c.from);
      const b = Math.min(...xs.filter((x) => x >= r.high!), c.to);
      const inner = xs.filter((x) => x > a && x < b).length;
      const unplayed = stepsIn(a, b);
      if (unplayed.length > 0) return `refine the grid between ${num(a)} and ${num(b)}: lists change at ${fmtSteps(unplayed)} there`;
      if (inner > 0) return `refine the grid between ${num(a)} and ${num(b)}`;
      if (b - a > 0) return `refine the grid between ${num(a)} and ${num(b)}: between two grid points the curve is read as a straight line`;
      return r.low === r.high ? `nothing to refine: every bootstrap replicate crosses 50% at ${num(r.low)}` : 'play more games to narrow the interval';
    }
  }
}

/**
 * The groups a crossing is fitted from, one slice of grid points (sorted by
 * x): grid points in a row playing the very same games (same_as) are one
 * group over their values. Where a fill parameter's list arithmetic says the
 * lists of two neighbouring groups differ by exactly one change, the group
 * before carries the step (its last value and the next list's first).
 */
function sliceGroups(
  plan: SweepPlan,
  j: number,
  b: number,
  points: readonly number[],
  summaries: readonly CellSummary[],
  final: { below: number | null; above: number | null } | undefined,
): { groups: CrossingGroup[]; reps: number[] } {
  const base = plan.baseCells;
  const sorted = [...points].sort((p, q) => (plan.points[p].values[j] as number) - (plan.points[q].values[j] as number));
  const rep = (k: number): number => plan.points[k].sameAs?.[b] ?? k;
  const runs: number[][] = [];
  for (const k of sorted) {
    const last = runs[runs.length - 1];
    if (last && rep(last[0]) === rep(k)) last.push(k);
    else runs.push([k]);
  }
  const groups: CrossingGroup[] = runs.map((run) => {
    const u = summaries[rep(run[0]) * base + b].crossingUnits();
    const xs = run.map((k) => plan.points[k].values[j] as number);
    const span = { low: Math.min(...xs), high: Math.max(...xs) };
    return { x: xs[0], scores: u.scores, games: u.games, pairs: u.pairs, ...(span.high > span.low ? { span } : {}) };
  });
  runs.forEach((run, i) => {
    if (i + 1 >= runs.length) return;
    const here = plan.points[run[run.length - 1]].spans?.[j];
    const next = plan.points[runs[i + 1][0]].spans?.[j];
    if (here && next && here.low !== next.low && here.high + 1 === next.low) groups[i].stepAfter = { low: here.high, high: next.low };
  });
  // The lists at the range's ends that every value past them plays (the list arithmetic).
  if (final?.below != null && groups.length > 0) groups[0].final = 'below';
  if (final?.above != null && groups.length > 0) groups[groups.length - 1].final = 'above';
  return { groups, reps: runs.map((run) => rep(run[0])) };
}

/**
 * The sweep's outputs from the run's cell summaries (grid point by grid
 * point, `plan.baseCells` each) and their summary.csv rows: sweep.csv text,
 * lists.csv text (sweeps with lists), and every crossing — per base cell
 * and numeric parameter, along that parameter with the others held at each
 * of their values. Each bootstrap is seeded by the experiment seed, the
 * cell, the parameter and the slice.
 */
export function sweepOutputs(opts: {
  plan: SweepPlan;
  seed: string;
  summaries: readonly CellSummary[];
  rows: readonly string[][];
  /** Each crossing's re-check by the stronger policy, in crossing order (a confirmed run's). */
  confirmations?: readonly (CrossingConfirmation | undefined)[];
}): {
  sweepCsv: string;
  crossingCsv: string;
  listsCsv: string | null;
  crossings: CrossingRow[];
} {
  const { plan, summaries, rows } = opts;
  const base = plan.baseCells;
  const baseKey = (i: number): string => summaries[i].cell.key.slice(0, summaries[i].cell.key.length - plan.points[Math.floor(i / base)].label.length - 3);
  const sameLabel = (k: number, b: number): string => {
    const to = plan.points[k].sameAs?.[b];
    return to === undefined || to === null || to === k ? '' : plan.points[to].label;
  };
  const sweepLines = rows.map((summary, i): SweepLine => ({ cell: baseKey(i), values: plan.points[Math.floor(i / base)].values, summary, sameAs: sameLabel(Math.floor(i / base), i % base) }));

  const crossings: CrossingRow[] = [];
  for (let b = 0; b < base; b++) {
    plan.parameters.forEach((p, j) => {
      if (!p.values.every((v) => typeof v === 'number')) return; // a crossing needs numbers
      // Grid points by the other parameters' values, in grid order.
      const slices = new Map<string, number[]>();
      plan.points.forEach((pt, k) => {
        const other = JSON.stringify(pt.values.filter((_, m) => m !== j));
        slices.set(other, [...(slices.get(other) ?? []), k]);
      });
      for (const [other, points] of slices) {
        const final = p.listFinal?.[other];
        const { groups, reps } = sliceGroups(plan, j, b, points, summaries, final);
        const cell = baseKey(b);
        const xs = points.map((k) => plan.points[k].values[j] as number).sort((x, y) => x - y);
        const result = crossingOfGroups(groups, { seed: deriveSeed(opts.seed, 'crossing', cell, p.name, other), replicates: CROSSING_REPLICATES });
        const row: Omit<CrossingRow, 'advice'> = {
          base: b,
          groupPoints: reps,
          cell,
          parameter: p.name,
          slice: (JSON.parse(other) as unknown[]).map(String),
          result,
          from: xs[0],
          to: xs[xs.length - 1],
          current: typeof p.current === 'number' ? p.current : null,
          listSteps: p.listSteps?.[other] ?? [],
          final: final ?? { below: null, above: null },
        };
        const listsOf = (g: number): SweepList[] | undefined => (g >= 0 && g < reps.length ? plan.points[reps[g]].lists : undefined);
        const lists = result.step
          ? { below: listsOf(result.step.below), from: listsOf(result.step.from) }
          : { first: listsOf(0), second: listsOf(1), last: listsOf(reps.length - 1), beforeLast: listsOf(reps.length - 2), all: reps.map((_rep, g) => listsOf(g)) };
        crossings.push({ ...row, advice: adviceFor(row, xs, lists) });
      }
    });
  }
  tierAdvice(crossings, summaries, base, baseKey);
  crossings.forEach((c, i) => {
    const k = opts.confirmations?.[i];
    if (k) c.confirmation = k;
  });
  return {
    sweepCsv: csvOf(sweepSchema(plan), sweepLines),
    crossingCsv: csvOf(crossingSchema(plan), crossings),
    listsCsv: listsCsv(plan),
    crossings,
  };
}

/** A regiment of an army's list at a grid point, as its lists.csv row sees it. */
interface ListRegiment {
  values: SweepPlan['points'][number]['values'];
  list: SweepList;
  index: number;
  /** The grid point whose lists these are (same_as), or empty. */
  same: string;
}

/** lists.csv's columns after the parameters: one row per regiment of each army at each grid point. */
const LIST_SCHEMA: CsvSchema<ListRegiment> = [
  { name: 'army', value: (r) => r.list.army },
  { name: 'regiment', value: (r) => String(r.index) },
  { name: 'entry', value: (r) => String(r.list.regiments[r.index].entry) },
  { name: 'models', value: (r) => String(r.list.regiments[r.index].models) },
  { name: 'points', value: (r) => String(r.list.regiments[r.index].points) },
  { name: 'army_points', value: (r) => String(r.list.points) },
  { name: 'same_as', value: (r) => r.same },
];

export const LIST_COLUMNS = columnsOf(LIST_SCHEMA);

/** lists.csv: each army's regiments at each grid point, for sweeps whose parameters change lists. */
function listsCsv(plan: SweepPlan): string | null {
  if (!plan.points.some((p) => p.lists)) return null;
  const rows: ListRegiment[] = [];
  plan.points.forEach((pt, k) => {
    // A point is the same as an earlier one for every base cell alike or not at all, as far as lists go: name the first cell's.
    const to = pt.sameAs?.[0];
    const same = to === undefined || to === null || to === k ? '' : plan.points[to].label;
    for (const list of pt.lists ?? []) list.regiments.forEach((_r, index) => rows.push({ values: pt.values, list, index, same }));
  });
  const parameters = plan.parameters.map((p, j): Column<ListRegiment> => ({ name: p.name, value: (r) => String(r.values[j]) }));
  return csvOf([...parameters, ...LIST_SCHEMA], rows);
}

/**
 * Cells alike but for a mirrored policy pair (bot tiers): when their
 * crossings disagree (another status, or intervals that do not overlap),
 * each one's advice ends with a call to check with search.
 */
function tierAdvice(crossings: CrossingRow[], summaries: readonly CellSummary[], base: number, baseKey: (i: number) => string): void {
  const cellOf = new Map<string, CellSummary>();
  for (let b = 0; b < base; b++) cellOf.set(baseKey(b), summaries[b]);
  const tiers = new Map<string, CrossingRow[]>();
  for (const c of crossings) {
    const s = cellOf.get(c.cell);
    if (!s || s.cell.policyA !== s.cell.policyB) continue;
    const key = JSON.stringify([s.cell.armyA.path, s.cell.armyB.path, s.cell.scenarioLabel, c.parameter, c.slice]);
    tiers.set(key, [...(tiers.get(key) ?? []), c]);
  }
  for (const group of tiers.values()) {
    if (group.length < 2) continue;
    const span = (c: CrossingRow): [number, number] => [c.result.low ?? -Infinity, c.result.high ?? Infinity];
    const agree = group.every((c) => {
      const g = group[0];
      if (c.result.status !== g.result.status) return false;
      if (c.result.status !== 'inside' && c.result.status !== 'step' && c.result.status !== 'plateau') return true;
      const [a, z] = span(c);
      const [a0, z0] = span(g);
      // Intervals that only touch do not agree: a bracket's ends are grid points clearly on one side of 50%.
      return (a < z0 && a0 < z) || (a === z && a0 === z0 && a === a0);
    });
    if (!agree) for (const c of group) c.advice += '; the verdict differs between bot tiers: check with search';
  }
}

/** Writes sweep.csv, crossing.csv and lists.csv (when the sweep changes lists) to `out` with `write`, the caller's atomic writer; returns the files and the crossings. */
export function writeSweepFiles(out: string, opts: Parameters<typeof sweepOutputs>[0], write: (file: string, text: string) => void): { files: string[]; crossings: CrossingRow[] } {
  const sw = sweepOutputs(opts);
  const f = sweepFiles(out);
  write(f.sweep, sw.sweepCsv);
  write(f.crossing, sw.crossingCsv);
  if (sw.listsCsv !== null) write(f.lists, sw.listsCsv);
  return { files: [f.sweep, f.crossing, ...(sw.listsCsv !== null ? [f.lists] : [])], crossings: sw.crossings };
}

/** A crossing's verdict in words: a number with its interval only when the range holds it. */
export function crossingVerdict(c: Pick<CrossingRow, 'result' | 'from' | 'to'> & { final?: CrossingRow['final'] }): string {
  const r = c.result;
  const final = c.final ?? { below: null, above: null };
  switch (r.status) {
    case 'inside':
      return `fair at ${num(r.crossing)} (95% interval ${r.low === null ? `below ${c.from}` : num(r.low)} to ${r.high === null ? `above ${c.to}` : num(r.high)})`;
    case 'step':
      return `a list step between ${num(r.low)} and ${num(r.high)}: 50% falls where the list changes`;
    case 'plateau':
      if (r.high === null || r.low === null) {
        // An open side: the stretch ends in the list every value past the range plays.
        const from = r.low === null ? `any value up to ${num(r.high)}` : `any value from ${num(r.low)} on`;
        return `a plateau: fair within the noise at ${from} (the list no longer changes past the range)`;
      }
      return `a plateau: fair within the noise anywhere from ${num(r.low)} to ${num(r.high)}`;
    case 'ambiguous':
      return `ambiguous: crosses 50% at ${r.crossings.map(num).join(', ')}`;
    case 'below-range':
      if (final.below !== null) return `not reached, and cost alone cannot reach it: the list no longer changes below ${num(final.below)}`;
      return `not reached: fair below the swept range (< ${c.from})${r.high !== null ? `; 95% interval up to ${num(r.high)}` : ''}`;
    case 'above-range':
      if (final.above !== null) return `not reached, and cost alone cannot reach it: the list no longer changes from ${num(final.above)}`;
      return `not reached: fair above the swept range (> ${c.to})${r.low !== null ? `; 95% interval from ${num(r.low)}` : ''}`;
    default:
      return `flat: no trend within the noise over ${c.from}..${c.to}`;
  }
}

/** The crossings as plain lines, each with its advice. */
export function formatCrossings(crossings: readonly CrossingRow[]): string {
  return crossings
    .map((c) => {
      const at = c.slice.length > 0 ? ` [${c.slice.join(', ')}]` : '';
      const now = c.current !== null ? ` (now ${num(c.current)})` : '';
      return `${c.cell}: ${c.parameter}${at}${now}: ${crossingVerdict(c)}${c.confirmation ? `\n  ${confirmationWords(c.confirmation)}` : ''}\n  next: ${c.advice}`;
    })
    .join('\n');
}

/** A crossing's re-check in words: `search: not confirmed (at 25: 58.3% [44.3, 71.2], at 30: …)`. */
export function confirmationWords(k: CrossingConfirmation): string {
  const p1 = (x: number): string => (100 * x).toFixed(1);
  return `${k.policy}: ${k.verdict} (${k.points.map((p) => `at ${num(p.x)}: ${p.verdict} ${p1(p.rate)}% [${p1(p.low)}, ${p1(p.high)}] in ${p.games} games`).join('; ')})`;
}
