/**
 * Per-scenario win rates from a tournament's games.csv:
 * `npx tsx bench/bots-table.ts reports/DIR [POLICY]`. For each scenario and
 * each opponent, POLICY's (default balanced) win rate, a draw as half a win,
 * with its games and 95% Wilson interval: the table of docs/BOTS.md's
 * "Every scenario" and "Counter-strategies". A cell under 55% is starred.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const me = process.argv[3] ?? 'balanced';
if (!dir) {
  console.error('usage: npx tsx bench/bots-table.ts reports/DIR [POLICY]');
  process.exit(2);
}
const lines = readFileSync(path.join(dir, 'games.csv'), 'utf8').trim().split('\n');
const head = lines[0].split(',');
const col = (n: string) => head.indexOf(n);
const [iScn, iPa, iPb, iWin] = ['scenario', 'policy_a', 'policy_b', 'winner'].map(col);
const cells = new Map<string, Map<string, { score: number; n: number }>>();
const opponents = new Set<string>();
for (const line of lines.slice(1)) {
  // The cell's name may hold commas in quotes; the fields after it do not.
  const f = line.startsWith('"') ? [line.slice(0, line.indexOf('",') + 1), ...line.slice(line.indexOf('",') + 2).split(',')] : line.split(',');
  const pa = f[iPa];
  const pb = f[iPb];
  if (pa !== me && pb !== me) continue;
  const side = pa === me ? 'A' : 'B';
  const opp = pa === me ? pb : pa;
  opponents.add(opp);
  const w = f[iWin];
  const score = w === side ? 1 : w === '' ? 0.5 : 0;
  const scn = f[iScn];
  if (!cells.has(scn)) cells.set(scn, new Map());
  const c = cells.get(scn)!.get(opp) ?? { score: 0, n: 0 };
  c.score += score;
  c.n++;
  cells.get(scn)!.set(opp, c);
}
function wilson(p: number, n: number): [number, number] {
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}
const opps = [...opponents];
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`| scenario | ${opps.map((o) => `${me} vs ${o}`).join(' | ')} |`);
console.log(`| --- | ${opps.map(() => '---').join(' | ')} |`);
const total = new Map<string, { score: number; n: number }>();
for (const [scn, row] of cells) {
  const out = opps.map((o) => {
    const c = row.get(o);
    if (!c) return '';
    const t = total.get(o) ?? { score: 0, n: 0 };
    t.score += c.score;
    t.n += c.n;
    total.set(o, t);
    const p = c.score / c.n;
    const [lo, hi] = wilson(p, c.n);
    return `${p < 0.55 ? '*' : ''}${pct(p)} [${pct(lo)}, ${pct(hi)}] (${c.n})`;
  });
  console.log(`| ${scn} | ${out.join(' | ')} |`);
}
console.log(
  `| all | ${opps
    .map((o) => {
      const t = total.get(o)!;
      return `${pct(t.score / t.n)} (${t.n})`;
    })
    .join(' | ')} |`,
);
