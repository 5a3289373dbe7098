// `teamctl audit list` and `audit actions` against the sandbox: each filter resolved to the id
// the service wants (read in the request log), every output format and --jq, newest first, and
// the one-line refusal of a plan without audit logs.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
afterEach(async () => {
  await s?.sandbox.close();
});

const listed = (mark: number) => s.sandbox.requests.slice(mark).filter((r) => r.path === '/v1/orgs/acme/audit-events');
const userId = (email: string): string => s.sandbox.store.findUser('acme', email)!.id;

describe('audit list', () => {
  it('lists every event newest first, in json as the service gives them', async () => {
    s = await sandboxWithEnv();
    const r = await runCli(['audit', 'list', '--json'], { env: s.env });
    expect(r.code).toBe(0);
    const events = JSON.parse(r.stdout) as { id: string; occurredAt: string }[];
    const stored = s.sandbox.store.audit.query('acme', {});
    expect(events.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    expect(events.map((e) => e.occurredAt)).toEqual([...events.map((e) => e.occurredAt)].sort().reverse());
  });

  it('resolves each filter to the id the service wants', async () => {
    s = await sandboxWithEnv();
    const alice = userId('alice.martin@example.com');
    const cases: [string[], Record<string, string>, number][] = [
      [['--actor', 'ALICE.MARTIN@example.com'], { actor: alice }, 3],
      [['--actor', alice], { actor: alice }, 3],
      [['--target', 'Platform Engineering'], { target: 'engineering' }, 2],
      [['--target', 'onboarding'], { target: 'space-onboarding' }, 1],
      [['--target', 'Design Portal'], { target: 'site-design' }, 1],
      [['--target', 'grace.liu@example.com'], { target: userId('grace.liu@example.com') }, 1],
      [['--action', 'member.invited'], { action: 'member.invited' }, 1],
      [['--since', '2026-03-04', '--until', '2026-03-06T11:00:00Z'], { from: '2026-03-04T00:00:00.000Z', to: '2026-03-06T11:00:00.000Z' }, 3],
    ];
    for (const [flags, query, count] of cases) {
      const mark = s.sandbox.requests.length;
      const r = await runCli(['audit', 'list', ...flags, '--json'], { env: s.env });
      expect(r.code, `${flags.join(' ')}: ${r.stderr}`).toBe(0);
      expect(listed(mark)[0]!.query).toMatchObject(query);
      expect((JSON.parse(r.stdout) as unknown[]).length, flags.join(' ')).toBe(count);
    }
  });

  it('a title two things share, or an unknown action, is exit 2 naming the candidates; nothing is listed', async () => {
    s = await sandboxWithEnv();
    s.sandbox.store.addTeam('acme', 'Onboarding', [], new Date().toISOString(), () => 't-onboarding');
    let mark = s.sandbox.requests.length;
    const ambiguous = await runCli(['audit', 'list', '--target', 'Onboarding'], { env: s.env });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('team "Onboarding" (t-onboarding), space "Onboarding" (space-onboarding)');
    expect(listed(mark)).toEqual([]);
    mark = s.sandbox.requests.length;
    const typo = await runCli(['audit', 'list', '--action', 'team.renamd'], { env: s.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean team\.renamed/);
    expect(listed(mark)).toEqual([]);
    const badDate = await runCli(['audit', 'list', '--since', 'last tuesday'], { env: s.env });
    expect(badDate.code).toBe(2);
  });

  it('every output format of the list commands, and --jq', async () => {
    s = await sandboxWithEnv();
    const ids = s.sandbox.store.audit.query('acme', { target: 'engineering' }).map((e) => e.id);
    for (const format of ['table', 'tsv', 'csv', 'markdown', 'ndjson']) {
      const r = await runCli(['audit', 'list', '--target', 'engineering', '-o', format], { env: s.env });
      expect(r.code, format).toBe(0);
      expect(r.stdout, format).toContain('Platform Engineering');
      if (format !== 'table') for (const id of ids) expect(r.stdout, format).toContain(id);
    }
    const jq = await runCli(['audit', 'list', '--target', 'engineering', '--jq', '.[].actor.id'], { env: s.env });
    expect(jq.stdout.trim().split('\n')).toEqual(['int-okta-scim', userId('alice.martin@example.com')]);
  });

  it('audit actions lists the action names', async () => {
    s = await sandboxWithEnv();
    const r = await runCli(['audit', 'actions', '-o', 'tsv'], { env: s.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^action\tlabel\n/);
    expect(r.stdout).toContain('team.members_updated\t');
  });

  it('without audit logs: one line saying so, exit 4, nothing on stdout', async () => {
    s = await sandboxWithEnv({ plan: 'free' });
    const state = join(mkdtempSync(join(tmpdir(), 'teamctl-audit-')), 'audit.state');
    for (const args of [['audit', 'list'], ['audit', 'actions'], ['audit', 'list', '--action', 'team.renamed'], ['audit', 'list', '--follow-from', state]]) {
      const r = await runCli(args, { env: s.env });
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('error: organization acme has no audit logs: its plan does not include them\n');
    }
    expect(existsSync(state)).toBe(false);
  });
});
