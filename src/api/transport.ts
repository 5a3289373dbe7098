// undici, used narrowly (README, "Performance"): its Agent and request API, without the package
// index, which also loads fetch, cookies, websocket, cache and mock (~55 ms more on every API
// command). undici 7 has no `exports` map, so these internal paths are pinned by the range in
// package.json, and test/api/transport.test.ts fails if an upgrade moves them.
// - The connection pool opens up to 64 sockets (the most --concurrency allows): it never caps the
//   concurrency asked for, and sockets are only opened on demand.
// - HTTPS_PROXY / HTTP_PROXY / NO_PROXY (any case) are honoured through undici's own
//   EnvHttpProxyAgent, loaded (with the whole package it needs) only when such a variable is set.
// - HTTP/2 is never negotiated (undici offers it only with `allowH2`, which teamctl does not set),
//   yet undici's Client loads its HTTP/2 client, and with it node:http2, on every run (~10 ms):
//   that file is answered from the module cache with a stand-in that fails loudly if ever called.
// - On Node 20, V8 spends ~90 ms at exit optimising undici's WebAssembly HTTP parser; Liftoff only
//   (the baseline compiler) avoids it there. Node 22 and 24 do not need it (it would cost them).
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

/** The most sockets to one origin: the upper bound of --concurrency. */
const maxConnections = 64;

export type ResponseData = Dispatcher.ResponseData;
export type RequestOptions = Dispatcher.RequestOptions;

export interface Transport {
  request(options: RequestOptions): Promise<ResponseData>;
  close(): Promise<void>;
}

type AgentClass = new (options: Record<string, unknown>) => Dispatcher;

const proxyVariables = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
const pick = (env: NodeJS.ProcessEnv, names: string[]): string | undefined => names.map((n) => env[n]).find((v) => v !== undefined && v !== '');

let tuned = false;

/** undici's HTTP/2 client, replaced before undici loads it (see the file comment). */
export const http2ClientPath = require.resolve('undici/lib/dispatcher/client-h2.js');

function skipHttp2Client(): void {
  if (require.cache[http2ClientPath]) return;
  const Module = require('node:module') as new (id: string) => NodeJS.Module;
  const standIn = new Module(http2ClientPath);
  standIn.filename = http2ClientPath;
  standIn.loaded = true;
  standIn.exports = function connectH2(): never {
    throw new Error('teamctl does not use HTTP/2, yet the service negotiated it');
  };
  require.cache[http2ClientPath] = standIn;
}

/** A keep-alive pool for the whole run; through the proxy the environment names, if any. */
export function createTransport(env: NodeJS.ProcessEnv): Transport {
  if (!tuned && process.versions.node.startsWith('20.')) {
    setFlagsFromString('--liftoff-only');
    tuned = true;
  }
  skipHttp2Client();
  const request = require('undici/lib/api/api-request.js') as (this: Dispatcher, options: RequestOptions) => Promise<ResponseData>;
  const options = { keepAliveTimeout: 10_000, connections: maxConnections };
  let dispatcher: Dispatcher;
  if (proxyVariables.some((name) => env[name])) {
    // The proxy agent tunnels with the dispatcher API (CONNECT) that undici's index installs on
    // every dispatcher: behind a proxy, the whole package is loaded.
    const { EnvHttpProxyAgent } = require('undici') as { EnvHttpProxyAgent: AgentClass };
    dispatcher = new EnvHttpProxyAgent({
      ...options,
      httpProxy: pick(env, ['http_proxy', 'HTTP_PROXY']),
      httpsProxy: pick(env, ['https_proxy', 'HTTPS_PROXY']),
      noProxy: pick(env, ['no_proxy', 'NO_PROXY']),
    });
  } else {
    const Agent = require('undici/lib/dispatcher/agent.js') as AgentClass;
    dispatcher = new Agent(options);
  }
  return {
    request: (opts) => request.call(dispatcher, opts),
    close: () => dispatcher.close(),
  };
}
