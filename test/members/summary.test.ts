// What a members run says when it ends (`teamctl help interruptions`, "Interruptions"; README,
// "Team membership"): the counts, each failure with its status, the changes an interruption left
// unsent, and what the read-back found — a team left without an owner, differences only where
// changes failed, or differences no failure explains.
import { describe, expect, it } from 'vitest';
import { notSentMessage } from '../../src/engine/interrupted.js';
import { formatSummary, type MembersReport } from '../../src/members/report.js';
import type { UserRef } from '../../src/model/users.js';

const ada: UserRef = { id: 'u1', email: 'ada@x.io' };
const bob: UserRef = { id: 'u2', email: 'bob@x.io' };
const cy: UserRef = { id: 'u3', email: 'cy@x.io' };

const report = (over: Partial<MembersReport> = {}): MembersReport => ({
  dryRun: false,
  added: [],
  removed: [],
  roleChanged: [],
  unchanged: 2,
  notMember: [],
  failed: [],
  verified: false,
  ...over,
});

describe('formatSummary', () => {
  it('each failure with its status, or none; a team left without an owner warned of', () => {
    const failed: MembersReport['failed'] = [
      { user: ada, action: 'remove', status: 503, message: 'the service is unavailable' },
      { user: bob, action: 'add', status: null, message: 'no answer' },
    ];
    expect(formatSummary(report({ failed }), { differences: [], ownerless: true }).split('\n')).toEqual([
      'Done: 0 added, 0 removed, 0 roles changed, 2 unchanged, 0 not a member, 2 failed',
      '  failed: remove ada@x.io (503): the service is unavailable',
      '  failed: add bob@x.io: no answer',
      'Warning: the team has no owner now, although the plan kept one: a change failed, or someone else removed or demoted its owners during the run.',
    ]);
  });

  it('differences the failures explain are said so; those none explains are listed apart, not counted as failed', () => {
    const failed: MembersReport['failed'] = [{ user: ada, action: 'remove', status: 500, message: 'failed' }];
    expect(formatSummary(report({ failed }), { differences: [{ user: ada, expected: 'absent', actual: 'member' }] }).split('\n').at(-1)).toBe(
      'Verification: the team read back differs from the plan only where changes failed.',
    );
    const unexplained: MembersReport['failed'] = [...failed, { user: bob, action: 'verify', status: null, message: 'verification: expected owner, found not a member' }];
    expect(formatSummary(report({ failed: unexplained }), { differences: [{ user: bob, expected: 'owner', actual: 'absent' }] }).split('\n')).toEqual([
      'Done: 0 added, 0 removed, 0 roles changed, 2 unchanged, 0 not a member, 1 failed',
      '  failed: remove ada@x.io (500): failed',
      'Verification: the team read back differs from the plan for 1 user:',
      '  bob@x.io: expected owner, found not a member',
    ]);
    // Nothing failed and nothing read back differently, but not verified: nothing said of it.
    expect(formatSummary(report(), undefined)).toBe('Done: 0 added, 0 removed, 0 roles changed, 2 unchanged, 0 not a member, 0 failed');
  });

  it('an owner added without the owner role is counted with the added; another user’s failed role change is a failure', () => {
    const failed: MembersReport['failed'] = [
      { user: ada, action: 'role', status: 403, message: 'refused' },
      { user: cy, action: 'role', status: 403, message: 'refused' },
    ];
    expect(formatSummary(report({ added: [ada], failed, verified: true }), { differences: [] }).split('\n')).toEqual([
      'Done: 1 added (1 without the owner role asked for), 0 removed, 0 roles changed, 2 unchanged, 0 not a member, 1 failed',
      '  added without the owner role: ada@x.io (403): refused',
      '  failed: role cy@x.io (403): refused',
      'Verified: the team read back matches the plan.',
    ]);
  });

  it('interrupted: the counts, the failures, then what was never sent, and nothing of the read-back', () => {
    const failed: MembersReport['failed'] = [
      { user: ada, action: 'add', status: 500, message: 'failed' },
      { user: bob, action: 'add', status: null, message: notSentMessage },
      { user: cy, action: 'remove', status: null, message: notSentMessage },
    ];
    expect(formatSummary(report({ added: [{ id: 'u9', email: 'new@x.io' }], failed }), { differences: [], ownerless: true }, { report: 'r.csv' }).split('\n')).toEqual([
      'Interrupted: 1 added, 1 failed, 2 not sent (the run was stopped)',
      '  failed: add ada@x.io (500): failed',
      '  not sent: add bob@x.io',
      '  not sent: remove cy@x.io',
    ]);
    // Without an interruption, a change not sent is a failure like another.
    expect(formatSummary(report({ failed: failed.slice(1, 2) }), undefined).split('\n')[0]).toBe('Done: 0 added, 0 removed, 0 roles changed, 2 unchanged, 0 not a member, 1 failed');
  });
});
