import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = 'dist/cli/main.js';
const A = 'sims/armies/ironbound-400.json';
const B = 'sims/armies/tuskfell-400.json';

function skirmish(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('skirmish play', () => {
  it('narrates a whole game, the same seed byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'play-'));
    const log = join(dir, 'events.jsonl');
    const args = ['play', '--army-a', A, '--army-b', B, '--scenario', 'raid', '--seed', '7', '--narrate'];
    const first = skirmish(...args, '--log', log);
    const second = skirmish(...args);
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    expect(first.out).toMatch(/=== Round 1 ===/);
    expect(first.out).toMatch(/Supremacy: \d against \d; Player [12] acts first/);
    expect(first.out).toMatch(/chooses the Command Card of/);
    expect(first.out).toMatch(/Victory Phase, round 1/);
    expect(first.out.trim().split('\n').at(-1)).toMatch(/^(Player [12] wins|A draw): VP/);
    const events = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events[0].type).toBe('gameStart');
    expect(events.at(-1).type).toBe('gameEnd');
  });

  it('a different seed plays a different game', () => {
    const a = skirmish('play', '--army-a', A, '--army-b', B, '--seed', '1', '--json');
    const b = skirmish('play', '--army-a', A, '--army-b', B, '--seed', '2', '--json');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.out)).toHaveProperty('endReason');
    expect(a.out).not.toBe(b.out);
  });

  it('bad input: one line, exit 2, no stack trace', () => {
    for (const args of [
      ['--scenario', 'no-such-scenario'],
      ['--policy-a', 'oracle'],
      ['--control', 'king-of-the-hill'],
    ]) {
      const r = skirmish('play', '--army-a', A, '--army-b', B, ...args);
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    const missing = skirmish('play', '--army-a', 'nope.json', '--army-b', B);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json/);
  });
});
