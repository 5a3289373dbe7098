// Faults aimed at one kind of write (README, sandbox: "Faults"; `--write-fault`): an invitation's or
// a team creation's answer delayed, lost after the write was applied, a 503 applied later, or a 2xx
// with a body the client does not expect. Checked against the sandbox's state and request log;
// waits go through an injected sleep, never the wall clock.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatBanner } from '../../src/commands/sandbox-banner.js';
import type { Page } from '../../src/api/types.js';
import { formatWriteFault, isWrite, parseWriteFault, writeFault, writeNames } from '../../src/sandbox/server.js';
import type { Sandbox, WriteFaultRule } from '../../src/sandbox/server.js';
import type { SandboxData } from '../../src/sandbox/store.js';
import { runCli } from '../e2e/harness.js';
import { call, expectError, start } from '../helpers/sandbox-http.js';

const org = 'acme';
const invites = `/v1/orgs/${org}/invites`;
const teams = `/v1/orgs/${org}/teams`;

/** A sleep the test ends: what was asked, and release() to end every wait so far. */
function manualSleep() {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      asked.push(ms);
      pending.push(resolve);
    });
  return { sleep, asked, release: (): void => pending.splice(0).forEach((resolve) => resolve()) };
}

const invite = (sb: Sandbox, email: string) => call(sb, 'POST', invites, { body: { emails: [email] } });
const createTeam = (sb: Sandbox, title: string) => call(sb, 'PUT', teams, { body: { title } });
/** One request, its answer as text (not parsed). */
async function raw(sb: Sandbox, method: string, path: string, body: unknown): Promise<[number, string, string | null]> {
  const res = await fetch(sb.url + path, { method, headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return [res.status, await res.text(), res.headers.get('content-type')];
}
const titles = async (sb: Sandbox): Promise<string[]> => (await call<Page<{ title: string }>>(sb, 'GET', `${teams}?limit=1000`)).body.items.map((t) => t.title);

describe('write fault rules', () => {
  it('reads and writes the --write-fault text of every fault', () => {
    const texts = ['invite:delay:500', 'invite:lost:reset', 'team-create:lost:503', 'glossary:lost:500', 'team-create:late:3000,first=1', 'member-removal:body:ok', 'invite:body:empty,every=3,first=2', 'access-grant:lost:503,first=1'];
    for (const text of texts) expect(formatWriteFault(parseWriteFault(text))).toBe(text);
    expect(parseWriteFault('invite:lost')).toEqual({ write: 'invite', fault: { kind: 'lost', answer: 'reset' } });
    expect(parseWriteFault(' team-create:late:3000,first=1 ')).toEqual({ write: 'team-create', fault: { kind: 'late', ms: 3000 }, first: 1 });
    expect(parseWriteFault('invite:body:empty,every=3,first=2')).toEqual({ write: 'invite', fault: { kind: 'body', body: 'empty' }, every: 3, first: 2 });
    expect(formatWriteFault({ write: 'invite', fault: { kind: 'hold', until: Promise.resolve() } })).toBe('invite:hold');
    expect(formatWriteFault({ write: 'invite', fault: { kind: 'late', until: Promise.resolve() } })).toBe('invite:late');
  });

  it.each(['', 'invite', 'invites:lost', 'invite:late', 'invite:late:-1', 'invite:delay:1.5', 'invite:lost:404', 'invite:body:nope', 'invite:lost:503:1', 'invite:lost,first=0', 'invite:lost,every=x', 'invite:lost,first=1,first=2', 'invite:lost,last=1'])('refuses %j, quoting it and the grammar', (text) => {
    expect(() => parseWriteFault(text)).toThrow(new RangeError(`not a write fault: ${JSON.stringify(text)}; expected <write>:<fault>[,every=<n>][,first=<n>], <write> one of invite, team-create, glossary, member-removal, access-grant and <fault> one of delay:<ms>, lost[:reset|500|503], late:<ms>, body:ok, body:empty`));
  });

  it('refuses a rule object out of range when the sandbox starts', async () => {
    const bad: [WriteFaultRule, RegExp][] = [
      [{ write: 'invites' as 'invite', fault: { kind: 'lost', answer: 'reset' } }, /the write must be one of invite, team-create/],
      [{ write: 'invite', fault: { kind: 'delay', ms: -1 } }, /delay: milliseconds must be a number >= 0, got -1/],
      [{ write: 'invite', fault: { kind: 'late', ms: Number.NaN } }, /late: milliseconds/],
      [{ write: 'invite', fault: { kind: 'lost', answer: 502 as 503 } }, /lost: the answer must be reset, 500 or 503/],
      [{ write: 'invite', fault: { kind: 'body', body: 'full' as 'ok' } }, /body: ok or empty/],
      [{ write: 'invite', fault: { kind: 'drop' } as unknown as WriteFaultRule['fault'] }, /unknown kind "drop"/],
      [{ write: 'invite', fault: { kind: 'lost', answer: 'reset' }, every: 0 }, /every must be a whole number >= 1/],
      [{ write: 'invite', fault: { kind: 'lost', answer: 'reset' }, first: 1.5 }, /first must be a whole number >= 1/],
    ];
    for (const [rule, message] of bad) await expect(start({ writeFaults: [rule] })).rejects.toThrow(message);
  });

  it('knows each write by its method and path alone', () => {
    const cases: [string, string, (typeof writeNames)[number] | undefined][] = [
      ['POST', '/v1/orgs/acme/invites', 'invite'],
      ['PUT', '/v1/orgs/acme/teams', 'team-create'],
      ['PUT', '/v1/orgs/acme/translations-glossary', 'glossary'],
      ['DELETE', '/v1/orgs/acme/members/u1', 'member-removal'],
      ['POST', '/v1/spaces/s1/permissions', 'access-grant'],
      ['POST', '/v1/collections/c1/permissions', 'access-grant'],
      ['POST', '/v1/orgs/acme/sites/site1/permissions', 'access-grant'],
      ['PATCH', '/v1/spaces/s1/permissions/users/u1', undefined],
      ['DELETE', '/v1/orgs/acme/sites/site1/permissions/teams/t1', undefined],
      ['POST', '/v1/spaces/s1/permissions/users', undefined],
      ['GET', '/v1/orgs/acme/teams', undefined],
      ['PUT', '/v1/orgs/acme/teams/design/members', undefined],
      ['DELETE', '/v1/orgs/acme/teams/design/members/u1', undefined],
      ['GET', '/v1/orgs/acme/invites', undefined],
    ];
    for (const [method, path, write] of cases) expect(writeNames.filter((w) => isWrite({ method, path }, w))).toEqual(write ? [write] : []);
  });
});

describe('write faults on invitations and team creation', () => {
  it('delay: the invitation waits the sandbox sleep, then is applied and answered; other requests are not slowed', async () => {
    const clock = manualSleep();
    const sb = await start({ seed: 'empty', sleep: clock.sleep, writeFaults: [parseWriteFault('invite:delay:500')] });
    const answer = invite(sb, 'new@example.com');
    await vi.waitFor(() => expect(clock.asked).toEqual([500]));
    expect(await titles(sb)).toEqual(['Platform Engineering', 'Product Design']);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(0);
    clock.release();
    expect((await answer).status).toBe(200);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
    expect(sb.store.members.invitations(org).map((i) => i.email)).toEqual(['new@example.com']);
    expect(sb.requests[0]).toMatchObject({ method: 'POST', status: 200, fault: 'write-fault:invite:delay:500' });
  });

  it('lost (reset): the invitation is applied, then the connection drops without an answer', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('invite:lost')] });
    await expect(invite(sb, 'new@example.com')).rejects.toThrow();
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
    expect(sb.store.members.invitations(org)).toHaveLength(1);
    expect(sb.requests[0]).toMatchObject({ status: 0, fault: 'write-fault:invite:lost:reset', appliedStatus: 200 });
  });

  it('lost (503, 500): the team is created, then the answer is an error in the service\'s JSON', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('team-create:lost:503'), parseWriteFault('invite:lost:500')] });
    expectError(await createTeam(sb, 'Ops'), 503, /write fault lost:503/);
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(1);
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(1);
    expect(sb.requests[0]).toMatchObject({ status: 503, fault: 'write-fault:team-create:lost:503', appliedStatus: 201 });
    expectError(await invite(sb, 'new@example.com'), 500);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
  });

  it('late: the team creation is answered 503 at once; a listing does not show it until the sleep ends, then shows it once', async () => {
    const clock = manualSleep();
    const sb = await start({ seed: 'empty', sleep: clock.sleep, writeFaults: [parseWriteFault('team-create:late:3000')] });
    const answer = await createTeam(sb, 'Ops');
    expectError(answer, 503, /applied later/);
    expect(clock.asked).toEqual([3000]);
    expect(await titles(sb)).not.toContain('Ops');
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(0);
    expect(sb.requests[0]).toMatchObject({ status: 503, fault: 'write-fault:team-create:late:3000' });
    expect(sb.requests[0]?.appliedStatus).toBeUndefined();
    const settled = sb.settled();
    clock.release();
    await settled;
    expect(sb.requests[0]).toMatchObject({ appliedStatus: 201 });
    expect((await titles(sb)).filter((t) => t === 'Ops')).toHaveLength(1);
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(1);
  });

  it('late: a creation still held back when the sandbox closes is applied before it closes, once', async () => {
    const clock = manualSleep();
    const sb = await start({ seed: 'empty', sleep: clock.sleep, writeFaults: [parseWriteFault('invite:late:60000')] });
    expectError(await invite(sb, 'new@example.com'), 503);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(0);
    await sb.close();
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
    clock.release(); // the sleep ending after close() applies nothing more
    await Promise.resolve();
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
  });

  it('late on a trigger (an in-process hook): applied when the test says, after a listing that did not see it', async () => {
    const sb = await start({ seed: 'empty' });
    let land!: () => void;
    sb.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: new Promise<void>((resolve) => (land = resolve)) } }));
    expectError(await createTeam(sb, 'Ops'), 503);
    expect(await titles(sb)).not.toContain('Ops');
    land();
    await vi.waitFor(() => expect(sb.store.teamsTitled(org, 'Ops')).toBe(1));
    expect(sb.requests[0]).toMatchObject({ fault: 'intercept:respondThenApply', appliedStatus: 201 });
  });

  it('hold (an in-process hook): the invitation waits for the test, then is applied and answered', async () => {
    const sb = await start({ seed: 'empty' });
    let letGo!: () => void;
    sb.intercept(writeFault({ write: 'invite', fault: { kind: 'hold', until: new Promise<void>((resolve) => (letGo = resolve)) } }));
    const answer = invite(sb, 'new@example.com');
    await vi.waitFor(() => expect(sb.requests).toHaveLength(1));
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(0);
    letGo();
    expect((await answer).status).toBe(200);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
  });

  it('body: a 2xx goes out with {"ok": true} or no body, its status kept, the write applied', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('team-create:body:ok'), parseWriteFault('invite:body:empty')] });
    const created = await createTeam(sb, 'Ops');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ok: true });
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(1);
    const invited = await invite(sb, 'new@example.com');
    expect(invited.status).toBe(200);
    expect(invited.text).toBe('');
    expect(invited.headers.get('content-type')).toBeNull();
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
    expect(sb.requests.map((r) => [r.status, r.fault, r.appliedStatus])).toEqual([
      [201, 'write-fault:team-create:body:ok', 201],
      [200, 'write-fault:invite:body:empty', 200],
    ]);
  });

  it('body: an answer that is not 2xx goes out as it is', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('team-create:body:ok')] });
    expectError(await call(sb, 'PUT', teams, { body: { title: '' } }), 400, /title must be 1 to 64 characters/);
    expect(sb.store.sentCounts(org).teamsCreated).toEqual({});
  });

  it('first and every pick the requests of the write: the others, and other requests, are handled normally', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('invite:lost:503,first=1'), parseWriteFault('team-create:lost:503,every=2')] });
    expect((await invite(sb, 'a@example.com')).status).toBe(503);
    expect((await invite(sb, 'a@example.com')).status).toBe(200);
    expect((await invite(sb, 'a@example.com')).status).toBe(200);
    expect(sb.store.invitationsSent(org, 'a@example.com')).toBe(3);
    expect([(await createTeam(sb, 'T1')).status, (await createTeam(sb, 'T2')).status, (await createTeam(sb, 'T3')).status, (await createTeam(sb, 'T4')).status]).toEqual([201, 503, 201, 503]);
    expect((await call(sb, 'GET', teams)).status).toBe(200);
    expect(sb.requests.at(-1)?.fault).toBeUndefined();
  });

  it('test hooks come first; clearIntercepts leaves the write faults; the random faults come after them', async () => {
    const sb = await start({ seed: 'empty', failRate: 1, writeFaults: [parseWriteFault('team-create:body:ok')] });
    sb.intercept(() => ({ kind: 'respond', status: 418 }));
    expect((await createTeam(sb, 'Ops')).status).toBe(418);
    sb.clearIntercepts();
    expect((await createTeam(sb, 'Ops')).body).toEqual({ ok: true });
    expect((await call(sb, 'GET', teams)).status).toBe(503);
    expect(sb.requests.map((r) => r.fault)).toEqual(['intercept:respond', 'write-fault:team-create:body:ok', 'fail']);
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(1);
  });

  it('writeFault takes the --write-fault text as a hook, counting from its registration', async () => {
    const sb = await start({ seed: 'empty' });
    expect((await createTeam(sb, 'Before')).status).toBe(201);
    sb.intercept(writeFault('team-create:lost:503,every=2'));
    expect([(await createTeam(sb, 'A')).status, (await createTeam(sb, 'B')).status]).toEqual([201, 503]);
    expect(() => writeFault('team-create:nope')).toThrow(RangeError);
  });

  it('the hook actions behind them: applyThenBody sends a string as is; respondThenApply with afterMs waits the sandbox sleep', async () => {
    const clock = manualSleep();
    const sb = await start({ seed: 'empty', sleep: clock.sleep });
    sb.intercept((req) => (isWrite(req, 'team-create') ? { kind: 'applyThenBody', body: 'created' } : undefined));
    sb.intercept((req) => (isWrite(req, 'invite') ? { kind: 'respondThenApply', status: 502, body: '<html>Bad gateway</html>', afterMs: 250 } : undefined));
    expect(await raw(sb, 'PUT', teams, { title: 'Ops' })).toEqual([201, 'created', 'text/plain; charset=utf-8']);
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(1);
    expect(await raw(sb, 'POST', invites, { emails: ['new@example.com'] })).toEqual([502, '<html>Bad gateway</html>', 'text/plain; charset=utf-8']);
    expect(sb.requests.at(-1)).toMatchObject({ status: 502, fault: 'intercept:respondThenApply' });
    expect(clock.asked).toEqual([250]);
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(0);
    clock.release();
    await sb.settled();
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(1);
    expect(sb.requests.at(-1)).toMatchObject({ appliedStatus: 200 });
  });

  it('are named in the banner and the options in force', async () => {
    const rules = [parseWriteFault('team-create:late:3000,first=1'), parseWriteFault('invite:lost:503')];
    const sb = await start({ seed: 'empty', writeFaults: rules });
    expect(sb.options.writeFaults).toEqual(rules);
    expect(formatBanner(sb)).toMatch(/^ {2}write faults {2}team-create:late:3000,first=1, invite:lost:503$/m);
    expect(formatBanner(sb)).not.toMatch(/^ {2}faults /m);
  });
});

describe('every fault on both writes: the answer it gives, and the write sent once', () => {
  const writes = {
    invite: { send: (sb: Sandbox) => raw(sb, 'POST', invites, { emails: ['new@example.com'] }), sent: (sb: Sandbox) => sb.store.invitationsSent(org, 'new@example.com'), status: 200 },
    'team-create': { send: (sb: Sandbox) => raw(sb, 'PUT', teams, { title: 'Ops' }), sent: (sb: Sandbox) => sb.store.teamsTitled(org, 'Ops'), status: 201 },
  } as const;
  const cases = (['invite', 'team-create'] as const).flatMap((write) =>
    ['delay:100', 'lost', 'lost:500', 'lost:503', 'late:100', 'body:ok', 'body:empty'].map((fault) => [write, fault] as const),
  );

  it.each(cases)('%s %s', async (write, fault) => {
    const clock = manualSleep();
    const sb = await start({ seed: 'empty', sleep: clock.sleep, writeFaults: [parseWriteFault(`${write}:${fault}`)] });
    const { send, sent, status } = writes[write];
    const answer = send(sb).catch(() => 'no answer' as const);
    if (fault.startsWith('delay')) {
      await vi.waitFor(() => expect(clock.asked).toEqual([100]));
      expect(sent(sb)).toBe(0);
      clock.release();
    }
    const got = await answer;
    const expected: Record<string, unknown> = {
      'delay:100': status,
      lost: 'no answer',
      'lost:500': 500,
      'lost:503': 503,
      'late:100': 503,
      'body:ok': status,
      'body:empty': status,
    };
    expect(got === 'no answer' ? got : got[0]).toBe(expected[fault]);
    if (fault === 'body:ok') expect(got).toEqual([status, '{"ok":true}', 'application/json']);
    if (fault === 'body:empty') expect(got).toEqual([status, '', null]);
    if (fault.startsWith('late')) {
      expect(sent(sb)).toBe(0);
      clock.release();
      await sb.settled();
    }
    expect(sent(sb)).toBe(1);
    expect(sb.requests).toHaveLength(1);
    expect(sb.requests[0]).toMatchObject({ fault: `write-fault:${formatWriteFault(parseWriteFault(`${write}:${fault}`))}` });
  });
});

describe('teamctl sandbox --write-fault', () => {
  it('refuses a rule it cannot read: exit 2, naming the flag, no sandbox started', async () => {
    const r = await runCli(['sandbox', '--port', '0', '--write-fault', 'team-create:late', '--', 'true']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--write-fault: not a write fault: "team-create:late"; expected <write>:<fault>');
    expect(r.stderr).not.toContain('Sandbox on');
  });

  it('plays each rule given, in order, on the command run against the sandbox', async () => {
    // The command run against the sandbox: two team creations; it exits 0 when the first was
    // answered 503 and the second 201 with an empty body, 1 otherwise.
    const script = `const h = { authorization: 'Bearer ' + process.env.TEAMCTL_TOKEN, 'content-type': 'application/json' };
const put = (title) => fetch(process.env.TEAMCTL_BASE_URL + '/v1/orgs/acme/teams', { method: 'PUT', headers: h, body: JSON.stringify({ title }) }).then(async (r) => r.status + ' ' + JSON.stringify(await r.text()));
put('A').then(async (a) => process.exit(a.startsWith('503 ') && (await put('B')) === '201 ""' ? 0 : 1));`;
    const data = join(mkdtempSync(join(tmpdir(), 'teamctl-write-fault-')), 'sandbox.json');
    const r = await runCli(['sandbox', '--seed', 'empty', '--data', data, '--write-fault', 'team-create:lost:503,first=1', '--write-fault', 'team-create:body:empty', '--', process.execPath, '-e', script]);
    expect(r.code).toBe(0);
    // Both created, the first one's answer lost: the state the sandbox left says so.
    const saved = JSON.parse(readFileSync(data, 'utf8')) as SandboxData;
    expect(saved.organizations[0]?.teams.map((t) => t.title)).toEqual(['Platform Engineering', 'Product Design', 'A', 'B']);
    expect(saved.organizations[0]?.sent).toEqual({ teams: { A: 1, B: 1 } });
  });
});
