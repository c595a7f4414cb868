/**
 * The report of a 100,000-game run: `npx tsx bench/report.ts [games] [reps]`.
 * Writes a synthetic run folder (games.csv and summary.csv with the runner's
 * columns: 3 matchups × 10 scenarios, games spread evenly) and times
 * `skirmish report DIR --no-replays` as a whole process from the built CLI
 * (`npm run build` first), `reps` times: median and range. Replays are timed
 * apart (they replay at most 24 games, whatever the run's size).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import seedrandom from 'seedrandom';
import { csvHeader, csvText } from '../src/batch/csv.js';
import { GAME_COLUMNS, gameRow } from '../src/runner/csv.js';
import { summaryRows } from '../src/runner/balance.js';
import { CellSummary, SUMMARY_COLUMNS } from '../src/runner/summary.js';
import type { CellSpec, GameRecord } from '../src/runner/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const games = Number(process.argv[2] ?? 100_000);
const reps = Number(process.argv[3] ?? 5);

const armies = ['ironbound-800', 'reedmarsh-800', 'tuskfell-800'];
const scenarios = ['annihilation', 'raid', 'tug-of-war', 'broken-lines', 'meeting-engagement', 'outflank', 'pincer', 'shieldwall', 'area-control', 'fall-into-rank'];
const cells: CellSpec[] = [];
for (const [i, j] of [
  [0, 1],
  [0, 2],
  [1, 2],
]) {
  for (const scenario of scenarios) {
    const ref = (label: string) => ({ label, path: `armies/${label}.json`, file: `/armies/${label}.json` });
    cells.push({
      index: cells.length,
      key: `${armies[i]} vs ${armies[j]} | ${scenario} | balanced vs balanced`,
      armyA: ref(armies[i]),
      armyB: ref(armies[j]),
      scenario,
      scenarioLabel: scenario,
      policyA: 'balanced',
      policyB: 'balanced',
      control: null,
      ruleset: { overrides: {} },
      source: 'bench',
    });
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-bench-report-'));
const rng = seedrandom('bench-report');
const rows: (string | number)[][] = [];
const summaries: CellSummary[] = [];
const perCell = Math.ceil(games / cells.length / 2) * 2;
for (const cell of cells) {
  const summary = new CellSummary(cell);
  const edge = rng() * 0.3 - 0.15;
  for (let g = 0; g < perCell && rows.length < games; g++) {
    const vpA = Math.max(0, Math.floor(rng() * 20 + edge * 20));
    const vpB = Math.floor(rng() * 20);
    const r: GameRecord = {
      cell: cell.key,
      game: g,
      seed: Math.floor(rng() * 2 ** 52).toString(16),
      scenario: cell.scenarioLabel,
      armyA: cell.armyA.label,
      armyB: cell.armyB.label,
      policyA: cell.policyA,
      policyB: cell.policyB,
      firstSeat: g % 2 === 0 ? 'A' : 'B',
      winner: vpA > vpB ? 'A' : vpA < vpB ? 'B' : 'draw',
      vpA,
      vpB,
      rounds: 5 + Math.floor(rng() * 4),
      endReason: 'lastRound',
      warriorsLostA: Math.floor(rng() * 10),
      warriorsLostB: Math.floor(rng() * 10),
      pointsDestroyedA: Math.round(rng() * 4000) / 10,
      pointsDestroyedB: Math.round(rng() * 4000) / 10,
      stalled: false,
      passiveRounds: Math.floor(rng() * 3),
    };
    summary.add(r);
    rows.push(gameRow(r));
  }
  summaries.push(summary);
}
writeFileSync(path.join(dir, 'games.csv'), csvHeader(GAME_COLUMNS) + csvText(rows));
writeFileSync(path.join(dir, 'summary.csv'), csvHeader(SUMMARY_COLUMNS) + csvText(summaryRows(summaries)));

const { buildReport } = (await import(pathToFileURL(path.join(ROOT, 'dist/report/index.js')).href)) as typeof import('../src/report/index.js');
const whole: number[] = [];
const inWall: number[] = [];
const inCpu: number[] = [];
for (let i = 0; i < reps; i++) {
  // The command as a designer runs it: Node start, module loading, reading, drawing, writing.
  let t = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'report', dir, '--no-replays'], { encoding: 'utf8' });
  whole.push((performance.now() - t) / 1000);
  if (r.status !== 0) throw new Error(r.stderr);
  // In this process (modules loaded): wall and CPU time, the CPU figure less sensitive to the machine's other load.
  t = performance.now();
  const cpu = process.cpuUsage();
  await buildReport({ dir, replays: false });
  const used = process.cpuUsage(cpu);
  inWall.push((performance.now() - t) / 1000);
  inCpu.push((used.user + used.system) / 1e6);
}
rmSync(dir, { recursive: true, force: true });
const line = (name: string, xs: number[]): string => {
  xs.sort((a, b) => a - b);
  return `  ${name}: median ${xs[Math.floor(xs.length / 2)].toFixed(2)} s, range ${xs[0].toFixed(2)}–${xs[xs.length - 1].toFixed(2)} s`;
};
console.log(`report of a ${rows.length.toLocaleString('en')}-game run (${cells.length} cells), ${reps} runs on ${availableParallelism()} cores:`);
console.log(line('skirmish report DIR --no-replays, whole process', whole));
console.log(line('buildReport in process, wall', inWall));
console.log(line('buildReport in process, CPU (user + system)', inCpu));
