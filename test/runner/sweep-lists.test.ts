import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CellSummary, crossingVerdict, formatCrossings, loadCheckedExperiment, summaryRows, sweepOutputs } from '../../src/runner/index.js';
import type { CellSpec, Experiment, GameRecord } from '../../src/runner/types.js';
import { ROOT } from './helpers.js';
import { crossingChecks } from '../../src/runner/sweep-output.js';

const SAMPLE = path.join(ROOT, 'sims', 'experiments', 'shieldbearer-cost.json');

/** A cell's summary from `pairs` seat-swapped pairs, army A winning both games of the first `wins` of them and losing both of the rest. */
function played(spec: CellSpec, pairs: number, wins: number): CellSummary {
  const s = new CellSummary(spec);
  for (let g = 0; g < 2 * pairs; g++) {
    const winner = g >> 1 < wins ? 'A' : 'B';
    const r: GameRecord = {
      cell: spec.key,
      game: g,
      seed: 's',
      scenario: 'x',
      armyA: 'a',
      armyB: 'b',
      policyA: 'p',
      policyB: 'p',
      firstSeat: g % 2 === 0 ? 'A' : 'B',
      winner,
      vpA: 0,
      vpB: 0,
      rounds: 5,
      endReason: 'lastRound',
      warriorsLostA: 0,
      warriorsLostB: 0,
      pointsDestroyedA: 0,
      pointsDestroyedB: 0,
      stalled: false,
      passiveRounds: 0,
    };
    s.add(r);
  }
  return s;
}

describe('the list arithmetic of a points-cost sweep', () => {
  const e: Experiment = loadCheckedExperiment({ file: SAMPLE });
  const plan = e.sweep!;

  it('finds every cost at which the list changes, not only at grid points', () => {
    // 271 + 100 + c ≤ 400 keeps the fifth Shieldbearer up to 29; a sixth fits only up to 14 (271 + 100 + 2c ≤ 400).
    expect(plan.parameters[0].listSteps).toEqual({
      '[]': [
        [14, 15],
        [29, 30],
      ],
    });
    expect(plan.parameters[0].current).toBe(23);
    expect(plan.points.map((p) => p.spans![0])).toEqual([
      { low: 10, high: 14 },
      { low: 15, high: 29 },
      { low: 15, high: 29 },
      { low: 15, high: 29 },
      { low: 30, high: 40 },
      { low: 30, high: 40 },
      { low: 30, high: 40 },
    ]);
    const shieldbearers = plan.points.map((p) => p.lists![0].regiments.find((r) => r.entry === 'Shieldbearers')!.models);
    expect(shieldbearers).toEqual([6, 5, 5, 5, 4, 4, 4]);
    expect(plan.points.every((p) => p.lists!.every((l) => l.points <= 400))).toBe(true);
  });

  it('marks the points that play the very same games: 20 and 25 are 15, 35 and 40 are 30', () => {
    // 15, 20 and 25 field the same list at other prices, which the built-in bots never read; from 30 no extra model is left to price.
    expect(plan.points.map((p) => p.sameAs?.[0] ?? null)).toEqual([null, null, 1, 1, null, 4, 4]);
    expect(e.cells.map((c) => c.point!.sameAs ?? null)).toEqual([null, null, 1, 1, null, 4, 4]);
  });

  it('fits the same games once, puts 50% on the step 29|30, and says what a designer must know', () => {
    // 64% at 10, 57% at 15-25, 45% from 30; 20, 25, 35 and 40 are fed nonsense: as copies of 15 and 30 they must not count.
    const rates = [0.64, 0.57, 1, 1, 0.45, 1, 1];
    const summaries = e.cells.map((c, k) => played(c, 500, Math.round(rates[k] * 500)));
    const out = sweepOutputs({ plan, seed: 'lists', summaries, rows: summaryRows(summaries) });
    const c = out.crossings[0];
    expect(c.result.status).toBe('step');
    expect([c.result.crossing, c.result.low, c.result.high]).toEqual([null, 29, 30]);
    expect(c.result.points.map((p) => p.x)).toEqual([10, 15, 30]);
    expect(c.advice).toMatch(
      /no cost between 29 and 30 is fair; up to 29 the list fields ironbound-400: Shieldbearers 5 models and army A wins 57\.0% \(at 15\), from 30 ironbound-400: Shieldbearers 4 models and wins 45\.0% \(at 30\); change the list or the cost of another entry/,
    );
    const crossing = out.crossingCsv.split('\n');
    expect(crossing[1]).toContain(',,29,30,step,isotonic,23,');
    expect(crossing[1]).toContain(',14|15 29|30,');
    const sweep = out.sweepCsv
      .trimEnd()
      .split('\n')
      .map((l) => l.split(','));
    expect(sweep.map((r) => r[r.length - 1])).toEqual(['same_as', '', '', 'shieldbearer_model_cost=15', 'shieldbearer_model_cost=15', '', 'shieldbearer_model_cost=30', 'shieldbearer_model_cost=30']);
    const lists = out.listsCsv!.trimEnd().split('\n');
    expect(lists[0]).toBe('shieldbearer_model_cost,army,regiment,entry,models,points,army_points,same_as');
    expect(lists).toContain('30,ironbound-400,1,Shieldbearers,4,100,371,');
    expect(lists).toContain('40,ironbound-400,1,Shieldbearers,4,100,371,shieldbearer_model_cost=30');
    expect(lists).toContain('15,ironbound-400,1,Shieldbearers,5,115,386,');
    expect(lists).toContain('25,ironbound-400,1,Shieldbearers,5,125,396,shieldbearer_model_cost=15');
  });
});

describe('the list past the last step (no list change beyond the range)', () => {
  const e: Experiment = loadCheckedExperiment({ file: SAMPLE });
  const plan = e.sweep!;
  const outputs = (rates: number[]) => {
    const summaries = e.cells.map((c, k) => played(c, 1000, Math.round(rates[k] * 1000)));
    return sweepOutputs({ plan, seed: 'final', summaries, rows: summaryRows(summaries) });
  };

  it('knows from the list arithmetic that every cost from 30 fields the same list, and that cheaper ones do not', () => {
    // Four Shieldbearers are the regiment's included models: no extra model is left to price. Below 10 a seventh fits.
    expect(plan.parameters[0].listFinal).toEqual({ '[]': { below: null, above: 30 } });
  });

  it('calls a last list within noise of 50% a plateau from 30 on, never "extend the range"', () => {
    // The real sample's shape: 78% at 10, about 66% at 15-25, 50.2% from 30 (20, 25, 35 and 40 fed nonsense: copies of 15 and 30).
    const out = outputs([0.78, 0.657, 1, 1, 0.502, 1, 1]);
    const c = out.crossings[0];
    expect(c.result.status).toBe('plateau');
    expect([c.result.crossing, c.result.low, c.result.high]).toEqual([null, 30, null]);
    expect(c.advice).not.toMatch(/extend the range towards/);
    expect(c.advice).toMatch(
      /^from 30 on the list fields ironbound-400: Shieldbearers 4 models and army A wins 50\.2% \[\d+\.\d%, \d+\.\d%\]: fair within the noise at any cost from 30 \(the list no longer changes past 30, so extending the range replays these games\); below 30 it fields ironbound-400: Shieldbearers 5 models and wins 65\.7% \[\d+\.\d%, \d+\.\d%\] \(at 15\)/,
    );
    expect(out.crossingCsv.split('\n')[1]).toContain(',,30,,plateau,isotonic,23,');
    expect(formatCrossings(out.crossings)).toContain('a plateau: fair within the noise at any value from 30 on (the list no longer changes past the range)');
    // The stronger tier re-checks the stretch's ends, claiming no side of 50% there.
    const pl = c.result.plateau!;
    expect(crossingChecks(c)).toEqual([...new Set([pl.first, pl.last])].map((j) => ({ group: j, side: 0, rate: c.result.points[j].winRate })));
    expect(crossingChecks(c)[0]).toMatchObject({ side: 0, rate: 0.502 });
  });

  it('says cost alone cannot reach 50% when the last list is clearly off it, never "extend the range"', () => {
    const c = outputs([0.78, 0.68, 1, 1, 0.6, 1, 1]).crossings[0];
    expect(c.result.status).toBe('above-range');
    expect(c.advice).toMatch(
      /^the list no longer changes past 30: every cost from 30 fields ironbound-400: Shieldbearers 4 models and army A wins 60\.0% \[.*\], so cost alone cannot reach 50% there; change the list or the cost of another entry/,
    );
    expect(c.advice).not.toMatch(/extend the range towards/);
    expect(crossingVerdict(c)).toBe('not reached, and cost alone cannot reach it: the list no longer changes from 30');
  });
});

describe('advice across bot tiers', () => {
  it('asks to check with search when the tiers of a cell disagree on the fair value', () => {
    const values = [1, 2, 3, 4, 5];
    const plan = { parameters: [{ name: 'knob', target: 'x.json', pointer: '/k', values }], points: values.map((v) => ({ values: [v], label: `knob=${v}` })), baseCells: 2 };
    const ref = (label: string) => ({ label, path: `${label}.json`, file: '' });
    const spec = (tier: string, k: number): CellSpec =>
      ({
        index: 0,
        key: `a vs b | raid | ${tier} vs ${tier} | knob=${values[k]}`,
        scenarioLabel: 'raid',
        armyA: ref('a'),
        armyB: ref('b'),
        policyA: tier,
        policyB: tier,
        point: { index: k, values: [String(values[k])] },
      }) as CellSpec;
    // The random tier crosses 50% near 2, the balanced one near 4.
    const random = [0.3, 0.5, 0.7, 0.8, 0.9];
    const balanced = [0.1, 0.2, 0.3, 0.5, 0.7];
    const summaries = values.flatMap((_v, k) => [played(spec('random', k), 300, Math.round(random[k] * 300)), played(spec('balanced', k), 300, Math.round(balanced[k] * 300))]);
    const out = sweepOutputs({ plan, seed: 'tiers', summaries, rows: summaryRows(summaries) });
    expect(out.crossings.map((c) => c.result.crossing)).toEqual([2, 4]);
    for (const c of out.crossings) expect(c.advice).toMatch(/the verdict differs between bot tiers: check with search$/);
    // Tiers that agree get no such call.
    const same = values.flatMap((_v, k) => [played(spec('random', k), 300, Math.round(random[k] * 300)), played(spec('balanced', k), 300, Math.round(random[k] * 300))]);
    for (const c of sweepOutputs({ plan, seed: 'tiers', summaries: same, rows: summaryRows(same) }).crossings) expect(c.advice).not.toMatch(/search/);
  });
});
