// A team's title beside its id wherever a run over several teams names a team to people (plans,
// refusals, confirmations), and `teamTitle` beside `team` in its JSON report; saved plans keep
// ids as the source of truth, each team's title beside it (README, "Teams by id or title").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
beforeEach(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-titles-'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir });
const email = (id: string): string => s.sandbox.store.getUser('acme', id)?.email as string;

describe('an organization roster: titles beside ids', () => {
  it('the plan, the refusal and the JSON report name each team by title and id; the saved plan by id, its title beside', async () => {
    const { store } = s.sandbox;
    const design = store.teamMembers('acme', 'design');
    const engineering = store.teamMembers('acme', 'engineering');
    // design loses its owners (refused: last owner); engineering is unchanged.
    const rows = [
      'team,email,role',
      ...engineering.map((m) => `engineering,${email(m.userId)},${m.role}`),
      ...design.map((m) => `design,${email(m.userId)},member`),
    ];
    writeFileSync(join(dir, 'org.csv'), rows.join('\n') + '\n');
    const r = await run(['members', 'sync', '--roster', 'org.csv', '--dry-run', '--json', '--report', 'report.csv']);
    expect(r.code).toBe(3);
    // The --report CSV: `teamTitle` right after `team`, the other columns as they were.
    const [header, ...csv] = readFileSync(join(dir, 'report.csv'), 'utf8').trimEnd().split('\n');
    expect(header).toBe('team,teamTitle,user,action,outcome,status,message');
    expect(csv.length).toBeGreaterThan(0);
    expect(csv.every((row) => row.startsWith('design,Product Design,') || row.startsWith('engineering,Platform Engineering,'))).toBe(true);
    expect(r.stderr).toContain('Plan for team "Product Design" (design) (');
    expect(r.stderr).toContain('No changes for 1 team: "Platform Engineering" (engineering)');
    expect(r.stderr).toContain('the plan would leave team "Product Design" (design) without an owner');
    // The hint's command names the team by its id, which works as typed.
    expect(r.stderr).toContain('--team design`');
    const report = JSON.parse(r.stdout) as { teams: { team: string; teamTitle: string }[] };
    expect(report.teams.map((t) => [t.team, t.teamTitle])).toEqual([
      ['engineering', 'Platform Engineering'],
      ['design', 'Product Design'],
    ]);
    expect(store.teamMembers('acme', 'design')).toEqual(design);

    // A plan that passes its guards, saved: ids only.
    const keep = [...rows.filter((row) => !row.startsWith('design,')), ...design.map((m) => `design,${email(m.userId)},${m.role}`)];
    writeFileSync(join(dir, 'org.csv'), keep.join('\n') + '\n');
    const saved = await run(['members', 'sync', '--roster', 'org.csv', '--plan-out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const body = (JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { body: { teams: { team: string; title?: string }[] } }).body;
    expect(body.teams.map((t) => [t.team, t.title])).toEqual([
      ['engineering', 'Platform Engineering'],
      ['design', 'Product Design'],
    ]);
  });

  it('an invitee placed in a team: the plan, the saved plan and apply --show name the team by title and id', async () => {
    const { store } = s.sandbox;
    const engineering = store.teamMembers('acme', 'engineering');
    const rows = ['team,email,role', ...engineering.map((m) => `engineering,${email(m.userId)},${m.role}`), 'engineering,new.hire@example.com,member'];
    writeFileSync(join(dir, 'org.csv'), rows.join('\n') + '\n');
    const placed = '✉ new.hire@example.com (read) → then "Platform Engineering" (engineering) (member)';
    const r = await run(['members', 'sync', '--roster', 'org.csv', '--invite', '--plan-out', 'plan.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(placed);
    const body = (JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { body: { invitations: { invitees: { teams: unknown[] }[] } } }).body;
    expect(body.invitations.invitees[0]?.teams).toEqual([{ team: 'engineering', role: 'member', title: 'Platform Engineering' }]);
    const shown = await run(['apply', 'plan.json', '--show']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('organization\tinvite\tnew.hire@example.com\tread; then "Platform Engineering" (engineering)');
    const applied = await run(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(store.members.invitations('acme').map((i) => i.email)).toContain('new.hire@example.com');
  });

  it("the run's result names each team changed by title and id", async () => {
    const { store } = s.sandbox;
    const engineering = store.teamMembers('acme', 'engineering');
    const newcomer = store.users('acme').find((u) => !u.disabled && !engineering.some((m) => m.userId === u.id) && !store.teamMembers('acme', 'design').some((m) => m.userId === u.id));
    const rows = ['team,email,role', ...engineering.map((m) => `engineering,${email(m.userId)},${m.role}`), `engineering,${newcomer?.email},member`];
    writeFileSync(join(dir, 'org.csv'), rows.join('\n') + '\n');
    const r = await run(['members', 'sync', '--roster', 'org.csv', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(store.teamMembers('acme', 'engineering').some((m) => m.userId === newcomer?.id)).toBe(true);
    expect(`${r.stdout}${r.stderr}`).toContain('team "Platform Engineering" (engineering):\nDone: 1 added');
  });
});

describe('one team (--team): titles beside ids', () => {
  const listings = (): number => s.sandbox.requests.filter((q) => q.method === 'GET' && q.path === '/v1/orgs/acme/teams').length;
  const writes = (): string[] => s.sandbox.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

  it('sync by id: the plan, the refusal and the JSON report name the team by title; one listing, nothing sent', async () => {
    const { store } = s.sandbox;
    const design = store.teamMembers('acme', 'design');
    writeFileSync(join(dir, 'design.csv'), ['email,role', ...design.map((m) => `${email(m.userId)},member`)].join('\n') + '\n');
    const r = await run(['members', 'sync', '--team', 'design', '--roster', 'design.csv', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('Plan for team "Product Design" (design) (');
    expect(r.stderr).toContain('team "Product Design" (design) without an owner');
    expect((JSON.parse(r.stdout) as { teamTitle?: string }).teamTitle).toBe('Product Design');
    expect(listings()).toBe(1);
    expect(writes()).toEqual([]);
    expect(store.teamMembers('acme', 'design')).toEqual(design);
  });

  it('remove by title: no listing more than the one the title needs; the confirmation names the team by title', async () => {
    const { store } = s.sandbox;
    const [owner, other] = store.teamMembers('acme', 'design').filter((m) => m.role === 'member');
    expect(other).toBeDefined();
    const r = await run(['members', 'remove', email(owner!.userId), '--team', 'Product Design', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { teamTitle?: string }).teamTitle).toBe('Product Design');
    expect(listings()).toBe(1);
    expect(writes()).toEqual(['PUT /v1/orgs/acme/teams/design/members']);
    const again = await run(['members', 'remove', email(owner!.userId), '--team', 'design']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Nothing to change: team "Product Design" (design) already matches.');
    expect(store.teamMembers('acme', 'design').some((m) => m.userId === owner!.userId)).toBe(false);

    const kept = store.teamMembers('acme', 'design').filter((m) => m.userId !== other!.userId);
    writeFileSync(join(dir, 'design.csv'), ['email,role', ...kept.map((m) => `${email(m.userId)},${m.role}`)].join('\n') + '\n');
    const pruned = await run(['members', 'sync', '--team', 'design', '--roster', 'design.csv', '--prune']);
    expect(pruned.code).toBe(3);
    expect(pruned.stderr).toMatch(/missing from the roster from team "Product Design" \(design\), which needs confirmation/);
  });

  it('a team whose listing fails still runs: the id alone', async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'no' } } } : undefined));
    const r = await run(['members', 'add', 'nobody-new@example.com', '--team', 'design', '--dry-run', '--json']);
    expect(r.stderr).toContain('Plan for team design (');
    expect(JSON.parse(r.stdout)).not.toHaveProperty('teamTitle');
    expect(writes()).toEqual([]);
  });
});

describe('a saved plan of one team: titles beside ids', () => {
  const listings = (): number => s.sandbox.requests.filter((q) => q.method === 'GET' && q.path === '/v1/orgs/acme/teams').length;
  type Plan = { body: { teams: { team: string; title?: string }[] } };

  /** A plan that removes one member of design, saved (the team named by id). */
  async function saved(): Promise<{ user: string; plan: Plan }> {
    const member = s.sandbox.store.teamMembers('acme', 'design').find((m) => m.role === 'member');
    const r = await run(['members', 'remove', email(member!.userId), '--team', 'design', '--plan-out', 'plan.json']);
    expect(r.code, r.stderr).toBe(0);
    return { user: member!.userId, plan: JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as Plan };
  }

  it('the plan records the title; apply --show prints it offline; apply lists no team', async () => {
    const { user, plan } = await saved();
    expect(plan.body.teams).toMatchObject([{ team: 'design', title: 'Product Design' }]);
    const before = s.sandbox.requests.length;
    const table = await run(['apply', '--show', 'plan.json', '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('"Product Design" (design)');
    const json = JSON.parse((await run(['apply', '--show', 'plan.json', '--json'])).stdout) as { changes: { where: string; teamTitle?: string }[] };
    expect(json.changes).toMatchObject([{ where: 'design', teamTitle: 'Product Design' }]);
    expect(s.sandbox.requests.length).toBe(before);

    const listed = listings();
    const r = await run(['apply', 'plan.json', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Plan for team "Product Design" (design) (');
    expect((JSON.parse(r.stdout) as { teamTitle?: string }).teamTitle).toBe('Product Design');
    expect(listings()).toBe(listed);
    expect(s.sandbox.store.teamMembers('acme', 'design').some((m) => m.userId === user)).toBe(false);
  });

  it('a plan without a title: apply reads it from one listing; a failed listing leaves the id alone', async () => {
    const { user, plan } = await saved();
    delete plan.body.teams[0]!.title;
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
    const table = await run(['apply', '--show', 'plan.json', '-o', 'table']);
    expect(table.stdout).not.toContain('Product Design');

    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status: 500, body: { error: { code: 500, message: 'no' } } } : undefined));
    s.sandbox.store.renameTeam('acme', 'design', 'Design Systems');
    const failed = await run(['apply', 'plan.json', '--dry-run']);
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stderr).toContain('Plan for team design (');
    s.sandbox.clearIntercepts();

    const listed = listings();
    const r = await run(['apply', 'plan.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Plan for team "Design Systems" (design) (');
    expect(listings()).toBe(listed + 1);
    expect(s.sandbox.store.teamMembers('acme', 'design').some((m) => m.userId === user)).toBe(false);
  });
});
