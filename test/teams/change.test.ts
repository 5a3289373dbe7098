// The teams domain of the change engine, unit by unit (README, "Teams by id or title"; `teamctl
// help exit-codes`, "Exit codes", "Reports"): the plan's words, the guard on teams with members,
// the confirmation, each change sent against the sandbox and read back, the rows, the summary, the
// tally and the words of a failed or partial run. The end-to-end tests drive the same code
// through main(); these pin each sentence and number.
import type { Journal } from '../../src/journal/journal.js';
import type { HoldBackRun } from '../../src/journal/teamCreations.js';
import { heldJournal } from '../helpers/journal.js';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import type { Tally } from '../../src/engine/exit.js';
import { notSentMessage } from '../../src/engine/interrupted.js';
import { GuardError } from '../../src/errors.js';
import type { TeamChange } from '../../src/plan/teamChanges.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { listedTeams, teamsDomain, type TeamRow } from '../../src/teams/change.js';
import { fakeStreams } from '../helpers/streams.js';
import { sandboxPerTest, uid } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

/** acme (the empty seed's, with its two teams) with ten users and three teams more: eng "Engineering" (3 members), sales "Sales" (1), idle "Idle" (none). */
async function setup() {
  ({ sandbox, client } = await start());
  const store = sandbox.store;
  store.addUsers('acme', 10);
  store.createTeam('acme', 'eng', 'Engineering');
  store.setTeamMembers('acme', 'eng', [1, 2, 3].map((n, i) => ({ userId: uid(n), role: i === 0 ? ('owner' as const) : ('member' as const) })));
  store.createTeam('acme', 'sales', 'Sales');
  store.setTeamMembers('acme', 'sales', [{ userId: uid(4), role: 'owner' }]);
  store.createTeam('acme', 'idle', 'Idle');
  return { sandbox, client, store };
}

const noClient = new Proxy({}, { get: () => { throw new Error('no request expected'); } }) as ApiClient;

const create = (title: string): TeamChange => ({ action: 'create', title });
const rename = (team: string, from: string, title: string): TeamChange => ({ action: 'rename', team, from, title });
const del = (team: string, title: string, members: number): TeamChange => ({ action: 'delete', team, title, members });

function domain(changes: TeamChange[], options: { force?: boolean; confirmed?: boolean; client?: ApiClient; journal?: Journal; holdBack?: HoldBackRun } = {}) {
  return teamsDomain({
    client: options.client ?? noClient,
    baseUrl: 'https://api.example.test/v1',
    org: 'acme',
    command: 'teams delete',
    teams: [
      { id: 'eng', title: 'Engineering', members: 3 },
      { id: 'sales', title: 'Sales', members: 1 },
      { id: 'idle', title: 'Idle', members: 0 },
    ],
    changes,
    force: options.force ?? false,
    ...(options.confirmed === undefined ? {} : { confirmed: options.confirmed }),
    ...(options.journal === undefined ? {} : { journal: options.journal }),
    ...(options.holdBack === undefined ? {} : { holdBack: options.holdBack }),
  });
}

const tally = (t: Partial<Tally>): Tally => ({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, ...t });
const row = (r: Partial<TeamRow> & Pick<TeamRow, 'action' | 'outcome'>): TeamRow => ({ team: '', title: '', from: '', status: null, message: '', ...r });

/** Runs the domain: its view, and how many units the progress counted. */
async function execute(changes: TeamChange[], interruptAfter = Infinity, holdBack?: HoldBackRun) {
  let units = 0;
  let sent = 0;
  const journal = await heldJournal('https://api.example.test/v1', 'acme');
  const view = await domain(changes, { force: true, client, journal, ...(holdBack ? { holdBack } : {}) }).execute(
    { increment: (n = 1) => void (units += n), stop() {} },
    () => sent++ >= interruptAfter,
  );
  return { view, units, journal };
}

describe('the plan', () => {
  it('says nothing to change, or each change on its line under their count', async () => {
    expect(await domain([]).planText(false)).toBe('Teams of acme: nothing to change.');
    expect(domain([]).isEmpty()).toBe(true);
    expect(await domain([create('Data')]).planText(false)).toBe('Teams of acme: 1 change\n  + create team "Data"');
    expect(domain([create('Data')]).isEmpty()).toBe(false);
    expect(await domain([create('Data'), rename('eng', 'Engineering', 'Platform'), del('sales', 'Sales', 1), del('eng', 'Engineering', 3), del('idle', 'Idle', 0)]).planText(false)).toBe(
      [
        'Teams of acme: 5 changes',
        '  + create team "Data"',
        '  ~ rename team eng: "Engineering" → "Platform"',
        '  - delete team "Sales" (sales, 1 member)',
        '  - delete team "Engineering" (eng, 3 members)',
        '  - delete team "Idle" (idle, 0 members)',
      ].join('\n'),
    );
  });

  it('counts one unit and one request per change', () => {
    expect(domain([]).work()).toEqual({ label: 'teams', units: 0, requests: 0 });
    expect(domain([create('A'), del('idle', 'Idle', 0)]).work()).toEqual({ label: 'teams', units: 2, requests: 2 });
  });

  it('keeps its changes, the state of what they touch and --force in a saved plan', () => {
    const changes = [create('Data'), rename('eng', 'Engineering', 'Platform'), del('gone', 'Gone', 0)];
    const plan = domain(changes, { force: true }).planFile();
    expect(plan).toMatchObject({ kind: 'teams', command: 'teams delete', baseUrl: 'https://api.example.test/v1', organization: 'acme' });
    expect(plan.body).toEqual({ changes, state: ['absent data', 'team eng "Engineering" 3', 'team gone (gone)'], force: true });
    expect((domain([], { force: false }).planFile().body as { force: boolean }).force).toBe(false);
  });

  it('plans rows with no outcome yet: a creation has no id, a rename its former title', () => {
    const planned = domain([create('Data'), rename('eng', 'Engineering', 'Platform'), del('idle', 'Idle', 0)]).planned();
    expect(planned.rows).toEqual([
      row({ action: 'create', title: 'Data', outcome: 'planned' }),
      row({ action: 'rename', team: 'eng', title: 'Platform', from: 'Engineering', outcome: 'planned' }),
      row({ action: 'delete', team: 'idle', title: 'Idle', outcome: 'planned' }),
    ]);
    expect(planned.json).toEqual({ teams: planned.rows });
    expect(planned.doc).toEqual({
      title: 'Planned changes to the teams of acme',
      sections: [
        {
          heading: 'Teams',
          columns: ['action', 'team', 'title', 'outcome', 'message'],
          rows: [
            ['create', '', 'Data', 'planned', ''],
            ['rename', 'eng', 'Engineering → Platform', 'planned', ''],
            ['delete', 'idle', 'Idle', 'planned', ''],
          ],
        },
      ],
    });
  });

  it('reports nothing to do with no rows and nothing counted', () => {
    const d = domain([]);
    const view = d.nothingToDo();
    expect(view.rows).toEqual([]);
    expect(view.doc).toEqual({ title: 'The teams of acme: nothing to change', sections: [] });
    expect(view.json).toEqual({ teams: [] });
    expect(view.summary(undefined)).toBe('Nothing to change.');
    expect(view.tally).toEqual(tally({}));
    expect(d.nothingToDoLine).toBe('Nothing to change.');
  });

  it('writes a report line per row, an unknown status empty', () => {
    const { csv } = domain([]);
    expect(csv.header).toEqual(['action', 'team', 'title', 'from', 'outcome', 'status', 'message']);
    expect(csv.record(row({ action: 'rename', team: 'eng', title: 'B', from: 'A', outcome: 'applied', status: 200, message: 'ok' }))).toEqual(['rename', 'eng', 'B', 'A', 'applied', '200', 'ok']);
    expect(csv.record(row({ action: 'create', title: 'B', outcome: 'planned' }))).toEqual(['create', '', 'B', '', 'planned', '', '']);
  });
});

describe('deleting teams that have members', () => {
  const hint = 'pass --force to delete them with their members';

  it('is refused without --force, naming each team and its member count', () => {
    expect(domain([del('idle', 'Idle', 0), create('X')]).refusals()).toEqual([]);
    expect(domain([del('sales', 'Sales', 1), del('idle', 'Idle', 0)]).refusals()).toEqual([{ what: 'deleting a team that has members: "Sales" (1)', hint }]);
    expect(domain([del('eng', 'Engineering', 3), del('sales', 'Sales', 1)]).refusals()).toEqual([{ what: 'deleting teams that have members: "Engineering" (3), "Sales" (1)', hint }]);
    expect(domain([del('eng', 'Engineering', 3)], { force: true }).refusals()).toEqual([]);
  });
});

describe('the confirmation of deletions', () => {
  const ctx = (options: { yes?: boolean; tty?: boolean; stdin?: string } = {}) => {
    const streams = fakeStreams({ stdin: options.stdin ?? '', stderrIsTTY: options.tty ?? false, stdinIsTTY: options.tty ?? false });
    return { ctx: new Context({ streams, env: {} }, { color: false, ...(options.yes ? { yes: true } : {}) }), streams };
  };

  it('asks nothing for no deletion, for --yes or for a saved plan already reviewed', async () => {
    await expect(domain([create('A'), rename('eng', 'Engineering', 'B')]).confirm(ctx().ctx)).resolves.toBeUndefined();
    await expect(domain([del('idle', 'Idle', 0)]).confirm(ctx({ yes: true }).ctx)).resolves.toBeUndefined();
    await expect(domain([del('idle', 'Idle', 0)], { confirmed: true }).confirm(ctx().ctx)).resolves.toBeUndefined();
  });

  it('away from a terminal refuses, counting the teams', async () => {
    const one = domain([create('A'), del('idle', 'Idle', 0)]).confirm(ctx().ctx);
    await expect(one).rejects.toThrow(GuardError);
    await expect(one).rejects.toThrow(/^deleting 1 team of acme, which needs confirmation; nothing was sent$/);
    await expect(domain([del('idle', 'Idle', 0), del('sales', 'Sales', 1)], { confirmed: false }).confirm(ctx().ctx)).rejects.toThrow(/^deleting 2 teams of acme, which needs confirmation/);
  });

  it('at a terminal asks how many teams of which organization', async () => {
    const yes = ctx({ tty: true, stdin: 'y\n' });
    await domain([del('idle', 'Idle', 0), del('sales', 'Sales', 1)]).confirm(yes.ctx);
    expect(yes.streams.err()).toContain('Delete 2 teams of acme? [y/N] ');
    const no = ctx({ tty: true, stdin: 'n\n' });
    await expect(domain([del('idle', 'Idle', 0)]).confirm(no.ctx)).rejects.toThrow('not confirmed; nothing was sent');
    expect(no.streams.err()).toContain('Delete 1 team of acme? [y/N] ');
  });
});

describe('sending the changes', () => {
  it('creates, renames and deletes, each read back; a team already gone is said so', async () => {
    const { sandbox, client, store } = await setup();
    const { view, units } = await execute([create('Data'), rename('eng', 'Engineering', 'Platform'), del('sales', 'Sales', 1), del('gone', 'Gone', 0)]);
    const [made] = store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Data');
    expect(made).toBeDefined();
    expect(store.teamTitle('acme', 'eng')).toBe('Platform');
    expect(store.teamIds('acme')).not.toContain('sales');
    expect(store.teamIds('acme')).toContain('idle');
    expect(units).toBe(4);
    expect(view.rows).toEqual([
      row({ action: 'create', team: made, title: 'Data', outcome: 'applied', status: 201, message: `created as ${made}` }),
      row({ action: 'rename', team: 'eng', title: 'Platform', from: 'Engineering', outcome: 'applied', status: 200 }),
      row({ action: 'delete', team: 'sales', title: 'Sales', outcome: 'applied', status: 205 }),
      row({ action: 'delete', team: 'gone', title: 'Gone', outcome: 'applied', status: 204, message: 'already gone' }),
    ]);
    expect(view.tally).toEqual(tally({ total: 4, applied: 4 }));
    expect(view.summary(undefined)).toBe('Done: 1 created, 1 renamed, 2 deleted.');
    expect(view.json).toEqual({ teams: view.rows });
    expect(view.doc.title).toBe('Changes to the teams of acme');
    expect(view.doc.sections[0]?.rows[1]).toEqual(['rename', 'eng', 'Engineering → Platform', 'applied', '']);
    // The listing read back, all pages at once.
    expect(sandbox.requests.filter((q) => q.method === 'GET').map((q) => q.path)).toEqual(['/v1/orgs/acme/teams']);
    expect(await listedTeams(client, 'acme')).toContainEqual({ id: 'eng', title: 'Platform', members: 3 });
  });

  it('names only what was done', async () => {
    await setup();
    expect((await execute([rename('eng', 'Engineering', 'Platform')])).view.summary(undefined)).toBe('Done: 1 renamed.');
    expect((await execute([del('idle', 'Idle', 0)])).view.summary(undefined)).toBe('Done: 1 deleted.');
    expect((await execute([create('A'), create('B')])).view.summary(undefined)).toBe('Done: 2 created.');
  });

  it('a rejected change fails with its status and message; the run goes on', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' ? { kind: 'respond', status: 422, body: { error: { code: 422, message: 'title refused' } } } : undefined));
    const { view } = await execute([rename('eng', 'Engineering', 'Platform'), create('Data')]);
    const [failed, created] = view.rows;
    expect(failed).toMatchObject({ action: 'rename', team: 'eng', outcome: 'failed', status: 422 });
    expect(failed?.message).toContain('title refused');
    expect(created?.outcome).toBe('applied');
    expect(view.tally).toEqual(tally({ total: 2, applied: 1, failed: 1, firstFailure: failed?.message }));
    expect(view.summary(undefined)).toBe(`Done: 1 created, 1 failed.\n  failed: rename eng: ${failed?.message}`);
    expect(sandbox.store.teamTitle('acme', 'eng')).toBe('Engineering');
  });

  it('nothing applied says so; a failed creation is named by its title', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const { view } = await execute([create('Data')]);
    expect(view.rows[0]).toMatchObject({ team: '', outcome: 'failed', status: 400 });
    expect(view.summary(undefined)).toBe(`Done: nothing applied, 1 failed.\n  failed: create "Data": ${view.rows[0]?.message}`);
  });

  it(`lists twenty failures, then how many more and where each is`, async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const twenty = await execute(Array.from({ length: 20 }, (_, i) => create(`T${i}`)));
    const lines = twenty.view.summary(undefined).split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('Done: nothing applied, 20 failed.');
    expect(lines[20]).toMatch(/^ {2}failed: create "T19": /);
    const more = await execute(Array.from({ length: 22 }, (_, i) => create(`T${i}`)));
    const moreLines = more.view.summary(undefined).split('\n');
    expect(moreLines).toHaveLength(22);
    expect(moreLines[21]).toBe('  … and 2 more; --report <file.csv> lists each change');
    expect(more.view.summary('out.csv').split('\n')[21]).toBe('  … and 2 more; out.csv lists each change');
  });

  it('an interrupted run sends no new change and names those not sent', async () => {
    const { store } = await setup();
    const { view, units } = await execute([rename('eng', 'Engineering', 'Platform'), create('Data'), del('idle', 'Idle', 0)], 1);
    expect(units).toBe(3);
    expect(store.teamTitle('acme', 'eng')).toBe('Platform');
    expect(store.teamIds('acme')).toContain('idle');
    expect(view.rows.slice(1)).toEqual([
      row({ action: 'create', title: 'Data', outcome: 'failed', message: notSentMessage }),
      row({ action: 'delete', team: 'idle', title: 'Idle', outcome: 'failed', message: notSentMessage }),
    ]);
    expect(view.summary(undefined)).toBe(['Interrupted: 1 renamed, 2 not sent (the run was stopped)', '  not sent: create "Data"', '  not sent: delete idle'].join('\n'));
  });

  it('an interrupted run with failures counts and lists them apart from those not sent', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' ? { kind: 'respond', status: 422, body: { error: { code: 422, message: 'refused' } } } : undefined));
    const { view } = await execute([rename('eng', 'Engineering', 'Platform'), del('idle', 'Idle', 0)], 1);
    expect(view.summary('r.csv')).toBe(['Interrupted: 1 failed, 1 not sent (the run was stopped)', `  failed: rename eng: ${view.rows[0]?.message}`, '  not sent: delete idle'].join('\n'));
  });
});

describe('an answer that proves nothing, and the teams read back', () => {
  it('a creation whose answer was lost is applied when the listing shows its title, unknown when not (it may still land); never sent again', async () => {
    const { sandbox, store } = await setup();
    let puts = 0;
    sandbox.intercept((req) => (req.method === 'PUT' ? (puts++, { kind: req.body !== undefined && (req.body as { title: string }).title === 'Lost' ? 'reset' : 'applyThenReset' }) : undefined));
    const { view } = await execute([create('Made'), create('Lost')]);
    expect(puts).toBe(2);
    const [made] = store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Made');
    expect(view.rows[0]).toEqual(row({ action: 'create', team: made, title: 'Made', outcome: 'applied', status: null, message: `created as ${made} (the answer was lost; the listing shows it)` }));
    expect(view.rows[1]).toMatchObject({ action: 'create', team: '', outcome: 'unknown', status: null });
    expect(view.rows[1]?.message).toMatch(/; the listing shows no team of that title yet: outcome unknown, not sent again before the hold-back time has passed$/);
    expect(view.tally).toEqual(tally({ total: 2, applied: 1, failed: 1, unknown: 1, firstFailure: view.rows[1]?.message }));
    // Said unknown, never failed (`teamctl help reliability`).
    expect(view.summary(undefined).split('\n')).toEqual(['Done: 1 created, 1 of unknown outcome.', `  unknown: create "Lost": ${view.rows[1]?.message}`]);
    expect(store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Lost')).toEqual([]);
  });

  it('a creation is found by its title alone, not by a team of another title', async () => {
    const { sandbox, store } = await setup();
    // The answer is lost and the service made nothing; another team is titled in another case.
    store.addTeam('acme', 'data', [], new Date().toISOString());
    sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'reset' } : undefined));
    const { view } = await execute([create('Data')]);
    expect(view.rows[0]?.outcome).toBe('unknown');
  });

  it('a rename or deletion whose answer proves nothing stays unknown', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'busy' } } } : undefined));
    const { view } = await execute([rename('eng', 'Engineering', 'Platform')]);
    expect(view.rows[0]).toMatchObject({ outcome: 'unknown', status: 503 });
    expect(view.rows[0]?.message).not.toContain('listing');
    expect(view.tally).toEqual(tally({ total: 1, failed: 1, unknown: 1, firstFailure: view.rows[0]?.message }));
  });

  it('an applied change the listing contradicts fails, saying what the listing shows', async () => {
    const { sandbox, store } = await setup();
    sandbox.intercept((req) => {
      // Answered as done, but nothing is applied.
      if (req.method === 'PATCH' && req.path.endsWith('/eng')) return { kind: 'respond', status: 200, body: { id: 'eng', title: 'Platform', members: 3 } };
      if (req.method === 'PATCH') return { kind: 'respond', status: 200, body: { id: 'nope', title: 'X', members: 0 } };
      if (req.method === 'DELETE') return { kind: 'respond', status: 205 };
      if (req.method === 'PUT') return { kind: 'respond', status: 201, body: { id: 'fake', title: 'Data', members: 0 } };
      return undefined;
    });
    const { view } = await execute([rename('eng', 'Engineering', 'Platform'), rename('nope', 'Old', 'X'), del('idle', 'Idle', 0), create('Data')]);
    const differ = 'the service accepted it, but the teams read back differ';
    expect(view.rows.map((r) => [r.outcome, r.message])).toEqual([
      ['failed', `${differ} (titled "Engineering")`],
      ['failed', `${differ} (no such team)`],
      ['failed', `${differ} (the team is still there)`],
      ['failed', `${differ} (no such team)`],
    ]);
    expect(view.rows.map((r) => r.status)).toEqual([200, 200, 205, 201]);
    expect(view.tally).toEqual(tally({ total: 4, failed: 4, firstFailure: `${differ} (titled "Engineering")` }));
    expect(store.teamIds('acme')).toContain('idle');
  });

  it('a created team read back under its id and title holds; one of another id with that title does not', async () => {
    const { sandbox, store } = await setup();
    // Answered with an id the service did not give it, while a team of that title exists.
    const real = store.addTeam('acme', 'Data', [], new Date().toISOString());
    sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'respond', status: 201, body: { id: 'other', title: 'Data', members: 0 } } : undefined));
    const { view } = await execute([create('Data')]);
    expect(view.rows[0]).toMatchObject({ team: 'other', outcome: 'failed', message: 'the service accepted it, but the teams read back differ (no such team)' });
    expect(real).not.toBe('other');
  });

  it('when the teams cannot be read back, the applied changes are said unverified, the others left as they are', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => {
      if (req.method === 'GET') return { kind: 'respond', status: 404, body: { error: { code: 404, message: 'gone' } } };
      if (req.method === 'DELETE') return { kind: 'respond', status: 422, body: { error: { code: 422, message: 'refused' } } };
      return undefined;
    });
    const { view } = await execute([create('Data'), rename('eng', 'Engineering', 'Platform'), del('idle', 'Idle', 0)]);
    const [created, renamed, failed] = view.rows;
    expect(created?.message).toMatch(new RegExp(`^created as ${created?.team}; not verified: .*gone`));
    expect(renamed?.message).toMatch(/^not verified: .*gone/);
    expect(failed?.outcome).toBe('failed');
    expect(failed?.message).not.toContain('not verified');
    expect(view.tally).toEqual(tally({ total: 3, applied: 2, failed: 1, unverifiable: true, firstFailure: failed?.message }));
  });
});

describe('the words of a failed or partial run', () => {
  it('says none applied with the first failure, or see above', () => {
    const { words } = domain([]);
    expect(words.nothingApplied(tally({ total: 1, failed: 1, firstFailure: 'boom' }))).toBe('none of the 1 team change was applied: boom');
    expect(words.nothingApplied(tally({ total: 2, failed: 2 }))).toBe('none of the 2 team changes was applied: see above');
  });

  it('counts a partial run and points to the report or the listing', () => {
    const { words } = domain([]);
    expect(words.partial(tally({ total: 3, applied: 1, failed: 2 }))).toBe('2 of 3 team changes failed; 1 applied');
    expect(words.partial(tally({ total: 3, applied: 1, failed: 2, unknown: 1, unverifiable: true }))).toBe(
      '1 of 3 team changes failed; 1 of 3 team changes of unknown outcome (sent, the answer lost: the service may have applied it); the result could not be verified; 1 applied',
    );
    expect(words.hint(undefined)).toBe('list the teams with `teamctl teams list`, then run the command again for what is left');
    expect(words.hint('r.csv')).toBe('r.csv lists each change');
  });
});

describe('the journal: a creation recorded before it is sent', () => {
  it('made or refused: forgotten; of unknown outcome: kept as unknown for a later run; a rename or a delete is never recorded', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => {
      const title = (req.body as { title?: string } | undefined)?.title;
      if (req.method === 'PUT' && title === 'Refused') return { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } };
      if (req.method === 'PUT' && title === 'Lost') return { kind: 'reset' };
      return undefined;
    });
    const { view, journal } = await execute([create('Made'), create('Refused'), create('Lost'), rename('eng', 'Engineering', 'Platform'), del('idle', 'Idle', 0)]);
    expect(view.rows.map((r) => r.outcome)).toEqual(['applied', 'failed', 'unknown', 'applied', 'applied']);
    expect(journal.writes('team').map((w) => [w.title, w.outcome])).toEqual([['Lost', 'unknown']]);
  });
});

describe('a creation of unknown outcome settled before the run ends', () => {
  /** A run that settles, its clock moved on by its waits. */
  const holdBack = (): HoldBackRun & { waits: number[] } => {
    let t = Date.parse('2026-11-28T09:00:00Z');
    const waits: number[] = [];
    return { holdBackMs: 60_000, settle: true, waits, now: () => t, wait: async (ms) => void (waits.push(ms), (t += ms)) };
  };

  it('one the service never made is sent again once the listing proves it lost: applied, saying so; a rename of unknown outcome is left unknown, and no team takes its title', async () => {
    const { sandbox, store } = await setup();
    let creates = 0;
    sandbox.intercept((req) => {
      if (req.method === 'PUT' && creates++ === 0) return { kind: 'respond', status: 503, body: { error: { code: 503, message: 'unavailable' } } };
      if (req.method === 'PATCH') return { kind: 'reset' };
      return undefined;
    });
    const hold = holdBack();
    const { view, journal } = await execute([create('Ops'), rename('eng', 'Engineering', 'Platform')], Infinity, hold);
    const [ops] = store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Ops');
    expect(creates).toBe(2);
    expect(hold.waits).toEqual([60_000]);
    expect(view.rows[0]).toMatchObject({ action: 'create', team: ops, outcome: 'applied', message: `created as ${ops} (sent again once the listing after the hold-back time showed none: 2 sends)` });
    expect(view.rows[1]).toMatchObject({ action: 'rename', outcome: 'unknown' });
    expect(store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Platform')).toEqual([]);
    expect(journal.writes('team')).toEqual([]);
  });

  it('one the service made late is found by the listing after the hold-back time; one refused when sent again is failed with its words', async () => {
    const { sandbox, store } = await setup();
    const seen = new Map<string, number>();
    sandbox.intercept((req) => {
      const title = (req.body as { title?: string } | undefined)?.title ?? '';
      if (req.method !== 'PUT') return undefined;
      const n = (seen.get(title) ?? 0) + 1;
      seen.set(title, n);
      if (title === 'Late') return { kind: 'applyThenReset' };
      if (n === 1) return { kind: 'reset' };
      return { kind: 'respond', status: 400, body: { error: { code: 400, message: 'refused now' } } };
    });
    const hold = holdBack();
    const { view } = await execute([create('Late'), create('Gone')], Infinity, hold);
    const [late] = store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Late');
    // `Late` is found by the read-back already; `Gone` waits the hold-back, is proven lost, and is refused when sent again.
    expect(view.rows[0]).toMatchObject({ outcome: 'applied', team: late });
    expect(view.rows[1]).toMatchObject({ action: 'create', title: 'Gone', outcome: 'failed', status: null });
    expect(view.rows[1]?.message).toMatch(/refused now/);
    expect([...seen]).toEqual([['Late', 1], ['Gone', 2]]);
  });

  it('with --no-settle nothing is waited for or sent again: the creation stays unknown', async () => {
    const { sandbox } = await setup();
    let creates = 0;
    sandbox.intercept((req) => (req.method === 'PUT' ? (creates++, { kind: 'respond', status: 503, body: { error: { code: 503, message: 'unavailable' } } }) : undefined));
    const hold = { ...holdBack(), settle: false };
    const { view, journal } = await execute([create('Ops')], Infinity, hold);
    expect([creates, hold.waits.length, view.rows[0]?.outcome]).toEqual([1, 0, 'unknown']);
    expect(journal.writes('team').map((w) => w.outcome)).toEqual(['unknown']);
  });

  it('a creation the service refused is not settled: no wait, no second send; one sent again of unknown outcome is found by the next listing', async () => {
    const { sandbox, store } = await setup();
    const seen = new Map<string, number>();
    sandbox.intercept((req) => {
      if (req.method !== 'PUT') return undefined;
      const title = (req.body as { title?: string } | undefined)?.title ?? '';
      const n = (seen.get(title) ?? 0) + 1;
      seen.set(title, n);
      if (title === 'Refused') return { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } };
      if (n === 1) return { kind: 'reset' };
      return { kind: 'applyThenReset' };
    });
    const hold = holdBack();
    const { view } = await execute([create('Refused'), create('Twice')], Infinity, hold);
    const [twice] = store.teamIds('acme').filter((id) => store.teamTitle('acme', id) === 'Twice');
    expect([...seen]).toEqual([['Refused', 1], ['Twice', 2]]);
    expect(hold.waits).toEqual([60_000, 60_000]);
    expect(view.rows[0]).toMatchObject({ title: 'Refused', outcome: 'failed', status: 400 });
    expect(view.rows[1]).toMatchObject({ title: 'Twice', outcome: 'applied', team: twice, message: `created as ${twice} (sent again once the listing after the hold-back time showed none: 2 sends)` });
  });

  it('a creation made while the run waits is applied, saying the listing after the hold-back time shows it', async () => {
    const { sandbox, store } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'reset' } : undefined));
    const hold = holdBack();
    const made: string[] = [];
    hold.wait = async (ms) => {
      hold.waits.push(ms);
      made.push(store.addTeam('acme', 'Ops', [], new Date().toISOString()));
    };
    const { view } = await execute([create('Ops')], Infinity, hold);
    expect(view.rows[0]).toMatchObject({ outcome: 'applied', team: made[0], message: `created as ${made[0]} (the answer was lost; the listing after the hold-back time shows it)` });
  });
});
