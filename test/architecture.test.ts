/**
 * The module layering of docs/ARCHITECTURE.md, checked on the imports of
 * src/**\/*.ts: no file imports a folder of a higher layer, no files import
 * each other in a circle, and no folders do either (folders of one layer may
 * import each other, but not both ways). Type-only and dynamic `import()`s
 * count: a circle of types is still a circle to read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * Highest first: a file may import its own folder, its own layer's other
 * folders and any lower layer. `index.ts` (the scripting API) is above them
 * all; `errors.ts` and `types.ts` (the shared leaf types) below them all.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['index.ts'],
  ['cli'],
  ['campaign', 'report'],
  ['balance'],
  ['runner'],
  ['bots'],
  ['engine'],
  ['scenarios', 'stats'],
  ['dice', 'army'],
  ['board', 'rules'],
  // Low on purpose: the batch layer (pool, checkpoint, lock, CSV schemas) can import no game, only data.
  ['batch'],
  ['data'],
  ['errors.ts', 'types.ts'],
];

/**
 * Upward imports kept on purpose, `from -> to` (files relative to src/), each
 * with its reason. Empty today; an entry needs a reason a reader accepts.
 */
const ALLOWED_UPWARD: ReadonlyMap<string, string> = new Map();

/**
 * The engine's rooms, highest first (docs/ARCHITECTURE.md, The engine): the
 * pull machine and the package surface, the round sequence by phase
 * (`flow/`), the rules by action (`rules/`), and `core`, the other files at
 * engine/'s top (state, space, grid, combat, abilities, paths, ...). An
 * engine file imports its own room and those below it.
 */
export const ENGINE_ROOMS: readonly (readonly string[])[] = [['index.ts', 'game.ts', 'play.ts'], ['flow'], ['rules'], ['core']];

/** An engine file's room: its folder under engine/, the file itself when ENGINE_ROOMS names it, else `core`. */
export function engineRoomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length > 2) return parts[1];
  return ENGINE_ROOMS.some((r) => r.includes(parts[1])) ? parts[1] : 'core';
}

function engineRoomLayer(room: string): number {
  const i = ENGINE_ROOMS.findIndex((r) => r.includes(room));
  if (i < 0) throw new Error(`engine/${room}: in no room of test/architecture.test.ts (add it to ENGINE_ROOMS and to docs/ARCHITECTURE.md)`);
  return i;
}

/** Imports between engine files from a room to a higher one, as `from -> to`. */
export function upwardEngineImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    if (unitOf(from) !== 'engine') continue;
    for (const to of tos) {
      if (unitOf(to) === 'engine' && engineRoomLayer(engineRoomOf(to)) < engineRoomLayer(engineRoomOf(from))) out.push(`${from} -> ${to}`);
    }
  }
  return out.sort();
}

/** A file's unit: its top folder under src/, or the file itself at the top. */
export function unitOf(file: string): string {
  return file.split('/')[0];
}

export function layerOf(unit: string): number {
  const i = LAYERS.findIndex((l) => l.includes(unit));
  if (i < 0) throw new Error(`${unit}: in no layer of test/architecture.test.ts (add it to LAYERS and to docs/ARCHITECTURE.md)`);
  return i;
}

/** Relative imports of one source text (static, re-exports and literal dynamic imports; comments ignored), resolved to src/-relative .ts paths. */
export function importsOf(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref.fileName)).replace(/\.js$/, '.ts');
    out.push(target);
  }
  return out;
}

function sourceFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(dir, r));
    else if (e.name.endsWith('.ts')) out.push(r);
  }
  return out.sort();
}

/** Every strongly connected group of more than one node (or a node importing itself): the circles. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** Imports from a unit to a unit of a higher layer, as `from -> to`. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      if (layerOf(unitOf(to)) < layerOf(unitOf(from))) out.push(`${from} -> ${to}`);
    }
  }
  return out.sort();
}

/** The folder graph: an edge for every import between two different units. */
export function unitGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [from, tos] of graph) {
    const u = unitOf(from);
    if (!out.has(u)) out.set(u, []);
    for (const to of tos) if (unitOf(to) !== u && !out.get(u)!.includes(unitOf(to))) out.get(u)!.push(unitOf(to));
  }
  return out;
}

function srcGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of sourceFiles(SRC)) graph.set(f, importsOf(f, readFileSync(path.join(SRC, f), 'utf8')));
  return graph;
}

describe('the checks themselves', () => {
  it('read static, type-only, re-exported and dynamic imports, not those in comments', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../rules/b.js';",
      "export { c } from './c.js';",
      "// import { d } from './d.js';",
      "const e = await import('../engine/e.js');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('dice/x.ts', text).sort()).toEqual(['dice/a.ts', 'dice/c.ts', 'engine/e.ts', 'rules/b.ts']);
  });

  it('find a circle and an upward import', () => {
    const g = new Map([
      ['engine/a.ts', ['engine/b.ts', 'dice/x.ts']],
      ['engine/b.ts', ['engine/a.ts']],
      ['dice/x.ts', ['bots/y.ts']],
      ['bots/y.ts', ['engine/c.ts']],
      ['engine/c.ts', []],
    ]);
    expect(circles(g)).toEqual([['engine/a.ts', 'engine/b.ts']]);
    expect(upwardImports(g)).toEqual(['dice/x.ts -> bots/y.ts']);
    expect(circles(unitGraph(g))).toEqual([['bots', 'dice', 'engine']]);
  });

  it("find an import from one of the engine's rooms to a higher one", () => {
    const g = new Map([
      ['engine/rules/a.ts', ['engine/flow/b.ts', 'engine/space.ts']],
      ['engine/flow/b.ts', ['engine/rules/a.ts', 'engine/space.ts']],
      ['engine/space.ts', ['engine/game.ts']],
      ['engine/game.ts', ['engine/flow/b.ts']],
    ]);
    expect(upwardEngineImports(g)).toEqual(['engine/rules/a.ts -> engine/flow/b.ts', 'engine/space.ts -> engine/game.ts']);
  });
});

describe('src/ layering (docs/ARCHITECTURE.md, Layers)', () => {
  const graph = srcGraph();

  it('every top-level folder and file of src/ has a layer', () => {
    for (const f of graph.keys()) expect(() => layerOf(unitOf(f))).not.toThrow();
  });

  it('no import reaches up to a higher layer', () => {
    const unexpected = upwardImports(graph).filter((e) => !ALLOWED_UPWARD.has(e));
    expect(unexpected).toEqual([]);
  });

  it('the allow-list names only upward imports that still exist', () => {
    const upward = new Set(upwardImports(graph));
    expect([...ALLOWED_UPWARD.keys()].filter((e) => !upward.has(e))).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('no folders import each other in a circle', () => {
    expect(circles(unitGraph(graph))).toEqual([]);
  });

  it("every folder of engine/ is one of the engine's rooms", () => {
    for (const f of graph.keys()) if (unitOf(f) === 'engine') expect(() => engineRoomLayer(engineRoomOf(f))).not.toThrow();
  });

  it('no engine file imports a higher room (rules never the flow, the core neither)', () => {
    expect(upwardEngineImports(graph)).toEqual([]);
  });
});
