import type { ProgressUpdate } from './run.js';

/** Shows a run's progress on stderr: a redrawn bar on a terminal, plain periodic lines otherwise. */
export interface Progress {
  update(p: ProgressUpdate): void;
  /** Draws the last state and ends the bar's line. */
  end(): void;
}

export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Default: stream.isTTY. */
  tty?: boolean;
  /** Plain mode: at most one line this often. Default 10 s. */
  intervalMs?: number;
  now?: () => number;
  /** Plain mode's line prefix. Default "run". */
  label?: string;
}

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "1234/2100 games, 57.3 games/s, ETA 0:15" */
export function progressText(p: ProgressUpdate): string {
  const rate = p.elapsedMs > 0 ? p.played / (p.elapsedMs / 1000) : 0;
  const eta = rate > 0 ? (p.total - p.done) / rate : Number.NaN;
  return `${p.done}/${p.total} games, ${rate.toFixed(1)} games/s, ETA ${clock(eta)}`;
}

export function createProgress(opts: ProgressOptions): Progress {
  const tty = opts.tty ?? opts.stream.isTTY === true;
  const now = opts.now ?? Date.now;
  const interval = tty ? 100 : (opts.intervalMs ?? 10_000);
  let last: ProgressUpdate | null = null;
  let drawnAt = -Infinity;
  let drawn = false;

  const draw = (p: ProgressUpdate): void => {
    const text = progressText(p);
    if (!tty) {
      opts.stream.write(`${opts.label ?? 'run'}: ${text}\n`);
      return;
    }
    const width = Math.max(10, Math.min(40, (opts.stream.columns ?? 80) - text.length - 10));
    const frac = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
    const full = Math.round(frac * width);
    const bar = '█'.repeat(full) + '░'.repeat(width - full);
    opts.stream.write(`\r\x1b[2K${bar} ${String(Math.floor(frac * 100)).padStart(3)}% ${text}`);
    drawn = true;
  };

  return {
    update(p) {
      last = p;
      const t = now();
      if (t - drawnAt >= interval) {
        drawnAt = t;
        draw(p);
      }
    },
    end() {
      if (last && (tty || drawnAt !== now())) draw(last);
      if (tty && drawn) opts.stream.write('\n');
    },
  };
}
