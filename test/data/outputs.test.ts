import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutputDir, checkOutputFile, makeOutputDir } from '../../src/data/outputs.js';
import { InputError } from '../../src/errors.js';

const dir = mkdtempSync(path.join(tmpdir(), 'skirmish-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'a-file');
writeFileSync(file, 'x');
const folder = path.join(dir, 'a-folder');
mkdirSync(folder);

describe('output paths', () => {
  it('refuses an empty path, a folder for a file, a file for a folder, and a path under a file, in one line', () => {
    expect(() => checkOutputFile('--log', '')).toThrow(new InputError('--log: expected a file path, got an empty string'));
    expect(() => checkOutputDir('--out', '')).toThrow(new InputError('--out: expected a folder path, got an empty string'));
    expect(() => checkOutputFile('--csv', folder)).toThrow(new InputError(`--csv ${folder}: is a folder, expected a file path`));
    expect(() => checkOutputDir('--out', file)).toThrow(new InputError(`--out ${file}: is an existing file, expected a folder`));
    expect(() => checkOutputFile('--svg', path.join(file, 'x.svg'))).toThrow(/a part of the path is a file, not a folder/);
    expect(() => checkOutputDir('--out', path.join(file, 'sub', 'deeper'))).toThrow(/a part of the path is a file, not a folder/);
  });

  it('refuses /proc (mkdir says no where permission bits say yes) without spinning', () => {
    expect(() => checkOutputDir('--out', '/proc/skirmish-x')).toThrow(/--out \/proc\/skirmish-x: cannot write in \/proc \(E[A-Z]+\)/);
  });

  it('accepts new and existing places, and leaves no probe behind', () => {
    checkOutputFile('--log', file);
    checkOutputFile('--log', path.join(dir, 'new', 'deeper', 'log.jsonl'));
    checkOutputDir('--out', folder);
    checkOutputDir('--out', path.join(dir, 'new-run', 'x'));
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'a-folder']);
  });

  it('makes missing folders level by level', () => {
    const deep = path.join(dir, 'm', 'n', 'o');
    makeOutputDir(deep);
    makeOutputDir(deep);
    expect(readdirSync(path.join(dir, 'm', 'n'))).toEqual(['o']);
    rmSync(path.join(dir, 'm'), { recursive: true });
  });
});
