import path from 'node:path';
import { deriveSeed } from '../dice/index.js';
import { crossingOfGroups, type CrossingGroup, type FairCrossing } from '../stats/index.js';
import { csvHeader, csvText } from './csv.js';
import type { CellSummary } from './summary.js';
import { SUMMARY_COLUMNS } from './summary.js';
import type { SweepPlan } from './types.js';

/** crossing.csv's fixed columns; a multi-parameter sweep adds the other parameters' values (the slice fitted). */
export const CROSSING_COLUMNS = ['cell', 'parameter', 'crossing', 'crossing_low', 'crossing_high', 'status', 'fit'] as const;

/** Bootstrap replicates of each crossing. */
export const CROSSING_REPLICATES = 1000;

export interface SweepFiles {
  sweep: string;
  crossing: string;
}

export function sweepFiles(out: string): SweepFiles {
  return { sweep: path.join(out, 'sweep.csv'), crossing: path.join(out, 'crossing.csv') };
}

/** sweep.csv's columns: the summary's, with one column per parameter after `cell` (the cell without its grid point). */
export function sweepColumns(plan: SweepPlan): string[] {
  return [SUMMARY_COLUMNS[0], ...plan.parameters.map((p) => p.name), ...SUMMARY_COLUMNS.slice(1)];
}

const num = (x: number | null): string => (x === null ? '' : String(Number(x.toFixed(4))));

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
}

/**
 * The sweep's outputs from the run's cell summaries (grid point by grid
 * point, `plan.baseCells` each) and their summary.csv rows: sweep.csv text,
 * and every crossing — per base cell and numeric parameter, along that
 * parameter with the others held at each of their values. Each bootstrap is
 * seeded by the experiment seed, the cell, the parameter and the slice.
 */
export function sweepOutputs(opts: { plan: SweepPlan; seed: string; summaries: readonly CellSummary[]; rows: readonly string[][] }): {
  sweepCsv: string;
  crossingCsv: string;
  crossings: CrossingRow[];
} {
  const { plan, summaries, rows } = opts;
  const base = plan.baseCells;
  const baseKey = (i: number): string => summaries[i].cell.key.slice(0, summaries[i].cell.key.length - plan.points[Math.floor(i / base)].label.length - 3);
  const sweepRows = rows.map((r, i) => [baseKey(i), ...plan.points[Math.floor(i / base)].values.map(String), ...r.slice(1)]);

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
        const groups: CrossingGroup[] = points.map((k) => {
          const u = summaries[k * base + b].crossingUnits();
          return { x: plan.points[k].values[j] as number, scores: u.scores, games: u.games };
        });
        const cell = baseKey(b);
        const xs = groups.map((g) => g.x);
        crossings.push({
          cell,
          parameter: p.name,
          slice: (JSON.parse(other) as unknown[]).map(String),
          result: crossingOfGroups(groups, { seed: deriveSeed(opts.seed, 'crossing', cell, p.name, other), replicates: CROSSING_REPLICATES }),
          from: Math.min(...xs),
          to: Math.max(...xs),
        });
      }
    });
  }
  const others = (j: number): string[] => plan.parameters.filter((_, m) => m !== j).map((p) => p.name);
  const multi = plan.parameters.length > 1;
  const crossingHeader = [...CROSSING_COLUMNS, ...(multi ? plan.parameters.map((p) => p.name) : [])];
  const crossingRows = crossings.map((c) => {
    const j = plan.parameters.findIndex((p) => p.name === c.parameter);
    const slice = multi ? plan.parameters.map((p) => (p.name === c.parameter ? '' : c.slice[others(j).indexOf(p.name)])) : [];
    return [c.cell, c.parameter, num(c.result.crossing), num(c.result.low), num(c.result.high), c.result.status, c.result.fit, ...slice];
  });
  return {
    sweepCsv: csvHeader(sweepColumns(plan)) + csvText(sweepRows),
    crossingCsv: csvHeader(crossingHeader) + csvText(crossingRows),
    crossings,
  };
}

/** Writes sweep.csv and crossing.csv to `out` (with `write`, the caller's atomic writer); returns the files and the crossings. */
export function writeSweepFiles(
  out: string,
  opts: Parameters<typeof sweepOutputs>[0],
  write: (file: string, text: string) => void,
): { files: string[]; crossings: CrossingRow[] } {
  const sw = sweepOutputs(opts);
  const f = sweepFiles(out);
  write(f.sweep, sw.sweepCsv);
  write(f.crossing, sw.crossingCsv);
  return { files: [f.sweep, f.crossing], crossings: sw.crossings };
}

/** The crossings as plain lines: a number with its interval only when the range holds it. */
export function formatCrossings(crossings: readonly CrossingRow[]): string {
  return crossings
    .map((c) => {
      const r = c.result;
      const at = c.slice.length > 0 ? ` [${c.slice.join(', ')}]` : '';
      const what =
        r.status === 'inside'
          ? `fair at ${num(r.crossing)} (95% interval ${r.low === null ? `below ${c.from}` : num(r.low)} to ${r.high === null ? `above ${c.to}` : num(r.high)}, ${r.fit} fit)`
          : r.status === 'below-range'
            ? `not reached: fair below the swept range (< ${c.from})`
            : r.status === 'above-range'
              ? `not reached: fair above the swept range (> ${c.to})`
              : `flat: no trend within the noise over ${c.from}..${c.to}`;
      return `${c.cell}: ${c.parameter}${at}: ${what}`;
    })
    .join('\n');
}
