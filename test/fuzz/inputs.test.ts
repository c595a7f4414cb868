import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validateFile } from '../../src/cli/commands/validate.js';

/*
 * Hostile input: every kind of input file is mutated — types,
 * bounds, missing and unknown keys, prototype keys, nesting, huge numbers,
 * paths — and each mutation must give success or `file: ...` lines (exit 2),
 * never a crash, a stack trace or a hang.
 *
 * CI runs FUZZ_RUNS=40 mutations a kind in process and a few through the CLI.
 * A night run: FUZZ_RUNS=20000 npx vitest run test/fuzz (docs/DATA.md, Hostile input).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const CLI_RUNS = Math.max(2, Math.round(RUNS / 10));
/** "Done within a few seconds", per mutation. */
const MAX_MS = 5_000;

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-fuzz-'));
cpSync(path.join(ROOT, 'sims/factions'), path.join(dir, 'factions'), { recursive: true });
cpSync(path.join(ROOT, 'sims/armies'), path.join(dir, 'armies'), { recursive: true });
mkdirSync(path.join(dir, 'experiments'));
mkdirSync(path.join(dir, 'scenarios'));
mkdirSync(path.join(dir, 'rulesets'));
mkdirSync(path.join(dir, 'properties'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readJson = (f: string): unknown => JSON.parse(readFileSync(path.join(ROOT, f), 'utf8'));

/**
 * The kinds of input file, each a valid sample and the folder its mutants go
 * to (where its relative paths resolve). A new kind of input is one entry.
 */
export const INPUT_KINDS: { kind: string; folder: string; sample: unknown }[] = [
  { kind: 'faction', folder: 'factions', sample: readJson('sims/factions/tuskfell.json') },
  { kind: 'army', folder: 'armies', sample: readJson('sims/armies/ironbound-800.json') },
  { kind: 'scenario', folder: 'scenarios', sample: readJson('sims/scenarios/tug-of-war.json') },
  { kind: 'properties', folder: 'properties', sample: readJson('sims/properties/sample-factions.json') },
  {
    kind: 'ruleset',
    folder: 'rulesets',
    sample: { kind: 'ruleset', name: 'variant', overrides: { commandRange: 8, terrain: { minPieces: 8, maxPieces: 12 }, marker: { wounds: 4 } } },
  },
  {
    kind: 'experiment',
    folder: 'experiments',
    sample: {
      kind: 'experiment',
      name: 'fuzz',
      seed: 's',
      games: 10,
      matchups: [['../armies/ironbound-400.json', '../armies/tuskfell-400.json']],
      scenarios: ['raid', '../scenarios/ok.json'],
      policies: [['random', 'strongest']],
      ruleset: { commandRange: 7 },
    },
  },
];
writeFileSync(path.join(dir, 'scenarios', 'ok.json'), JSON.stringify(readJson('sims/scenarios/raid.json')));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path in a JSON value (the root included). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

const nested = (depth: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
};

/** Replacement values: other types, bounds, huge numbers, nesting, paths. */
const HOSTILE: Json[] = [
  null,
  true,
  '',
  'x',
  [],
  {},
  0,
  -1,
  1.5,
  1e9,
  -1e9,
  1e308,
  2 ** 53,
  100_001,
  nested(10),
  nested(70),
  '/',
  '/proc/x',
  '../armies',
  'missing.json',
  '../factions',
  ' ',
  'a'.repeat(5000),
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'unknownKey', 'kind'];

type Mutation = { op: 'set'; at: number; value: number } | { op: 'delete'; at: number } | { op: 'add'; at: number; key: number; value: number };

const mutationArb = fc.oneof(
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.nat(HOSTILE.length - 1) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('add' as const), at: fc.nat(), key: fc.nat(KEYS.length - 1), value: fc.nat(HOSTILE.length - 1) }),
);

/** The sample with 1–3 mutations, as the text of a file (prototype keys written as real keys). */
function mutate(sample: unknown, ms: Mutation[]): string {
  let doc = structuredClone(sample) as Json;
  const added: [string, string][] = [];
  for (const m of ms) {
    const all = paths(doc);
    const at = all[m.at % all.length];
    const parent = at.length === 0 ? null : (at.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], doc) as Record<string | number, Json>);
    const last = at[at.length - 1];
    const target = parent === null ? doc : parent[last];
    if (m.op === 'set') {
      if (parent === null) doc = HOSTILE[m.value];
      else parent[last] = structuredClone(HOSTILE[m.value]);
    } else if (m.op === 'delete') {
      if (parent !== null) {
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete parent[last];
      }
    } else if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      const key = KEYS[m.key];
      // A JS object cannot hold "__proto__" as a plain key: mark it and write it into the text.
      const marker = `__fuzz_key_${added.length}__`;
      added.push([marker, key]);
      target[marker] = structuredClone(HOSTILE[m.value]);
    }
  }
  let text = JSON.stringify(doc, null, 1) ?? 'null';
  for (const [marker, key] of added) text = text.replace(`"${marker}"`, JSON.stringify(key));
  return text;
}

let n = 0;
function writeMutant(kind: (typeof INPUT_KINDS)[number], ms: Mutation[]): string {
  const file = path.join(dir, kind.folder, `mutant-${n++}.json`);
  writeFileSync(file, mutate(kind.sample, ms));
  return file;
}

/** What every outcome must look like: "file: ok (...)" or lines each naming the file, nothing like a crash. */
function expectClean(file: string, ok: boolean, lines: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  if (ok) expect(lines).toEqual([expect.stringMatching(new RegExp(`^${escape(file)}: ok`))]);
  for (const line of lines) {
    // An army's faction error names the faction file on the army's line; a faction's own lines follow.
    expect(line).toMatch(new RegExp(`^(${escape(file)}|${escape(path.join(dir, 'factions'))}/[^:]+\\.json): `));
    expect(line).not.toMatch(/cannot check|Maximum call stack|\n\s+at |Invalid (typed )?array length|RangeError|TypeError/);
  }
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('fuzz: hostile input files', () => {
  it('every sample is valid before mutation', async () => {
    for (const k of INPUT_KINDS) {
      const file = path.join(dir, k.folder, `sample-${k.kind}.json`);
      writeFileSync(file, JSON.stringify(k.sample));
      const r = await validateFile(file);
      expect(r.lines, k.kind).toEqual([expect.stringContaining(': ok (')]);
    }
  });

  for (const k of INPUT_KINDS) {
    it(`${k.kind}: ${RUNS} mutations validate to ok or file-naming lines, each within ${MAX_MS / 1000} s`, async () => {
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (ms) => {
          const file = writeMutant(k, ms);
          const t0 = Date.now();
          const r = await validateFile(file);
          expect(Date.now() - t0).toBeLessThan(MAX_MS);
          expectClean(file, r.ok, r.lines);
          if (!r.ok) refused++;
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED === undefined ? 14 : Number(process.env.FUZZ_SEED) },
      );
      // The mutations are hostile: most are refused.
      expect(refused).toBeGreaterThan(RUNS / 2);
    });
  }

  it(`through the CLI: exit 0 or 2, one line a problem naming the file, no stack trace (${CLI_RUNS} a kind)`, () => {
    const files: string[] = [];
    for (const k of INPUT_KINDS) {
      for (const ms of fc.sample(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), { numRuns: CLI_RUNS, seed: 14 })) files.push(writeMutant(k, ms));
    }
    files.push(path.join(dir, 'armies'), path.join(dir, 'nothing-here.json'));
    const deep = path.join(dir, 'deep.json');
    writeFileSync(deep, '['.repeat(20_000));
    files.push(deep);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'validate', ...files], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status === 0 || r.status === 2).toBe(true);
    const lines = `${r.stdout}${r.stderr}`.trimEnd().split('\n');
    for (const f of files)
      expect(
        lines.some((l) => l.startsWith(`${f}: `)),
        f,
      ).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/^error: |\(run again with --debug|\n\s+at |Maximum call stack/);
    expect(r.stderr).toContain(`${deep}: line 1, column 65: nested deeper than 64 levels`);
  });
});
