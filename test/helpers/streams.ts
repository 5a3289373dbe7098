// Fake standard streams for in-process tests of main() and the output layer.
import { PassThrough, Writable } from 'node:stream';
import type { IOStreams } from '../../src/io.js';

export interface CapturedStreams extends IOStreams {
  out(): string;
  err(): string;
}

export function fakeStreams(
  options: { stdin?: string; stdoutIsTTY?: boolean; stderrIsTTY?: boolean; stdinIsTTY?: boolean; /** Every write to stdout fails with this code (EBADF, EPIPE). */ stdoutFails?: string } = {},
): CapturedStreams {
  let out = '';
  let err = '';
  const stdout = new Writable({
    write(chunk, _enc, cb) {
      if (options.stdoutFails !== undefined) return cb(Object.assign(new Error(`write ${options.stdoutFails}`), { code: options.stdoutFails }));
      out += String(chunk);
      cb();
    },
  }) as Writable & { isTTY?: boolean };
  const stderr = new Writable({
    write(chunk, _enc, cb) {
      err += String(chunk);
      cb();
    },
  }) as Writable & { isTTY?: boolean };
  stdout.isTTY = options.stdoutIsTTY ?? false;
  stderr.isTTY = options.stderrIsTTY ?? false;
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdin.isTTY = options.stdinIsTTY ?? false;
  stdin.end(options.stdin ?? '');
  return { stdin, stdout, stderr, out: () => out, err: () => err };
}
