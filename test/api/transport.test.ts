// The narrow undici (src/api/transport.ts): the internal paths it loads still exist in the pinned
// version, and proxies from the environment are honoured — NO_PROXY too.
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../src/api/transport.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from '../e2e/harness.js';

describe('undici, used narrowly', () => {
  it('finds the Agent and the request API at the paths the transport loads, and the proxy agent in the package', () => {
    const require = createRequire(import.meta.url);
    expect(typeof require('undici/lib/dispatcher/agent.js')).toBe('function');
    expect(typeof (require('undici') as { EnvHttpProxyAgent: unknown }).EnvHttpProxyAgent).toBe('function');
    expect(typeof require('undici/lib/api/api-request.js')).toBe('function');
    const version = (require('undici/package.json') as { version: string }).version;
    expect(version).toMatch(/^7\./);
  });

  it("never loads undici's HTTP/2 client nor node:http2 (a process of its own), and still talks HTTP/1.1", async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const { spawn } = await import('node:child_process');
      const transport = new URL('../../dist/api/transport.js', import.meta.url).href;
      const script = `
        const { createTransport, http2ClientPath } = await import(${JSON.stringify(transport)});
        const t = createTransport({});
        const r = await t.request({ origin: ${JSON.stringify(s.sandbox.url)}, path: '/v1/orgs/acme/translations-glossary', method: 'GET', headers: { authorization: 'Bearer ${s.sandbox.token}' } });
        await r.body.json();
        await t.close();
        const { createRequire } = await import('node:module');
        const standIn = createRequire(import.meta.url).cache[http2ClientPath].exports;
        console.log(JSON.stringify({ status: r.statusCode, http2: process.moduleLoadList.some((m) => /\bhttp2\b/.test(m)), standIn: standIn.name }));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      await new Promise((resolve) => child.on('close', resolve));
      expect(JSON.parse(out)).toEqual({ status: 200, http2: false, standIn: 'connectH2' });
    } finally {
      await s.sandbox.close();
    }
  });

  it('sends a request and closes', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const transport = createTransport({});
      const url = new URL(s.sandbox.url);
      const r = await transport.request({ origin: url.origin, path: '/v1/orgs/acme/translations-glossary', method: 'GET', headers: { authorization: `Bearer ${s.sandbox.token}` } });
      expect(r.statusCode).toBe(200);
      await r.body.json();
      await transport.close();
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('proxies from the environment', () => {
  let proxy: Server;
  let proxyUrl = '';
  const tunnels: string[] = [];
  let s: SandboxEnv;
  beforeAll(async () => {
    s = await sandboxWithEnv({ seed: 'demo' });
    // A CONNECT proxy on loopback that records every tunnel it opens.
    proxy = createServer();
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await s.sandbox.close();
  });

  it('goes through HTTP_PROXY (any case), and around it for NO_PROXY hosts', async () => {
    const target = new URL(s.sandbox.url).host;
    const via = await runCli(['glossary', 'list'], { env: { ...s.env, http_proxy: proxyUrl } });
    expect(via.code).toBe(0);
    expect(tunnels).toContain(target);
    const count = tunnels.length;
    const around = await runCli(['glossary', 'list'], { env: { ...s.env, HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } });
    expect(around.code).toBe(0);
    expect(tunnels).toHaveLength(count);
  });
});
