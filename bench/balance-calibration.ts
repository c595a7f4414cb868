/**
 * Calibration of `skirmish balance`:
 *   npx tsx bench/balance-calibration.ts [--seeds=10] [--from=0] [--games=4000] [--policy=aggressive]
 *     [--faction=sims/factions/ironbound.json] [--pointer=/regiments/0/extraModelPoints] [--by=30]
 *     [--scenarios=meeting-engagement] [--points=400] [--workers=2]
 * A mirror pair: the faction and its twin (the same warriors under another id)
 * whose price at --pointer is raised by --by points. For each seed, a whole
 * balance run (no held-out games, no abilities) on the two factions; then:
 * does the twin's raised price get flagged and its interval hold the price
 * before the raise (the truth: the twin's warriors are the original's), and
 * is any other price flagged? Prints a row a seed and the coverage.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planBalance } from '../src/balance/plan.js';
import { runBalance } from '../src/balance/run.js';

const arg = (name: string, def: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const seeds = Number(arg('seeds', '10'));
const from = Number(arg('from', '0'));
const games = Number(arg('games', '4000'));
const policy = arg('policy', 'aggressive');
const factionFile = path.resolve(arg('faction', 'sims/factions/ironbound.json'));
const pointer = arg('pointer', '/regiments/0/extraModelPoints');
const by = Number(arg('by', '30'));
const scenarios = arg('scenarios', 'meeting-engagement').split(',');
const points = arg('points', '400').split(',').map(Number);
const workers = Number(arg('workers', '2'));

const dir = mkdtempSync(path.join(tmpdir(), 'balance-calibration-'));
const original = JSON.parse(readFileSync(factionFile, 'utf8'));
const twin = structuredClone(original);
twin.id = `${original.id}-twin`;
twin.name = `${original.name} (twin)`;
const keys = pointer.split('/').slice(1);
let at = twin;
for (const k of keys.slice(0, -1)) at = at[k];
const truth = at[keys[keys.length - 1]] as number;
at[keys[keys.length - 1]] = truth + by;
const twinFile = path.join(dir, `${twin.id}.json`);
writeFileSync(twinFile, JSON.stringify(twin, null, 2));

console.log(`mirror pair: ${original.id} and ${twin.id} (${pointer} ${truth} -> ${truth + by}); ${games} games a seed, ${policy}, ${scenarios.join('/')} at ${points.join('/')}`);
console.log('seed  worth  [low, high]  holds truth  flagged  other flags');
let held = 0;
let flagged = 0;
let clean = 0;
const started = Date.now();
for (let s = from; s < from + seeds; s++) {
  const json = {
    kind: 'balance',
    name: `calibration-${s}`,
    seed: `calibration-${s}`,
    factions: [factionFile, twinFile],
    points,
    scenarios,
    policy,
    games,
    holdout: 0,
    abilities: false,
  };
  const plan = planBalance(json, path.join(dir, `calibration-${s}.json`), { out: path.join(dir, `out-${s}`) });
  const r = await runBalance({ plan, workers });
  if (r.status !== 'complete') throw new Error(`seed ${s}: ${r.failure}`);
  const row = r.prices.find((p) => p.faction === twin.id && p.pointer === pointer)!;
  const others = r.prices.filter((p) => p !== row && (p.verdict === 'raise' || p.verdict === 'lower'));
  const holds = row.low <= truth && truth <= row.high;
  const isFlagged = row.verdict === 'lower';
  held += holds ? 1 : 0;
  flagged += isFlagged ? 1 : 0;
  clean += others.length === 0 ? 1 : 0;
  console.log(
    `${String(s).padStart(4)}  ${row.worth.toFixed(1).padStart(5)}  [${row.low.toFixed(1)}, ${row.high.toFixed(1)}]  ${holds ? 'yes' : 'NO '}  ${isFlagged ? `yes (${row.proposed})` : 'no'}  ${others.map((o) => `${o.faction}: ${o.name} ${o.costNow}->${o.proposed} [${o.low.toFixed(0)}, ${o.high.toFixed(0)}]`).join('; ') || '-'}`,
  );
}
console.log(
  `coverage: ${held}/${seeds} intervals hold the truth (${truth}); the raised price flagged in ${flagged}/${seeds}; no other price flagged in ${clean}/${seeds}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
