// whoami shows where SSO sign-ins land (`teamctl help organization`, "SSO members"): the
// organization's SAML providers from GET …/saml, each with its default team (title and id) and
// default role, in text and JSON; an organization without one, a token that may not read them
// (403) and an organization the service does not find (404) are said plainly, exit 0.
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

async function start(options: SandboxOptions = {}): Promise<SandboxEnv> {
  s = await sandboxWithEnv(options);
  return s;
}

const samlLines = (stdout: string): string[] => stdout.split('\n').filter((l) => l.startsWith('saml: '));
const samlAsked = (sb: SandboxEnv): string[] => sb.sandbox.requests.filter((r) => r.path.endsWith('/saml')).map((r) => `${r.method} ${r.path}`);

describe('whoami and the SAML providers', () => {
  it("shows the demo provider's default team (title and id) and role, in text and in JSON", async () => {
    const sb = await start();
    const text = await runCli(['whoami'], { env: sb.env });
    expect(text.code, text.stderr).toBe(0);
    expect(samlLines(text.stdout)).toEqual(['saml: Okta (active): default team Platform Engineering (engineering), default role read']);
    const json = await runCli(['whoami', '--json'], { env: sb.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ org: 'acme', saml: [{ id: 'saml-okta', label: 'Okta', status: 'active', defaultTeam: { id: 'engineering', title: 'Platform Engineering' }, defaultRole: 'read' }] });
    expect(samlAsked(sb)).toEqual(['GET /v1/orgs/acme/saml', 'GET /v1/orgs/acme/saml']);
  });

  it('shows every provider, one line each, as the sandbox holds them (no default team, a guest role, pending)', async () => {
    const sb = await start();
    sb.sandbox.store.saml.set('acme', [
      { ...sb.sandbox.store.saml.list('acme')[0]!, id: 'p1', label: 'Okta', defaultTeam: 'design', defaultRole: 'comment' },
      { ...sb.sandbox.store.saml.list('acme')[0]!, id: 'p2', label: 'Entra', defaultTeam: undefined, defaultRole: null, status: 'pending' },
    ]);
    const text = await runCli(['whoami'], { env: sb.env });
    expect(samlLines(text.stdout)).toEqual(['saml: Okta (active): default team Product Design (design), default role comment', 'saml: Entra (pending): no default team, default role guest']);
    const json = JSON.parse((await runCli(['whoami', '--json'], { env: sb.env })).stdout) as { saml: unknown[] };
    expect(json.saml).toEqual([
      { id: 'p1', label: 'Okta', status: 'active', defaultTeam: { id: 'design', title: 'Product Design' }, defaultRole: 'comment' },
      { id: 'p2', label: 'Entra', status: 'pending', defaultTeam: null, defaultRole: null },
    ]);
  });

  it('says plainly that an organization has no SAML provider', async () => {
    const sb = await start({ seed: 'empty' });
    const text = await runCli(['whoami'], { env: sb.env });
    expect(text.code, text.stderr).toBe(0);
    expect(samlLines(text.stdout)).toEqual(['saml: none: the organization has no SAML provider']);
    expect(JSON.parse((await runCli(['whoami', '--json'], { env: sb.env })).stdout)).toMatchObject({ saml: [] });
  });

  it('survives a token that may not read SAML settings (403) and an organization not found (404): said, exit 0', async () => {
    const sb = await start({ callerRole: 'read' });
    const text = await runCli(['whoami'], { env: sb.env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('id: u-sandbox-admin\n');
    expect(samlLines(text.stdout)).toEqual(['saml: not readable with this token (403: only an admin of organization acme can read its SAML providers)']);
    const json = await runCli(['whoami', '--json'], { env: sb.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'u-sandbox-admin', saml: null, samlUnread: expect.stringMatching(/^not readable with this token \(403/) });
    const missing = await runCli(['whoami'], { env: { ...sb.env, TEAMCTL_ORG: 'globex' } });
    expect(missing.code, missing.stderr).toBe(0);
    expect(samlLines(missing.stdout)).toEqual(['saml: not found (404: organization globex not found)']);
    expect(missing.stderr).toBe('');
  });

  it('a 403 or 404 without a message is said with what the service answered; a 401 on the providers fails the command', async () => {
    const sb = await start();
    let status = 403;
    sb.sandbox.intercept((req) => (req.path === '/v1/orgs/acme/saml' ? { kind: 'respond', status, body: {} } : undefined));
    expect(samlLines((await runCli(['whoami'], { env: sb.env })).stdout)).toEqual(['saml: not readable with this token (403: HTTP 403: {})']);
    status = 404;
    expect(samlLines((await runCli(['whoami'], { env: sb.env })).stdout)).toEqual(['saml: not found (404: HTTP 404: {})']);
    // Only a 403 is "not readable": a token the service no longer takes is an authentication failure.
    status = 401;
    const refused = await runCli(['whoami'], { env: sb.env });
    expect(refused.code).toBe(4);
    expect(samlLines(refused.stdout)).toEqual([]);
  });

  it('reads nothing of SAML without an organization set', async () => {
    const sb = await start();
    const { TEAMCTL_ORG: _org, ...env } = sb.env;
    const text = await runCli(['whoami'], { env });
    expect(text.code, text.stderr).toBe(0);
    expect(samlLines(text.stdout)).toEqual(['saml: (no organization set)']);
    expect(JSON.parse((await runCli(['whoami', '--json'], { env })).stdout)).toMatchObject({ org: null, saml: null, samlUnread: 'no organization set' });
    expect(samlAsked(sb)).toEqual([]);
  });

  it('a provider answer of the wrong shape is exit 1, naming the field', async () => {
    const sb = await start();
    sb.sandbox.intercept((req) => (req.path === '/v1/orgs/acme/saml' ? { kind: 'respond', status: 200, body: { items: [{ id: 'p', label: 'Okta', status: 'on', defaultRole: 'read' }] } } : undefined));
    const r = await runCli(['whoami'], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('field "status" is not active or pending ("on")');
  });
});
