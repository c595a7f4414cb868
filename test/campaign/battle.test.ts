import { describe, expect, it } from 'vitest';
import { getPolicy } from '../../src/bots/index.js';
import { engineFight, loadCampaign, prepareMuster } from '../../src/campaign/index.js';
import { playGame } from '../../src/engine/index.js';
import { DEFAULT_RULESET } from '../../src/rules/index.js';
import { getScenario } from '../../src/scenarios/index.js';
import { SMALL } from './helpers.js';

describe('engine battles of a campaign', () => {
  it('report how the game ended, as the engine does: a result against the VP order only after a wipe-out or an instant win (R28)', () => {
    const c = loadCampaign(SMALL);
    const m = c.players.map((p) => prepareMuster(p.armyFile));
    const fight = engineFight(c);
    const reasons = new Set<string>();
    for (const [k, mission] of ['raid', 'annihilation', 'shieldwall', 'pincer'].entries()) {
      for (let i = 0; i < 3; i++) {
        const seed = `battle-${k}-${i}`;
        const spec = { cycle: 1, territory: 1, mission, invader: 0, protector: 2, firstSeat: 'invader' as const, seed };
        const o = fight(spec, { invader: m[0].base, protector: m[2].base }, { cavalryMarch: 0, protectorObstacles: 0 });
        // The same game straight from the engine: the invader in the first seat.
        const sc = getScenario(mission);
        const r = playGame({ armies: [m[0].base, m[2].base], scenario: sc, control: sc.control, ruleset: DEFAULT_RULESET, seed, policies: [getPolicy('random'), getPolicy('random')] });
        expect(o).toEqual({ result: r.winner === null ? 'draw' : r.winner === 0 ? 'invader' : 'protector', vpInvader: r.vp[0], vpProtector: r.vp[1], endReason: r.endReason });
        const byVp = o.vpInvader > o.vpProtector ? 'invader' : o.vpProtector > o.vpInvader ? 'protector' : 'draw';
        if (o.result !== byVp) expect(['wipeOut', 'instantWin']).toContain(o.endReason);
        reasons.add(o.endReason);
      }
    }
    expect(reasons.size).toBeGreaterThan(1);
  });
});
