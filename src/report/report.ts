import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { checkOutputDir, makeOutputSubdir, writeFileAtomically } from '../data/outputs.js';
import { readColumns, readOptional } from './csv.js';
import { htmlTable, esc, PAGE_STYLE, replayList } from './page.js';
import { renderSvg } from './render.js';
import { notableReplays } from './notable.js';
import { runSections } from './run.js';
import { sweepSections } from './sweep.js';
import { tournamentSections } from './tournament.js';
import { campaignSections } from './campaign.js';
import type { TopLevelSpec } from 'vega-lite';
import type { ColumnTable, ReplayLink, ReportKind, ReportOptions, ReportOutcome, Section } from './types.js';

/** The columns of games.csv the charts and the replays read. */
const GAME_FIELDS = ['cell', 'game', 'seed', 'scenario', 'first_seat', 'winner', 'vp_a', 'vp_b', 'end_reason', 'rounds'] as const;

/** What the folder holds, by its files: the most specific producer wins. */
export function detectKind(dir: string): ReportKind {
  const has = (f: string): boolean => existsSync(path.join(dir, f));
  if (has('campaigns.csv')) return 'campaign';
  if (has('pairings.csv') || has('ratings.csv')) return 'tournament';
  if (has('sweep.csv') || has('crossing.csv')) return 'sweep';
  if (has('summary.csv')) return 'run';
  throw new InputError(`${dir}: expected a run folder (summary.csv, sweep.csv, pairings.csv or campaigns.csv), found none of them`);
}

const TITLES: Record<ReportKind, string> = { run: 'Run report', sweep: 'Sweep report', tournament: 'Tournament report', campaign: 'Campaign report' };

function readManifest(dir: string): Record<string, unknown> | null {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new InputError(`${file}: expected JSON, could not parse it`);
  }
}

/** The sections of a folder of that kind. */
function sectionsFor(kind: ReportKind, dir: string, games: ColumnTable | null, manifest: Record<string, unknown> | null): Section[] {
  const need = (name: string) => {
    const t = readOptional(dir, name);
    if (!t) throw new InputError(`${path.join(dir, name)}: expected this file in a ${kind} folder, it is missing`);
    return t;
  };
  switch (kind) {
    case 'run':
      return runSections(need('summary.csv'), games);
    case 'sweep':
      return sweepSections(readOptional(dir, 'sweep.csv'), readOptional(dir, 'crossing.csv'));
    case 'tournament':
      return tournamentSections(readOptional(dir, 'pairings.csv'), readOptional(dir, 'ratings.csv'), manifest);
    case 'campaign':
      return campaignSections(need('campaigns.csv'), readOptional(dir, 'territories.csv'), readOptional(dir, 'battles.csv'));
  }
}

/**
 * The name in the title: the manifest's (a campaign's or experiment's name);
 * a tournament, whose experiment is always called "tournament", by its
 * policies; the folder's name when there is no manifest.
 */
export function reportName(manifest: Record<string, unknown> | null, dir: string): string {
  const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  const t = manifest?.tournament as { policies?: unknown } | undefined;
  if (t && Array.isArray(t.policies) && t.policies.every((p) => typeof p === 'string')) return t.policies.join(', ');
  return str(manifest?.campaign) ?? str(manifest?.experiment) ?? str(manifest?.name) ?? path.basename(path.resolve(dir));
}

/**
 * A chart drawn for a phone when it has no narrow version of its own: plots
 * at most 260 px wide, a row of facets turned into one column.
 */
export function narrowOf(spec: TopLevelSpec): TopLevelSpec {
  const s = structuredClone(spec) as unknown as Record<string, unknown> & { spec?: Record<string, unknown>; facet?: Record<string, unknown> };
  if (typeof s.width === 'number') s.width = Math.min(s.width, 260);
  if (s.spec && typeof s.spec.width === 'number') s.spec.width = Math.min(s.spec.width, 200);
  if (s.facet && 'column' in s.facet && !('row' in s.facet)) {
    s.facet = s.facet.column as Record<string, unknown>;
    s.columns = 1;
  }
  return s as unknown as TopLevelSpec;
}

/** A long chart title broken into lines of about 40 characters at its ": ", " | " and " · " joints. */
export function titleLines(title: string): string[] {
  const parts = title.split(/(?<=: )|(?= \| )|(?= · )/);
  const lines: string[] = [];
  for (const p of parts) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + p).length <= 40) lines[last] += p;
    else lines.push(p.replace(/^ /, ''));
  }
  return lines.map((l) => l.trim().replace(/^[|·] /, ''));
}

export interface BuiltReport {
  kind: ReportKind;
  html: string;
  charts: number;
  /** Replay pages to write next to the report, by file name relative to it. */
  replays: { link: ReplayLink; html: string }[];
  replayNote?: string;
}

/**
 * The report of a run folder as one self-contained HTML page (no scripts,
 * no network: every chart is inline SVG), plus the replay pages it links.
 * Reads the folder and the experiment's inputs; writes nothing.
 */
export async function buildReport(opts: ReportOptions): Promise<BuiltReport> {
  const dir = opts.dir;
  const kind = detectKind(dir);
  const manifest = readManifest(dir);
  const gamesFile = path.join(dir, 'games.csv');
  const games = kind === 'run' || kind === 'sweep' ? (existsSync(gamesFile) ? readColumns(gamesFile, GAME_FIELDS) : null) : null;
  const sections = sectionsFor(kind, dir, games, manifest);
  let replays: BuiltReport['replays'] = [];
  let replayNote: string | undefined;
  if (opts.replays !== false && (kind === 'run' || kind === 'sweep')) {
    if (games) ({ replays, note: replayNote } = await notableReplays({ dir, games, manifest, experimentFile: opts.experimentFile }));
  }
  const parts: string[] = [];
  /** The table of contents: each section and what it shows, linked. */
  const toc: string[] = [];
  let charts = 0;
  sections.forEach((s, i) => {
    const items = [...(s.figures ?? []), ...s.charts, ...(s.tables ?? [])].map((f) => `<li><a href="#${esc(f.id)}">${esc(f.title)}</a></li>`);
    toc.push(`<li><a href="#section-${i + 1}">${esc(s.heading)}</a>${items.length > 0 ? `<ol>${items.join('')}</ol>` : ''}</li>`);
  });
  for (const [i, s] of sections.entries()) {
    parts.push(`<h2 id="section-${i + 1}">${esc(s.heading)}</h2>`);
    for (const l of s.lines ?? []) parts.push(`<p class="verdict">${esc(l)}</p>`);
    for (const f of s.figures ?? []) {
      parts.push(
        `<figure class="map" id="${esc(f.id)}">\n<div class="map-title">${esc(f.title)}</div>\n<div class="map-scroll">${f.svg}</div>\n<figcaption class="caption">${esc(f.caption)}</figcaption>` +
          (f.table ? `\n<details><summary>Table: the numbers of this map</summary>\n${htmlTable(f.table)}\n</details>` : '') +
          `</figure>`,
      );
    }
    for (const c of s.charts) {
      const svg = await renderSvg({ ...c.spec, title: c.title } as typeof c.spec, c.id);
      // A phone gets the chart drawn for its width (one column of panels), not the wide one shrunk.
      const phone = c.narrow ?? narrowOf(c.spec);
      const narrow = await renderSvg({ ...phone, title: { text: titleLines(c.title), limit: 360 }, config: { legend: { orient: 'bottom' }, ...(phone.config ?? {}) } } as typeof phone, `${c.id}-n`);
      charts++;
      const drawn = `<div class="wide">\n${svg}\n</div>\n<div class="narrow">\n${narrow}\n</div>`;
      parts.push(
        `<figure class="chart" id="${esc(c.id)}">\n${drawn}\n<figcaption class="caption">${esc(c.caption)}</figcaption>\n` +
          `<details><summary>Table: the numbers of this chart</summary>\n${htmlTable(c.table)}\n</details></figure>`,
      );
    }
    for (const t of s.tables ?? []) {
      parts.push(
        `<figure class="plain-table" id="${esc(t.id)}">\n<div class="map-title">${esc(t.title)}</div>\n<div class="scroll">${htmlTable(t.table)}</div>\n<figcaption class="caption">${esc(t.caption)}</figcaption></figure>`,
      );
    }
  }
  const name = reportName(manifest, dir);
  const meta = [
    typeof manifest?.experimentFile === 'string' ? `experiment file ${manifest.experimentFile}` : '',
    typeof manifest?.campaignFile === 'string' ? `campaign file ${manifest.campaignFile}` : '',
    typeof manifest?.seed === 'string' ? `seed ${manifest.seed}` : '',
    manifest?.package && typeof (manifest.package as { version?: unknown }).version === 'string' ? `skirmish-lab ${(manifest.package as { version: string }).version}` : '',
  ].filter(Boolean);
  const replayPart = replayList(
    replays.map((r) => r.link),
    replayNote,
  );
  const replaySection = replayPart === '' ? '' : `<h2 id="replays">Replays</h2>\n${replayPart}`;
  if (replaySection !== '') toc.push('<li><a href="#replays">Replays</a></li>');
  // The data the page is drawn from, next to it in the folder.
  const data = readdirSync(dir)
    .filter((f) => f.endsWith('.csv') || f === 'manifest.json')
    .sort();
  const dataSection =
    data.length === 0
      ? ''
      : `<h2 id="data">Data</h2>\n<p class="caption">The files this page is drawn from, in the folder beside it (described in docs/OUTPUTS.md):</p>\n<ul class="data">${data.map((f) => `<li><a href="${esc(encodeURIComponent(f))}">${esc(f)}</a></li>`).join('')}</ul>`;
  if (dataSection !== '') toc.push('<li><a href="#data">Data (CSV files)</a></li>');
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(TITLES[kind])}: ${esc(name)}</title>
<style>${PAGE_STYLE}</style></head>
<body>
<h1>${esc(TITLES[kind])}: ${esc(name)}</h1>
<p class="meta">${esc(meta.join(' · '))}</p>
<nav class="toc" id="contents"><b>Contents</b>\n<ol>${toc.join('\n')}</ol></nav>
${parts.join('\n')}
${replaySection}
${dataSection}
</body></html>
`;
  return { kind, html, charts, replays, replayNote };
}

/**
 * Before any work (charts, replays played again): a folder the report cannot
 * be written into, or a `replays/` that is a link, a file or a folder that
 * cannot be written into, is one line (exit 2), not an EACCES seconds later.
 */
export function checkReportFolder(dir: string, replays: boolean): void {
  checkOutputDir('report', dir);
  if (!replays) return;
  const sub = path.join(dir, 'replays');
  try {
    lstatSync(sub);
  } catch {
    return; // made when a replay is written
  }
  makeOutputSubdir(sub); // a link or a file there is refused; a folder is left as it is
  checkOutputDir('report', sub);
}

/** Writes `report.html` (and the replays it links, under `replays/`) into the run's folder. */
export async function writeReport(opts: ReportOptions): Promise<ReportOutcome> {
  checkReportFolder(opts.dir, opts.replays !== false);
  const built = await buildReport(opts);
  const written: string[] = [];
  if (built.replays.length > 0) makeOutputSubdir(path.join(opts.dir, 'replays'));
  for (const r of built.replays) {
    const f = path.join(opts.dir, r.link.file);
    writeFileAtomically(f, r.html);
    written.push(f);
  }
  const file = path.join(opts.dir, 'report.html');
  writeFileAtomically(file, built.html);
  return { kind: built.kind, file, charts: built.charts, replays: written, replayNote: built.replayNote };
}
