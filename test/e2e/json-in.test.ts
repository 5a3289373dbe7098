// teamctl's own JSON and NDJSON read back (README, "The glossary"; `teamctl help rosters`, "The roster"): an export
// imported or synced again plans nothing, whatever the file is named; rosters listed with
// `members list --json` / `-o ndjson`, for one team or several, sync back to no change. The
// sandbox's state and request log are the reference.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GlossaryTranslations } from '../../src/api/types.js';
import type { ImportReport } from '../../src/glossary/importView.js';
import { glossarySandbox } from '../helpers/glossary-sandbox.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-json-in-'));
let files = 0;
/** A file named as nothing in particular: JSON is known by its content. */
function file(text: string): string {
  const path = join(dir, `input${++files}.txt`);
  writeFileSync(path, text);
  return path;
}
const { seed, mutating } = glossarySandbox(() => s);

describe('glossary JSON and NDJSON in', () => {
  it.each(['json', 'ndjson'])('an export in %s imports and syncs back as present: nothing planned, nothing sent', async (format) => {
    seed([{ en: 'bank', fr: 'banque', 'pt-BR': 'banco' }, { en: "'=SUM", de: 'Tür, "Tor"' }, { de: 'nur' }, { en: '=1+1', 'xx-brand': 'Marke' }]);
    const exported = await runCli(['glossary', 'export', '--format', format], { env: s.env });
    expect(exported.code, exported.stderr).toBe(0);
    const path = file(exported.stdout);
    const mark = s.sandbox.requests.length;
    const imported = await runCli(['glossary', 'import', path, '--dry-run', '--exit-code', '--json'], { env: s.env });
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as ImportReport;
    expect({ inserted: report.inserted, updated: report.updated, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 0, updated: 0, present: 4, conflicts: [] });
    const synced = await runCli(['glossary', 'sync', path, '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(synced.code, synced.stderr).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });

  it('an export into an empty organization recreates the glossary exactly', async () => {
    const entries: GlossaryTranslations[] = [{ en: 'bank', fr: 'banque' }, { en: "'=SUM", de: 'Tür' }];
    seed(entries);
    const exported = await runCli(['glossary', 'export', '--format', 'json'], { env: s.env });
    s.sandbox.store.createOrganization('other');
    const env = { ...s.env, TEAMCTL_ORG: 'other' };
    const r = await runCli(['glossary', 'import', file(exported.stdout)], { env });
    expect(r.code, r.stderr).toBe(0);
    // (The export lists entries in the service's order, not the order they were made.)
    const sorted = (ts: GlossaryTranslations[]): string[] => ts.map((t) => JSON.stringify(Object.entries(t).sort())).sort();
    expect(sorted(s.sandbox.store.glossaryEntries('other').map((e) => e.translations))).toEqual(sorted(entries));
  });

  it('an item that is no entry, or a translation that is no string, is refused on its line; nothing sent', async () => {
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', file('[\n  {"id":"ge_1","translations":{"en":"bank"}},\n  {"en":"door"},\n  {"translations":{"en":1}}\n]\n')], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(':3: not a glossary entry: expected an object with "translations" (as glossary export --format json writes)');
    expect(r.stderr).toContain(':4: the "en" translation is "1", not a string');
    const nd = await runCli(['glossary', 'import', file('{"translations":{"en":"bank"}}\n{"translations":\n')], { env: s.env });
    expect(nd.code).toBe(2);
    expect(nd.stderr).toMatch(/:2: not valid JSON \(NDJSON holds one JSON object per line\)/);
    expect(mutating(mark)).toEqual([]);
  });
});

describe('rosters from members list --json and -o ndjson', () => {
  it.each([['--json'], ['-o', 'ndjson']])('one team (%s): synced back with --prune, nothing planned', async (...flags) => {
    s.sandbox.store.addUsers('acme', 5);
    s.sandbox.store.createTeam('acme', 'a');
    s.sandbox.store.setTeamMembers('acme', 'a', [
      { userId: 'u00001', role: 'owner' },
      { userId: 'u00002', role: 'member' },
      { userId: 'u00003', role: 'member' },
    ]);
    const env = { ...s.env, TEAMCTL_TEAM: 'a' };
    const listed = await runCli(['members', 'list', ...flags], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const mark = s.sandbox.requests.length;
    const back = await runCli(['members', 'sync', '--roster', file(listed.stdout), '--prune', '--dry-run', '--exit-code'], { env });
    expect(back.code, back.stderr).toBe(0);
    expect(mutating(mark)).toEqual([]);
    // One member fewer and one role changed: exactly that is planned.
    const items = (flags[0] === '--json' ? (JSON.parse(listed.stdout) as unknown[]) : listed.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)) as { team: { role: string } }[];
    const edited = items.slice(0, 2);
    (edited[1] as { team: { role: string } }).team.role = 'owner';
    const plan = await runCli(['members', 'sync', '--roster', file(JSON.stringify(edited)), '--prune', '--dry-run', '--json'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    const report = JSON.parse(plan.stdout) as { added: unknown[]; removed: { id: string }[]; roleChanged: { user: { id: string }; from: string; to: string }[]; unchanged: number };
    expect({ added: report.added, removed: report.removed.map((r) => r.id), roleChanged: report.roleChanged.map((c) => [c.user.id, c.from, c.to]), unchanged: report.unchanged }).toEqual({
      added: [],
      removed: ['u00003'],
      roleChanged: [['u00002', 'member', 'owner']],
      unchanged: 1,
    });
  });

  it('several teams (members list --team a,b --json) is an organization roster: synced back, nothing planned', async () => {
    s.sandbox.store.addUsers('acme', 6);
    for (const t of ['a', 'b']) s.sandbox.store.createTeam('acme', t);
    s.sandbox.store.setTeamMembers('acme', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002', role: 'member' }]);
    s.sandbox.store.setTeamMembers('acme', 'b', [{ userId: 'u00003', role: 'owner' }, { userId: 'u00001', role: 'member' }]);
    const env = { ...s.env, TEAMCTL_TEAM: 'a' };
    for (const flags of [['--json'], ['-o', 'ndjson']]) {
      const listed = await runCli(['members', 'list', '--team', 'a,b', ...flags], { env });
      expect(listed.code, listed.stderr).toBe(0);
      const mark = s.sandbox.requests.length;
      const back = await runCli(['members', 'sync', '--roster', file(listed.stdout), '--prune', '--dry-run', '--exit-code'], { env });
      expect(back.code, back.stderr).toBe(0);
      expect(mutating(mark)).toEqual([]);
    }
  });

  it('a guest listed by members list --json (organization role null) is a guest in the roster: --org-roles makes a member promoted since a guest again', async () => {
    s.sandbox.store.addUsers('acme', 3);
    for (const t of ['a', 'b']) s.sandbox.store.createTeam('acme', t);
    s.sandbox.store.setTeamMembers('acme', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002', role: 'member' }]);
    s.sandbox.store.setTeamMembers('acme', 'b', [{ userId: 'u00003', role: 'owner' }]);
    s.sandbox.store.members.setRole('acme', 'u00002', null);
    const listed = await runCli(['members', 'list', '--team', 'a,b', '--json'], { env: s.env });
    expect(listed.code, listed.stderr).toBe(0);
    const roster = file(listed.stdout);
    s.sandbox.store.members.setRole('acme', 'u00002', 'edit');
    const r = await runCli(['members', 'sync', '--roster', roster, '--org-roles', '--yes', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(s.sandbox.store.getUser('acme', 'u00002')?.role).toBeNull();
    expect(mutating().filter((q) => q.method === 'PATCH').map((q) => q.path)).toEqual(['/v1/orgs/acme/members/u00002']);
  });

  it('an item of another shape is refused on its line', async () => {
    const r = await runCli(['members', 'sync', '--roster', file('[\n{"email":"ada@example.com"}\n]\n'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(':2: not a team member: expected an object with "organization" and "team" (as members list --json writes)');
  });
});
