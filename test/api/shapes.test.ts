// The shapes of the service's answers (src/api/shapes.ts), validator by validator.
import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/api/paginate.js';
import type { ApiClient } from '../../src/api/client.js';
import { answerLimits, checkEntry, checkMemberItem, checkMembersOnce, checkPage } from '../../src/api/shapes.js';
import { readTeam } from '../../src/members/team.js';
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

  it('values over the own limits of the service are the wrong shape, the field named (`teamctl help reliability`, "Bounded answers")', () => {
    const user = (over: Record<string, unknown>) => member({ organization: { id: 'm1', user: { id: 'u1', email: 'a@b.co', displayName: 'A', ...over } } });
    const email254 = `${'a'.repeat(249)}@b.co`;
    expect(checkMemberItem(user({ email: email254, id: 'u'.repeat(255), displayName: 'n'.repeat(1024) }), 'i').organization.user.email).toBe(email254);
    expect(refused(() => checkMemberItem(user({ email: `a${email254}` }), 'item 1 of page 1'))).toBe(
      'unexpected response from the service: field "organization.user.email" is 255 characters long (at most 254) (item 1 of page 1)',
    );
    expect(refused(() => checkMemberItem(user({ email: `${'a'.repeat(30_000)}@b.co` }), 'i'))).toContain('"organization.user.email" is 30,005 characters long');
    expect(refused(() => checkMemberItem(user({ id: 'u'.repeat(256) }), 'i'))).toContain('"organization.user.id" is 256 characters long (at most 255)');
    expect(refused(() => checkMemberItem(member({ organization: { id: 'm'.repeat(256), user: { id: 'u' } } }), 'i'))).toContain('"organization.id" is 256 characters long');
    expect(refused(() => checkMemberItem(user({ displayName: 'n'.repeat(answerLimits.displayName + 1) }), 'i'))).toContain('"organization.user.displayName" is 1,025 characters long (at most 1024)');
    // Translations count code points, as the schema does: 255 emoji are within the limit.
    expect(checkEntry({ id: 'e', translations: { en: '😀'.repeat(255) } }, 'e').translations.en).toHaveLength(510);
    expect(refused(() => checkEntry({ id: 'e', translations: { en: 'x'.repeat(256) } }, 'e'))).toContain('field "translations.en" is 256 characters long (at most 255)');
    expect(refused(() => checkEntry({ id: 'e'.repeat(256), translations: {} }, 'e'))).toContain('field "id" is 256 characters long (at most 255)');
  });

  it('a user listed twice in one page is the wrong shape; across pages (a listing racing a change) it counts once', async () => {
    const item = (id: string) => checkMemberItem(member({ organization: { id: `m-${id}`, user: { id } } }), 'i');
    expect(refused(() => checkMembersOnce([item('u1'), item('u2'), item('u1')], 'page 3 of t'))).toBe(
      'unexpected response from the service: the user "u1" is listed twice (items 1 and 3) (page 3 of t)',
    );
    const pages: Record<string, unknown> = {
      first: { items: [member({ organization: { id: 'm', user: { id: 'u1' } } })], next: { page: 'b' } },
      b: { items: [member({ organization: { id: 'm2', user: { id: 'u2' } } }), member({ organization: { id: 'm', user: { id: 'u1' } } })] },
    };
    const client = {
      pages: <T>(_path: string, _limit: number, options: Parameters<typeof paginate<T>>[1]) =>
        paginate<T>(async (cursor) => ({ data: pages[cursor ?? 'first'], bytes: 100 }), options),
    } as unknown as ApiClient;
    expect((await readTeam(client, 'o', 'eng', 'to plan')).map((m) => m.id)).toEqual(['u1', 'u2']);
    pages.b = { items: [member({ organization: { id: 'm2', user: { id: 'u2' } } }), member({ organization: { id: 'm3', user: { id: 'u2' } } })] };
    await expect(readTeam(client, 'o', 'eng', 'to plan')).rejects.toThrow('the user "u2" is listed twice (items 1 and 2) (page 2 of the members of team eng)');
  });
});
