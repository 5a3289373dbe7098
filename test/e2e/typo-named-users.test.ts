// No silent success for a typo (`teamctl help exit-codes`): in `members set-role`, `members remove`
// and `members offboard` alike, a named user who matches nobody in the organization is exit 5
// before anything is sent, even beside users who match, naming each with the closest members;
// --missing-ok keeps going without them. The sandbox's request log says whether anything was sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // u1–u6; team t: u1 owner, u2, u3; u5 is in the organization, in no team.
  lab = await startLab(6, { t: [1, 2, 3] }, {}, { TEAMCTL_TEAM: 't' });
});
afterEach(async () => {
  await lab.sandbox.close();
});

const typo = 'usr00003@example.com';

describe.each([
  ['members set-role', ['members', 'set-role', email(2), typo, 'ghost@example.com', '--role', 'owner']],
  ['members remove', ['members', 'remove', email(2), typo, 'ghost@example.com']],
  ['members offboard', ['members', 'offboard', email(2), typo, 'ghost@example.com', '--yes']],
])('%s', (_name, argv) => {
  it('a named user who matches nobody beside one who does: exit 5, each named, the closest member offered, nothing sent', async () => {
    const before = lab.team('t');
    const r = await lab.run(argv);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain(`error: 2 named users match nobody in organization lab: ${typo}, ghost@example.com; nothing was sent`);
    expect(r.stderr).toMatch(new RegExp(`hint: did you mean ${email(3).replace('.', '\\.')}[^;]*\\(for ${typo.replace('.', '\\.')}\\)`));
    expect(r.stderr).toContain('--missing-ok');
    expect(lab.writes()).toEqual([]);
    expect(lab.team('t')).toEqual(before);
  });

  it('--missing-ok: the unmatched are said, the others changed, exit 0', async () => {
    const r = await lab.run([...argv, '--missing-ok']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('ghost@example.com');
    expect(lab.writes().length).toBeGreaterThan(0);
    const team = lab.team('t');
    if (argv[1] === 'set-role') expect(team).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'owner', [uid(3)]: 'member' });
    else expect(team).toEqual({ [uid(1)]: 'owner', [uid(3)]: 'member' });
  });
});

describe('what is not a typo', () => {
  it('a member of the organization who is not in the team: remove and set-role say "not a member", exit 0, nothing sent', async () => {
    for (const argv of [['members', 'remove', email(5)], ['members', 'set-role', email(5), '--role', 'owner']]) {
      const r = await lab.run(argv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('match nobody');
    }
    expect(lab.writes()).toEqual([]);
  });

  it('one unmatched user alone: exit 5, nothing sent', async () => {
    const r = await lab.run(['members', 'remove', typo]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`error: 1 named user matches nobody in organization lab: ${typo}; nothing was sent`);
    expect(lab.writes()).toEqual([]);
  });
});
