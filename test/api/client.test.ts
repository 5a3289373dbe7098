import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, errorMessageFromBody } from '../../src/api/client.js';
import { AuthError, NotFoundError, ServiceError } from '../../src/errors.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const servers: { close: () => void }[] = [];

async function serve(handler: Handler): Promise<{ url: string; seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] }> {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => server.close() });
  server.on('connection', (s) => servers.push({ close: () => s.destroy() }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const TOKEN = 'tok_supersecret_9876';
function client(url: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const sleeps: number[] = [];
  const debug: string[] = [];
  const c = new ApiClient({
    baseUrl: url,
    token: TOKEN,
    userAgent: 'teamctl/test',
    timeoutMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    debug: (l) => debug.push(l),
    ...extra,
  });
  return { c, sleeps, debug };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

describe('ApiClient', () => {
  it('sends the contract headers to <base>/v1 and parses JSON', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { ok: true }));
    const { c } = client(url + '/');
    const r = await c.request('PUT', '/orgs/a/teams/b/members', { body: { add: ['x'] }, query: { limit: 5, page: undefined } });
    expect(r).toEqual({ status: 200, data: { ok: true }, bytes: 11 });
    expect(seen[0]?.url).toBe('/v1/orgs/a/teams/b/members?limit=5');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.headers.accept).toBe('application/json');
    expect(seen[0]?.headers['user-agent']).toBe('teamctl/test');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ add: ['x'] });
    await c.close();
  });

  it('sends no content-type without a body, and does not double /v1', async () => {
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const { c } = client(url + '/v1');
    expect(await c.request('DELETE', '/x')).toEqual({ status: 204, data: undefined, bytes: 0 });
    expect(seen[0]?.url).toBe('/v1/x');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    await c.close();
  });

  it('retries 503 with backoff and succeeds, one debug line per exchange without the token', async () => {
    let n = 0;
    const { url } = await serve((_req, res) => (++n < 3 ? json(res, 503, { error: { code: 503, message: 'busy' } }) : json(res, 200, { items: [] })));
    const { c, sleeps, debug } = client(url);
    await c.request('GET', '/thing');
    expect(n).toBe(3);
    expect(sleeps).toEqual([125, 250]);
    expect(debug).toHaveLength(3);
    expect(debug[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/thing 503 \d+ms attempt 1, retrying in 125ms$/);
    expect(debug[2]).toMatch(/ 200 \d+ms attempt 3$/);
    expect(debug.join('\n')).not.toContain(TOKEN);
    await c.close();
  });

  it('honours Retry-After and fails fast when it is over 60 s', async () => {
    let n = 0;
    const { url } = await serve((_req, res) => {
      n++;
      json(res, 429, { error: { code: 429, message: 'slow down' } }, { 'retry-after': n === 1 ? '3' : '120' });
    });
    const { c, sleeps } = client(url);
    const err = await c.request('GET', '/x').catch((e: unknown) => e);
    expect(sleeps).toEqual([3000]);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as Error).message).toMatch(/asked to wait 120s/);
    await c.close();
  });

  it('gives up after 4 retries and says how many attempts were made', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 502, { error: { code: 502, message: 'bad gateway' } }));
    const { c, sleeps } = client(url);
    const err = (await c.request('GET', '/x').catch((e: unknown) => e)) as ServiceError;
    expect(seen).toHaveLength(5);
    expect(sleeps).toHaveLength(4);
    expect(err.message).toMatch(/failed with 502 \(after 5 attempts\): bad gateway/);
    expect(err.detail).toBe('bad gateway (after 5 attempts)'); // what a per-user report shows
    expect(err.outcome).toBe('unknown');
    expect(err.exitCode).toBe(1);
    await c.close();
  });

  it('does not retry a glossary-style PUT after an ambiguous failure', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 502, { error: { code: 502, message: 'bad gateway' } }));
    const { c } = client(url);
    const err = (await c.request('PUT', '/g', { body: {}, retryClass: 'unprocessed-only' }).catch((e: unknown) => e)) as ServiceError;
    expect(seen).toHaveLength(1);
    expect(err.outcome).toBe('unknown');
    await c.close();
  });

  it('never re-sends a glossary-style PUT after a 503, whatever its body: the outcome is unknown, with the wait it asked for', async () => {
    let fromService = true;
    const { url, seen } = await serve((_req, res) => {
      if (fromService) json(res, 503, { error: { code: 503, message: 'overloaded, try again' } }, { 'retry-after': '7' });
      else {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html><h1>503 Service Temporarily Unavailable</h1></html>');
      }
    });
    const { c } = client(url, { retryPolicy: { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 60_000 } });
    // The service's own error JSON proves nothing: an API behind a gateway says the same after an upstream reset.
    const service = (await c.request('PUT', '/g', { body: {}, retryClass: 'unprocessed-only' }).catch((e: unknown) => e)) as ServiceError;
    expect(seen).toHaveLength(1);
    expect(service.outcome).toBe('unknown');
    expect(service.retryAfterMs).toBe(7000);
    fromService = false;
    const gateway = (await c.request('PUT', '/g', { body: {}, retryClass: 'unprocessed-only' }).catch((e: unknown) => e)) as ServiceError;
    expect(seen).toHaveLength(2);
    expect(gateway.outcome).toBe('unknown');
    expect(gateway.retryAfterMs).toBeUndefined();
    // Reads are safe to repeat whoever answered.
    await c.request('GET', '/x').catch(() => undefined);
    expect(seen).toHaveLength(5);
    await c.close();
  });

  it('shareBudget: requests from anywhere in the run wait for one of the budget\'s slots', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    c.shareBudget(2);
    const all = Promise.all(Array.from({ length: 5 }, (_, i) => c.request('GET', `/x${i}`)));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    // Turns of the event loop for any other request to arrive: none may while two are held.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(2);
    held.shift()?.();
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    while (seen.length < 5 || held.length > 0) {
      held.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await all).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // A slot given back with no one waiting is free again: requests one after another never wait.
    const { url: quick } = await serve((_req, res) => json(res, 200, { ok: true }));
    const { c: one } = client(quick);
    one.shareBudget(1);
    for (let i = 0; i < 3; i++) expect((await one.request('GET', `/y${i}`)).status).toBe(200);
    await one.close();
    await c.close();
  });

  it('maps 401/403 to AuthError with a login hint and 404 to NotFoundError', async () => {
    const { url } = await serve((req, res) => {
      const status = Number(req.url?.split('/').pop());
      json(res, status, { error: { code: status, message: `status ${status}` } });
    });
    const { c } = client(url);
    const e401 = (await c.request('GET', '/401').catch((e: unknown) => e)) as AuthError;
    expect(e401).toBeInstanceOf(AuthError);
    expect(e401.exitCode).toBe(4);
    expect(e401.hint).toContain('teamctl auth login');
    expect(await c.request('GET', '/403').catch((e: unknown) => e)).toBeInstanceOf(AuthError);
    const e404 = (await c.request('GET', '/404').catch((e: unknown) => e)) as NotFoundError;
    expect(e404).toBeInstanceOf(NotFoundError);
    expect(e404.message).toContain('status 404');
    const e400 = (await c.request('GET', '/400').catch((e: unknown) => e)) as ServiceError;
    expect(e400.outcome).toBe('rejected');
    expect(e400.message).toContain('status 400');
    expect(e400.detail).toBe('status 400');
    expect(e401.detail).toBe('status 401');
    await c.close();
  });

  it('never follows a redirect', async () => {
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/steal' });
      res.end();
    });
    const { c } = client(url);
    const err = (await c.request('GET', '/x').catch((e: unknown) => e)) as ServiceError;
    expect(err.message).toMatch(/answered 302.*does not follow redirects/);
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('summarises a non-JSON error page instead of dumping it', async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`;
    const { url } = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(page);
    });
    const { c } = client(url);
    const err = (await c.request('GET', '/x').catch((e: unknown) => e)) as ServiceError;
    expect(err.message).toContain('HTTP 500: 502 Bad Gateway');
    expect(err.message.length).toBeLessThan(300);
    await c.close();
  });

  it('a debug line gives how long the attempt took by the clock it was given, from its start to its answer', async () => {
    let n = 0;
    const { url } = await serve((_req, res) => (++n < 2 ? json(res, 503, { error: { code: 503, message: 'busy' } }) : json(res, 200, { ok: 1 })));
    let calls = 0;
    const { c, debug } = client(url, { now: () => 1_000_000 + 5 * calls++ });
    await c.request('GET', '/x');
    // Three readings per attempt: its start, the retry decision, the debug line.
    expect(debug).toEqual([`GET ${url}/v1/x 503 10ms attempt 1, retrying in 125ms`, `GET ${url}/v1/x 200 10ms attempt 2`]);
    await c.close();
  });

  it('times out a request that takes too long, and retries it', async () => {
    let n = 0;
    const { url } = await serve((_req, res) => {
      if (++n === 1) return; // never answers
      json(res, 200, { ok: 1 });
    });
    const { c, debug } = client(url, { timeoutMs: 100 });
    expect((await c.request('GET', '/x')).data).toEqual({ ok: 1 });
    expect(debug[0]).toMatch(/ TIMEOUT \d+ms attempt 1, retrying/);
    await c.close();
  });

  it('reports a refused connection as not processed', async () => {
    // A port nothing listens on any more: a server started, then closed (and waited for).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { c, sleeps } = client(url, { retryPolicy: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 60_000 } });
    const err = (await c.request('PUT', '/g', { retryClass: 'unprocessed-only', body: {} }).catch((e: unknown) => e)) as ServiceError;
    expect(err.message).toMatch(/failed \(ECONNREFUSED\) after 2 attempts/);
    expect(err.detail).toBe('failed (ECONNREFUSED) after 2 attempts');
    expect(err.outcome).toBe('not-processed');
    expect(sleeps).toHaveLength(1);
    await c.close();
  });

  it('rejects a 200 whose body is not JSON', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
    });
    const { c } = client(url);
    await expect(c.request('GET', '/x')).rejects.toThrow(/not JSON/);
    await c.close();
  });
});

describe('ApiClient.interrupt: no request starts after it', () => {
  const interrupted = { code: 'INTERRUPTED', outcome: 'not-processed' };

  it('an interrupted client sends nothing, not even a request\'s first attempt, of any retry class', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { ok: true }));
    const { c } = client(url);
    c.interrupt(60_000);
    await expect(c.request('GET', '/orgs/a/teams/b/members')).rejects.toMatchObject(interrupted);
    await expect(c.request('PUT', '/orgs/a/glossary', { body: { operations: [] }, retryClass: 'unprocessed-only' })).rejects.toMatchObject(interrupted);
    // The server answers whoever reaches it: a request sent afterwards is the first it sees.
    const { c: other } = client(url);
    expect((await other.request('GET', '/after')).status).toBe(200);
    expect(seen.map((r) => r.url)).toEqual(['/v1/after']);
    await c.close();
    await other.close();
  });

  it('a request waiting for a slot of the budget when the run is interrupted is not sent once the slot frees', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    c.shareBudget(1);
    const first = c.request('GET', '/first');
    const waiting = c.request('GET', '/waiting');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    held.shift()?.(); // the request in flight finishes within the grace period
    expect((await first).status).toBe(200);
    await expect(waiting).rejects.toMatchObject(interrupted);
    const { c: other } = client(url);
    const after = other.request('GET', '/after');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    expect((await after).status).toBe(200);
    expect(seen.map((r) => r.url)).toEqual(['/v1/first', '/v1/after']);
    await c.close();
    await other.close();
  });

  it('an interrupt during the wait before a retry sends no retry', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 503, { error: { code: 503, message: 'busy' } }));
    const running: { client?: ApiClient } = {};
    const { c } = client(url, { sleep: async () => running.client?.interrupt(60_000) });
    running.client = c;
    await expect(c.request('GET', '/x')).rejects.toMatchObject(interrupted);
    expect(seen).toHaveLength(1);
    await c.close();
  });
});

describe('ApiClient.interrupt: what is in flight, what waits, what is cut off', () => {
  const interrupted = { code: 'INTERRUPTED', outcome: 'not-processed' };
  // Lets the event loop run every timer due now (a grace period of 0 ms) and what they start.
  const timersDue = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

  it('a request refused by an interruption says so in its message and detail', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { ok: true }));
    const { c } = client(url);
    c.interrupt(60_000);
    const err = (await c.request('DELETE', '/orgs/a/teams/b').catch((e: unknown) => e)) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.message).toBe(`DELETE ${url}/v1/orgs/a/teams/b not sent: the run was interrupted`);
    expect(err.detail).toBe('not sent: the run was interrupted');
    expect(err).toMatchObject(interrupted);
    expect(seen).toHaveLength(0);
    await c.close();
  });

  it('a request that finds the budget full after the interruption is refused at once, not when a slot frees', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    c.shareBudget(1);
    const first = c.request('GET', '/first');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    // The slot is still taken: refused while the first request is held.
    await expect(c.request('GET', '/late')).rejects.toMatchObject(interrupted);
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect((await first).status).toBe(200);
    expect(seen.map((r) => r.url)).toEqual(['/v1/first']);
    await c.close();
  });

  it('every request waiting for a slot is refused in turn once the slot frees: each hands it on', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    c.shareBudget(1);
    const first = c.request('GET', '/first');
    const waiting = [c.request('GET', '/a'), c.request('GET', '/b'), c.request('GET', '/c')];
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    held.shift()?.();
    expect((await first).status).toBe(200);
    for (const w of waiting) await expect(w).rejects.toMatchObject(interrupted);
    expect(seen.map((r) => r.url)).toEqual(['/v1/first']);
    await c.close();
  });

  it('a budget of 0 or less is a budget of one request at a time', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    c.shareBudget(0);
    const all = Promise.all([c.request('GET', '/a'), c.request('GET', '/b')]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(1);
    held.shift()?.();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    expect((await all).map((r) => r.status)).toEqual([200, 200]);
    await c.close();
  });

  it('what is in flight has its grace period, and a second interruption does not shorten it', async () => {
    const held: (() => void)[] = [];
    const { url } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c } = client(url);
    const inFlight = c.request('GET', '/x');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    c.interrupt(0);
    await timersDue();
    held.shift()?.();
    expect((await inFlight).status).toBe(200);
    await c.close();
  });

  it('after the grace period what is in flight is cut off, its outcome unknown, and not retried', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 200, { ok: true })));
    const { c, sleeps } = client(url);
    const inFlight = c.request('GET', '/x').catch((e: unknown) => e);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(0);
    const err = (await inFlight) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.message).toBe(`GET ${url}/v1/x cut off: the run was interrupted while the request was in flight`);
    expect(err).toMatchObject({ code: 'INTERRUPTED_IN_FLIGHT', outcome: 'unknown', detail: 'cut off: the run was interrupted while the request was in flight' });
    expect(sleeps).toEqual([]);
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('an answer that would be retried, arriving after the interruption, is not retried: it fails as it is', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((_req, res) => held.push(() => json(res, 503, { error: { code: 503, message: 'busy' } })));
    const { c, sleeps } = client(url);
    const inFlight = c.request('GET', '/x').catch((e: unknown) => e);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    held.shift()?.();
    const err = (await inFlight) as ServiceError;
    expect(err.message).toBe(`GET ${url}/v1/x failed with 503: busy`);
    expect(err).toMatchObject({ status: 503, outcome: 'unknown' });
    expect(sleeps).toEqual([]);
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('a connection that breaks by itself after the interruption is reported as what it is, not as cut off', async () => {
    const held: (() => void)[] = [];
    const { url, seen } = await serve((req) => held.push(() => req.socket.destroy()));
    const { c } = client(url);
    const inFlight = c.request('GET', '/x').catch((e: unknown) => e);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    c.interrupt(60_000);
    held.shift()?.();
    const err = (await inFlight) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).not.toBe('INTERRUPTED_IN_FLIGHT');
    expect(err.message).toMatch(new RegExp(`^GET ${url}/v1/x failed \\(`));
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('an interruption ends a retry wait that would not end by itself', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 503, { error: { code: 503, message: 'busy' } }));
    const running: { client?: ApiClient } = {};
    const { c } = client(url, {
      sleep: () => {
        running.client?.interrupt(60_000);
        return new Promise<void>(() => undefined);
      },
    });
    running.client = c;
    await expect(c.request('GET', '/x')).rejects.toMatchObject(interrupted);
    expect(seen).toHaveLength(1);
    await c.close();
  });
});

describe('errorMessageFromBody', () => {
  it('prefers the service message', () => {
    expect(errorMessageFromBody(400, 'application/json', '{"error":{"code":400,"message":"bad limit"}}')).toBe('bad limit');
  });
  it('summarises other bodies by status and first line', () => {
    expect(errorMessageFromBody(502, 'text/plain', '\n\n  upstream   failed \nmore')).toBe('HTTP 502: upstream failed');
    expect(errorMessageFromBody(503, 'text/plain', '')).toBe('HTTP 503');
    expect(errorMessageFromBody(500, 'application/json', '{"weird":1}')).toBe('HTTP 500: {"weird":1}');
  });
});

describe('hints for a base URL that points at the wrong thing', () => {
  it('HTTPS to a plain-HTTP server: not retried, and the hint names the http:// URL', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { ok: true }));
    const tls = url.replace(/^http:/, 'https:');
    const { c, sleeps } = client(tls);
    const err = (await c.request('GET', '/x').catch((e: unknown) => e)) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.hint).toBe(`${tls} does not speak TLS (HTTPS): if it is a plain-HTTP server such as \`teamctl sandbox\`, use ${url}`);
    expect(sleeps).toEqual([]);
    expect(seen).toEqual([]);
    await c.close();
  });

  it("a 404 that is not the service's error body (a web server's page) suggests checking the base URL", async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not Found</body></html>');
    });
    const { c } = client(url);
    const err = (await c.request('GET', '/orgs/a/teams/b/members').catch((e: unknown) => e)) as NotFoundError;
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.hint).toBe(`if every command answers 404, check the base URL (${url}): teamctl adds /v1/orgs/… to it`);
    await c.close();
  });

  it("the service's own 404 (a team that does not exist) gets no such hint, unless the base URL has a path of its own", async () => {
    const { url } = await serve((_req, res) => json(res, 404, { error: { code: 404, message: 'no such team' } }));
    const plain = client(url);
    const err = (await plain.c.request('GET', '/orgs/a/teams/b/members').catch((e: unknown) => e)) as NotFoundError;
    expect(err.message).toBe('not found (404): no such team');
    expect(err.hint).toBeUndefined();
    await plain.c.close();
    const withPath = client(`${url}/api`);
    const err2 = (await withPath.c.request('GET', '/orgs/a/teams/b/members').catch((e: unknown) => e)) as NotFoundError;
    expect(err2.hint).toBe(`if every command answers 404, check the base URL (${url}/api): teamctl adds /v1/orgs/… to it, and it has a path of its own`);
    await withPath.c.close();
  });

  it("the service's 404 on a collection of the organization itself names the organization id to check", async () => {
    const { url } = await serve((_req, res) => json(res, 404, { error: { code: 404, message: 'organization not found' } }));
    const { c } = client(url);
    const hint = async (path: string) => ((await c.request('GET', path).catch((e: unknown) => e)) as NotFoundError).hint;
    const check = (org: string) =>
      `check the organization id ${JSON.stringify(org)} (--org, TEAMCTL_ORG or the config key org; \`teamctl auth status\` shows the one in use and where it comes from)`;
    for (const collection of ['teams', 'members', 'translations-glossary', 'invites']) expect(await hint(`/orgs/acmee/${collection}`)).toBe(check('acmee'));
    expect(await hint('/orgs/acm%20e%2F1/teams')).toBe(check('acm e/1'));
    // Deeper, the missing thing may be the team, the member or the entry: no guess.
    for (const path of ['/orgs/acme/teams/t1', '/orgs/acme/members/u1', '/orgs/acme/teams/t1/members', '/orgs/acme/spaces', '/user']) expect(await hint(path)).toBeUndefined();
    await c.close();
  });
});
