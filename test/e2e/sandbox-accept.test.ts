// `teamctl sandbox accept <e-mail…>` (`teamctl help sandbox`, "Invitations"): the sandbox's control
// that plays a pending invitee signing in. Checked on the sandbox's state: the invitee is a member
// with the invitation's role, no longer invited; a repeat changes nothing; no fault strikes the
// control; an e-mail with no invitation is exit 5; an id, or a base URL that is no sandbox's, is
// exit 2 with nothing sent; with --data the member is in the data file once the sandbox stops.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataFile } from '../../src/sandbox/persistence.js';
import { runCli, sandboxWithEnv } from './harness.js';

const hire = 'new.hire@example.com';
const invite = (s: Awaited<ReturnType<typeof sandboxWithEnv>>): void =>
  s.sandbox.store.members.invite('acme', { email: hire, role: 'comment', sso: false, invitedAt: '2026-01-02T00:00:00.000Z' });

describe('teamctl sandbox accept', () => {
  it('a pending invitee joins with the invitation role, even under faults; a repeat changes nothing; an e-mail not invited is exit 5', async () => {
    const s = await sandboxWithEnv({ seed: 'demo', failRate: 1 });
    try {
      invite(s);
      const r = await runCli(['sandbox', 'accept', hire], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(s.sandbox.store.findUser('acme', hire)?.role).toBe('comment');
      expect(s.sandbox.store.members.invitations('acme')).toEqual([]);
      expect(s.sandbox.requests.map((q) => [q.method, q.path, q.status, q.fault])).toEqual([['POST', '/v1/sandbox/orgs/acme/invites/accept', 200, undefined]]);
      const again = await runCli(['sandbox', 'accept', hire.toUpperCase()], { env: s.env });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('a member of acme already');
      const none = await runCli(['sandbox', 'accept', 'nobody@example.com'], { env: s.env });
      expect(none.code).toBe(5);
      expect(none.stderr).toContain('no pending invitation of nobody@example.com to organization acme');
    } finally {
      await s.sandbox.close();
    }
  });

  it('the control needs the sandbox token like every request', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      invite(s);
      const answer = await fetch(`${s.sandbox.url}/v1/sandbox/orgs/acme/invites/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: hire }) });
      expect(answer.status).toBe(401);
      expect(s.sandbox.store.members.invitations('acme')).toHaveLength(1);
    } finally {
      await s.sandbox.close();
    }
  });

  it('an id, or a base URL that is not a loopback address, is exit 2 with nothing sent', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      invite(s);
      const byId = await runCli(['sandbox', 'accept', 'u00001'], { env: s.env });
      expect(byId.code).toBe(2);
      expect(byId.stderr).toContain('an invitation is accepted by its e-mail');
      const remote = await runCli(['sandbox', 'accept', hire], { env: { ...s.env, TEAMCTL_BASE_URL: 'https://api.example.com' } });
      expect(remote.code).toBe(2);
      expect(remote.stderr).toContain('is not one (a sandbox listens on a loopback address)');
      expect(s.sandbox.requests).toEqual([]);
      expect(s.sandbox.store.members.invitations('acme')).toHaveLength(1);
    } finally {
      await s.sandbox.close();
    }
  });

  it('with --data, the member who accepted is in the data file once the sandbox stops', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-accept-')), 'sandbox.json');
    const s = await sandboxWithEnv({ seed: 'demo', dataFile });
    invite(s);
    expect((await runCli(['sandbox', 'accept', hire], { env: s.env })).code).toBe(0);
    await s.sandbox.close();
    const store = await loadDataFile(dataFile);
    expect(store?.findUser('acme', hire)?.email).toBe(hire);
    expect(store?.members.invitations('acme')).toEqual([]);
  });
});
