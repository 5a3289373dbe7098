// The invitations teamctl sent (src/organization/invitations.ts; `teamctl help organization`, "Joiners"): one private file
// per organization and e-mail, read back only when it is a record of that invitation.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedInvitation, recordInvitation, stillPending, type Invitation } from '../../src/organization/invitations.js';

const base = 'https://api.example.com';
const invitation: Invitation = { email: 'Ada@Example.com', organization: 'lab', baseUrl: base, invitedAt: '2026-11-20T10:00:00.000Z' };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-invitations-'));
/** The one record file of a config folder that holds one. */
const onlyRecord = (dir: string): string => {
  const names = readdirSync(join(dir, 'invitations'));
  expect(names).toHaveLength(1);
  return join(dir, 'invitations', names[0] as string);
};

describe('recordInvitation and recordedInvitation', () => {
  it('writes one line of JSON in a private file named by a digest, in a private folder, and reads it back by the e-mail in any case', async () => {
    const dir = newDir();
    await recordInvitation(dir, invitation);
    const path = onlyRecord(dir);
    expect(path).toMatch(/[/\\][0-9a-f]{40}\.json$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'invitations')).mode & 0o777).toBe(0o700);
    expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(invitation) + '\n');
    expect(await recordedInvitation(dir, base, 'lab', 'Ada@Example.com')).toEqual(invitation);
    expect(await recordedInvitation(dir, base, 'lab', ' ada@example.COM ')).toEqual(invitation);
  });

  it('keeps one record per base URL, organization and e-mail: none overwrites another', async () => {
    const dir = newDir();
    const others: Invitation[] = [
      invitation,
      { ...invitation, organization: 'lab2', invitedAt: '2026-11-21T10:00:00.000Z' },
      { ...invitation, baseUrl: 'https://other.example.com', invitedAt: '2026-11-22T10:00:00.000Z' },
      { ...invitation, email: 'bob@example.com', invitedAt: '2026-11-23T10:00:00.000Z' },
    ];
    for (const i of others) await recordInvitation(dir, i);
    expect(readdirSync(join(dir, 'invitations'))).toHaveLength(4);
    for (const i of others) expect(await recordedInvitation(dir, i.baseUrl, i.organization, i.email)).toEqual(i);
    // Recorded again: the same file, the later time.
    const later = { ...invitation, invitedAt: '2026-11-25T10:00:00.000Z' };
    await recordInvitation(dir, later);
    expect(readdirSync(join(dir, 'invitations'))).toHaveLength(4);
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toEqual(later);
  });

  it('none recorded: none', async () => {
    const dir = newDir();
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toBeUndefined();
    await recordInvitation(dir, invitation);
    expect(await recordedInvitation(dir, base, 'lab', 'bob@example.com')).toBeUndefined();
    expect(await recordedInvitation(dir, base, 'lab2', invitation.email)).toBeUndefined();
    expect(await recordedInvitation(dir, 'https://other.example.com', 'lab', invitation.email)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"email":'],
    ['JSON null', 'null'],
    ['a list', '[]'],
    ['no time', JSON.stringify({ ...invitation, invitedAt: undefined })],
    ['a time that is not a string', JSON.stringify({ ...invitation, invitedAt: 1764000000000 })],
    ['a time that is no date', JSON.stringify({ ...invitation, invitedAt: 'yesterday' })],
    ['no e-mail', JSON.stringify({ ...invitation, email: undefined })],
    ['an e-mail that is not a string', JSON.stringify({ ...invitation, email: ['Ada@Example.com'] })],
    ['another e-mail', JSON.stringify({ ...invitation, email: 'bob@example.com' })],
    ['another organization', JSON.stringify({ ...invitation, organization: 'lab2' })],
    ['another base URL', JSON.stringify({ ...invitation, baseUrl: 'https://other.example.com' })],
  ])('a record holding %s counts as none', async (_what, text) => {
    const dir = newDir();
    await recordInvitation(dir, invitation);
    writeFileSync(onlyRecord(dir), text);
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toBeUndefined();
  });

  it('a record with its e-mail in another case is that invitation', async () => {
    const dir = newDir();
    await recordInvitation(dir, invitation);
    const record = { ...invitation, email: 'ADA@EXAMPLE.COM' };
    writeFileSync(onlyRecord(dir), JSON.stringify(record));
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toEqual(record);
  });

  it('reads a record up to 16 KiB; a larger one, a directory or a symbolic link counts as none', async () => {
    const dir = newDir();
    await recordInvitation(dir, invitation);
    const path = onlyRecord(dir);
    const text = JSON.stringify(invitation);
    writeFileSync(path, text.padEnd(16 * 1024, ' '));
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toEqual(invitation);
    writeFileSync(path, text.padEnd(16 * 1024 + 1, ' '));
    expect(await recordedInvitation(dir, base, 'lab', invitation.email)).toBeUndefined();

    const linked = newDir();
    await recordInvitation(linked, invitation);
    const linkPath = onlyRecord(linked);
    const elsewhere = join(linked, 'elsewhere.json');
    writeFileSync(elsewhere, text);
    rmSync(linkPath);
    symlinkSync(elsewhere, linkPath);
    expect(await recordedInvitation(linked, base, 'lab', invitation.email)).toBeUndefined();
    rmSync(linkPath);
    mkdirSync(linkPath);
    expect(await recordedInvitation(linked, base, 'lab', invitation.email)).toBeUndefined();
  });
});

describe('a record that cannot be written', () => {
  it('fails naming the record', async () => {
    const dir = newDir();
    await recordInvitation(dir, invitation);
    const path = onlyRecord(dir);
    rmSync(path);
    mkdirSync(path);
    await expect(recordInvitation(dir, invitation)).rejects.toThrow(`the invitation record ${path}: is a directory`);
  });
});

describe('stillPending', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = Date.parse(invitation.invitedAt);
  it('is pending until exactly `days` days have passed since the invitation', () => {
    expect(stillPending(invitation, 7, at)).toBe(true);
    expect(stillPending(invitation, 7, at + 7 * day - 1)).toBe(true);
    expect(stillPending(invitation, 7, at + 7 * day)).toBe(false);
    expect(stillPending(invitation, 1, at + day - 1)).toBe(true);
    expect(stillPending(invitation, 1, at + day + 1)).toBe(false);
    expect(stillPending(invitation, 0, at)).toBe(false);
  });
});
