// The narrow undici (src/api/transport.ts): the internal paths it loads still exist in the pinned
// version, and proxies from the environment are honoured — NO_PROXY too — but never for plain http
// nor loopback (`teamctl help environment`, "Talking to the service").
import { createRequire } from 'node:module';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyAnswerError, createTransport, http2ClientPath, maxHeaderSize, noProxyMatches, proxyFor } from '../../src/api/transport.js';
import { UsageError } from '../../src/errors.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from '../e2e/harness.js';

describe('undici, used narrowly', () => {
  it("gives undici Node's own limit on an answer's headers, unless a Node flag sets one, which undici then reads from node:http", () => {
    const require = createRequire(import.meta.url);
    expect(maxHeaderSize([], undefined)).toBe((require('node:http') as { maxHeaderSize: number }).maxHeaderSize);
    expect(maxHeaderSize(['--enable-source-maps'], '--no-warnings')).toBe(16 * 1024);
    expect(maxHeaderSize(['--max-http-header-size=32768'], undefined)).toBeUndefined();
    expect(maxHeaderSize([], '--no-warnings --max_http_header_size 65536')).toBeUndefined();
    expect(maxHeaderSize([], '--max-http-header-size=8192')).toBeUndefined();
    expect(maxHeaderSize([], 'x--max-http-header-size=8192')).toBe(16 * 1024);
  });

  it("takes an answer whose headers fit Node's 16 KiB, and refuses one whose headers pass it", async () => {
    const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
      res.setHeader('x-filler', 'a'.repeat(req.url === '/big' ? 17 * 1024 : 15 * 1024));
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = createTransport({}, origin);
    try {
      const fits = await transport.request({ origin, path: '/fits', method: 'GET' });
      expect(fits.statusCode).toBe(200);
      await fits.body.text();
      await expect(transport.request({ origin, path: '/big', method: 'GET' })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_OVERFLOW' });
    } finally {
      await transport.close();
      server.close();
    }
  });

  it('finds the Agent and the request API at the paths the transport loads, and the proxy agent in the package', () => {
    const require = createRequire(import.meta.url);
    expect(typeof require('undici/lib/dispatcher/agent.js')).toBe('function');
    expect(typeof (require('undici') as { ProxyAgent: unknown }).ProxyAgent).toBe('function');
    expect(typeof require('undici/lib/api/api-request.js')).toBe('function');
    const version = (require('undici/package.json') as { version: string }).version;
    expect(version).toMatch(/^7\./);
  });

  it("never loads undici's HTTP/2 client nor node:http2 from the bundle (a process of its own), and still talks HTTP/1.1", async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const { spawn } = await import('node:child_process');
      const transport = new URL('../../dist/service.js', import.meta.url).href;
      const script = `
        const { createTransport } = await import(${JSON.stringify(transport)});
        const t = createTransport({}, ${JSON.stringify(s.sandbox.url)});
        const r = await t.request({ origin: ${JSON.stringify(s.sandbox.url)}, path: '/v1/orgs/acme/translations-glossary', method: 'GET', headers: { authorization: 'Bearer ${s.sandbox.token}' } });
        await r.body.json();
        await t.close();
        console.log(JSON.stringify({ status: r.statusCode, http2: process.moduleLoadList.some((m) => /\\bhttp2\\b/.test(m)) }));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      await new Promise((resolve) => child.on('close', resolve));
      expect(JSON.parse(out)).toEqual({ status: 200, http2: false });
    } finally {
      await s.sandbox.close();
    }
  });

  it("holds a stand-in for undici's HTTP/2 client, in the bundle and in the sources", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dist = new URL('../../dist/', import.meta.url);
    const texts = readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => readFileSync(new URL(f, dist), 'utf8'));
    // The file esbuild read for undici's HTTP/2 client is the build's one-line stand-in.
    const { readMetafile } = await import('../helpers/bundle.js');
    const h2 = Object.entries(readMetafile().inputs).find(([path]) => path.endsWith('undici/lib/dispatcher/client-h2.js'))?.[1];
    expect(h2?.bytes).toBeLessThan(200);
    expect(texts.filter((t) => /require\("(node:)?http2"\)/.test(t))).toEqual([]);
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const url = new URL(s.sandbox.url);
      const transport = createTransport({}, url.origin);
      const r = await transport.request({ origin: url.origin, path: '/v1/orgs/acme/translations-glossary', method: 'GET', headers: { authorization: `Bearer ${s.sandbox.token}` } });
      await r.body.json();
      await transport.close();
      const standIn = createRequire(import.meta.url).cache[http2ClientPath()]?.exports as { name: string } | undefined;
      expect(standIn?.name).toBe('connectH2');
    } finally {
      await s.sandbox.close();
    }
  });

  it('sends a request and closes', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const url = new URL(s.sandbox.url);
      const transport = createTransport({}, url.origin);
      const r = await transport.request({ origin: url.origin, path: '/v1/orgs/acme/translations-glossary', method: 'GET', headers: { authorization: `Bearer ${s.sandbox.token}` } });
      expect(r.statusCode).toBe(200);
      await r.body.json();
      await transport.close();
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('which runs go through a proxy', () => {
  const proxied = { HTTPS_PROXY: 'http://proxy.internal:3128', HTTP_PROXY: 'http://proxy.internal:3128' };

  it.each(['http://127.0.0.1:8787', 'http://127.9.9.9:1', 'http://localhost:8787', 'http://[::1]:8787', 'https://127.0.0.1', 'https://localhost', 'https://[::1]:8443'])(
    'never %s (plain http or loopback), even with NO_PROXY empty',
    (origin) => {
      expect(proxyFor(origin, { ...proxied, NO_PROXY: '' })).toBeUndefined();
      expect(proxyFor(origin, { https_proxy: '::bad', http_proxy: 'http//x' })).toBeUndefined(); // never read, so never refused
    },
  );

  it.each(['https://foo.localhost', 'https://localhost.:8443', 'https://127.0.0.1.example.com'])('%s is no loopback host: it goes through the proxy', (origin) => {
    expect(proxyFor(origin, proxied)?.route.variable).toBe('HTTPS_PROXY');
  });

  it('an https base URL: https_proxy, else HTTPS_PROXY, else http_proxy, else HTTP_PROXY; credentials never shown', () => {
    const origin = 'https://api.example.com';
    expect(proxyFor(origin, {})).toBeUndefined();
    expect(proxyFor(origin, { https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:1' })?.route).toEqual({ variable: 'https_proxy', shown: 'http://a:1', credentials: false });
    expect(proxyFor(origin, { https_proxy: '', HTTPS_PROXY: 'http://b:1' })?.route.variable).toBe('HTTPS_PROXY');
    expect(proxyFor(origin, { HTTP_PROXY: 'https://u:secret@c:3128/' })?.route).toEqual({ variable: 'HTTP_PROXY', shown: 'https://c:3128', credentials: true });
  });

  it.each([
    ['api.example.com', false],
    ['example.com', false],
    ['.example.com', false],
    ['*.example.com', false],
    ['*', false],
    ['other.org, API.EXAMPLE.COM', false],
    ['api.example.com:443', false],
    ['api.example.com:8443', true],
    ['ample.com', true],
    ['other.org', true],
    ['', true],
  ])('NO_PROXY=%j: proxied %s', (noProxy, expected) => {
    expect(proxyFor('https://api.example.com', { HTTPS_PROXY: 'http://p:1', no_proxy: noProxy }) !== undefined).toBe(expected);
  });

  it('NO_PROXY entries for IPv6 hosts, with or without brackets and port', () => {
    expect(noProxyMatches('2001:db8::1', '[2001:db8::1]', 443)).toBe(true);
    expect(noProxyMatches('[2001:db8::1]:443', '[2001:db8::1]', 443)).toBe(true);
    expect(noProxyMatches('[2001:db8::1]:8443', '[2001:db8::1]', 443)).toBe(false);
  });

  it.each([
    ['HTTPS_PROXY', '::bad'],
    ['https_proxy', 'http//x'],
    ['HTTP_PROXY', 'proxy.example.com:3128'],
    ['HTTPS_PROXY', 'socks5://proxy.example.com:1080'],
  ])('a malformed %s=%j is a usage error naming it', (variable, value) => {
    const err = (() => {
      try {
        return proxyFor('https://api.example.com', { [variable]: value });
      } catch (e) {
        return e;
      }
    })() as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain(`invalid ${variable} `);
  });

  it('a malformed proxy URL is shown without its credentials', () => {
    expect(() => proxyFor('https://api.example.com', { HTTPS_PROXY: 'http//user:s3cret@proxy' })).toThrow(/invalid HTTPS_PROXY "\*\*\*@proxy"/);
    // A scheme is kept as written; only what stands before the last @ is masked.
    const said = (value: string): string => {
      try {
        proxyFor('https://api.example.com', { HTTPS_PROXY: value });
      } catch (err) {
        return /^invalid HTTPS_PROXY (".*"):/.exec((err as Error).message)?.[1] ?? '';
      }
      return '(accepted)';
    };
    expect(said('ftp://user:s3cret@proxy.example.com')).toBe('"ftp://***@proxy.example.com"');
    expect(said('socks5+h://u:p@proxy:1080')).toBe('"socks5+h://***@proxy:1080"');
    expect(said('1http://user:s3cret@proxy')).toBe('"***@proxy"');
    expect(said('proxy.example.com:3128')).toBe('"proxy.example.com:3128"');
  });

  it('credentials are said when the proxy URL has a user, a password or both', () => {
    const credentials = (value: string) => proxyFor('https://api.example.com', { HTTPS_PROXY: value })?.route.credentials;
    expect(credentials('http://u@p:1')).toBe(true);
    expect(credentials('http://:pw@p:1')).toBe(true);
    expect(credentials('http://u:pw@p:1')).toBe(true);
    expect(credentials('http://p:1')).toBe(false);
  });

  it('NO_PROXY in either case; never a proxy for plain http, whatever the variables say', () => {
    expect(proxyFor('https://api.example.com', { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'api.example.com' })).toBeUndefined();
    expect(proxyFor('https://api.example.com', { HTTPS_PROXY: 'http://p:1', no_proxy: 'other.org', NO_PROXY: 'api.example.com' })).not.toBeUndefined();
    expect(proxyFor('http://api.example.com', { HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:1' })).toBeUndefined();
  });

  it('a NO_PROXY entry in brackets is an IPv6 address, with or without a port, and nothing after it', () => {
    expect(noProxyMatches('[2001:db8::1]', '[2001:db8::1]', 443)).toBe(true);
    expect(noProxyMatches('[2001:db8::1]:443x', '[2001:db8::1]', 443)).toBe(false);
    expect(noProxyMatches('x[2001:db8::1]:443', '[2001:db8::1]', 443)).toBe(false);
  });

  it('a CONNECT answered with anything but 200 is an error that names the status', () => {
    const err = new ProxyAnswerError(407, { cause: new Error('x') });
    expect(err.message).toBe('the proxy answered 407 to CONNECT');
    expect(err.code).toBe('PROXY_407');
    expect(err.status).toBe(407);
  });
});

describe('a proxy on loopback, seen from the CLI', () => {
  /** Everything the fake proxy got: connections, plain requests and CONNECTs, with their headers. */
  interface Seen {
    connections: number;
    requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  }
  let proxy: Server;
  let proxyUrl = '';
  const seen: Seen = { connections: 0, requests: [] };
  let s: SandboxEnv;
  beforeAll(async () => {
    s = await sandboxWithEnv({ seed: 'demo' });
    // Answers every CONNECT with 407 and every plain request with 502, after recording it.
    proxy = createServer((req, res) => {
      seen.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      res.writeHead(502).end();
    });
    proxy.on('connection', () => seen.connections++);
    proxy.on('connect', (req, socket) => {
      seen.requests.push({ method: 'CONNECT', url: req.url ?? '', headers: req.headers });
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await s.sandbox.close();
  });
  const reset = (): void => {
    seen.connections = 0;
    seen.requests.length = 0;
  };
  const everyProxy = (): Record<string, string> => ({ HTTPS_PROXY: proxyUrl, https_proxy: proxyUrl, HTTP_PROXY: proxyUrl, http_proxy: proxyUrl, NO_PROXY: '', no_proxy: '' });

  it('http://127.0.0.1 and http://localhost go straight to the service: the proxy sees no connection', async () => {
    const port = new URL(s.sandbox.url).port;
    for (const base of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      reset();
      const r = await runCli(['glossary', 'list', '-o', 'json'], { env: { ...s.env, ...everyProxy(), TEAMCTL_BASE_URL: base } });
      expect({ base, code: r.code, stderr: r.stderr }).toEqual({ base, code: 0, stderr: '' });
      expect(seen).toEqual({ connections: 0, requests: [] });
    }
  });

  it('http://[::1] goes straight to the service too', async () => {
    const v6 = await startSandbox({ port: 0, host: '::1', seed: 'demo', token: s.sandbox.token });
    try {
      reset();
      expect(v6.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      const r = await runCli(['glossary', 'list', '-o', 'json'], { env: { ...s.env, ...everyProxy(), TEAMCTL_BASE_URL: v6.url } });
      expect(r.code).toBe(0);
      expect(seen).toEqual({ connections: 0, requests: [] });
    } finally {
      await v6.close();
    }
  });

  it('an https base URL goes through it; a 407 says "proxy" and is not retried; the token never reaches it', async () => {
    reset();
    const r = await runCli(['glossary', 'list'], { env: { ...s.env, ...everyProxy(), TEAMCTL_BASE_URL: 'https://api.example.test' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: GET https://api.example.test/v1/orgs/acme/translations-glossary?limit=1000 failed: the proxy ${proxyUrl} asked for credentials (407)\n`);
    expect(r.stderr).toContain('hint: give the proxy\'s credentials in https_proxy (http://user:password@host:port)');
    expect(seen.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['CONNECT api.example.test:443']);
    expect(JSON.stringify(seen.requests)).not.toContain(s.sandbox.token);
    expect(seen.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('a refused proxy says "proxy", never the sandbox', async () => {
    // A port nothing listens on any more: a server started, then closed (and waited for).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await runCli(['glossary', 'list'], { env: { ...s.env, HTTPS_PROXY: refused, TEAMCTL_BASE_URL: 'https://api.example.test' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed: the proxy ${refused} refused the connection (ECONNREFUSED) after 5 attempts\n`);
    expect(r.stderr).toContain('hint: is the proxy running, and is HTTPS_PROXY right?');
    expect(r.stderr).not.toMatch(/sandbox/);
  });

  it.each([
    ['HTTPS_PROXY', '::bad'],
    ['https_proxy', 'http//x'],
  ])('a malformed %s=%j: exit 2 naming it, no stack trace, nothing sent', async (variable, value) => {
    reset();
    const r = await runCli(['glossary', 'list'], { env: { ...s.env, [variable]: value, TEAMCTL_BASE_URL: 'https://api.example.test' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: invalid ${variable} ${JSON.stringify(value)}: expected the proxy's URL, such as http://proxy.example.com:3128; nothing was sent\n` +
        `hint: fix or unset ${variable} (the scheme http:// or https:// is required)\n`,
    );
    expect(seen).toEqual({ connections: 0, requests: [] });
  });
});
