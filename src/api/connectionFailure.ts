// How a request that failed before any answer is named, and what to check: a timeout, an
// interruption, a connection refused or unresolved, TLS spoken to plain HTTP, and the same behind
// a proxy, named as the proxy's (`teamctl help environment`, "Talking to the service").
import type { ProxyRoute } from './transport.js';
import { proxyAnswer } from './retry.js';
import { isLoopback } from './url.js';

/** What to check when a request failed before any answer. */
function connectionHint(code: string, origin: string): string | undefined {
  if (code === 'ECONNREFUSED') return refusedHint(origin);
  if (code === 'ENOTFOUND') return `the name in the base URL (${origin}) does not resolve: is it spelled right?`;
  // TLS spoken to a server that answers in plain HTTP (the sandbox, say).
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return `${origin} does not speak TLS (HTTPS): if it is a plain-HTTP server such as \`teamctl sandbox\`, use ${origin.replace(/^https:/, 'http:')}`;
  }
  return undefined;
}

/** Codes of a connection that never reached the proxy (behind one, the only connection teamctl opens). */
const proxyUnreachable = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** A failure behind a proxy, named as the proxy's where it is (`teamctl help environment`, "Talking to the service"). */
function proxyFailure(code: string, proxy: ProxyRoute, origin: string): { what: string; hint: string | undefined } {
  const host = new URL(origin).host;
  const status = proxyAnswer(code);
  if (status === 407) {
    return {
      what: `failed: the proxy ${proxy.shown} asked for credentials (407)`,
      hint: proxy.credentials
        ? `the proxy refused the credentials in ${proxy.variable}`
        : `give the proxy's credentials in ${proxy.variable} (http://user:password@host:port)`,
    };
  }
  if (status !== undefined) {
    return {
      what: `failed: the proxy ${proxy.shown} would not open a tunnel to ${host} (${status})`,
      hint: `check ${proxy.variable}, or name ${host} in NO_PROXY if it is reached without the proxy`,
    };
  }
  if (code === 'ECONNREFUSED') {
    return { what: `failed: the proxy ${proxy.shown} refused the connection (ECONNREFUSED)`, hint: `is the proxy running, and is ${proxy.variable} right?` };
  }
  if (proxyUnreachable.has(code)) {
    return { what: `failed: could not reach the proxy ${proxy.shown} (${code})`, hint: `is ${proxy.variable} right?` };
  }
  return { what: `failed (${code}) through the proxy ${proxy.shown}`, hint: connectionHint(code, origin) };
}

/** Nothing listens at the base URL: a sandbox that is not running, or a service that is down. */
function refusedHint(origin: string): string {
  return isLoopback(new URL(origin).hostname)
    ? `nothing listens at ${origin}: is the sandbox running? Start one with \`teamctl sandbox\`, or run a command inside one: \`teamctl sandbox -- teamctl members list\``
    : 'is the base URL right, and is the service up?';
}

/** The Node or undici code of a failed attempt (undici wraps the socket error). */
export function errorCode(err: unknown): string {
  let e: unknown = err;
  // undici wraps the socket error; the code can sit on the error or on its cause.
  for (let depth = 0; depth < 3 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return (err as { name?: string }).name ?? 'ERROR';
}

/** What a failed attempt's error `code` says happened, and what to check (none for a timeout or an interruption). */
export function connectionFailure(code: string, timeoutMs: number, proxy: ProxyRoute | undefined, origin: string): { what: string; hint: string | undefined } {
  if (code === 'TIMEOUT') return { what: `timed out after ${timeoutMs / 1000}s`, hint: undefined };
  if (code === 'INTERRUPTED_IN_FLIGHT') return { what: 'cut off: the run was interrupted while the request was in flight', hint: undefined };
  if (proxy) return proxyFailure(code, proxy, origin);
  return { what: `failed (${code})`, hint: connectionHint(code, origin) };
}
