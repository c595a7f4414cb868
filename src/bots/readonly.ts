/**
 * What a plugin bot sees of the game: the live state behind a read-only
 * proxy, so that a bot cannot change the game it plays (a write throws,
 * naming the bot). Proxies are made lazily, once per object and bot, so a
 * plugin's per-game caches keyed by `view.state` keep working.
 */
import type { GameView } from '../engine/types.js';

/** A write through a read-only view. */
export class ReadOnlyWrite extends Error {
  override readonly name = 'ReadOnlyWrite';
}

const raw = new WeakMap<object, object>();

/** The object behind a read-only proxy (or the object itself). */
export function unwrapped<T>(x: T): T {
  return (typeof x === 'object' && x !== null ? (raw.get(x) as T | undefined) : undefined) ?? x;
}

/**
 * State fields handed over as they are: the engine's derived indexes, whose
 * scratch buffers the engine's own queries (which a plugin calls through the
 * toolkit) write into; the state's memory and the Match's memo, where the
 * toolkit keeps its records and answers (memo.ts).
 * A bot writing there can only spoil the bots' answers about this state, not
 * the game's record (the engine rebuilds the grid and never reads the bots'
 * entries).
 */
const AS_IS = new Set(['grid', 'memory']);

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'fill', 'copyWithin', 'sort', 'reverse', 'push', 'pop', 'shift', 'unshift', 'splice']);

/** A read-only view maker for one bot: its proxies are kept for as long as their objects live. */
export function readOnlyMaker(bot: string): <T>(x: T) => T {
  const proxies = new WeakMap<object, object>();
  const refuse = (what: string): never => {
    throw new ReadOnlyWrite(`bot ${bot} tried to change the game (${what}); a bot sees the game read-only: play a fork (view.fork) to try moves`);
  };
  const wrap = <T>(x: T): T => {
    if (typeof x !== 'object' || x === null) return x;
    let p = proxies.get(x);
    if (!p) {
      const target = x as object;
      // Maps, Sets and typed arrays keep their data in internal slots: their methods run on the object itself.
      const slotted = target instanceof Map || target instanceof Set || ArrayBuffer.isView(target);
      p = new Proxy(target, {
        get(t, k) {
          const v: unknown = Reflect.get(t, k, t);
          if (typeof k === 'string' && ((AS_IS.has(k) && 'warriors' in t) || (k === 'memo' && 'ruleset' in t))) return v;
          if (typeof v === 'function') {
            if (typeof k === 'string' && MUTATORS.has(k) && (slotted || Array.isArray(t))) return () => refuse(`${k}()`);
            return slotted ? (...args: unknown[]) => wrap((v as (...a: unknown[]) => unknown).apply(t, args)) : v;
          }
          return wrap(v);
        },
        set: (_t, k) => refuse(`set ${String(k)}`),
        defineProperty: (_t, k) => refuse(`define ${String(k)}`),
        deleteProperty: (_t, k) => refuse(`delete ${String(k)}`),
        setPrototypeOf: () => refuse('set a prototype'),
        preventExtensions: () => refuse('prevent extensions'),
      });
      proxies.set(target, p);
      raw.set(p, target);
    }
    return p as T;
  };
  return wrap;
}

/** `view` with its state read-only for `wrap`'s bot (its fork and explain as they are). */
export function readOnlyView(view: GameView, wrap: <T>(x: T) => T): GameView {
  return { ...view, state: wrap(view.state) };
}
