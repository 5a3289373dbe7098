// The shapes of the service's answers (src/api/shapes.ts), validator by validator.
import { describe, expect, it } from 'vitest';
import { checkEntry, checkMemberItem, checkPage } from '../../src/api/shapes.js';
import { ServiceError } from '../../src/errors.js';

const member = (over: Record<string, unknown> = {}) => ({ organization: { id: 'm1', user: { id: 'u1', email: 'a@b.co', displayName: 'A' } }, team: { role: 'member' }, ...over });
const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('shapes', () => {
  it('pages: items an array; next absent, null or an object with a string page', () => {
    expect(checkPage({ items: [], next: null }, 'p').items).toEqual([]);
    expect(checkPage({ items: [1], next: { page: 'c' } }, 'p').next?.page).toBe('c');
    expect(refused(() => checkPage([], 'page 1'))).toBe('unexpected response from the service: a list page that is not a JSON object (page 1)');
    expect(refused(() => checkPage({ items: {} }, 'p'))).toContain('without an "items" array');
    expect(refused(() => checkPage({ items: [], next: 'c' }, 'p'))).toContain('field "next" is not an object');
    expect(refused(() => checkPage({ items: [], next: { page: 7 } }, 'p'))).toContain('field "next.page" is not a string (7)');
  });

  it('member items: a user id and a team role of owner or member', () => {
    expect(checkMemberItem(member(), 'i').team.role).toBe('member');
    expect(checkMemberItem(member({ organization: { id: 'm', user: { id: 'u', email: null } } }), 'i').organization.user.id).toBe('u');
    expect(refused(() => checkMemberItem(member({ organization: { id: 'm' } }), 'i'))).toContain('"organization.user" is missing');
    expect(refused(() => checkMemberItem(member({ organization: { id: 'm', user: { id: 5 } } }), 'i'))).toContain('"organization.user.id"');
    expect(refused(() => checkMemberItem(member({ organization: { id: 'm', user: { id: 'u', email: 3 } } }), 'i'))).toContain('"organization.user.email" is not a string');
    expect(refused(() => checkMemberItem(member({ team: { role: 'admin' } }), 'i'))).toContain('"team.role" is not owner or member ("admin")');
  });

  it('glossary entries: a string id and string translations', () => {
    expect(checkEntry({ id: 'e', translations: { en: 'x' } }, 'e').id).toBe('e');
    expect(refused(() => checkEntry({ id: '', translations: {} }, 'e'))).toContain('field "id"');
    expect(refused(() => checkEntry({ id: 'e', translations: null }, 'e'))).toContain('field "translations"');
    expect(refused(() => checkEntry({ id: 'e', translations: { fr: ['x'] } }, 'e'))).toContain('field "translations.fr" is not a string');
  });
});
