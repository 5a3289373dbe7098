// Every command the program defines, read from the commander tree itself (src/program.ts), so a
// test that must cover every command's help cannot forget one that is added later. Hidden commands
// (`__complete`, which the completion scripts call) are not a user's, and have no help to check.
import type { Command } from 'commander';
import { buildProgram } from '../../src/program.js';
import { fakeStreams } from './streams.js';

export async function commandPaths(): Promise<string[][]> {
  const paths: string[][] = [[]];
  const walk = (command: Command, prefix: string[]): void => {
    for (const sub of command.createHelp().visibleCommands(command)) {
      if (sub.name() === 'help') continue;
      const path = [...prefix, sub.name()];
      paths.push(path);
      walk(sub, path);
    }
  };
  walk(await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 }), []);
  return paths;
}
