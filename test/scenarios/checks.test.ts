import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRoster } from '../../src/army/index.js';
import { parseScenario, validateScenarioJson } from '../../src/scenarios/index.js';
import { deploymentAreaError } from '../../src/scenarios/checks.js';

const raid = (): Record<string, unknown> => JSON.parse(readFileSync('sims/scenarios/raid.json', 'utf8')) as Record<string, unknown>;
const withDeployment = (deployment: unknown): string[] => validateScenarioJson({ ...raid(), deployment }, 's.json').errors;
const ZONE_B = [{ rect: { x: 12, y: 36, w: 36, h: 12 } }];

describe('scenario geometry', () => {
  it('refuses identical or overlapping zones of the two players, naming the path', () => {
    expect(withDeployment([ZONE_B, ZONE_B])).toEqual([`s.json: deployment[1][0]: overlaps deployment[0][0]: the players' zones must not share ground`]);
    expect(withDeployment([[{ rect: { x: 20, y: 30, w: 10, h: 10 } }], ZONE_B])).toHaveLength(1);
    // Zones that only touch share no ground.
    expect(withDeployment([[{ rect: { x: 12, y: 24, w: 36, h: 12 } }], ZONE_B])).toEqual([]);
  });

  it('refuses degenerate, crossing and too narrow shapes', () => {
    const line = [
      {
        polygon: [
          { x: 1, y: 1 },
          { x: 10, y: 1 },
          { x: 20, y: 1 },
        ],
      },
    ];
    expect(withDeployment([line, ZONE_B])).toEqual([expect.stringMatching(/^s\.json: deployment\[0\]\[0\]: too small for a regiment/)]);
    const bowtie = [
      {
        polygon: [
          { x: 0, y: 0 },
          { x: 10, y: 10 },
          { x: 10, y: 0 },
          { x: 0, y: 10 },
        ],
      },
    ];
    expect(withDeployment([bowtie, ZONE_B])).toEqual(['s.json: deployment[0][0].polygon: edges 0 and 2 cross; expected a simple polygon']);
    expect(withDeployment([[{ rect: { x: 0, y: 0, w: 40, h: 2 } }], ZONE_B])).toHaveLength(1);
  });

  it('refuses generated terrain that cannot fit the table', () => {
    const s = {
      ...raid(),
      table: { width: 14, height: 14 },
      objectiveZones: [],
      vpRules: [{ rule: 'pointsSlain' }],
      reinforcement: [[], []],
      deployment: [[{ rect: { x: 0, y: 0, w: 14, h: 4 } }], [{ rect: { x: 0, y: 10, w: 14, h: 4 } }]],
    };
    expect(validateScenarioJson(s, 's.json').errors).toEqual([expect.stringMatching(/^s\.json: terrain: "generate" cannot place R31's terrain on this 14"×14" table/)]);
  });

  it('finds a zone too small for an army, and passes the built-in ones', () => {
    const army = loadRoster('sims/armies/ironbound-800.json');
    const small = parseScenario({ ...raid(), deployment: [[{ rect: { x: 0, y: 0, w: 6, h: 4 } }], ZONE_B] }, 's.json').scenario!;
    expect(deploymentAreaError(small, 0, army)).toMatch(/deployment zone of player 1 \(24 sq in\) is too small for "Ironbound Wardens 800"/);
    expect(deploymentAreaError(small, 1, army)).toBeNull();
    expect(deploymentAreaError(parseScenario(raid(), 'raid.json').scenario!, 0, army)).toBeNull();
  });
});
