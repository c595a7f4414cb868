import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armyPoints } from '../../src/army/index.js';
import { listMovement, pricedFactions } from '../../src/balance/fit.js';
import { fitExperiment, loadBalance, type BalancePlan } from '../../src/balance/plan.js';
import { setAtPointer } from '../../src/data/pointer.js';
import { cellInputs } from '../../src/runner/engine-game.js';
import { generatedList } from '../../src/runner/generated.js';
import { gameSeed } from '../../src/runner/seeds.js';
import { balanceFile } from './fixture.js';

function plan(): BalancePlan {
  const dir = mkdtempSync(path.join(tmpdir(), 'bal-rounds-'));
  // No game is played here: many games give the movement its full sample of seeds.
  const file = balanceFile(dir, { games: 4000, confirm: 'none' });
  return loadBalance(file);
}

/** Ironbound's documents with its first regiment at `points`. */
function priced(p: BalancePlan, points: number): Map<string, unknown> {
  const f = p.factions[0];
  const set = setAtPointer(f.json, '/regiments/0/points', points);
  if ('error' in set) throw new Error(set.error);
  return new Map([[f.file, set.doc]]);
}

describe('listMovement', () => {
  it('is 0 at the prices played, and grows as a price moves further', () => {
    const p = plan();
    const e = fitExperiment(p);
    const today = p.factions[0].entries.find((x) => x.pointer === '/regiments/0/points')!.price;
    expect(listMovement({ experiment: e, from: p.factions, to: p.factions })).toBe(0);
    const near = listMovement({ experiment: e, from: p.factions, to: pricedFactions(p, priced(p, today + 10)) });
    const far = listMovement({ experiment: e, from: p.factions, to: pricedFactions(p, priced(p, today * 3)) });
    expect(near).toBeGreaterThan(0);
    expect(far).toBeGreaterThan(2 * near);
    // Measured on the fit's own seeds: the same inputs, the same figure.
    expect(listMovement({ experiment: e, from: p.factions, to: pricedFactions(p, priced(p, today * 3)) })).toBe(far);
    // A share of the points spent.
    expect(far).toBeLessThan(1);
  });
});

describe('a later fit round', () => {
  it('plays lists built at the proposed prices on seeds of its own, and they are the lists the fit draws again', async () => {
    const p = plan();
    const proposed = priced(p, 20);
    const e = fitExperiment(p, 2, proposed);
    expect(path.basename(e.out)).toBe('fit-2');
    expect(e.seed).not.toBe(fitExperiment(p).seed);
    expect(e.inputsHash).not.toBe(fitExperiment(p, 2, priced(p, 30)).inputsHash);
    const cell = e.cells[0];
    const { forSeed } = await cellInputs(cell);
    const cheap = pricedFactions(p, proposed)[0].faction;
    let differs = 0;
    for (let g = 0; g < 16; g += 2) {
      const seed = gameSeed(e.seed, cell.key, g);
      const played = forSeed(seed, true).armies[0];
      const list = generatedList(cell.generated!.a, cheap, seed, 'A');
      expect(played.points).toBe(armyPoints(list, cheap));
      expect(played.regiments.map((r) => r.entry)).toEqual([list.characterRegiment.character, ...list.regiments.map((r) => r.entry)]);
      if (armyPoints(list, cheap) !== armyPoints(list, p.factions[0].faction)) differs++;
    }
    // The proposed price is in the lists: at today's it would cost otherwise.
    expect(differs).toBeGreaterThan(0);
  });
});
