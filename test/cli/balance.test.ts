import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { balanceFile } from '../balance/fixture.js';
import { cli } from './helpers.js';

describe('skirmish balance', () => {
  it('slices and merges, stage by stage, give the files of one machine', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-bal-'));
    const file = balanceFile(dir);
    const common = ['--workers', '0', '--confirm', 'random:2', '--no-report'];
    expect(cli(['balance', file, '--out', path.join(dir, 'whole'), ...common]).code).toBe(0);
    const merged = path.join(dir, 'merged');
    const slices = ['1/2', '2/2'].map((k, i) => ({ k, out: path.join(dir, `s-${i + 1}`) }));
    let merge = { code: null as number | null, stdout: '', stderr: '' };
    for (let stage = 0; stage < 4; stage++) {
      for (const s of slices) {
        const r = cli(['balance', file, '--shard', s.k, '--out', s.out, ...common, ...(stage > 0 ? ['--from', merged] : [])]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain(`slice ${s.k} of `);
      }
      merge = cli(['merge', ...slices.map((s) => s.out), '--out', merged]);
      expect(merge.code, merge.stderr).toBe(0);
      if (!merge.stdout.includes('next: ')) break;
    }
    expect(merge.stdout).toContain('re-checked with random');
    for (const f of ['balance.csv', 'matchups.csv', 'rounds.csv', 'unfixable.txt']) {
      expect(readFileSync(path.join(merged, f), 'utf8'), f).toBe(readFileSync(path.join(dir, 'whole', f), 'utf8'));
    }
    expect(existsSync(path.join(merged, 'report.html'))).toBe(true);
  });

  it('a bad slice or confirmation is exit 2 naming the flag, or the file and its key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-bal-'));
    const shard = cli(['balance', balanceFile(dir), '--shard', '3/2', '--out', path.join(dir, 'o')]);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('--shard: expected K/N');
    const file = balanceFile(dir, { confirm: 'search:0' });
    const confirm = cli(['balance', file, '--out', path.join(dir, 'o')]);
    expect(confirm.code).toBe(2);
    expect(confirm.stderr).toContain(`${file}: confirm: games: expected a whole number`);
    expect(existsSync(path.join(dir, 'o'))).toBe(false);
  });
});
