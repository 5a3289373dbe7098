// --late-rate: a request answered 502 at once and applied 50–300 ms later (README, sandbox).
// Checked against the sandbox's state; no sleeps: settled() and close() say when it is applied.
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/api/types.js';
import { formatBanner } from '../../src/commands/sandbox.js';
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

async function put(sb: Sandbox, path: string, body: unknown): Promise<{ status: number; body: ErrorBody }> {
  const res = await fetch(`${sb.url}/v1${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ErrorBody };
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
    const again = new FaultInjector({ lateRate: 1, faultSeed: 5 });
    expect(delays.map(() => (again.decide() as { delayMs: number }).delayMs)).toEqual(delays);
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

  it('answers a glossary insert 502, then applies it: one entry, which a re-send would double', async () => {
    const sb = await start({ lateRate: 1 });
    const answer = await put(sb, `/orgs/${org}/translations-glossary`, { operations: [{ type: 'insert', translations: { en: 'Late' } }] });
    expect(answer.status).toBe(502);
    expect(answer.body.error.code).toBe(502);
    await sb.settled();
    expect(sb.store.glossaryEntries(org).map((e) => e.translations)).toEqual([{ en: 'Late' }]);
    expect(sb.requests).toHaveLength(1);
    expect(sb.requests[0]).toMatchObject({ status: 502, fault: 'late', appliedStatus: 204 });
  });

  it('applies a late member change still pending when the sandbox closes', async () => {
    const sb = await start({ lateRate: 1, faultSeed: 2 });
    const user = sb.store.users(org)[0]!;
    const answer = await put(sb, `/orgs/${org}/teams/design/members`, { add: [user.email] });
    expect(answer.status).toBe(502);
    await sb.close();
    expect(sb.store.teamMembers(org, 'design')).toEqual([{ userId: user.id, role: 'member' }]);
  });

  it('applies invalid requests late too: their error is what the 502 hid', async () => {
    const sb = await start({ lateRate: 1 });
    expect((await put(sb, `/orgs/${org}/translations-glossary`, { operations: [{ type: 'delete', id: 'nope' }] })).status).toBe(502);
    await sb.settled();
    expect(sb.requests[0]).toMatchObject({ status: 502, fault: 'late', appliedStatus: 400 });
    expect(sb.store.glossaryEntries(org)).toEqual([]);
  });

  it('is named in the banner with its seed', async () => {
    const sb = await start({ lateRate: 0.25, faultSeed: 4 });
    expect(formatBanner(sb)).toMatch(/faults +late-rate 0\.25 \(fault-seed 4\)/);
  });
});
