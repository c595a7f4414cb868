/**
 * How often a plateau's fair claim is confirmed (runner/confirm.ts decideLook) at a known truth: army A
 * wins each game with probability p, seat-swapped pairs, 48 games a look up to the cap; 4,000 trials a p.
 *   npx tsx bench/fair-claim.ts
 */
import { decideLook, CONFIRM_LOOKS } from '../src/runner/confirm.js';
import { wilsonInterval } from '../src/stats/index.js';
import seedrandom from 'seedrandom';
const rng = seedrandom('fair');
function trial(pA: number, games = 48): string {
  let ahead = 0,
    behind = 0,
    score = 0,
    n = 0;
  for (let look = 1; look <= CONFIRM_LOOKS; look++) {
    while (n < look * games) {
      // a seat-swapped pair: A's score in each game; a pair is ahead when A scores more across it
      const a1 = rng() < pA ? 1 : 0,
        a2 = rng() < pA ? 1 : 0;
      score += a1 + a2;
      n += 2;
      if (a1 + a2 === 2) ahead++;
      else if (a1 + a2 === 0) behind++;
    }
    const w = wilsonInterval(score, n);
    const v = decideLook({ kind: 'point', side: 0, rate: 0.5 }, { games: n, ahead, behind, rate: w.p, low: w.low, high: w.high }, look === CONFIRM_LOOKS);
    if (v) return v;
  }
  return 'none';
}
for (const p of [0.5, 0.6, 0.65, 0.7]) {
  const c: Record<string, number> = {};
  for (let i = 0; i < 4000; i++) {
    const v = trial(p);
    c[v] = (c[v] ?? 0) + 1;
  }
  console.log(p, JSON.stringify(c));
}
