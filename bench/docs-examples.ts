/**
 * Runs every shell example of README.md and docs/*.md as written, end to end,
 * on a fresh clone: the check the test suite cannot afford (test/docs runs
 * the cheap ones and parses the rest).
 *
 *   npx tsx bench/docs-examples.ts                 # clone this checkout's HEAD, run everything
 *   npx tsx bench/docs-examples.ts --list          # the examples, in the order they run
 *   npx tsx bench/docs-examples.ts --skip "npm test" --skip bot-tiers --skip search
 *   npx tsx bench/docs-examples.ts --only docs/SCALE.md --keep
 *
 * The clone is made in a temporary folder (`--keep` keeps it); its first
 * example is the README's `npm install && npx skirmish run`, which installs
 * it. Lines run in order, file by file (README.md, then docs/ by name), each
 * with `bash -c` from the clone's folder; a line must exit as its comment says
 * (`exits N`, else 0). A line identical to one that already passed is not run
 * again (its outputs are in place). `--skip TEXT` leaves out the lines that
 * contain TEXT, and the summary lists them as not run. Exit 1 on any failure.
 * Run it with `nice`: the runs, sweeps and tournaments use every core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allBlocks, checkBlock, codeBlocksWithoutFile, ROOT, type ExampleLine } from '../test/docs/examples.js';

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(name);
const values = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] !== undefined ? [args[i + 1]] : []));
const skips = values('--skip');
const only = values('--only');
const known = new Set(['--list', '--keep', '--skip', '--only', '--source']);
for (let i = 0; i < args.length; i++) {
  if (!known.has(args[i])) {
    console.error(`docs-examples: unknown argument ${args[i]} (--list, --keep, --skip TEXT, --only FILE, --source DIR)`);
    process.exit(2);
  }
  if (['--skip', '--only', '--source'].includes(args[i])) i++;
}
const source = values('--source')[0] ?? ROOT;

if (flag('--list')) {
  for (const block of allBlocks(source)) {
    for (const r of await checkBlock(block, source)) {
      const where = r.cheap ? 'suite and here' : 'here only';
      console.log(`${r.line.file}:${r.line.line}  [${where}]  ${r.line.text}`);
    }
  }
  process.exit(0);
}

const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: source, encoding: 'utf8' }).stdout.trim();
if (dirty) console.error(`docs-examples: ${source} has uncommitted changes; the clone has HEAD only`);
const scratch = mkdtempSync(path.join(tmpdir(), 'skirmish-docs-e2e-'));
const clone = path.join(scratch, 'skirmish-lab');
const cloned = spawnSync('git', ['clone', '--quiet', source, clone], { encoding: 'utf8' });
if (cloned.status !== 0) {
  console.error(`docs-examples: git clone ${source} failed: ${cloned.stderr}`);
  process.exit(2);
}
const logs = path.join(scratch, 'logs');
mkdirSync(logs);
console.log(`clone: ${clone} (logs in ${logs})`);

const blocks = allBlocks(clone).filter((b) => only.length === 0 || only.includes(b.file));
// The README's first example installs the clone; when it is left out, install it anyway.
const installs = blocks[0]?.lines[0];
if (!installs || !installs.text.startsWith('npm install') || skips.some((s) => installs.text.includes(s))) {
  const r = spawnSync('npm', ['install'], { cwd: clone, stdio: 'inherit' });
  if (r.status !== 0) process.exit(2);
}
const passed = new Map<string, string>();
const failures: string[] = codeBlocksWithoutFile(clone);
for (const f of failures) console.log(`FAIL  ${f}`);
const skipped: string[] = [];
const bare = (l: ExampleLine): string => l.text.replace(/\s#.*$/, '').trim();
let n = 0;
const start = Date.now();

for (const block of blocks) {
  // The static checks first, against the clone's own files (as the suite does).
  const problems = (await checkBlock(block, clone)).flatMap((r) => r.problems.map((p) => `${r.line.file}:${r.line.line}: ${p}`));
  if (problems.length > 0) {
    failures.push(...problems);
    for (const p of problems) console.log(`FAIL  ${p}`);
    continue;
  }
  for (const line of block.lines) {
    const where = `${line.file}:${line.line}`;
    if (skips.some((s) => line.text.includes(s))) {
      skipped.push(`${where}  ${line.text}`);
      console.log(`skip  ${where}  ${line.text}`);
      continue;
    }
    const same = passed.get(bare(line));
    if (same) {
      console.log(`same  ${where}  as ${same}, not run again`);
      continue;
    }
    const log = path.join(logs, `${String(++n).padStart(3, '0')}.log`);
    const t0 = Date.now();
    const r = await run(line.text, clone, log);
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    if (r.code === line.exit) {
      passed.set(bare(line), where);
      console.log(`ok    ${secs.padStart(6)} s  ${where}  ${line.text}`);
    } else {
      failures.push(`${where}: exit ${r.code}, the docs say ${line.exit}: ${line.text} (log ${log})`);
      console.log(`FAIL  ${secs.padStart(6)} s  ${where}  exit ${r.code} (docs say ${line.exit})  ${line.text}\n${r.tail}`);
    }
  }
}

console.log(`\n${passed.size} lines passed, ${failures.length} failed, ${skipped.length} not run (--skip), in ${((Date.now() - start) / 60000).toFixed(1)} min`);
for (const f of failures) console.log(`  failed: ${f}`);
for (const s of skipped) console.log(`  not run: ${s}`);
if (!flag('--keep') && failures.length === 0) rmSync(scratch, { recursive: true, force: true });
else console.log(`kept ${scratch}`);
process.exit(failures.length > 0 ? 1 : 0);

/** Runs one line with bash from `cwd`, all output to `log`; resolves with the exit code and the output's last lines. */
function run(text: string, cwd: string, log: string): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log);
    out.write(`$ ${text}\n`);
    let tail = '';
    const child = spawn('bash', ['-c', text], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer): void => {
      out.write(d);
      tail = (tail + d.toString()).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      out.end();
      resolve({ code, tail: tail.split('\n').slice(-15).join('\n') });
    });
  });
}
