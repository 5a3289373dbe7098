// `teamctl sandbox [options] -- <command> [args…]`: runs one command against a sandbox started for
// it, in one shell (README, Quick start and sandbox). The command gets TEAMCTL_BASE_URL,
// TEAMCTL_TOKEN, TEAMCTL_ORG and TEAMCTL_TEAM, and finds `teamctl` on its PATH (a shim to this
// very teamctl, so no global install is needed); its exit code becomes ours.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageFile } from '../package.js';
import { shellValue } from '../output/words.js';

/** The launcher of this teamctl (bin/teamctl.js beside dist/). */
const teamctlBin = fileURLToPath(packageFile('bin/teamctl.js'));


/** A temporary folder holding a `teamctl` that runs this teamctl with this Node. */
function writeShim(): string {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-shim-'));
  const sh = join(dir, 'teamctl');
  writeFileSync(sh, `#!/bin/sh\nexec ${shellValue(process.execPath)} ${shellValue(teamctlBin)} "$@"\n`);
  chmodSync(sh, 0o755);
  writeFileSync(join(dir, 'teamctl.cmd'), `@"${process.execPath}" "${teamctlBin}" %*\r\n`);
  return dir;
}

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `command` with `settings` added to the environment; resolves with its exit code: its own,
 * 128 + the signal's number when a signal ended it, 127 when it cannot be found, 126 when it
 * cannot be run (the shells' conventions).
 */
export async function runCommand(
  command: string[],
  settings: Record<string, string>,
  report: (line: string) => void,
  options: { stdinIsTTY: boolean; cwd?: string },
): Promise<number> {
  const shim = writeShim();
  try {
    const env = { ...process.env, ...settings, PATH: `${shim}${delimiter}${process.env.PATH ?? ''}` };
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { stdio: 'inherit', env, ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) });
    // Signals meant for the run reach the command. Ctrl-C at a terminal already reached it (same
    // process group), so SIGINT is forwarded only when there is no terminal: twice would read as
    // "exit at once" to a teamctl that stops cleanly on the first.
    const forward = (signal: NodeJS.Signals) => () => {
      if (signal === 'SIGINT' && options.stdinIsTTY) return;
      child.kill(signal);
    };
    const handlers = forwarded.map((signal) => [signal, forward(signal)] as const);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    try {
      return await new Promise<number>((resolve) => {
        child.once('error', (err: NodeJS.ErrnoException) => {
          report(`cannot run ${file}: ${err.code === 'ENOENT' ? 'command not found' : err.message}`);
          resolve(err.code === 'ENOENT' ? 127 : 126);
        });
        child.once('exit', (code, signal) => {
          resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
        });
      });
    } finally {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    }
  } finally {
    rmSync(shim, { recursive: true, force: true });
  }
}
