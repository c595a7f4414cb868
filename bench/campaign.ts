/**
 * Campaign benchmark: `npx tsx bench/campaign.ts [campaigns] [repeats] [policies]`.
 * Figures go to bench/README.md (## campaign). Needs `npm run build` (the pool runs dist/campaign/worker.js).
 *
 * Campaigns per minute of the sample campaign (sims/campaigns/nyrcon-sample.json)
 * on a 2-worker pool, with every player's battles fought by one battle policy
 * (default `random` and `balanced`; a policy not yet in the bots registry is
 * reported and skipped). Each repeat plays other campaigns (its own seed); the
 * median and the spread of the repeats are printed, whole runs and their second
 * halves (each worker compiles the engine for itself first), with the load
 * average, since the machine drifts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPolicies } from '../src/bots/index.js';
import { loadCampaign, runCampaigns } from '../src/campaign/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE = path.join(here, '..', 'sims', 'campaigns', 'nyrcon-sample.json');
const campaigns = Number(process.argv[2] ?? 20);
const repeats = Number(process.argv[3] ?? 3);
const policies = (process.argv[4] ?? 'random,balanced').split(',');
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`campaign bench: ${campaigns} campaigns × ${repeats} repeats, 2 workers, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)}`);
for (const policy of policies) {
  if (!listPolicies().includes(policy)) {
    console.log(`${policy}: not in the bots registry here (${listPolicies().join(', ')}); skipped`);
    continue;
  }
  const rates: number[] = [];
  const steady: number[] = [];
  let battles = 0;
  let cycles = 0;
  for (let k = 0; k < repeats; k++) {
    const out = mkdtempSync(path.join(tmpdir(), 'bench-campaign-'));
    try {
      const campaign = loadCampaign(SAMPLE, { battlePolicy: policy, seed: `bench-${k}` });
      const t0 = performance.now();
      let halfAt = 0;
      const half = Math.ceil(campaigns / 2);
      const o = await runCampaigns({ campaign, campaigns, workers: 2, out, onProgress: (p) => (halfAt ||= p.done >= half ? performance.now() : 0) });
      const end = performance.now();
      const minutes = (end - t0) / 60_000;
      steady.push((campaigns - half) / ((end - halfAt) / 60_000));
      if (o.status !== 'complete' || o.errors > 0) throw new Error(`${policy}: ${o.status}, ${o.errors} errors`);
      rates.push(campaigns / minutes);
      battles += readFileSync(path.join(out, 'battles.csv'), 'utf8').trimEnd().split('\n').length - 1;
      cycles += o.summary.cycles;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  const n = campaigns * repeats;
  console.log(
    `${policy}: ${median(rates).toFixed(1)} campaigns/min (median; ${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)} over ${repeats}), ` +
      `second half ${median(steady).toFixed(1)} (${Math.min(...steady).toFixed(1)}–${Math.max(...steady).toFixed(1)}; pool start and JIT warm-up excluded), ` +
      `${(battles / n).toFixed(1)} battles and ${(cycles / n).toFixed(1)} cycles a campaign; load ${loadavg()[0].toFixed(1)}`,
  );
}
