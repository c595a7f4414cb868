import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { formatPath, InputError } from '../errors.js';

/**
 * What every `validate<Kind>Json` returns: `errors` as `file: path: message`
 * lines (empty when valid), and an optional one-line summary for `validate`.
 */
export interface ValidationResult {
  errors: string[];
  summary?: string;
}

/** The uniform validator signature the `validate` command dispatches to by `kind`. */
export type JsonValidator = (json: unknown, file: string) => ValidationResult | Promise<ValidationResult>;

/** Deepest nesting of objects and lists a data file may have (no stack overflow on 20,000 `[`). */
export const MAX_JSON_DEPTH = 64;

/** Keys that would reach an object's prototype; refused like any unknown key. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Why `file` cannot be read as an input file, or null: missing, a folder, or
 * unreadable. Checked before reading, so no raw EISDIR/EACCES reaches the user.
 */
export function inputFileProblem(file: string): string | null {
  let st;
  try {
    st = statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'file not found' : `cannot read (${code ?? String(err)})`;
  }
  if (st.isDirectory()) return 'is a directory, expected a JSON file';
  if (!st.isFile()) return 'is not a regular file';
  try {
    accessSync(file, constants.R_OK);
  } catch (err) {
    return `cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  return null;
}

/**
 * Reads and parses a JSON file. A missing, folder or unreadable file, malformed
 * JSON, nesting deeper than MAX_JSON_DEPTH or a prototype key throws an
 * InputError of one line naming the file (and the line and column, or the path).
 */
export function readJsonFile(file: string): unknown {
  if (overlay !== null && overlay.has(resolve(file))) return structuredClone(overlay.get(resolve(file)));
  const problem = inputFileProblem(file);
  if (problem) throw new InputError(`${file}: ${problem}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw new InputError(`${file}: is a directory, expected a JSON file`);
    throw new InputError(`${file}: cannot read (${code ?? String(err)})`);
  }
  return parseJsonText(text, file);
}

/** Documents read instead of files while `withJsonOverlay` runs (absolute path → JSON). */
let overlay: ReadonlyMap<string, unknown> | null = null;

/**
 * Runs `fn` (synchronous) with `files` (absolute path → JSON document) read
 * in place of those files: a sweep point's patched inputs, loaded by the
 * ordinary loaders and validated like any input.
 */
export function withJsonOverlay<T>(files: Readonly<Record<string, unknown>> | undefined, fn: () => T): T {
  if (files === undefined || Object.keys(files).length === 0) return fn();
  const before = overlay;
  overlay = new Map(Object.entries(files));
  try {
    return fn();
  } finally {
    overlay = before;
  }
}

/**
 * Parses JSON text; a syntax error names `file`, its line and its column
 * (1-based). Nesting deeper than MAX_JSON_DEPTH and the keys `__proto__`,
 * `constructor` and `prototype` are refused too.
 */
export function parseJsonText(text: string, file: string): unknown {
  // A byte-order mark is not JSON but editors write it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const tooDeep = depthExceededAt(body, MAX_JSON_DEPTH);
  if (tooDeep >= 0) {
    const { line, column } = lineColumn(body, tooDeep);
    throw new InputError(`${file}: line ${line}, column ${column}: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const offset = jsonErrorOffset(body);
    const { line, column } = lineColumn(body, offset);
    const what = offset >= body.length ? 'unexpected end of input' : `unexpected ${describeChar(body[offset])}`;
    throw new InputError(`${file}: line ${line}, column ${column}: malformed JSON: ${what}`);
  }
  const bad = forbiddenKeyPath(value, []);
  if (bad) throw new InputError(`${file}: ${formatPath(bad)}: unknown key`);
  // JSON.parse keeps the last of two equal keys: which one the author meant is unknowable, so neither is taken.
  const dup = duplicateKey(body);
  if (dup) {
    const { line, column } = lineColumn(body, dup.offset);
    throw new InputError(`${file}: ${formatPath(dup.path.map(shownKey))}: duplicate key (line ${line}, column ${column})`);
  }
  return value;
}

/** A key as an error line shows it: a long one is cut (a 1 MB key is not echoed whole). */
export function shownKey<K extends PropertyKey>(key: K): K | string {
  const MAX = 40;
  return typeof key === 'string' && key.length > MAX ? `${key.slice(0, MAX)}… (${key.length} characters)` : key;
}

/** The first key that appears twice in one object of valid JSON `text`: its path and offset; or null. */
export function duplicateKey(text: string): { path: PropertyKey[]; offset: number } | null {
  type Frame = { keys: Set<string>; key: string | null; expectKey: boolean } | { index: number };
  const frames: Frame[] = [];
  const pathTo = (): PropertyKey[] => frames.map((f) => ('index' in f ? f.index : (f.key ?? '')));
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const top = frames.at(-1);
    if (c === 0x22) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      if (top && 'keys' in top && top.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        top.expectKey = false;
        top.key = key;
        if (top.keys.has(key)) return { path: pathTo(), offset: start };
        top.keys.add(key);
      }
    } else if (c === 0x7b) frames.push({ keys: new Set(), key: null, expectKey: true });
    else if (c === 0x5b) frames.push({ index: 0 });
    else if (c === 0x7d || c === 0x5d) frames.pop();
    else if (c === 0x2c && top) {
      if ('index' in top) top.index++;
      else top.expectKey = true;
    }
  }
  return null;
}

/** Offset of the first `[` or `{` nested deeper than `max` (strings skipped), or -1. */
export function depthExceededAt(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: up to the next quote not escaped.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** The path of the first prototype key in a parsed value (depth already bounded), or null. */
function forbiddenKeyPath(v: unknown, at: PropertyKey[]): PropertyKey[] | null {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = forbiddenKeyPath(v[i], [...at, i]);
      if (p) return p;
    }
  } else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.has(k)) return [...at, k];
      const p = forbiddenKeyPath(x, [...at, k]);
      if (p) return p;
    }
  }
  return null;
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

function describeChar(ch: string): string {
  if (ch === '\n' || ch === '\r') return 'end of line';
  return `character ${JSON.stringify(ch)}`;
}

/**
 * The offset of the first JSON syntax error in `text` (text.length when the
 * input ends too early). Node 20's JSON.parse does not always report a
 * position, so this small scanner finds it; it runs only after a parse failed.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  class Fail {
    constructor(readonly at: number) {}
  }
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const fail = (): never => {
    throw new Fail(i);
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 0x5c) {
        i++;
        if (i >= n) fail();
        const e = text[i];
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
          }
        } else if (!'"\\/bfnrt'.includes(e)) fail();
      }
      i++;
    }
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text[i] ?? '')) fail();
    while (/[0-9]/.test(text[i] ?? '')) i++;
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail();
  };
  try {
    value();
    ws();
    if (i < n) fail();
    return n; // the scanner found nothing; blame the end
  } catch (e) {
    if (e instanceof Fail) return Math.min(e.at, n);
    throw e;
  }
}

/**
 * Turns zod issues into `file: path: message` lines. `at` prefixes every path
 * (when the validated value sits inside a larger document).
 */
export function formatIssues(file: string, issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[] = []): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const path = [...at, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) lines.push(`${file}: ${formatPath([...path, shownKey(key)])}: unknown key`);
      continue;
    }
    lines.push(`${file}: ${formatPath(path.map(shownKey))}: ${issueMessage(issue)}`);
  }
  return lines;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (/received undefined$/.test(issue.message)) return `missing (expected ${issue.expected === 'record' ? 'object' : issue.expected})`;
    const got = /received (\w+)$/.exec(issue.message)?.[1];
    const expected = issue.expected === 'record' ? 'object' : issue.expected;
    return `expected ${expected}${got ? `, got ${got}` : ''}`;
  }
  if (issue.code === 'invalid_value') {
    return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  }
  if (issue.code === 'invalid_union') {
    // A discriminated union names its allowed discriminator values.
    const options = (issue as { options?: unknown[] }).options;
    if (options) return `expected ${options.map((v) => JSON.stringify(v)).join(' or ')}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  if (issue.code === 'too_small') return `must be ${issue.inclusive ? '≥' : '>'} ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}`;
  if (issue.code === 'too_big') return `must be ${issue.inclusive ? '≤' : '<'} ${String(issue.maximum)}${issue.origin === 'array' ? ' items' : ''}`;
  return issue.message;
}

/** Builds the InputError of a failed validation. */
export function throwIfErrors(result: ValidationResult): void {
  if (result.errors.length > 0) throw new InputError(result.errors);
}
