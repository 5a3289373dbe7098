// Teams by id or title, and `teams create|rename|delete` through the change engine (README, "Teams
// by id or title"), against the sandbox: each test checks the sandbox's teams and members.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
beforeEach(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-teams-'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const titles = (): string[] => s.sandbox.store.teamIds('acme').map((id) => s.sandbox.store.teamTitle('acme', id)).sort();
const idOf = (title: string): string | undefined => s.sandbox.store.teamIds('acme').find((id) => s.sandbox.store.teamTitle('acme', id) === title);
const writes = (mark: number): string[] => s.sandbox.requests.slice(mark).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const memberIds = (team: string): string[] => s.sandbox.store.teamMembers('acme', team).map((m) => m.userId);

describe('teams named by title', () => {
  it('--team takes a title, exact or in another case when one team has it; the id goes into the paths', async () => {
    const user = s.sandbox.store.users('acme').find((u) => !memberIds('design').includes(u.id))?.id as string;
    const mark = s.sandbox.requests.length;
    const r = await runCli(['members', 'add', user, '--team', 'product design'], { env: s.env });
    expect(r.code).toBe(0);
    expect(memberIds('design')).toContain(user);
    expect(writes(mark)).toEqual(['PUT /v1/orgs/acme/teams/design/members']);
    // Its members as listed: by title too, the same rows as by id.
    const byTitle = await runCli(['members', 'list', '--team', 'Product Design', '-o', 'tsv'], { env: s.env });
    const byId = await runCli(['members', 'list', '--team', 'design', '-o', 'tsv'], { env: s.env });
    expect(byTitle.code).toBe(0);
    expect(byTitle.stdout).toBe(byId.stdout);
  });

  it('an id wins over a title; a title two teams share is exit 2 naming their ids; an unknown name exit 5 with the closest teams', async () => {
    const store = s.sandbox.store;
    // A team titled "design" (another team's id) and two teams titled "Support".
    const decoy = store.addTeam('acme', 'design', [], new Date().toISOString());
    store.addTeam('acme', 'Support', [], new Date().toISOString());
    store.addTeam('acme', 'Support', [], new Date().toISOString());
    const listed = await runCli(['members', 'list', '--team', 'design', '--json'], { env: s.env });
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(store.teamMembers('acme', 'design').length);
    expect(store.teamMembers('acme', decoy)).toEqual([]);

    const mark = s.sandbox.requests.length;
    const shared = await runCli(['members', 'add', 'u1', '--team', 'Support'], { env: s.env });
    expect(shared.code).toBe(2);
    expect(shared.stderr).toMatch(/the title "Support" is shared by 2 teams \(\w+, \w+\): name one by its id; nothing was sent/);
    const unknown = await runCli(['members', 'add', 'u1', '--team', 'Platform Enginering'], { env: s.env });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no team of organization acme has the id or title "Platform Enginering"; nothing was sent');
    expect(unknown.stderr).toContain('hint: did you mean "Platform Engineering" (engineering)?');
    // No operation in use lists organizations: an unknown one is named, with where to check it.
    const org = await runCli(['members', 'add', 'u1', '--team', 'engineering'], { env: { ...s.env, TEAMCTL_ORG: 'acmee' } });
    expect(org.code).toBe(5);
    expect(org.stderr).toContain('hint: check the organization id "acmee" (--org, TEAMCTL_ORG or the config key org; `teamctl auth status` shows the one in use and where it comes from)');
    expect(writes(mark)).toEqual([]);
  });

  it('an organization roster names its teams by title or id; rows for one team under both are that team', async () => {
    const store = s.sandbox.store;
    const [a, b] = store.users('acme').filter((u) => !memberIds('design').includes(u.id) && !memberIds('engineering').includes(u.id));
    const roster = join(dir, 'org.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(roster, `team,id\nProduct Design,${a?.id}\nplatform engineering,${b?.id}\n`);
    const r = await runCli(['members', 'sync', '--roster', roster, '--yes'], { env: s.env });
    expect(r.code).toBe(0);
    expect(memberIds('design')).toContain(a?.id);
    expect(memberIds('engineering')).toContain(b?.id);
    writeFileSync(roster, `team,id\nNo Such Team,${a?.id}\n`);
    const unknown = await runCli(['members', 'sync', '--roster', roster], { env: s.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/org\.csv:2: team "No Such Team": no team of organization acme has the id or title "No Such Team"; --create-teams creates it \(line 2\)/);
  });
});

describe('teams create, rename and delete', () => {
  it('creates a team once: the same title again is exit 2 with nothing sent; a dry run sends nothing', async () => {
    const dry = await runCli(['teams', 'create', 'Data Platform', '--dry-run'], { env: s.env });
    expect(dry.code).toBe(0);
    expect(titles()).not.toContain('Data Platform');
    const r = await runCli(['teams', 'create', 'Data Platform', 'Site Reliability', 'data platform'], { env: s.env });
    expect(r.code).toBe(0);
    expect(titles()).toEqual(['Data Platform', 'Platform Engineering', 'Product Design', 'Site Reliability']);
    const mark = s.sandbox.requests.length;
    const again = await runCli(['teams', 'create', 'DATA PLATFORM'], { env: s.env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`a team titled "Data Platform" exists already (${idOf('Data Platform')})`);
    expect(writes(mark)).toEqual([]);
    const long = await runCli(['teams', 'create', 'x'.repeat(65)], { env: s.env });
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('a title has at most 64 characters, this one 65');
  });

  it('a creation whose answer was lost is settled by listing the teams, never sent again', async () => {
    let puts = 0;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || req.path !== '/v1/orgs/acme/teams') return undefined;
      puts++;
      return { kind: 'applyThenReset' };
    });
    const r = await runCli(['teams', 'create', 'Data Platform'], { env: s.env });
    expect(puts).toBe(1);
    expect(titles().filter((t) => t === 'Data Platform')).toHaveLength(1);
    expect(r.code).toBe(0);
    // Dropped before processing: nothing made, and still not sent again.
    s.sandbox.clearIntercepts();
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? (puts++, { kind: 'reset' }) : undefined));
    const lost = await runCli(['teams', 'create', 'Site Reliability', '--no-settle'], { env: s.env });
    // A reset may come after the service processed it: unknown (exit 6), never sent again on a guess.
    expect(lost.code).toBe(6);
    expect(puts).toBe(2);
    expect(titles()).not.toContain('Site Reliability');
  });

  it('a change the teams cannot be read back for is applied but not verified: exit 6, the report says so', async () => {
    let lists = 0;
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/teams' && ++lists > 1 ? { kind: 'respond', status: 404, body: { error: { code: 404, message: 'gone' } } } : undefined));
    const report = join(dir, 'rename.csv');
    const r = await runCli(['teams', 'rename', 'design', 'Design Systems', '--report', report], { env: s.env });
    expect(s.sandbox.store.teamTitle('acme', 'design')).toBe('Design Systems');
    expect(r.code).toBe(6);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(report, 'utf8')).toMatch(/^rename,design,Design Systems,Product Design,applied,200,not verified: /m);
  });

  it('renames a team named by id or title; a title another team has is exit 2; the same title sends nothing', async () => {
    expect((await runCli(['teams', 'rename', 'Product Design', 'Design Systems'], { env: s.env })).code).toBe(0);
    expect(s.sandbox.store.teamTitle('acme', 'design')).toBe('Design Systems');
    const mark = s.sandbox.requests.length;
    const taken = await runCli(['teams', 'rename', 'design', 'platform engineering'], { env: s.env });
    expect(taken.code).toBe(2);
    expect((await runCli(['teams', 'rename', 'design', 'Design Systems'], { env: s.env })).code).toBe(0);
    expect(writes(mark)).toEqual([]);
  });

  it('deletes: a team with members needs --force, and confirmation (--yes away from a terminal); an unknown team is exit 5 with nothing sent', async () => {
    const mark = s.sandbox.requests.length;
    const populated = await runCli(['teams', 'delete', 'Product Design', '--yes'], { env: s.env });
    expect(populated.code).toBe(3);
    expect(populated.stderr).toMatch(/deleting a team that has members: "Product Design" \(\d+\); nothing was sent/);
    const unconfirmed = await runCli(['teams', 'delete', 'design', '--force'], { env: s.env });
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.stderr).toContain('deleting 1 team of acme, which needs confirmation; nothing was sent');
    const unknown = await runCli(['teams', 'delete', 'design', 'ghost', '--force', '--yes'], { env: s.env });
    expect(unknown.code).toBe(5);
    expect(writes(mark)).toEqual([]);
    expect(s.sandbox.store.teamIds('acme')).toContain('design');
    const r = await runCli(['teams', 'delete', 'Product Design', '--force', '--yes'], { env: s.env });
    expect(r.code).toBe(0);
    expect(s.sandbox.store.teamIds('acme')).toEqual(['engineering']);
  });

  it('every name that is wrong is said at once, with the closest teams, each once, never one the command names', async () => {
    const mark = s.sandbox.requests.length;
    const two = await runCli(['teams', 'delete', 'Platform Enginering', 'Product Desig', '--force', '--yes'], { env: s.env });
    expect(two.code).toBe(5);
    expect(two.stderr).toBe(
      'error: no team has the id or title "Platform Enginering"; no team has the id or title "Product Desig" (organization acme); nothing was sent\n' +
        'hint: did you mean "Platform Engineering" (engineering) or "Product Design" (design)? (`teamctl teams list`)\n',
    );
    const same = await runCli(['teams', 'delete', 'Platform Enginering', 'Platform Engineerin', '--force', '--yes'], { env: s.env });
    expect(same.stderr).toContain('hint: did you mean "Platform Engineering" (engineering)? (`teamctl teams list`)\n');
    // The closest team is one the command names already: no suggestion, the list instead.
    const named = await runCli(['teams', 'delete', 'enginering', 'engineering', '--force', '--yes'], { env: s.env });
    expect(named.code).toBe(5);
    expect(named.stderr).toBe('error: no team has the id or title "enginering" (organization acme); nothing was sent\nhint: list the teams and their ids with `teamctl teams list`\n');
    const far = await runCli(['teams', 'rename', 'zzzzqqq', 'X', '--yes'], { env: s.env });
    expect(far.code).toBe(5);
    expect(far.stderr).toContain('hint: list the teams and their ids with `teamctl teams list`\n');
    const taken = await runCli(['teams', 'create', 'Product Design', 'Platform Engineering', '--yes'], { env: s.env });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toBe(
      'error: a team titled "Product Design" exists already (design); a team titled "Platform Engineering" exists already (engineering) (organization acme); nothing was sent\n' +
        'hint: list the teams and their ids with `teamctl teams list`\n',
    );
    expect(writes(mark)).toEqual([]);
    expect(titles()).toEqual(['Platform Engineering', 'Product Design']);
  });

  it('a saved plan applies once and is refused when a team it touches moved', async () => {
    const plan = join(dir, 'teams.json');
    expect((await runCli(['teams', 'rename', 'design', 'Design Systems', '--plan-out', plan], { env: s.env })).code).toBe(0);
    expect(s.sandbox.store.teamTitle('acme', 'design')).toBe('Product Design');
    const shown = await runCli(['apply', '--show', plan, '-o', 'tsv'], { env: s.env });
    expect(shown.stdout).toBe('where\taction\tsubject\tdetail\ndesign\trename\tDesign Systems\tfrom Product Design\n');
    const configDir = mkdtempSync(join(tmpdir(), 'teamctl-cfg-'));
    expect((await runCli(['apply', plan], { env: s.env, configDir })).code).toBe(0);
    expect(s.sandbox.store.teamTitle('acme', 'design')).toBe('Design Systems');
    s.sandbox.store.renameTeam('acme', 'design', 'Product Design');
    const twice = await runCli(['apply', plan], { env: s.env, configDir });
    expect(twice.code).toBe(3);
    expect(s.sandbox.store.teamTitle('acme', 'design')).toBe('Product Design');

    const stale = join(dir, 'stale.json');
    expect((await runCli(['teams', 'delete', 'design', '--force', '--plan-out', stale], { env: s.env })).code).toBe(0);
    s.sandbox.store.renameTeam('acme', 'design', 'Renamed Meanwhile');
    const refused = await runCli(['apply', stale], { env: s.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the teams of acme changed since the plan was made');
    expect(refused.stderr).toContain('hint: make a new plan (--plan-out) and have it reviewed again');
    expect(s.sandbox.store.teamIds('acme')).toContain('design');
    // A reviewed delete plan is its own confirmation: applied without --yes away from a terminal.
    const reviewed = join(dir, 'reviewed.json');
    expect((await runCli(['teams', 'delete', 'design', '--force', '--plan-out', reviewed], { env: s.env })).code).toBe(0);
    const applied = await runCli(['apply', reviewed], { env: s.env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(s.sandbox.store.teamIds('acme')).not.toContain('design');
  });
});
