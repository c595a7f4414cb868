/*
 * The decision watch for plugin bots. Policies are synchronous, so a bot that never
 * returns can only be stopped from another thread. A plugin's wrapper
 * (plugins.ts) marks in a SharedArrayBuffer when it enters and leaves
 * `choose`, with the game's index and seed, its own name and the decision
 * kind; the thread that started the game (the pool's owner, or `play`) reads
 * it and terminates the thread whose bot overstays. Built-in policies are not
 * wrapped: they never touch it. This module imports only the error class, so a worker
 * playing stand-in games loads no engine for it.
 *
 * Layout (Int32 slots, then bytes): [0] ms since `base` + 1 when a decision
 * started, 0 between decisions; [1] game index; [2] seed bytes; [3] label
 * bytes; [4] base (seconds since the epoch, for both threads' clocks).
 */
import { InputError } from '../errors.js';

/** Seconds a plugin bot may take over one decision unless --decision-timeout says otherwise. */
export const DEFAULT_DECISION_TIMEOUT_S = 10;

export const WATCH_BYTES = 1024;
const SEED_AT = 64;
const LABEL_AT = 320;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What the watching thread reads: a decision under way, where, and since when. */
export interface WatchedDecision {
  /** ms it has taken so far. */
  ms: number;
  game: number;
  seed: string;
  bot: string;
  kind: string;
}

/** A new watch buffer (the watching side). */
export function createWatch(): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(WATCH_BYTES);
  new Int32Array(sab)[4] = Math.floor(Date.now() / 1000);
  return sab;
}

/** The decision under way in a watch buffer, or null between decisions. */
export function readWatch(sab: SharedArrayBuffer): WatchedDecision | null {
  const i32 = new Int32Array(sab);
  const at = Atomics.load(i32, 0);
  if (at === 0) return null;
  const bytes = new Uint8Array(sab);
  const label = decoder.decode(bytes.slice(LABEL_AT, LABEL_AT + Atomics.load(i32, 3)));
  const cut = label.lastIndexOf('\n');
  return {
    ms: Date.now() - (i32[4] * 1000 + at - 1),
    game: Atomics.load(i32, 1),
    seed: decoder.decode(bytes.slice(SEED_AT, SEED_AT + Atomics.load(i32, 2))),
    bot: label.slice(0, cut),
    kind: label.slice(cut + 1),
  };
}

/** This thread's watch (the writing side), set while a watched game plays. */
let watch: { i32: Int32Array; bytes: Uint8Array; base: number } | null = null;
/** ms a plugin decision may take in this thread; checked after it returns (a slow bot where no one watches). */
let limitMs = DEFAULT_DECISION_TIMEOUT_S * 1000;
const labels = new Map<string, Uint8Array>();

/** Makes this thread report its plugin decisions into `sab` (null: stop). */
export function setWatch(sab: SharedArrayBuffer | null): void {
  watch = sab === null ? null : { i32: new Int32Array(sab), bytes: new Uint8Array(sab), base: new Int32Array(sab)[4] * 1000 };
}

/** Sets the per-decision time limit of plugin bots in this thread. */
export function setDecisionTimeout(seconds: number): void {
  limitMs = seconds * 1000;
}

export function decisionLimitMs(): number {
  return limitMs;
}

/** Tells the watcher which game plays now (its index and seed); a no-op when nothing watches. */
export function watchGame(game: number, seed: string): void {
  const w = watch;
  if (w === null) return;
  Atomics.store(w.i32, 1, game);
  const r = encoder.encodeInto(seed, w.bytes.subarray(SEED_AT, LABEL_AT));
  Atomics.store(w.i32, 2, r.written);
}

/** A plugin's decision starts (plugins.ts); false when nothing watches. */
export function beginDecision(bot: string, kind: string): boolean {
  const w = watch;
  if (w === null) return false;
  const key = `${bot}\n${kind}`;
  let label = labels.get(key);
  if (!label) labels.set(key, (label = encoder.encode(key).subarray(0, WATCH_BYTES - LABEL_AT)));
  w.bytes.set(label, LABEL_AT);
  Atomics.store(w.i32, 3, label.length);
  Atomics.store(w.i32, 0, Date.now() - w.base + 1);
  return true;
}

/** The plugin's decision has ended. */
export function endDecision(): void {
  if (watch !== null) Atomics.store(watch.i32, 0, 0);
}

/** Whether a worker thread ended because its heap was full (Node's error for it). */
export function isOutOfMemory(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * The decision under way in `sab` when its thread ran out of memory (`err`):
 * a plugin bot was deciding, so it is the bot's doing. Null for any other
 * error, or when no plugin was deciding (the engine's own memory).
 */
export function outOfMemoryIn(err: unknown, sab: SharedArrayBuffer): WatchedDecision | null {
  return isOutOfMemory(err) ? readWatch(sab) : null;
}

/** What caps a worker thread's heap: a bot that fills it ends its worker, not the machine (docs/SCALE.md). */
export const WORKER_MEMORY_ENV = 'SKIRMISH_WORKER_MEMORY_MB';

/** The heap cap of worker threads in MB from SKIRMISH_WORKER_MEMORY_MB, or undefined for Node's own limit. */
export function workerHeapMb(): number | undefined {
  const raw = process.env[WORKER_MEMORY_ENV];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 16) throw new InputError(`${WORKER_MEMORY_ENV}: expected a whole number of MB, at least 16, got "${raw}"`);
  return Number(raw);
}

/** Piscina's and Worker's resourceLimits for workerHeapMb(). */
export function workerResourceLimits(): { maxOldGenerationSizeMb: number } | undefined {
  const mb = workerHeapMb();
  return mb === undefined ? undefined : { maxOldGenerationSizeMb: mb };
}

/** The line for a plugin bot that filled its worker's heap while deciding: the run ends on it, naming the bot. */
export function outOfMemoryLine(d: WatchedDecision): string {
  const mb = workerHeapMb();
  return `bot ${d.bot} ran out of memory on a ${d.kind} decision (its worker's heap ${mb === undefined ? "limit, Node's default" : `limit of ${mb} MB`}, ${WORKER_MEMORY_ENV})`;
}
