/**
 * Calibration of `skirmish balance`:
 *   npx tsx bench/balance-calibration.ts [--seeds=10] [--from=0] [--games=4000] [--policy=aggressive]
 *     [--faction=sims/factions/ironbound.json] [--pointer=/regiments/0/extraModelPoints] [--by=30]
 *     [--scenarios=meeting-engagement] [--points=400] [--workers=2]
 *     [--rounds=2] [--base-games=8000] [--base=FILE]
 *
 * 1. The base: a table the bot deems right. The faction alone (mirrored with
 *    itself) goes through --rounds balance runs of --base-games games; after
 *    each, every measured price becomes its fitted worth (rounded, at least
 *    1), flagged or not: a price kept because its interval holds it may still
 *    sit three standard errors off, and the study would then flag it rightly.
 *    The last table is written to reports/balance-calibration/base.json;
 *    --base=FILE skips this step (--rounds=0 uses the faction as it is).
 * 2. The study: the base and its twin (the same warriors under another id)
 *    whose price at --pointer is raised by --by points. For each seed, a whole
 *    balance run (no held-out games, no abilities) on the two; then: does the
 *    twin's raised price get flagged, does its interval hold the base price
 *    (the truth: the twin's warriors are the base's), and is any other price
 *    of either faction flagged? Prints a row a seed, the coverage and the
 *    share of seeds where the raised price is the only one flagged.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planBalance } from '../src/balance/plan.js';
import { runBalance, type BalanceOutcome } from '../src/balance/run.js';
import { setAtPointer } from '../src/data/pointer.js';

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
const rounds = Number(arg('rounds', '2'));
const baseGames = Number(arg('base-games', '8000'));
const baseArg = arg('base', '');

const dir = mkdtempSync(path.join(tmpdir(), 'balance-calibration-'));
const started = Date.now();
const seconds = (): string => `${((Date.now() - started) / 1000).toFixed(0)} s`;

async function balance(name: string, factions: string[], n: number): Promise<BalanceOutcome> {
  const json = { kind: 'balance', name, seed: name, factions, points, scenarios, policy, games: n, holdout: 0, abilities: false };
  const plan = planBalance(json, path.join(dir, `${name}.json`), { out: path.join(dir, name) });
  const r = await runBalance({ plan, workers });
  if (r.status !== 'complete') throw new Error(`${name}: ${r.failure}`);
  return r;
}

const flaggedRows = (r: BalanceOutcome): BalanceOutcome['prices'] => r.prices.filter((p) => p.verdict === 'raise' || p.verdict === 'lower');

// 1. The base table.
let base: unknown = JSON.parse(readFileSync(baseArg ? path.resolve(baseArg) : factionFile, 'utf8'));
let baseFile = baseArg ? path.resolve(baseArg) : factionFile;
if (!baseArg && rounds > 0) {
  for (let round = 0; round < rounds; round++) {
    const file = path.join(dir, `base-${round}.json`);
    writeFileSync(file, JSON.stringify(base, null, 2));
    const r = await balance(`calibration-base-${round}`, [file], baseGames);
    const changes: string[] = [];
    for (const p of r.prices) {
      if (p.verdict === 'not measured' || !Number.isFinite(p.worth)) continue;
      const price = Math.max(1, Math.round(p.worth));
      if (price === p.costNow) continue;
      const set = setAtPointer(base, p.pointer, price);
      if ('error' in set) throw new Error(set.error);
      base = set.doc;
      changes.push(`${p.name} ${p.costNow}->${price}${p.verdict === 'keep' ? '' : ` (${p.verdict})`}`);
    }
    console.log(`base round ${round}: ${baseGames} games, ${flaggedRows(r).length} of ${r.prices.length} prices flagged; set to their worths: ${changes.join(', ') || '-'} (${seconds()})`);
  }
  // Kept where a later run can reuse it (--base), unlike the scratch folder.
  mkdirSync(path.resolve('reports/balance-calibration'), { recursive: true });
  baseFile = path.resolve('reports/balance-calibration/base.json');
  writeFileSync(baseFile, JSON.stringify(base, null, 2));
  console.log(`base table: ${baseFile}`);
}

// 2. The twin, one price raised.
const original = base as { id: string; name: string };
const twin = structuredClone(original) as { id: string; name: string };
twin.id = `${original.id}-twin`;
twin.name = `${original.name} (twin)`;
const keys = pointer.split('/').slice(1);
let at = twin as unknown as Record<string, unknown>;
for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
const truth = at[keys[keys.length - 1]] as number;
at[keys[keys.length - 1]] = truth + by;
const twinFile = path.join(dir, `${twin.id}.json`);
writeFileSync(twinFile, JSON.stringify(twin, null, 2));

console.log(`mirror pair: ${original.id} and ${twin.id} (${pointer} ${truth} -> ${truth + by}); ${games} games a seed, ${policy}, ${scenarios.join('/')} at ${points.join('/')}`);
console.log('seed  worth  [low, high]  holds truth  flagged  other flags');
let held = 0;
let flagged = 0;
let clean = 0;
let only = 0;
const studyStarted = Date.now();
for (let s = from; s < from + seeds; s++) {
  const r = await balance(`calibration-${s}`, [baseFile, twinFile], games);
  const row = r.prices.find((p) => p.faction === twin.id && p.pointer === pointer)!;
  const others = flaggedRows(r).filter((p) => p !== row);
  const holds = row.low <= truth && truth <= row.high;
  const isFlagged = row.verdict === 'lower';
  held += holds ? 1 : 0;
  flagged += isFlagged ? 1 : 0;
  clean += others.length === 0 ? 1 : 0;
  only += isFlagged && others.length === 0 ? 1 : 0;
  console.log(
    `${String(s).padStart(4)}  ${row.worth.toFixed(1).padStart(5)}  [${row.low.toFixed(1)}, ${row.high.toFixed(1)}]  ${holds ? 'yes' : 'NO '}  ${isFlagged ? `yes (${row.proposed})` : 'no'}  ${others.map((o) => `${o.faction}: ${o.name} ${o.costNow}->${o.proposed} [${o.low.toFixed(0)}, ${o.high.toFixed(0)}]`).join('; ') || '-'}`,
  );
}
console.log(
  `coverage: ${held}/${seeds} intervals hold the truth (${truth}); the raised price flagged in ${flagged}/${seeds}; no other price flagged in ${clean}/${seeds}; the raised price and only it flagged in ${only}/${seeds}; study ${((Date.now() - studyStarted) / 1000).toFixed(0)} s, all ${seconds()}`,
);
