import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { DEFAULT_RULESET } from '../../src/rules/index.js';
import { buildReport, recordReplay, replayHtml } from '../../src/report/index.js';
import { getScenario } from '../../src/scenarios/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '..', 'fixtures', 'report');
const ROOT = path.resolve(here, '..', '..');
/** Debian's chromium (`.ci/run` installs it); CHROMIUM names another. */
const BROWSER = process.env.CHROMIUM ?? '/usr/bin/chromium';
const haveBrowser = existsSync(BROWSER);
if (!haveBrowser) console.warn(`browser test skipped: no Chromium at ${BROWSER} (apt-get install chromium, or set CHROMIUM)`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(!haveBrowser)('report and replay in headless Chromium', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'skirmish-browser-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('every chart of every kind of report draws an SVG with marks, the replay steps through a whole game moving warriors, no console errors', async () => {
    const { chromium } = await import('playwright-core');
    const pages: string[] = [];
    for (const name of ['run', 'sweep', 'sweep2', 'tournament', 'campaign']) {
      const { html, charts } = await buildReport({ dir: path.join(FIXTURES, name), replays: false });
      expect(charts).toBeGreaterThan(0);
      const f = path.join(work, `${name}.html`);
      writeFileSync(f, html);
      pages.push(f);
    }
    const armies = ['ironbound-400', 'tuskfell-400'].map((a) => loadRoster(path.join(ROOT, 'sims/armies', `${a}.json`), DEFAULT_RULESET));
    const { replay } = recordReplay({
      armies: [armies[0], armies[1]],
      scenario: getScenario('raid'),
      ruleset: DEFAULT_RULESET,
      seed: 'browser-1',
      policies: [getPolicy('random'), getPolicy('random')],
    });
    const replayFile = path.join(work, 'replay.html');
    writeFileSync(replayFile, replayHtml(replay));

    const context = await chromium.launchPersistentContext(mkdtempSync(path.join(work, 'profile-')), { executablePath: BROWSER, headless: true, args: FLAGS });
    try {
      const errors: string[] = [];
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));

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

      await page.goto(pathToFileURL(replayFile).href);
      const positions = () =>
        page.$$eval('#warriors .warrior', (gs) =>
          gs.map((g) => (g.getAttribute('display') === 'none' ? null : `${g.querySelector('circle')!.getAttribute('cx')},${g.querySelector('circle')!.getAttribute('cy')}`)),
        );
      const label = () => page.textContent('#label');
      expect(await label()).toMatch(/^Step 1 of \d+/);
      // Step to the first activation with the keyboard, then on by the button: someone moves.
      const firstActivation = replay.frames.findIndex((f) => / activates/.test(f.label));
      for (let i = 0; i < firstActivation; i++) await page.keyboard.press('ArrowRight');
      expect(await label()).toContain(`Step ${firstActivation + 1} of`);
      const before = await positions();
      for (let i = 0; i < 6; i++) await page.click('#next');
      const after = await positions();
      const moved = before.filter((p, i) => p !== null && after[i] !== null && p !== after[i]).length;
      expect(moved).toBeGreaterThan(0);
      // The slider and End reach the end of the game, narrated.
      await page.keyboard.press('End');
      expect(await label()).toBe(`Step ${replay.frames.length} of ${replay.frames.length}: Game over`);
      expect(await page.textContent('#lines')).toMatch(/wins|draw/);
      await page.$eval('#step', (el) => {
        (el as unknown as { value: string }).value = '0';
        el.dispatchEvent(new Event('input'));
      });
      expect(await label()).toMatch(/^Step 1 of/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
