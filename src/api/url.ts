// Base URL handling (README, "Settings"; `teamctl help environment`, "Talking to the service"): `<url>/v1/...`, never `/v1/v1`; plain http only to loopback.
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

/**
 * The one test of a loopback host (`teamctl help environment`, "Talking to the service"): the name `localhost` exactly,
 * or a literal address of 127.0.0.0/8 or ::1 (an IPv4-mapped 127.x.y.z too), as a URL's hostname
 * gives it (IPv6 in brackets or not). Nothing is resolved: `foo.localhost`, `localhost.` or a name
 * that resolves to 127.0.0.1 is not loopback. It alone decides plain http, the proxy and the
 * journal's origin.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  // WHATWG URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
  return false;
}

export interface ApiBase {
  /** scheme://host[:port] — the only origin the token is ever sent to. */
  origin: string;
  /** Path prefix ending in `/v1` (e.g. `/v1` or `/api/v1`). */
  prefix: string;
}

/** Validates a base URL and splits it into origin and `/v1` prefix. Throws UsageError. */
export function parseBaseUrl(raw: string): ApiBase {
  // `127.0.0.1:8787` or `api.example.com`: a scheme was left out; say which one is meant.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim())) {
    const host = raw.trim().replace(/^\/+/, '');
    let loopback = false;
    try {
      loopback = isLoopback(new URL(`http://${host}`).hostname);
    } catch {
      throw new UsageError(`invalid base URL ${JSON.stringify(raw)}: expected something like https://api.example.com`);
    }
    const meant = `${loopback ? 'http' : 'https'}://${host}`;
    throw new UsageError(`invalid base URL ${JSON.stringify(raw)}: it has no scheme; did you mean ${meant}?`, {
      hint: loopback ? 'plain http:// is allowed to a loopback address, such as the sandbox' : 'teamctl talks https:// (plain http:// only to a loopback address)',
    });
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`invalid base URL: ${JSON.stringify(raw)}`, { hint: 'expected something like https://api.example.com' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`invalid base URL ${url.origin}: only https:// (or http:// to a loopback address) is supported`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new UsageError(`refusing plain http:// to ${url.host}: the token would travel unencrypted`, {
      hint: 'use https://, or http:// only with a loopback address such as 127.0.0.1 (the sandbox)',
    });
  }
  if (url.username || url.password) throw new UsageError('the base URL must not contain credentials');
  if (url.search || url.hash) throw new UsageError('the base URL must not contain a query or fragment');
  const path = url.pathname.replace(/\/+$/, '');
  const prefix = path.endsWith('/v1') ? path : `${path}/v1`;
  return { origin: url.origin, prefix };
}
