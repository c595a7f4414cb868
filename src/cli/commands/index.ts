import type { Command } from 'commander';

/**
 * One file per command under src/cli/commands; each exports
 * `register(program)`. Add a command by adding its line here.
 */
export function registerCommands(program: Command): void {
  void program;
}
