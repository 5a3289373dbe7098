// Teams named by id or title, read from the sandbox (README, "Teams by id or title"): a name tried
// as an id first, then matched by title against every team listed; a shared title and an unknown
// name refused with nothing sent, in their exact words; the pages of the team a name means.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { NotFoundError, UsageError } from '../../src/errors.js';
import { allTeams, namedTeamPages, pickTeam, teamProblem, withTeam } from '../../src/members/teamRef.js';
import * as matching from '../../src/plan/teams.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { sandboxPerTest } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

/** The empty seed's acme (design "Product Design", engineering "Platform Engineering") and three teams more. */
async function setup() {
  ({ sandbox, client } = await start());
  const store = sandbox.store;
  store.createTeam('acme', 'sup1', 'Support');
  store.createTeam('acme', 'sup2', 'support');
  store.createTeam('acme', 'ops', 'Operations');
  return { sandbox, client };
}

const teams = [
  { id: 'engineering', title: 'Platform Engineering' },
  { id: 'design', title: 'Product Design' },
  { id: 's1', title: 'Sales' },
  { id: 's2', title: 'Sales' },
  { id: 'ops', title: 'ops' },
];

describe('teamProblem', () => {
  it('finds no problem with a name that means one team', () => {
    expect(teamProblem('design', teams, 'acme', matching)).toBeUndefined();
    expect(teamProblem('platform engineering', teams, 'acme', matching)).toBeUndefined();
  });

  it('names the teams that share a title, by their ids, with no hint', () => {
    expect(teamProblem('sales', teams, 'acme', matching)).toEqual({ kind: 'shared', message: 'the title "sales" is shared by 2 teams (s1, s2): name one by its id' });
  });

  it('suggests the closest teams for an unknown name, or says how to list them', () => {
    const listing = '(`teamctl teams list` lists every team)';
    expect(teamProblem('Product Desing', teams, 'acme', matching)).toEqual({
      kind: 'unknown',
      message: 'no team of organization acme has the id or title "Product Desing"',
      hint: `did you mean "Product Design" (design)? ${listing}`,
    });
    expect(teamProblem('Sale', teams, 'acme', matching)?.hint).toBe(`did you mean "Sales" (s1) or "Sales" (s2)? ${listing}`);
    expect(teamProblem('opx', teams, 'acme', matching)?.hint).toBe(`did you mean "ops"? ${listing}`);
    expect(teamProblem('marketing', teams, 'lab', matching)).toEqual({
      kind: 'unknown',
      message: 'no team of organization lab has the id or title "marketing"',
      hint: 'list the teams and their ids with `teamctl teams list`',
    });
  });
});

describe('pickTeam', () => {
  it('gives the team a name means', () => {
    expect(pickTeam('PRODUCT DESIGN', teams, 'acme', matching)).toEqual({ id: 'design', title: 'Product Design' });
  });

  it('refuses a shared title as a usage error (exit 2) with no hint', () => {
    const err = (() => {
      try {
        pickTeam('Sales', teams, 'acme', matching);
      } catch (e) {
        return e;
      }
    })() as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe('the title "Sales" is shared by 2 teams (s1, s2): name one by its id; nothing was sent');
    expect(err.hint).toBeUndefined();
    expect(err.status).toBeUndefined();
  });

  it('refuses an unknown name as not found (exit 5, 404) with its hint', () => {
    const err = (() => {
      try {
        pickTeam('Sale', teams, 'acme', matching);
      } catch (e) {
        return e;
      }
    })() as NotFoundError;
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe('no team of organization acme has the id or title "Sale"; nothing was sent');
    expect(err.hint).toBe('did you mean "Sales" (s1) or "Sales" (s2)? (`teamctl teams list` lists every team)');
    expect(err.status).toBe(404);
  });
});

describe('allTeams', () => {
  it('lists every team of the organization, id and title', async () => {
    const { client } = await setup();
    expect((await allTeams(client, 'acme')).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'design', title: 'Product Design' },
      { id: 'engineering', title: 'Platform Engineering' },
      { id: 'ops', title: 'Operations' },
      { id: 'sup1', title: 'Support' },
      { id: 'sup2', title: 'support' },
    ]);
  });
});

describe('withTeam', () => {
  /** A `use` that asks for the team's members: a 404 for an id the service does not know. */
  const members = (c: ApiClient, calls: string[]) => async (id: string) => {
    calls.push(id);
    await c.request('GET', `/orgs/acme/teams/${encodeURIComponent(id)}/members`);
    return `${id}: found`;
  };
  const listings = (s: Sandbox) => s.requests.filter((q) => q.path === '/v1/orgs/acme/teams').length;

  it('uses an id as it is, listing nothing', async () => {
    const { sandbox, client } = await setup();
    const calls: string[] = [];
    expect(await withTeam(client, 'acme', 'ops', members(client, calls))).toBe('ops: found');
    expect(calls).toEqual(['ops']);
    expect(listings(sandbox)).toBe(0);
  });

  it('after a 404, lists the teams and uses the id of the title; a name that cannot be an id is not tried as one', async () => {
    const { sandbox, client } = await setup();
    const calls: string[] = [];
    expect(await withTeam(client, 'acme', 'operations', members(client, calls))).toBe('ops: found');
    expect(calls).toEqual(['operations', 'ops']);
    expect(listings(sandbox)).toBe(1);
    sandbox.store.createTeam('acme', 'qa', 'R/D');
    const slash: string[] = [];
    expect(await withTeam(client, 'acme', 'r/d', members(client, slash))).toBe('qa: found');
    expect(slash).toEqual(['qa']);
  });

  it('a name that is no team, or a shared title, is refused after the listing', async () => {
    const { client } = await setup();
    const calls: string[] = [];
    await expect(withTeam(client, 'acme', 'Operation', members(client, calls))).rejects.toThrow('no team of organization acme has the id or title "Operation"; nothing was sent');
    await expect(withTeam(client, 'acme', 'SUPPORT', members(client, calls))).rejects.toThrow(UsageError);
    expect(calls).toEqual(['Operation', 'SUPPORT']);
  });

  it("a team listed under the id that was not found as it: the service's own 404", async () => {
    const { sandbox, client } = await setup();
    sandbox.intercept((req) => (req.path === '/v1/orgs/acme/teams/ops/members' ? { kind: 'respond', status: 404, body: { error: { code: 404, message: 'hidden from you' } } } : undefined));
    const calls: string[] = [];
    const failure = withTeam(client, 'acme', 'ops', members(client, calls));
    await expect(failure).rejects.toThrow(NotFoundError);
    await expect(failure).rejects.toThrow('hidden from you');
    expect(calls).toEqual(['ops']);
    expect(listings(sandbox)).toBe(1);
  });

  it('any other failure stops it as it is, listing nothing', async () => {
    const { sandbox, client } = await setup();
    const boom = new UsageError('refused');
    await expect(withTeam(client, 'acme', 'ops', () => Promise.reject(boom))).rejects.toBe(boom);
    expect(listings(sandbox)).toBe(0);
  });
});

describe('namedTeamPages', () => {
  async function* pages(id: string, calls: string[]): AsyncGenerator<string[]> {
    calls.push(id);
    if (id !== 'ops') throw new NotFoundError(`no team ${id}`);
    yield ['a', 'b'];
    yield ['c'];
  }

  it('yields every page with the id of the team, tried as an id first', async () => {
    const { client, sandbox } = await setup();
    const calls: string[] = [];
    const got: unknown[] = [];
    for await (const page of namedTeamPages(client, 'acme', 'ops', (id) => pages(id, calls))) got.push(page);
    expect(got).toEqual([
      { teamId: 'ops', items: ['a', 'b'] },
      { teamId: 'ops', items: ['c'] },
    ]);
    expect(calls).toEqual(['ops']);
    expect(sandbox.requests).toEqual([]);
  });

  it('by title: the pages of the team found', async () => {
    const { client } = await setup();
    const calls: string[] = [];
    const got: unknown[] = [];
    for await (const page of namedTeamPages(client, 'acme', 'OPERATIONS', (id) => pages(id, calls))) got.push(page);
    expect(got).toEqual([
      { teamId: 'ops', items: ['a', 'b'] },
      { teamId: 'ops', items: ['c'] },
    ]);
    expect(calls).toEqual(['OPERATIONS', 'ops']);
  });

  it('a team with no page yields nothing', async () => {
    const { client } = await setup();
    const got: unknown[] = [];
    for await (const page of namedTeamPages(client, 'acme', 'ops', async function* () {})) got.push(page);
    expect(got).toEqual([]);
  });
});
