// Titles that cannot hide (README, "Teams by id or title"), end to end: refused where a title
// enters, nothing sent; a look-alike of a team's title is that team. The sandbox's teams are the reference.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv();
  s.sandbox.store.addTeam('acme', 'Café Team', [], new Date().toISOString());
});
afterEach(async () => {
  await s.sandbox.close();
});
const titles = (): string[] => s.sandbox.store.teamIds('acme').map((id) => s.sandbox.store.teamTitle('acme', id));
const writes = () => s.sandbox.requests.filter((q) => q.method !== 'GET');

describe('titles', () => {
  it.each(['\u202Emaet', 'Data\u2066 Team', '\u200B'])('teams create %j: exit 2, nothing sent', async (title) => {
    const before = titles().length;
    const r = await runCli(['teams', 'create', title], { env: s.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/invisible, direction or control character \(U\+[0-9A-F]{4}\)/);
    expect(titles()).toHaveLength(before);
    expect(writes()).toEqual([]);
  });

  // Each of these made a team before titles were checked by Unicode's classes.
  it.each([0x200e, 0x200f, 0x061c, 0x3164, 0x034f, 0xe0041, 0x2028, 0x2029, 0xfff9, 0x180e])('teams create "ab<code point %d>cd": exit 2 naming it, no team made, nothing sent', async (c) => {
    const before = titles();
    const r = await runCli(['teams', 'create', `ab${String.fromCodePoint(c)}cd`], { env: s.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
    expect(titles()).toEqual(before);
    expect(writes()).toEqual([]);
  });

  it('teams rename to a hidden title: exit 2; to a full-width look-alike of another team: exit 2, nothing sent', async () => {
    expect((await runCli(['teams', 'rename', 'design', 'Design\u202E'], { env: s.env })).code).toBe(2);
    expect((await runCli(['teams', 'rename', 'design', 'ＣＡＦÉ ＴＥＡＭ'], { env: s.env })).code).toBe(2);
    expect(writes()).toEqual([]);
  });

  it('--create-teams: a zero-width space inside an existing title makes no second team that reads the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-titles-'));
    const roster = join(dir, 'org.csv');
    writeFileSync(roster, `team,email\nCafé\u200B Team,${s.sandbox.store.users('acme')[3]?.email}\n`);
    const r = await runCli(['members', 'sync', '--roster', roster, '--create-teams', '--yes'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('U+200B');
    expect(titles().filter((t) => t.replace(/\u200B/g, '') === 'Café Team')).toEqual(['Café Team']);
    expect(writes()).toEqual([]);
  });
});
