import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../runner/helpers.js';

const MAIN = path.join(ROOT, 'dist', 'cli', 'main.js');

export function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Lines of finished tasks in a checkpoint (after its header). */
function checkpointTasks(dir: string): number {
  const f = path.join(dir, 'checkpoint.jsonl');
  if (!existsSync(f)) return 0;
  return readFileSync(f, 'utf8').split('\n').filter((l) => l.endsWith('}')).length - 1;
}

/** Starts the CLI, sends `signal` once the checkpoint holds `tasks` finished tasks, resolves with the exit. */
export function interrupt(args: string[], dir: string, signal: NodeJS.Signals, tasks: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let sent = false;
    const poll = setInterval(() => {
      if (!sent && checkpointTasks(dir) >= tasks) {
        sent = true;
        child.kill(signal);
      }
    }, 10);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      if (!sent) reject(new Error(`the run ended before it was interrupted: ${stderr}`));
      else resolve({ code, stderr });
    });
  });
}
