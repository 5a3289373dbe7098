// The demo group export and group map (--write-groups, `teamctl help directory`): the demo's teams
// as groups, the first team differing by one joiner, one member made owner and one leaver; then
// the directory sync they stand for, against a demo sandbox: its plan, and the teams it leaves.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoGroups } from '../../src/sandbox/demo-groups.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { runCli, sandboxWithEnv } from '../e2e/harness.js';

describe('demoGroups', () => {
  it('every team a group team-<id>, its owners lead-<id>; the first team gains a joiner and an owner and loses a leaver', () => {
    const store = seededStore('demo');
    const demo = demoGroups(store)!;
    expect(demo.teamId).toBe('engineering');
    const [header, ...rows] = parse(demo.exportCsv) as string[][];
    expect(header).toEqual(['email', 'groups']);
    const groups = new Map(rows.map(([email, cell]) => [store.findUser('acme', email!)!.id, cell!.split(';')]));
    expect([...groups.values()].every((g) => g.at(-1) === 'all-staff')).toBe(true);
    const now = new Map(store.teamMembers('acme', 'engineering').map((m) => [m.userId, m.role]));
    const inTeam = [...groups].filter(([, g]) => g.includes('team-engineering')).map(([id]) => id);
    expect(inTeam.filter((id) => !now.has(id))).toHaveLength(1);
    expect([...now.keys()].filter((id) => !groups.has(id))).toHaveLength(1);
    expect([...groups].filter(([id, g]) => g.includes('lead-engineering') && now.get(id) === 'member')).toHaveLength(1);
    expect(parse(demo.mapCsv)).toEqual([['group', 'team', 'role'], ['team-*', '*', 'member'], ['lead-*', '*', 'owner'], ['contractors', 'engineering', 'member']]);
  });

  it('is undefined without a team', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    expect(demoGroups(store)).toBeUndefined();
  });

  it('rehearses a directory sync against the demo sandbox: the plan, the ignored group, the row that matches nothing; then the teams match', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const demo = demoGroups(s.sandbox.store)!;
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-demo-groups-'));
      writeFileSync(join(dir, 'export.csv'), demo.exportCsv);
      writeFileSync(join(dir, 'groups.csv'), demo.mapCsv);
      const before = s.sandbox.store.teamMembers('acme', 'design');
      const args = ['members', 'sync', '--roster', 'export.csv', '--group-map', 'groups.csv', '--prune'];
      const dry = await runCli([...args, '--dry-run', '--exit-code'], { env: s.env, cwd: dir });
      expect(dry.code, dry.stderr).toBe(8);
      expect(dry.stderr).toContain('groups.csv:4: "contractors" matches no group of export.csv');
      expect(dry.stderr).toContain('not in the map is ignored: "all-staff"');
      expect(dry.stderr).toContain('Organization plan: 2 teams, 1 with changes; 1 to add, 1 to remove, 1 role change');
      const done = await runCli([...args, '--yes'], { env: s.env, cwd: dir });
      expect(done.code, done.stderr).toBe(0);
      expect((await runCli([...args, '--dry-run', '--exit-code'], { env: s.env, cwd: dir })).code).toBe(0);
      expect(s.sandbox.store.teamMembers('acme', 'design')).toEqual(before);
    } finally {
      await s.sandbox.close();
    }
  });
});
