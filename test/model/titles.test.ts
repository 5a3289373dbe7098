// One fold and one rule for team titles (README, "Teams by id or title").
import { describe, expect, it } from 'vitest';
import { hiddenInTitle, normalTitle, titleKey } from '../../src/model/titles.js';
import { planCreate, planRename, titleProblem } from '../../src/plan/teamChanges.js';

const teams = [{ id: 'data', title: 'Data', members: 0 }, { id: 'cafe', title: 'Café Team', members: 0 }];

describe('titleKey', () => {
  it('makes compatibility forms, case and composition one', () => {
    expect(titleKey('Ｄａｔａ')).toBe(titleKey('data'));
    expect(titleKey('PLATFORM')).toBe(titleKey('platform'));
    expect(titleKey('ﬁles')).toBe(titleKey('FILES'));
    expect(titleKey('Cafe\u0301 Team')).toBe(titleKey('Café Team'));
    expect(titleKey('Data')).not.toBe(titleKey('Date'));
  });
});

describe('what a title may hold', () => {
  it.each([
    ['\u202Emaet', 'U+202E'],
    ['Team\u2066x', 'U+2066'],
    ['\u200B', 'U+200B'],
    ['Café\u200B Team', 'U+200B'],
    ['a\uFEFFb', 'U+FEFF'],
    ['\u2060', 'U+2060'],
  ])('%j is refused, naming %s', (title, code) => {
    expect(hiddenInTitle(normalTitle(title))).toContain(code);
    expect(titleProblem(normalTitle(title))).toContain(code);
  });

  it('a title of nothing visible is refused; a plain one, an accented one or an emoji one is not', () => {
    expect(hiddenInTitle('\u0301\u0301')).toBe('a title needs at least one visible character');
    for (const ok of ['Data Platform', 'Équipe', 'Ops 🚀', '数据']) expect(hiddenInTitle(ok), ok).toBeUndefined();
  });

  it('teams create: trimmed and NFC; a look-alike of an existing title is that title (exit 2), a hidden character refused', () => {
    expect(planCreate(['  Cafe\u0301 Lab '], teams).changes).toEqual([{ action: 'create', title: 'Café Lab' }]);
    expect(planCreate(['Ｄａｔａ'], teams).problems).toEqual([expect.objectContaining({ kind: 'usage' })]);
    expect(planCreate(['Café\u200B Team'], teams).problems[0]?.message).toContain('U+200B');
    expect(planRename('data', '\u202Eatad', teams).problems[0]?.message).toContain('U+202E');
    expect(planRename('data', 'ＣＡＦÉ team', teams).problems[0]?.message).toContain('exists already (cafe)');
  });
});
