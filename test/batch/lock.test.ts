import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { acquireRunLock, LOCK_FILE } from '../../src/batch/lock.js';

const dirs: string[] = [];
const folder = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'skirmish-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('run lock', () => {
  it('is held by this pid, refuses a second taker naming the folder and holder, and is released', () => {
    const d = folder();
    const lock = acquireRunLock(d);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    expect(() => acquireRunLock(d)).toThrow(InputError);
    expect(() => acquireRunLock(d)).toThrow(new RegExp(`^${d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: another run is writing in this folder \\(pid ${process.pid} \\(this process\\)`));
    lock.release();
    expect(existsSync(path.join(d, LOCK_FILE))).toBe(false);
    acquireRunLock(d).release();
  });

  it('takes over the stale lock of a killed run', () => {
    const d = folder();
    const dead = deadPid();
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), startedAt: '2026-01-01T00:00:00Z', command: 'run' }));
    const lock = acquireRunLock(d);
    expect(lock.tookOverFrom).toBe(dead);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('does not take over a lock of another host', () => {
    const d = folder();
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: 'elsewhere', startedAt: 'then', command: 'run' }));
    expect(() => acquireRunLock(d)).toThrow(/on elsewhere/);
  });

  it('takes over a lock naming this very process that it does not hold (pid 1 in every fresh container)', () => {
    const d = folder();
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'then', command: 'run', token: 'an-earlier-process' }));
    const lock = acquireRunLock(d);
    expect(lock.tookOverFrom).toBe(process.pid);
    lock.release();
    // A lock of the same pid without a token (written before tokens) is no lock this process holds either.
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'then', command: 'run' }));
    acquireRunLock(d).release();
  });

  it('takes over a lock whose pid now runs another process (another start time or boot); refuses its live holder', () => {
    const d = folder();
    // The parent of this process is alive, and started before it.
    const pid = process.ppid;
    const start = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    const holder = { pid, host: hostname(), startedAt: 'then', command: 'run', token: 't' };
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ ...holder, pidStart: start }));
    expect(() => acquireRunLock(d)).toThrow(new RegExp(`another run is writing in this folder \\(pid ${pid},`));
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ ...holder, pidStart: String(Number(start) + 1) }));
    const lock = acquireRunLock(d);
    expect(lock.tookOverFrom).toBe(pid);
    lock.release();
    writeFileSync(path.join(d, LOCK_FILE), JSON.stringify({ ...holder, pidStart: start, boot: 'another-boot' }));
    acquireRunLock(d).release();
  });
});
