import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { DEFAULT_RULESET as RS } from '../../src/rules/ruleset.js';
import { entrySegments, getScenario, listScenarios, SCENARIOS_DIR, validateScenarioJson } from '../../src/scenarios/index.js';

const IDS = [
  'meeting-engagement',
  'outflank',
  'shieldwall',
  'raid',
  'area-control',
  'broken-lines',
  'tug-of-war',
  'tic-tac-blood',
  'advanced-maneuvers',
  'pincer',
  'into-the-grinder',
  'fall-into-rank',
];

const dir = mkdtempSync(join(tmpdir(), 'skirmish-scenarios-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const raw = (id: string): Record<string, unknown> => JSON.parse(readFileSync(join(SCENARIOS_DIR, `${id}.json`), 'utf8'));

describe('the built-in catalogue', () => {
  it('holds the twelve scenarios in the rules text order, then annihilation', () => {
    expect(listScenarios().map((s) => s.id)).toEqual([...IDS, 'annihilation']);
  });

  it('every file validates', () => {
    for (const id of [...IDS, 'annihilation']) {
      const r = validateScenarioJson(raw(id), `${id}.json`);
      expect(r.errors).toEqual([]);
      expect(r.summary).toContain(id);
    }
  });

  it('rounds and thresholds follow the rules text', () => {
    const got = Object.fromEntries(listScenarios().map((s) => [s.id, [s.rounds, s.vpThreshold]]));
    expect(got).toEqual({
      'meeting-engagement': [8, null],
      outflank: [10, 18],
      shieldwall: [8, null],
      raid: [10, 16],
      'area-control': [10, 20],
      'broken-lines': [10, 25],
      'tug-of-war': [10, 21],
      'tic-tac-blood': [8, null],
      'advanced-maneuvers': [8, null],
      pincer: [8, null],
      'into-the-grinder': [10, 18],
      'fall-into-rank': [10, 16],
      annihilation: [6, null],
    });
  });

  it('every point of interest sits on a multiple of 6" (R29)', () => {
    for (const s of listScenarios()) {
      for (const p of [...s.objectiveZones, ...s.objectiveMarkers, ...s.capturePoints]) {
        expect([p.x % 6, p.y % 6], `${s.id} ${p.id}`).toEqual([0, 0]);
      }
    }
  });

  it('files whose placement follows R29 say so in their notes', () => {
    for (const s of listScenarios()) {
      if (['outflank', 'annihilation', 'tug-of-war', 'pincer'].includes(s.id)) continue;
      expect(
        s.notes.some((n) => n.includes('R29')),
        s.id,
      ).toBe(true);
    }
  });
});

describe('loading', () => {
  it('a bare name is a built-in; a path loads that file', () => {
    expect(getScenario('raid').name).toBe('Raid');
    const file = join(dir, 'mine.json');
    writeFileSync(file, JSON.stringify({ ...raw('raid'), id: 'my-raid', name: 'My Raid' }));
    expect(getScenario(file).id).toBe('my-raid');
  });

  it('an unknown name lists the known ones', () => {
    expect(() => getScenario('nope')).toThrow(InputError);
    expect(() => getScenario('nope')).toThrow(/unknown scenario "nope" \(expected one of: advanced-maneuvers,/);
  });

  it('a bad file throws an InputError of file: path: message lines', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...raw('raid'), rounds: 0 }));
    expect(() => getScenario(file)).toThrow(`${file}: rounds: must be ≥ 1`);
  });
});

describe('validation errors name the JSON path', () => {
  const errorsOf = (patch: (j: Record<string, any>) => void): string[] => {
    const j = raw('fall-into-rank') as Record<string, any>;
    patch(j);
    return validateScenarioJson(j, 'f.json').errors;
  };

  it('an unknown VP rule name', () => {
    const e = errorsOf((j) => j.vpRules.push({ rule: 'perWarriorHugged', vp: 1 }));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatch(/^f\.json: vpRules\[4\]\.rule: expected "zoneSeized" or "enemyZoneSeized" or /);
  });

  it('a VP rule with a missing number or an unknown key', () => {
    expect(errorsOf((j) => delete j.vpRules[0].vp)).toEqual(['f.json: vpRules[0].vp: missing (expected number)']);
    expect(errorsOf((j) => (j.vpRules[0].points = 2))).toEqual(['f.json: vpRules[0].points: unknown key']);
  });

  it('bad geometry and references', () => {
    expect(errorsOf((j) => (j.objectiveZones[1].id = 'zone-west'))).toEqual(['f.json: objectiveZones[1].id: duplicate id "zone-west" (also objectiveZones[0])']);
    expect(errorsOf((j) => (j.objectiveMarkers[0].x = 50))[0]).toMatch(/^f\.json: objectiveMarkers\[0\]: \(50, 18\) is off the 48"×48" table/);
    expect(errorsOf((j) => (j.deployment[1][0].rect.h = 20))).toEqual(['f.json: deployment[1][0]: shape reaches off the table']);
    expect(errorsOf((j) => (j.reinforcement[0][1].to = 60))).toEqual(["f.json: reinforcement[0][1].to: must be ≤ 48, the left edge's length"]);
    expect(errorsOf((j) => (j.objectiveZones[0].friendlyTo = 2))[0]).toMatch(/^f\.json: objectiveZones\[0\]\.friendlyTo: /);
    expect(
      errorsOf(
        (j) =>
          (j.deployment[0] = [
            {
              polygon: [
                { x: 0, y: 0 },
                { x: 1, y: 1 },
              ],
            },
          ]),
      )[0],
    ).toMatch(/^f\.json: deployment\[0\]\[0\]/);
  });

  it('Broken Lines and Tug-of-War references must exist', () => {
    const bl = raw('broken-lines') as Record<string, any>;
    bl.vpRules[0].marker = 'elsewhere';
    expect(validateScenarioJson(bl, 'b.json').errors).toEqual(['b.json: vpRules[0].marker: no objective marker "elsewhere"']);
    const tw = raw('tug-of-war') as Record<string, any>;
    tw.vpRules[0].instantWin.to = 'point-z';
    expect(validateScenarioJson(tw, 't.json').errors).toEqual(['t.json: vpRules[0].instantWin.to: no capture point "point-z"']);
  });
});

describe('reinforcement entry (R30)', () => {
  it("none in Round 1, the own zone in Rounds 2–3, any edge but the opponent's zone from Round 4", () => {
    const s = getScenario('shieldwall');
    expect(entrySegments(s, 0, 1, RS)).toEqual([]);
    expect(entrySegments(s, 0, 2, RS)).toEqual(s.reinforcement[0]);
    expect(entrySegments(s, 0, 4, RS)).toEqual([
      { edge: 'bottom', from: 0, to: 48 },
      { edge: 'right', from: 0, to: 12 },
      { edge: 'top', from: 0, to: 12 },
      { edge: 'left', from: 0, to: 48 },
    ]);
  });
});
