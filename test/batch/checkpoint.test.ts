import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Checkpoint } from '../../src/batch/checkpoint.js';
import { InputError } from '../../src/errors.js';
import { GAME_CODEC } from '../../src/runner/csv.js';
import type { GameRecord } from '../../src/runner/types.js';
import { tmp } from '../runner/helpers.js';

/* The checkpoint file itself, with games.csv rows as its codec (its use by a run: test/runner/checkpoint.test.ts). */

const record = (over: Partial<GameRecord> = {}): GameRecord => ({
  cell: 'a vs b | raid | random vs random',
  game: 3,
  seed: '0123456789abcdef0123456789abcdef',
  scenario: 'raid',
  armyA: 'a',
  armyB: 'b',
  policyA: 'random',
  policyB: 'random',
  firstSeat: 'B',
  winner: 'draw',
  vpA: 12,
  vpB: 12,
  rounds: 6,
  endReason: 'lastRound',
  warriorsLostA: 4,
  warriorsLostB: 5,
  pointsDestroyedA: 93.75,
  pointsDestroyedB: 110,
  stalled: false,
  passiveRounds: 1,
  ...over,
});

describe('checkpoint', () => {
  const dirs: string[] = [];
  const cpFile = (): string => {
    const d = tmp('cp-');
    dirs.push(d);
    return path.join(d, 'checkpoint.jsonl');
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a corrupt line before the last one', async () => {
    const file = cpFile();
    const header = { checkpoint: 3 as const, experiment: 'x', inputsHash: 'h', shard: null };
    const cp = Checkpoint.create(file, header, GAME_CODEC);
    cp.append({ cell: 0, start: 0, end: 1, rows: [record({ game: 0 })], errors: [] });
    await cp.flush();
    cp.close();
    writeFileSync(file, readFileSync(file, 'utf8').replace('"rows"', '"ro'), { flag: 'w' });
    writeFileSync(file, '{"cell":0,"start":1,"end":2,"rows":[],"errors":[]}\n', { flag: 'a' });
    expect(() => Checkpoint.resume(file, header, GAME_CODEC)).toThrow(InputError);
  });

  it('refuses a line whose checksum does not match, naming it; drops a torn last line', async () => {
    const file = cpFile();
    const header = { checkpoint: 3 as const, experiment: 'x', inputsHash: 'h', shard: null };
    const cp = Checkpoint.create(file, header, GAME_CODEC);
    cp.append({ cell: 0, start: 0, end: 1, rows: [record({ game: 0 })], errors: [] });
    cp.append({ cell: 0, start: 1, end: 2, rows: [record({ game: 1 })], errors: [] });
    await cp.flush();
    cp.close();
    const good = readFileSync(file, 'utf8');
    // Still valid JSON, another result: only the checksum tells.
    const edited = good.replace('random vs random",0,', 'random vs random",5,');
    expect(edited).not.toBe(good);
    writeFileSync(file, edited);
    expect(() => Checkpoint.resume(file, header, GAME_CODEC)).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: damaged checkpoint line`));
    writeFileSync(file, `${good}{"cell":0,"start":2,"end":3,"ro`);
    const again = Checkpoint.resume(file, header, GAME_CODEC);
    expect(again.resumedGames).toBe(2);
    again.close();
    expect(readFileSync(file, 'utf8')).toBe(good);
  });

  it('a fresh start refuses to overwrite the tasks an unfinished run left; a resume takes them', async () => {
    const file = cpFile();
    const header = { checkpoint: 3 as const, experiment: 'x', inputsHash: 'h', shard: null };
    // Only the header line: no task to lose, a fresh start replaces it.
    Checkpoint.open(file, header, GAME_CODEC, false).close();
    const cp = Checkpoint.open(file, header, GAME_CODEC, false);
    cp.append({ cell: 0, start: 0, end: 1, rows: [record({ game: 0 })], errors: [] });
    await cp.flush();
    cp.close();
    const before = readFileSync(file, 'utf8');
    expect(() => Checkpoint.open(file, header, GAME_CODEC, false)).toThrow(
      new InputError(`${file}: an unfinished run left a checkpoint here; add --resume to continue it, or delete the file to start over`),
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
    const again = Checkpoint.open(file, header, GAME_CODEC, true);
    expect(again.resumedGames).toBe(1);
    again.close();
  });

  it('reads back what it appended, in one group commit', async () => {
    const file = cpFile();
    const header = { checkpoint: 3 as const, experiment: 'x', inputsHash: 'h', shard: '1/2' };
    const cp = Checkpoint.create(file, header, GAME_CODEC);
    const task = { cell: 2, start: 4, end: 6, rows: [record({ game: 4 })], errors: [{ cell: 'k', game: 5, seed: 's', message: 'boom' }] };
    cp.append(task);
    cp.append({ ...task, start: 6, end: 7, rows: [record({ game: 6 })], errors: [] });
    await cp.flush();
    cp.close();
    const again = Checkpoint.resume(file, header, GAME_CODEC);
    expect(again.resumedGames).toBe(3);
    const entry = again.index.get(2)!.get(4)!;
    expect(again.read(entry, 'k')).toEqual(task);
    again.close();
    expect(() => Checkpoint.resume(file, { ...header, shard: '2/2' }, GAME_CODEC)).toThrow(/different inputs or shard/);
  });
});

describe('builds', () => {
  it('a checkpoint started by another build is refused on resume, naming both builds', async () => {
    const d = tmp();
    const file = path.join(d, 'checkpoint.jsonl');
    const header = { checkpoint: 3 as const, experiment: 'x', inputsHash: 'h', shard: null, build: '0.1.0+aaaaaaaaaaaa' };
    const cp = Checkpoint.create(file, header, GAME_CODEC);
    cp.append({ cell: 0, start: 0, end: 1, rows: [record({ game: 0 })], errors: [] });
    await cp.flush();
    cp.close();
    expect(() => Checkpoint.resume(file, { ...header, build: '0.1.0+bbbbbbbbbbbb' }, GAME_CODEC)).toThrow(
      `${file}: started by skirmish-lab 0.1.0+aaaaaaaaaaaa, this is 0.1.0+bbbbbbbbbbbb: another build may play other games from the same seeds; resume it with that build, or delete the file to start over`,
    );
    Checkpoint.resume(file, header, GAME_CODEC).close();
    rmSync(d, { recursive: true, force: true });
  });
});
