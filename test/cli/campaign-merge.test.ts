import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';
import { cli } from './helpers.js';

/* campaign --merge refuses slices of another version and a folder a run is writing, with one line. */
const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-campaign-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CAMPAIGN = path.join(ROOT, 'test', 'campaign', 'fixtures', 'small.json');

describe('campaign --merge', () => {
  it("refuses a slice of another version, and a folder under another run's lock", () => {
    const slices = [1, 2].map((k) => {
      const out = path.join(dir, `s${k}`);
      const r = cli(['campaign', CAMPAIGN, '--campaigns', '2', '--workers', '0', '--battle-policy', 'random', '--shard', `${k}/2`, '--out', out, '--no-report']);
      expect(r.code, r.stderr).toBe(0);
      return out;
    });
    const merged = path.join(dir, 'merged');
    const ok = cli(['campaign', CAMPAIGN, '--battle-policy', 'random', '--merge', ...slices, '--out', merged, '--no-report']);
    expect(ok.code, ok.stderr).toBe(0);

    const locked = path.join(dir, 'locked');
    const lock = cli(['campaign', CAMPAIGN, '--battle-policy', 'random', '--merge', ...slices, '--out', locked, '--no-report']);
    expect(lock.code).toBe(0);
    writeFileSync(path.join(locked, 'run.lock'), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'now', command: 'x' }));
    const refused = cli(['campaign', CAMPAIGN, '--battle-policy', 'random', '--merge', ...slices, '--out', locked, '--no-report']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/another run is writing in this folder/);

    const m = path.join(slices[1], 'manifest.json');
    const j = JSON.parse(readFileSync(m, 'utf8'));
    j.package.version = '0.0.1';
    writeFileSync(m, JSON.stringify(j));
    const other = path.join(dir, 'other');
    const r = cli(['campaign', CAMPAIGN, '--battle-policy', 'random', '--merge', ...slices, '--out', other, '--no-report']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^${slices[1]}: a slice made by skirmish-lab 0\\.0\\.1, this is \\d+\\.\\d+\\.\\d+\\+[0-9a-f]{12}; merge it with that version, or run the slice again with this one\\n$`),
    );
    expect(readdirSync(other)).toEqual([]);
  });
});
