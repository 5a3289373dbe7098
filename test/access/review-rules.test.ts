// The findings of an access review, each rule on its own (`teamctl help access`, "Review"): what
// flags a person, a resource's general access and an invite link, and what does not.
import { describe, expect, it } from 'vitest';
import { aboveRead, editOrMore, generalAccessFindings, higherRole, isGuest, isStale, linkInviteFindings, personFindings, type Person } from '../../src/access/reviewRules.js';

const day = 86_400_000;
const now = Date.parse('2026-06-30T12:00:00Z');
const member: Person = { orgRole: 'edit', disabled: false, lastSeenAt: '2026-06-29T00:00:00Z', joinedAt: '2024-01-01T00:00:00Z' };
const reach = { role: 'read' as const, direct: false, viaTeam: false };

describe('the roles', () => {
  it('above read: every role but read; a guest\'s null and inherit are no role', () => {
    expect(['admin', 'create', 'review', 'edit', 'comment'].map((r) => aboveRead(r as 'edit'))).toEqual([true, true, true, true, true]);
    expect([aboveRead('read'), aboveRead(null), aboveRead('inherit'), aboveRead(undefined)]).toEqual([false, false, false, false]);
  });

  it('edit or more: edit, review, create, admin', () => {
    expect(['admin', 'create', 'review', 'edit', 'comment', 'read'].map((r) => editOrMore(r as 'edit'))).toEqual([true, true, true, true, false, false]);
    expect(editOrMore(null)).toBe(false);
  });

  it('the higher of two roles', () => {
    expect(higherRole('read', 'edit')).toBe('edit');
    expect(higherRole('admin', 'edit')).toBe('admin');
    expect(higherRole(null, 'read')).toBe('read');
    expect(higherRole('review', 'edit')).toBe('review');
  });
});

describe('a person on a resource', () => {
  it('nothing to flag: an active member, seen yesterday, reading through the general access', () => {
    expect(personFindings(member, { ...reach, role: 'edit' }, now, 90)).toEqual([]);
  });

  it('disabled-member: a disabled person with any role; not when enabled', () => {
    expect(personFindings({ ...member, disabled: true }, reach, now, 90)).toEqual(['disabled-member']);
    expect(personFindings({ ...member, disabled: false }, reach, now, 90)).toEqual([]);
    expect(personFindings({ ...member, disabled: true }, { ...reach, role: null }, now, 90)).toEqual([]);
  });

  it('guest-above-read: a guest (null role, or no member record) above read; reading is fine', () => {
    expect(isGuest({ orgRole: null })).toBe(true);
    expect(isGuest({})).toBe(true);
    expect(isGuest(member)).toBe(false);
    expect(personFindings({ ...member, orgRole: null }, { ...reach, role: 'comment' }, now, 90)).toEqual(['guest-above-read']);
    expect(personFindings({ ...member, orgRole: null }, reach, now, 90)).toEqual([]);
    expect(personFindings(member, { ...reach, role: 'comment' }, now, 90)).toEqual([]);
  });

  it('stale-access: not seen for the stale days (the boundary included) with edit or more', () => {
    const seen = (days: number): Person => ({ ...member, lastSeenAt: new Date(now - days * day).toISOString() });
    expect(personFindings(seen(90), { ...reach, role: 'edit' }, now, 90)).toEqual(['stale-access']);
    expect(personFindings(seen(89), { ...reach, role: 'admin' }, now, 90)).toEqual([]);
    expect(personFindings(seen(400), { ...reach, role: 'comment' }, now, 90)).toEqual([]);
    expect(personFindings(seen(31), { ...reach, role: 'review' }, now, 30)).toEqual(['stale-access']);
  });

  it('stale: never seen counts from joining; no date at all is not judged', () => {
    expect(isStale({ joinedAt: new Date(now - 100 * day).toISOString() }, now, 90)).toBe(true);
    expect(isStale({ joinedAt: new Date(now - 10 * day).toISOString() }, now, 90)).toBe(false);
    expect(isStale({}, now, 90)).toBe(false);
    expect(isStale({ lastSeenAt: 'not a date' }, now, 90)).toBe(false);
  });

  it('bypasses-teams: a direct grant where a team already reaches; either alone is fine', () => {
    expect(personFindings(member, { role: 'edit', direct: true, viaTeam: true }, now, 90)).toEqual(['bypasses-teams']);
    expect(personFindings(member, { role: 'edit', direct: true, viaTeam: false }, now, 90)).toEqual([]);
    expect(personFindings(member, { role: 'edit', direct: false, viaTeam: true }, now, 90)).toEqual([]);
  });

  it('every finding at once, in the order reports list them', () => {
    const worst: Person = { orgRole: null, disabled: true, lastSeenAt: '2020-01-01T00:00:00Z' };
    expect(personFindings(worst, { role: 'admin', direct: true, viaTeam: true }, now, 90)).toEqual(['disabled-member', 'guest-above-read', 'stale-access', 'bypasses-teams']);
  });
});

describe('a resource and an invite link', () => {
  it('general-access-above-read: its own level above read; read, none and inherit are not', () => {
    expect(generalAccessFindings('comment')).toEqual(['general-access-above-read']);
    expect(generalAccessFindings('admin')).toEqual(['general-access-above-read']);
    expect(generalAccessFindings('read')).toEqual([]);
    expect(generalAccessFindings(null)).toEqual([]);
    expect(generalAccessFindings('inherit')).toEqual([]);
  });

  it('link-invite-above-read: a link to join above read; read and guest are not', () => {
    expect(linkInviteFindings('edit')).toEqual(['link-invite-above-read']);
    expect(linkInviteFindings('read')).toEqual([]);
    expect(linkInviteFindings(null)).toEqual([]);
  });
});
