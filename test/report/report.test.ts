import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpNameFor } from '../../src/data/index.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import { DEFAULT_RULESET } from '../../src/rules/index.js';
import { buildReport, detectKind, recordReplay, ReplayRecorder, writeReport } from '../../src/report/index.js';
import type { GameEvent, GameState } from '../../src/engine/index.js';
import { verdict } from '../../src/report/sweep.js';
import { pickGames, playCommand } from '../../src/report/notable.js';
import { reportName } from '../../src/report/report.js';
import { runSections } from '../../src/report/run.js';
import type { ColumnTable, CsvTable } from '../../src/report/types.js';
import { loadCheckedExperiment, runExperiment } from '../../src/runner/index.js';
import { getScenario } from '../../src/scenarios/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPORT_FIXTURES = path.join(here, '..', 'fixtures', 'report');
const ROOT = path.resolve(here, '..', '..');
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'skirmish-report-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SUMMARY_HEADER = [
  'cell', 'scenario', 'army_a', 'army_b', 'policy_a', 'policy_b', 'games', 'win_rate_a', 'win_rate_a_low', 'win_rate_a_high',
  'vp_margin_mean', 'vp_margin_low', 'vp_margin_high', 'matchup_p_holm', 'matchup_imbalanced', 'first_seat_p_holm', 'first_seat_imbalanced', 'verdict_agrees',
] as const; // prettier-ignore
/** A summary.csv row of army a against b, both seats played by `policy`. */
const tierRow = (policy: string, p: string, flag: string, agrees: string, scenario = 'annihilation'): string[] => [
  `a vs b | ${scenario} | ${policy}`,
  scenario,
  'a',
  'b',
  policy,
  policy,
  '100',
  '0.7',
  '0.6',
  '0.78',
  '3',
  '1',
  '5',
  p,
  flag,
  '1',
  '0',
  agrees,
];

/** Per chart figure: its SVG and how many drawn marks (paths, lines, text) vega put in its mark groups. */
function figures(html: string): { id: string; marks: number }[] {
  return [...html.matchAll(/<figure class="chart" id="([^"]+)">([\s\S]*?)<\/figure>/g)].map((m) => ({
    id: m[1],
    marks: (m[2].match(/role-mark[^>]*>\s*<(path|line|text|rect)/g) ?? []).length,
  }));
}

describe('report of each kind of folder', () => {
  const kinds = { run: 'run', sweep: 'sweep', sweep2: 'sweep', tournament: 'tournament', campaign: 'campaign' } as const;
  for (const [name, kind] of Object.entries(kinds)) {
    it(`${name}: detected as ${kind}, every chart an SVG with marks and a table, byte-identical when built again`, async () => {
      const dir = path.join(REPORT_FIXTURES, name);
      expect(detectKind(dir)).toBe(kind);
      const a = await buildReport({ dir, replays: false });
      const figs = figures(a.html);
      expect(figs.length).toBe(a.charts);
      expect(a.charts).toBeGreaterThan(0);
      for (const f of figs) expect(f.marks, f.id).toBeGreaterThan(0);
      // A table a chart, and one under the map and each plain table.
      expect(a.html.match(/<table>/g)?.length).toBe(a.charts + (a.html.match(/<figure class="(map|plain-table)"/g)?.length ?? 0));
      // Self-contained: no scripts, nothing fetched.
      expect(a.html).not.toMatch(/<script|src="http|href="http/);
      const b = await buildReport({ dir, replays: false });
      expect(b.html).toBe(a.html);
    });
  }

  it('writes report.html as every output is written: a link planted under its temporary name is replaced, never followed', async () => {
    const dir = tmp();
    cpSync(path.join(REPORT_FIXTURES, 'run'), dir, { recursive: true });
    const victim = path.join(tmp(), 'victim.txt');
    writeFileSync(victim, 'untouched');
    const file = path.join(dir, 'report.html');
    symlinkSync(victim, tmpNameFor(file));
    await writeReport({ dir, replays: false });
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('an empty folder is one clear input error', () => {
    expect(() => detectKind(tmp())).toThrow(/expected a run folder \(summary\.csv/);
  });

  it('run: the win-rate table holds summary.csv numbers and flags exactly the Holm-flagged cells', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'run'), replays: false });
    const summary = readFileSync(path.join(REPORT_FIXTURES, 'run', 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    const flagged = summary.filter((l) => l.endsWith(',1')).length;
    expect(flagged).toBeGreaterThan(0);
    const table = html.slice(html.indexOf('id="win-rate"'), html.indexOf('id="first-seat"'));
    expect(table.match(/<td>imbalanced<\/td>/g)?.length).toBe(flagged);
    const first = summary[0].split(',');
    expect(table).toContain(`<td>${Math.round(Number(first[11]) * 1000) / 10}</td>`);
    for (const id of ['win-rate', 'first-seat', 'matchups', 'vp', 'vp-margin']) expect(html).toContain(`id="${id}"`);
  });

  it('sweep: the crossing in words, and no number where the range never reaches 50%', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'sweep'), replays: false });
    expect(html).toContain('fair cost 31.2 points, 95% interval 28.4–34.1 points');
    expect(html).toContain('no fair cost inside the swept range 20–40 points');
    const c = { cell: 'x', parameter: 'aggression', crossing: NaN, low: NaN, high: NaN, status: 'flat', fit: 'logistic' };
    expect(verdict(c, [0, 1])).toBe("no trend within the noise: aggression from 0 to 1 does not move army A's win rate measurably");
    expect(verdict({ ...c, status: 'above-range' }, [3, 7])).toMatch(/lies above 7$/);
  });

  it('sweep: a plateau open past the range reads "from 30 on", never NaN', () => {
    const c = { cell: 'x', parameter: 'shieldbearer_model_cost', crossing: NaN, low: 30, high: NaN, status: 'plateau', fit: 'isotonic' };
    expect(verdict(c, [10, 40])).toBe("a plateau: army A's win rate is within noise of 50% from 30 points on, so any cost there is fair under these bots");
    expect(verdict({ ...c, low: NaN, high: 20 }, [10, 40])).toContain('within noise of 50% up to 20 points');
    expect(verdict({ ...c, high: 35 }, [10, 40])).toContain('from 30 to 35 points');
  });

  it('sweep: the chart draws the curve the crossing was read from (crossing.csv fit)', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'sweep'), replays: false });
    // The fixture's first cell was fitted by isotonic regression, the second by the logistic.
    expect(html.split('orange: the monotone (isotonic) fit the crossing is read from').length - 1).toBe(1);
    expect(html.split('orange: the logistic fit').length - 1).toBe(1);
  });
});

/** Every table of a page: its header and its rows of cell texts. */
const tablesOf = (html: string): { head: string[]; rows: string[][] }[] =>
  [...html.matchAll(/<table><thead><tr>(.*?)<\/tr><\/thead><tbody>\n?([\s\S]*?)\n?<\/tbody><\/table>/g)].map((m) => ({
    head: [...m[1].matchAll(/<th>(.*?)<\/th>/g)].map((c) => c[1]),
    rows: m[2]
      .split('\n')
      .filter((r) => r !== '')
      .map((r) => [...r.matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1])),
  }));

describe('every page: contents, data links, number formats', () => {
  for (const name of ['run', 'sweep', 'sweep2', 'tournament', 'campaign']) {
    it(`${name}: a table of contents linking every section and figure, links to each CSV beside it, one number format per column`, async () => {
      const dir = path.join(REPORT_FIXTURES, name);
      const { html } = await buildReport({ dir, replays: false });
      const toc = html.slice(html.indexOf('<nav class="toc"'), html.indexOf('</nav>'));
      const targets = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
      for (const t of targets) expect(html, `contents entry #${t}`).toContain(`id="${t}"`);
      const figures = [...html.matchAll(/<figure class="[^"]+" id="([^"]+)"/g)].map((m) => m[1]);
      expect(figures.length).toBeGreaterThan(0);
      for (const f of figures) expect(targets, `figure ${f} in the contents`).toContain(f);
      const csvs = readdirSync(dir)
        .filter((f) => f.endsWith('.csv'))
        .sort();
      const links = [...html.slice(html.indexOf('<h2 id="data">')).matchAll(/<a href="([^"]+)">/g)].map((m) => decodeURIComponent(m[1]));
      expect(links).toEqual(csvs);
      for (const t of tablesOf(html)) {
        t.head.forEach((h, i) => {
          const numbers = t.rows.map((r) => r[i]).filter((v) => /^-?\d+(\.\d+)?$/.test(v));
          const places = new Set(numbers.map((v) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0)));
          expect(places.size, `${name}: column "${h}" prints ${numbers.slice(0, 8).join(', ')}`).toBeLessThanOrEqual(1);
        });
      }
    });
  }

  it('run: every chart draws the scenarios in the experiment’s order, as the tables list them', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'run'), replays: false });
    const order = [
      ...new Set(
        readFileSync(path.join(REPORT_FIXTURES, 'run', 'summary.csv'), 'utf8')
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(',')[1]),
      ),
    ];
    expect(order).not.toEqual([...order].sort());
    const ids = [...html.matchAll(/<figure class="chart" id="([^"]+)"/g)].map((m) => m[1]);
    for (const id of ids) {
      const fig = html.slice(html.indexOf(`id="${id}"`), html.indexOf('</figure>', html.indexOf(`id="${id}"`)));
      for (const part of fig.split('<div class="narrow">')) {
        const drawn = [...part.matchAll(/>([a-z-]+)<\/text>/g)].map((m) => m[1]).filter((t) => order.includes(t));
        expect([...new Set(drawn)], `${id}`).toEqual(order);
      }
      const table = tablesOf(fig)[0];
      expect([...new Set(table.rows.map((r) => r[0]))], `${id} table`).toEqual(order);
    }
  });

  it('tournament: the page says which scenarios and armies were played and how many games', async () => {
    const dir = tmp();
    for (const f of ['pairings.csv', 'ratings.csv']) cpSync(path.join(REPORT_FIXTURES, 'tournament', f), path.join(dir, f));
    const bare = (await buildReport({ dir, replays: false })).html;
    expect(bare).toContain('Scenarios: not recorded (no manifest.json in the folder).');
    const pairings = readFileSync(path.join(dir, 'pairings.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const games = pairings.reduce((n, r) => n + Number(r[2]), 0);
    const tournament = {
      policies: ['random', 'aggressive', 'balanced'],
      armies: ['sims/armies/ironbound-800.json', 'sims/armies/tuskfell-800.json'],
      scenarios: ['raid', 'broken-lines'],
      gamesPerPairing: 8,
    };
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ tournament }));
    const { html } = await buildReport({ dir, replays: false });
    expect(html).toContain(`${games.toLocaleString('en')} games: ${pairings.length} pairings of 3 policies (random, aggressive, balanced)`);
    expect(html).toContain('Scenarios (2): raid, broken-lines.');
    expect(html).toContain('Armies (2): sims/armies/ironbound-800.json, sims/armies/tuskfell-800.json.');
  });
});

describe('run report: scales, flags, formats, notable games, tiers', () => {
  it('VP and margin charts draw a panel per scenario, each with its own VP axis', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'run'), replays: false });
    const scenarios = new Set(
      readFileSync(path.join(REPORT_FIXTURES, 'run', 'summary.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).size;
    expect(scenarios).toBeGreaterThan(1);
    const wide = (id: string): string => {
      const fig = html.slice(html.indexOf(`id="${id}"`));
      return fig.slice(0, fig.indexOf('<div class="narrow">'));
    };
    expect(wide('vp').split('>Victory Points at the end (VP)<').length - 1).toBe(scenarios);
    expect(wide('vp-margin').split(">army A's VP minus army B's (VP)<").length - 1).toBe(scenarios);
  });

  it('tables print percentages and VP with one decimal, p-values with three significant digits', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'run'), replays: false });
    const cells = [...html.matchAll(/<td>(-?\d+\.\d+)<\/td>/g)].map((m) => m[1]);
    expect(cells.length).toBeGreaterThan(50);
    for (const c of cells) expect(c).toMatch(/^-?\d+\.\d$/);
    const summary = {
      file: 's.csv',
      columns: [...SUMMARY_HEADER],
      rows: [tierRow('balanced', '0.000123', '1', '0'), tierRow('search', '0.5', '0', '0'), tierRow('random', '4e-9', '1', '0'), tierRow('aggressive', '0.0000', '1', '0')],
    };
    const [section] = runSections(summary, null);
    const win = section.charts.find((c) => c.id === 'win-rate')!;
    // A p-value below 0.0001 (or written as 0.0000 in summary.csv) is "< 0.0001", never "0".
    expect(win.table.rows.map((r) => r[6])).toEqual(['0.000123', '0.500', '< 0.0001', '< 0.0001']);
    expect(section.tables![0].table.rows.flat().join(' ')).toContain('p < 0.0001');
  });

  it('the flag is explained where it is drawn: the sign test on seat-swapped pairs, Holm-adjusted', async () => {
    const { html } = await buildReport({ dir: path.join(REPORT_FIXTURES, 'run'), replays: false });
    const fig = html.slice(html.indexOf('id="win-rate"'), html.indexOf('id="first-seat"'));
    expect(fig).toMatch(/sign test on its seat-swapped game pairs[^<]*Holm correction/);
    expect(fig).toContain('one army ahead (sign test, Holm)');
  });

  it('several bot tiers: a verdict table per matchup and scenario with verdict_agrees', () => {
    const summary: CsvTable = {
      file: 's.csv',
      columns: [...SUMMARY_HEADER],
      rows: [tierRow('balanced', '0.01', '1', '0'), tierRow('search', '0.4', '0', '0'), tierRow('balanced', '0.02', '1', '1', 'raid'), tierRow('search', '0.03', '1', '1', 'raid')],
    };
    const [section] = runSections(summary, null);
    const t = section.tables![0];
    expect(t.table.columns).toEqual(['scenario', 'matchup', 'verdict: balanced vs balanced', 'verdict: search vs search', 'verdicts agree']);
    expect(t.table.rows.map((r) => [r[0], r[4]])).toEqual([
      ['annihilation', 'NO'],
      ['raid', 'yes'],
    ]);
    expect(String(t.table.rows[0][2])).toMatch(/^a ahead \(70%, p 0\.0100\)$/);
    expect(t.table.rows[0][3]).toMatch(/^even /);
    expect(t.caption).toMatch(/1 of 2 verdicts change/);
    // One tier: no table.
    expect(runSections({ ...summary, rows: summary.rows.slice(0, 1) }, null)[0].tables).toEqual([]);
  });

  it('notable games: the closest among games that went the distance, the biggest upset, the earliest wipe-out', () => {
    // game: vp_a, vp_b, winner, end_reason, rounds
    const g: [number, number, string, string, number][] = [
      [5, 5, 'A', 'wipeOut', 3], // level on VP but a wipe-out: not a close game
      [12, 10, 'A', 'lastRound', 8],
      [20, 4, 'A', 'lastRound', 8],
      [3, 9, 'B', 'lastRound', 8], // B, the underdog, by 6
      [0, 14, 'B', 'wipeOut', 5], // B by 14, a wipe-out in round 5
      [15, 14, 'A', 'vpThreshold', 6], // the closest that went the distance
    ];
    const cols: Record<string, string[]> = {
      cell: g.map(() => 'c'),
      vp_a: g.map((x) => String(x[0])),
      vp_b: g.map((x) => String(x[1])),
      winner: g.map((x) => x[2]),
      end_reason: g.map((x) => x[3]),
      rounds: g.map((x) => String(x[4])),
    };
    const table: ColumnTable = { file: 'games.csv', rows: g.length, get: (n) => cols[n] };
    const picks = pickGames(table).get('c')!;
    expect(picks.map((p) => p.row)).toEqual([5, 4, 0]);
    expect(picks[0].why).toBe('the closest game that went the distance (VP margin 1)');
    expect(picks[1].why).toBe("the biggest upset: army B, winner of 33.3% of the cell's games, wins by 14 VP");
    expect(picks[2].why).toBe('the earliest wipe-out (round 3)');
  });

  it('titles use the manifest name; a tournament its policies; else the folder', () => {
    expect(reportName({ campaign: 'nyrcon-sample' }, '/x/campaign')).toBe('nyrcon-sample');
    expect(reportName({ experiment: 'quickstart' }, '/x/out')).toBe('quickstart');
    expect(reportName({ experiment: 'tournament', tournament: { policies: ['random', 'balanced'] } }, '/x/tournament')).toBe('random, balanced');
    expect(reportName(null, '/x/my-run')).toBe('my-run');
  });
});

describe('campaign page', () => {
  it('a map hex per territory shaded by its usual holder, a verdict sentence, territories by lift as the CLI ranks them, shares in %', async () => {
    const dir = path.join(REPORT_FIXTURES, 'campaign');
    const { html } = await buildReport({ dir, replays: false });
    const terr = readFileSync(path.join(dir, 'territories.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const hexes = [...html.matchAll(/<g class="territory" data-id="([^"]+)">/g)].map((m) => m[1]);
    expect(hexes).toEqual(terr.map((r) => r[0]));
    // Shaded by the faction that held it at the end most often: Spire (a 53.5%) blue, Bastion (b 52.0%) red.
    const fillOf = (id: string): string => /fill="(#[0-9a-f]+)"/.exec(html.slice(html.indexOf(`data-id="${id}"`)))![1];
    expect(fillOf('Spire')).toBe('#1f5fbf');
    expect(fillOf('Bastion')).toBe('#c0392b');
    expect(html).toMatch(
      /<p class="verdict">(Ironbound Dominion|Tuskfell Clans) is favoured: Ironbound Dominion won \d+ of 200 campaigns, [\d.]+% \(95% interval [\d.]+%–[\d.]+%\); Tuskfell Clans [\d.]+%\.<\/p>|<p class="verdict">Neither faction/,
    );
    expect(html).not.toMatch(/held_end_a|predicts_winner/);
    expect(html).toContain('held by Ironbound Dominion');
    // The lift chart's rows in the CLI's order (largest lift first), its table in %.
    const lift = html.slice(html.indexOf('id="territory-lift"'));
    const order = [...lift.slice(lift.indexOf('<tbody>')).matchAll(/<tr><td>([^<]+)<\/td>/g)].map((m) => m[1]);
    const byLift = [...terr].sort((a, b) => Number(b[11]) - Number(a[11])).map((r) => r[0]);
    expect(order.slice(0, terr.length)).toEqual(byLift);
    expect(lift).toContain(`<td>${Math.round(Number(terr[1][11]) * 1000) / 10}</td>`);
  });
});

describe('campaign battles', () => {
  it('battles against their VP order are counted with how they ended', async () => {
    const { battleOrderLine } = await import('../../src/report/campaign.js');
    const t = (rows: string[][], columns = ['result', 'vp_invader', 'vp_protector', 'end_reason']): CsvTable => ({ file: 'battles.csv', columns, rows });
    const rows = [
      ['invader', '25', '11', 'lastRound'],
      ['protector', '25', '11', 'wipeOut'],
      ['draw', '4', '4', 'lastRound'],
      ['invader', '2', '2', 'wipeOut'],
    ];
    expect(battleOrderLine(t(rows))).toBe("2 of 4 battles went against their VP order: 2 wipeOut (R28: a wiped-out army loses whatever its VP; battles.csv's end_reason).");
    expect(
      battleOrderLine(
        t(
          rows.map((r) => r.slice(0, 3)),
          ['result', 'vp_invader', 'vp_protector'],
        ),
      ),
    ).toMatch(/^2 of 4 .* no end_reason/);
    expect(battleOrderLine(t(rows.slice(0, 1)))).toMatch(/^Every one of the 1 battles/);
  });
});

describe('replays', () => {
  it('the replay is the game playGame plays, stepped by activation and round, warriors moving', () => {
    const opts = {
      armies: [loadRoster(path.join(ROOT, 'sims/armies/ironbound-400.json'), DEFAULT_RULESET), loadRoster(path.join(ROOT, 'sims/armies/tuskfell-400.json'), DEFAULT_RULESET)] as [never, never],
      scenario: getScenario('raid'),
      ruleset: DEFAULT_RULESET,
      seed: 'replay-1',
      policies: [getPolicy('random'), getPolicy('random')] as [never, never],
    };
    const { replay, result } = recordReplay(opts);
    expect(result).toEqual(playGame(opts));
    expect(replay.frames.length).toBeGreaterThan(result.rounds * 4);
    expect(replay.frames.at(-1)!.lines.at(-1)).toMatch(/wins|draw/);
    expect(replay.frames.at(-1)!.vp).toEqual(result.vp);
    expect(replay.frames.filter((f) => /Round \d+ scored/.test(f.label)).length).toBe(result.rounds);
    const first = replay.frames.findIndex((f) => /activates/.test(f.label));
    const moved = replay.warriors.some((_, k) => replay.frames[first].pos[4 * k] !== replay.frames.at(-1)!.pos[4 * k]);
    expect(moved).toBe(true);
  });

  it('steps begin where their events begin: Setup has no warrior on the table, a Victory Phase is its own round, a move keeps the turns of its path', () => {
    const opts = {
      armies: [loadRoster(path.join(ROOT, 'sims/armies/ironbound-400.json'), DEFAULT_RULESET), loadRoster(path.join(ROOT, 'sims/armies/tuskfell-400.json'), DEFAULT_RULESET)] as [never, never],
      scenario: getScenario('raid'),
      ruleset: DEFAULT_RULESET,
      seed: 'replay-2',
      policies: [getPolicy('random'), getPolicy('random')] as [never, never],
    };
    let state: Readonly<GameState> | null = null;
    const rec = new ReplayRecorder(() => state);
    // The engine's move events gain the points a path turned at (\`via\`): a hand-made turn halfway, one move in three.
    let moves = 0;
    const result = playGame({
      ...opts,
      observe: (s) => {
        state = s;
        rec.started();
      },
      onEvent: (e: GameEvent) => {
        if (e.type === 'move') {
          // Every third move turns once; the others go straight (any turns of the engine's own dropped).
          const mid: [number, number] = [(e.from[0] + e.to[0]) / 2 + 1, (e.from[1] + e.to[1]) / 2];
          const { via: _own, ...straight } = e as typeof e & { via?: unknown };
          rec.event((moves++ % 3 === 0 ? { ...straight, via: [mid] } : straight) as GameEvent);
        } else rec.event(e);
      },
    });
    const frames = rec.finish(result);
    expect(frames[0].label).toBe('Setup');
    expect(frames[0].pos.filter((_, i) => i % 4 === 3).every((f) => (f & 1) === 0)).toBe(true);
    const firstDeploy = frames[1];
    expect(firstDeploy.label).toMatch(/^Deployment: /);
    expect(firstDeploy.pos.filter((_, i) => i % 4 === 3 && (firstDeploy.pos[i] & 1) === 1).length).toBeGreaterThan(0);
    const scored = frames.filter((f) => /scored$/.test(f.label));
    expect(scored.map((f) => f.label)).toEqual(scored.map((f) => `Round ${f.round} scored`));
    expect(scored.length).toBe(result.rounds);
    // The step before a Victory Phase does not yet show its VP.
    for (let k = 1; k < frames.length; k++) if (/scored$/.test(frames[k].label) && frames[k].vp.join() !== frames[k - 1].vp.join()) expect(frames[k - 1].label).not.toMatch(/scored$/);
    const turned = frames.flatMap((f) => f.paths).filter((p) => p.pts.length === 6);
    const straight = frames.flatMap((f) => f.paths).filter((p) => p.kind === 'move' && p.pts.length === 4);
    expect(turned.length).toBe(Math.ceil(moves / 3));
    expect(straight.length).toBe(moves - turned.length);
  });

  it('a run report links replays of the closest and most lopsided game of each cell, ending as games.csv says', async () => {
    const dir = tmp();
    const file = path.join(ROOT, 'test/runner/fixtures/sims/real.json');
    const experiment = loadCheckedExperiment({ file, games: 6 });
    const run = await runExperiment({ experiment, out: dir, workers: 0 });
    expect(run.status).toBe('complete');
    const o = await writeReport({ dir, experimentFile: file });
    expect(o.replayNote).toBeUndefined();
    expect(o.replays.length).toBeGreaterThanOrEqual(2);
    expect(readdirSync(path.join(dir, 'replays')).length).toBe(o.replays.length);
    const html = readFileSync(o.file, 'utf8');
    for (const r of o.replays) expect(html).toContain(`href="replays/${path.basename(r)}"`);
    expect(html).toMatch(/the closest game that went the distance \(VP margin [\d.]+\)<\/a>: [^<]*, ended (after the last round|at the VP threshold) in round \d+/);
    expect(html).not.toMatch(/inputs changed/);
    // Each replay names the play command that plays its game again: run it, and it ends as games.csv says.
    const rows = readFileSync(path.join(dir, 'games.csv'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const col = (n: string): number => rows[0].indexOf(n);
    const seats = new Set<string>();
    for (const r of o.replays) {
      const page = readFileSync(r, 'utf8');
      const command = /<code id="command">skirmish play ([^<]*)<\/code>/.exec(page)![1].replace(/&amp;/g, '&');
      const args = command.split(' ');
      const seed = args[args.indexOf('--seed') + 1];
      const row = rows.find((x) => x[col('seed')] === seed && page.includes(`game ${x[col('game')]}`))!;
      seats.add(row[col('first_seat')]);
      const out = spawnSync(process.execPath, ['dist/cli/main.js', 'play', ...args, '--json'], { cwd: ROOT, encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      const result = JSON.parse(out.stdout) as { winner: number | null; vp: [number, number]; rounds: number; endReason: string };
      // Player 1 is the army of the first seat.
      const [vpA, vpB] = row[col('first_seat')] === 'A' ? result.vp : [result.vp[1], result.vp[0]];
      expect([vpA, vpB, result.rounds, result.endReason], command).toEqual([Number(row[col('vp_a')]), Number(row[col('vp_b')]), Number(row[col('rounds')]), row[col('end_reason')]]);
      const winner = result.winner === null ? 'draw' : (result.winner === 0) === (row[col('first_seat')] === 'A') ? 'A' : 'B';
      expect(winner).toBe(row[col('winner')]);
    }
    expect(seats.size, 'replays with army A in either seat').toBe(2);
    // Without the experiment file the report still comes, and says why it has no replays.
    const lone = tmp();
    for (const f of ['games.csv', 'summary.csv']) cpSync(path.join(dir, f), path.join(lone, f));
    const o2 = await writeReport({ dir: lone });
    expect(o2.replays).toEqual([]);
    expect(existsSync(path.join(lone, 'report.html'))).toBe(true);
  });

  it('the play command gives the seats, control rule and ruleset file, and none for inputs play cannot take', () => {
    const [cell] = loadCheckedExperiment({ file: path.join(ROOT, 'test/runner/fixtures/sims/real.json'), games: 2 }).cells;
    const rulesFile = path.join(ROOT, 'sims/rulesets/x.json');
    const swapped = playCommand({ ...cell, policyA: 'aggressive', control: 'steamroller', ruleset: { file: rulesFile } }, 's1', false);
    expect(swapped).toEqual({
      text: `skirmish play --army-a sims/armies/tuskfell-400.json --army-b sims/armies/ironbound-400.json --scenario raid --seed s1 --policy-a ${cell.policyB} --policy-b aggressive --control steamroller --ruleset sims/rulesets/x.json`,
    });
    expect(playCommand({ ...cell, files: { [cell.armyA.file]: {} } }, 's1', true)).toHaveProperty('none', expect.stringMatching(/patched army or rules files/));
    expect(playCommand({ ...cell, ruleset: { overrides: { marker: { wounds: 3 } } } }, 's1', true)).toHaveProperty('none', expect.stringMatching(/overrides rules in place/));
    expect(playCommand({ ...cell, ruleset: { overrides: {} } }, 's1', true)).toHaveProperty('text');
  });

  it('a replay from play --replay names its own command, quoted for the shell, which plays the same game', () => {
    const dir = tmp();
    const page = path.join(dir, 'game.html');
    const flags = [
      '--army-a',
      'sims/armies/tuskfell-400.json',
      '--army-b',
      'sims/armies/ironbound-400.json',
      '--scenario',
      'broken-lines',
      '--seed',
      "it's 7",
      '--policy-a',
      'balanced:aggression=0.7',
    ];
    const first = spawnSync(process.execPath, ['dist/cli/main.js', 'play', ...flags, '--json', '--replay', page], { cwd: ROOT, encoding: 'utf8' });
    expect(first.status, first.stderr).toBe(0);
    const command = /<code id="command">([^<]*)<\/code>/
      .exec(readFileSync(page, 'utf8'))![1]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
    expect(command.startsWith('skirmish play --army-a sims/armies/tuskfell-400.json ')).toBe(true);
    const again = spawnSync('sh', ['-c', `${command.replace(/^skirmish /, `"${process.execPath}" dist/cli/main.js `)} --json`], { cwd: ROOT, encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
  }, 60_000);
});

describe('run report: the confirmation of each flag', () => {
  const header = [...SUMMARY_HEADER, 'first_seat_win_rate', 'confirm_policy', 'matchup_confirm_games', 'matchup_confirm_rate', 'matchup_confirm_low', 'matchup_confirm_high', 'matchup_confirm_p', 'matchup_tiers_p', 'matchup_confirmation',
    'first_seat_confirm_games', 'first_seat_confirm_rate', 'first_seat_confirm_low', 'first_seat_confirm_high', 'first_seat_confirm_p', 'first_seat_tiers_p', 'first_seat_confirmation']; // prettier-ignore
  const row = (scenario: string, first: string[], matchup: string[]): string[] => {
    const r = tierRow('balanced', '0.001', matchup[0] === '' ? '0' : '1', '', scenario);
    r[header.indexOf('first_seat_imbalanced')] = first[0] === '' ? '0' : '1';
    return [...r, '0.68', matchup[0] !== '' || first[0] !== '' ? 'search' : '', ...matchup.slice(1), ...first.slice(1)];
  };
  it("lists every flag with the stronger policy's rate, games, paired test and verdict, and counts the verdicts", () => {
    const summary = {
      file: 's.csv',
      columns: header,
      rows: [
        row('raid', ['x', '48', '0.5417', '0.4600', '0.6210', '0.6000', '0.0017', 'not confirmed'], ['', '', '', '', '', '', '', '']),
        row('annihilation', ['', '', '', '', '', '', '', ''], ['x', '96', '0.7200', '0.6200', '0.8000', '0.0001', '0.5000', 'confirmed']),
      ],
    };
    const [section] = runSections(summary, null);
    const t = section.tables!.find((x) => x.id === 'confirmation')!;
    expect(t.title).toBe('Flags re-checked by search');
    expect(t.table.rows).toEqual([
      ['raid', 'a vs b', 'first seat favoured', "first seat's win rate 68%", '54.2% [46, 62.1]', 48, '0.00170', 'not confirmed'],
      ['annihilation', 'a vs b', 'a favoured', "army A's win rate 70%", '72% [62, 80]', 96, '0.500', 'confirmed'],
    ]);
    expect(section.lines).toContain('Flags re-checked by search: 1 of 2 confirmed, 1 not confirmed, 0 reversed (the same seeds and seats; table below).');
    const win = section.charts.find((c) => c.id === 'win-rate')!;
    expect(win.table.rows.map((r) => r[7])).toEqual(['-', 'imbalanced (search: confirmed)']);
  });
});
