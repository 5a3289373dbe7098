// `access list` (README, "Access") through main() against a routed service holding a few spaces,
// collections and sites: every format, --jq, the filters by resource, team and user, and a title
// two spaces share refused with nothing listed.
import { describe, expect, it } from 'vitest';
import { runCli } from '../e2e/harness.js';
import { readAccessState } from '../../src/access/state.js';
import { desiredAccess } from '../../src/access/desired.js';
import { parseAccessFile } from '../../src/files/access.js';
import { planAccess } from '../../src/plan/access.js';
import { routedServices, type Reply, type Sent } from '../helpers/routed-service.js';

const service = routedServices();
const team = (id: string, title: string) => ({ object: 'team', id, title, members: 1 });
const resources: Record<string, unknown[]> = {
  spaces: [
    { id: 's1', title: 'Handbook', parent: 'c1', defaultLevel: 'inherit' },
    { id: 's2', title: 'Notes', defaultLevel: null },
    { id: 's3', title: 'Notes', defaultLevel: 'read' },
  ],
  collections: [{ id: 'c1', title: 'Guides', defaultLevel: 'comment' }],
  sites: [{ id: 'w1', title: 'Docs site', defaultLevel: 'read' }],
};
const teams = [team('t1', 'Design'), team('t2', 'Ops')];
const grants: Record<string, { teams: unknown[]; users: unknown[] }> = {
  '/v1/spaces/s1': { teams: [{ permission: 'edit', team: teams[0] }], users: [{ permission: 'admin', user: { id: 'u1', displayName: 'Ann', email: 'ann@example.com' } }] },
  '/v1/collections/c1': { teams: [{ permission: 'read', team: teams[1] }], users: [] },
  '/v1/orgs/acme/sites/w1': { teams: [{ permission: null, team: teams[0] }], users: [{ permission: 'read', user: { id: 'u2', displayName: 'Bo' } }] },
};

function route({ url }: Sent): Reply {
  const path = url.split('?')[0] ?? '';
  if (path === '/v1/orgs/acme/members') return { status: 200, body: { items: [{ user: { id: 'u1', displayName: 'Ann', email: 'ann@example.com' }, role: 'admin', disabled: false }] } };
  const list = /^\/v1\/orgs\/acme\/(spaces|collections|sites|teams)$/.exec(path)?.[1];
  if (list !== undefined) return { status: 200, body: { items: list === 'teams' ? teams : resources[list] } };
  const grant = /^(.*)\/permissions\/(teams|users)$/.exec(path);
  if (grant) return { status: 200, body: { items: grants[grant[1] ?? '']?.[grant[2] as 'teams' | 'users'] ?? [] } };
  return { status: 404, body: { error: { code: 404, message: 'not found' } } };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string; sent: Sent[] }> {
  const { url, sent } = await service(route);
  const result = await runCli(['access', 'list', ...args], { env: { TEAMCTL_BASE_URL: url, TEAMCTL_TOKEN: 'tok_access_list_test', TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'Ops' } });
  return { ...result, sent };
}

describe('access list', () => {
  it('CSV: each resource\'s general access (team *) then its grants; titles when they name one resource, ids otherwise', async () => {
    const { code, stdout, sent } = await cli(['-o', 'csv']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'resource,team,user,role',
        'space:Handbook,*,,inherit',
        'space:Handbook,Design,,edit',
        'space:Handbook,,ann@example.com,admin',
        'space:s2,*,,guest',
        'space:s3,*,,read',
        'collection:Guides,*,,comment',
        'collection:Guides,Ops,,read',
        'site:Docs site,*,,read',
        'site:Docs site,Design,,guest',
        'site:Docs site,,u2,read',
        '',
      ].join('\n'),
    );
    // Nothing but reads; the team setting from the environment narrowed nothing.
    expect(sent.every((s) => s.method === 'GET')).toBe(true);
  });

  it('JSON and --jq carry the ids beside the names; TSV and Markdown the same four columns', async () => {
    const json = await cli(['--json', '--site', 'w1']);
    expect(JSON.parse(json.stdout)).toEqual([
      { resource: 'site:Docs site', team: '*', user: '', role: 'read', resourceId: 'w1', subjectId: '' },
      { resource: 'site:Docs site', team: 'Design', user: '', role: 'guest', resourceId: 'w1', subjectId: 't1' },
      { resource: 'site:Docs site', team: '', user: 'u2', role: 'read', resourceId: 'w1', subjectId: 'u2' },
    ]);
    expect((await cli(['--jq', '.[] | select(.user != "") | .user'])).stdout).toBe('ann@example.com\nu2\n');
    expect((await cli(['-o', 'tsv', '--collection', 'guides'])).stdout).toBe('resource\tteam\tuser\trole\ncollection:Guides\t*\t\tcomment\ncollection:Guides\tOps\t\tread\n');
    expect((await cli(['-o', 'markdown', '--space', 's2'])).stdout).toContain('| space:s2 | `*` |  | guest |');
  });

  it('--team and --user keep those grants only, without general access; the user by e-mail in any case or id', async () => {
    expect((await cli(['-o', 'csv', '--team', 'Design'])).stdout).toBe('resource,team,user,role\nspace:Handbook,Design,,edit\nsite:Docs site,Design,,guest\n');
    expect((await cli(['-o', 'csv', '--user', 'ANN@example.com', '--user', 'u2'])).stdout).toBe('resource,team,user,role\nspace:Handbook,,ann@example.com,admin\nsite:Docs site,,u2,read\n');
  });

  it('a title two spaces share is exit 2 naming their ids; an unknown resource or team exit 5; no grant listed', async () => {
    const shared = await cli(['--space', 'Notes']);
    expect(shared.code).toBe(2);
    expect(shared.stderr).toContain('the title "Notes" is shared by 2 spaces (s2, s3): name one by its id');
    expect(shared.sent.some((s) => s.url.includes('/permissions/'))).toBe(false);
    const unknown = await cli(['--site', 'Blog']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no site has the id or title "Blog"');
    expect((await cli(['--team', 'Sales'])).code).toBe(5);
  });

  it('reads back as the same access: its file planned against the same listings is no change, even with --prune', async () => {
    const { stdout } = await cli(['-o', 'csv']);
    const { client } = await service(route);
    const state = await readAccessState(client, 'acme', 4);
    const desired = desiredAccess(parseAccessFile(stdout, 'access.csv'), state.directory);
    const plan = planAccess({ resources: state.directory.resources, grants: state.grants, desired, prune: true, allResources: true });
    expect(plan.changes).toEqual([]);
    expect(plan.problems).toEqual([]);
    expect(plan.unchanged).toBe(state.grants.length + state.directory.resources.length);
  });
});
