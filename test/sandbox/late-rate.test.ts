// --late-rate: a request answered at once — a gateway's 502 or 503 page, or a 503 in the service's
// own error JSON — and applied 50–300 ms later (README, sandbox).
// Checked against the sandbox's state; no sleeps: settled() and close() say when it is applied.
import { afterEach, describe, expect, it } from 'vitest';
import { formatBanner } from '../../src/commands/sandbox-banner.js';
import { FaultInjector, lateMaxMs, lateMinMs } from '../../src/sandbox/faults.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/server.js';

const org = 'acme';
const started: Sandbox[] = [];

async function start(options: SandboxOptions): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, seed: 'empty', ...options });
  started.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((sb) => sb.close()));
});

async function put(sb: Sandbox, path: string, body: unknown): Promise<{ status: number; contentType: string; text: string }> {
  const res = await fetch(`${sb.url}/v1${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('late-rate fault', () => {
  it('decides late after the other faults, with a seeded delay of 50-300 ms', () => {
    const injector = new FaultInjector({ lateRate: 1, faultSeed: 5 });
    const delays = Array.from({ length: 200 }, () => {
      const d = injector.decide();
      expect(d.kind).toBe('late');
      return d.kind === 'late' ? d.delayMs : -1;
    });
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(lateMinMs);
    expect(Math.max(...delays)).toBeLessThanOrEqual(lateMaxMs);
    expect(new Set(delays).size).toBeGreaterThan(20);
    const answers = Array.from({ length: 200 }, () => injector.decide() as { status: number; body: string });
    const statuses = answers.map((a) => a.status);
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`))).toEqual(new Set(['502 gateway', '503 gateway', '503 service']));
    const again = new FaultInjector({ lateRate: 1, faultSeed: 5 });
    expect(delays.map(() => (again.decide() as { delayMs: number }).delayMs)).toEqual(delays);
    expect(statuses.map(() => (again.decide() as { status: number }).status)).toEqual(statuses);
    expect(new FaultInjector({ lateRate: 1, ambiguousRate: 1 }).decide()).toEqual({ kind: 'ambiguous' });
    expect(() => new FaultInjector({ lateRate: 2 })).toThrow(RangeError);
  });

  it('leaves the other faults of a seed as they were', () => {
    const plain = new FaultInjector({ failRate: 0.5, faultSeed: 9 });
    const withLate = new FaultInjector({ failRate: 0.5, lateRate: 0.2, faultSeed: 9 });
    for (let i = 0; i < 100; i++) {
      const a = plain.decide();
      const b = withLate.decide();
      if (a.kind === 'fail') expect(b.kind).toBe('fail');
      else expect(['none', 'late']).toContain(b.kind);
    }
  });

  it("answers a glossary insert with a gateway's 502 or 503 page, or the service's own 503 JSON, then applies it: one entry, which a re-send would double", async () => {
    const sb = await start({ lateRate: 1 });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const answer = await put(sb, `/orgs/${org}/translations-glossary`, { operations: [{ type: 'insert', translations: { en: `Late ${i}` } }] });
      expect([502, 503]).toContain(answer.status);
      if (answer.contentType === 'text/html') {
        expect(answer.text).toMatch(/^<html>.*(Bad Gateway|Service Temporarily Unavailable)/);
        seen.add(`${answer.status} page`);
      } else {
        // The service's own error shape: it proves nothing either, the request is applied later.
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.text)).toEqual({ error: { code: 503, message: 'sandbox fault: service unavailable (late-rate); the request is applied later' } });
        seen.add('503 json');
      }
    }
    expect(seen).toEqual(new Set(['502 page', '503 page', '503 json']));
    await sb.settled();
    expect(sb.store.glossaryEntries(org).map((e) => e.translations.en).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Late ${i}`).sort());
    expect(sb.requests).toHaveLength(12);
    expect(sb.requests.every((r) => r.fault === 'late' && r.appliedStatus === 204)).toBe(true);
  });

  it('applies a late member change still pending when the sandbox closes', async () => {
    const sb = await start({ lateRate: 1, faultSeed: 2 });
    const user = sb.store.users(org)[0]!;
    const answer = await put(sb, `/orgs/${org}/teams/design/members`, { add: [user.email] });
    expect([502, 503]).toContain(answer.status);
    await sb.close();
    expect(sb.store.teamMembers(org, 'design')).toEqual([{ userId: user.id, role: 'member' }]);
  });

  it("applies invalid requests late too: their error is what the gateway's answer hid", async () => {
    const sb = await start({ lateRate: 1 });
    expect([502, 503]).toContain((await put(sb, `/orgs/${org}/translations-glossary`, { operations: [{ type: 'delete', id: 'nope' }] })).status);
    await sb.settled();
    expect(sb.requests[0]).toMatchObject({ fault: 'late', appliedStatus: 400 });
    expect(sb.store.glossaryEntries(org)).toEqual([]);
  });

  it('is named in the banner with its seed', async () => {
    const sb = await start({ lateRate: 0.25, faultSeed: 4 });
    expect(formatBanner(sb)).toMatch(/faults +late-rate 0\.25 \(fault-seed 4\)/);
  });
});
