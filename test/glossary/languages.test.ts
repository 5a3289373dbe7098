import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseLanguageList, selectLanguages, translationFor } from '../../src/glossary/languages.js';

describe('--lang', () => {
  it('keeps the codes in the order given, trimmed', () => {
    expect(parseLanguageList('fr, en ,pt-BR')).toEqual(['fr', 'en', 'pt-BR']);
  });
  it.each(['', 'en,', 'en,,fr', 'english', 'en_US', 'id', 'en,EN'])('refuses %j', (value) => {
    expect(() => parseLanguageList(value)).toThrow(UsageError);
  });
  it('looks translations up case-insensitively, the exact spelling first', () => {
    expect(translationFor({ 'pt-BR': 'banco' }, 'pt-br')).toBe('banco');
    expect(translationFor({ EN: 'A', en: 'b' }, 'en')).toBe('b');
    expect(translationFor({ en: 'b' }, 'fr')).toBeUndefined();
  });
  it('selects languages, spelled as asked, leaving out empty ones', () => {
    expect(selectLanguages({ en: 'bank', FR: 'banque', de: '' }, ['fr', 'de', 'ja'])).toEqual({ fr: 'banque' });
  });
});
