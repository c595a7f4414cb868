import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The package's root folder, found from this file whether it runs from src/ or dist/. */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'skirmish-lab') {
      root = dir;
      return dir;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the skirmish-lab package root');
    dir = up;
  }
}

/** The pool's worker, always the built JS (vitest imports the runner from src/, workers need JS). */
export function workerFile(): string {
  return path.join(packageRoot(), 'dist', 'runner', 'worker.js');
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** `skirmish run` without an argument. */
export function quickstartFile(): string {
  return path.join(packageRoot(), 'sims', 'quickstart.json');
}
