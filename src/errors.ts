/**
 * Errors a user can fix: bad files, bad flags, bad experiment definitions.
 * The CLI prints `message` alone on one line and exits 2; no stack trace
 * unless --debug (DESIGN.md, Errors).
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  /** Every problem found, one line each (`file: path: message`). */
  readonly lines: string[];

  constructor(lines: string | string[]) {
    const all = typeof lines === 'string' ? [lines] : lines;
    super(all.join('\n'));
    this.lines = all;
  }
}

/** Formats a JSON path like `regiments[2].models` from zod-style path segments. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out === '' ? '(root)' : out;
}
