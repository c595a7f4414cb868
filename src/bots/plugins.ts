/**
 * Plugin policies: an ES module whose default export is a Policy, or a
 * factory `(options) => Policy`. Loaded once per thread (every worker loads
 * its own), then found by getPolicy under the module's absolute path.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Choice, Decision, GameView, Policy } from '../engine/types.js';
import type { Rng } from '../dice/types.js';
import { InputError } from '../errors.js';
import { isPluginSpec, loadedPlugins, splitSpec } from './registry.js';

const isPolicy = (x: unknown): x is Policy =>
  typeof x === 'object' && x !== null && typeof (x as Policy).name === 'string' && typeof (x as Policy).choose === 'function';

/** A plugin spec with its module path made absolute (relative paths from `baseDir`); other specs as they are. */
export function resolvePolicySpec(spec: string, baseDir: string): string {
  if (!isPluginSpec(spec)) return spec;
  const { name } = splitSpec(spec);
  return path.resolve(baseDir, name) + spec.slice(name.length);
}

/** The module file of a plugin spec (absolute, from `baseDir`), or null for a built-in. */
export function pluginFile(spec: string, baseDir: string): string | null {
  return isPluginSpec(spec) ? path.resolve(baseDir, splitSpec(spec).name) : null;
}

/** sha256 of a plugin module's bytes (manifest.json; a changed bot changes the run's inputs hash). */
export function pluginHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Names the module in anything its policy throws: a bug in a plugin points at the plugin. */
function wrap(p: Policy, file: string): Policy {
  const name = `${p.name} (${file})`;
  return {
    name,
    choose(view: GameView, d: Decision, rng: Rng): Choice {
      try {
        return p.choose(view, d, rng);
      } catch (e) {
        if (e instanceof Error) e.message = `policy ${name} threw on a ${d.kind} decision: ${e.message}`;
        throw e;
      }
    },
  };
}

/**
 * Loads the module of a plugin spec (its path absolute, see
 * resolvePolicySpec) so that getPolicy(spec) finds it. A module that does not
 * load, or exports no Policy or factory, is an InputError naming the module.
 */
export async function loadPlugin(spec: string): Promise<void> {
  const { name: file } = splitSpec(spec);
  if (loadedPlugins.has(file)) return;
  if (!existsSync(file)) throw new InputError(`policy "${spec}": module not found: ${file}`);
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    throw new InputError(`policy "${spec}": module ${file} failed to load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  const x = mod.default;
  if (isPolicy(x)) {
    loadedPlugins.set(file, {
      create(options) {
        const keys = Object.keys(options);
        if (keys.length > 0) throw new InputError(`policy "${spec}": module ${file} exports a Policy, which takes no options (got ${keys.join(', ')})`);
        return wrap(x, file);
      },
    });
    return;
  }
  if (typeof x === 'function') {
    loadedPlugins.set(file, {
      create(options) {
        let p: unknown;
        try {
          p = (x as (o: Record<string, string>) => unknown)(options);
        } catch (e) {
          throw new InputError(`policy "${spec}": the factory of ${file} threw: ${e instanceof Error ? e.message : String(e)}`);
        }
        if (!isPolicy(p)) throw new InputError(`policy "${spec}": the factory of ${file} returned no Policy (an object with a name and choose)`);
        return wrap(p, file);
      },
    });
    return;
  }
  throw new InputError(`policy "${spec}": module ${file} has no usable default export (expected a Policy {name, choose} or a factory (options) => Policy)`);
}
