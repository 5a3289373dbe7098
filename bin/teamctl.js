#!/usr/bin/env node
// Thin launcher: everything lives in the compiled dist/.
import { main, settleStdout } from '../dist/cli.js';

const streams = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
const code = await main(process.argv.slice(2), { streams });
// Exit as soon as our output is flushed (a write that fails while flushing still fails the run).
// Left to itself, Node 20 waits at exit for V8 to finish optimising undici's WebAssembly HTTP
// parser in the background: ~90 ms of nothing per run.
process.stdout.write('', (err) => process.stderr.write('', () => process.exit(settleStdout(streams, code, err))));
