import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIRM_ALPHA, decideLook, parseConfirm, tiersTest, type Claim, type Look } from '../../src/runner/confirm.js';
import { runExperiment, SUMMARY_COLUMNS, type RunOptions } from '../../src/runner/index.js';
import { CHECKPOINT_FILE } from '../../src/runner/run.js';
import { binomialTest } from '../../src/stats/index.js';
import { crossingConfirmVerdict } from '../../src/runner/sweep-output.js';
import { exists, FIXTURES, fixture, tmp } from './helpers.js';

const CONFIRM_GAME = pathToFileURL(path.join(FIXTURES, 'confirm-game.mjs')).href;
const dirs: string[] = [];
function out(): string {
  const d = tmp('confirm-');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('parseConfirm', () => {
  it('reads POLICY[:games] and none; games round up to even', () => {
    expect(parseConfirm('none')).toEqual({ spec: null });
    expect(parseConfirm('search')).toEqual({ spec: { policy: 'search', games: 48 } });
    expect(parseConfirm('aggressive:7')).toEqual({ spec: { policy: 'aggressive', games: 8 } });
    // A policy's own options keep their colon: only a trailing :digits is the games.
    expect(parseConfirm('search:playouts=1:8')).toEqual({ spec: { policy: 'search:playouts=1', games: 8 } });
    expect(parseConfirm('search:playouts=1')).toEqual({ spec: { policy: 'search:playouts=1', games: 48 } });
  });

  it('says what is wrong with bad input', () => {
    expect(parseConfirm(':8')).toHaveProperty('error');
    expect(parseConfirm('')).toHaveProperty('error');
    expect(parseConfirm('search:1')).toEqual({ error: expect.stringMatching(/games: expected a whole number 2\.\.100000, got 1/) });
  });
});

describe('decideLook: the sequential rule', () => {
  const first: Claim = { kind: 'first_seat', side: 1, rate: 0.68 };
  const look = (ahead: number, behind: number, rate: number, low: number, high: number, games = 48): Look => ({ games, ahead, behind, rate, low, high });

  it('confirms the flagged side and reverses the other, by the sign test at the split α', () => {
    expect(decideLook(first, look(20, 2, 0.7, 0.56, 0.81), false)).toBe('confirmed');
    expect(decideLook(first, look(2, 20, 0.3, 0.19, 0.44), false)).toBe('reversed');
    expect(decideLook({ ...first, side: -1, rate: 0.32 }, look(2, 20, 0.3, 0.19, 0.44), false)).toBe('confirmed');
  });

  it('a p between the split α and 0.05 does not confirm yet', () => {
    // 17 of 22 pairs: p ≈ 0.017, a flag at 0.05 but not at 0.05 / 4.
    expect(binomialTest(17, 22)).toBeGreaterThan(CONFIRM_ALPHA);
    expect(binomialTest(17, 22)).toBeLessThan(0.05);
    expect(decideLook(first, look(17, 5, 0.66, 0.52, 0.78), false)).toBeNull();
    expect(decideLook(first, look(17, 5, 0.66, 0.52, 0.78), true)).toBe('not confirmed');
  });

  it('decides not confirmed early only when the interval holds 50% and rules out the flagged effect both ways', () => {
    // 54.2% [46.0, 62.1] against a flag at 68%: decided.
    expect(decideLook(first, look(11, 5, 0.542, 0.46, 0.621), false)).toBe('not confirmed');
    // The interval still holds 68%: play on.
    expect(decideLook(first, look(11, 5, 0.6, 0.46, 0.7), false)).toBeNull();
    // It holds the mirror 32%: a reversal may still come, play on.
    expect(decideLook(first, look(3, 8, 0.4, 0.3, 0.55), false)).toBeNull();
    // Not holding 50% but not significant either: play on.
    expect(decideLook(first, look(12, 4, 0.6, 0.51, 0.66), false)).toBeNull();
  });
});

describe('decideLook: a fair claim (a plateau point, no side)', () => {
  const fair: Claim = { kind: 'point', side: 0, rate: 0.492 };
  const look = (ahead: number, behind: number, rate: number, low: number, high: number, games = 48): Look => ({ games, ahead, behind, rate, low, high });

  it('is not confirmed as soon as the stronger tier finds either side', () => {
    expect(decideLook(fair, look(20, 2, 0.7, 0.56, 0.81), false)).toBe('not confirmed');
    expect(decideLook(fair, look(2, 20, 0.3, 0.19, 0.44), false)).toBe('not confirmed');
  });

  it('is confirmed when its interval lies within 50% ± 10 points, or at the cap with no side found', () => {
    expect(decideLook(fair, look(40, 38, 0.51, 0.44, 0.58, 192), false)).toBe('confirmed');
    // 48 games leave an interval too wide to call it fair: play on, and at the cap no side found confirms it.
    expect(decideLook(fair, look(9, 7, 0.52, 0.38, 0.66), false)).toBeNull();
    expect(decideLook(fair, look(9, 7, 0.52, 0.38, 0.66), true)).toBe('confirmed');
    // Not significant at the split α but off centre: play on.
    expect(decideLook(fair, look(17, 5, 0.62, 0.48, 0.75), false)).toBeNull();
  });
});

describe('tiersTest: the paired test between tiers', () => {
  it('is the exact sign test on the games both played, below the look', () => {
    const weak = new Map<number, { a: number; first: number }>();
    const strong = new Map<number, { a: number; first: number }>();
    // Games 0..13: the first seat won under the weaker tier in all; under the stronger in 2 (and 0.5 in game 13).
    for (let g = 0; g < 14; g++) {
      weak.set(g, { a: g % 2 === 0 ? 1 : 0, first: 1 });
      strong.set(g, { a: 0.5, first: g < 2 ? 1 : g === 13 ? 0.5 : 0 });
    }
    // 12 games where the weaker scored more (a draw is half), none less: 2 · 2^-12.
    expect(tiersTest('first_seat', weak, strong, 14)).toBeCloseTo(2 / 4096, 12);
    // Below the look only, and only games both played.
    strong.delete(13);
    expect(tiersTest('first_seat', weak, strong, 12)).toBeCloseTo(2 / 1024, 12);
    // Army A's scores: 6 more, 6 less among games 0..11.
    expect(tiersTest('matchup', weak, strong, 12)).toBe(1);
  });
});

describe("a run with confirmation (the stand-in game: the policy sets the first seat's edge)", () => {
  const cols = (file: string): Record<string, string>[] => {
    const [head, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const names = head.split(',');
    return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v])));
  };
  let last: Awaited<ReturnType<typeof runExperiment>>;
  async function run(policy: string, opts: Partial<RunOptions> = {}): Promise<string> {
    const dir = opts.out ?? out();
    const experiment = fixture('confirm.json', { confirm: { policy, games: 8 } });
    last = await runExperiment({ workers: 0, gameModule: CONFIRM_GAME, ...opts, experiment, out: dir });
    return dir;
  }
  const files = (dir: string): string[] => ['games.csv', 'confirm.csv', 'summary.csv', 'errors.csv'].map((f) => readFileSync(path.join(dir, f), 'utf8'));

  it('re-checks each flag on the same seeds and seats, and gives each verdict', async () => {
    const back = cols(path.join(await run('back'), 'summary.csv'));
    expect(Object.keys(back[0])).toEqual([...SUMMARY_COLUMNS]);
    // The edge cells are flagged (the first seat wins 85%); the fair ones are not, and are not re-checked.
    const flagged = back.filter((r) => r.first_seat_imbalanced === '1');
    expect(flagged.map((r) => r.policy_a)).toEqual(['edge', 'edge']);
    for (const r of flagged) {
      expect(r.confirm_policy).toBe('back');
      expect(r.first_seat_confirmation).toBe('reversed');
      expect(Number(r.first_seat_confirm_rate)).toBeLessThan(0.5);
      expect(Number(r.first_seat_tiers_p)).toBeLessThan(0.01);
      expect(r.matchup_confirmation).toBe('');
    }
    expect(back.filter((r) => r.policy_a === 'fair').every((r) => r.confirm_policy === '' && r.first_seat_confirmation === '')).toBe(true);

    const fairDir = await run('fair');
    const fair = cols(path.join(fairDir, 'summary.csv')).filter((r) => r.first_seat_imbalanced === '1');
    expect(fair.map((r) => r.first_seat_confirmation)).toEqual(['not confirmed', 'not confirmed']);
    // The confirmation's games: the flagged cells' first games again, the same seeds and seats, the stronger policy on both sides.
    const games = cols(path.join(fairDir, 'games.csv'));
    const again = cols(path.join(fairDir, 'confirm.csv'));
    expect(again.length).toBe(fair.reduce((s, r) => s + Number(r.first_seat_confirm_games), 0));
    for (const g of again) {
      const main = games.find((x) => x.cell === g.cell && x.game === g.game)!;
      expect([g.seed, g.first_seat, g.policy_a, g.policy_b]).toEqual([main.seed, main.first_seat, 'fair', 'fair']);
    }

    // The cells already played by the stronger policy need nothing.
    const edge = cols(path.join(await run('edge'), 'summary.csv'));
    expect(edge.every((r) => r.confirm_policy === '')).toBe(true);
  });

  it('gives identical bytes with 1 or 2 workers, any chunk, and after a stop in the confirmation and --resume', async () => {
    const reference = files(await run('back', { workers: 1 }));
    const all = last.done + last.confirmation!.games;
    expect(last.confirmation!.games).toBeGreaterThan(16);
    expect(files(await run('back', { workers: 2, chunk: 3 }))).toEqual(reference);
    const dir = out();
    const stop = new AbortController();
    await run('back', {
      out: dir,
      chunk: 2,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.phase === 'confirm' && p.done >= 4) stop.abort();
      },
    });
    expect(last.status).toBe('stopped');
    expect(exists(dir, CHECKPOINT_FILE)).toBe(true);
    expect(exists(dir, 'confirm.csv')).toBe(false);
    await run('back', { out: dir, resume: true, chunk: 5, workers: 2 });
    // The checkpoint kept the confirmation's finished games too: none is played twice.
    expect(last.resumed).toBeGreaterThan(160);
    expect(last.resumed + last.played).toBe(all);
    expect(files(dir)).toEqual(reference);
  });
});

describe('a sweep with confirmation: each fair value re-checked at the grid points it rests on', () => {
  it('plays the bracketing points with the stronger policy and gives the crossing a verdict', async () => {
    const dir = out();
    const experiment = fixture('sweep.json', { games: 60, confirm: { policy: 'other', games: 16 } });
    const SWEEP_GAME = pathToFileURL(path.join(FIXTURES, 'sweep-game.mjs')).href;
    const o = await runExperiment({ experiment, out: dir, workers: 0, gameModule: SWEEP_GAME });
    expect(o.confirmation!.points).toBe(4);
    const [head, ...rows] = readFileSync(path.join(dir, 'crossing.csv'), 'utf8').trimEnd().split('\n');
    const names = head.split(',');
    const at = (r: string, n: string): string => r.split(',')[names.indexOf(n)];
    expect(rows.map((r) => at(r, 'status'))).toEqual(['inside', 'inside']);
    for (const r of rows) {
      // An inside crossing rests on the grid points clearly either side of 50% next to it: its interval's bracket here.
      expect(at(r, 'confirm_x')).toBe(`${at(r, 'crossing_low')} ${at(r, 'crossing_high')}`);
      expect(at(r, 'confirm_policy')).toBe('other');
      // The stand-in ignores the policy: the stronger tier plays the very same games, so the bracket holds.
      expect(at(r, 'confirmation')).toBe('confirmed');
      expect(at(r, 'confirm_tiers_p')).toBe('1.0000 1.0000');
    }
    expect(o.crossings!.every((c) => c.confirmation?.verdict === 'confirmed')).toBe(true);
  });

  it('a crossing is confirmed when every point is, reversed when one is', () => {
    expect(crossingConfirmVerdict([{ verdict: 'confirmed' }, { verdict: 'confirmed' }])).toBe('confirmed');
    expect(crossingConfirmVerdict([{ verdict: 'confirmed' }, { verdict: 'not confirmed' }])).toBe('not confirmed');
    expect(crossingConfirmVerdict([{ verdict: 'not confirmed' }, { verdict: 'reversed' }])).toBe('reversed');
    expect(crossingConfirmVerdict([])).toBe('not confirmed');
  });
});
