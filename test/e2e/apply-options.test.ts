// `teamctl apply` carries the saved plan's options and nothing else (README, "Review, then
// apply"): the guards' limits and --force, the team named in a multi-team plan, the reviewed plan
// as the confirmation of deletions; and its own refusals say exactly what is wrong and what to do.
// Checked against the sandbox's state and request log.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  // Team `t`: u00001 owner, u00002–u00006 members; users up to u00012 in the organization.
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 12);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [
    { userId: 'u00001', role: 'owner' },
    ...['u00002', 'u00003', 'u00004', 'u00005', 'u00006'].map((userId) => ({ userId, role: 'member' as const })),
  ]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-apply-options-'));
let files = 0;
function file(text: string, ext = 'csv'): string {
  const path = join(dir, `f${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const planPath = (): string => join(dir, `plan${++files}.json`);
const team = (name = 't'): Record<string, TeamMemberRole> => Object.fromEntries(s.sandbox.store.teamMembers('acme', name).map((m) => [m.userId, m.role]));
const mutating = (log: RequestLogEntry[]): RequestLogEntry[] => log.filter((r) => r.method !== 'GET');
const warnings = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('warning: '));

describe('apply: the options the plan was made with', () => {
  it('--max-removals with --force: the run warns again when it applies, and removes', async () => {
    const plan = planPath();
    const made = await runCli(['members', 'sync', '--roster', file('id,role\nu00001,owner\nu00002,member\n'), '--prune', '--max-removals', '1', '--force', '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toEqual(['warning: the plan removes 4 of 6 members, more than --max-removals 1 allows (1); going ahead because of --force']);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
  });

  it('--min-owners with --force: the run warns again when it applies', async () => {
    s.sandbox.store.putTeamMember('acme', 't', 'u00002', 'owner');
    const plan = planPath();
    const made = await runCli(['members', 'sync', '--roster', file('id,role\nu00001,owner\nu00002,member\n'), '--min-owners', '2', '--force', '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toHaveLength(1);
    expect(warnings(applied.stderr)[0]).toMatch(/--min-owners 2.*going ahead because of --force$/);
    expect(team().u00002).toBe('member');
  });

  it('a plan of one team does not name it in its guards; a plan of several does', async () => {
    s.sandbox.store.createTeam('acme', 'ops');
    s.sandbox.store.setTeamMembers('acme', 'ops', [{ userId: 'u00007', role: 'owner' }, { userId: 'u00008', role: 'member' }, { userId: 'u00009', role: 'member' }]);
    const plan = planPath();
    const roster = file('team,id,role\nt,u00001,owner\nops,u00007,owner\n');
    const made = await runCli(['members', 'sync', '--roster', roster, '--prune', '--max-removals', '1', '--force', '--plan-out', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toEqual([
      'warning: the plan removes 5 of 6 members of team t, more than --max-removals 1 allows (1); going ahead because of --force',
      'warning: the plan removes 2 of 3 members of team ops, more than --max-removals 1 allows (1); going ahead because of --force',
    ]);
    expect(team('ops')).toEqual({ u00007: 'owner' });
  });

  it('a plain apply records the plan without the --force warning; a dry run does not record it', async () => {
    const config = newConfigDir();
    const plan = planPath();
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    const rehearsal = await runCli(['apply', plan, '--dry-run'], { env: s.env, configDir: config });
    expect(rehearsal.code).toBe(0);
    expect(mutating(s.sandbox.requests)).toEqual([]);
    const applied = await runCli(['apply', plan], { env: s.env, configDir: config });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain(`Applying ${plan}: a plan of \`teamctl members add\` made `);
    expect(warnings(applied.stderr)).toEqual([]);
    expect(team().u00009).toBe('member');
  });
});

describe('apply: refusals', () => {
  it('names every missing setting before it reads the plan', async () => {
    const r = await runCli(['apply', join(dir, 'no-such-plan.json')], { env: {}, configDir: newConfigDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: missing 3 settings:\n {2}API base URL/m);
    expect(r.stderr).not.toContain('no-such-plan.json');
  });

  it('a plan made for another organization and base URL: both named, with the settings to use', async () => {
    const plan = planPath();
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', plan], { env: s.env })).code).toBe(0);
    const moved = JSON.parse(readFileSync(plan, 'utf8')) as { baseUrl: string; organization: string };
    writeFileSync(plan, JSON.stringify({ ...moved, baseUrl: 'https://api.other.test/v1', organization: 'globex' }));
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${plan} was made for base URL https://api.other.test/v1 (the current one is ${moved.baseUrl}) and organization globex (the current one is acme); nothing was sent\n`);
    expect(r.stderr).toContain('hint: apply it with the settings it was made with (--base-url, --org, --profile), or make a new plan');
    expect(mutating(s.sandbox.requests)).toEqual([]);
  });

  it('a stale members plan says how to go on', async () => {
    const plan = planPath();
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', plan], { env: s.env })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 't', 'u00010', 'member');
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('hint: make a new plan (--plan-out) and have it reviewed again');
  });

  it('a stale plan of several teams names each team that moved', async () => {
    s.sandbox.store.createTeam('acme', 'ops');
    s.sandbox.store.setTeamMembers('acme', 'ops', [{ userId: 'u00007', role: 'owner' }]);
    const plan = planPath();
    const roster = file('team,id,role\nt,u00001,owner\nt,u00009,member\nops,u00007,owner\nops,u00010,member\n');
    expect((await runCli(['members', 'sync', '--roster', roster, '--plan-out', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 't', 'u00011', 'member');
    s.sandbox.store.putTeamMember('acme', 'ops', 'u00012', 'member');
    const r = await runCli(['apply', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('error: team t changed since the plan was made: 1 member added; team ops changed since the plan was made: 1 member added; nothing was sent\n');
    expect(mutating(s.sandbox.requests)).toEqual([]);
  });

  it('a team that cannot be read is the error, naming why it was read; nothing is sent', async () => {
    const plan = planPath();
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', plan], { env: s.env })).code).toBe(0);
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path.includes('/teams/t/') ? { kind: 'respond', status: 500, body: { error: { code: 500, message: 'Internal error' } } } : undefined));
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: could not read the whole team t to check the plan; nothing was sent: ');
    expect(mutating(s.sandbox.requests)).toEqual([]);
  });
});

describe('apply: glossary plans', () => {
  const seed = (entries: Record<string, string>[]): void => {
    s.sandbox.store.applyGlossaryOperations('acme', entries.map((translations) => ({ type: 'insert' as const, translations })), new Date().toISOString());
  };
  const ens = (): string[] => s.sandbox.store.glossaryEntries('acme').map((e) => e.translations.en as string).sort();

  it('the reviewed plan confirms its deletions: no prompt and no --yes; --max-deletions with --force warns again', async () => {
    seed([{ en: 'bank', fr: 'banque' }, { en: 'old', fr: 'vieux' }, { en: 'gone', fr: 'parti' }]);
    const plan = planPath();
    const made = await runCli(['glossary', 'sync', file('en,fr\nbank,banque\nriver,rivière\n'), '--prune', '--max-deletions', '1', '--force', '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toEqual(['warning: the plan deletes 2 of 3 glossary entries, more than --max-deletions 1 allows (1); going ahead because of --force']);
    expect(ens()).toEqual(['bank', 'river']);
  });

  it('a stale glossary plan says how to go on', async () => {
    const plan = planPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\n'), '--plan-out', plan], { env: s.env })).code).toBe(0);
    seed([{ en: 'door', fr: 'porte' }]);
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('hint: make a new plan (--plan-out) and have it reviewed again');
  });

  it('shows the plan of every row it was made from: changes, unchanged rows and conflicts', async () => {
    seed([{ en: 'bank', fr: 'banque' }, { en: 'door', fr: 'porte' }, { en: 'team', fr: 'équipe' }]);
    const plan = planPath();
    // One insert, one unchanged row, two conflicts (skipped).
    const made = await runCli(['glossary', 'import', file('en,fr\nriver,rivière\nbank,banque\ndoor,portail\nteam,groupe\n'), '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain('1 to insert, 0 to update, 1 unchanged, 2 conflicts (skipped)');
    expect(applied.stderr).not.toContain('has no rows to import');
    expect(ens()).toEqual(['bank', 'door', 'river', 'team']);

    // One insert and one unchanged row, no conflict.
    const small = planPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\ngate,portail\n'), '--plan-out', small], { env: s.env })).code).toBe(0);
    const second = await runCli(['apply', small], { env: s.env });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('1 to insert, 0 to update, 1 unchanged, 0 conflicts');
    expect(second.stderr).not.toContain('has no rows to import');
  });

  it('warns of an earlier run\'s requests whose outcome is unknown', async () => {
    const config = newConfigDir();
    const plan = planPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\n'), '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    // An earlier run's batch whose answer was lost: the journal keeps it until the glossary settles it.
    // The batch's answer is lost, and so is every read after it: the run cannot tell whether it landed.
    let sent = false;
    s.sandbox.intercept((req) => {
      if (req.method === 'PUT') sent = true;
      return sent ? { kind: 'reset' } : undefined;
    });
    const lost = await runCli(['glossary', 'import', file('en,fr\nriver,rivière\n')], { env: s.env, configDir: config });
    expect(lost.code).not.toBe(0);
    s.sandbox.clearIntercepts();
    const applied = await runCli(['apply', plan], { env: s.env, configDir: config });
    expect(warnings(applied.stderr).some((w) => w.startsWith('warning: an earlier run left glossary requests with an unknown outcome'))).toBe(true);
  });
});
