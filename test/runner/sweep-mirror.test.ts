import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCheckedExperiment, runExperiment } from '../../src/runner/index.js';
import { ROOT, tmp } from './helpers.js';

const dir = tmp('mirror-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a mirror sweep with the real engine', () => {
  it('puts the crossing at the mirror value, inside its interval', async () => {
    // The same list on both sides (two files, so only army A's is patched), with room to grow.
    const list = JSON.parse(readFileSync(path.join(ROOT, 'sims', 'armies', 'ironbound-400.json'), 'utf8'));
    // A small list whose one regiment decides zone control (seizing counts warriors, R24).
    list.regiments = [{ entry: 'Bladewardens', models: 7 }];
    const army = { ...list, pointsLimit: 520, factionFile: path.relative(path.join(dir, 'armies'), path.join(ROOT, 'sims', 'factions', 'ironbound.json')) };
    mkdirSync(path.join(dir, 'armies'));
    for (const side of ['a', 'b']) writeFileSync(path.join(dir, 'armies', `${side}.json`), JSON.stringify(army));
    const mirror = 7;
    const file = path.join(dir, 'mirror.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'experiment',
        name: 'mirror',
        seed: 'mirror-1',
        games: 200,
        matchups: [['armies/a.json', 'armies/b.json']],
        scenarios: ['area-control'],
        policies: [['random', 'random']],
        sweep: { parameters: [{ name: 'bladewardens', target: 'armies/a.json', pointer: '/regiments/0/models', values: { from: 4, to: 10, step: 2 } }] },
      }),
    );
    const o = await runExperiment({ experiment: loadCheckedExperiment({ file }), out: path.join(dir, 'out'), workers: 0 });
    expect(o.status).toBe('complete');
    const c = o.crossings![0].result;
    // The grid skips the mirror point (7 against 7), so the fit has to find it between 6 and 8.
    expect(c.points.map((p) => p.x)).toEqual([4, 6, 8, 10]);
    expect(c.status).toBe('inside');
    expect(c.low!).toBeLessThanOrEqual(mirror);
    expect(c.high!).toBeGreaterThanOrEqual(mirror);
    expect(Math.abs(c.crossing! - mirror)).toBeLessThan(1);
    expect(c.slopeLow).toBeGreaterThan(0);
  });
});
