import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeBalance } from '../../src/balance/merge.js';
import { loadBalance } from '../../src/balance/plan.js';
import { runBalance } from '../../src/balance/run.js';
import { InputError } from '../../src/errors.js';
import { balanceFile as writeBalance } from './fixture.js';

function balanceFile(dir: string, extra: Record<string, unknown> = {}): string {
  return writeBalance(dir, { confirm: 'random:2', ...extra });
}

/** The outputs and every phase's games and summary. */
function files(dir: string): Record<string, string> {
  const names = ['balance.csv', 'matchups.csv', 'rounds.csv', 'unfixable.txt', ...['fit', 'holdout', 'confirm'].flatMap((p) => [`${p}/games.csv`, `${p}/summary.csv`])];
  return Object.fromEntries(names.map((n) => [n, existsSync(path.join(dir, n)) ? readFileSync(path.join(dir, n), 'utf8') : '(missing)']));
}

describe('balance slices and merge', () => {
  it('slices played phase by phase and merged write the very files of a run on one machine', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-shard-'));
    const file = balanceFile(dir);
    const whole = await runBalance({ plan: loadBalance(file, { out: path.join(dir, 'whole') }), workers: 0 });
    expect(whole.status).toBe('complete');

    const merged = path.join(dir, 'merged');
    const slices = [1, 2].map((k) => path.join(dir, `s-${k}`));
    const waited: string[] = [];
    for (let stage = 0; stage < 5; stage++) {
      for (const [i, out] of slices.entries()) {
        const r = await runBalance({ plan: loadBalance(file, { out }), workers: 0, shard: { k: i + 1, n: 2 }, from: stage === 0 ? undefined : merged });
        expect(r.status).toBe('partial');
      }
      const m = await mergeBalance({ dirs: [...slices].reverse(), out: merged });
      if (m.status === 'complete') break;
      expect(m.status).toBe('partial');
      waited.push(m.waiting!);
    }
    // The fit, then the held-out games (they need the proposal), then the re-check (it needs the worst cells).
    expect(waited).toEqual(['holdout', 'confirm']);
    expect(files(merged)).toEqual(files(path.join(dir, 'whole')));
    expect(files(merged)['confirm/games.csv']).not.toBe('(missing)');
  });

  it('a slice stopped and resumed plays what an uninterrupted slice does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-shard-'));
    const file = balanceFile(dir);
    const whole = path.join(dir, 'whole');
    expect((await runBalance({ plan: loadBalance(file, { out: whole }), workers: 0, shard: { k: 2, n: 2 } })).status).toBe('partial');
    const out = path.join(dir, 'stopped');
    const stop = new AbortController();
    const first = await runBalance({
      plan: loadBalance(file, { out }),
      workers: 0,
      shard: { k: 2, n: 2 },
      signal: stop.signal,
      onProgress: (_phase, p) => {
        if (p.done >= 2) stop.abort();
      },
    });
    expect(first.status).toBe('stopped');
    expect(existsSync(path.join(out, 'fit', 'checkpoint.jsonl'))).toBe(true);
    const resumed = await runBalance({ plan: loadBalance(file, { out }), workers: 0, shard: { k: 2, n: 2 }, resume: true });
    expect(resumed).toMatchObject({ status: 'partial', sliced: ['fit'] });
    expect(readFileSync(path.join(out, 'fit', 'games.csv'), 'utf8')).toBe(readFileSync(path.join(whole, 'fit', 'games.csv'), 'utf8'));
    expect(readFileSync(path.join(out, 'balance-slice.json'), 'utf8')).toBe(readFileSync(path.join(whole, 'balance-slice.json'), 'utf8'));
  });

  it('slices of different runs are refused, naming the folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-shard-'));
    const a = path.join(dir, 'a');
    const b = path.join(dir, 'b');
    await runBalance({ plan: loadBalance(balanceFile(dir), { out: a }), workers: 0, shard: { k: 1, n: 2 } });
    await runBalance({ plan: loadBalance(balanceFile(dir), { out: b, seed: 'other' }), workers: 0, shard: { k: 2, n: 2 } });
    await expect(mergeBalance({ dirs: [a, b], out: path.join(dir, 'm') })).rejects.toThrow(InputError);
    await expect(mergeBalance({ dirs: [a, b], out: path.join(dir, 'm') })).rejects.toThrow(`${b}: a slice of another balance run than ${a}`);
  });
});
