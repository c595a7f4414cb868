import type { TopLevelSpec } from 'vega-lite';

/** What a run folder holds, by its files (detectKind). */
export type ReportKind = 'run' | 'sweep' | 'tournament' | 'campaign';

/** A CSV file as read: its header and its rows as strings. */
export interface CsvTable {
  file: string;
  columns: string[];
  rows: string[][];
}

/** Some columns of a big CSV, each as an array of strings (readColumns). */
export interface ColumnTable {
  file: string;
  rows: number;
  get(name: string): string[];
}

/** A table printed under a chart: the same numbers as the chart. */
export interface NumberTable {
  columns: string[];
  rows: (string | number)[][];
}

/** One chart of the report: a vega-lite spec drawn to SVG in Node, with its caption and table. */
export interface Chart {
  id: string;
  title: string;
  /** One line: what to read from the chart. */
  caption: string;
  spec: TopLevelSpec;
  /** The same chart for a phone (about 360 px: one column of facets); the page shows it below 700 px. */
  narrow?: TopLevelSpec;
  table: NumberTable;
}

/** A table shown as it is (no chart), e.g. the verdict of each bot tier. */
export interface PlainTable {
  id: string;
  title: string;
  caption: string;
  table: NumberTable;
}

/** A section of the page: a heading, optional plain text (verdicts), charts and plain tables. */
export interface Section {
  heading: string;
  lines?: string[];
  charts: Chart[];
  tables?: PlainTable[];
  /** Raw HTML figures drawn without vega (the campaign map), each with its caption. */
  figures?: { id: string; title: string; svg: string; caption: string; table?: NumberTable }[];
}

/** A replay the report links to: a notable game written next to report.html. */
export interface ReplayLink {
  cell: string;
  game: number;
  seed: string;
  why: string;
  /** File name relative to the report. */
  file: string;
  summary: string;
}

export interface ReportOptions {
  /** The run's output folder. */
  dir: string;
  /** Write replays of notable games into `dir/replays` (default true for runs). */
  replays?: boolean;
  /** The experiment file, when the manifest's path does not resolve from the current directory. */
  experimentFile?: string;
}

export interface ReportOutcome {
  kind: ReportKind;
  file: string;
  charts: number;
  replays: string[];
  /** Why no replays were written, when none were. */
  replayNote?: string;
}
