// Wrong-shaped and unbounded answers (`teamctl help reliability`, "Reliability"): exit 1 naming the field, never a
// stack trace, never a silent partial list.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

async function answering(body: unknown): Promise<{ code: number; stdout: string; stderr: string }[]> {
  s.sandbox.intercept((req) => (req.method === 'GET' ? { kind: 'respond', status: 200, body } : undefined));
  try {
    return [await runCli(['members', 'list'], { env: s.env }), await runCli(['glossary', 'list'], { env: s.env })];
  } finally {
    s.sandbox.clearIntercepts();
  }
}

describe('wrong-shaped answers', () => {
  it('list items without organization, user or translations, or that are not objects: exit 1 naming the field, nothing printed', async () => {
    for (const [body, members, glossary] of [
      [{ items: [{ team: { role: 'member' } }] }, 'field "organization" is missing or not an object (item 1 of page 1 of the members of team engineering)', 'field "id" is missing'],
      [{ items: [42] }, 'a member that is not a JSON object', 'a glossary entry that is not a JSON object'],
      [{ items: [{ id: 'ge_1', translations: { en: 7 } }] }, 'field "organization" is missing', 'field "translations.en" is not a string (item 1 of page 1 of glossary entries)'],
    ] as [unknown, string, string][]) {
      const [m, g] = await answering(body);
      expect(m?.code).toBe(1);
      expect(m?.stderr).toContain(`unexpected response from the service: ${members}`);
      expect(g?.code).toBe(1);
      expect(g?.stderr).toContain(glossary);
      for (const r of [m, g]) {
        expect(r?.stdout).toBe('');
        expect(r?.stderr).not.toMatch(/\n\s+at /);
      }
    }
  });

  it('a numeric cursor is an error, not a list silently cut after page 1', async () => {
    const [m] = await answering({ items: [], next: { page: 2 } });
    expect(m?.code).toBe(1);
    expect(m?.stderr).toContain('field "next.page" is not a string (2)');
  });

  it('glossary get answered with [] is exit 1', async () => {
    s.sandbox.intercept(() => ({ kind: 'respond', status: 200, body: [] }));
    try {
      const r = await runCli(['glossary', 'get', 'ge_1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('unexpected response from the service: a glossary entry that is not a JSON object (glossary entry "ge_1")');
    } finally {
      s.sandbox.clearIntercepts();
    }
  });
});

describe('unbounded answers', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    // An answer of 70 MB that never ends in valid JSON.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x5b);
      let sent = 0;
      const pump = (): void => {
        while (sent < 70) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an answer larger than 64 MB is not read whole: exit 1, saying so', async () => {
    const r = await runCli(['members', 'list'], { env: { TEAMCTL_BASE_URL: url, TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'o', TEAMCTL_TEAM: 't', NODE_OPTIONS: '--max-old-space-size=96' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('answered more than 64 MB; stopped reading it');
  });
});
