/**
 * Two-sided exact binomial test of `k` successes in `n` trials against
 * probability 1/2: the probability of a count at least as far from n/2
 * (the sign test). Summed in log space, so n may be in the millions.
 */
export function binomialTest(k: number, n: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || k > n) {
    throw new RangeError(`binomialTest: need whole numbers 0 ≤ k ≤ n, got ${k} of ${n}`);
  }
  if (n === 0) return 1;
  const m = Math.min(k, n - k);
  if (2 * m === n) return 1;
  // log P(X = i) for i = 0..m, P(0) = 2^−n, P(i+1)/P(i) = (n − i)/(i + 1).
  let logP = -n * Math.LN2;
  let max = logP;
  const logs: number[] = [logP];
  for (let i = 0; i < m; i++) {
    logP += Math.log(n - i) - Math.log(i + 1);
    logs.push(logP);
    if (logP > max) max = logP;
  }
  let sum = 0;
  for (const l of logs) sum += Math.exp(l - max);
  return Math.min(1, 2 * Math.exp(max) * sum);
}

/**
 * Holm's step-down correction of p-values for the family they form: the
 * adjusted p-values (in the input order), and which are rejected at `alpha`.
 * It controls the chance of any false flag at alpha, whatever the tests'
 * dependence.
 */
export function holm(pValues: readonly number[], alpha = 0.05): { adjusted: number[]; rejected: boolean[] } {
  const m = pValues.length;
  const order = pValues.map((_p, i) => i).sort((i, j) => pValues[i] - pValues[j] || i - j);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[i]));
    adjusted[i] = running;
  });
  return { adjusted, rejected: adjusted.map((p) => p <= alpha) };
}

/**
 * Paired sign test of two players on the same games: `diffs[i]` is game i's
 * score under the first minus under the second (a draw scores half). Games
 * scored alike carry no sign; the two-sided p is the exact binomial test of
 * the games the first scored more in among those that differ. Without
 * draws this is the exact McNemar test on the discordant games.
 */
export function pairedSignTest(diffs: readonly number[]): { more: number; less: number; p: number } {
  let more = 0;
  let less = 0;
  for (const d of diffs) {
    if (d > 0) more++;
    else if (d < 0) less++;
  }
  return { more, less, p: binomialTest(more, more + less) };
}
