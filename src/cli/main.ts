#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { InputError } from '../errors.js';
import { registerCommands } from './commands/index.js';
import { CommandFailure } from './batch.js';

// Output piped into a reader that closed (`| head`) ends quietly, status 0.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

const program = new Command();
program
  .name('skirmish')
  .description('skirmish-lab: a headless balance lab for Conquest: First Blood-style skirmish games')
  .option('--debug', 'print stack traces for errors')
  .exitOverride()
  // Bad flags get one line (DESIGN.md, Errors): commander's message and where to look.
  .configureOutput({ outputError: (text, write) => write(`${text.trimEnd()} (see --help)\n`) });

registerCommands(program);

const debug = process.argv.includes('--debug');
try {
  await program.parseAsync(process.argv);
} catch (err) {
  process.exitCode = exitCodeFor(err, debug);
}

function exitCodeFor(err: unknown, debugging: boolean): number {
  if (err instanceof CommanderError) {
    // commander has already printed its message; help and version are not errors.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return 0;
    }
    return 2;
  }
  if (err instanceof CommandFailure) {
    process.stderr.write(`error: ${err.message}\n`);
    if (debugging && err.stack) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
  if (err instanceof InputError) {
    process.stderr.write(`${err.message}\n`);
    if (debugging && err.stack) process.stderr.write(`${err.stack}\n`);
    return 2;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(`error: ${e.message}\n`);
  if (debugging && e.stack) process.stderr.write(`${e.stack}\n`);
  else process.stderr.write('(run again with --debug for the stack trace)\n');
  return 1;
}
