import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm test builds dist/ first.
function skirmish(...args: string[]) {
  const r = spawnSync(process.execPath, ['dist/cli/main.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const ARMIES = 'test/fixtures/army/armies';

describe('skirmish validate', () => {
  it('passes every sample faction and army in sims/', () => {
    const files = [...readdirSync('sims/factions').map((f) => `sims/factions/${f}`), ...readdirSync('sims/armies').map((f) => `sims/armies/${f}`)].filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(9);
    const r = skirmish('validate', ...files);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    for (const f of files) expect(r.out).toContain(`${f}: ok (`);
    expect(r.out).toMatch(/sims\/armies\/ironbound-800\.json: ok \(army "Ironbound Wardens 800" \(ironbound\): \d+\/800 points, \d+ regiments, \d+ warriors\)/);
  });

  it('fails each invalid fixture with its path, exit 2', () => {
    const invalid = readdirSync(ARMIES).filter((f) => f.startsWith('invalid-'));
    const r = skirmish('validate', ...invalid.map((f) => `${ARMIES}/${f}`));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    // Every file has at least one line of its own.
    for (const f of invalid) expect(r.err).toContain(`${ARMIES}/${f}: `);
    expect(r.err).toContain(`${ARMIES}/invalid-infantry-14.json: regiments[0].models: an Infantry regiment may not number over 13 models including officers (has 14)\n`);
    expect(r.err).toContain(`${ARMIES}/invalid-entry-five-times.json: regiments[7].entry: each Regiment may be included up to 4 times (this is the fifth "Scouts")\n`);
  });

  it('reports valid and invalid files together, exit 2', () => {
    const r = skirmish('validate', `${ARMIES}/valid-full.json`, 'test/fixtures/army/bad-factions/unknown-special-rule.json', 'test/fixtures/army/rulesets/valid-variant.json');
    expect(r.code).toBe(2);
    expect(r.out).toBe(
      `${ARMIES}/valid-full.json: ok (army "Test list" (testers): 503/600 points, 5 regiments, 21 warriors)\n` +
        'test/fixtures/army/rulesets/valid-variant.json: ok (ruleset "Bigger command, no overkill", 4 knobs overridden)\n',
    );
    expect(r.err).toBe('test/fixtures/army/bad-factions/unknown-special-rule.json: regiments[0].profile.specialRules[1]: unknown special rule "Frenzy"\n');
  });

  it('names file, line and column of malformed JSON, and missing files', () => {
    const r = skirmish('validate', `${ARMIES}/malformed.json`, 'nowhere.json');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${ARMIES}/malformed.json: line 5, column 39: malformed JSON: unexpected character "}"\nnowhere.json: file not found\n`);
  });

  it('refuses an unknown or missing kind', () => {
    const r = skirmish('validate', 'package.json', 'test/fixtures/army/rulesets/invalid-file.json');
    expect(r.code).toBe(2);
    expect(r.err).toContain('package.json: kind: missing (expected one of "faction", "army", "ruleset"');
    expect(r.err).toContain('test/fixtures/army/rulesets/invalid-file.json: overrides: expected object, got array');
  });

  it('has help with an example', () => {
    const r = skirmish('validate', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('$ skirmish validate sims/factions/*.json sims/armies/*.json');
  });
});
