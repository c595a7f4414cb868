import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadExperiment, type LoadExperimentOptions } from '../../src/runner/index.js';
import type { Experiment } from '../../src/runner/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.join(here, 'fixtures');
export const ROOT = path.resolve(here, '..', '..');
/** The stand-in game (a plain .mjs, so worker threads can load it too). */
export const FAKE_GAME = pathToFileURL(path.join(FIXTURES, 'fake-game.mjs')).href;

export function tmp(prefix = 'runner-'): string {
  return mkdtempSync(path.join(tmpdir(), `skirmish-${prefix}`));
}

export function fixture(name: string, opts: Omit<LoadExperimentOptions, 'file'> = {}): Experiment {
  return loadExperiment({ file: path.join(FIXTURES, 'sims', name), ...opts });
}

/** The byte-compared outputs of a run folder. */
export function outputs(dir: string): { games: string; summary: string; errors: string } {
  const read = (f: string): string => readFileSync(path.join(dir, f), 'utf8');
  return { games: read('games.csv'), summary: read('summary.csv'), errors: read('errors.csv') };
}

export function exists(dir: string, file: string): boolean {
  return existsSync(path.join(dir, file));
}
