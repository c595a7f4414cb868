/**
 * The shell examples of README.md and docs/*.md: extracted, parsed by the real
 * commander program, checked against the files they read and the folders
 * earlier lines of their block write, and (bench/docs-examples.ts, and the
 * cheap ones in test/docs/examples.test.ts) run as written.
 *
 * An example is a fenced ```sh block. Its lines run in order, from the project
 * folder; a block is self-contained: a line that reads a run's output folder
 * (`report DIR`, `merge DIR...`, `campaign --merge DIR...`) follows the line
 * that writes it in the same block. A line exits 0 unless its comment says
 * `exits N`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerCommands } from '../../src/cli/commands/index.js';
import { splitPolicies } from '../../src/cli/commands/tournament.js';
import { getPolicy, getScenario } from '../../src/index.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** One line of an example block (continuation lines joined). */
export interface ExampleLine {
  file: string;
  /** 1-based line in the file where it starts. */
  line: number;
  /** The line as a shell runs it (continuations joined, the comment kept). */
  text: string;
  /** The exit code the docs promise: 0 unless the comment says `exits N`. */
  exit: number;
}

export interface ExampleBlock {
  file: string;
  line: number;
  lines: ExampleLine[];
}

/** README.md first, then every docs/ page in name order. */
export function docFiles(root = ROOT): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Every fenced `sh` block of one Markdown text. */
export function blocksOf(file: string, markdown: string): ExampleBlock[] {
  const src = markdown.split('\n');
  const blocks: ExampleBlock[] = [];
  for (let i = 0; i < src.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(src[i])) continue;
    const block: ExampleBlock = { file, line: i + 1, lines: [] };
    let j = i + 1;
    for (; j < src.length && !src[j].startsWith('```'); j++) {
      const start = j;
      let text = src[j];
      while (text.endsWith('\\') && j + 1 < src.length && !src[j + 1].startsWith('```')) {
        text = `${text.slice(0, -1)} ${src[++j].trim()}`;
      }
      text = text.trim();
      if (text === '' || text.startsWith('#')) continue;
      const exits = /#.*\bexits (\d+)\b/.exec(text);
      block.lines.push({ file, line: start + 1, text, exit: exits ? Number(exits[1]) : 0 });
    }
    i = j;
    blocks.push(block);
  }
  return blocks;
}

export function allBlocks(root = ROOT): ExampleBlock[] {
  return docFiles(root).flatMap((f) => blocksOf(f, readFileSync(path.join(root, f), 'utf8')));
}

/** A shell word (with whether it holds an unquoted glob) or an operator. */
export type Token = { word: string; glob: boolean } | { op: string };

/** Splits a command line the way sh does for the simple lines the docs use: quotes, backslashes, operators, comments. */
export function shellTokens(line: string): Token[] {
  const out: Token[] = [];
  let word: string | null = null;
  let glob = false;
  const end = (): void => {
    if (word !== null) out.push({ word, glob });
    word = null;
    glob = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      let s = '';
      for (i++; i < line.length && line[i] !== '"'; i++) s += line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '') ? line[++i] : line[i];
      if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
      word = (word ?? '') + s;
    } else if (c === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if (/\s/.test(c)) {
      end();
    } else if (c === '#' && word === null) {
      break;
    } else if ('|&;'.includes(c)) {
      end();
      const two = line.slice(i, i + 2);
      const op = two === '&&' || two === '||' ? two : c;
      out.push({ op });
      i += op.length - 1;
    } else {
      if (c === '*' || c === '?') glob = true;
      word = (word ?? '') + c;
    }
  }
  end();
  return out;
}

/** `dir/*.json`-style globs (a `*` or `?` in the last part only), from `cwd`; sorted as sh sorts them. */
export function expandGlob(pattern: string, cwd = ROOT): string[] {
  const dir = path.posix.dirname(pattern);
  const base = path.posix.basename(pattern);
  if (/[*?]/.test(dir)) throw new Error(`glob in a folder name is not supported: ${pattern}`);
  const re = new RegExp(
    `^${base
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  const abs = path.join(cwd, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((f) => re.test(f) && !f.startsWith('.'))
    .sort()
    .map((f) => (dir === '.' ? f : `${dir}/${f}`));
}

/** Programs an example may run besides `npx skirmish`, `node examples/…` and `npx tsx bench/…`, and the argument lists allowed. */
const OTHER_PROGRAMS: Record<string, (args: string[]) => boolean> = {
  npm: (a) => ['install', 'test', 'run build'].includes(a.join(' ')),
  printf: () => true,
};

/** A script of examples/ run with node, or of bench/ with tsx: its file and arguments. */
export interface ScriptRun {
  file: string;
  args: string[];
}

/** The example scripts cheap enough for the test suite (one game, no run folder needed). */
const CHEAP_SCRIPTS = new Set(['examples/play-one.mjs']);

/**
 * The `skirmish` invocations of one line (argv after `skirmish`) and the
 * example scripts it runs, or the problems that make it no example.
 */
export function invocations(line: string, cwd = ROOT): { argvs: string[][]; scripts: ScriptRun[]; problems: string[] } {
  const problems: string[] = [];
  const argvs: string[][] = [];
  const scripts: ScriptRun[] = [];
  // Segments between operators; a `printf … | xargs … {}` pair fans out over printf's values.
  const segments: { words: { word: string; glob: boolean }[]; after: string | null }[] = [{ words: [], after: null }];
  for (const t of shellTokens(line)) {
    if ('op' in t) segments.push({ words: [], after: t.op });
    else segments[segments.length - 1].words.push(t);
  }
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s];
    if (seg.words.length === 0) {
      if (seg.after !== '&' || s !== segments.length - 1) problems.push(`empty command in: ${line}`);
      continue;
    }
    let words = seg.words.flatMap((w) => (w.glob ? globOrProblem(w.word) : [w.word]));
    let values: string[] = [''];
    if (words[0] === 'xargs') {
      const prev = segments[s - 1];
      if (seg.after !== '|' || !prev || prev.words[0]?.word !== 'printf') {
        problems.push(`xargs must read a printf's values: ${line}`);
        continue;
      }
      values = prev.words.slice(2).map((w) => w.word);
      const npx = words.indexOf('npx');
      if (npx < 0 || !words.slice(1, npx).includes('-I{}')) {
        problems.push(`xargs must run npx skirmish with -I{}: ${line}`);
        continue;
      }
      words = words.slice(npx);
    }
    if (words[0] === 'npx' && words[1] === 'tsx' && words[2]?.startsWith('bench/')) {
      // A benchmark script, run as bench/README.md says.
      scripts.push({ file: words[2], args: words.slice(3) });
    } else if (words[0] === 'npx') {
      if (words[1] !== 'skirmish') {
        problems.push(`npx runs only skirmish in the docs, not ${words[1]}: ${line}`);
        continue;
      }
      for (const v of values) argvs.push(words.slice(2).map((w) => w.replaceAll('{}', v)));
    } else if (words[0] === 'node' && words[1]?.startsWith('examples/')) {
      scripts.push({ file: words[1], args: words.slice(2) });
    } else if (!OTHER_PROGRAMS[words[0]]?.(words.slice(1))) {
      problems.push(`unknown program "${words.join(' ')}" (the docs run npx skirmish, npm install, npm test, npm run build): ${line}`);
    }
  }
  return { argvs, scripts, problems };

  function globOrProblem(pattern: string): string[] {
    const files = expandGlob(pattern, cwd);
    if (files.length === 0) problems.push(`${pattern} matches no file`);
    return files;
  }
}

/** What commander made of an argv: the command's path (`dice check`), its arguments and options. */
export interface Parsed {
  command: string;
  args: unknown[];
  opts: Record<string, unknown>;
}

/**
 * Parses `argv` with the real program (every command registered as the CLI
 * registers them), its actions replaced by a recorder: an unknown flag, a
 * missing argument or a wrong subcommand is commander's own error.
 */
export async function parseWithProgram(argv: string[]): Promise<Parsed | { error: string }> {
  let errors = '';
  let parsed: Parsed | null = null;
  const program = new Command()
    .name('skirmish')
    .option('--debug', 'print stack traces for errors')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: (s) => (errors += s) });
  registerCommands(program);
  const record = (cmd: Command): void => {
    for (const sub of cmd.commands) {
      sub.action((...a: unknown[]) => {
        const c = a[a.length - 1] as Command;
        const names: string[] = [];
        for (let x: Command | null = c; x && x !== program; x = x.parent) names.unshift(x.name());
        parsed = { command: names.join(' '), args: c.processedArgs, opts: c.opts() };
      });
      record(sub);
    }
  };
  record(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return { error: errors.trim() || err.message };
    throw err;
  }
  return parsed ?? { error: `no command ran for: skirmish ${argv.join(' ')}` };
}

const pathLike = (s: string): boolean => s.includes('/') || /\.(json|m?js)$/.test(s);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const list = (x: unknown): string[] => (Array.isArray(x) ? x.map(String) : typeof x === 'string' ? [x] : []);

/** An experiment's or campaign's default output folder: its `out`, else reports/<name>. */
function defaultOut(file: string, cwd: string): string | null {
  try {
    const json = JSON.parse(readFileSync(path.join(cwd, file), 'utf8')) as { out?: string; name?: string };
    return json.out ?? (json.name ? `reports/${json.name}` : null);
  } catch {
    return null;
  }
}

/** What a parsed command reads: files, output folders of earlier lines, policy specs and scenarios. */
function readsOf(p: Parsed): { files: string[]; dirs: string[]; policies: string[]; scenarios: string[] } {
  const o = p.opts;
  const r = { files: [] as string[], dirs: [] as string[], policies: [] as string[], scenarios: [] as string[] };
  switch (p.command) {
    case 'run':
    case 'sweep':
      r.files.push(str(p.args[0]) ?? 'sims/quickstart.json');
      break;
    case 'campaign':
      r.files.push(String(p.args[0]));
      r.dirs.push(...list(o.merge));
      break;
    case 'merge':
      r.dirs.push(...list(p.args[0]));
      break;
    case 'report':
      r.dirs.push(String(p.args[0]));
      if (str(o.experiment)) r.files.push(String(o.experiment));
      break;
    case 'tournament':
      r.files.push(...(str(o.armies)?.split(',') ?? []));
      r.scenarios.push(...(str(o.scenarios)?.split(',') ?? []));
      r.policies.push(...(str(o.policies) ? splitPolicies(String(o.policies)) : []));
      break;
    case 'play':
      r.files.push(...[o.armyA, o.armyB, o.ruleset].flatMap((x) => (str(x) ? [String(x)] : [])));
      r.scenarios.push(String(o.scenario));
      r.policies.push(String(o.policyA), String(o.policyB));
      break;
    case 'army':
      r.files.push(String(p.args[0]), ...(str(o.ruleset) ? [String(o.ruleset)] : []));
      break;
    case 'validate':
    case 'dice check':
      r.files.push(...list(p.args[0]));
      break;
    case 'scenario show':
      r.scenarios.push(String(p.args[0]));
      break;
  }
  return r;
}

/** The output folder a parsed command writes (for the lines after it), or null. */
function writesOf(p: Parsed, cwd: string): string | null {
  const out = str(p.opts.out);
  switch (p.command) {
    case 'run':
    case 'sweep':
    case 'balance':
      return out ?? defaultOut(str(p.args[0]) ?? 'sims/quickstart.json', cwd);
    case 'campaign':
      return out ?? (p.opts.merge ? null : defaultOut(String(p.args[0]), cwd));
    case 'tournament':
      return out ?? 'reports/tournament';
    case 'merge':
      return out ?? null;
    default:
      return null;
  }
}

/** The checks one parsed invocation passes or fails, given the folders earlier lines of its block wrote. */
export function checkReads(p: Parsed, written: Set<string>, cwd = ROOT): string[] {
  const problems: string[] = [];
  const r = readsOf(p);
  for (const f of r.files) if (!existsSync(path.join(cwd, f))) problems.push(`${f}: no such file`);
  for (const d of r.dirs) {
    if (!written.has(path.posix.normalize(d)) && !existsSync(path.join(cwd, d))) {
      problems.push(`${d}: no earlier line of the block writes it (say which command makes it, in the block)`);
    }
  }
  for (const spec of r.policies) {
    const name = spec.split(':')[0];
    if (pathLike(name)) {
      if (!existsSync(path.join(cwd, name))) problems.push(`policy ${spec}: no such module`);
    } else {
      try {
        getPolicy(name === 'strongest' ? spec.replace('strongest', 'balanced') : spec);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
  }
  for (const s of r.scenarios) {
    if (pathLike(s)) {
      if (!existsSync(path.join(cwd, s))) problems.push(`scenario ${s}: no such file`);
    } else {
      try {
        getScenario(s);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
  }
  return problems;
}

/** Static check of a whole block: every line's programs, every invocation parsed and its reads found. */
export async function checkBlock(block: ExampleBlock, cwd = ROOT): Promise<{ line: ExampleLine; parsed: Parsed[]; scripts: ScriptRun[]; cheap: boolean; problems: string[] }[]> {
  const written = new Set<string>();
  const results = [];
  for (const line of block.lines) {
    const { argvs, scripts, problems } = invocations(line.text, cwd);
    for (const s of scripts) {
      if (!existsSync(path.join(cwd, s.file))) problems.push(`${s.file}: no such file`);
      for (const a of s.args.filter((x) => x.includes('/'))) {
        const under = [...written].some((d) => path.posix.normalize(a).startsWith(`${d}/`));
        if (!under && !existsSync(path.join(cwd, a))) problems.push(`${a}: no such file, and no earlier line of the block writes its folder`);
      }
    }
    const parsed: Parsed[] = [];
    for (const argv of argvs) {
      const p = await parseWithProgram(argv);
      if ('error' in p) {
        problems.push(`skirmish ${argv.join(' ')}: ${p.error}`);
        continue;
      }
      parsed.push(p);
      problems.push(...checkReads(p, written, cwd));
      const out = writesOf(p, cwd);
      if (out) written.add(path.posix.normalize(out));
    }
    const cheap = parsed.length + scripts.length > 0 && parsed.every(isCheap) && scripts.every((x) => CHEAP_SCRIPTS.has(x.file));
    results.push({ line, parsed, scripts, cheap: cheap && !/\b(npm|xargs)\b/.test(line.text), problems });
  }
  return results;
}

/**
 * Commands cheap enough to run in the test suite (a second or so each); the
 * rest (runs, sweeps, tournaments, campaigns, reports) run in
 * bench/docs-examples.ts. A `search` game is minutes of play, never cheap.
 */
export function isCheap(p: Parsed): boolean {
  if (p.command === 'play') return ![p.opts.policyA, p.opts.policyB].some((x) => String(x).startsWith('search'));
  return ['dice attack', 'dice table', 'dice check', 'validate', 'army', 'scenarios', 'scenario show'].includes(p.command);
}

/** `npx skirmish` as this checkout's built CLI, for running a line outside the project folder. */
export function withLocalCli(text: string, root = ROOT): string {
  return text.replaceAll('npx skirmish', `node ${JSON.stringify(path.join(root, 'dist', 'cli', 'main.js'))}`);
}

/**
 * Every ```js / ```ts block of the docs is the whole text of a file in
 * examples/ (so the code shown is the code that runs): the files it is not.
 */
export function codeBlocksWithoutFile(root = ROOT): string[] {
  const files = readdirSync(path.join(root, 'examples'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(m?js|ts)$/.test(f))
    .map((f) => readFileSync(path.join(root, 'examples', f), 'utf8').trim());
  const out: string[] = [];
  for (const file of docFiles(root)) {
    const src = readFileSync(path.join(root, file), 'utf8').split('\n');
    for (let i = 0; i < src.length; i++) {
      if (!/^```(js|ts|javascript|typescript)\s*$/.test(src[i])) continue;
      const end = src.findIndex((l, j) => j > i && l.startsWith('```'));
      const code = src
        .slice(i + 1, end)
        .join('\n')
        .trim();
      if (!files.includes(code)) out.push(`${file}:${i + 1}: a code block that is no file of examples/`);
      i = end;
    }
  }
  return out;
}
