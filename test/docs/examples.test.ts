/**
 * The docs tell the truth: every shell example of README.md and docs/*.md is
 * parsed by the real commander program and finds every file it reads; the
 * cheap ones are run as written (from a scratch folder that sees sims/ and
 * examples/); every flag and every output column is documented; every link
 * lands. The expensive examples (runs, sweeps, tournaments, campaigns) run
 * end to end in bench/docs-examples.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/cli/commands/index.js';
import { CAMPAIGN_COLUMNS, TERRITORY_COLUMNS, BATTLE_COLUMNS } from '../../src/campaign/index.js';
import { ERROR_COLUMNS } from '../../src/batch/index.js';
import { CROSSING_COLUMNS, GAME_COLUMNS, LIST_COLUMNS, PAIRING_COLUMNS, RATING_COLUMNS, SUMMARY_COLUMNS } from '../../src/runner/index.js';
import { allBlocks, blocksOf, checkBlock, docFiles, invocations, codeBlocksWithoutFile, ROOT, shellTokens, withLocalCli, type ExampleLine } from './examples.js';

const read = (f: string): string => readFileSync(path.join(ROOT, f), 'utf8');

describe('extracting the examples', () => {
  it('joins continuation lines, keeps the promised exit code and skips comments and other languages', () => {
    const md = [
      'text',
      '```sh',
      '# a comment line',
      'npx skirmish play --army-a a.json \\',
      '  --army-b b.json   # one game',
      '',
      'npx skirmish dice check p.json   # exits 1: a claim fails',
      '```',
      '```json',
      '{ "kind": "army" }',
      '```',
    ].join('\n');
    const blocks = blocksOf('x.md', md);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines).toEqual([
      { file: 'x.md', line: 4, text: 'npx skirmish play --army-a a.json  --army-b b.json   # one game', exit: 0 },
      { file: 'x.md', line: 7, text: 'npx skirmish dice check p.json   # exits 1: a claim fails', exit: 1 },
    ]);
  });

  it('splits words as sh does: quotes, operators, comments; printf | xargs fans out', () => {
    expect(shellTokens(`a 'b c' "d\\"e" f&&g # h`)).toEqual([
      { word: 'a', glob: false },
      { word: 'b c', glob: false },
      { word: 'd"e', glob: false },
      { word: 'f', glob: false },
      { op: '&&' },
      { word: 'g', glob: false },
    ]);
    const line = "printf '%s\\n' 1 2 | xargs -P2 -I{} npx skirmish run x.json --shard {}/2 --out r-{}";
    expect(invocations(line).argvs).toEqual([
      ['run', 'x.json', '--shard', '1/2', '--out', 'r-1'],
      ['run', 'x.json', '--shard', '2/2', '--out', 'r-2'],
    ]);
    expect(invocations('skirmish run').problems[0]).toMatch(/unknown program "skirmish run"/);
    expect(invocations('npm run build && npx tsx bench/dice.ts 3').scripts).toEqual([{ file: 'bench/dice.ts', args: ['3'] }]);
    expect(invocations('npx skirmish validate sims/nothing/*.json').problems).toEqual(['sims/nothing/*.json matches no file']);
  });

  it('finds the examples of the README and of the docs pages', () => {
    const blocks = allBlocks();
    expect(blocks.filter((b) => b.file === 'README.md').length).toBeGreaterThanOrEqual(4);
    for (const page of ['docs/CLI.md', 'docs/SCALE.md', 'docs/DICE.md', 'docs/DATA.md']) {
      expect(
        blocks.some((b) => b.file === page && b.lines.length > 0),
        page,
      ).toBe(true);
    }
  });
});

describe('every example line', () => {
  const blocks = allBlocks();

  it('is parsed by the real program and finds the files, policies, scenarios and folders it reads', async () => {
    const problems: string[] = [];
    for (const block of blocks) {
      for (const r of await checkBlock(block)) problems.push(...r.problems.map((p) => `${r.line.file}:${r.line.line}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('catches the mistakes a doc makes: an unknown flag, a wrong subcommand, a missing file, an unwritten folder', async () => {
    const check = async (text: string): Promise<string[]> =>
      (await checkBlock({ file: 't.md', line: 1, lines: text.split('\n').map((t, i) => ({ file: 't.md', line: i + 2, text: t, exit: 0 })) })).flatMap((r) => r.problems);
    expect((await check('npx skirmish run --gmaes 10'))[0]).toMatch(/unknown option '--gmaes'/);
    expect((await check('npx skirmish scenario shw raid'))[0]).toMatch(/too many arguments for 'scenario'|unknown command 'shw'/);
    expect((await check('npx skirmish army sims/armies/nowhere-800.json'))[0]).toMatch(/nowhere-800.json: no such file/);
    expect((await check('npx skirmish play --army-a sims/armies/ironbound-400.json --army-b sims/armies/tuskfell-400.json --policy-a balancd'))[0]).toMatch(/unknown policy "balancd"/);
    expect((await check('npx skirmish play --army-a sims/armies/ironbound-400.json --army-b sims/armies/tuskfell-400.json --scenario rade'))[0]).toMatch(/rade/);
    expect((await check('npx skirmish report reports/never-written'))[0]).toMatch(/no earlier line of the block writes it/);
    expect(await check('npx skirmish run --out reports/t-x --games 2\nnpx skirmish report reports/t-x')).toEqual([]);
    expect(await check('npx skirmish run sims/quickstart.json --games 2\nnpx skirmish report reports/quickstart')).toEqual([]);
  });

  // Each cheap line runs from a scratch folder that sees sims/ and examples/ (outputs land there, not in the checkout).
  const scratch = mkdtempSync(path.join(tmpdir(), 'skirmish-docs-'));
  for (const dir of ['sims', 'examples']) symlinkSync(path.join(ROOT, dir), path.join(scratch, dir));
  mkdirSync(path.join(scratch, 'reports')); // as in a clone (reports/README.md)
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('that is cheap runs as written and exits as the docs say', async () => {
    expect(existsSync(path.join(ROOT, 'dist', 'cli', 'main.js')), 'npm run build first').toBe(true);
    const cheap: ExampleLine[] = [];
    for (const block of blocks) {
      for (const r of await checkBlock(block)) {
        const seen = cheap.some((l) => l.text.replace(/#.*/, '').trim() === r.line.text.replace(/#.*/, '').trim());
        if (!seen && r.cheap) cheap.push(r.line);
      }
    }
    expect(cheap.length).toBeGreaterThanOrEqual(15);
    const failures: string[] = [];
    // Two at a time: the machine's two cores.
    for (let i = 0; i < cheap.length; i += 2) {
      const runs = await Promise.all(cheap.slice(i, i + 2).map((l) => sh(withLocalCli(l.text), scratch)));
      runs.forEach((r, k) => {
        const l = cheap[i + k];
        if (r.code !== l.exit || r.stdout.trim() === '') failures.push(`${l.file}:${l.line}: exit ${r.code} (docs say ${l.exit}): ${l.text}\n${r.stderr.slice(-400)}`);
      });
    }
    expect(failures).toEqual([]);
    // About 15 s of CPU (some 25 CLI starts, the property check, a few games); more on a loaded machine.
  }, 300_000);
});

function sh(text: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', text], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the code blocks', () => {
  it('are each the whole text of a file in examples/, which the sh examples run', () => {
    expect(codeBlocksWithoutFile()).toEqual([]);
  });
});

describe('docs/CLI.md', () => {
  const cli = read('docs/CLI.md');
  const program = new Command().name('skirmish');
  registerCommands(program);
  const commands: { name: string; cmd: Command }[] = [];
  const walk = (c: Command, prefix: string): void => {
    for (const sub of c.commands) {
      const name = `${prefix}${sub.name()}`;
      commands.push({ name, cmd: sub });
      walk(sub, `${name} `);
    }
  };
  walk(program, '');
  const documented = commands.filter((c) => c.cmd.commands.length === 0 && c.name !== 'help');

  /** The part of CLI.md about a command: from its heading to the next heading. `sweep` takes run's flags. */
  const section = (name: string): string => {
    const heading = ({ sweep: 'run', 'dice attack': 'dice' } as Record<string, string>)[name] ?? name;
    const m = new RegExp(`^#{2,3} .*\`skirmish ${heading}( [^\`]*)?\``, 'm').exec(cli);
    if (!m) return '';
    const rest = cli.slice(m.index + m[0].length);
    const next = /^#{2,3} /m.exec(rest);
    return rest.slice(0, next ? next.index : undefined);
  };

  it('has a section for every command, naming each of its flags', () => {
    const missing: string[] = [];
    for (const { name, cmd } of documented) {
      const text = section(name);
      if (text === '') {
        missing.push(`${name}: no section`);
        continue;
      }
      for (const o of cmd.options) {
        if (o.long === '--help' || o.hidden) continue;
        if (!text.includes(`\`${o.long}`) && !text.includes(`, ${o.long}`)) missing.push(`${name}: ${o.long}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names in its flag tables only flags the command has', () => {
    const unknown: string[] = [];
    for (const { name, cmd } of documented) {
      const flags = new Set(cmd.options.map((o) => o.long));
      const tables = section(name)
        .split('\n')
        .filter((l) => l.startsWith('| `--'))
        .map((l) => l.split('|')[1]);
      const other = name === 'tournament' ? new Set(['--shard']) : new Set<string>();
      for (const cell of tables) for (const f of cell.match(/--[a-z-]+/g) ?? []) if (!flags.has(f) && !other.has(f)) unknown.push(`${name}: ${f}`);
    }
    expect(unknown).toEqual([]);
  });
});

describe('docs/OUTPUTS.md', () => {
  it('documents every column of every CSV the commands write', () => {
    const outputs = read('docs/OUTPUTS.md');
    const columns = [
      ...GAME_COLUMNS,
      ...SUMMARY_COLUMNS,
      ...ERROR_COLUMNS,
      ...CROSSING_COLUMNS,
      ...LIST_COLUMNS,
      'same_as',
      ...PAIRING_COLUMNS,
      ...RATING_COLUMNS,
      ...CAMPAIGN_COLUMNS,
      ...TERRITORY_COLUMNS,
      ...BATTLE_COLUMNS,
    ];
    expect(columns.filter((c) => !outputs.includes(`\`${c}\``))).toEqual([]);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe('the README and the docs pages', () => {
  it('the README is a tour: under 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(300);
  });

  it('every relative link lands on a file, and every #anchor on a heading of it', () => {
    const broken: string[] = [];
    const anchors = (file: string): Set<string> => {
      const seen = new Map<string, number>();
      const out = new Set<string>();
      let fenced = false;
      for (const l of read(file).split('\n')) {
        if (l.startsWith('```')) fenced = !fenced;
        const m = !fenced && /^#{1,6} (.*)$/.exec(l);
        if (!m) continue;
        const s = slug(m[1]);
        const n = seen.get(s) ?? 0;
        seen.set(s, n + 1);
        out.add(n === 0 ? s : `${s}-${n}`);
      }
      return out;
    };
    for (const file of docFiles()) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        const [p, anchor] = target.split('#');
        const dest = p === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), p));
        if (!existsSync(path.join(ROOT, dest))) broken.push(`${file}: ${target}: no such file`);
        else if (anchor && dest.endsWith('.md') && !anchors(dest).has(anchor)) broken.push(`${file}: ${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });
});
