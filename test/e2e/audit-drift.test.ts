// Drift that says who: a drift check (`--dry-run --exit-code`) of members, the glossary and access
// names the latest audit events of each drifted team, entry and resource — the actor, the time,
// the source — with one audit request per drifted object; --no-audit asks for none, and without
// audit logs the check is the same but names no one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccess } from '../../src/sandbox/demo-access.js';
import type { StoredAuditEvent } from '../../src/sandbox/audit-log.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
afterEach(async () => {
  await s.sandbox.close();
});

const dir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-drift-'));
const auditAsked = (mark: number) => s.sandbox.requests.slice(mark).filter((r) => r.path === '/v1/orgs/acme/audit-events');
let n = 0;
/** What someone else did in the app: an audit event by `email`'s user, through the UI. */
function byHand(email: string, action: string, target: StoredAuditEvent['target'], occurredAt = '2026-12-01T10:00:00.000Z'): void {
  const user = s.sandbox.store.findUser('acme', email)!;
  const id = `30000000-0000-4000-8000-${(n++).toString(16).padStart(12, '0')}`;
  s.sandbox.store.audit.record({ id, orgId: 'acme', occurredAt, action, actor: { type: 'user', id: user.id, label: user.email }, source: 'ui', target });
}

/** The engineering team's roster as it is, then a member removed by Kenji in the app. */
async function driftedTeam(options: SandboxOptions = {}): Promise<string> {
  s = await sandboxWithEnv(options);
  const members = s.sandbox.store.teamMembers('acme', 'engineering');
  const roster = join(dir(), 'roster.csv');
  writeFileSync(roster, 'email,role\n' + members.map((m) => `${s.sandbox.store.getUser('acme', m.userId)!.email},${m.role}`).join('\n') + '\n');
  const gone = members.find((m) => m.role === 'member')!;
  s.sandbox.store.removeTeamMember('acme', 'engineering', gone.userId);
  byHand('kenji.sato@example.com', 'team.member_removed', { type: 'team', id: 'engineering', label: 'Platform Engineering' });
  return roster;
}

describe('drift that says who', () => {
  it('members sync: the team drifted, Kenji removed a member in the app: named in the JSON report and on stderr, one audit request', async () => {
    const roster = await driftedTeam();
    const mark = s.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code', '--json'], { env: s.env });
    expect(r.code).toBe(8);
    const report = JSON.parse(r.stdout) as { recentChanges: { id: string; events: { actor: { id: string }; source: string; action: string; occurredAt: string }[] }[] };
    const kenji = s.sandbox.store.findUser('acme', 'kenji.sato@example.com')!.id;
    expect(report.recentChanges.map((c) => c.id)).toEqual(['engineering']);
    expect(report.recentChanges[0]!.events[0]).toMatchObject({ actor: { id: kenji }, source: 'ui', action: 'team.member_removed', occurredAt: '2026-12-01T10:00:00.000Z' });
    expect(r.stderr).toContain('team "Platform Engineering" (engineering): team.member_removed by kenji.sato@example.com (ui) at 2026-12-01T10:00:00.000Z');
    expect(auditAsked(mark).map((q) => q.query)).toEqual([{ target: 'engineering', limit: '3' }]);
    // Markdown (a pull request comment, the step summary) too.
    const md = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code', '-o', 'markdown'], { env: s.env });
    expect(md.stdout).toMatch(/Recent changes to what drifted[\s\S]*kenji\.sato@example\.com/);
  });

  it('--no-audit: the same drift check, no audit request, no names', async () => {
    const roster = await driftedTeam();
    const mark = s.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code', '--no-audit', '--json'], { env: s.env });
    expect(r.code).toBe(8);
    expect(auditAsked(mark)).toEqual([]);
    expect(r.stdout).not.toContain('recentChanges');
    expect(r.stderr).not.toContain('Recent changes');
  });

  it('without audit logs: exit 8 all the same, no names, a debug line', async () => {
    const roster = await driftedTeam({ plan: 'free' });
    const mark = s.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code', '--json', '--debug'], { env: s.env });
    expect(r.code).toBe(8);
    expect(auditAsked(mark).length).toBe(1);
    expect(r.stdout).not.toContain('recentChanges');
    expect(r.stderr).toMatch(/debug: the audit log does not say who changed what drifted/);
    const quiet = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code'], { env: s.env });
    expect(quiet.stderr).not.toMatch(/audit/);
  });

  it('glossary sync: the entry Maria changed in the app is named', async () => {
    s = await sandboxWithEnv({ seed: 'empty' });
    const entry = s.sandbox.store.addGlossaryEntry('acme', { id: 'ge_space', translations: { en: 'Space', fr: 'Espace' }, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    const file = join(dir(), 'terms.csv');
    writeFileSync(file, 'en,fr\nSpace,Espace\n');
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'update', id: entry.id, translations: { en: 'Space', fr: 'Zone' } }], '2026-12-02T09:00:00.000Z');
    byHand('maria.rossi@example.com', 'glossary.entry_updated', { type: 'glossary-entry', id: entry.id, label: 'Space' }, '2026-12-02T09:00:00.000Z');
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'sync', file, '--dry-run', '--exit-code'], { env: s.env });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('entry "Space" (ge_space): glossary.entry_updated by maria.rossi@example.com (ui) at 2026-12-02T09:00:00.000Z');
    expect(auditAsked(mark).map((q) => q.query.target)).toEqual(['ge_space']);
  });

  it('access sync: each drifted resource looked up once, the one someone changed named', async () => {
    s = await sandboxWithEnv();
    const demo = demoAccess(s.sandbox.store)!;
    const file = join(dir(), 'access.csv');
    writeFileSync(file, demo.csv);
    byHand('olivia.johnson@example.com', 'content.user_permission_updated', { type: 'space', id: 'space-api', label: 'API Reference' });
    const mark = s.sandbox.requests.length;
    const r = await runCli(['access', 'sync', file, '--dry-run', '--exit-code', '--json'], { env: s.env });
    expect(r.code).toBe(8);
    const asked = auditAsked(mark).map((q) => q.query.target);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toContain('space-api');
    const report = JSON.parse(r.stdout) as { recentChanges: { id: string; events: { actor: { label: string } }[] }[] };
    expect(report.recentChanges.find((c) => c.id === 'space-api')!.events[0]!.actor.label).toBe(s.sandbox.store.findUser('acme', 'olivia.johnson@example.com')!.email);
  });
});
