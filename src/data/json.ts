import { readFileSync } from 'node:fs';
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

/**
 * Reads and parses a JSON file. A missing file or malformed JSON throws an
 * InputError of one line naming the file (and the line and column).
 */
export function readJsonFile(file: string): unknown {
  if (overlay !== null && overlay.has(resolve(file))) return structuredClone(overlay.get(resolve(file)));
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: file not found`);
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

/** Parses JSON text; a syntax error names `file`, its line and its column (1-based). */
export function parseJsonText(text: string, file: string): unknown {
  // A byte-order mark is not JSON but editors write it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (err) {
    const offset = jsonErrorOffset(body);
    const { line, column } = lineColumn(body, offset);
    const what = offset >= body.length ? 'unexpected end of input' : `unexpected ${describeChar(body[offset])}`;
    throw new InputError(`${file}: line ${line}, column ${column}: malformed JSON: ${what}`);
  }
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
      for (const key of issue.keys) lines.push(`${file}: ${formatPath([...path, key])}: unknown key`);
      continue;
    }
    lines.push(`${file}: ${formatPath(path)}: ${issueMessage(issue)}`);
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
