#!/usr/bin/env node
// Thin launcher: everything lives in the bundle, dist/ (README's 'Install').
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // `teamctl --version` is what scripts call most to probe for the tool: answered without loading
  // commander and the program (the same line main() prints; test/bench/README.md).
  const { version } = await import('../dist/version.js');
  process.stdout.on('error', () => {}); // reported from the write's callback
  process.stdout.write(`${version()}\n`, async (err) => {
    if (!err || err.code === 'EPIPE') return;
    const { stdoutFailure } = await import('../dist/cli.js');
    process.stderr.write(`${stdoutFailure(process.stdout, err)}\n`, () => process.exit(1));
  });
} else {
  // Node ≥ 22.1 keeps V8's compiled code of the bundle in teamctl's cache folder (`teamctl help
  // environment`); a no-op on Node 20, which has no compile cache.
  (await import('../dist/compile-cache.js')).enableCompileCache();
  const { main, settleStdout, processStreams } = await import('../dist/cli.js');
  const streams = processStreams();
  const code = await main(argv, { streams });
  // Exit as soon as our output is flushed (a write that fails while flushing still fails the run).
  // Left to itself, Node 20 waits at exit for V8 to finish optimising undici's WebAssembly HTTP
  // parser in the background: ~90 ms of nothing per run.
  process.stdout.write('', (err) => process.stderr.write('', () => process.exit(settleStdout(streams, code, err))));
}
