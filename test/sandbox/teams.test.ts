// The sandbox's team operations over HTTP (global fetch), as the published document gives them:
// PUT /orgs/{org}/teams (create), GET, PATCH (rename) and DELETE /orgs/{org}/teams/{teamId}; the
// titles the `title` filter reads; and the titles kept by the data file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, TeamMemberItem } from '../../src/api/types.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, expectError, start } from '../helpers/sandbox-http.js';

interface Team {
  object: string;
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
}

const teamsPath = '/v1/orgs/acme/teams';
const create = (sb: Sandbox, body: unknown) => call<Team>(sb, 'PUT', teamsPath, { body });
const teamPath = (id: string): string => `${teamsPath}/${encodeURIComponent(id)}`;

/** user id → team role, read through the service. */
async function roles(sb: Sandbox, teamId: string): Promise<Record<string, string>> {
  const page = await call<Page<TeamMemberItem>>(sb, 'GET', `${teamPath(teamId)}/members?limit=1000`);
  expect(page.status).toBe(200);
  return Object.fromEntries(page.body.items.map((m) => [m.organization.user.id, m.team.role]));
}

describe('PUT /orgs/{org}/teams (createOrganizationTeam)', () => {
  it('answers 201 with the OrganizationTeam: a fresh id, the title, the member count; members join as `member`', async () => {
    const sb = await start({ seed: 'empty' });
    const [a, b] = sb.store.users('acme');
    const before = Date.now();
    const created = await create(sb, { title: 'Docs Guild', members: [a!.id, b!.id, a!.id] });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json');
    // Every field the document requires, and nothing else.
    expect(created.body).toEqual({
      object: 'team',
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      title: 'Docs Guild',
      members: 2,
      spaces: 0,
      createdAt: expect.any(String),
      permissions: { admin: true, view: true },
    });
    const createdAt = Date.parse(created.body.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await roles(sb, created.body.id)).toEqual({ [a!.id]: 'member', [b!.id]: 'member' });
    // The caller did not join (the default); the organization's members are as they were.
    expect(sb.store.users('acme')).toHaveLength(50);
    expect(sb.store.teamIds('acme')).toEqual(['engineering', 'design', created.body.id]);
  });

  it('allows two teams with one title (distinct ids, never the title), and a team without members', async () => {
    const sb = await start({ seed: 'empty' });
    const first = await create(sb, { title: 'engineering' });
    const second = await create(sb, { title: 'engineering', members: [] });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).not.toBe(second.body.id);
    expect([first.body.id, second.body.id]).not.toContain('engineering');
    expect([first.body.members, second.body.members]).toEqual([0, 0]);
    const listed = await call<Page<Team>>(sb, 'GET', `${teamsPath}?title=ENGINEERING`);
    expect(listed.body.items.map((t) => [t.id, t.title])).toEqual([
      ['engineering', 'Platform Engineering'],
      [first.body.id, 'engineering'],
      [second.body.id, 'engineering'],
    ]);
  });

  it('with creatorJoins, the token\'s user (GET /user) joins the new team as owner, becoming an organization member first', async () => {
    const sb = await start({ seed: 'empty', creatorJoins: true });
    const me = (await call<{ id: string }>(sb, 'GET', '/v1/user')).body.id;
    const [a] = sb.store.users('acme');
    const created = await create(sb, { title: 'Launch', members: [a!.id] });
    expect(created.status).toBe(201);
    expect(created.body.members).toBe(2);
    expect(await roles(sb, created.body.id)).toEqual({ [a!.id]: 'member', [me]: 'owner' });
    const members = await call<Page<{ id: string; role: string }>>(sb, 'GET', '/v1/orgs/acme/members?limit=1000');
    expect(members.body.items.find((m) => m.id === me)?.role).toBe('admin');
    // Named among the members too, it is still one owner; a second team needs no second member record.
    const again = await create(sb, { title: 'Launch 2', members: [me] });
    expect(again.body.members).toBe(1);
    expect(await roles(sb, again.body.id)).toEqual({ [me]: 'owner' });
    expect(sb.store.users('acme')).toHaveLength(51);
  });

  it('answers 400 in the error shape, creating nothing, for a bad title or members', async () => {
    const sb = await start({ seed: 'empty' });
    const [a] = sb.store.users('acme');
    const bad: [unknown, RegExp][] = [
      [{}, /title is required/],
      [{ members: [a!.id] }, /title is required/],
      [{ title: '' }, /1 to 64 characters, got 0/],
      [{ title: 'x'.repeat(65) }, /1 to 64 characters, got 65/],
      [{ title: 42 }, /title must be a string/],
      [{ title: null }, /title must be a string/],
      [{ title: 'ok', members: a!.id }, /members must be an array/],
      [{ title: 'ok', members: [a!.id, 7] }, /members\[1\] must be a string/],
      [{ title: 'ok', members: [a!.id, 'no-such-user'] }, /"no-such-user" is not a member id of organization acme; no team was created/],
      // Member ids, not e-mails (the bulk members PUT takes either).
      [{ title: 'ok', members: [a!.email] }, /is not a member id/],
      [[{ title: 'ok' }], /must be a JSON object/],
    ];
    for (const [body, message] of bad) expectError(await create(sb, body), 400, message);
    expectError(await call(sb, 'PUT', teamsPath), 400, /request body is required/);
    expectError(await call(sb, 'PUT', teamsPath, { rawBody: '{"title":' }), 400, /not valid JSON/);
    expect(sb.store.teamIds('acme')).toEqual(['engineering', 'design']);
    // 64 characters as JSON Schema counts them (code points): accepted.
    const longest = await create(sb, { title: '🦊'.repeat(64) });
    expect(longest.status).toBe(201);
    expect(longest.body.title).toBe('🦊'.repeat(64));
    expectError(await call(sb, 'PUT', '/v1/orgs/nope/teams', { body: { title: 'x' } }), 404);
  });
});

describe('GET, PATCH and DELETE /orgs/{org}/teams/{teamId}', () => {
  it('gets a team: 200 with the OrganizationTeam; 404 for an unknown team or organization', async () => {
    const sb = await start({ seed: 'demo' });
    const engineering = await call<Team>(sb, 'GET', teamPath('engineering'));
    expect(engineering.status).toBe(200);
    // Two spaces grant the team a role (Runbooks, Onboarding).
    expect(engineering.body).toEqual({ object: 'team', id: 'engineering', title: 'Platform Engineering', members: 20, spaces: 2, createdAt: sb.store.createdAt, permissions: { admin: true, view: true } });
    const created = await create(sb, { title: 'Support' });
    expect((await call<Team>(sb, 'GET', teamPath(created.body.id))).body).toEqual(created.body);
    expectError(await call(sb, 'GET', teamPath('no-such-team')), 404, /team no-such-team not found/);
    expectError(await call(sb, 'GET', '/v1/orgs/nope/teams/engineering'), 404, /organization nope not found/);
  });

  it('renames a team: 200 with the new title, members and id kept; the title filter follows; 400 and 404 change nothing', async () => {
    const sb = await start({ seed: 'demo' });
    const before = await roles(sb, 'design');
    const renamed = await call<Team>(sb, 'PATCH', teamPath('design'), { body: { title: 'Brand & Product Design' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ object: 'team', id: 'design', title: 'Brand & Product Design', members: 8 });
    expect((await call<Team>(sb, 'GET', teamPath('design'))).body.title).toBe('Brand & Product Design');
    expect(await roles(sb, 'design')).toEqual(before);
    expect((await call<Page<Team>>(sb, 'GET', `${teamsPath}?title=brand`)).body.items.map((t) => t.id)).toEqual(['design']);
    // Renamed to another team's title: titles are not unique.
    expect((await call<Team>(sb, 'PATCH', teamPath('design'), { body: { title: 'Platform Engineering' } })).status).toBe(200);
    expect((await call<Page<Team>>(sb, 'GET', `${teamsPath}?title=platform`)).body.items.map((t) => t.id)).toEqual(['engineering', 'design']);

    expectError(await call(sb, 'PATCH', teamPath('design'), { body: {} }), 400, /title is required/);
    expectError(await call(sb, 'PATCH', teamPath('design'), { body: { title: '' } }), 400, /1 to 64 characters/);
    expectError(await call(sb, 'PATCH', teamPath('design'), { body: { title: 'y'.repeat(65) } }), 400, /1 to 64 characters/);
    expectError(await call(sb, 'PATCH', teamPath('design')), 400, /request body is required/);
    expectError(await call(sb, 'PATCH', teamPath('no-such-team'), { body: { title: 'x' } }), 404);
    expect(sb.store.teamTitle('acme', 'design')).toBe('Platform Engineering');
  });

  it('deletes a team: 205, then 204 as it no longer exists; its memberships go with it', async () => {
    const sb = await start({ seed: 'demo' });
    const member = sb.store.teamMembers('acme', 'design')[0]!.userId;
    const teamsOf = async (): Promise<string[]> =>
      (await call<Page<{ team: { id: string } }>>(sb, 'GET', `/v1/orgs/acme/members/${member}/teams`)).body.items.map((t) => t.team.id);
    expect(await teamsOf()).toContain('design');
    const deleted = await call(sb, 'DELETE', teamPath('design'));
    expect(deleted.status).toBe(205);
    expect(deleted.text).toBe('');
    expect(await teamsOf()).not.toContain('design');
    expectError(await call(sb, 'GET', teamPath('design')), 404);
    expectError(await call(sb, 'GET', `${teamPath('design')}/members`), 404);
    const again = await call(sb, 'DELETE', teamPath('design'));
    expect(again.status).toBe(204);
    expect(again.text).toBe('');
    expect((await call<Page<Team>>(sb, 'GET', teamsPath)).body.items.map((t) => t.id)).toEqual(['engineering']);
    expectError(await call(sb, 'DELETE', '/v1/orgs/nope/teams/design'), 404);
  });

  it('needs the token (401, nothing changed) and answers 405 with Allow for another method', async () => {
    const sb = await start({ seed: 'demo' });
    const requests: [string, string, unknown][] = [
      ['PUT', teamsPath, { title: 'Intruders' }],
      ['GET', teamPath('engineering'), undefined],
      ['PATCH', teamPath('engineering'), { title: 'Taken over' }],
      ['DELETE', teamPath('engineering'), undefined],
    ];
    for (const [method, path, body] of requests) {
      expectError(await call(sb, method, path, { body, token: null }), 401, /access token/);
      expectError(await call(sb, method, path, { body, token: 'sbx_wrong' }), 401);
    }
    expect(sb.store.teamIds('acme')).toEqual(['engineering', 'design']);
    expect(sb.store.teamTitle('acme', 'engineering')).toBe('Platform Engineering');
    const post = await call(sb, 'POST', teamPath('engineering'), { body: {} });
    expectError(post, 405);
    expect(post.headers.get('allow')).toBe('GET, PATCH, DELETE');
  });
});

describe('titles in the data file', () => {
  it('keeps titles (created, renamed, seeded) and creation times across a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-teams-')), 'sandbox.json');
    const first = await start({ dataFile });
    const created = await create(first, { title: 'Research', members: [first.store.users('acme')[0]!.id] });
    await call(first, 'PATCH', teamPath('design'), { body: { title: 'Design Systems' } });
    await first.close();

    const second = await start({ dataFile });
    expect(second.options.loadedFromDataFile).toBe(true);
    const listed = await call<Page<Team>>(second, 'GET', teamsPath);
    expect(listed.body.items.map((t) => [t.id, t.title, t.members])).toEqual([
      ['engineering', 'Platform Engineering', 20],
      ['design', 'Design Systems', 8],
      [created.body.id, 'Research', 1],
    ]);
    expect((await call<Team>(second, 'GET', teamPath(created.body.id))).body).toEqual(created.body);
  });

  it('loads a data file written before teams had titles: each team is titled by its id, and gets a title when written again', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-teams-')), 'old.json');
    const user = { id: 'u1', displayName: 'Ann Old', email: 'ann@example.com', role: 'admin', disabled: false, joinedAt: '2024-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 };
    const old = { version: 1, token: 'sbx_old_token_0000', organizations: [{ id: 'acme', users: [user], teams: [{ id: 'legacy-team', members: [{ userId: 'u1', role: 'owner' }] }, { id: 'ops', members: [] }], glossary: [] }] };
    writeFileSync(dataFile, JSON.stringify(old));
    const sb = await start({ dataFile });
    expect(sb.token).toBe('sbx_old_token_0000');
    const listed = await call<Page<Team>>(sb, 'GET', teamsPath);
    expect(listed.body.items.map((t) => [t.id, t.title, t.members])).toEqual([
      ['legacy-team', 'legacy-team', 1],
      ['ops', 'ops', 0],
    ]);
    expect((await call<Page<Team>>(sb, 'GET', `${teamsPath}?title=LEGACY`)).body.items.map((t) => t.id)).toEqual(['legacy-team']);
    await sb.close();
    const written = JSON.parse(readFileSync(dataFile, 'utf8')) as { organizations: { teams: { id: string; title: string }[] }[] };
    expect(written.organizations[0]!.teams.map((t) => [t.id, t.title])).toEqual([
      ['legacy-team', 'legacy-team'],
      ['ops', 'ops'],
    ]);
  });

  it('refuses a data file whose team title is not a string', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-teams-')), 'bad.json');
    writeFileSync(dataFile, JSON.stringify({ version: 1, organizations: [{ id: 'acme', users: [], teams: [{ id: 't', title: 7, members: [] }], glossary: [] }] }));
    await expect(startSandbox({ port: 0, dataFile })).rejects.toThrow(/not a sandbox data file \(team t: title must be a string\)/);
  });
});
