// Each identity provider's group export read as the provider writes it (test/fixtures/real/README.md
// says where each file comes from, or which page it is written from): its people, their groups,
// what is skipped as no person, what is left out as inactive, and the SSO marks.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGroupExport } from '../../../src/files/groups/read.js';
import { parseRoleMap } from '../../../src/files/role-map.js';
import type { GroupExport } from '../../../src/files/groups/types.js';

const dir = fileURLToPath(new URL('../../fixtures/real/groups/', import.meta.url));
const read = (path: string): Promise<GroupExport> => readGroupExport(path, {}, dir);
/** Each member as `key line: groups`. */
const people = (g: GroupExport): string[] => g.members.map((m) => `${m.entry.key} ${m.entry.line}: ${m.groups.join(', ')}`);

describe('group exports as the identity providers write them', () => {
  it("Okta's Group Membership report: one row a membership, a SUSPENDED user left out while their group counts", async () => {
    const g = await read('okta-group-membership-report.csv');
    expect(g.format).toBe('okta');
    expect(people(g)).toEqual(['alice.martin@example.com 2: Engineering, Design', 'bruno.keller@example.com 3: Engineering', 'maria.rossi@example.com 6: Everyone']);
    expect(g.groups).toEqual(['Engineering', 'Design', 'Everyone']);
    expect([g.notPeople, g.inactive]).toEqual([0, 1]);
    expect(g.members.every((m) => m.sso === true)).toBe(true);
    expect(g.warnings.map((w) => w.message)).toEqual(['1 row marked inactive by column "Okta user status" ("SUSPENDED") left out']);
  });

  it("Entra's Download members: the group is the file's name, a guest read by its e-mail, a nested group and a service principal skipped", async () => {
    const g = await read('entra-download-members/Platform Engineers.csv');
    expect(g.format).toBe('entra-members');
    expect(people(g)).toEqual(['alice.martin@contoso.com 2: Platform Engineers', 'bruno.keller@fabrikam.com 3: Platform Engineers']);
    expect(g.groups).toEqual(['Platform Engineers']);
    expect([g.notPeople, g.inactive]).toEqual([2, 0]);
    expect(g.members.map((m) => m.sso)).toEqual([true, true]);
    // (The rows of no person are counted, not warned of: the caller reports the count.)
    expect(g.warnings).toEqual([]);
    const named = await readGroupExport('entra-download-members/Platform Engineers.csv', { group: 'platform' }, dir);
    expect([named.groups, named.members.map((m) => m.groups)]).toEqual([['platform'], [['platform'], ['platform']]]);
  });

  it("Entra's Get-MgGroupMember | Export-Csv: the #TYPE line skipped, @odata.type group and servicePrincipal skipped, AccountEnabled False left out", async () => {
    const g = await read('entra-get-mggroupmember-export-csv.csv');
    expect(g.format).toBe('entra');
    expect(people(g)).toEqual(['alice.martin@contoso.com 3: Engineering, Design', 'maria.rossi@fabrikam.com 7: Design']);
    expect(g.groups).toEqual(['Engineering', 'Design']);
    expect([g.notPeople, g.inactive]).toEqual([2, 1]);
    expect(g.members.every((m) => m.sso === true)).toBe(true);
    expect(g.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      `1: "#TYPE Selected.System.Management.Automation.PSCustomObject" is the type line PowerShell's Export-Csv writes (without -NoTypeInformation): skipped`,
      '2: 1 row marked inactive by column "AccountEnabled" ("False") left out',
    ]);
  });

  it("Google's group members: USER and EXTERNAL are people, a GROUP and the CUSTOMER are not; the role column only with --role-map", async () => {
    const g = await read('google-group-members-bulk.csv');
    expect(g.format).toBe('google');
    expect(people(g)).toEqual(['alice.martin@example.com 2: engineering@example.com, design@example.com', 'bruno.keller@example.com 3: engineering@example.com', 'kenji.sato@partner.example.org 6: design@example.com']);
    expect(g.groups).toEqual(['engineering@example.com', 'design@example.com', 'everyone@example.com']);
    expect([g.notPeople, g.inactive]).toEqual([2, 0]);
    expect(g.members.map((m) => [m.sso, m.role])).toEqual([[true, undefined], [true, undefined], [true, undefined]]);
    const roles = await readGroupExport('google-group-members-bulk.csv', { roleMap: parseRoleMap('OWNER=owner,MANAGER=owner,MEMBER=member') }, dir);
    expect(roles.members.map((m) => [m.entry.key, m.role])).toEqual([['alice.martin@example.com', 'owner'], ['bruno.keller@example.com', 'member'], ['kenji.sato@partner.example.org', 'member']]);
  });

  it("Google's one-group member list: the group from the file name", async () => {
    const g = await read('google-group-members/engineering.csv');
    expect([g.format, g.groups, people(g), g.notPeople]).toEqual(['google', ['engineering'], ['alice.martin@example.com 2: engineering', 'bruno.keller@example.com 3: engineering'], 1]);
  });

  it("JumpCloud's user CSV: the groups of Group1 … Group5, a user in no group kept in none", async () => {
    const g = await read('jumpcloud-ImportExample_Pester_Tests_1.1.0.csv');
    expect(g.format).toBe('jumpcloud');
    expect(g.members).toHaveLength(26);
    expect(g.groups).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
    expect(people(g).filter((p) => !p.endsWith(': '))).toEqual([
      'a.1group@pleasedelete.com 14: One',
      'ia.1group@pleasedelete.com 15: One',
      'a.2group@pleasedelete.com 16: One, Two',
      'ia.2group@pleasedelete.com 17: One, Two',
      'a.5group@pleasedelete.com 18: One, Two, Three, Four, Five',
      'ia.5group@pleasedelete.com 19: One, Two, Three, Four, Five',
      'a.all@pleasedelete.com 26: One, Two, Three, Four, Five',
      'ia.all@pleasedelete.com 27: One, Two, Three, Four, Five',
    ]);
    expect(g.members[0]?.groups).toEqual([]);
    expect([g.notPeople, g.inactive, g.warnings]).toEqual([0, 0, []]);
    expect(g.members.every((m) => m.sso === true)).toBe(true);
  });

  it('every file under groups/ reads without a flag', async () => {
    const files = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)).map((f) => join(n, f)) : [n]));
    const all = files(dir);
    expect(all).toHaveLength(6);
    for (const f of all) expect((await read(f)).members.length, f).toBeGreaterThan(0);
  });
});
