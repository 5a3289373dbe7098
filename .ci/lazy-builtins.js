// Part of the build (.ci/bundle.js): Node's modules that a bundled package loads on every run and
// needs only on a path a run seldom or never takes, loaded in the bundle where first needed. The
// package's lines edited here are checked: the build fails if one is no longer there as written.
// - commander loads node:child_process (and with it net, dgram and tty) for executable
//   subcommands, which teamctl has none of: loaded on the first spawn, if ever.
// - undici loads node:assert (its assert(…) checks, which hold) and node:http (IncomingMessage, to
//   tell a stream it destroys; http.maxHeaderSize, when a Client is given no limit, which
//   src/api/transport.ts always gives unless a Node flag sets one): together about 8 M
//   instructions and 1.6 MB of peak memory per request made (test/bench/README.md).
import { readFileSync } from 'node:fs';

const undici = /[\\/]node_modules[\\/]undici[\\/]/;

/** `path`'s text with each [old, new] replaced, failing if an old text is not there. */
function edited(path, edits) {
  let text = readFileSync(path, 'utf8');
  for (const [old, replacement] of edits) {
    if (!text.includes(old)) throw new Error(`${path} no longer has \`${old.split('\n')[0]}\` as .ci/lazy-builtins.js expects`);
    text = text.replace(old, replacement);
  }
  return { contents: text, loader: 'js' };
}

// Node's assert for a check that fails, to throw what it throws; anything else asked of it
// (assert.ok, assert.strictEqual) is Node's own, loaded then.
export const assertStandIn = `'use strict';
const real = () => process.getBuiltinModule('node:assert');
function assert(value, message) {
  if (!value) real()(value, message);
}
module.exports = new Proxy(assert, { get: (target, key) => (key in target ? target[key] : real()[key]) });
`;

export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (a) =>
      edited(a.path, [["const childProcess = require('node:child_process');", "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"]]),
    );
  },
};

export const lazyUndiciBuiltins = {
  name: 'lazy-undici-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:assert$/ }, (a) => (undici.test(a.importer) ? { path: 'node:assert', namespace: 'lazy-builtin' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({ contents: assertStandIn, loader: 'js' }));
    // A stream is an IncomingMessage only if node:http made it, so its constructor's name is asked first.
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/ }, (a) =>
      edited(a.path, [
        ["const { IncomingMessage } = require('node:http')\n", '\n'],
        [
          'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
          "if (Object.getPrototypeOf(stream).constructor?.name === 'IncomingMessage' && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage) {",
        ],
      ]),
    );
    // Node's limit, read when a Client is made without one of its own, not when the module loads.
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (a) =>
      edited(a.path, [
        ["const http = require('node:http')\n", '\n'],
        [
          `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
          `const getDefaultNodeMaxHeaderSize = () => { const http = require('node:http'); if (http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ) return http.maxHeaderSize
  ; throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
        ],
      ]),
    );
  },
};
