/** The package's own files: its root folder, its built workers, and the version and build that manifests and checkpoints carry. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** A built worker module, `dist/<file>` (vitest imports src/, worker threads need the built JS). */
export function builtFile(file: string): string {
  return path.join(packageRoot(), 'dist', file);
}

let version: string | undefined;

/**
 * The version and build of the running code, `0.1.0+<build>`: the build is
 * the first 12 hex digits of a sha256 over the running code's files (dist/
 * when built, src/ under tsx), so two builds of one version differ. Manifests
 * and checkpoints carry it: merge and --resume refuse to mix builds.
 */
export function packageVersion(): string {
  if (version !== undefined) return version;
  const pkg = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  version = `${pkg.version}+${buildId()}`;
  return version;
}

function buildId(): string {
  // This file is <code>/batch/package.{js,ts}: hash every module file under <code>, in a fixed order.
  const code = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(m?js|ts|json)$/.test(e.name) && !e.name.endsWith('.map')) files.push(p);
    }
  };
  walk(code);
  const h = createHash('sha256');
  for (const f of files) h.update(path.relative(code, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 12);
}
