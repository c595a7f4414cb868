import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armyPoints } from '../../src/army/index.js';
import { listMovement, pricedFactions } from '../../src/balance/fit.js';
import { fitExperiment, loadBalance, type BalancePlan } from '../../src/balance/plan.js';
import { runBalance } from '../../src/balance/run.js';
import { setAtPointer } from '../../src/data/pointer.js';
import { cellInputs } from '../../src/runner/engine-game.js';
import { generatedList } from '../../src/runner/generated.js';
import { gameSeed } from '../../src/runner/seeds.js';
import { balanceFile, stopAndResume } from './fixture.js';

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

describe('a whole run with a second round', () => {
  /**
   * Ironbound against its twin whose extra Shieldbearer costs 150 more:
   * 300 aggressive games flag that price (seed s4), the proposal moves the
   * lists far (every twin list buys extra models again), and a second round
   * is played on lists built at the proposed prices.
   */
  function mispricedPair(dir: string): string {
    const base = JSON.parse(readFileSync(path.resolve('sims/factions/ironbound.json'), 'utf8')) as { id: string; name: string; regiments: { extraModelPoints: number }[] };
    const twin = structuredClone(base);
    twin.id = `${base.id}-twin`;
    twin.name = `${base.name} (twin)`;
    twin.regiments[0].extraModelPoints += 150;
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify(base));
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify(twin));
    const file = path.join(dir, 'r.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'balance',
        name: 'r',
        seed: 's4',
        factions: ['a.json', 'b.json'],
        points: [400],
        scenarios: ['meeting-engagement'],
        policy: 'aggressive',
        games: 300,
        holdout: 0,
        abilities: false,
        confirm: 'none',
        iterations: 2,
        moveThreshold: 0.05,
      }),
    );
    return file;
  }
  const outputs = (dir: string): string[] => ['balance.csv', 'rounds.csv', 'unfixable.txt'].map((f) => readFileSync(path.join(dir, f), 'utf8'));

  it('plays fit-2 when the proposal moves the lists, and a run stopped inside it resumes to the same bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-round2-'));
    const file = mispricedPair(dir);
    const whole = await runBalance({ plan: loadBalance(file, { out: path.join(dir, 'whole') }), workers: 0 });
    expect(whole.status).toBe('complete');
    expect(whole.rounds.map((r) => r.next)).toEqual(['another round', expect.stringMatching(/no change|below threshold|at the cap/)]);
    expect(whole.rounds[0].movement).toBeGreaterThan(0.05);
    expect(whole.rounds[0].changes).toBeGreaterThan(0);
    const rounds = readFileSync(path.join(dir, 'whole', 'rounds.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rounds).toHaveLength(3);

    const out = path.join(dir, 'stopped');
    const resumed = await stopAndResume({ file, out, phase: 'fit-2', games: 20 });
    expect(resumed.status).toBe('complete');
    expect(outputs(out)).toEqual(outputs(path.join(dir, 'whole')));
  }, 300_000);
});
