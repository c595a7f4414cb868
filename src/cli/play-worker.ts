/**
 * `play`'s game thread when a plugin bot plays (compiled to
 * dist/cli/play-worker.js): the command's thread watches the bot's decisions
 * and terminates this one when a decision overstays --decision-timeout.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setDecisionTimeout, setWatch } from '../batch/watch.js';
import { PluginError } from '../bots/index.js';
import { InputError } from '../errors.js';
import { playCore, type PlayFlags, type PlayIo } from './commands/play.js';

const data = workerData as { flags: PlayFlags; io: PlayIo; watch: SharedArrayBuffer; timeoutS: number };
setDecisionTimeout(data.timeoutS);
setWatch(data.watch);
try {
  const { result, out } = await playCore(data.flags, data.io);
  parentPort!.postMessage({ result, out });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  parentPort!.postMessage({ error: { message, input: err instanceof InputError, plugin: err instanceof PluginError } });
}
