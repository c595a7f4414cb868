import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressText } from '../../src/runner/progress.js';
import { csvText } from '../../src/batch/csv.js';
import { gameFromFields, gameRow } from '../../src/runner/csv.js';
import { parseCsvLine } from '../../src/batch/index.js';
import { createProgress, GAME_COLUMNS, SUMMARY_COLUMNS } from '../../src/runner/index.js';
import type { GameRecord } from '../../src/runner/types.js';
import { ROOT } from './helpers.js';

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
