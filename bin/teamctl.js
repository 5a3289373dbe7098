#!/usr/bin/env node
// Thin launcher: everything lives in the bundle, dist/ (README's 'Install'). A CommonJS script (as
// bin/package.json says): Node starts its ES-module loader only when the CLI is loaded, which
// `teamctl --version` never does.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) version();
else run();

/**
 * `teamctl --version`, what scripts call most to probe for the tool: the line main() prints, read
 * from package.json and written straight to file descriptor 1, without commander, the program or
 * the stream Node would build for stdout (test/bench/README.md).
 */
function version() {
  const fs = require('node:fs');
  const line = `${JSON.parse(fs.readFileSync(require.resolve('../package.json'), 'utf8')).version}\n`;
  try {
    fs.writeSync(1, line);
  } catch (err) {
    if (err.code === 'EPIPE') return; // `teamctl --version | true`: nobody reads it
    // A pipe that is full (EAGAIN) takes it through the stream; any other failure is reported as
    // main() reports it.
    if (err.code !== 'EAGAIN') return failed(err);
    process.stdout.on('error', () => {}); // reported from the write's callback
    process.stdout.write(line, (e) => e && e.code !== 'EPIPE' && failed(e));
  }
}

function failed(err) {
  const { stdoutFailure } = require('../dist/cli.js');
  process.stderr.write(`${stdoutFailure(process.stdout, err)}\n`, () => process.exit(1));
}

async function run() {
  // Node ≥ 22.1 keeps V8's compiled code of the bundle in teamctl's cache folder (`teamctl help
  // environment`); Node 20 has no compile cache, and does not load the module that enables it.
  if (require('node:module').enableCompileCache) require('../dist/compile-cache.cjs').enableCompileCache();
  // Required, not imported: the core (an ES module without top-level await) is then loaded at once,
  // without the asynchronous steps of Node's ES-module loader, which cost a help text a tenth of
  // its time (test/bench/README.md). The command's own chunks are imported by the core as before.
  const { main, settleStdout, processStreams } = require('../dist/cli.js');
  const streams = processStreams();
  const code = await main(argv, { streams });
  // Exit as soon as our output is flushed (a write that fails while flushing still fails the run).
  // Left to itself, Node 20 waits at exit for V8 to finish optimising undici's WebAssembly HTTP
  // parser in the background: ~90 ms of nothing per run.
  streams.stdout.write('', (err) => streams.stderr.write('', () => process.exit(settleStdout(streams, code, err))));
}
