// members sync, end to end: the built CLI against the sandbox; the sandbox's state and request
// log are the reference, not the CLI's words.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import type { MembersReport } from '../../src/members/report.js';
import type { RequestLogEntry, SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-sync-'));
let fileCount = 0;
function file(text: string, name = `f${++fileCount}.csv`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A sandbox whose team `t` has members u00001…u{count} with the given roles, and `extra` more users in the organization. */
async function teamOf(roles: TeamMemberRole[], extra: number, options: SandboxOptions = {}): Promise<SandboxEnv> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  s.sandbox.store.addUsers('acme', roles.length + extra);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', roles.map((role, i) => ({ userId: uid(i + 1), role })));
  s.env.TEAMCTL_TEAM = 't';
  return s;
}

const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
const mail = (n: number): string => `user${String(n).padStart(5, '0')}@example.com`;
const team = (): Record<string, TeamMemberRole> => Object.fromEntries(s!.sandbox.store.teamMembers('acme', 't').map((m) => [m.userId, m.role]));
const changes = (from = 0): RequestLogEntry[] => s!.sandbox.requests.slice(from).filter((r) => r.method !== 'GET');
const singlePut = (r: RequestLogEntry): string | undefined => (r.method === 'PUT' ? /\/members\/([^/]+)$/.exec(r.path)?.[1] : undefined);
const bulk = (r: RequestLogEntry): { add?: string[]; remove?: string[] } | undefined =>
  r.method === 'PUT' && r.path.endsWith('/members') ? (r.body as { add?: string[]; remove?: string[] }) : undefined;

describe('members sync --roster', () => {
  it('takes a 300-member team to a 320-user roster exactly, roles changed in place, with a drift check before and after', async () => {
    // 300 members, every 10th an owner; 100 more users in the organization.
    const roles = Array.from({ length: 300 }, (_, i): TeamMemberRole => (i % 10 === 0 ? 'owner' : 'member'));
    await teamOf(roles, 100);
    // The roster: members 1–280 stay (20 leave), 301–340 join; some owners become members and
    // some members owners. An HR export: extra columns, quoted commas, e-mails in mixed case.
    const wanted = new Map<string, TeamMemberRole>();
    const lines = ['Employee ID;Name;E-Mail Verified;EMAIL;Department;ROLE'];
    for (let n = 1; n <= 340; n++) {
      if (n > 280 && n <= 300) continue;
      const current = n <= 300 ? roles[n - 1] : undefined;
      let role: TeamMemberRole = current ?? (n % 5 === 0 ? 'owner' : 'member');
      if (current === 'owner' && n % 20 === 11) role = 'member';
      if (current === 'member' && n % 7 === 3) role = 'owner';
      wanted.set(uid(n), role);
      const address = n % 3 === 0 ? mail(n).toUpperCase() : n % 3 === 1 ? `  ${mail(n).replace('user', 'User')} ` : mail(n);
      const roleCell = role === 'member' && n % 2 === 0 ? '' : n % 4 === 0 ? role.toUpperCase() : role;
      lines.push(`${1000 + n};"Person ${n}, Jr.";yes;${address};"R&D; Platform";${roleCell}`);
    }
    const roster = file(lines.join('\r\n') + '\r\n');
    const roleChanges = [...wanted].filter(([id, role]) => Number(id.slice(1)) <= 300 && roles[Number(id.slice(1)) - 1] !== role);
    expect(roleChanges.length).toBeGreaterThan(30);

    // 1. The drift check: pending changes → 8, nothing sent.
    const drift = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code'], { env: s!.env });
    expect(drift.code, drift.stderr).toBe(8);
    expect(changes()).toEqual([]);
    const newOwnerCount = [...wanted].filter(([id, role]) => Number(id.slice(1)) > 300 && role === 'owner').length;
    expect(drift.stderr).toContain(
      `40 to add (${newOwnerCount} as owner: a role request each after the bulk add), 20 to remove, ${roleChanges.length} role changes, ${280 - roleChanges.length} unchanged, 0 not a member`,
    );
    expect(drift.stderr).toMatch(/^ {2}\+ User00301@example\.com \(member\)$/m);
    expect(drift.stderr).toMatch(/^ {2}- user00281@example\.com \(owner, not in the roster\)$/m);
    expect(drift.stderr).toMatch(/^ {2}~ user00011@example\.com: owner → member$/m);

    // 2. Apply.
    const reportFile = join(dir, 'sync-report.csv');
    const before = s!.sandbox.requests.length;
    const applied = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', '--json', '--report', reportFile], { env: s!.env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(team()).toEqual(Object.fromEntries(wanted));

    const sent = changes(before);
    // Role changes in place: single-user PUTs only for members whose role changes, and nobody
    // who stays is ever removed.
    const staying = new Set(wanted.keys());
    const removedIds = sent.flatMap((r) => bulk(r)?.remove ?? []);
    expect(removedIds.sort()).toEqual(Array.from({ length: 20 }, (_, i) => uid(281 + i)));
    expect(removedIds.some((id) => staying.has(id))).toBe(false);
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    const newOwners = [...wanted].filter(([id, role]) => Number(id.slice(1)) > 300 && role === 'owner').map(([id]) => id);
    expect(sent.flatMap((r) => singlePut(r) ?? []).sort()).toEqual([...roleChanges.map(([id]) => id), ...newOwners].sort());
    // One bulk add of the 40 newcomers (batch size 100), one bulk removal, removals last.
    expect(sent.filter((r) => bulk(r)?.add).map((r) => bulk(r)?.add?.length)).toEqual([40]);
    expect(sent.at(-1)?.body).toEqual({ remove: expect.any(Array) });
    // Every promotion is sent before the first demotion.
    const roleOf = (r: RequestLogEntry) => (singlePut(r) ? (r.body as { role: TeamMemberRole }).role : undefined);
    const lastPromotion = sent.map(roleOf).lastIndexOf('owner');
    const firstDemotion = sent.map(roleOf).indexOf('member');
    expect(lastPromotion).toBeLessThan(firstDemotion);

    const report = JSON.parse(applied.stdout) as MembersReport;
    expect(report.dryRun).toBe(false);
    expect(report.verified).toBe(true);
    expect(report.failed).toEqual([]);
    expect(report.added).toHaveLength(40);
    expect(report.added[0]).toEqual({ id: 'u00301', email: 'user00301@example.com' });
    expect(report.removed).toHaveLength(20);
    expect(report.roleChanged).toHaveLength(roleChanges.length);
    expect(report.unchanged).toBe(280 - roleChanges.length);
    expect(report.notMember).toEqual([]);

    // The CSV artefact: one row per user named or touched.
    const rows = parse(readFileSync(reportFile, 'utf8')) as string[][];
    expect(rows[0]).toEqual(['user', 'action', 'outcome', 'status', 'message']);
    expect(rows).toHaveLength(1 + 320 + 20);
    const outcomes = rows.slice(1).reduce<Record<string, number>>((acc, r) => ({ ...acc, [r[2] as string]: (acc[r[2] as string] ?? 0) + 1 }), {});
    expect(outcomes).toEqual({ added: 40, removed: 20, 'role-changed': roleChanges.length, unchanged: 280 - roleChanges.length });
    expect(rows).toContainEqual(["user00282@example.com", "remove", "removed", "204", "not in the roster"]);
    expect(rows).toContainEqual(['user00011@example.com', 'role', 'role-changed', '204', 'owner → member']);

    // 3. In sync now: the drift check exits 0.
    const again = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code'], { env: s!.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to change');
  }, 20_000);

  it('refuses a plan removing more than 25% of the members (exit 3, nothing sent); a higher --max-removals lets it through', async () => {
    await teamOf(Array.from({ length: 20 }, (): TeamMemberRole => 'member'), 0);
    const roster = file(['email', ...Array.from({ length: 14 }, (_, i) => mail(i + 1))].join('\n'));
    // 6 of 20 leave: over 25% (5).
    const refused = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes'], { env: s!.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('error: the plan removes 6 of 20 members, more than --max-removals 25% allows (5); nothing was sent');
    expect(changes()).toEqual([]);
    expect(Object.keys(team())).toHaveLength(20);
    // The dry run predicts the refusal too, and still writes its report.
    const dryReport = join(dir, 'refused-dry-run.csv');
    const dry = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code', '--report', dryReport], { env: s!.env });
    expect(dry.code).toBe(3);
    const rows = parse(readFileSync(dryReport, 'utf8')) as string[][];
    expect(rows.filter((r) => r[2] === 'planned')).toHaveLength(6);
    expect(rows.filter((r) => r[2] === 'unchanged')).toHaveLength(14);
    expect(changes()).toEqual([]);
    const allowed = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', '--max-removals', '6'], { env: s!.env });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(Object.keys(team())).toHaveLength(14);
  }, 20_000);

  it('guards at their limits: --max-removals n passes and n-1 refuses (count and percentage); --min-owners n passes and n+1 refuses', async () => {
    await teamOf(['owner', 'owner', 'owner', ...Array.from({ length: 17 }, (): TeamMemberRole => 'member')], 0);
    // 4 of 20 leave (user17-20): 20% of 20 is 4.
    const roster = file(['email,role', ...[1, 2, 3].map((n) => `${mail(n)},owner`), ...Array.from({ length: 13 }, (_, i) => `${mail(i + 4)},member`)].join('\n'));
    for (const [limit, code] of [['4', 0], ['3', 3], ['20%', 0], ['19%', 3], ['15%', 3]] as const) {
      const r = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--max-removals', limit], { env: s!.env });
      expect({ limit, code: r.code }).toEqual({ limit, code });
    }
    // Demoting owner 3 leaves 2 owners: --min-owners 2 passes, 3 refuses.
    const demote = file(['email,role', ...[1, 2].map((n) => `${mail(n)},owner`), `${mail(3)},member`, ...Array.from({ length: 17 }, (_, i) => `${mail(i + 4)},member`)].join('\n'));
    for (const [min, code] of [['2', 0], ['3', 3]] as const) {
      const r = await runCli(['members', 'sync', '--roster', demote, '--dry-run', '--min-owners', min], { env: s!.env });
      expect({ min, code: r.code }).toEqual({ min, code });
    }
    expect(changes()).toEqual([]);
    expect(Object.keys(team())).toHaveLength(20);
  });

  it('applies an over-limit plan with --force', async () => {
    await teamOf(['owner', 'member', 'member', 'member'], 0);
    const roster = file(`email,role\n${mail(1)},owner\n${mail(2)},member\n`);
    const forced = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', '--force'], { env: s!.env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('going ahead because of --force');
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
  });

  it('keeps every role when the roster has no role column (an HR export with only e-mails)', async () => {
    await teamOf(['owner', 'owner', 'member', 'member'], 2);
    const roster = file(`Name,Email,Department\n"Ada, L",${mail(1)},R&D\nB,${mail(2).toUpperCase()},R&D\nC,${mail(3)},Ops\nD,${mail(5)},Ops\n`);
    const dry = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code'], { env: s!.env });
    expect(dry.code, dry.stderr).toBe(8);
    expect(dry.stderr).toContain('has no "role" column: members keep their roles, new members are added as member.');
    // The fourth member is left out of the roster: kept, and said so.
    expect(dry.stderr).toContain('1 to add, 0 to remove, 0 role changes, 3 unchanged, 1 not in the roster (kept), 0 not a member');
    expect(dry.stderr).toContain(`Not in the roster (kept; --prune removes them):\n  ${mail(4)}\n`);
    const r = await runCli(['members', 'sync', '--roster', roster, '--json'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'owner', u00003: 'member', u00004: 'member', u00005: 'member' });
    expect(changes().filter(singlePut)).toEqual([]);
    expect((JSON.parse(r.stdout) as MembersReport).roleChanged).toEqual([]);
    // A list without header says nothing about roles either; with --prune it only removes.
    const list = file(`${uid(1)}\n${uid(5)}\n`);
    const pruned = await runCli(['members', 'sync', '--roster', list, '--prune', '--yes', '--max-removals', '3'], { env: s!.env });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00005: 'member' });
  }, 20_000);

  it('refuses a plan that leaves the team without an owner (exit 3, nothing sent; the dry run too) unless --force', async () => {
    await teamOf(['owner', 'owner', 'member'], 0);
    const roster = file(`email,role\n${mail(1)},member\n${mail(2)},\n${mail(3)},member\n`);
    const r = await runCli(['members', 'sync', '--roster', roster], { env: s!.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: the plan would leave team t without an owner: it demotes ${mail(1)}, ${mail(2)} (all 2 of its owners); nothing was sent`);
    expect(r.stderr).toMatch(/^hint: keep an owner: .*pass --force/m);
    // The drift check predicts the refusal (3, not 8), and still writes its report.
    const dryReport = join(dir, 'owner-guard-dry-run.csv');
    const dry = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--exit-code', '--report', dryReport], { env: s!.env });
    expect(dry.code).toBe(3);
    expect((parse(readFileSync(dryReport, 'utf8')) as string[][]).filter((row) => row[2] === 'planned')).toHaveLength(2);
    // Pruning the owners away is refused the same way, together with --max-removals.
    const prune = await runCli(['members', 'sync', '--roster', file(`${mail(3)}\n`), '--prune', '--yes'], { env: s!.env });
    expect(prune.code).toBe(3);
    expect(prune.stderr).toContain('allows (1); and the plan would leave team t without an owner: it removes');
    expect(changes()).toEqual([]);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'owner', u00003: 'member' });
    const forced = await runCli(['members', 'sync', '--roster', roster, '--force'], { env: s!.env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('going ahead because of --force');
    expect(team()).toEqual({ u00001: 'member', u00002: 'member', u00003: 'member' });
  }, 20_000);

  it('reports a non-member named by e-mail and by id with two roles once, as failed, and sends no role for them', async () => {
    await teamOf(['owner'], 3);
    const roster = file(`user,role\n${mail(1)},owner\n${mail(2)},owner\n${uid(2)},member\n${uid(3)},owner\n`);
    const reportFile = join(dir, 'named-twice.csv');
    const r = await runCli(['members', 'sync', '--roster', roster, '--json', '--report', reportFile], { env: s!.env });
    expect(r.code, r.stderr).toBe(6);
    // The service's own default role stays; u00003 is made owner as asked.
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'owner' });
    expect(changes().flatMap((q) => singlePut(q) ?? [])).toEqual([uid(3)]);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([
      { id: uid(2), email: mail(2) },
      { id: uid(3), email: mail(3) },
    ]);
    expect(report.failed).toEqual([
      {
        user: { id: uid(2), email: mail(2) },
        action: 'role',
        status: null,
        message: `named twice with different roles ("${mail(2)}" as owner and "${uid(2)}" as member); role left as the service set it (member)`,
      },
    ]);
    const rows = (parse(readFileSync(reportFile, 'utf8')) as string[][]).filter((row) => row[0] === mail(2));
    expect(rows).toEqual([[mail(2), 'add', 'failed', '', expect.stringContaining('added; named twice with different roles')]]);
  }, 20_000);

  it('refuses a roster with no users (exit 2) whatever the flags, before any request', async () => {
    await teamOf(['owner', 'member'], 0);
    for (const roster of [file('email,role\n'), file('\n\n')]) {
      const r = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', '--force'], { env: s!.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: the roster .* has no users/);
    }
    expect(s!.sandbox.requests).toEqual([]);
  });

  it('refuses --prune removals without a terminal and without --yes (exit 3, nothing sent)', async () => {
    await teamOf(['owner', 'member', 'member', 'member', 'member'], 0);
    const roster = file([mail(1), mail(2), mail(3), mail(4)].join('\n'));
    const r = await runCli(['members', 'sync', '--roster', roster, '--prune'], { env: s!.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--yes');
    expect(changes()).toEqual([]);
    expect(Object.keys(team())).toHaveLength(5);
  });

  it('catches a change the service acknowledged but did not make: exit 6, verified false, listed', async () => {
    await teamOf(['owner', 'member', 'member'], 0);
    // The service answers 204 to the single-user PUT for u00002 without applying it.
    s!.sandbox.intercept((req) => (req.method === 'PUT' && req.path.endsWith('/members/u00002') ? { kind: 'respond', status: 204 } : undefined));
    const roster = file(`email,role\n${mail(1)},owner\n${mail(2)},owner\n${mail(3)},owner\n`);
    const reportFile = join(dir, 'verify-report.csv');
    const r = await runCli(['members', 'sync', '--roster', roster, '--json', '--report', reportFile], { env: s!.env });
    expect(r.code, r.stderr).toBe(6);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'owner' });
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.verified).toBe(false);
    expect(report.failed).toEqual([
      { user: { id: 'u00002', email: mail(2) }, action: 'verify', status: null, message: 'verification: expected owner, found member' },
    ]);
    expect(r.stderr).toContain('user00002@example.com: expected owner, found member');
    const rows = parse(readFileSync(reportFile, 'utf8')) as string[][];
    expect(rows).toContainEqual([mail(2), 'role', 'unverified', '204', 'member → owner; verification: expected owner, found member']);
    expect(rows).toContainEqual([mail(3), 'role', 'role-changed', '204', 'member → owner']);
  });

  it('runs role changes concurrently, exactly --concurrency at a time (default 8)', async () => {
    await teamOf(Array.from({ length: 200 }, (): TeamMemberRole => 'member'), 0);
    // Role PUTs are held until 8 are waiting at once; a run one at a time would never get there.
    // Requests the sandbox has received but not answered yet are sampled at each arrival.
    let maxInFlight = 0;
    let release!: () => void;
    const eight = new Promise<void>((resolve) => (release = resolve));
    s!.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || !/\/members\/[^/]+$/.test(req.path)) return undefined;
      const inFlight = s!.sandbox.requests.filter((q) => singlePut(q) && q.status === 0).length;
      maxInFlight = Math.max(maxInFlight, inFlight);
      if (inFlight >= 8) release();
      return { kind: 'hold', until: eight };
    });
    const roster = file(['email,role', ...Array.from({ length: 200 }, (_, i) => `${mail(i + 1)},owner`)].join('\n'));
    const r = await runCli(['members', 'sync', '--roster', roster], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(Object.values(team()).every((role) => role === 'owner')).toBe(true);
    expect(changes().filter(singlePut)).toHaveLength(200);
    expect(maxInFlight).toBe(8);
  });

  it('aborts before planning when a page of the team cannot be read (exit 1, nothing sent)', async () => {
    await teamOf(Array.from({ length: 1001 }, (): TeamMemberRole => 'member'), 0);
    s!.sandbox.intercept((req) => (req.method === 'GET' && req.query.page ? { kind: 'respond', status: 500, body: { error: { code: 500, message: 'boom' } } } : undefined));
    const r = await runCli(['members', 'sync', '--add', mail(1)], { env: s!.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: could not read the whole team t before planning; nothing was sent: .*500/);
    expect(changes()).toEqual([]);
  });
});

describe('members sync, incremental', () => {
  it('adds and removes from flags and files; a user in both ends removed', async () => {
    await teamOf(['owner', 'member', 'member', 'member', 'member', 'member', 'member', 'member'], 5);
    const addFile = file(`user\n${uid(10)}\n${mail(11).toUpperCase()}\n${mail(12)}\n`);
    const removeFile = file(`${mail(12)}\n${uid(2)}\nnobody@example.com\n`);
    const r = await runCli(['members', 'sync', '--add', uid(9), '--add-file', addFile, '--remove', mail(3), '--remove-file', removeFile, '--json'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({
      u00001: 'owner',
      ...Object.fromEntries([4, 5, 6, 7, 8, 9, 10, 11].map((n) => [uid(n), 'member'])),
    });
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.notMember).toEqual([
      { id: null, email: mail(12) },
      { id: null, email: 'nobody@example.com' },
    ]);
    expect(report.removed).toEqual([
      { id: uid(3), email: mail(3) },
      { id: uid(2), email: mail(2) },
    ]);
    // A user named in both add and remove is not added first.
    expect(changes().flatMap((q) => bulk(q)?.add ?? [])).not.toContain(mail(12));
  });

  it('a --remove-file keeps the rows its status column marks inactive: suspended and active leavers alike leave the team; an --add-file drops them', async () => {
    await teamOf(['owner', 'member', 'member', 'member', 'member'], 3);
    const removeFile = file(`email,status\n${mail(2)},Suspended\n${mail(3)},deactivated\n${mail(4)},active\n`);
    const addFile = file(`email,status\n${mail(6)},active\n${mail(7)},Suspended\n`);
    const r = await runCli(['members', 'sync', '--remove-file', removeFile, '--add-file', addFile, '--max-removals', '3', '--yes'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00005: 'member', u00006: 'member' });
  });

  it('reports every problem of every input file and argument at once, and sends nothing (exit 2)', async () => {
    await teamOf(['owner'], 0);
    const roster = file('email,role\nnot-an-email,owner\nok@example.com,boss\n');
    const addFile = file('email\nalso bad\n');
    const r = await runCli(['members', 'sync', '--roster', roster, '--add-file', addFile, '--add', uid(2), 'bad user', '--remove', 'x@'], { env: s!.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: 5 problems in --add, --remove, .*; nothing was sent/);
    expect(r.stderr).toContain('  --add:2: invalid user id "bad user" (ids contain no spaces)');
    expect(r.stderr).toContain('  --remove:1: invalid e-mail address "x@"');
    expect(r.stderr).toContain(`${roster}:2: invalid e-mail address "not-an-email"`);
    expect(r.stderr).toContain(`${roster}:3: unknown role "boss"`);
    expect(r.stderr).toContain(`${addFile}:2:`);
    expect(s!.sandbox.requests).toEqual([]);
  });

  it('a non-member named by e-mail in --add and by id in --remove ends absent (remove wins), reported not a member', async () => {
    await teamOf(['owner', 'member'], 3);
    const reportFile = join(dir, 'both-sides.csv');
    const r = await runCli(['members', 'sync', '--add', mail(3), uid(4), '--remove', uid(3), mail(4), '--json', '--report', reportFile], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
    // The bulk add carries adds only; the re-read shows who the removals name, and they are
    // removed again.
    expect(changes().map((q) => bulk(q))).toEqual([{ add: [mail(3), uid(4)] }, { remove: [uid(3), uid(4)] }]);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([]);
    expect(report.removed).toEqual([]);
    expect(report.failed).toEqual([]);
    expect(report.verified).toBe(true);
    expect(report.notMember).toEqual([
      { id: uid(3), email: null },
      { id: null, email: mail(4) },
      { id: uid(3), email: mail(3) },
      { id: uid(4), email: mail(4) },
    ]);
    const rows = parse(readFileSync(reportFile, 'utf8')) as string[][];
    expect(rows).toContainEqual([mail(3), 'add', 'not-member', '204', 'named in both add and remove (remove wins)']);
    expect(rows).toContainEqual([mail(4), 'add', 'not-member', '204', 'named in both add and remove (remove wins)']);
    expect(rows).toContainEqual([uid(3), 'remove', 'not-member', '', 'not a member']);
    expect(rows.filter((row) => row[2] === 'added' || row[2] === 'removed')).toEqual([]);
  });

  it('named in both add and remove, with the bulk add answer lost: the team ends right and the exit code is 0', async () => {
    await teamOf(['owner', 'member'], 4);
    // The service applies the bulk add, then the connection drops before the answer (each retry too).
    s!.sandbox.intercept((req) =>
      req.method === 'PUT' && req.path.endsWith('/members') && (req.body as { add?: string[] }).add ? { kind: 'applyThenReset' } : undefined,
    );
    const r = await runCli(['members', 'sync', '--add', mail(3), uid(5), '--remove', uid(3), '--json'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00005: 'member' });
    expect(changes().at(-1)?.body).toEqual({ remove: [uid(3)] });
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([{ id: uid(5), email: mail(5) }]);
    expect(report.notMember).toEqual([
      { id: uid(3), email: null },
      { id: uid(3), email: mail(3) },
    ]);
    expect(report.failed).toEqual([]);
    expect(report.verified).toBe(true);
  }, 20_000);

  it('25 users to add and 12 members to remove with --batch-size 10: every bulk request holds at most 10, all of them sent', async () => {
    await teamOf(['owner', ...Array.from({ length: 12 }, () => 'member' as const)], 40);
    const adds = Array.from({ length: 25 }, (_, i) => mail(i + 14));
    const removes = Array.from({ length: 12 }, (_, i) => mail(i + 2));
    const r = await runCli(['members', 'sync', '--add', ...adds, '--remove', ...removes, '--batch-size', '10', '--max-removals', '12'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    const sizes = changes().map((q) => (bulk(q)?.add?.length ?? 0) + (bulk(q)?.remove?.length ?? 0));
    expect(sizes.every((n) => n >= 1 && n <= 10)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(37);
    expect(sizes.length).toBeGreaterThanOrEqual(4); // 37 changes cannot go in fewer batches of 10
    expect(Object.keys(team()).sort()).toEqual([uid(1), ...Array.from({ length: 25 }, (_, i) => uid(i + 14))].sort());
  });

  it('one --add with 1000 non-members in --remove-file: requests stay within --batch-size, exit 0', async () => {
    await teamOf(['owner'], 2);
    const gone = file(Array.from({ length: 1000 }, (_, i) => `gone${i}`).join('\n') + '\n', 'gone.txt');
    const r = await runCli(['members', 'sync', '--add', mail(2), '--remove-file', gone, '--batch-size', '10', '--json'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
    expect(changes().map((q) => bulk(q))).toEqual([{ add: [mail(2)] }]);
    for (const q of changes()) expect((bulk(q)?.add?.length ?? 0) + (bulk(q)?.remove?.length ?? 0)).toBeLessThanOrEqual(10);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([{ id: uid(2), email: mail(2) }]);
    expect(report.notMember).toHaveLength(1000);
    expect(report.verified).toBe(true);
  });
});

describe('rosters as identity tools export them', () => {
  it("a Google Workspace download with --prune removes the suspended member, and --user-column reads an unknown header", async () => {
    await teamOf(['owner', 'member', 'member'], 4);
    const google = file(
      `First Name [Required],Last Name [Required],Email Address [Required],Status [READ ONLY]\nA,A,${mail(1)},Active\nB,B,${mail(2)},Active\nC,C,${mail(3)},Suspended\n`,
      'google.csv',
    );
    const r = await runCli(['members', 'sync', '--roster', google, '--prune', '--yes', '--max-removals', '1'], { env: s!.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 row marked inactive by column "Status [READ ONLY]" ("Suspended") left out');
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member' });
    const staff = file(`Staff\n${mail(1)}\n${mail(2)}\n${mail(4)}\n`, 'staff.csv');
    expect((await runCli(['members', 'sync', '--roster', staff], { env: s!.env })).code).toBe(2);
    const named = await runCli(['members', 'sync', '--roster', staff, '--user-column', 'staff'], { env: s!.env });
    expect(named.code, named.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00004: 'member' });
  });
});

describe('changes by someone else during the run', () => {
  it('a member removed by someone else after the plan was read gets no role request (it would add them back); the run says so, exit 6', async () => {
    const sb = await teamOf(['owner', 'member', 'member'], 2);
    const store = sb.sandbox.store;
    // Someone else removes u00002 after teamctl's first listing (the plan), before the role changes.
    let listings = 0;
    sb.sandbox.intercept((req) => {
      if (req.method === 'GET' && req.path.endsWith('/teams/t/members') && ++listings === 2) store.removeTeamMember('acme', 't', 'u00002');
      return undefined;
    });
    const r = await runCli(['members', 'add', 'u00002', 'u00003', '--role', 'owner', '--json'], { env: sb.env });
    expect(r.code).toBe(6);
    const roles = Object.fromEntries(store.teamMembers('acme', 't').map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ u00001: 'owner', u00003: 'owner' });
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.failed).toEqual([
      expect.objectContaining({ action: 'role', status: null, message: 'not sent: no longer a member (removed by someone else during the run); a role change would add them back' }),
    ]);
    expect(sb.sandbox.requests.filter((q) => q.method === 'PUT' && q.path.endsWith('/members/u00002'))).toEqual([]);
  });

  it('a team left without an owner by someone else\'s change says so explicitly', async () => {
    const sb = await teamOf(['owner', 'member'], 2);
    const store = sb.sandbox.store;
    let puts = 0;
    sb.sandbox.intercept((req) => {
      // Someone else demotes the only owner while teamctl adds a member.
      if (req.method === 'PUT' && ++puts === 1) store.putTeamMember('acme', 't', 'u00001', 'member');
      return undefined;
    });
    const r = await runCli(['members', 'add', 'u00003'], { env: sb.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('Warning: the team has no owner now, although the plan kept one');
    expect(store.teamMembers('acme', 't').some((m) => m.role === 'owner')).toBe(false);
  });
});

describe('a roster bootstrapped from members list -o csv', () => {
  it('syncs back to nothing to do; a row whose e-mail was changed to another member\'s is refused on its line, nothing sent', async () => {
    await teamOf(['owner', 'member', 'member'], 2);
    const exported = await runCli(['members', 'list', '-o', 'csv'], { env: s!.env });
    expect(exported.code, exported.stderr).toBe(0);
    const roster = file(exported.stdout, 'bootstrap.csv');
    const clean = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code'], { env: s!.env });
    expect(clean.code, clean.stderr).toBe(0);

    // Someone edits line 3 (u00002) to the e-mail of user00003, who is a member too: which one did they mean?
    const lines = exported.stdout.trimEnd().split('\n');
    const at = lines.findIndex((l) => l.startsWith(`${uid(2)},`));
    lines[at] = lines[at]!.replace(mail(2), mail(3));
    const edited = file(lines.join('\n') + '\n', 'edited.csv');
    const before = s!.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', edited, '--prune', '--yes'], { env: s!.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`edited.csv:${at + 1}: "${mail(3)}" and id "${uid(2)}" are two different people`);
    expect(changes(before)).toEqual([]);
    expect(team()).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member' });
  });
});
