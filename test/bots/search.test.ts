import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy } from '../../src/bots/index.js';
import { createRng } from '../../src/dice/index.js';
import { Game, playGame } from '../../src/engine/index.js';
import type { Choice, Decision, ForkedGame, GameEvent, GameView, PlayerIndex, Policy } from '../../src/engine/types.js';
import { InputError } from '../../src/errors.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { planTournament, runTournament } from '../../src/runner/index.js';
import { getScenario } from '../../src/scenarios/index.js';
import { cli } from '../cli/helpers.js';
import { outputs, ROOT, tmp } from '../runner/helpers.js';

const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/tuskfell-800.json')] as const;
const base = { armies: [armies[0], armies[1]] as [(typeof armies)[0], (typeof armies)[1]], scenario: getScenario('raid'), ruleset: DEFAULT_RULESET };

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** What search decided at a Command Card: its card and script, from its reason line. */
function decide(game: Game, rngSeed: string): { choice: Choice; reason: string } {
  const search = getPolicy('search:playouts=8');
  const d = game.pending()!;
  let reason = '';
  const view: GameView = { state: game.state, me: d.player, explain: (r) => (reason = r), fork: (seed) => Game.fork(game.state, seed) };
  return { choice: search.choose(view, d, createRng(rngSeed)), reason };
}

describe('the forward model (GameView.fork)', () => {
  it("search's choices do not change when the live game's future dice change; a decision changes nothing of the live game", () => {
    const events: GameEvent[] = [];
    const live = Game.create({ ...base, seed: 'fork-live', onEvent: (e) => events.push(e) });
    const balanced = getPolicy('balanced');
    const rngs = [createRng('p1'), createRng('p2')];
    let compared = 0;
    for (let d: Decision | null = live.pending(); d !== null && compared < 6; d = live.pending()) {
      if (d.kind === 'commandCard' && d.player === 0 && d.regiments.length > 1) {
        // Two copies of the live game, the same state, other future dice: the same plan.
        const a = decide(live.clone('future-dice-a'), `r${compared}`);
        const b = decide(live.clone('future-dice-b'), `r${compared}`);
        expect(b).toEqual(a);
        expect(a.reason).toMatch(/^search:playouts=8: card .+, script (balanced|attack|advance|hold|fallback|cautious): mean value -?\d+\.\d(; runner-up .+, -?\d+\.\d)?; \d+ playouts$/);
        // On the live game itself: no state, dice or event changes.
        const before = JSON.stringify(live.state);
        const rolled = live.diceRolled;
        const seen = events.length;
        const c = decide(live, `r${compared}`);
        expect(c).toEqual(a);
        expect(JSON.stringify(live.state)).toBe(before);
        expect(live.diceRolled).toBe(rolled);
        expect(events.length).toBe(seen);
        expect(d.regiments).toContain((c.choice as Extract<Choice, { kind: 'commandCard' }>).regiment);
        compared++;
      }
      const p: PlayerIndex = d.player;
      live.apply(balanced.choose({ state: live.state, me: p }, d, rngs[p]));
    }
    expect(compared).toBe(6);
  });

  it('in playGame, refills one fork for every playout (view.fork into the last), deciding as with a fresh fork each', () => {
    const refilled = getPolicy('search:playouts=8');
    const fresh = getPolicy('search:playouts=8');
    const forks = new Set<ForkedGame>();
    const STOP = new Error('enough Command Cards compared');
    let compared = 0;
    const wrapped: Policy = {
      name: refilled.name,
      choose(view, d, rng) {
        if (d.kind !== 'commandCard' || d.regiments.length < 2) return refilled.choose(view, d, rng);
        const fork = view.fork!;
        const decideWith = (policy: Policy, viewFork: GameView['fork']) => {
          let reason = '';
          const choice = policy.choose({ ...view, explain: (r) => (reason = r), fork: viewFork }, d, createRng(`card-${compared}`));
          return { choice, reason };
        };
        // Fresh: a plugin's forward model that allocates a fork each time, whatever it is given.
        const a = decideWith(fresh, (seed) => fork(seed));
        const b = decideWith(refilled, (seed, into) => {
          const g = fork(seed, into);
          forks.add(g);
          return g;
        });
        expect(b).toEqual(a);
        if (++compared === 4) throw STOP;
        return b.choice;
      },
    };
    expect(() => playGame({ ...base, seed: 'refill', policies: [wrapped, getPolicy('balanced')] })).toThrow(STOP);
    expect(forks.size).toBe(1);
  });

  it('plays whole games legally and deterministically, a mirror match too, and never narrates its forks', () => {
    const play = (a: string, b: string, seed: string) => playGame({ ...base, seed, policies: [getPolicy(a), getPolicy(b)] });
    const r = play('search:playouts=1', 'balanced', 'legal-1');
    expect(r.stalled).toBe(false);
    expect(play('search:playouts=1', 'balanced', 'legal-1')).toEqual(r);
    // The mirror match: one instance per seat, plans kept per player.
    expect(play('search:playouts=1', 'search:playouts=1', 'legal-2').stalled).toBe(false);
    // A narrated game: the forks never narrate into the live game.
    const reasons: string[] = [];
    const events: GameEvent[] = [];
    const narrated = playGame({
      ...base,
      seed: 'legal-1',
      policies: [getPolicy('search:playouts=1'), getPolicy('balanced')],
      onEvent: (e) => events.push(e),
      onReason: (p, why) => reasons.push(`${p} ${why}`),
    });
    expect(narrated).toEqual(r);
    expect(events.filter((e) => e.type === 'gameStart')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'gameEnd')).toHaveLength(1);
    expect(reasons.some((l) => l.startsWith('0 search:playouts=1: card '))).toBe(true);
  });
});

describe('search options', () => {
  it('parses playouts, rounds and passes; a bad one is an InputError naming the policy', () => {
    expect(getPolicy('search:playouts=64,rounds=2,passes=1').name).toBe('search:playouts=64,rounds=2,passes=1');
    const bad = (spec: string): string => {
      try {
        getPolicy(spec);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(bad('search:playouts=0')).toBe('policy "search:playouts=0": option playouts expects a whole number from 1 to 4096, got "0"');
    expect(bad('search:playouts=2.5')).toMatch(/option playouts expects a whole number/);
    expect(bad('search:rounds=x')).toMatch(/option rounds expects a whole number from 1 to 6, got "x"/);
    expect(bad('search:depth=3')).toBe('policy "search:depth=3": search has no option "depth" (options: playouts, rounds, passes)');
  });

  it('exits 2 on the command line', () => {
    const r = cli(['tournament', '--policies', 'balanced,search:playouts=0', '--armies', 'sims/armies/ironbound-400.json', '--scenarios', 'raid', '--games', '4', '--out', tmp('search-bad-')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/search:playouts=0.*whole number from 1 to 4096/);
  });
});

describe('search on the worker pool', () => {
  it('gives the same bytes in process and on 2 workers', async () => {
    const plan = () => {
      const out = tmp('search-pool-');
      dirs.push(out);
      return planTournament({
        policies: ['balanced', 'search:playouts=1'],
        armies: ['ironbound-400', 'tuskfell-400'].map((a) => path.join(ROOT, 'sims', 'armies', `${a}.json`)),
        scenarios: ['raid'],
        games: 4,
        seed: 'search-pool',
        out,
      });
    };
    const files = (dir: string) => ({ ...outputs(dir), pairings: readFileSync(path.join(dir, 'pairings.csv'), 'utf8') });
    const single = plan();
    const a = await runTournament(single, { workers: 0 });
    expect(a.run.errors).toBe(0);
    const pooled = plan();
    await runTournament(pooled, { workers: 2, chunk: 1 });
    expect(files(pooled.experiment.out)).toEqual(files(single.experiment.out));
  });
});
