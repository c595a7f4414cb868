import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn, parseJsonText, readJsonFile } from '../../src/data/json.js';

function message(text: string): string {
  try {
    parseJsonText(text, 'f.json');
  } catch (e) {
    return (e as Error).message;
  }
  return 'parsed';
}

describe('readJsonFile', () => {
  it('names file, line and column of malformed JSON', () => {
    expect(message('{\n  "a": 1,\n}')).toBe('f.json: line 3, column 1: malformed JSON: unexpected character "}"');
    expect(message('{"a": tru}')).toBe('f.json: line 1, column 10: malformed JSON: unexpected character "}"');
    expect(message('{\n  "a": [1, 2\n')).toBe('f.json: line 3, column 1: malformed JSON: unexpected end of input');
    expect(message('')).toBe('f.json: line 1, column 1: malformed JSON: unexpected end of input');
    expect(message('{"a": 1} x')).toBe('f.json: line 1, column 10: malformed JSON: unexpected character "x"');
    expect(message("{'a': 1}")).toBe('f.json: line 1, column 2: malformed JSON: unexpected character "\'"');
    expect(message('{"a": "x\ny"}')).toBe('f.json: line 1, column 9: malformed JSON: unexpected end of line');
    expect(message('{"a": 01}')).toBe('f.json: line 1, column 8: malformed JSON: unexpected character "1"');
  });

  it('reads files, and says when one is missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'json-'));
    writeFileSync(path.join(dir, 'ok.json'), '\ufeff{"kind": "army"}');
    expect(readJsonFile(path.join(dir, 'ok.json'))).toEqual({ kind: 'army' });
    writeFileSync(path.join(dir, 'bad.json'), '[1,\n2,,3]');
    expect(() => readJsonFile(path.join(dir, 'bad.json'))).toThrow(`${path.join(dir, 'bad.json')}: line 2, column 3: malformed JSON`);
    expect(() => readJsonFile(path.join(dir, 'none.json'))).toThrow(`${path.join(dir, 'none.json')}: file not found`);
    expect(() => readJsonFile(dir)).toThrow(`${dir}: is a directory, expected a JSON file`);
  });

  it('computes 1-based lines and columns', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('the scanner accepts exactly what JSON.parse accepts (property)', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), (json, at, junk) => {
        expect(jsonErrorOffset(json)).toBe(json.length);
        const k = at % (json.length + 1);
        const broken = json.slice(0, k) + junk + json.slice(k);
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        // A valid text has no error offset; an invalid one has an offset within it.
        if (valid) expect(jsonErrorOffset(broken)).toBe(broken.length);
        else expect(jsonErrorOffset(broken)).toBeLessThanOrEqual(broken.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile JSON', () => {
  it('refuses nesting deeper than MAX_JSON_DEPTH in one line, whatever the depth', () => {
    expect(message('['.repeat(20_000))).toBe('f.json: line 1, column 65: nested deeper than 64 levels');
    expect(message(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`)).toBe('f.json: line 1, column 321: nested deeper than 64 levels');
    expect(message(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe('parsed');
    // Brackets inside strings are text.
    expect(message(JSON.stringify({ a: '['.repeat(1000) }))).toBe('parsed');
  });

  it('refuses __proto__, constructor and prototype keys like unknown keys, with their path', () => {
    expect(message('{"overrides": {"__proto__": {"defaultRounds": 0}}}')).toBe('f.json: overrides.__proto__: unknown key');
    expect(message('{"a": [1, {"constructor": 1}]}')).toBe('f.json: a[1].constructor: unknown key');
    expect(message('{"prototype": 1}')).toBe('f.json: prototype: unknown key');
  });
});

describe('duplicate keys and long keys', () => {
  it('a key twice in one object is refused with its path, line and column; equal keys in different objects are fine', () => {
    expect(message('{"games": 2,\n "games": 4}')).toBe('f.json: games: duplicate key (line 2, column 2)');
    expect(message('{"a": [{"x": 1}, {"y": 1, "s": "\\",\\"y\\"", "y": 2}]}')).toBe('f.json: a[1].y: duplicate key (line 1, column 44)');
    expect(message('{"a": {"x": 1}, "b": {"x": 1}, "c": [{"x": 1}, {"x": 2}]}')).toBe('parsed');
  });

  it('an unknown key of a megabyte is cut in the message', async () => {
    const { formatIssues } = await import('../../src/data/json.js');
    const { z } = await import('zod');
    const key = 'k'.repeat(1_000_000);
    const r = z.strictObject({ a: z.number() }).safeParse({ a: 1, [key]: 1 });
    const lines = formatIssues('f.json', r.error!.issues);
    expect(lines).toEqual([`f.json: ${'k'.repeat(40)}… (1000000 characters): unknown key`]);
  });
});
