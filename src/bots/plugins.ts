/**
 * Plugin policies: an ES module whose default export is a Policy, or a
 * factory `(options) => Policy`. Loaded once per thread (every worker loads
 * its own), then found by getPolicy under the module's absolute path.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import type { Choice, Decision, GameView, Policy } from '../engine/types.js';
import type { Rng } from '../dice/types.js';
import { InputError } from '../errors.js';
import { isPluginSpec, loadedPlugins, splitSpec } from './registry.js';
import { beginDecision, decisionLimitMs, endDecision } from '../batch/watch.js';
import { readOnlyMaker, readOnlyView, ReadOnlyWrite } from './readonly.js';

const isPolicy = (x: unknown): x is Policy => typeof x === 'object' && x !== null && typeof (x as Policy).name === 'string' && typeof (x as Policy).choose === 'function';

/** isPolicy, with a getter that throws named: `what` says whose (the module, its factory's answer). */
function checkedPolicy(x: unknown, what: string): x is Policy {
  try {
    return isPolicy(x);
  } catch (e) {
    throw new InputError(`${what}: reading its name or choose threw: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

/**
 * Runs plugin code (its loading, a decision) with this process's exit and
 * standard output guarded: `process.exit` throws an error naming the bot
 * instead of ending the run, and what it prints goes to stderr, so that
 * `play --json` stays JSON.
 */
const toStderr = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

function guarded<T>(who: string, fn: () => T): T {
  const exit = process.exit;
  const write = process.stdout.write;
  process.exit = ((code?: number) => {
    throw new PluginError(`${who} called process.exit(${code ?? ''})`, who, '');
  }) as typeof process.exit;
  process.stdout.write = toStderr;
  try {
    return fn();
  } finally {
    process.exit = exit;
    process.stdout.write = write;
  }
}

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

/**
 * A plugin bot's bad answer or timeout: one line naming the bot and
 * the decision kind; the caller adds the seed that replays it.
 */
export class PluginError extends Error {
  override readonly name = 'PluginError';
  constructor(
    message: string,
    readonly bot: string,
    readonly kind: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const KINDS = new Set(['deployFirst', 'deploy', 'supremacyTie', 'commandAbility', 'duelResponse', 'commandCard', 'selectWarrior', 'action']);

/**
 * Checks a plugin's answer before the engine sees it: an object of the
 * decision's kind that the engine accepts (tried on a fork of the game, with
 * its own dice: the game's dice stream is never touched).
 */
function badAnswer(view: GameView, d: Decision, c: unknown): string | null {
  if (c === undefined || c === null) return `returned ${String(c)}`;
  if (typeof c !== 'object') return `returned a ${typeof c} (${String(c).slice(0, 40)}), not a choice object`;
  const kind = (c as { kind?: unknown }).kind;
  if (kind !== d.kind) return `returned a choice of kind ${JSON.stringify(kind) ?? 'undefined'}${typeof kind === 'string' && KINDS.has(kind) ? '' : ' (no such kind)'}`;
  if (!view.fork) return null;
  try {
    view.fork('plugin-check').apply(c as Choice);
  } catch (e) {
    return `made an illegal ${d.kind} choice: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
  }
  return null;
}

/** Names the module in anything its policy throws or answers wrongly; times its decisions (see the watch above). */
function wrap(p: Policy, file: string): Policy {
  let own: string;
  try {
    own = String(p.name);
  } catch (e) {
    throw new InputError(`plugin ${file}: reading its policy's name threw: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  const name = `${own} (${file})`;
  const readOnly = readOnlyMaker(name);
  return {
    name,
    choose(view: GameView, d: Decision, rng: Rng): Choice {
      const watched = beginDecision(name, d.kind);
      const t0 = performance.now();
      let c: unknown;
      try {
        c = guarded(`bot ${name}`, () => p.choose(readOnlyView(view, readOnly), d, rng));
      } catch (e) {
        if (e instanceof ReadOnlyWrite) throw new PluginError(`${e.message}, on a ${d.kind} decision`, name, d.kind, { cause: e });
        if (e instanceof PluginError) throw new PluginError(`${e.message} on a ${d.kind} decision`, name, d.kind, { cause: e });
        const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
        throw new PluginError(`bot ${name} threw on a ${d.kind} decision: ${why}`, name, d.kind, { cause: e });
      } finally {
        if (watched) endDecision();
      }
      const ms = performance.now() - t0;
      if (ms > decisionLimitMs()) {
        throw new PluginError(`bot ${name} took ${(ms / 1000).toFixed(1)} s over a ${d.kind} decision (limit ${decisionLimitMs() / 1000} s, --decision-timeout)`, name, d.kind);
      }
      const bad = badAnswer(view, d, c);
      if (bad !== null) throw new PluginError(`bot ${name} ${bad.startsWith('made') ? bad : `${bad} for a ${d.kind} decision`}`, name, d.kind);
      return c as Choice;
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
  await probeLoad(spec, file, Math.max(decisionLimitMs(), MIN_LOAD_MS));
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    throw new InputError(`policy "${spec}": module ${file} failed to load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  const x = mod.default;
  if (checkedPolicy(x, `policy "${spec}": module ${file}`)) {
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
          p = guarded(`the factory of ${file}`, () => (x as (o: Record<string, string>) => unknown)(options));
        } catch (e) {
          throw new InputError(`policy "${spec}": the factory of ${file} threw: ${e instanceof Error ? e.message : String(e)}`);
        }
        if (!checkedPolicy(p, `policy "${spec}": the policy the factory of ${file} returned`))
          throw new InputError(`policy "${spec}": the factory of ${file} returned no Policy (an object with a name and choose)`);
        return wrap(p, file);
      },
    });
    return;
  }
  throw new InputError(`policy "${spec}": module ${file} has no usable default export (expected a Policy {name, choose} or a factory (options) => Policy)`);
}

/*
 * A module is imported once in a thread of its own before this thread imports
 * it: a top-level await that never settles or a busy loop at load would hang
 * this thread (signals included) for good, or end the process with code 13.
 * This bound on wall-clock time is a safety guard, not a bot budget: what
 * the bot decides never depends on it.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url).then(
  () => parentPort.postMessage(null),
  (e) => parentPort.postMessage(e instanceof Error ? e.message.split('\\n')[0] : String(e)),
);
`;

/** A module gets --decision-timeout to load, but never less than this (a busy machine loads the engine slowly). */
export const MIN_LOAD_MS = 5_000;

/** Imports `file` in a worker thread within `limitMs`; an InputError naming it when it fails to, and the thread is ended. */
function probeLoad(spec: string, file: string, limitMs: number): Promise<void> {
  // Its console output is dropped: the module prints again when this thread imports it.
  const worker = new Worker(PROBE, { eval: true, workerData: { url: pathToFileURL(file).href }, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  const seconds = `${limitMs / 1000} s (--decision-timeout, at least ${MIN_LOAD_MS / 1000} s)`;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    // A signal ends the wait at once (in the thread that gets signals): SIGINT must end a command within seconds.
    const onSignal = (sig: string): void => settle(`was still loading at ${sig}; stopped`);
    const settle = (why: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (isMainThread) {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      void worker.terminate();
      if (why === null) resolve();
      else reject(new InputError(`policy "${spec}": module ${file} ${why}`));
    };
    const timer = setTimeout(() => settle(`did not finish loading within ${seconds}: a busy loop or an await that never settles at its top level?`), limitMs);
    if (isMainThread) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    worker.on('message', (m: string | null) => settle(m === null ? null : `failed to load: ${m}`));
    worker.on('error', (e) => settle(`failed to load: ${e.message.split('\n')[0]}`));
    worker.on('exit', () => settle('never finished loading: its top level awaits something that never settles (or calls process.exit)'));
  });
}
