// Path segments (src/api/segment.ts): no identifier can change a request path's shape.
import { describe, expect, it } from 'vitest';
import { glossaryPath } from '../../src/api/glossary.js';
import { teamMembersPath } from '../../src/api/members.js';
import { identifierProblem, pathSegment } from '../../src/api/segment.js';
import { UsageError } from '../../src/errors.js';

describe('path segments', () => {
  it('refuses dot segments, separators and control characters', () => {
    for (const value of ['', '.', '..', 'a/b', '/', 'a\\b', 'a?x=1', 'a#f', 'a\u0000', '\u001b[2J', 'a\u007f', 'a\u0085']) {
      expect(identifierProblem(value), JSON.stringify(value)).toBeDefined();
      expect(() => pathSegment(value, 'team')).toThrow(UsageError);
    }
    expect(() => pathSegment('..', 'team')).toThrow('invalid team "..": ".." would change the path; nothing was sent');
  });

  it('encodes everything else so it stays one segment', () => {
    expect(pathSegment('a b%2F..', 'team')).toBe('a%20b%252F..');
    expect(pathSegment('...', 'team')).toBe('...');
    expect(pathSegment('ünï', 'team')).toBe('%C3%BCn%C3%AF');
    expect(teamMembersPath('acme', 'design team')).toBe('/orgs/acme/teams/design%20team/members');
    expect(() => teamMembersPath('acme', '..')).toThrow(UsageError);
    expect(() => glossaryPath('a/b')).toThrow(UsageError);
  });
});
