// Text from a hostile service on a person's screen (`teamctl help reliability`, "Reliability"): an error message or an
// e-mail cannot clear the screen, set the title or forge a line; a long message is cut.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

// eslint-disable-next-line no-control-regex
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

describe('hostile text from the service', () => {
  it('an error message with escapes and a forged error line is shown on one line, escaped, and cut at 500 characters', async () => {
    s.sandbox.intercept(() => ({ kind: 'respond', status: 400, body: { error: { code: 400, message: `bad\u001b[2J\u001b]0;owned\u0007\nerror: forged ${'x'.repeat(4000)}` } } }));
    try {
      const r = await runCli(['glossary', 'get', 'ge_1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(raw);
      expect(r.stderr).not.toMatch(/^error: forged/m);
      expect(r.stderr).toContain('bad\\e[2J\\e]0;owned\\u0007\\nerror: forged');
      // The service's message is cut at 500 characters: of the 4,000 x, fewer than 500 are shown.
      const xs = /x+/.exec(r.stderr)?.[0].length ?? 0;
      expect(xs).toBeGreaterThan(400);
      expect(xs).toBeLessThan(500);
      expect(r.stderr).toMatch(/x+…/);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });

  it('a member whose e-mail holds a line break and an override is planned on one escaped line', async () => {
    const item = (id: string, email: string, role: 'owner' | 'member') => ({
      organization: { object: 'member', id, role: 'edit', user: { object: 'user', id, displayName: 'x', email, urls: { location: '' } }, disabled: false, joinedAt: '', sso: false, spaces: 0, teams: 1 },
      team: { role },
      permissions: { view: true },
    });
    s.sandbox.intercept((req) =>
      req.method === 'GET' && req.path.endsWith('/members')
        ? { kind: 'respond', status: 200, body: { items: [item('u1', 'boss@example.com', 'owner'), item('u2', 'evil@example.com\nerror: forged\u202e', 'member')] } }
        : undefined,
    );
    try {
      const r = await runCli(['members', 'remove', 'u2', '--dry-run'], { env: s.env });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('  - evil@example.com\\nerror: forged\\u202e');
      expect(r.stderr).not.toMatch(/^error: forged/m);
      expect(r.stderr).not.toMatch(raw);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });
});

// Values from outside on a pipe (`teamctl help reliability`, "Reliability"): the user record of GET /user, and every
// field of a saved plan, go through the one escaping of plans, tables and errors (oneLine) before
// they are printed, so a name cannot hide text (ESC[8m), and a line break, a carriage return, a
// line separator, a bidi control or a soft hyphen cannot forge a line or hide a character. JSON
// output stays JSON. The runs are in-process (main()) with stdout and stderr pipes.
describe('hostile values in line-based output, on a pipe', () => {
  const evil = (what: string): string => `${what}\u001b[8m hidden\r\nerror: forged line\u2028also\u2029\u202eevil\u2066x\u2069\u00adsoft`;
  const spelled = (what: string): string => `${what}\\e[8m hidden\\r\\nerror: forged line\\u2028also\\u2029\\u202eevil\\u2066x\\u2069\\u00adsoft`;
  // eslint-disable-next-line no-control-regex
  const rawByte = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  const forged = /^error: forged/m;
  const user = { object: 'user', id: 'u-evil', displayName: evil('Name'), email: evil('mail'), urls: { location: '' } };

  it('whoami and auth status print the user record one line per key', async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/user' ? { kind: 'respond', status: 200, body: user } : undefined));
    try {
      const whoami = await runCli(['whoami'], { env: s.env });
      expect(whoami.code).toBe(0);
      expect(whoami.stdout).toBe(`id: u-evil\nname: ${spelled('Name')}\nemail: ${spelled('mail')}\nbase-url: ${s.sandbox.url}\norg: acme\nsaml: Okta (active): default team Platform Engineering (engineering), default role read\n`);
      const status = await runCli(['auth', 'status'], { env: s.env });
      expect(status.code).toBe(0);
      expect(status.stdout).toContain(`\nuser: ${spelled('Name')} <${spelled('mail')}> (u-evil)\n`);
      expect(status.stdout.split('\n')).toHaveLength(7);
      for (const text of [whoami.stdout, whoami.stderr, status.stdout, status.stderr]) {
        expect(text).not.toMatch(rawByte);
        expect(text).not.toMatch(forged);
      }
      // JSON is data: the values as the service gave them.
      const json = await runCli(['whoami', '--json'], { env: s.env });
      expect(JSON.parse(json.stdout)).toMatchObject({ displayName: user.displayName, email: user.email });
    } finally {
      s.sandbox.clearIntercepts();
    }
  });

  it('auth login names the user on one line', async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/user' ? { kind: 'respond', status: 200, body: user } : undefined));
    try {
      const r = await runCli(['auth', 'login', '--with-token', '--base-url', s.sandbox.url], { env: {}, stdin: `${s.sandbox.token}\n` });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`for ${spelled('Name')} <${spelled('mail')}> (u-evil) in profile`);
      expect(r.stderr).not.toMatch(rawByte);
      expect(r.stderr).not.toMatch(forged);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });

  it("apply --show and apply print a plan's organization and command on one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-hostile-plan-'));
    const made = join(dir, 'plan.json');
    const env = { ...s.env, TEAMCTL_TEAM: 'engineering' };
    const [newcomer] = s.sandbox.store.addUsers('acme', 1);
    const r0 = await runCli(['members', 'add', newcomer!.id, '--plan-out', made], { env });
    expect(r0.code, r0.stderr).toBe(0);
    const plan = JSON.parse(readFileSync(made, 'utf8')) as Record<string, unknown>;
    const hostile = join(dir, 'hostile.json');
    writeFileSync(hostile, JSON.stringify({ ...plan, organization: evil('org'), command: evil('cmd'), createdAt: evil('when') }));

    const shown = await runCli(['apply', '--show', hostile], { env });
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain(`teamctl ${spelled('cmd')}, organization ${spelled('org')} at `);
    expect(shown.stderr).toContain(`made ${spelled('when')}\n`);
    const markdown = await runCli(['apply', '--show', hostile, '-o', 'markdown'], { env });
    expect(markdown.code).toBe(0);
    const json = await runCli(['apply', '--show', hostile, '-o', 'json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ organization: evil('org'), command: evil('cmd') });

    // Made for another organization: refused, the plan's organization on the error's one line.
    const refused = await runCli(['apply', hostile], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`was made for organization ${spelled('org')} (the current one is acme); nothing was sent\n`);

    // The right organization, a hostile command: applied, the command on one line.
    const commandOnly = join(dir, 'command.json');
    writeFileSync(commandOnly, JSON.stringify({ ...plan, command: evil('cmd') }));
    const applied = await runCli(['apply', commandOnly], { env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`a plan of \`teamctl ${spelled('cmd')}\` made `);
    expect(s.sandbox.store.teamRole('acme', 'engineering', newcomer!.id)).toBe('member');

    // A record of an earlier apply, edited: its time and host are shown on one line too.
    const configDir = newConfigDir();
    mkdirSync(join(configDir, 'applied-plans'));
    writeFileSync(join(configDir, 'applied-plans', `${String(plan.id)}.json`), JSON.stringify({ appliedAt: evil('at'), pid: 7, host: evil('host') }));
    const again = await runCli(['apply', made], { env, configDir });
    expect(again.code).toBe(3);
    expect(again.stderr).toContain(`was already applied at ${spelled('at')} (process 7 on ${spelled('host')}); a plan applies once`);
    const showAgain = await runCli(['apply', '--show', made], { env, configDir });
    expect(showAgain.stderr).toContain(`, applied ${spelled('at')}\n`);

    for (const r of [shown, markdown, refused, applied, again, showAgain]) {
      for (const text of [r.stdout, r.stderr]) {
        expect(text).not.toMatch(rawByte);
        expect(text).not.toMatch(forged);
      }
    }
  });
});
