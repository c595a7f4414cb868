import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { getPolicy, loadPlugin, resolvePolicySpec } from '../../src/bots/index.js';
import { playGame } from '../../src/engine/index.js';
import { DEFAULT_RULESET } from '../../src/rules/ruleset.js';
import { loadExperiment, runExperiment } from '../../src/runner/index.js';
import { getScenario } from '../../src/scenarios/index.js';
import { ROOT, tmp } from '../runner/helpers.js';

const FIX = path.join(ROOT, 'test', 'bots', 'fixtures');
const armies = [loadRoster('sims/armies/ironbound-800.json'), loadRoster('sims/armies/reedmarsh-800.json')] as const;

function play(a: string, b: string, seed: string, scenario = 'raid') {
  return playGame({ armies: [armies[0], armies[1]], scenario: getScenario(scenario), ruleset: DEFAULT_RULESET, seed, policies: [getPolicy(a), getPolicy(b)] });
}

describe('built-in heuristic policies', () => {
  it('play whole games legally, deterministically, and beat random', () => {
    let wins = 0;
    for (let i = 0; i < 6; i++) {
      const r = play(i % 2 ? 'balanced' : 'aggressive', 'random', `h${i}`, ['raid', 'tug-of-war', 'annihilation'][i % 3]);
      expect(r.stalled).toBe(false);
      if (r.winner === 0) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(5);
    expect(play('objective', 'balanced', 'same')).toEqual(play('objective', 'balanced', 'same'));
  });

  it('give one short reason a decision when asked (play --narrate), none otherwise', () => {
    const reasons: string[] = [];
    playGame({
      armies: [armies[0], armies[1]],
      scenario: getScenario('raid'),
      ruleset: DEFAULT_RULESET,
      seed: 'why',
      policies: [getPolicy('balanced'), getPolicy('random')],
      onReason: (p, r) => reasons.push(`${p} ${r}`),
    });
    expect(reasons.length).toBeGreaterThan(20);
    expect(reasons.every((r) => r.startsWith('0 balanced: ') && !r.includes('\n'))).toBe(true);
    expect(reasons.some((r) => /(charge|clash|volley) .*P\(slain\) \d\.\d\d/.test(r))).toBe(true);
  });
});

describe('plugins', () => {
  it('load a factory through the package name, with options, and play', async () => {
    const spec = resolvePolicySpec('./examples/sharpshooter.js:minSlain=0.4', ROOT);
    await loadPlugin(spec);
    const r = playGame({ armies: [armies[0], armies[1]], scenario: getScenario('raid'), ruleset: DEFAULT_RULESET, seed: 'plug', policies: [getPolicy(spec), getPolicy('random')] });
    expect(r.stalled).toBe(false);
    expect(() => getPolicy(resolvePolicySpec('./examples/sharpshooter.js:x=1', ROOT))).toThrow(/sharpshooter\.js threw: unknown option "x"/);
  });

  it('reject a module that fails to load or exports nothing usable, naming it', async () => {
    await expect(loadPlugin(path.join(FIX, 'broken-syntax.js'))).rejects.toThrow(/module .*broken-syntax\.js failed to load/);
    await expect(loadPlugin(path.join(FIX, 'no-default.js'))).rejects.toThrow(/no-default\.js has no usable default export/);
    await expect(loadPlugin(path.join(FIX, 'missing.js'))).rejects.toThrow(/module not found: .*missing\.js/);
  });

  it('in a run: an illegal choice is an errors.csv line naming the bot and the seed; passive rounds are counted; a changed bot changes the inputs hash', async () => {
    const file = path.join(FIX, 'plugin-run.json');
    const out = tmp('plugins-');
    const o = await runExperiment({ experiment: loadExperiment({ file }), out, workers: 0 });
    expect(o.status).toBe('complete');
    const errors = readFileSync(path.join(out, 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors.length).toBe(4);
    // Checked before the engine sees it: the bot, the decision kind, the seed.
    expect(errors[0]).toMatch(/,[0-9a-f]{32},bot illegal \(.*illegal-bot\.js\) made an illegal deployFirst choice/);
    // idle vs idle: nobody is hurt and nothing scores, so every round is passive but the last
    // (Reinforcements never brought in count as slain then, and score: R30).
    const games = readFileSync(path.join(out, 'games.csv'), 'utf8').trim().split('\n');
    const cols = games[0].split(',');
    for (const line of games.slice(1)) {
      const f = line.split(',');
      expect(Number(f[cols.indexOf('passive_rounds')])).toBeGreaterThanOrEqual(Number(f[cols.indexOf('rounds')]) - 1);
    }
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.policyModules.map((m: { policy: string }) => m.policy)).toEqual(['./illegal-bot.js', './idle-bot.js']);
    // The bot's bytes are part of the inputs: --resume refuses a run whose bot changed.
    const bot = path.join(FIX, 'illegal-bot.js');
    const text = readFileSync(bot, 'utf8');
    const before = loadExperiment({ file }).inputsHash;
    try {
      writeFileSync(bot, `${text}// changed\n`);
      expect(loadExperiment({ file }).inputsHash).not.toBe(before);
    } finally {
      writeFileSync(bot, text);
    }
  });
});
