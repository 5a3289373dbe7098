// One fold and one rule for team titles (README, "Teams by id or title").
import fc from 'fast-check';
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

  // Unicode's classes, each read on its own: the rule must refuse exactly the code points in one of them.
  const classes = [/\p{Default_Ignorable_Code_Point}/u, /\p{Bidi_Control}/u, /\p{Zl}/u, /\p{Zp}/u, /\p{Cc}/u, /\p{Cf}/u];
  const inAClass = (ch: string): boolean => classes.some((c) => c.test(ch));
  const codePoints = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((c) => c < 0xd800 || c > 0xdfff);
  const classMembers = codePoints(0, 0x10ffff).filter((c) => inAClass(String.fromCodePoint(c)));

  it('refuses a code point inside a title exactly when Unicode puts it in one of the classes', () => {
    const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff);
    // Half the draws from the classes themselves, so each is met often, not once in thousands.
    fc.assert(
      fc.property(fc.oneof(anyCodePoint, fc.constantFrom(...classMembers)), (c) => {
        const ch = String.fromCodePoint(c);
        const problem = hiddenInTitle(`ab${ch}cd`);
        if (inAClass(ch)) expect(problem, ch).toContain(`U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
        else expect(problem, ch).toBeUndefined();
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    [0x200e, 'left-to-right mark'],
    [0x200f, 'right-to-left mark'],
    [0x061c, 'Arabic letter mark'],
    [0x3164, 'Hangul filler'],
    [0x115f, 'Hangul choseong filler'],
    [0x1160, 'Hangul jungseong filler'],
    [0xffa0, 'halfwidth Hangul filler'],
    [0x034f, 'combining grapheme joiner'],
    [0xe0041, 'tag Latin capital A'],
    [0x2028, 'line separator'],
    [0x2029, 'paragraph separator'],
    [0xfff9, 'interlinear annotation anchor'],
    [0x180e, 'Mongolian vowel separator'],
    [0x00ad, 'soft hyphen'],
  ])('code point %d (%s) inside a title is refused, named', (c) => {
    const code = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    expect(hiddenInTitle(`ab${String.fromCodePoint(c)}cd`)).toContain(code);
  });

  it('a title of soft hyphens, or of format characters only, is refused', () => {
    expect(hiddenInTitle('\u00ad\u00ad\u00ad')).toContain('U+00AD');
    expect(hiddenInTitle('\ufff9\ufffa\ufffb')).toContain('U+FFF9');
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
