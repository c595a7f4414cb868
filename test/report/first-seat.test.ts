import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../src/report/index.js';

/*
 * The report's first-seat figures. How often player 1 (the
 * army in the first seat) wins, per scenario, with a draw counted half: a
 * draw counted as a win (or as a loss) fails here.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'report', 'run');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The fixture run with the given (first seat, winner) results in place of its games' own, cycling. */
function runWith(results: ['A' | 'B', 'A' | 'B' | 'draw'][]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-first-seat-'));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  const lines = readFileSync(path.join(dir, 'games.csv'), 'utf8').trimEnd().split('\n');
  const cols = lines[0].split(',');
  const [first, winner] = [cols.indexOf('first_seat'), cols.indexOf('winner')];
  const body = lines.slice(1).map((line, i) => {
    const f = line.split(',');
    [f[first], f[winner]] = results[i % results.length];
    return f.join(',');
  });
  writeFileSync(path.join(dir, 'games.csv'), `${[lines[0], ...body].join('\n')}\n`);
  return dir;
}

/** The first-seat table's rows: scenario → [games, rate %]. */
async function firstSeat(dir: string): Promise<Record<string, [number, number]>> {
  const { html } = await buildReport({ dir, replays: false });
  const at = html.indexOf('id="first-seat"');
  expect(at).toBeGreaterThan(0);
  const table = html.slice(html.indexOf('<tbody>', at), html.indexOf('</tbody>', at));
  const rows = [...table.matchAll(/<tr><td>([^<]+)<\/td><td>(\d+)<\/td><td>([\d.]+)<\/td>/g)];
  return Object.fromEntries(rows.map((m) => [m[1], [Number(m[2]), Number(m[3])]]));
}

describe("the report's first-seat figures", () => {
  it('all draws: 50% in every scenario', async () => {
    const t = await firstSeat(
      runWith([
        ['A', 'draw'],
        ['B', 'draw'],
      ]),
    );
    expect(Object.keys(t)).toEqual(['meeting-engagement', 'raid', 'annihilation']);
    for (const [games, rate] of Object.values(t)) {
      expect(games).toBe(120);
      expect(rate).toBe(50);
    }
  });

  it('first seat wins one, draws two, loses one of every four: 50%, not 75% or 25%', async () => {
    // The first seat is A or B in turn; "wins" means the winner is the army in the first seat.
    const t = await firstSeat(
      runWith([
        ['A', 'A'],
        ['B', 'draw'],
        ['A', 'draw'],
        ['B', 'A'],
      ]),
    );
    for (const [, rate] of Object.values(t)) expect(rate).toBe(50);
  });

  it('first seat wins three of four: 75%', async () => {
    const t = await firstSeat(
      runWith([
        ['A', 'A'],
        ['B', 'B'],
        ['A', 'A'],
        ['B', 'A'],
      ]),
    );
    for (const [, rate] of Object.values(t)) expect(rate).toBe(75);
  });
});
