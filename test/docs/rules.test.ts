/**
 * docs/RULES.md is where a ruling the code cites is explained: every `R12`
 * in the code of src/, test/ and bench/ has a non-empty `### R12.` entry
 * there, and nothing points to the rulings file outside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|js|mjs|cjs|sh)$/;

/**
 * The ruling numbers a text cites: `R12` as a word of its own (`// R12`,
 * `(R12)`, `R12,`, `R24–R25`), not inside a longer name (`VR12`, `R12x`,
 * `R2_`) and not a decimal (`R1.5`).
 */
export function citations(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(?<![\w$.])R(\d{1,3})(?![\w$]|\.\d)/g)) out.push(Number(m[1]));
  return out;
}

/** RULES.md's entries: number → the text under its `### R<n>.` heading, up to the next heading. */
export function entries(md: string): { entries: Map<number, string>; duplicates: number[] } {
  const found = new Map<number, string>();
  const duplicates: number[] = [];
  const parts = md.split(/^(?=#{1,6} )/m);
  for (const part of parts) {
    const m = /^### R(\d+)\.[^\n]*\n([\s\S]*)$/.exec(part);
    if (!m) continue;
    const n = Number(m[1]);
    if (found.has(n)) duplicates.push(n);
    found.set(n, m[2].trim());
  }
  return { entries: found, duplicates };
}

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...codeFiles(rel));
    else if (CODE.test(e.name)) out.push(rel);
  }
  return out;
}

describe('reading citations and entries', () => {
  it('finds R12 as a word, never inside a name or a decimal', () => {
    expect(citations('// R12: Driven Back (R13, R24–R25) R7. R41')).toEqual([12, 13, 24, 25, 7, 41]);
    expect(citations('VR12 R12x R2_ $R3 R1.5 chainSegments(R: number) xR4')).toEqual([]);
  });

  it('reads an entry up to the next heading, and finds duplicates and empty ones', () => {
    const md = '# Rules\n## Group\n### R1. One\nText one.\n### R2. Two\n\n## Next group\n### R1. Again\nMore.\n';
    const { entries: e, duplicates } = entries(md);
    expect(e.get(2)).toBe('');
    expect(e.get(1)).toBe('More.');
    expect(duplicates).toEqual([1]);
  });
});

describe('docs/RULES.md', () => {
  const md = readFileSync(path.join(ROOT, 'docs/RULES.md'), 'utf8');
  const { entries: rules, duplicates } = entries(md);

  it('has each entry once, and none empty', () => {
    expect(duplicates).toEqual([]);
    expect([...rules].filter(([, text]) => text.length === 0).map(([n]) => `R${n}`)).toEqual([]);
  });

  it('explains every ruling the code of src/, test/ and bench/ cites', () => {
    const missing: string[] = [];
    for (const file of ['src', 'test', 'bench'].flatMap(codeFiles)) {
      for (const n of new Set(citations(readFileSync(path.join(ROOT, file), 'utf8')))) {
        if (!rules.has(n)) missing.push(`${file}: R${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is where README, docs and code send a reader, not a rulings file outside the repository', () => {
    const files = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`), ...codeFiles('src')];
    const stale = files.filter((f) => /RULINGS\.md/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(stale).toEqual([]);
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('docs/RULES.md');
  });
});
