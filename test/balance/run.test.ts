import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armyPoints } from '../../src/army/index.js';
import { fitExperiment, loadBalance, validateBalanceJson } from '../../src/balance/plan.js';
import { runBalance } from '../../src/balance/run.js';
import { InputError } from '../../src/errors.js';
import { cellInputs } from '../../src/runner/engine-game.js';
import { generatedList } from '../../src/runner/generated.js';
import { gameSeed } from '../../src/runner/seeds.js';
import { balanceFile as writeBalance, stopAndResume } from './fixture.js';

const factions = path.resolve('sims/factions');

function balanceFile(dir: string, extra: Record<string, unknown> = {}): string {
  return writeBalance(dir, { holdout: 0.25, confirm: 'none', ...extra });
}

describe('balance file', () => {
  it('a pointer that is no price is one line naming the file and the JSON path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-'));
    const file = balanceFile(dir, { prices: [{ name: 'x', faction: path.join(factions, 'ironbound.json'), pointer: '/regiments/0/models' }] });
    expect(() => loadBalance(file)).toThrow(InputError);
    const { errors } = validateBalanceJson(JSON.parse(readFileSync(file, 'utf8')), file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${file}: prices[0].pointer: "/regiments/0/models" is not a price of ironbound`);
  });

  it('a confirmation that is no policy[:games] is one line naming the file and the key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-'));
    const { errors } = validateBalanceJson({ ...JSON.parse(readFileSync(balanceFile(dir), 'utf8')), confirm: 'search:1' }, 'b.json');
    expect(errors).toEqual(['b.json: confirm: games: expected a whole number 2..100000, got 1 in "search:1"']);
    expect(() => loadBalance(balanceFile(dir), { confirm: ':4' })).toThrow('--confirm: expected a policy');
  });

  it('a points limit no character fits is refused before any game', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-'));
    const { errors } = validateBalanceJson({ ...JSON.parse(readFileSync(balanceFile(dir), 'utf8')), points: [60] }, 'b.json');
    expect(errors.join('\n')).toContain("b.json: points: ironbound's cheapest character costs");
  });
});

describe('the fit sees the lists the games played', () => {
  it('the list drawn again from a game seed is the army the engine fielded', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-'));
    const plan = loadBalance(balanceFile(dir, { jitter: 0.2 }));
    const cell = fitExperiment(plan).cells[0];
    const { forSeed } = await cellInputs(cell);
    const faction = plan.factions[0].faction;
    const seen = new Set<number>();
    for (let g = 0; g < 12; g += 2) {
      const seed = gameSeed(`${plan.seed}/fit`, cell.key, g);
      const played = forSeed(seed, true).armies[0];
      const list = generatedList(cell.generated!.a, faction, seed, 'A');
      expect(played.points).toBe(armyPoints(list, faction));
      expect(played.regiments.map((r) => r.entry)).toEqual([list.characterRegiment.character, ...list.regiments.map((r) => r.entry)]);
      seen.add(list.pointsLimit);
    }
    // Jittered limits: the seeds do not all build to one limit.
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('runBalance', () => {
  const outputs = (dir: string): string[] => ['balance.csv', 'matchups.csv', 'rounds.csv', 'unfixable.txt'].map((f) => readFileSync(path.join(dir, f), 'utf8'));

  it('a run stopped and resumed writes what an uninterrupted one does, whatever the workers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bal-'));
    // With the stronger tier's re-check: its phase too is read or played.
    const file = balanceFile(dir, { confirm: 'random:2' });
    const whole = await runBalance({ plan: loadBalance(file, { out: path.join(dir, 'whole') }), workers: 0 });
    expect(whole.status).toBe('complete');
    expect(whole.prices.length).toBeGreaterThan(20);

    const out = path.join(dir, 'stopped');
    const resumed = await stopAndResume({ file, out, phase: 'fit', games: 4 });
    expect(resumed.status).toBe('complete');
    expect(outputs(out)).toEqual(outputs(path.join(dir, 'whole')));
  });
});
