import { col, num } from './csv.js';
import { cellText, pct, r1 } from './numbers.js';
import type { Chart, CsvTable, Section } from './types.js';

/** Policy × policy heatmap: each square is the row policy's win rate against the column policy. */
function pairingChart(p: CsvTable): Chart {
  const [iA, iB, iG, iW, iLo, iHi, iStall] = ['policy_a', 'policy_b', 'games', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high', 'stall_rate'].map((n) => col(p, n));
  const data: { policy: string; opponent: string; rate: number; low: number; high: number; games: number }[] = [];
  for (const r of p.rows) {
    const w = num(r[iW]);
    data.push({ policy: r[iA], opponent: r[iB], rate: pct(w), low: pct(num(r[iLo])), high: pct(num(r[iHi])), games: num(r[iG]) });
    if (r[iA] !== r[iB]) data.push({ policy: r[iB], opponent: r[iA], rate: pct(1 - w), low: pct(1 - num(r[iHi])), high: pct(1 - num(r[iLo])), games: num(r[iG]) });
  }
  const policies = [...new Set(data.map((d) => d.policy))];
  const spec = (cell: number, legend: 'right' | 'bottom') => ({
    width: Math.max(160, policies.length * cell),
    height: Math.max(120, policies.length * 40),
    data: { values: data },
    encoding: {
      x: { field: 'opponent', type: 'nominal' as const, title: 'against (policy)', sort: policies, axis: { labelAngle: cell < 80 ? -40 : 0 } },
      y: { field: 'policy', type: 'nominal' as const, title: 'policy', sort: policies },
    },
    layer: [
      {
        mark: 'rect' as const,
        encoding: {
          color: { field: 'rate', type: 'quantitative' as const, title: 'win rate (%)', scale: { domain: [0, 100], scheme: 'redblue', reverse: true, domainMid: 50 }, legend: { orient: legend } },
          tooltip: [{ field: 'policy' }, { field: 'opponent' }, { field: 'rate' }, { field: 'low' }, { field: 'high' }, { field: 'games' }],
        },
      },
      { mark: { type: 'text' as const, fontSize: 11 }, encoding: { text: { field: 'rate', type: 'quantitative' as const, format: '.1f' } } },
    ],
  });
  return {
    id: 'pairings',
    title: 'Pairing matrix',
    caption: 'Each square is the row policy’s win rate (%, draws half) against the column policy over every scenario and army rotation: red rows beat their opponents.',
    spec: spec(80, 'right'),
    narrow: spec(Math.max(36, Math.floor(200 / Math.max(1, policies.length))), 'bottom'),
    table: {
      columns: ['policy A', 'policy B', 'games', 'win rate A %', '95% low %', '95% high %', 'stalled games %'],
      rows: p.rows.map((r) => [r[iA], r[iB], num(r[iG]), cellText(pct(num(r[iW]))), cellText(pct(num(r[iLo]))), cellText(pct(num(r[iHi]))), cellText(pct(num(r[iStall])))]),
    },
  };
}

/** Ratings with their bootstrap intervals, strongest first. */
function ratingChart(t: CsvTable): Chart {
  const [iP, iR, iLo, iHi, iG] = ['policy', 'rating', 'rating_low', 'rating_high', 'games'].map((n) => col(t, n));
  const data = t.rows.map((r) => ({ policy: r[iP], rating: r1(num(r[iR])), low: r1(num(r[iLo])), high: r1(num(r[iHi])), games: num(r[iG]) })).sort((a, b) => b.rating - a.rating);
  const y = { field: 'policy', type: 'nominal' as const, title: 'policy', sort: null };
  const spec = (width: number) => ({
    width,
    height: Math.max(60, data.length * 26),
    data: { values: data },
    layer: [
      {
        mark: { type: 'rule' as const, strokeWidth: 2, color: '#4a6a8a' },
        encoding: { y, x: { field: 'low', type: 'quantitative' as const, title: 'rating (Elo points, random = 0)' }, x2: { field: 'high' } },
      },
      {
        mark: { type: 'point' as const, filled: true, size: 60, color: '#1f3f66' },
        encoding: { y, x: { field: 'rating', type: 'quantitative' as const }, tooltip: [{ field: 'policy' }, { field: 'rating' }, { field: 'low' }, { field: 'high' }, { field: 'games' }] },
      },
      { mark: { type: 'rule' as const, strokeDash: [6, 4], color: '#000' }, encoding: { x: { datum: 0 } } },
    ],
  });
  return {
    id: 'ratings',
    title: 'Ratings',
    caption: 'Bradley–Terry strength on the Elo scale (random = 0; +100 ≈ a 64% win rate) with its 95% bootstrap interval: overlapping bars are not clearly different.',
    spec: spec(520),
    narrow: spec(200),
    table: { columns: ['policy', 'rating', '95% low', '95% high', 'games'], rows: data.map((d) => [d.policy, cellText(d.rating), cellText(d.low), cellText(d.high), d.games]) },
  };
}

/**
 * What the tournament played, in words: its policies, scenarios and armies
 * (manifest.json's) and how many games (pairings.csv's).
 */
export function tournamentLines(pairings: CsvTable | null, manifest: Record<string, unknown> | null): string[] {
  const t = manifest?.tournament as { policies?: unknown; scenarios?: unknown; armies?: unknown; gamesPerPairing?: unknown } | undefined;
  const names = (v: unknown): string[] | null => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null);
  const policies = names(t?.policies);
  const scenarios = names(t?.scenarios);
  const armies = names(t?.armies);
  const lines: string[] = [];
  if (pairings) {
    const iG = col(pairings, 'games');
    const games = pairings.rows.reduce((s, r) => s + (num(r[iG]) || 0), 0);
    const each = [...new Set(pairings.rows.map((r) => num(r[iG])))];
    lines.push(
      `${games.toLocaleString('en')} games: ${pairings.rows.length} pairing${pairings.rows.length === 1 ? '' : 's'} of ${policies ? `${policies.length} policies (${policies.join(', ')})` : 'the policies'}, ${each.length === 1 ? `${each[0].toLocaleString('en')} games each` : 'games each as pairings.csv says'}, every pair of armies in both seats with either policy.`,
    );
  }
  lines.push(scenarios ? `Scenarios (${scenarios.length}): ${scenarios.join(', ')}.` : 'Scenarios: not recorded (no manifest.json in the folder).');
  lines.push(armies ? `Armies (${armies.length}): ${armies.join(', ')}${armies.length === 1 ? ' (the mirror match)' : ''}.` : 'Armies: not recorded (no manifest.json in the folder).');
  return lines;
}

export function tournamentSections(pairings: CsvTable | null, ratings: CsvTable | null, manifest: Record<string, unknown> | null = null): Section[] {
  const charts: Chart[] = [];
  if (ratings) charts.push(ratingChart(ratings));
  if (pairings) charts.push(pairingChart(pairings));
  return [{ heading: 'Strength of the policies', lines: tournamentLines(pairings, manifest), charts }];
}
