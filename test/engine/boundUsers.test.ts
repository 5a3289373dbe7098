// A plan's users bound by id and e-mail (src/engine/boundUsers.ts): refused (exit 3) when the
// service's user of an id has another e-mail, naming where the plan says it and both e-mails.
import { describe, expect, it } from 'vitest';
import { checkBoundUsers } from '../../src/engine/boundUsers.js';
import { ExitCode, GuardError } from '../../src/errors.js';

const current = new Map<string, string | null>([
  ['u1', 'ada@example.com'],
  ['u2', 'bo@example.com'],
  ['u3', null],
]);
const refusal = (planned: Parameters<typeof checkBoundUsers>[1]): GuardError | undefined => {
  try {
    checkBoundUsers('plan.json', planned, current);
    return undefined;
  } catch (err) {
    return err as GuardError;
  }
};

describe('checkBoundUsers', () => {
  it('passes users whose e-mail is the service\'s (case and spaces aside), users without an id, and ids it did not read', () => {
    expect(
      refusal([
        { where: 'a', user: { id: 'u1', email: ' ADA@example.com' } },
        { where: 'b', user: { id: 'u3', email: null } },
        { where: 'c', user: { id: null, email: 'x@example.com' } },
        { where: 'd', user: { id: 'u9', email: 'gone@example.com' } },
      ]),
    ).toBeUndefined();
  });

  it('refuses every user whose id has another e-mail (or none), naming where, the plan\'s e-mail and the service\'s', () => {
    const err = refusal([
      { where: 'body.plan.changes[0].user', user: { id: 'u1', email: 'bo@example.com' } },
      { where: 'body.plan.changes[1].user', user: { id: 'u2', email: 'bo@example.com' } },
      { where: 'body.plan.changes[2].user', user: { id: 'u2', email: null } },
      { where: 'body.plan.changes[3].user', user: { id: 'u3', email: 'cy@example.com' } },
    ]);
    expect(err).toBeInstanceOf(GuardError);
    expect(err?.exitCode).toBe(ExitCode.guard);
    expect(err?.message).toBe(
      "plan.json does not match the service's users: " +
        "body.plan.changes[0].user names user u1 with e-mail bo@example.com, but the service's user u1 has ada@example.com; " +
        "body.plan.changes[2].user names user u2 with e-mail (none), but the service's user u2 has bo@example.com; " +
        "body.plan.changes[3].user names user u3 with e-mail cy@example.com, but the service's user u3 has no e-mail; nothing was sent",
    );
    expect(err?.hint).toMatch(/make a new plan/);
  });
});
