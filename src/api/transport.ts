// undici, used narrowly (test/bench/README.md): its Agent and request API, without the package
// index, which also loads fetch, cookies, websocket, cache and mock (~55 ms more on every API
// command). undici 7 has no `exports` map, so these internal paths are pinned by the range in
// package.json, and test/api/transport.test.ts fails if an upgrade moves them.
// - The connection pool opens up to 64 sockets (the most --concurrency allows): it never caps the
//   concurrency asked for, and sockets are only opened on demand.
// - A proxy (HTTPS_PROXY, else HTTP_PROXY; NO_PROXY; any case) is decided once per run from the
//   base URL (`teamctl help environment`, "Talking to the service"): never for plain http nor a loopback host. Only
//   then is undici's ProxyAgent loaded, with the whole package it needs.
// - HTTP/2 is never negotiated (undici offers it only with `allowH2`, which teamctl does not set),
//   yet undici's Client loads its HTTP/2 client, and with it node:http2, on every run (~10 ms):
//   that file is answered from the module cache with a stand-in that fails loudly if ever called.
// - On Node 20, V8 spends ~90 ms at exit optimising undici's WebAssembly HTTP parser; Liftoff only
//   (the baseline compiler) avoids it there. Node 22 and 24 do not need it (it would cost them).
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
import { UsageError } from '../errors.js';
import { bundled } from '../package.js';
import { isLoopback } from './url.js';

const require = createRequire(import.meta.url);

/** The most sockets to one origin: the upper bound of --concurrency. */
const maxConnections = 64;

export type ResponseData = Dispatcher.ResponseData;
export type RequestOptions = Dispatcher.RequestOptions;

/** The proxy a run goes through (`teamctl help environment`, "Talking to the service"). */
export interface ProxyRoute {
  /** The variable it came from, as spelled in the environment (HTTPS_PROXY, https_proxy, …). */
  variable: string;
  /** scheme://host:port, without credentials: what messages show. */
  shown: string;
  /** Whether the URL carries credentials (sent as Proxy-Authorization, never to the service). */
  credentials: boolean;
}

export interface Transport {
  /** Set when requests go through a proxy. */
  readonly proxy?: ProxyRoute;
  request(options: RequestOptions): Promise<ResponseData>;
  close(): Promise<void>;
}

type AgentClass = new (options: Record<string, unknown>) => Dispatcher;

/** https_proxy wins over HTTPS_PROXY; HTTP_PROXY is the fallback (as undici's EnvHttpProxyAgent reads them). */
const proxyVariables = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
const pick = (env: NodeJS.ProcessEnv, names: string[]): string | undefined => names.find((n) => env[n] !== undefined && env[n] !== '');

/** A value for a message: the credentials of a (maybe malformed) proxy URL masked. */
function masked(value: string): string {
  return JSON.stringify(value.includes('@') ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/i, '$1***@') : value);
}

function parseProxyUrl(variable: string, value: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new UsageError(`invalid ${variable} ${masked(value)}: expected the proxy's URL, such as http://proxy.example.com:3128; nothing was sent`, {
      hint: `fix or unset ${variable} (the scheme http:// or https:// is required)`,
    });
  }
  return url;
}

/** Whether NO_PROXY names the host: `*`, a host or domain (`.example.com`, `*.example.com`), with an optional port. */
export function noProxyMatches(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  for (const raw of noProxy.split(/[,\s]+/)) {
    if (raw === '') continue;
    if (raw === '*') return true;
    // host:port, [v6]:port, or a bare IPv6 address (several colons, no port).
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(raw) ?? (raw.split(':').length > 2 ? null : /^(.+?)(?::(\d+))?$/.exec(raw));
    const entryHost = (m ? m[1]! : raw).replace(/^\*?\./, '').toLowerCase();
    const entryPort = m?.[2] ? Number(m[2]) : undefined;
    if (entryPort !== undefined && entryPort !== port) continue;
    if (host === entryHost || host.endsWith(`.${entryHost}`)) return true;
  }
  return false;
}

/**
 * The proxy requests to `origin` go through, decided once per run, or undefined for none. Never
 * for plain http (the token would cross the proxy in clear text) nor a loopback host, whatever
 * NO_PROXY says. A malformed proxy URL that would be used is a UsageError naming the variable.
 */
export function proxyFor(origin: string, env: NodeJS.ProcessEnv): { route: ProxyRoute; url: URL } | undefined {
  const target = new URL(origin);
  if (target.protocol !== 'https:' || isLoopback(target.hostname)) return undefined;
  const variable = pick(env, proxyVariables);
  if (variable === undefined) return undefined;
  const noProxy = pick(env, ['no_proxy', 'NO_PROXY']);
  if (noProxy !== undefined && noProxyMatches(env[noProxy] ?? '', target.hostname, Number(target.port) || 443)) return undefined;
  const url = parseProxyUrl(variable, env[variable] ?? '');
  return { url, route: { variable, shown: `${url.protocol}//${url.host}`, credentials: url.username !== '' || url.password !== '' } };
}

/** The proxy answered the CONNECT with `status` instead of 200: the tunnel never opened (code `PROXY_407` …). */
export class ProxyAnswerError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    options: { cause: unknown },
  ) {
    super(`the proxy answered ${status} to CONNECT`, options);
    this.code = `PROXY_${status}`;
  }
}

/** undici's error for a CONNECT answered with anything but 200 (pinned version; tested with a 407). */
function tunnelStatus(err: unknown): number | undefined {
  if ((err as { code?: unknown } | null)?.code !== 'UND_ERR_ABORTED') return undefined;
  const m = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/.exec(String((err as Error).message));
  return m ? Number(m[1]) : undefined;
}

let tuned = false;

type RequestFunction = (this: Dispatcher, options: RequestOptions) => Promise<ResponseData>;

/** undici's HTTP/2 client, replaced before undici loads it (see the file comment). */
export const http2ClientPath = (): string => require.resolve('undici/lib/dispatcher/client-h2.js');

/** In the bundle, the build puts the same stand-in in place of that file (README's 'Install'). */
function skipHttp2Client(): void {
  if (bundled) return;
  const path = http2ClientPath();
  if (require.cache[path]) return;
  const Module = require('node:module') as new (id: string) => NodeJS.Module;
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = function connectH2(): never {
    throw new Error('teamctl does not use HTTP/2, yet the service negotiated it');
  };
  require.cache[path] = standIn;
}

/** undici's request API and the agent (its ProxyAgent, with the whole package, behind a proxy). */
async function loadUndici(proxy: boolean): Promise<{ request: RequestFunction; Agent: AgentClass }> {
  skipHttp2Client();
  const { request, Agent } = (await import('./undiciAgent.js')) as { request: RequestFunction; Agent: AgentClass };
  if (proxy) return { request, Agent: ((await import('undici')) as unknown as { default: { ProxyAgent: AgentClass } }).default.ProxyAgent };
  return { request, Agent };
}

/**
 * The most bytes of headers an answer may have: Node's own limit (16 KiB) when no
 * --max-http-header-size flag sets another, said to undici so that it need not load node:http to
 * ask Node (test/bench/README.md); undefined when a flag sets one, which undici then reads from
 * node:http.
 */
export function maxHeaderSize(execArgv: readonly string[], nodeOptions: string | undefined): number | undefined {
  const flag = /(^|\s)--max[-_]http[-_]header[-_]size\b/; // Node takes _ for - too
  return execArgv.some((a) => flag.test(a)) || flag.test(nodeOptions ?? '') ? undefined : 16 * 1024;
}

/**
 * A keep-alive pool for the whole run, to `origin`; through the proxy the environment names, if one
 * applies. undici is loaded by the first request, and the pool made then.
 */
export function createTransport(env: NodeJS.ProcessEnv, origin: string): Transport {
  if (!tuned && process.versions.node.startsWith('20.')) {
    setFlagsFromString('--liftoff-only');
    tuned = true;
  }
  const proxy = proxyFor(origin, env);
  const headerLimit = maxHeaderSize(process.execArgv, process.env.NODE_OPTIONS);
  const options = { keepAliveTimeout: 10_000, connections: maxConnections, ...(headerLimit ? { maxHeaderSize: headerLimit } : {}), ...(proxy ? { uri: proxy.url.href } : {}) };
  let pool: Promise<{ request: RequestFunction; dispatcher: Dispatcher }> | undefined;
  const send = async (opts: RequestOptions): Promise<ResponseData> => {
    pool ??= loadUndici(proxy !== undefined).then(({ request, Agent }) => ({ request, dispatcher: new Agent(options) }));
    const { request, dispatcher } = await pool;
    return request.call(dispatcher, opts);
  };
  const close = async (): Promise<void> => {
    if (pool) await (await pool).dispatcher.close();
  };
  if (proxy === undefined) return { request: send, close };
  // The proxy agent tunnels with the dispatcher API (CONNECT) that undici's index installs on
  // every dispatcher: behind a proxy, the whole package is loaded.
  return {
    proxy: proxy.route,
    request: async (opts) => {
      try {
        return await send(opts);
      } catch (err) {
        const status = tunnelStatus(err);
        throw status === undefined ? err : new ProxyAnswerError(status, { cause: err });
      }
    },
    close,
  };
}
