/**
 * How far a price change moves the lists balance generates:
 *   npx tsx bench/list-movement.ts [FILE] [--pointer=/regiments/0/points] [--values=110,200]
 * For the first faction of a balance file, the share of the average list's
 * points spent otherwise (`listMovement`, src/balance/fit.ts) when the price at
 * --pointer takes each value; docs/EXPERIMENTS.md quotes it for `moveThreshold`.
 */
import path from 'node:path';
import { listMovement, pricedFactions } from '../src/balance/fit.js';
import { fitExperiment, loadBalance } from '../src/balance/plan.js';
import { setAtPointer } from '../src/data/pointer.js';

const arg = (name: string, def: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'sims/balance/sample-table.json';
const pointer = arg('pointer', '/regiments/0/points');
const values = arg('values', '110,200').split(',').map(Number);

const p = loadBalance(file);
const f = p.factions[0];
for (const v of values) {
  const set = setAtPointer(f.json, pointer, v);
  if ('error' in set) throw new Error(`${pointer}: ${set.error}`);
  const to = pricedFactions(p, new Map([[f.file, set.doc]]));
  console.log(`${path.relative(process.cwd(), f.file)} ${pointer} = ${v}: movement ${listMovement({ experiment: fitExperiment(p), from: p.factions, to }).toFixed(3)}`);
}
