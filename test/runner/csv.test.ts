import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { Checkpoint } from '../../src/batch/checkpoint.js';
import { progressText } from '../../src/runner/progress.js';
import { csvText } from '../../src/batch/csv.js';
import { GAME_CODEC, gameFromFields, gameRow } from '../../src/runner/csv.js';
import { parseCsvLine } from '../../src/batch/index.js';
import { createProgress, GAME_COLUMNS, SUMMARY_COLUMNS } from '../../src/runner/index.js';
import type { GameRecord } from '../../src/runner/types.js';
import { ROOT, tmp } from './helpers.js';

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

describe('CSV rows', () => {
  it('round-trip through csv-stringify and the merge parser, quotes and commas included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', ' ', '|', 'é') }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (cell, vp) => {
        const r = record({ cell, armyA: cell, vpA: vp + 0 }); // -0 prints as 0
        const line = csvText([gameRow(r)]);
        expect(line.endsWith('\n')).toBe(true);
        expect(gameFromFields(parseCsvLine(line.slice(0, -1)))).toEqual(r);
      }),
    );
  });

  it('every games.csv and summary.csv column is documented in docs/OUTPUTS.md', () => {
    const section = readFileSync(path.join(ROOT, 'docs', 'OUTPUTS.md'), 'utf8');
    for (const c of [...GAME_COLUMNS, ...SUMMARY_COLUMNS]) expect(section.includes(`\`${c}\``), c).toBe(true);
  });
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

describe('progress', () => {
  it('never shows more games done than the run has', () => {
    expect(progressText({ done: 130, total: 100, played: 30, elapsedMs: 1000 })).toBe('100/100 games, 30.0 games/s, ETA 0:00');
  });

  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, stream: { isTTY, columns: 100, write: (s: string) => chunks.push(s) > 0 } as unknown as NodeJS.WriteStream };
  };

  it('prints plain lines at most once an interval when not on a terminal', () => {
    const { chunks, stream } = sink(false);
    let t = 0;
    const p = createProgress({ stream, intervalMs: 1000, now: () => t });
    for (let done = 10; done <= 100; done += 10) {
      t += 300;
      p.update({ done, total: 100, played: done, elapsedMs: t });
    }
    p.end();
    expect(chunks.every((c) => c.startsWith('run: ') && c.endsWith('\n'))).toBe(true);
    expect(chunks.length).toBe(4);
    expect(chunks.at(-1)).toBe('run: 100/100 games, 33.3 games/s, ETA 0:00\n');
  });

  it('redraws one bar line on a terminal', () => {
    const { chunks, stream } = sink(true);
    let t = 0;
    const p = createProgress({ stream, now: () => t });
    t = 2000;
    p.update({ done: 50, total: 200, played: 50, elapsedMs: 2000 });
    p.end();
    // eslint-disable-next-line no-control-regex -- the line starts with the terminal's erase-line escape
    expect(chunks[0]).toMatch(/^\r\x1b\[2K█+░+ {2}25% 50\/200 games, 25\.0 games\/s, ETA 0:06$/);
    expect(chunks.at(-1)).toBe('\n');
  });
});

describe('formula-like text cells', () => {
  it('text a spreadsheet would run as a formula gets a leading quote; numbers and their text stay numbers', () => {
    expect(csvText([['=HYPERLINK("x")', '+1 up', '-rush', '@SUM(A1)', '\tx', 'plain', 'a=b', -3, '-3', '+2.5', '-Infinity', 0]])).toBe(
      `"'=HYPERLINK(""x"")",'+1 up,'-rush,'@SUM(A1),'\tx,plain,a=b,-3,-3,+2.5,-Infinity,0\n`,
    );
  });

  it("the lab's own lists of numbers stay as written; a list with anything else in it does not", () => {
    expect(csvText([['-1 1', '-14|15 29|30', '-1 1+2', '-1  1', '-1 x']])).toBe(`-1 1,-14|15 29|30,'-1 1+2,'-1  1,'-1 x\n`);
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

  it('the version names the build: a hash of the running code', async () => {
    const { packageVersion } = await import('../../src/batch/package.js');
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  });
});
