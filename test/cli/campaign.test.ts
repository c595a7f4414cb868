import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';
import { SMALL, smallJson } from '../campaign/helpers.js';
import { parseCampaign } from '../../src/campaign/index.js';

const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');
const dir = mkdtempSync(path.join(tmpdir(), 'cli-campaign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A copy of the small fixture beside it (its army paths stay valid), edited. */
function variant(name: string, edit: (j: Record<string, any>) => void): string {
  const j = smallJson() as Record<string, any>;
  edit(j);
  const file = path.join(path.dirname(SMALL), `.${name}.tmp.json`);
  writeFileSync(file, JSON.stringify(j));
  return file;
}

describe('skirmish campaign', () => {
  it('--help has an example', () => {
    const r = cli(['campaign', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\$ skirmish campaign sims\/campaigns\/nyrcon-sample\.json --campaigns 200/);
  });

  it.each([
    ['a bad territory type', (j: Record<string, any>) => (j.map[2].type = 'Castle'), /map\[2\]\.type: expected "Titan Forge" or/],
    ['two territories on one hex', (j: Record<string, any>) => (j.map[1].q = 0), /map\[1\]: hex \(q 0, r 0\) is also map\[0\]/],
    ['an unknown campaign policy', (j: Record<string, any>) => (j.factions[1].players[0].campaignPolicy = 'sneaky'), /factions\[1\]\.players\[0\]\.campaignPolicy: unknown campaign policy "sneaky"/],
    ['a missing army list', (j: Record<string, any>) => (j.factions[0].players[1].army = 'nope.json'), /factions\[0\]\.players\[1\]\.army: cannot read army list .*nope\.json: file not found/],
    ['three factions', (j: Record<string, any>) => j.factions.push(j.factions[0]), /factions: must be ≤ 2 items/],
    ['a duplicate player', (j: Record<string, any>) => (j.factions[1].players[1].name = 'Ana'), /factions\[1\]\.players\[1\]\.name: "Ana" is also factions\[0\]\.players\[0\]/],
    [
      'a battle policy option that does not exist',
      (j: Record<string, any>) => (j.factions[0].players[1].battlePolicy = 'balanced:bogus=1'),
      /factions\[0\]\.players\[1\]\.battlePolicy: policy "balanced:bogus=1": balanced has no option "bogus"/,
    ],
    // Plugin battle bots load by path relative to the campaign file; a missing one is named.
    ['a missing plugin battle policy', (j: Record<string, any>) => (j.battlePolicy = './bot.js'), /battlePolicy: battle policy module not found: .*fixtures\/bot\.js$/],
  ])('%s: one line naming the file and the JSON path', (_name, edit, message) => {
    const j = smallJson() as Record<string, any>;
    edit(j);
    const { errors } = parseCampaign(j, SMALL);
    expect(errors).toHaveLength(1);
    expect(errors[0].startsWith(`${SMALL}: `)).toBe(true);
    expect(errors[0]).toMatch(message);
  });

  it('battle policies: "strongest" is the strongest built-in, options are kept', () => {
    const j = smallJson() as Record<string, any>;
    j.battlePolicy = 'strongest';
    j.factions[0].players[0].battlePolicy = 'balanced:aggression=0.9';
    const { campaign, errors } = parseCampaign(j, SMALL);
    expect(errors).toEqual([]);
    expect(campaign!.players[0].battlePolicy).toBe('balanced:aggression=0.9');
    expect(campaign!.players.slice(1).every((p) => p.battlePolicy === 'balanced')).toBe(true);
  });

  it('a bad campaign file: exit 2, one line on stderr, nothing written', () => {
    const file = variant('bad', (j) => (j.map[2].type = 'Castle'));
    const out = path.join(dir, 'bad');
    try {
      const r = cli(['campaign', file, '--campaigns', '2', '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `${file}: map[2].type: expected ${JSON.stringify('Titan Forge')} or ${'"Manufactoria Complex"'} or "Spaceport" or "Industrial Wasteland" or "Militarum Aerodrome" or "Munitorum Depot" or "Settlement" or "Woodlands" or "Fortress" or "Hive City" or "Research Facilities" or "Plains"\n`,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('warns where the map departs from the text and prints the faction win rate with its interval', () => {
    const out = path.join(dir, 'ok');
    const r = cli(['campaign', SMALL, '--campaigns', '2', '--workers', '0', '--out', out]);
    expect(r.code).toBe(0);
    // 9 hexes for 4 players (the text: 16); 30 CP target (the text: 80).
    expect(r.stderr).toMatch(/warning: .*small\.json: map: 9 hexes; the text recommends about 4 per player \(16 for 4 players\)/);
    expect(r.stderr).toMatch(/warning: .*campaignPointsTarget: 30; the text recommends 20 per player \(80\)/);
    expect(r.stdout).toMatch(/Red won \d of 2 campaigns: \d+\.\d% \(95% interval/);
    expect(readFileSync(path.join(out, 'campaigns.csv'), 'utf8').split('\n')).toHaveLength(4);
  });

  it('validate knows kind "campaign" and reports the map check', () => {
    const r = cli(['validate', SMALL]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok \(campaign "small": 9 territories, Red 2 v Blue 2 players, target 30 CP; warning: map: 9 hexes/);
  });

  it("the sample campaign meets the text's recommendations (no warnings)", () => {
    const r = cli(['validate', 'sims/campaigns/nyrcon-sample.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/warning/);
    expect(r.stdout).toMatch(/24 territories, Wardens' Compact 4 v Tusk Horde 4 players, target 160 CP/);
  });
});
