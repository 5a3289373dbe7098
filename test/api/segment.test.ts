// Path segments (src/api/segment.ts): no identifier can change a request path's shape.
import { describe, expect, it } from 'vitest';
import { glossaryPath } from '../../src/api/glossary.js';
import { teamMembersPath } from '../../src/api/members.js';
import { identifierProblem, pathSegment, teamNameProblem } from '../../src/api/segment.js';
import { UsageError } from '../../src/errors.js';

describe('path segments', () => {
  it('refuses dot segments, separators and control characters', () => {
    for (const value of ['', '.', '..', 'a/b', '/', 'a\\b', 'a?x=1', 'a#f', 'a\u0000', '\u001b[2J', 'a\u007f', 'a\u0085']) {
      expect(identifierProblem(value), JSON.stringify(value)).toBeDefined();
      expect(() => pathSegment(value, 'team')).toThrow(UsageError);
    }
    expect(() => pathSegment('..', 'team')).toThrow('invalid team "..": ".." would change the path; nothing was sent');
  });

  it('says why, in words of its own for each kind of problem', () => {
    expect(identifierProblem('')).toBe('it is empty');
    expect(identifierProblem('.')).toBe('"." would change the path');
    expect(identifierProblem('..')).toBe('".." would change the path');
    for (const c of ['/', '\\', '?', '#']) expect(identifierProblem(`a${c}b`)).toBe(`it contains "${c}"`);
    // The first character that ends the segment is the one named.
    expect(identifierProblem('a#b/c')).toBe('it contains "#"');
    for (const c of ['\u0000', '\u0009', '\u001f', '\u007f', '\u0085', '\u009f']) expect(identifierProblem(`a${c}b`), JSON.stringify(c)).toBe('it contains a control character');
    // The printable characters around the control ranges are allowed, encoded.
    for (const c of [' ', '~', '\u00a0', '.a', 'a..b']) expect(identifierProblem(c), JSON.stringify(c)).toBeUndefined();
    expect(() => pathSegment('a\u0007', 'user')).toThrow(new UsageError('invalid user "a\\u0007": it contains a control character; nothing was sent'));
  });

  it('a team name is refused as an id in a path is: it names a team by id or by title, and cannot be either', () => {
    expect(teamNameProblem('')).toBe('it is empty');
    for (const name of ['Platform Team', ' ', '~\u00a0', '.a', 'a..b', 'Data & AI']) expect(teamNameProblem(name), name).toBeUndefined();
    expect(teamNameProblem('.')).toBe('"." would change the path');
    expect(teamNameProblem('..')).toBe('".." would change the path');
    for (const c of ['/', '\\', '?', '#']) expect(teamNameProblem(`a${c}b`), c).toBe(`it contains "${c}"`);
    for (const c of ['\u0000', '\u001f', '\u007f', '\u009f']) expect(teamNameProblem(`a${c}`), JSON.stringify(c)).toBe('it contains a control character');
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
