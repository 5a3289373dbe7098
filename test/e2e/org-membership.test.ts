// Who is in the organization, known at plan time (`teamctl help organization`, "Who is in the organization"), end to end
// against the sandbox: users outside it refused before anything is sent (dry runs too), left out
// with --skip-unknown, a roster that matches nobody refused, and the requests the check costs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './harness.js';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // Organization lab: 30 users; team t: u1 owner, u2–u4 members; team v: u5 owner.
  lab = await startLab(30, { t: [1, 2, 3, 4], v: [5] }, {}, { TEAMCTL_TEAM: 't' });
});
afterEach(async () => {
  await lab.sandbox.close();
});

const file = rosterFiles('orgcheck');
const members = (team: string): string[] => lab.sandbox.store.teamMembers('lab', team).map((m) => m.userId).sort();
const writes = (from = 0) => lab.writes(from);
const memberReads = (from = 0) => lab.sandbox.requests.slice(from).filter((q) => q.method === 'GET' && q.path.startsWith('/v1/orgs/lab/members'));

describe('a roster naming people outside the organization', () => {
  it('a new hire is refused at plan time, so a drift check fails instead of passing (exit 3, not 8), nothing sent', async () => {
    const roster = file(['email,role', `${email(1)},owner`, email(2), email(3), email(4), 'new.hire@example.com', 'maria.rossi@exampel.com']);
    const r = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--exit-code', '--json'], { env: lab.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('  ? new.hire@example.com (not in the organization)');
    expect(r.stderr).toContain('  ? maria.rossi@exampel.com (not in the organization)');
    expect(r.stderr).toMatch(/error: 2 users to add are not in organization lab: new\.hire@example\.com, maria\.rossi@exampel\.com; nothing was sent/);
    expect((JSON.parse(r.stdout) as { added: unknown[]; notInOrganization: unknown[] }).notInOrganization).toEqual([
      { id: null, email: 'new.hire@example.com' },
      { id: null, email: 'maria.rossi@exampel.com' },
    ]);
    const real = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes'], { env: lab.env });
    expect(real.code).toBe(3);
    expect(writes()).toEqual([]);
  });

  it('--skip-unknown leaves them out with a warning and plans the rest', async () => {
    const roster = file(['email', email(1), email(2), email(3), email(4), email(9), 'new.hire@example.com']);
    const r = await runCli(['members', 'sync', '--roster', roster, '--skip-unknown', '--yes'], { env: lab.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: 1 user not in organization lab left out (--skip-unknown): new.hire@example.com');
    expect(members('t')).toEqual([uid(1), uid(2), uid(3), uid(4), uid(9)]);
  });

  it('a roster read from a column of logins matches nobody: refused naming the column and --user-column, --skip-unknown too', async () => {
    const roster = file(['login,name', ...[1, 2, 3, 4].map((n) => `octo${n},User ${n}`)]);
    for (const extra of [[], ['--skip-unknown']]) {
      const r = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', ...extra], { env: lab.env });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`none of the 4 users of ${roster} (read from its column "login") is a member of the organization or of its teams, yet the plan would remove members`);
      expect(r.stderr).toContain('--user-column <name>');
    }
    expect(writes()).toEqual([]);
    expect(members('t')).toEqual([uid(1), uid(2), uid(3), uid(4)]);
    // Without --prune nothing would be removed: the users outside are the refusal.
    const noPrune = await runCli(['members', 'sync', '--roster', roster, '--dry-run'], { env: lab.env });
    expect(noPrune.code).toBe(3);
    expect(noPrune.stderr).not.toContain('none of the 4 users');
  });

  it('an organization roster read from a column of logins: refused the same way when a team would lose members, or the organization would', async () => {
    const roster = file(['team,login', ...[1, 2, 3, 4].map((n) => `t,octo${n}`), 'v,octo5']);
    const nobody = 'none of the 5 users of';
    for (const extra of [['--prune'], ['--prune-organization', '--skip-unknown']]) {
      const r = await runCli(['members', 'sync', '--roster', roster, '--dry-run', ...extra], { env: lab.env });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`${nobody} ${roster} (read from its column "login") is a member of the organization or of its teams, yet the plan would remove members`);
    }
    // Nothing would be removed: the users outside are the refusal, or are left out.
    const kept = await runCli(['members', 'sync', '--roster', roster, '--dry-run'], { env: lab.env });
    expect(kept.code).toBe(3);
    expect(kept.stderr).not.toContain(nobody);
    const skipped = await runCli(['members', 'sync', '--roster', roster, '--dry-run', '--skip-unknown'], { env: lab.env });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).not.toContain(nobody);
    expect(writes()).toEqual([]);
  });

  it('an organization roster: the outsiders of every team at once, one listing of the members', async () => {
    const rows = ['team,email', ...[1, 2, 3, 4].map((n) => `t,${email(n)}`), `v,${email(5)}`, ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((n) => `v,${email(n)}`), 'v,ghost@example.com', 't,ghost@example.com'];
    const mark = lab.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', file(rows), '--dry-run', '--json'], { env: lab.env });
    expect(r.code).toBe(3);
    expect((JSON.parse(r.stdout) as { notInOrganization: unknown[] }).notInOrganization).toEqual([{ id: null, email: 'ghost@example.com' }]);
    // 12 users to add: more than a few, so one listing (30 members: one page), no search.
    expect(memberReads(mark).map((q) => q.path)).toEqual(['/v1/orgs/lab/members']);
    expect(writes()).toEqual([]);
  });
});

describe('members add', () => {
  it('checks a few users one by one: an e-mail through the search, an id by its member record', async () => {
    const mark = lab.sandbox.requests.length;
    const r = await runCli(['members', 'add', email(7), uid(8), email(2)], { env: lab.env });
    expect(r.code, r.stderr).toBe(0);
    expect(members('t')).toEqual([uid(1), uid(2), uid(3), uid(4), uid(7), uid(8)]);
    // u2 is in the team already: only the two to add are looked up.
    const reads = memberReads(mark).map((q) => `${q.path}${q.query.search ? `?search=${String(q.query.search)}` : ''}`).sort();
    expect(reads).toEqual([`/v1/orgs/lab/members/${uid(8)}`, `/v1/orgs/lab/members?search=${email(7)}`]);
  });

  it('an id outside the organization is refused too', async () => {
    const r = await runCli(['members', 'add', 'u99999', '--dry-run'], { env: lab.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('  ? u99999 (not in the organization)');
  });
});
