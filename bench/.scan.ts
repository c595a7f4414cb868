// scratch: balanced variants vs aggressive & objective, all scenarios, sample + 400 lists
import path from 'node:path';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL, fileURLToPath } from 'node:url';
const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const runner = await import(pathToFileURL(path.join(root, 'dist/runner/index.js')).href);
const sc = await import(pathToFileURL(path.join(root, 'dist/scenarios/index.js')).href);
const variants = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const games = Number(process.argv.find((a) => a.startsWith('--games='))?.slice(8) ?? 48);
const size = process.argv.find((a) => a.startsWith('--size='))?.slice(7) ?? '800';
const opps = (process.argv.find((a) => a.startsWith('--opp='))?.slice(6) ?? 'aggressive,objective').split(',');
const seed = process.argv.find((a) => a.startsWith('--seed='))?.slice(7) ?? 'scan';
const scen = process.argv.find((a) => a.startsWith('--scen='))?.slice(7)?.split(',') ?? sc.listScenarios().map((s: any) => s.id);
const armies = ['ironbound', 'reedmarsh', 'tuskfell'].map((a) => `sims/armies/${a}-${size}.json`);
for (const v of variants) {
  const row: string[] = [];
  let tot = 0, n = 0;
  const per: Record<string, number[]> = {};
  for (const o of opps) {
    const out = mkdtempSync(path.join(tmpdir(), 'scan-'));
    const t = runner.planTournament({ policies: [v, o], armies, scenarios: scen, games: games * scen.length, seed: `${seed}:${o}`, out });
    await runner.runTournament(t, { workers: 2 });
    const lines = readFileSync(path.join(out, 'games.csv'), 'utf8').trim().split('\n');
    const cols = runner.parseCsvLine(lines[0]);
    const iS = cols.indexOf('scenario'), iW = cols.indexOf('winner');
    let s = 0, g = 0;
    for (const l of lines.slice(1)) { const f = runner.parseCsvLine(l); const x = f[iW] === 'A' ? 1 : f[iW] === 'draw' ? 0.5 : 0; s += x; g++; (per[`${o[0]}:${f[iS]}`] ??= [0, 0])[0] += x; per[`${o[0]}:${f[iS]}`][1]++; }
    rmSync(out, { recursive: true, force: true });
    row.push(`${o} ${(100 * s / g).toFixed(1)}%`);
    tot += s; n += g;
  }
  const cells = Object.values(per).map(([a, b]) => a / b);
  const low = Math.min(...cells), under = cells.filter((c) => c < 0.55).length;
  if (process.env.CELLS) console.log(Object.entries(per).map(([k, [a, b]]) => `${k} ${(100 * a / b).toFixed(0)}`).join("  "));
  console.log(`${v.padEnd(40)} ${row.join('  ')}  all ${(100 * tot / n).toFixed(1)}%  min cell ${(100 * low).toFixed(0)}% under55 ${under}/${cells.length}`);
}
