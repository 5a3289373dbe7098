// The rules of `teamctl glossary lint` on their own: each finding present, and absent where the
// glossary is clean (`teamctl help glossary-files`, "Glossary lint").
import { describe, expect, it } from 'vitest';
import { hasErrors, lintGlossary, readerFindings, type LintInput } from '../../src/glossary/lintRules.js';

const file = (items: LintInput['items'], more: Partial<LintInput> = {}): LintInput => ({ file: 'terms.csv', items, key: 'en', languages: ['en', 'de'], map: new Map(), ...more });
const rules = (input: LintInput): string[] => lintGlossary(input).map((f) => `${f.severity} ${f.rule} ${f.line ?? f.entry ?? ''}`);

describe('glossary lint rules', () => {
  it('a clean glossary has no finding', () => {
    expect(lintGlossary(file([{ line: 2, translations: { en: 'bank', de: 'Bank' } }, { line: 3, translations: { en: 'door', de: 'Tür' } }]))).toEqual([]);
  });

  it('duplicates: rows the reader merged, entries with the same translations (error), each with a fix', () => {
    expect(lintGlossary(file([{ line: 2, translations: { en: 'bank' } }], { merged: [{ line: 5, into: 2 }] }))).toEqual([
      { severity: 'error', rule: 'duplicate', file: 'terms.csv', line: 5, entry: null, message: 'identical to line 2', fix: 'delete this row' },
    ]);
    const live = lintGlossary({ items: [{ entry: 'a', translations: { en: 'bank', de: 'Bank' } }, { entry: 'b', translations: { EN: ' bank', de: 'Bank' } }], key: 'en', languages: ['en', 'de'], map: new Map() });
    expect(live).toEqual([{ severity: 'error', rule: 'duplicate', file: null, line: null, entry: 'b', message: 'the same translations as entry a', fix: 'delete it: teamctl glossary delete b' }]);
  });

  it('case variants of the key term, and one term with other translations (warnings)', () => {
    const found = lintGlossary(file([{ line: 2, translations: { en: 'bank', de: 'Bank' } }, { line: 3, translations: { en: 'Bank', de: 'Ufer' } }, { line: 4, translations: { en: 'shore', de: 'Ufer' } }]));
    expect(found.map((f) => [f.rule, f.line, f.message])).toEqual([
      ['case-variant', 3, 'the en term "Bank" differs only in case from "bank" on line 2'],
      ['several-translations', 4, 'the de term "Ufer" is also on line 3, with other translations'],
    ]);
    expect(hasErrors(found)).toBe(false);
  });

  it('terms over 255 characters or with a line break, and empty entries (errors)', () => {
    expect(rules({ items: [{ entry: 'a', translations: { en: 'x'.repeat(256) } }, { entry: 'b', translations: { en: 'y'.repeat(255), de: 'a\nb' } }, { entry: 'c', translations: { en: ' ' } }], key: 'en', languages: ['en', 'de'], map: new Map() })).toEqual([
      'error too-long a',
      'error line-break b',
      'error empty c',
    ]);
  });

  it('keys the feature cannot use: a warning, an error for the key language; respelled keys in the live glossary only', () => {
    expect(rules(file([], { languages: ['en', 'de-DE', 'pt-BR'] }))).toEqual(['warning unusable-key 1']);
    expect(rules(file([], { languages: ['en-US', 'de'], key: 'en-US' }))).toEqual(['error unusable-key 1']);
    expect(rules(file([], { languages: ['en-US', 'de'], key: 'en-US', map: new Map([['en-us', 'en']]) }))).toEqual([]);
    const live = lintGlossary({ items: [{ entry: 'a', translations: { en: 'bank', 'pt-BR': 'banco', nb: 'bank' } }], key: 'en', languages: ['en', 'nb', 'pt-BR'], map: new Map() });
    expect(live.map((f) => [f.severity, f.rule, f.message, f.fix])).toEqual([
      ['warning', 'unusable-key', 'the translation feature has no language "nb" (the nearest is no: --map-language nb=no) (1 entry): its terms are not sent', 'teamctl glossary sync <file> --rewrite-keys --map-language nb=no'],
      ['warning', 'respelled-key', '"pt-BR" is the translation feature\'s pt-br in another case (1 entry)', 'teamctl glossary sync <file> --rewrite-keys'],
    ]);
  });

  it('a term equal to its source on a row marked translatable (warning); not on a row that is not', () => {
    const items = [{ line: 2, translations: { en: 'browser', de: 'browser' } }, { line: 3, translations: { en: 'PNG', de: 'PNG' } }];
    expect(rules(file(items, { translatable: [2] }))).toEqual(['warning untranslated 2']);
    expect(rules(file(items, { translatable: [] }))).toEqual([]);
  });

  it('a term a status left out, present as a translation (error), in its own language only', () => {
    const items: LintInput['items'] = [{ line: 2, translations: { en: 'allowlist', de: 'Whitelist' } }, { line: 3, translations: { en: 'Whitelist' } }];
    const found = lintGlossary(file(items, { leftOut: [{ line: 4, language: 'de', term: 'Whitelist', why: 'forbidden' }] }));
    expect(found.map((f) => [f.severity, f.rule, f.line, f.message])).toEqual([['error', 'forbidden', 2, 'the de term "Whitelist" is marked forbidden on line 4']]);
    expect(hasErrors(found)).toBe(true);
  });

  it("the reader's problems are errors, named by rule where known", () => {
    const found = readerFindings([
      { file: 'f.csv', line: 3, message: '"en" translation is 300 characters long (limit 255)' },
      { file: 'f.csv', line: 4, message: '"en" translation contains a line break' },
      { file: 'f.csv', line: 5, message: 'en term "abuse" is also on line 2 with other translations' },
      { file: 'f.csv', line: 6, message: 'row has no translation' },
      { file: 'f.csv', line: 1, message: 'empty file' },
    ]);
    expect(found.map((f) => `${f.severity} ${f.rule} ${f.line}`)).toEqual(['error too-long 3', 'error line-break 4', 'error several-translations 5', 'error empty 6', 'error unreadable 1']);
  });
});
