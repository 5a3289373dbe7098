// Other tools' role columns (`teamctl help rosters`, "Other tools' role columns"): a GitLab group
// export's roles and an Atlassian export's `Org role`, end to end against the sandbox. The orgRole
// column is ignored without --org-roles; an unknown value is refused naming its line and a
// --role-map, and that --role-map, given exactly as printed, reads the file. The sandbox's state
// is the reference.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // u1 admin, u2–u6 read. Team t: u1 owner, u2.
  lab = await startLab(6, { t: [1, 2] });
});
afterEach(async () => {
  await lab.sandbox.close();
});

const file = rosterFiles('role-map');
const roles = (): Record<string, string | null> => Object.fromEntries(lab.sandbox.store.users('lab').map((u) => [u.id, u.role]));

/** The --role-map a message suggests, as the shell would hand it over (a JSON-quoted word unquoted). */
function suggested(stderr: string): string {
  const found = /--role-map ("(?:[^"\\]|\\.)*"|[^\s"]+)/.exec(stderr)?.[1];
  expect(found, stderr).toBeDefined();
  return found!.startsWith('"') ? (JSON.parse(found!) as string) : found!;
}

describe('--role-map', () => {
  it("a GitLab export's Maintainer and Developer: refused on their lines naming --role-map; the printed map read and applied", async () => {
    const roster = file(['Username,Name,email,role', `u2,Two,${email(2)},Developer`, `u3,Three,${email(3)},Maintainer`, `u4,Four,${email(4)},Developer`, `u1,One,${email(1)},Owner`]);
    const refused = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${roster}:2: unknown role "Developer" (expected owner or member): map it with --role-map Developer=member,Maintainer=owner`);
    expect(refused.stderr).toContain(`${roster}:3: unknown role "Maintainer" (expected owner or member): map it with --role-map Developer=member,Maintainer=owner`);
    expect(lab.writes()).toEqual([]);
    const map = suggested(refused.stderr);
    const applied = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--role-map', map, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(lab.team('t')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'owner', [uid(4)]: 'member' });
  });

  it("an Atlassian export's Org role: ignored without --org-roles; with it, refused naming --role-map, and the printed map plans the roles", async () => {
    const roster = file(['team,email,Org role', `t,${email(1)},Organization admin`, `t,${email(2)},NaN`, `t,${email(3)},Organization admin`]);
    // Without --org-roles the column is any other column: u3 joins, no role changes.
    const plain = await lab.run(['members', 'sync', '--roster', roster, '--yes']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(Object.keys(lab.team('t')).sort()).toEqual([uid(1), uid(2), uid(3)]);
    expect(lab.writes().filter((w) => w.startsWith('PATCH'))).toEqual([]);
    const mark = lab.sandbox.requests.length;
    const refused = await lab.run(['members', 'sync', '--roster', roster, '--org-roles', '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `${roster}:2: unknown organization role "Organization admin" (expected admin, create, edit, review, comment, read or guest; an empty cell keeps the role): map it with --role-map "Organization admin=admin,NaN="`,
    );
    expect(refused.stderr).toContain(`${roster}:3: unknown organization role "NaN"`);
    expect(lab.writes(mark)).toEqual([]);
    const applied = await lab.run(['members', 'sync', '--roster', roster, '--org-roles', '--role-map', suggested(refused.stderr), '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    // u3 promoted to admin; u2's NaN is an empty cell: no change.
    expect(lab.writes(mark)).toEqual([`PATCH /v1/orgs/lab/members/${uid(3)}`]);
    expect(roles()).toMatchObject({ [uid(1)]: 'admin', [uid(2)]: 'read', [uid(3)]: 'admin' });
  });

  it('a map to a role teamctl does not know, or a pair without =, is a usage error; --role-map without --roster too', async () => {
    const roster = file(['email,role', `${email(2)},Developer`]);
    const bad = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--role-map', 'Developer=coder', '--dry-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role-map: "coder" (for "Developer") is no role teamctl knows (owner, member, admin, create, edit, review, comment, read, guest; empty for none)');
    const pair = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--role-map', 'Developer', '--dry-run']);
    expect(pair.stderr).toContain('--role-map takes from=to pairs separated by commas, like Maintainer=owner,Developer=member — not "Developer"');
    const alone = await lab.run(['members', 'sync', '--team', 't', '--add', email(3), '--role-map', 'Developer=member', '--dry-run']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--role-map maps the role values of a roster: give --roster');
    expect(lab.writes()).toEqual([]);
  });
});

describe('a roster that is not UTF-8', () => {
  it('is refused naming --encoding windows-1252; with it as printed, the accented names read and the team is synced', async () => {
    const roster = file(['email,name,role', `${email(2)},Zo\u00e9,owner`, `${email(3)},Ren\u00e9,`]);
    // The same lines in Windows-1252 (é is 0xE9).
    const { readFileSync, writeFileSync } = await import('node:fs');
    writeFileSync(roster, Buffer.from(readFileSync(roster, 'utf8'), 'latin1'));
    const refused = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${roster}:2: not valid UTF-8 (byte 0xE9 on this line; saved as Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8"), or name its encoding: --encoding windows-1252`);
    const fix = /--encoding (\S+)/.exec(refused.stderr)?.[1] ?? '';
    const applied = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--encoding', fix, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(lab.team('t')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'owner', [uid(3)]: 'member' });
  });
});
