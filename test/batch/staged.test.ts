import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestText, StagedOutput } from '../../src/batch/staged.js';
import { packageVersion } from '../../src/batch/package.js';

const folder = (): string => mkdtempSync(path.join(tmpdir(), 'staged-'));

describe('staged output', () => {
  it('shows nothing under a final name until the commit, then every file at once', () => {
    const dir = folder();
    const { output, streams } = StagedOutput.open((stream) => ({ games: stream(path.join(dir, 'games.csv'), 'game\n'), errors: stream(path.join(dir, 'errors.csv'), 'error\n') }));
    streams.games.write('1\n');
    streams.games.write('2\n');
    expect(readdirSync(dir).filter((f) => !f.startsWith('.'))).toEqual([]);
    const result = output.commit((write) => {
      write(path.join(dir, 'summary.csv'), 'games\n2\n');
      write(path.join(dir, 'manifest.json'), '{}\n');
      return 'done';
    });
    expect(result).toBe('done');
    expect(readdirSync(dir).sort()).toEqual(['errors.csv', 'games.csv', 'manifest.json', 'summary.csv']);
    expect(readFileSync(path.join(dir, 'games.csv'), 'utf8')).toBe('game\n1\n2\n');
    expect(readFileSync(path.join(dir, 'errors.csv'), 'utf8')).toBe('error\n');
  });

  it('a final file that fails leaves no final-named file and no temporary one, the streams included', () => {
    const dir = folder();
    const { output, streams } = StagedOutput.open((stream) => ({ games: stream(path.join(dir, 'games.csv'), 'game\n') }));
    streams.games.write('1\n');
    expect(() =>
      output.commit((write) => {
        write(path.join(dir, 'summary.csv'), 'games\n1\n');
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a stream that cannot open removes those opened before it; abandon removes every temporary file', () => {
    const dir = folder();
    expect(() => StagedOutput.open((stream) => [stream(path.join(dir, 'games.csv'), 'game\n'), stream(path.join(dir, 'no-such-folder', 'errors.csv'), 'error\n')])).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
    const { output, streams } = StagedOutput.open((stream) => stream(path.join(dir, 'games.csv'), 'game\n'));
    streams.write('1\n');
    expect(readdirSync(dir)).toHaveLength(1);
    output.abandon();
    output.abandon();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a manifest names the batch, then the package and Node that made it, then the rest', () => {
    const text = manifestText({ experiment: 'x', inputsHash: 'h' }, { seed: 's', experiment: 'kept in its place' });
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['kind', 'experiment', 'inputsHash', 'package', 'node', 'seed']);
    expect(JSON.parse(text)).toMatchObject({ kind: 'manifest', experiment: 'kept in its place', package: { name: 'skirmish-lab', version: packageVersion() }, node: process.version });
    expect(text.endsWith('}\n')).toBe(true);
  });
});
