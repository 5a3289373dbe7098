// A local HTTP server that answers each request by a function of its method and URL, recording
// every request: for API-layer tests that need a few routes without the sandbox.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach } from 'vitest';
import { ApiClient } from '../../src/api/client.js';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };
export type Route = (sent: Sent, count: number) => Reply;

/** Registers the closing of every server and client made in the calling test file. */
export function routedServices(): (route: Route) => Promise<{ client: ApiClient; sent: Sent[]; url: string }> {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });
  return async (route) => {
    const sent: Sent[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const one = { method: req.method ?? '', url: req.url ?? '', body: text === '' ? undefined : (JSON.parse(text) as unknown) };
        sent.push(one);
        const reply = route(one, sent.length);
        res.writeHead(reply.status, reply.body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sockets = new Set<Socket>();
    server.on('connection', (s) => sockets.add(s));
    open.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new ApiClient({ baseUrl: url, token: 'tok_routed_test', userAgent: 'teamctl/test', timeoutMs: 2000, sleep: async () => {}, random: () => 0.5 });
    open.push(() => client.close());
    return { client, sent, url };
  };
}
