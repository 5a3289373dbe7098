// The sandbox's access kept and handed out: the data file keeps spaces, collections, sites, their
// grants and the user grants counted across a restart (`--data`); and `--write-access` writes a
// demo access file that differs from the grants by one change of each kind.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoAccess } from '../../src/sandbox/demo-access.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore, StoreError } from '../../src/sandbox/store.js';
import { runCli } from '../e2e/harness.js';
import { call, start } from '../helpers/sandbox-http.js';

const org = 'acme';
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-access-'));

describe('the data file (--data)', () => {
  it('keeps resources, grants, general access and the user grants sent across a restart', async () => {
    const data = join(tempDir(), 'sandbox.json');
    const first = await start({ dataFile: data });
    const chloe = first.store.findUser(org, 'chloe.dubois@example.com')!.id;
    expect((await call(first, 'POST', '/v1/spaces/space-runbooks/permissions', { body: { role: 'read', users: [chloe] } })).status).toBe(204);
    expect((await call(first, 'PATCH', '/v1/collections/col-design', { body: { defaultLevel: 'comment' } })).status).toBe(200);
    expect((await call(first, 'DELETE', '/v1/orgs/acme/sites/site-docs/permissions/teams/engineering')).status).toBe(205);
    const before = first.store.toJSON();
    await first.close();

    const second = await start({ dataFile: data });
    expect(second.options.loadedFromDataFile).toBe(true);
    expect(second.store.toJSON()).toEqual(before);
    expect(second.store.access.grantOf(second.store.access.get('space', 'space-runbooks')!, 'users', chloe)).toBe('read');
    expect(second.store.access.get('collection', 'col-design')!.defaultLevel).toBe('comment');
    expect(second.store.access.userGrantsSent(org, 'space', 'space-runbooks', chloe)).toBe(1);
    expect((await call<{ items: unknown[] }>(second, 'GET', '/v1/orgs/acme/sites/site-docs/permissions/teams')).body.items).toEqual([]);
    // The file says it in its own words.
    const saved = JSON.parse(readFileSync(data, 'utf8')) as { organizations: { access: { id: string; parent?: string }[]; sent: { userGrants: Record<string, number> } }[] };
    expect(saved.organizations[0]!.access.find((r) => r.id === 'space-api')!.parent).toBe('col-handbook');
    expect(saved.organizations[0]!.sent.userGrants).toEqual({ [`space:space-runbooks ${chloe}`]: 1 });
  });

  it('refuses a data file whose resources are not resources, naming what is wrong', () => {
    const data = seededStore('empty').toJSON();
    const broken = (access: unknown) => ({ ...data, organizations: [{ ...data.organizations[0]!, access }] });
    expect(() => SandboxStore.fromJSON(broken({}))).toThrow(new StoreError('organization acme: access must be an array of resources'));
    expect(() => SandboxStore.fromJSON(broken([{ kind: 'space', id: 's', title: 'S', defaultLevel: 'owner' }]))).toThrow(/defaultLevel must be a role, null or "inherit"/);
    expect(() => SandboxStore.fromJSON(broken([{ kind: 'space', id: 's', title: 'S', parent: 'nope', defaultLevel: null }]))).toThrow(/parent nope is not a collection/);
    expect(() => SandboxStore.fromJSON(broken([{ kind: 'space', id: 's', title: 'S', defaultLevel: null, teams: [{ teamId: 'ghosts', role: 'read' }] }]))).toThrow(/unknown team ghosts/);
  });
});

/** `resource|team|user` → role. */
const keyed = (rows: string[][]): Map<string, string> => new Map(rows.map(([resource, team, user, role]) => [`${resource}|${team}|${user?.toLowerCase()}`, role!]));

describe('demoAccess (--write-access)', () => {
  it('names every resource with its general access and grants, and differs by one grant added, one role raised, one left out, one general access', () => {
    const store = seededStore('demo');
    const demo = demoAccess(store)!;
    const [header, ...rows] = parse(demo.csv) as string[][];
    expect(header).toEqual(['resource', 'team', 'user', 'role']);
    // What the sandbox holds, in the same words.
    const now: string[][] = [];
    for (const kind of ['space', 'collection', 'site'] as const) {
      for (const r of store.access.list(org, kind)) {
        now.push([`${kind}:${r.title}`, '*', '', r.defaultLevel ?? 'guest']);
        for (const [team, role] of store.access.grants(r, 'teams')) now.push([`${kind}:${r.title}`, store.teamTitle(org, team), '', role ?? 'guest']);
        for (const [user, role] of store.access.grants(r, 'users')) now.push([`${kind}:${r.title}`, '', store.getUser(org, user)!.email, role ?? 'guest']);
      }
    }
    const [want, have] = [keyed(rows), keyed(now)];
    const added = [...want.keys()].filter((k) => !have.has(k));
    const leftOut = [...have.keys()].filter((k) => !want.has(k));
    const changed = [...want.keys()].filter((k) => have.has(k) && have.get(k) !== want.get(k));
    expect(added).toEqual(['space:API Reference|Product Design|']);
    expect(leftOut).toEqual(['space:Component Library||hiroshi.tanaka@example.com']);
    expect(changed.map((k) => [k, have.get(k), want.get(k)])).toEqual([
      ['space:API Reference||chloe.dubois@example.com', 'comment', 'edit'],
      ['space:Onboarding|*|', 'read', 'comment'],
    ]);
    expect(demo.changes).toEqual({ added: 1, roleChanges: 1, leftOut: 1, generalAccess: 1 });
    // General access is a row with `*` in team; inheriting and closed resources spell `inherit` and `guest`.
    expect(rows).toContainEqual(['space:Brand Guidelines', '*', '', 'inherit']);
    expect(rows).toContainEqual(['site:Design Portal', '*', '', 'guest']);
  });

  it('names a resource by id when another of its kind has its title; undefined without a space', () => {
    const store = seededStore('empty');
    store.access.add(org, { kind: 'space', id: 'space-onboarding-2', title: 'Onboarding', defaultLevel: null });
    const rows = (parse(demoAccess(store)!.csv) as string[][]).map((r) => r[0]);
    expect(rows).toContain('space:space-onboarding');
    expect(rows).toContain('space:space-onboarding-2');
    expect(rows).not.toContain('space:Onboarding');
    const bare = new SandboxStore();
    bare.createOrganization('o');
    expect(demoAccess(bare)).toBeUndefined();
  });

  it('teamctl sandbox --write-access <file> writes it, says so, and never overwrites another file', async () => {
    const dir = tempDir();
    const file = join(dir, 'access.csv');
    const r = await runCli(['sandbox', '--write-access', file, '--', process.execPath, '-e', '']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`Wrote a demo access file to ${file} (1 to grant, 1 role change, 1 left out, 1 general access change).`);
    expect(readFileSync(file, 'utf8')).toBe(demoAccess(seededStore('demo'))!.csv);
    const mine = join(dir, 'mine.csv');
    writeFileSync(mine, 'mine\n');
    const refused = await runCli(['sandbox', '--write-access', mine, '--', process.execPath, '-e', 'console.log("ran")']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--write-access ${mine}: the file already exists`);
    expect(refused.stdout).toBe('');
    expect(readFileSync(mine, 'utf8')).toBe('mine\n');
  });
});
