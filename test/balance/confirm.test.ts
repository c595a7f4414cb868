import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { balanceVerdict } from '../../src/balance/fit.js';
import { loadBalance } from '../../src/balance/plan.js';
import { runBalance } from '../../src/balance/run.js';
import { parseCsvLine } from '../../src/batch/csv.js';
import { balanceFile } from './fixture.js';

/** A CSV file as rows by column name. */
function rows(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = parseCsvLine(head);
  return lines.map((l) => Object.fromEntries(parseCsvLine(l).map((v, i) => [cols[i], v])));
}

describe('balanceVerdict', () => {
  it('a stronger tier as balanced as the weaker confirms; further from 50% on the same side does not; on the other side reverses', () => {
    // The weaker tier: 60% (10 points from 50%).
    expect(balanceVerdict(0.6, { low: 0.45, high: 0.75 })).toBe('confirmed');
    expect(balanceVerdict(0.6, { low: 0.61, high: 0.8 })).toBe('not confirmed');
    expect(balanceVerdict(0.6, { low: 0.2, high: 0.39 })).toBe('reversed');
    // Further than 10 points on neither side: confirmed, however wide.
    expect(balanceVerdict(0.6, { low: 0.05, high: 0.95 })).toBe('confirmed');
    // Within 10 points on the other side is as balanced.
    expect(balanceVerdict(0.6, { low: 0.41, high: 0.5 })).toBe('confirmed');
    expect(balanceVerdict(0.4, { low: 0.2, high: 0.39 })).toBe('not confirmed');
    expect(balanceVerdict(0.4, { low: 0.65, high: 0.9 })).toBe('reversed');
  });
});

describe('the stronger tier re-checks the proposed table', () => {
  it('plays the worst held-out cell again with the stronger policy on the held-out seeds and seats, and matchups.csv gives its rate and verdict', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-confirm-'));
    const file = balanceFile(dir, { confirm: 'balanced:2' });
    const out = path.join(dir, 'out');
    const outcome = await runBalance({ plan: loadBalance(file, { out }), workers: 0 });
    expect(outcome.status).toBe('complete');

    // One non-mirror cell: it alone is re-checked, with 2 games.
    const m = rows(path.join(out, 'matchups.csv'));
    const checked = m.filter((r) => r.confirm_policy !== '');
    expect(checked.map((r) => [r.faction_a, r.faction_b])).toEqual([['ironbound', 'tuskfell']]);
    const c = checked[0];
    expect(c.confirm_policy).toBe('balanced');
    expect(c.games_confirm).toBe('2');
    expect(['confirmed', 'not confirmed', 'reversed']).toContain(c.confirm_verdict);
    const strong = rows(path.join(out, 'confirm', 'games.csv'));
    const rate = strong.reduce((t, g) => t + (g.winner === 'A' ? 1 : g.winner === 'draw' ? 0.5 : 0), 0) / strong.length;
    expect(Number(c.rate_confirm)).toBeCloseTo(rate, 4);
    const weak = c.rate_proposed === '' ? Number(c.rate_today) : Number(c.rate_proposed);
    expect(c.confirm_verdict).toBe(balanceVerdict(weak, { low: Number(c.rate_confirm_lo), high: Number(c.rate_confirm_hi) }));

    // The same seeds and seats as the held-out games of that cell, the stronger policy on both sides.
    const held = rows(path.join(out, 'holdout', 'games.csv')).filter((g) => g.cell === strong[0].cell);
    expect(strong.map((g) => [g.game, g.seed, g.first_seat])).toEqual(held.slice(0, 2).map((g) => [g.game, g.seed, g.first_seat]));
    expect(strong.every((g) => g.policy_a === 'balanced' && g.policy_b === 'balanced')).toBe(true);
  });
});
