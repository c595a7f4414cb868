import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { playGame, type Choice, type Decision, type GameEvent, type GameState, type Policy } from '../../src/engine/index.js';
import { narrate } from '../../src/engine/narrate.js';
import { DEFAULT_RULESET } from '../../src/rules/index.js';
import { buildReport, recordReplay, replayHtml, type ReplayData } from '../../src/report/index.js';
import { getScenario } from '../../src/scenarios/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '..', 'fixtures', 'report');
const ROOT = path.resolve(here, '..', '..');
/** Debian's chromium (`.ci/run` installs it); CHROMIUM names another. */
const BROWSER = process.env.CHROMIUM ?? '/usr/bin/chromium';
const haveBrowser = existsSync(BROWSER);
if (!haveBrowser) console.warn(`browser test skipped: no Chromium at ${BROWSER} (apt-get install chromium, or set CHROMIUM)`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARMIES = ['ironbound-400', 'tuskfell-400'].map((a) => loadRoster(path.join(ROOT, 'sims/armies', `${a}.json`), DEFAULT_RULESET));

/** What the engine's own state says after each event: the truth a replay step must show. */
interface Truth {
  events: GameEvent[];
  zones: number[][];
  points: number[][];
  onTable: boolean[][];
  /** Each reason a policy gave, with the decision it gave it for and the choice it made. */
  reasons: { text: string; decision: Decision; choice?: Choice }[];
  /** Each regiment's id, as events name it. */
  regiments: string[];
}

/** Plays the game again, apart from the replay's recorder, keeping the events and the scenario's control after each. */
function playTruth(scenario: string, seed: string, policy = 'random'): Truth {
  let s: Readonly<GameState> | null = null;
  const t: Truth = { events: [], zones: [], points: [], onTable: [], reasons: [], regiments: [] };
  let deciding: { decision: Decision; given: Truth['reasons'] } | null = null;
  // Each decision's reasons learn the choice they explain.
  const told = (p: Policy): Policy => ({
    name: p.name,
    choose: (view, decision, rng) => {
      deciding = { decision, given: [] };
      const choice = p.choose(view, decision, rng);
      for (const r of deciding.given) r.choice = choice;
      return choice;
    },
  });
  playGame({
    armies: [ARMIES[0], ARMIES[1]],
    scenario: getScenario(scenario),
    ruleset: DEFAULT_RULESET,
    seed,
    policies: [told(getPolicy(policy)), told(getPolicy(policy))],
    onReason: (_p, text) => {
      const r = { text, decision: deciding!.decision };
      deciding!.given.push(r);
      t.reasons.push(r);
    },
    observe: (st) => {
      s = st;
      t.regiments = st.regiments.map((g) => g.id);
    },
    onEvent: (e) => {
      t.events.push(e);
      if (!s) {
        // The engine's first events come before it hands out its state: nothing is on the table yet.
        t.zones.push([]);
        t.points.push([]);
        t.onTable.push([]);
        return;
      }
      t.zones.push(s!.scenarioState.zoneSeizedBy.map((f) => (f === null ? -1 : f)));
      t.points.push(s!.scenarioState.capturePoints.map((p) => (p.controlledBy === null ? -1 : p.controlledBy)));
      t.onTable.push(s!.warriors.map((w) => w.status === 'table'));
    },
  });
  return t;
}

/** The first of the seeds replay-0, replay-1, ... whose game (random against random) has every event `wanted` finds. */
function firstSeedWith(scenario: string, what: string, wanted: ((e: GameEvent) => boolean)[]): string {
  for (let i = 0; i < 60; i++) {
    const seen = wanted.map(() => false);
    playGame({
      armies: [ARMIES[0], ARMIES[1]],
      scenario: getScenario(scenario),
      ruleset: DEFAULT_RULESET,
      seed: `replay-${i}`,
      policies: [getPolicy('random'), getPolicy('random')],
      onEvent: (e) => wanted.forEach((w, j) => (seen[j] ||= w(e))),
    });
    if (seen.every(Boolean)) return `replay-${i}`;
  }
  throw new Error(`no game of 60 on ${scenario} ${what}`);
}
const firstSeedDestroyingAMarker = (scenario: string): string => firstSeedWith(scenario, 'destroys a marker', [(e) => e.type === 'markerDamaged' && e.destroyed]);

/** Broken Lines' VP lines name who seized the marker ("P2 +2: the marker seized"): the seizer of each Victory Phase, -1 for nobody. */
const markerSeizer = (e: GameEvent): number | null => {
  if (e.type !== 'victoryPhase') return null;
  const line = e.detail.find((d) => d.endsWith(': the marker seized'));
  return line ? Number(line[1]) - 1 : -1;
};

const idOf = (label: string): number => Number(/#(\d+)$/.exec(label)![1]);

/** Everything a step of the replay page shows, read from the DOM (run in the page, so written as its text). */
interface StepView {
  label: string;
  score: string;
  lines: string;
  warriors: ([number, number] | null)[];
  markers: { shown: boolean; shape: string; held: number; fill: string | null }[];
  objectives: string;
  /** Aims whose midpoint, as drawn, shows the aim itself (not a disc over it). */
  aimsOnTop: number;
  zones: number[];
  points: number[];
  actor: number;
  aims: number;
  paths: { w: number; corners: number }[];
  fills: (string | null)[];
}
const READ_STEP = `(() => {
  const num = (e, a) => Number(e && e.getAttribute(a));
  const all = (q) => [...document.querySelectorAll(q)];
  const ring = document.getElementById('actor-ring');
  return {
    label: document.getElementById('label').textContent,
    score: document.getElementById('score').textContent,
    lines: document.getElementById('lines').textContent,
    warriors: all('#warriors .warrior').map((g) => (g.getAttribute('display') === 'none' ? null : [num(g.querySelector('circle'), 'cx'), num(g.querySelector('circle'), 'cy')])),
    markers: all('#markers .marker').map((g) => ({ shown: g.getAttribute('display') !== 'none', shape: g.firstElementChild.tagName, held: Number(g.getAttribute('data-held')), fill: g.firstElementChild.getAttribute('fill') })),
    objectives: document.getElementById('objectives').textContent,
    aimsOnTop: all('#aims .aim').filter((a) => {
      const l = a.querySelector('line[marker-end]');
      l.scrollIntoView({ block: 'center', inline: 'center' });
      const q = new DOMPoint((num(l, 'x1') + num(l, 'x2')) / 2, (num(l, 'y1') + num(l, 'y2')) / 2).matrixTransform(l.getScreenCTM());
      const hit = document.elementFromPoint(q.x, q.y);
      return hit !== null && hit.closest('.aim') === a;
    }).length,
    zones: all('#control .zone-control').map((g) => Number(g.getAttribute('data-held'))),
    points: all('#points .point').map((g) => Number(g.getAttribute('data-held'))),
    actor: ring.getAttribute('display') === 'none' ? -1 : num(ring, 'data-id'),
    aims: all('#aims .aim').length,
    paths: all('#paths .path').map((p) => ({ w: Number(p.getAttribute('data-w')), corners: p.getAttribute('points').split(' ').length })),
    fills: all('#warriors .warrior circle').map((c) => c.getAttribute('fill')),
  };
})()`;
const readStep = (page: Page): Promise<StepView> => page.evaluate(READ_STEP) as Promise<StepView>;

/**
 * Steps through a whole replay with the Next button and checks every step
 * against the event stream: the step's narration is its events', a deployment
 * step shows its regiment and the step before does not, a Victory Phase's
 * step shows its round and VP and the zones as the engine seized them, a
 * move ends where the event says, the slain and destroyed markers are gone.
 */
async function checkReplay(
  page: Page,
  replay: ReplayData,
  truth: Truth,
  each?: (k: number, dom: StepView) => void,
): Promise<{ destroyed: number; victory: number; deployments: number; aims: number; held: number[] }> {
  const PX = (x: number) => replay.layout.margin + x * replay.layout.scale;
  const PY = (y: number) => replay.layout.top + (replay.layout.height - y) * replay.layout.scale;
  const n = replay.frames.length;
  expect(replay.frames.at(-1)!.events).toBe(truth.events.length);
  let vp: [number, number] = [0, 0];
  let round = 0;
  const slain = new Set<number>();
  const gone = new Set<string>();
  const seen = { destroyed: 0, victory: 0, deployments: 0, aims: 0, held: [0, 0, 0] };
  let before: StepView | null = null;
  // Who seized each marker at the last Victory Phase, as the VP lines say.
  let seizer = -1;
  for (let k = 0; k < n; k++) {
    if (k > 0) await page.click('#next');
    const dom = await readStep(page);
    const f = replay.frames[k];
    const from = k === 0 ? 0 : replay.frames[k - 1].events;
    const evs = truth.events.slice(from, f.events);
    const last = f.events - 1;
    expect(dom.label).toBe(`Step ${k + 1} of ${n}: ${f.label}`);
    // The narration of the step is its own events', nothing from the next step.
    const lines = evs.flatMap((e) =>
      e.type === 'gameEnd'
        ? []
        : (narrate(e) ?? '')
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => l.trimEnd()),
    );
    const told = dom.lines
      .split('\n')
      .filter((l) => !l.startsWith('  ~ '))
      .join('\n');
    expect(told.startsWith(lines.join('\n')), `step ${k + 1} narration`).toBe(true);
    for (const e of evs) {
      if (e.type === 'roundStart') round = e.round;
      if (e.type === 'victoryPhase') {
        vp = e.vp;
        seizer = markerSeizer(e)!;
        expect(f.label, `step ${k + 1}`).toBe(`Round ${e.round} scored`);
        expect(dom.score).toMatch(new RegExp(`^Round ${e.round} `));
        seen.victory++;
      }
      if (e.type === 'roundStart') expect(f.label).toBe(`Round ${e.round} begins`);
      if (e.type === 'slain') slain.add(idOf(e.warrior));
      if (e.type === 'markerDamaged' && e.destroyed) {
        gone.add(e.marker);
        seen.destroyed++;
      }
      if (e.type === 'deployed') {
        seen.deployments++;
        expect(f.label).toBe(`Deployment: Player ${e.player + 1} deploys ${e.regiment}`);
        // Its warriors arrive in this step, not before.
        const reg = replay.regiments.findIndex((g) => g.name === e.regiment || replay.warriors.some((w, i) => w.regiment === replay.regiments.indexOf(g) && truth.onTable[last][i]));
        const mine = replay.warriors.map((_, i) => i).filter((i) => !truth.onTable[from - 1]?.[i] && truth.onTable[last][i]);
        expect(mine.length, `step ${k + 1}: ${e.regiment} placed`).toBe(e.warriors);
        expect(reg).toBeGreaterThanOrEqual(0);
        for (const i of mine) {
          expect(dom.warriors[i], `step ${k + 1} warrior ${i}`).not.toBeNull();
          expect(before!.warriors[i], `step ${k} shows warrior ${i} early`).toBeNull();
        }
      }
    }
    expect(dom.score).toContain(`VP ${replay.players[0]} ${vp[0]}, ${replay.players[1]} ${vp[1]}`);
    if (!evs.some((e) => e.type === 'victoryPhase')) expect(dom.score).toMatch(new RegExp(`^Round ${round} `));
    // Moves end where their events say (unless something later in the step moved or slew the warrior).
    evs.forEach((e, j) => {
      if (e.type !== 'move' && e.type !== 'drivenBack') return;
      const w = idOf(e.warrior);
      const later = evs.slice(j + 1).some((x) => (x.type === 'move' || x.type === 'drivenBack' || x.type === 'slain') && idOf(x.warrior) === w);
      if (later) return;
      const at = dom.warriors[w]!;
      expect(Math.abs(at[0] - PX(e.to[0])), `step ${k + 1} ${e.warrior} x`).toBeLessThan(1);
      expect(Math.abs(at[1] - PY(e.to[1])), `step ${k + 1} ${e.warrior} y`).toBeLessThan(1);
    });
    // On the table exactly as the engine had it at the step's last event; the slain are gone.
    truth.onTable[last].forEach((on, i) => expect(dom.warriors[i] !== null, `step ${k + 1} warrior ${i}`).toBe(on));
    for (const i of slain) expect(dom.warriors[i]).toBeNull();
    if (k === 0) expect(dom.warriors.every((w) => w === null)).toBe(true);
    // Markers are diamonds, gone once destroyed; zones and points held as the engine seized them.
    // Each marker's holder: who seized it (Broken Lines' marker), else the side it belongs to, in its colour and in words.
    replay.markers.forEach((m, i) => {
      expect(dom.markers[i].shape).toBe('polygon');
      expect(dom.markers[i].shown, `step ${k + 1} marker ${m.id}`).toBe(!gone.has(m.id));
      const holder = m.seized ? seizer : m.friendlyTo;
      expect(dom.markers[i].held, `step ${k + 1} marker ${m.id} holder`).toBe(holder);
      expect(dom.markers[i].fill, `step ${k + 1} marker ${m.id} colour`).toBe(holder < 0 ? '#7a7a7a' : ['#1f5fbf', '#c0392b'][holder]);
      const words = m.seized ? (holder < 0 ? 'not held' : `held by Player ${holder + 1}`) : holder < 0 ? 'neutral' : `Player ${holder + 1}’s`;
      expect(dom.objectives, `step ${k + 1}`).toContain(`marker ${m.label}: ${words}`);
      if (m.seized) seen.held[holder + 1]++;
    });
    expect(dom.zones).toEqual(truth.zones[last]);
    expect(dom.points).toEqual(truth.points[last]);
    // The acting warrior, an arrow to each warrior or marker it attacked or charged, each move's path.
    const act = evs.find((e) => e.type === 'activate');
    expect(dom.actor, `step ${k + 1} actor`).toBe(act ? idOf(act.warrior) : -1);
    const aimed = new Set(evs.flatMap((e) => (e.type === 'attack' || e.type === 'charge' ? [e.target] : [])));
    expect(dom.aims, `step ${k + 1} aims`).toBe(act ? aimed.size : 0);
    // Drawn over the discs: in base contact too, the middle of each arrow shows the arrow.
    expect(dom.aimsOnTop, `step ${k + 1} aims drawn over the warriors`).toBe(dom.aims);
    seen.aims += dom.aims;
    const moves = evs.filter((e) => e.type === 'move' || e.type === 'drivenBack');
    expect(dom.paths.map((p) => p.w)).toEqual(moves.map((e) => idOf((e as { warrior: string }).warrior)));
    moves.forEach((e, j) => expect(dom.paths[j].corners).toBe(2 + ((e as { via?: unknown[] }).via?.length ?? 0)));
    each?.(k, dom);
    before = dom;
  }
  return seen;
}

describe.skipIf(!haveBrowser)('report and replay in headless Chromium', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'skirmish-browser-'));
  let context: BrowserContext;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    context = await chromium.launchPersistentContext(mkdtempSync(path.join(work, 'profile-')), { executablePath: BROWSER, headless: true, args: FLAGS });
  }, 30_000);
  afterAll(async () => {
    await context?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A page that collects console errors. */
  async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
    const errors: string[] = [];
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  it('every chart of every kind of report draws an SVG with marks, no console errors', async () => {
    const pages: string[] = [];
    for (const name of ['run', 'sweep', 'sweep2', 'tournament', 'campaign']) {
      const { html, charts } = await buildReport({ dir: path.join(FIXTURES, name), replays: false });
      expect(charts).toBeGreaterThan(0);
      const f = path.join(work, `${name}.html`);
      writeFileSync(f, html);
      pages.push(f);
    }
    const { page, errors } = await openPage(1280);
    for (const f of pages) {
      await page.goto(pathToFileURL(f).href);
      // Per figure: the drawn size of its SVG and the marks in vega's mark groups.
      const figs = await page.$$eval('figure.chart', (els) =>
        els.map((el) => {
          const svg = el.querySelector('svg');
          const box = svg?.getBoundingClientRect();
          return { id: el.id, width: box?.width ?? 0, height: box?.height ?? 0, marks: el.querySelectorAll('.role-mark > *').length };
        }),
      );
      expect(figs.length, f).toBeGreaterThan(0);
      for (const g of figs) {
        expect(g.width, `${f} ${g.id}`).toBeGreaterThan(100);
        expect(g.height, `${f} ${g.id}`).toBeGreaterThan(50);
        expect(g.marks, `${f} ${g.id}`).toBeGreaterThan(0);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  /** Per visible chart or map: its drawn width, and the smallest text on it as drawn (its font size times the SVG's scale). */
  const LAYOUT = `(() => {
    const out = [];
    for (const fig of document.querySelectorAll('figure.chart, figure.map')) {
      for (const svg of fig.querySelectorAll('svg')) {
        const box = svg.getBoundingClientRect();
        if (box.width === 0) continue;
        const w = Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width;
        const scale = box.width / w;
        let smallest = Infinity;
        for (const t of svg.querySelectorAll('text')) {
          if (!t.textContent.trim()) continue;
          smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
        }
        out.push({ id: fig.id, left: box.left, right: box.right, width: box.width, smallest });
      }
    }
    return { figures: out, scrollWidth: document.documentElement.scrollWidth, bodyFont: parseFloat(getComputedStyle(document.querySelector('p, figcaption')).fontSize) };
  })()`;

  it('every page reflows on a phone: at 390 px one chart a row, text drawn at 9 px or more, nothing wider than the screen; at 1280 px the same with no console errors', async () => {
    const pages: string[] = [];
    for (const name of ['run', 'sweep', 'sweep2', 'tournament', 'campaign']) {
      const { html } = await buildReport({ dir: path.join(FIXTURES, name), replays: false });
      const f = path.join(work, `${name}-phone.html`);
      writeFileSync(f, html);
      pages.push(f);
    }
    for (const width of [390, 1280]) {
      const { page, errors } = await openPage(width);
      for (const f of pages) {
        await page.goto(pathToFileURL(f).href);
        const l = (await page.evaluate(LAYOUT)) as { figures: { id: string; left: number; right: number; width: number; smallest: number }[]; scrollWidth: number; bodyFont: number };
        expect(l.scrollWidth, `${f} at ${width}`).toBeLessThanOrEqual(width);
        expect(l.figures.length).toBeGreaterThan(0);
        expect(l.bodyFont).toBeGreaterThanOrEqual(13);
        for (const g of l.figures) {
          expect(g.smallest, `${path.basename(f)} ${g.id} at ${width} px`).toBeGreaterThanOrEqual(width < 700 ? 9 : 8);
          if (g.id !== 'campaign-map') expect(g.right, `${path.basename(f)} ${g.id}`).toBeLessThanOrEqual(width);
        }
        // One column: on a phone no two charts share a row.
        if (width < 700) {
          const rows = l.figures.map((g) => g.left);
          expect(new Set(rows.map((x) => Math.round(x / 50))).size, path.basename(f)).toBe(1);
        }
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('a replay with deployment, Victory Phases and a destroyed marker shows at every step what its events say', async () => {
    // Pincer, random against random: the first seed of replay-0, replay-1, ... whose game destroys a marker
    // (searched here, so the test keeps its destroyed marker when the engine's play changes).
    const scenario = 'pincer';
    const seed = firstSeedDestroyingAMarker(scenario);
    const { replay } = recordReplay({ armies: [ARMIES[0], ARMIES[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy('random'), getPolicy('random')] });
    const truth = playTruth(scenario, seed);
    const f = path.join(work, 'replay.html');
    writeFileSync(f, replayHtml(replay));
    const { page, errors } = await openPage(1280);
    await page.goto(pathToFileURL(f).href);
    const seen = await checkReplay(page, replay, truth);
    expect(seen.destroyed).toBeGreaterThan(0);
    expect(seen.victory).toBe(8);
    expect(seen.deployments).toBeGreaterThan(2);
    expect(seen.aims).toBeGreaterThan(0);
    // Regiments of one side have shades of their own.
    const dom = await readStep(page);
    for (const p of [0, 1]) {
      const regs = replay.regiments.map((g, i) => [g, i] as const).filter(([g]) => g.player === p);
      const shades = new Set(regs.map(([, i]) => dom.fills[replay.warriors.findIndex((w) => w.regiment === i)]));
      expect(shades.size).toBe(regs.length);
    }
    // On a phone the table and the narration stack, nothing wider than the screen.
    const phone = await openPage(390);
    await phone.page.goto(pathToFileURL(f).href);
    await phone.page.click('#next');
    const box = (await phone.page.evaluate(
      `(() => { const t = document.querySelector('#table svg').getBoundingClientRect(); const p = document.getElementById('panel').getBoundingClientRect(); return { scroll: document.documentElement.scrollWidth, tableRight: t.right, panelTop: p.top, tableBottom: t.bottom, font: parseFloat(getComputedStyle(document.getElementById('lines')).fontSize) }; })()`,
    )) as { scroll: number; tableRight: number; panelTop: number; tableBottom: number; font: number };
    expect(box.scroll).toBeLessThanOrEqual(390);
    expect(box.tableRight).toBeLessThanOrEqual(390);
    expect(box.panelTop).toBeGreaterThanOrEqual(box.tableBottom);
    expect(box.font).toBeGreaterThanOrEqual(13);
    expect(phone.errors).toEqual([]);
    await phone.page.close();
    // The keyboard and the slider reach both ends.
    await page.keyboard.press('Home');
    expect(await page.textContent('#label')).toMatch(/^Step 1 of \d+: Setup$/);
    await page.keyboard.press('End');
    expect(await page.textContent('#label')).toBe(`Step ${replay.frames.length} of ${replay.frames.length}: Game over`);
    expect(await page.textContent('#lines')).toMatch(/wins|draw/);
    await page.$eval('#step', (el) => {
      (el as unknown as { value: string }).value = '0';
      el.dispatchEvent(new Event('input'));
    });
    expect(await page.textContent('#label')).toMatch(/^Step 1 of/);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  /** The replay page of a game, written to the work folder, and the game's truth played apart. */
  function replayPage(scenario: string, seed: string, policy: string): { replay: ReplayData; truth: Truth; url: string } {
    const { replay } = recordReplay({ armies: [ARMIES[0], ARMIES[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy(policy), getPolicy(policy)] });
    const f = path.join(work, `replay-${scenario}-${seed}.html`);
    writeFileSync(f, replayHtml(replay));
    return { replay, truth: playTruth(scenario, seed, policy), url: pathToFileURL(f).href };
  }

  /** On a phone: the table the screen's width with its text legible, the step and narration under it, the controls always on screen. */
  const PHONE_LAYOUT = `(() => {
    const svg = document.querySelector('#table svg');
    const box = svg.getBoundingClientRect();
    const k = box.width / svg.viewBox.baseVal.width;
    let smallest = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || t.getClientRects().length === 0) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * k);
    }
    const inView = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
    const next = [inView('next'), inView('round')];
    document.getElementById('lines').scrollIntoView({ block: 'end' });
    next.push(inView('next'), inView('round'));
    const lines = document.getElementById('lines').getBoundingClientRect();
    const bar = document.querySelector('.controls').getBoundingClientRect();
    window.scrollTo(0, 0);
    return {
      scroll: document.documentElement.scrollWidth, boardWidth: box.width, boardBottom: box.bottom, smallest,
      labelTop: document.getElementById('label').getBoundingClientRect().top, controlsInView: next,
      linesCovered: lines.bottom > bar.top, font: parseFloat(getComputedStyle(document.getElementById('lines')).fontSize),
    };
  })()`;

  it("on a 390 px phone a Raid between balanced bots shows each reason on its own action's step, the table full width and legible, the controls at hand, a jump to any round", async () => {
    const { replay, truth, url } = replayPage('raid', 'reasons-1', 'balanced');
    expect(truth.reasons.length).toBeGreaterThan(100);
    const { page, errors } = await openPage(390);
    await page.goto(url);
    const l = (await page.evaluate(PHONE_LAYOUT)) as {
      scroll: number;
      boardWidth: number;
      boardBottom: number;
      smallest: number;
      labelTop: number;
      controlsInView: boolean[];
      linesCovered: boolean;
      font: number;
    };
    expect(l.scroll).toBeLessThanOrEqual(390);
    expect(l.boardWidth).toBeGreaterThanOrEqual(0.95 * 390);
    expect(l.smallest, 'smallest text on the table, px as drawn').toBeGreaterThanOrEqual(9.5);
    // The step and its narration right under the table; the controls on screen wherever the page is scrolled, the narration's end not under them.
    expect(l.labelTop).toBeGreaterThanOrEqual(l.boardBottom);
    expect(l.labelTop - l.boardBottom).toBeLessThan(60);
    expect(l.controlsInView).toEqual([true, true, true, true]);
    expect(l.linesCovered).toBe(false);
    expect(l.font).toBeGreaterThanOrEqual(13);
    // Every step checked against the events; each reason read from the step it shows in.
    const shown: { step: number; label: string; actor: number; text: string }[] = [];
    const seen = await checkReplay(page, replay, truth, (k, dom) => {
      for (const line of dom.lines.split('\n')) if (line.startsWith('  ~ ')) shown.push({ step: k, label: dom.label, actor: dom.actor, text: line.slice(4) });
    });
    expect(seen.aims).toBeGreaterThan(0);
    expect(shown.map((r) => r.text)).toEqual(truth.reasons.map((r) => r.text));
    const kinds = new Map<string, number>();
    truth.reasons.forEach(({ decision: d, choice: c }, i) => {
      const at = shown[i];
      const where = `reason ${i + 1} (${d.kind}) "${at.text}" shown at ${at.label}`;
      kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
      const regiment = (r: number): string => truth.regiments[r].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (d.kind === 'deploy' && c?.kind === 'deploy') expect(at.label, where).toMatch(new RegExp(`: Deployment: Player ${d.player + 1} deploys ${regiment(c.regiment)}$`));
      else if (d.kind === 'commandCard' && c?.kind === 'commandCard') expect(at.label, where).toMatch(new RegExp(`: Round \\d+: Player ${d.player + 1} activates ${regiment(c.regiment)}$`));
      else if (d.kind === 'selectWarrior' && c?.kind === 'selectWarrior') expect(at.actor, where).toBe(c.warrior);
      else if (d.kind === 'action') expect(at.actor, where).toBe(d.warrior);
      else if (d.kind === 'deployFirst') expect(at.label, where).toMatch(/: Setup$/);
      else expect(at.label, where).toMatch(/: Round \d+ begins$/);
    });
    for (const k of ['deploy', 'commandCard', 'action']) expect(kinds.get(k) ?? 0, k).toBeGreaterThan(0);
    // Jump to a round, and the list follows the steps.
    const option = (): Promise<string> => page.$eval('#round', (el) => (el as unknown as { selectedOptions: { textContent: string }[] }).selectedOptions[0].textContent);
    const rounds = replay.frames.filter((f) => /^Round \d+ begins$/.test(f.label)).length;
    expect(rounds).toBeGreaterThan(2);
    await page.selectOption('#round', { label: 'Round 3' });
    expect(await page.textContent('#label')).toMatch(/^Step \d+ of \d+: Round 3 begins$/);
    await page.click('#next');
    expect(await option()).toBe('Round 3');
    await page.click('#prev');
    await page.click('#prev');
    expect(await option()).toBe('Round 2');
    await page.selectOption('#round', { label: 'Game over' });
    expect(await page.textContent('#label')).toBe(`Step ${replay.frames.length} of ${replay.frames.length}: Game over`);
    await page.selectOption('#round', { label: 'Setup' });
    expect(await page.textContent('#label')).toMatch(/^Step 1 of/);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('on a 390 px phone Broken Lines shows who holds the marker at every step, in its colour and in words', async () => {
    // The first seed whose game sees each player seize the marker.
    const seed = firstSeedWith(
      'broken-lines',
      'has each player seize the marker',
      [0, 1].map((p) => (e: GameEvent) => markerSeizer(e) === p),
    );
    const { replay, truth, url } = replayPage('broken-lines', seed, 'random');
    expect(replay.markers.map((m) => m.seized)).toEqual([true]);
    const { page, errors } = await openPage(390);
    await page.goto(url);
    const seen = await checkReplay(page, replay, truth);
    // Steps with the marker held by nobody, by player 1 and by player 2.
    expect(
      seen.held.every((n) => n > 0),
      String(seen.held),
    ).toBe(true);
    expect(seen.aims).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
