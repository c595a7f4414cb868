/*
 * A batch's output files, staged: the CSVs written as items finish
 * (streams), then the files made at the end (a summary, a manifest), all
 * under temporary names, renamed together when the batch is complete. A
 * stop, a failure or a full disk anywhere on the way leaves no final-named
 * file and no temporary one (docs/SCALE.md).
 */
import { closeSync, fsyncSync } from 'node:fs';
import { openNew, removeIfPresent, StagedFiles, tmpNameFor, writeAll } from '../data/outputs.js';
import { packageVersion } from './package.js';

/** A file written as the batch goes, under its temporary name. */
export interface OutputStream {
  write(text: string): void;
}

/** Writes a final file of the batch (beside the streams). */
export type WriteFinal = (file: string, text: string) => void;

export class StagedOutput {
  private readonly streams: { file: string; tmp: string; fd: number }[] = [];
  private readonly finals = new StagedFiles();

  /**
   * Opens the streams `make` asks for, each file's temporary file fresh with
   * its header written (a full disk already: nothing is left behind, and the
   * error is thrown).
   */
  static open<T>(make: (stream: (file: string, header: string) => OutputStream) => T): { output: StagedOutput; streams: T } {
    const output = new StagedOutput();
    try {
      return { output, streams: make((file, header) => output.stream(file, header)) };
    } catch (err) {
      output.abandon();
      throw err;
    }
  }

  private stream(file: string, header: string): OutputStream {
    const s = { file, tmp: tmpNameFor(file), fd: -1 };
    this.streams.push(s);
    s.fd = openNew(s.tmp);
    writeAll(s.fd, header);
    return { write: (text) => writeAll(s.fd, text) };
  }

  /**
   * Syncs and closes the streams, writes the final files `finals` makes (the
   * manifest last), and renames them all. On any failure every temporary
   * file goes and the error is thrown.
   */
  commit<T>(finals: (write: WriteFinal) => T): T {
    try {
      for (const s of this.streams) {
        fsyncSync(s.fd);
        closeSync(s.fd);
        s.fd = -1;
        this.finals.add(s.file, s.tmp);
      }
      this.streams.length = 0;
      const result = finals((file, text) => this.finals.write(file, text));
      this.finals.commit();
      return result;
    } catch (err) {
      this.abandon();
      throw err;
    }
  }

  /** Closes the streams and removes every temporary file (a stop, a failure). Safe to call twice. */
  abandon(): void {
    for (const s of this.streams) {
      try {
        if (s.fd >= 0) closeSync(s.fd);
      } catch {
        // already closed
      }
      s.fd = -1;
      removeIfPresent(s.tmp);
    }
    this.streams.length = 0;
    this.finals.abandon();
  }
}

/**
 * manifest.json's text: `kind`, what the batch is (`experiment` or
 * `campaign`, its file and inputs hash), the package and Node that made it,
 * then the rest.
 */
export function manifestText(what: Record<string, unknown>, rest: Record<string, unknown>): string {
  const manifest = { kind: 'manifest', ...what, package: { name: 'skirmish-lab', version: packageVersion() }, node: process.version, ...rest };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
