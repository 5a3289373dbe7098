// Saved plans end to end (README, "Review, then apply"): --plan-out, then `teamctl apply`, against
// the sandbox; its state and request log are the reference, never the CLI's words.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GlossaryTranslations, TeamMemberRole } from '../../src/api/types.js';
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

const dir = mkdtempSync(join(tmpdir(), 'teamctl-apply-'));
let files = 0;
function file(text: string, ext = 'csv'): string {
  const path = join(dir, `f${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const team = (name = 't'): Record<string, TeamMemberRole> => Object.fromEntries(s.sandbox.store.teamMembers('acme', name).map((m) => [m.userId, m.role]));
const newPlanPath = (): string => join(dir, `plan${++files}.json`);
const warnings = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('warning: '));
const mutating = (log: RequestLogEntry[]): RequestLogEntry[] => log.filter((r) => r.method !== 'GET');
const roster = 'id,role\nu00001,owner\nu00002,owner\nu00003,member\nu00004,member\nu00007,member\nu00008,owner\n';
const glossary = (): GlossaryTranslations[] => s.sandbox.store.glossaryEntries('acme').map((e) => e.translations);

describe('members: --plan-out, then apply', () => {
  it('plans without sending, then applies exactly the plan: the same end state as a direct run', async () => {
    const planPath = join(dir, 'members-plan.json');
    const planned = await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--max-removals', '2', '--plan-out', planPath], { env: s.env });
    expect(planned.code).toBe(0);
    expect(mutating(s.sandbox.requests)).toEqual([]);
    const text = readFileSync(planPath, 'utf8');
    expect(text).not.toContain(s.sandbox.token);
    expect(JSON.parse(text)).toMatchObject({ format: 'teamctl-plan', version: 1, kind: 'members', organization: 'acme', command: 'members sync' });

    const applied = await runCli(['apply', planPath, '--json'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(applied.code).toBe(0);
    const expected = { u00001: 'owner', u00002: 'owner', u00003: 'member', u00004: 'member', u00007: 'member', u00008: 'owner' };
    expect(team()).toEqual(expected);
    expect(JSON.parse(applied.stdout)).toMatchObject({ dryRun: false, verified: true });

    // The same roster synced directly on a fresh team ends the same.
    s.sandbox.store.setTeamMembers('acme', 't', [
      { userId: 'u00001', role: 'owner' },
      ...['u00002', 'u00003', 'u00004', 'u00005', 'u00006'].map((userId) => ({ userId, role: 'member' as const })),
    ]);
    const direct = await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--max-removals', '2', '--yes'], { env: s.env });
    expect(direct.code).toBe(0);
    expect(team()).toEqual(expected);
  });

  it('refuses a stale plan with exit 3 and no change sent: a member added meanwhile, or the plan applied twice', async () => {
    const planPath = join(dir, 'stale-plan.json');
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', planPath], { env: s.env })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 't', 'u00010', 'member'); // someone else's change
    const mark = s.sandbox.requests.length;
    const stale = await runCli(['apply', planPath], { env: s.env });
    expect(stale.code).toBe(3);
    expect(stale.stderr).toMatch(/team t changed since the plan was made: 1 member added/);
    expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
    expect(team().u00009).toBeUndefined();

    const again = join(dir, 'twice-plan.json');
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', again], { env: s.env })).code).toBe(0);
    expect((await runCli(['apply', again], { env: s.env })).code).toBe(0);
    expect(team().u00009).toBe('member');
    const mark2 = s.sandbox.requests.length;
    const twice = await runCli(['apply', again], { env: s.env });
    expect(twice.code).toBe(3);
    expect(mutating(s.sandbox.requests.slice(mark2))).toEqual([]);
  });

  it('a plan applies once: after its change was reverted it is refused as already applied (exit 3), unless --force', async () => {
    const config = newConfigDir();
    const planPath = join(dir, 'once-plan.json');
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', planPath], { env: s.env, configDir: config })).code).toBe(0);
    expect((await runCli(['apply', planPath], { env: s.env, configDir: config })).code).toBe(0);
    expect(team().u00009).toBe('member');
    s.sandbox.store.removeTeamMember('acme', 't', 'u00009'); // the state is the plan's again
    const mark = s.sandbox.requests.length;
    for (const args of [['apply', planPath], ['apply', planPath, '--dry-run']]) {
      const again = await runCli(args, { env: s.env, configDir: config });
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(new RegExp(`^error: ${planPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was already applied at \\S+ \\(process \\d+ on .*\\); a plan applies once, and nothing was sent`, 'm'));
    }
    expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
    expect(team().u00009).toBeUndefined();
    const forced = await runCli(['apply', planPath, '--force'], { env: s.env, configDir: config });
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(`warning: --force: applying ${planPath} whatever earlier applies of it did`);
    expect(team().u00009).toBe('member');
  });

  it('a stale plan is refused after a role change, a removal or an addition by someone else, naming each (one team)', async () => {
    const moves: [string, () => void, string][] = [
      ['role', () => s.sandbox.store.putTeamMember('acme', 't', 'u00003', 'owner'), '1 role changed'],
      ['removal', () => s.sandbox.store.removeTeamMember('acme', 't', 'u00004'), '1 member removed'],
      ['addition', () => s.sandbox.store.putTeamMember('acme', 't', 'u00011', 'member'), '1 member added'],
    ];
    for (const [what, move, said] of moves) {
      const planPath = join(dir, `stale-${what}.json`);
      expect((await runCli(['members', 'add', 'u00009', '--plan-out', planPath], { env: s.env })).code).toBe(0);
      move();
      const before = team();
      const mark = s.sandbox.requests.length;
      const r = await runCli(['apply', planPath], { env: s.env });
      expect({ what, code: r.code }).toEqual({ what, code: 3 });
      expect(r.stderr).toContain(`team t changed since the plan was made: ${said}; nothing was sent`);
      expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
      expect(team()).toEqual(before);
    }
  });

  it('a multi-team plan is stale when any one of its teams moved, and names that team', async () => {
    s.sandbox.store.createTeam('acme', 'ops');
    s.sandbox.store.setTeamMembers('acme', 'ops', [{ userId: 'u00007', role: 'owner' }]);
    const org = file('team,id,role\nt,u00001,owner\nt,u00002,member\nt,u00003,member\nt,u00004,member\nt,u00005,member\nt,u00006,member\nops,u00007,owner\nops,u00008,member\n');
    const planPath = join(dir, 'multi-stale.json');
    expect((await runCli(['members', 'sync', '--roster', org, '--plan-out', planPath], { env: s.env })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 'ops', 'u00007', 'member');
    const mark = s.sandbox.requests.length;
    const r = await runCli(['apply', planPath], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('team ops changed since the plan was made: 1 role changed; nothing was sent');
    expect(r.stderr).not.toContain('team t changed');
    expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
  });

  it('apply --show reads a plan offline, without settings or the service, in every output format', async () => {
    const planPath = join(dir, 'show-plan.json');
    expect((await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--max-removals', '2', '--plan-out', planPath], { env: s.env })).code).toBe(0);
    const mark = s.sandbox.requests.length;
    const bare = { TEAMCTL_BASE_URL: undefined, TEAMCTL_TOKEN: undefined, TEAMCTL_ORG: undefined, TEAMCTL_TEAM: undefined };
    const tsv = await runCli(['apply', '--show', planPath], { env: bare });
    expect(tsv.code).toBe(0);
    expect(tsv.stderr).toMatch(new RegExp(`^Plan .*show-plan\\.json: teamctl members sync, organization acme at ${s.sandbox.url.replace(/[.]/g, '\\.')}/v1, made \\d{4}-`, 'm'));
    expect(tsv.stderr).toContain('guards: force false');
    expect(tsv.stdout.trim().split('\n')).toEqual([
      'where\taction\tsubject\tdetail',
      't\tadd\tu00007\tmember',
      't\tadd\tu00008\towner',
      't\trole\tuser00002@example.com\tmember → owner',
      't\tremove\tuser00005@example.com\tmember, not in the roster',
      't\tremove\tuser00006@example.com\tmember, not in the roster',
    ]);
    const json = JSON.parse((await runCli(['apply', '--show', planPath, '--json'], { env: bare })).stdout) as { command: string; organization: string; applied: unknown; changes: unknown[] };
    expect(json).toMatchObject({ command: 'members sync', organization: 'acme', applied: null });
    expect(json.changes).toHaveLength(5);
    const md = await runCli(['apply', '--show', planPath, '-o', 'markdown'], { env: bare });
    expect(md.stdout).toMatch(/^### Plan .*teamctl members sync/);
    // The guards in a table of their own; the changes counted under their own heading.
    expect(md.stdout).toMatch(/^#### guards \(\d+\)\n\n\| guard \| value \|\n\| --- \| --- \|\n\| force \| false \|$/m);
    expect(md.stdout).toMatch(/^\| maxRemovals \| 2 \|$/m);
    expect(md.stdout).toMatch(/^#### changes \(5\)\n\n\| where \| action \| subject \| detail \|$/m);

    // A record of an earlier apply that cannot be read still says applied, as apply takes it.
    const configDir = mkdtempSync(join(tmpdir(), 'teamctl-show-'));
    const id = (json as unknown as { id: string }).id;
    mkdirSync(join(configDir, 'applied-plans'));
    writeFileSync(join(configDir, 'applied-plans', `${id}.json`), '{"plan": "sh');
    const unreadable = await runCli(['apply', '--show', planPath], { env: bare, configDir });
    expect(unreadable.stderr).toMatch(/made \d{4}-\S+, applied \(its record in the config folder cannot be read\)$/m);
    const unreadableJson = JSON.parse((await runCli(['apply', '--show', planPath, '--json'], { env: bare, configDir })).stdout) as { applied: unknown };
    expect(unreadableJson.applied).toEqual({ appliedAt: null, pid: null, host: null, unreadable: true });
    expect(s.sandbox.requests.length).toBe(mark);
  });

  it('apply --dry-run checks the plan is current and sends nothing', async () => {
    const planPath = join(dir, 'dry-plan.json');
    expect((await runCli(['members', 'remove', 'u00002', '--plan-out', planPath], { env: s.env })).code).toBe(0);
    const dry = await runCli(['apply', planPath, '--dry-run'], { env: s.env });
    expect(dry.code).toBe(0);
    expect(mutating(s.sandbox.requests)).toEqual([]);
    expect(team().u00002).toBe('member');
  });

  it('refuses a plan for another organization or base URL (exit 2), and files that are not plans', async () => {
    const planPath = join(dir, 'org-plan.json');
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', planPath], { env: s.env })).code).toBe(0);
    s.sandbox.store.createOrganization('other');
    const otherOrg = await runCli(['apply', planPath], { env: { ...s.env, TEAMCTL_ORG: 'other' } });
    expect(otherOrg.code).toBe(2);
    expect(otherOrg.stderr).toMatch(/was made for organization acme \(the current one is other\)/);
    const otherUrl = await runCli(['apply', planPath], { env: { ...s.env, TEAMCTL_BASE_URL: s.sandbox.url.replace('127.0.0.1', 'localhost') } });
    expect(otherUrl.code).toBe(2);
    const text = readFileSync(planPath, 'utf8');
    for (const bad of [text.slice(0, 200), '{"format":"teamctl-plan","version":9}', 'not json', JSON.stringify({ ...JSON.parse(text), body: { teams: [{ team: 't' }] } })]) {
      const r = await runCli(['apply', file(bad, 'json')], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: .*(not a teamctl plan|not a valid teamctl plan|format version 9)/m);
    }
    expect(mutating(s.sandbox.requests)).toEqual([]);
  });

  it('refuses a plan that names a team twice (exit 2, naming the plan file), before anything is sent', async () => {
    const planPath = join(dir, 'twice-plan.json');
    expect((await runCli(['members', 'remove', 'u00002', '--plan-out', planPath], { env: s.env })).code).toBe(0);
    const plan = JSON.parse(readFileSync(planPath, 'utf8')) as { body: { teams: unknown[] } };
    plan.body.teams = [plan.body.teams[0], plan.body.teams[0]];
    const twice = file(JSON.stringify(plan), 'json');
    for (const args of [['apply', twice], ['apply', twice, '--dry-run']]) {
      const mark = s.sandbox.requests.length;
      const r = await runCli(args, { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^error: ${twice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a valid teamctl plan: body\\.teams\\[1\\] names team "t" again \\(as body\\.teams\\[0\\] does\\)$`, 'm'));
      expect(r.stderr).not.toContain('2 teams');
      expect(s.sandbox.requests.slice(mark)).toEqual([]);
    }
    expect(team().u00002).toBe('member');
  });

  it('does not write a plan that a guard refuses (exit 3), unless --force, which the plan records', async () => {
    const planPath = join(dir, 'guard-plan.json');
    const refused = await runCli(['members', 'remove', 'u00001', '--plan-out', planPath], { env: s.env });
    expect(refused.code).toBe(3);
    expect(() => readFileSync(planPath)).toThrow();
    const forced = await runCli(['members', 'remove', 'u00001', '--force', '--plan-out', planPath], { env: s.env });
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(planPath, 'utf8')).body.options.force).toBe(true);
    expect((await runCli(['apply', planPath], { env: s.env })).code).toBe(0);
    expect(team().u00001).toBeUndefined();
  });
});

describe('glossary: --plan-out, then apply', () => {
  const terms = 'en,fr\nbank,banque\nriver,rivière\nteam,équipe\n';

  it('applies exactly the planned operations, and refuses the plan once the glossary moved', async () => {
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: 'team', fr: 'équipe' } }], new Date().toISOString());
    const planPath = join(dir, 'glossary-plan.json');
    const planned = await runCli(['glossary', 'import', file(terms), '--plan-out', planPath], { env: s.env });
    expect(planned.code).toBe(0);
    expect(mutating(s.sandbox.requests)).toEqual([]);
    const shown = await runCli(['apply', '--show', planPath, '-o', 'csv'], { env: {} });
    expect(shown.stdout.trim().split('\n')).toEqual(['where,action,subject,detail', 'line 2,insert,,"en=bank, fr=banque"', 'line 3,insert,,"en=river, fr=rivière"']);
    const applied = await runCli(['apply', planPath, '--report', join(dir, 'glossary-applied.csv')], { env: s.env });
    expect(applied.code).toBe(0);
    expect(glossary().map((t) => t.en).sort()).toEqual(['bank', 'river', 'team']);
    const report = readFileSync(join(dir, 'glossary-applied.csv'), 'utf8');
    expect(report.split('\n')[0]).toBe('line,key,action,outcome,entry,status,message');
    expect(report).toContain('2,bank,insert,inserted,,204,');
    expect(report).toMatch(/4,team,none,present,ge_\w+,,already present/);

    const mark = s.sandbox.requests.length;
    const twice = await runCli(['apply', planPath], { env: s.env });
    expect(twice.code).toBe(3);
    expect(twice.stderr).toMatch(/the glossary of acme changed since the plan was made: 2 entries added/);
    expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
    expect(glossary()).toHaveLength(3);
  });
});

describe('Markdown plans and results', () => {
  const tableRows = (text: string, heading: string): string[][] => {
    const part = text.split(`#### ${heading}`)[1]?.split('####')[0] ?? '';
    return part
      .split('<details>')[0]!
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| user |') && !l.startsWith('| --- |'))
      .map((l) => l.slice(2, -2).split(/(?<!\\)\|/).map((c) => c.trim()));
  };

  it('-o markdown prints the plan as tables with the right rows; the step summary gets it too, unless turned off', async () => {
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = await runCli(['members', 'sync', '--roster', file(roster), '--dry-run', '-o', 'markdown'], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^### Plan for team t: 2 to add, 0 to remove, 1 role change, 3 unchanged, 2 not in the roster \\\(kept\\\)\n/);
    expect(tableRows(r.stdout, 'Added').map((row) => row[0])).toEqual(['u00007', 'u00008']);
    expect(tableRows(r.stdout, 'Role changes').map((row) => [row[0], row[3]])).toEqual([['`user00002@example.com`', 'member → owner']]);
    expect(r.stdout).toContain('Removed: none');
    const appended = readFileSync(summary, 'utf8');
    expect(appended.startsWith('# earlier step\n')).toBe(true);
    expect(appended).toContain(r.stdout);

    const quiet = join(dir, 'quiet-summary.md');
    writeFileSync(quiet, '');
    await runCli(['members', 'add', 'u00009', '--dry-run'], { env: { ...s.env, GITHUB_STEP_SUMMARY: quiet, TEAMCTL_NO_STEP_SUMMARY: '1' } });
    expect(readFileSync(quiet, 'utf8')).toBe('');
  });

  it('a real run appends its result to the step summary', async () => {
    const summary = join(dir, 'result-summary.md');
    const r = await runCli(['members', 'add', 'u00009', 'u00010'], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text).toMatch(/^### Result for team t: 2 added, 0 removed, 0 roles changed, 0 failed, verified/);
    expect(tableRows(text, 'Added').map((row) => [row[0], row[1]])).toEqual([
      ['`user00009@example.com`', 'added'],
      ['`user00010@example.com`', 'added'],
    ]);
    expect(team().u00009).toBe('member');
  });
});

// `teamctl apply` carries the saved plan's options and nothing else: the guards' limits and
// --force, the team named in a multi-team plan, the reviewed plan as the confirmation of
// deletions; and its own refusals say exactly what is wrong and what to do.
describe('apply: the options the plan was made with', () => {
  it('--max-removals with --force: the run warns again when it applies, and removes', async () => {
    const plan = newPlanPath();
    const made = await runCli(['members', 'sync', '--roster', file('id,role\nu00001,owner\nu00002,member\n'), '--prune', '--max-removals', '1', '--force', '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toEqual(['warning: the plan removes 4 of 6 members, more than --max-removals 1 allows (1); going ahead because of --force']);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
  });

  it('--min-owners with --force: the run warns again when it applies', async () => {
    s.sandbox.store.putTeamMember('acme', 't', 'u00002', 'owner');
    const plan = newPlanPath();
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
    const plan = newPlanPath();
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
    const plan = newPlanPath();
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
    const plan = newPlanPath();
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
    const plan = newPlanPath();
    expect((await runCli(['members', 'add', 'u00009', '--plan-out', plan], { env: s.env })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 't', 'u00010', 'member');
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('hint: make a new plan (--plan-out) and have it reviewed again');
  });

  it('a stale plan of several teams names each team that moved', async () => {
    s.sandbox.store.createTeam('acme', 'ops');
    s.sandbox.store.setTeamMembers('acme', 'ops', [{ userId: 'u00007', role: 'owner' }]);
    const plan = newPlanPath();
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
    const plan = newPlanPath();
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
    const plan = newPlanPath();
    const made = await runCli(['glossary', 'sync', file('en,fr\nbank,banque\nriver,rivière\n'), '--prune', '--max-deletions', '1', '--force', '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(warnings(applied.stderr)).toEqual(['warning: the plan deletes 2 of 3 glossary entries, more than --max-deletions 1 allows (1); going ahead because of --force']);
    expect(ens()).toEqual(['bank', 'river']);
  });

  it('a glossary plan applies once: after its change was reverted it is refused as already applied (exit 3), the glossary untouched', async () => {
    seed([{ en: 'team', fr: 'équipe' }]);
    const config = newConfigDir();
    const plan = newPlanPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\nteam,équipe\n'), '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    expect((await runCli(['apply', plan], { env: s.env, configDir: config })).code).toBe(0);
    expect(ens()).toEqual(['bank', 'team']);
    // The glossary is the plan's starting state again: `bank` deleted by someone else.
    const bank = s.sandbox.store.glossaryEntries('acme').find((e) => e.translations.en === 'bank');
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'delete', id: bank?.id ?? '' }], new Date().toISOString());
    expect(ens()).toEqual(['team']);
    const mark = s.sandbox.requests.length;
    const again = await runCli(['apply', plan], { env: s.env, configDir: config });
    expect(again.code).toBe(3);
    expect(again.stderr).toContain(`${plan} was already applied at `);
    expect(mutating(s.sandbox.requests.slice(mark))).toEqual([]);
    expect(ens()).toEqual(['team']);
  });

  it('a stale glossary plan says how to go on', async () => {
    const plan = newPlanPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\n'), '--plan-out', plan], { env: s.env })).code).toBe(0);
    seed([{ en: 'door', fr: 'porte' }]);
    const r = await runCli(['apply', plan], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('hint: make a new plan (--plan-out) and have it reviewed again');
  });

  it('shows the plan of every row it was made from: changes, unchanged rows and conflicts', async () => {
    seed([{ en: 'bank', fr: 'banque' }, { en: 'door', fr: 'porte' }, { en: 'team', fr: 'équipe' }]);
    const plan = newPlanPath();
    // One insert, one unchanged row, two conflicts (skipped).
    const made = await runCli(['glossary', 'import', file('en,fr\nriver,rivière\nbank,banque\ndoor,portail\nteam,groupe\n'), '--plan-out', plan], { env: s.env });
    expect(made.code).toBe(0);
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain('1 to insert, 0 to update, 1 unchanged, 2 conflicts (skipped)');
    expect(applied.stderr).not.toContain('has no rows to import');
    expect(ens()).toEqual(['bank', 'door', 'river', 'team']);

    // One insert and one unchanged row, no conflict.
    const small = newPlanPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\ngate,portail\n'), '--plan-out', small], { env: s.env })).code).toBe(0);
    const second = await runCli(['apply', small], { env: s.env });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('1 to insert, 0 to update, 1 unchanged, 0 conflicts');
    expect(second.stderr).not.toContain('has no rows to import');
  });

  it('warns of an earlier run\'s requests whose outcome is unknown', async () => {
    const config = newConfigDir();
    const plan = newPlanPath();
    expect((await runCli(['glossary', 'import', file('en,fr\nbank,banque\n'), '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    // An earlier run's batch whose answer was lost, and every read after it: that run cannot tell
    // whether it landed, so the journal keeps it until the glossary settles it.
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
    // The plan still applies: its insert landed, and the lost batch (never applied) did not reappear.
    expect(applied.code).toBe(0);
    expect(ens()).toEqual(['bank']);
  });
});
