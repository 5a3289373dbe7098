#!/usr/bin/env node
// Thin launcher: everything lives in the compiled dist/.
import { main } from '../dist/cli.js';

const code = await main(process.argv.slice(2));
// Exit as soon as our output is flushed. Left to itself, Node waits at exit for V8 to finish
// optimising undici's WebAssembly HTTP parser in the background: ~90 ms of nothing per run.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
