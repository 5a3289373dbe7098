// `access list` and `access sync` against the sandbox (README, "Access"), checking its state and
// request log: a list → sync round trip sends nothing; each write of each resource kind; --prune
// and its guards; the caller's own admin access refused; a stale saved plan refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { parseWriteFault, writeFault } from '../../src/sandbox/write-faults.js';
import { bin, runCli, sandboxWithEnv } from './harness.js';
import { spawn } from 'node:child_process';

const open: Sandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function start(options: { creatorJoins?: boolean; writeFaults?: ReturnType<typeof parseWriteFault>[] } = {}): Promise<{ sandbox: Sandbox; env: Record<string, string>; dir: string; cli: (args: string[]) => ReturnType<typeof runCli> }> {
  const { sandbox, env } = await sandboxWithEnv({ callerRole: 'admin', ...options });
  open.push(sandbox);
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-access-'));
  return { sandbox, env, dir, cli: (args) => runCli(args, { env, cwd: dir }) };
}

const writes = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.method !== 'GET');
const grantOf = (sandbox: Sandbox, kind: 'space' | 'collection' | 'site', id: string, subject: 'teams' | 'users', who: string) => {
  const resource = sandbox.store.access.get(kind, id);
  if (resource === undefined) throw new Error(`no ${kind} ${id}`);
  return sandbox.store.access.grantOf(resource, subject, who);
};

describe('access sync against the sandbox', () => {
  it('list → sync: the file read back is no change, even with --prune --all-resources; nothing is sent', async () => {
    const { sandbox, dir, cli } = await start();
    const list = await cli(['access', 'list', '-o', 'csv']);
    expect(list.code).toBe(0);
    writeFileSync(join(dir, 'access.csv'), list.stdout);
    const before = sandbox.requests.length;
    const sync = await cli(['access', 'sync', 'access.csv', '--prune', '--all-resources', '--yes']);
    expect(sync.stderr).toContain('Access in acme: nothing to change');
    expect(sync.code).toBe(0);
    expect(writes(sandbox)).toEqual([]);
    expect(sandbox.requests.length).toBeGreaterThan(before);
    const drift = await cli(['access', 'sync', 'access.csv', '--prune', '--dry-run', '--exit-code']);
    expect(drift.code).toBe(0);
  });

  it('each write of each resource kind: team and user grants, role changes, revocations, general access', async () => {
    const { sandbox, dir, cli } = await start();
    writeFileSync(join(dir, 'access.csv'), (await cli(['access', 'list', '-o', 'csv'])).stdout);
    const text = readFileSync(join(dir, 'access.csv'), 'utf8');
    const edited = text
      // A site: a team's role changed, a general access set.
      .replace('site:Developer Docs,*,,inherit', 'site:Developer Docs,*,,read')
      .replace('site:Design Portal,Product Design,,edit', 'site:Design Portal,Product Design,,comment')
      // A collection: a team granted.
      .replace('collection:Brand,*,,inherit', 'collection:Brand,*,,inherit\ncollection:Brand,Platform Engineering,,review')
      // A space: a user's grant left out (revoked with --prune), a team's changed.
      .split('\n')
      .filter((line) => !line.startsWith('space:Component Library,,'))
      .join('\n')
      .replace('space:Onboarding,Product Design,,comment', 'space:Onboarding,Product Design,,edit');
    writeFileSync(join(dir, 'access.csv'), edited);
    const plan = await cli(['access', 'sync', 'access.csv', '--prune', '--dry-run', '--exit-code']);
    expect(plan.code).toBe(8);
    expect(writes(sandbox)).toEqual([]);
    const run = await cli(['access', 'sync', 'access.csv', '--prune', '--yes', '--json']);
    expect(run.stderr).toContain('Done:');
    expect(run.code).toBe(0);
    expect(grantOf(sandbox, 'collection', 'col-brand', 'teams', 'engineering')).toBe('review');
    expect(grantOf(sandbox, 'site', 'site-design', 'teams', 'design')).toBe('comment');
    expect(grantOf(sandbox, 'space', 'space-onboarding', 'teams', 'design')).toBe('edit');
    expect(sandbox.store.access.grants(sandbox.store.access.get('space', 'space-components')!, 'users')).toEqual([]);
    expect(sandbox.store.access.get('site', 'site-docs')?.defaultLevel).toBe('read');
    expect(writes(sandbox).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'POST /v1/collections/col-brand/permissions',
        'PATCH /v1/orgs/acme/sites/site-design/permissions/teams/design',
        'PATCH /v1/spaces/space-onboarding/permissions/teams/design',
        'PATCH /v1/orgs/acme/sites/site-docs',
        `DELETE /v1/spaces/space-components/permissions/users/${JSON.parse(run.stdout).access.find((r: { action: string }) => r.action === 'revoke').subject.slice(5)}`,
      ].sort(),
    );
    // A second run sends nothing.
    const again = writes(sandbox).length;
    expect((await cli(['access', 'sync', 'access.csv', '--prune', '--yes'])).code).toBe(0);
    expect(writes(sandbox)).toHaveLength(again);
  });

  it('without --prune a grant the file leaves out stays; --max-revocations refuses many revocations unless --force', async () => {
    const { sandbox, dir, cli } = await start();
    writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nspace:Onboarding,Platform Engineering,,comment\nspace:Onboarding,,alice.martin@example.com,admin\n');
    expect((await cli(['access', 'sync', 'access.csv', '--yes'])).code).toBe(0);
    expect(writes(sandbox)).toEqual([]);
    const refused = await cli(['access', 'sync', 'access.csv', '--prune', '--max-revocations', '0', '--yes']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('more than --max-revocations 0 allows (0)');
    expect(writes(sandbox)).toEqual([]);
    const forced = await cli(['access', 'sync', 'access.csv', '--prune', '--max-revocations', '0', '--force', '--yes']);
    expect(forced.code).toBe(0);
    expect(grantOf(sandbox, 'space', 'space-onboarding', 'teams', 'design')).toBeUndefined();
  });

  it('the caller\'s own admin access and a resource\'s last admin are never taken; nothing is sent', async () => {
    // The token's user joins the team it creates: its team's admin grant is its own path to the site.
    const { sandbox, dir, cli } = await start({ creatorJoins: true });
    expect((await cli(['teams', 'create', 'Writers'])).code).toBe(0);
    const writers = [...sandbox.store.teamIds('acme')].find((id) => sandbox.store.teamTitle('acme', id) === 'Writers') as string;
    sandbox.store.access.setGrant(sandbox.store.access.get('site', 'site-design')!, 'teams', writers, 'admin');
    const before = writes(sandbox).length;
    writeFileSync(join(dir, 'own.csv'), 'resource,team,user,role\nsite:Design Portal,Product Design,,edit\nsite:Design Portal,,alice.martin@example.com,admin\n');
    const own = await cli(['access', 'sync', 'own.csv', '--prune', '--force', '--yes']);
    expect(own.code).toBe(3);
    expect(own.stderr).toContain('the plan takes your own admin access to site "Design Portal" (site-design)');
    writeFileSync(join(dir, 'last.csv'), 'resource,team,user,role\nspace:Onboarding,Product Design,,comment\nspace:Onboarding,Platform Engineering,,comment\n');
    const last = await cli(['access', 'sync', 'last.csv', '--prune', '--force', '--yes']);
    expect(last.code).toBe(3);
    expect(last.stderr).toContain('the plan leaves space "Onboarding" (space-onboarding) without an admin');
    expect(writes(sandbox)).toHaveLength(before);
  });

  it('unknown teams, users, resources and roles: exit 2 naming the file and line, nothing sent', async () => {
    const { sandbox, dir, cli } = await start();
    writeFileSync(join(dir, 'bad.csv'), 'resource,team,user,role\nspace:Nowhere,Product Design,,read\nspace:Onboarding,Sales,,read\nspace:Onboarding,,nobody@example.com,read\nspace:Onboarding,Product Design,,owner\n');
    const bad = await cli(['access', 'sync', 'bad.csv', '--dry-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.csv:5: unknown role "owner"');
    writeFileSync(join(dir, 'names.csv'), 'resource,team,user,role\nspace:Nowhere,Product Design,,read\nspace:Onboarding,Sales,,read\nspace:Onboarding,,nobody@example.com,read\n');
    const names = await cli(['access', 'sync', 'names.csv', '--dry-run']);
    expect(names.code).toBe(2);
    expect(names.stderr).toMatch(/names\.csv:2: no space has the id or title "Nowhere"[\s\S]*names\.csv:3: no team has the id or title "Sales"[\s\S]*names\.csv:4: no member/);
    expect(writes(sandbox)).toEqual([]);
  });

  it('--plan-out then apply; a saved plan whose grant moved since is refused with nothing sent', async () => {
    const { sandbox, dir, cli } = await start();
    writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nspace:Onboarding,Product Design,,edit\n');
    expect((await cli(['access', 'sync', 'access.csv', '--plan-out', 'plan.json'])).code).toBe(0);
    expect((await cli(['access', 'sync', 'access.csv', '--plan-out', 'stale.json'])).code).toBe(0);
    expect(writes(sandbox)).toEqual([]);
    const shown = await cli(['apply', '--show', 'plan.json', '-o', 'csv']);
    expect(shown.stdout).toContain('space:space-onboarding,change-role,Product Design,comment → edit');
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code).toBe(0);
    expect(grantOf(sandbox, 'space', 'space-onboarding', 'teams', 'design')).toBe('edit');
    const count = writes(sandbox).length;
    const stale = await cli(['apply', 'stale.json', '--yes']);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('changed since the plan was made: space:space-onboarding team:design comment is now edit');
    expect(writes(sandbox)).toHaveLength(count);
  });

  it('a user grant whose answer is lost is settled by listing the resource\'s users, never sent again: one grant', async () => {
    const { sandbox, dir, cli } = await start({ writeFaults: [parseWriteFault('access-grant:lost')] });
    const user = sandbox.store.users('acme').find((u) => u.email?.toLowerCase() === 'chloe.dubois@example.com');
    writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nsite:Design Portal,,chloe.dubois@example.com,read\n');
    const run = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Done: 1 granted.');
    expect(grantOf(sandbox, 'site', 'site-design', 'users', user?.id as string)).toBe('read');
    expect(sandbox.store.access.userGrantsSent('acme', 'site', 'site-design', user?.id as string)).toBe(1);
    // A second run sends nothing.
    expect((await cli(['access', 'sync', 'access.csv', '--yes'])).code).toBe(0);
    expect(sandbox.store.access.userGrantsSent('acme', 'site', 'site-design', user?.id as string)).toBe(1);
  });

  it('kill -9 while a user grant is in flight, then a second run: the service had it, one grant, not sent again', async () => {
    const { sandbox, env, dir, cli } = await start();
    const user = sandbox.store.users('acme').find((u) => u.email?.toLowerCase() === 'chloe.dubois@example.com')?.id as string;
    writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nsite:Design Portal,,chloe.dubois@example.com,read\n');
    let open = (): void => {};
    const until = new Promise<void>((resolve) => (open = resolve));
    sandbox.intercept(writeFault({ write: 'access-grant', fault: { kind: 'hold', until } }));
    const child = spawn(process.execPath, [bin, 'access', 'sync', 'access.csv', '--yes'], { env: { PATH: process.env.PATH ?? '', HOME: dir, CI: 'true', TEAMCTL_CONFIG_DIR: dir, TEAMCTL_STATE_DIR: dir, ...env }, cwd: dir, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const posted = (): number => sandbox.requests.filter((q) => q.method === 'POST').length;
    // Bounded by the child: it sends its grant within its own start-up time.
    for (let i = 0; i < 600 && posted() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(posted()).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    open();
    for (let i = 0; i < 200_000 && grantOf(sandbox, 'site', 'site-design', 'users', user) === undefined; i++) await new Promise((r) => setImmediate(r));
    sandbox.clearIntercepts();
    const again = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to change');
    expect(grantOf(sandbox, 'site', 'site-design', 'users', user)).toBe('read');
    expect(sandbox.store.access.userGrantsSent('acme', 'site', 'site-design', user)).toBe(1);
  });
});
