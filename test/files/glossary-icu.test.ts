// Languages as ICU knows them (src/files/glossary/icu.ts; `teamctl help glossary-files`, "Glossary file layouts"): which
// header cells and --languages values are languages, English names a layout writes (Crowdin's
// `Term:German`), and MultiTerm's language attributes (src/files/glossary/multiterm.ts).
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { knownLanguage, languageKeyShaped, languageOf, parseLanguagesFlag } from '../../src/files/glossary/icu.js';
import { multiTermLanguage } from '../../src/files/glossary/multiterm.js';

describe('knownLanguage', () => {
  it.each(['en', 'DE', 'pt-BR', 'zh-Hans', 'es-419', 'sr-Latn', 'de-CH'])('%s is a language', (tag) => {
    expect(knownLanguage(tag)).toBe(true);
  });

  it('a tag with subtags ICU has no name for is its base language', () => {
    expect(knownLanguage('en-brand')).toBe(true);
  });

  it.each([
    ['und', 'the undetermined language'],
    ['UND', 'the undetermined language, in capitals'],
    ['ai', 'two letters ICU names no language'],
    ['xx-brand', 'a base language ICU does not know'],
    ['en-US-US', 'a region twice (ICU refuses the tag)'],
    ['e n', 'not a language key'],
    ['', 'nothing'],
  ])('%s is none (%s)', (tag) => {
    expect(knownLanguage(tag)).toBe(false);
  });
});

describe('languageKeyShaped', () => {
  it.each([
    ['xx-brand', true],
    ['en', true],
    ['english', false],
    ['en_US', false],
  ])('%s: %s', (cell, shaped) => {
    expect(languageKeyShaped(cell)).toBe(shaped);
  });
});

describe('languageOf', () => {
  it.each([
    [' de ', 'de'],
    ['pt-BR', 'pt-BR'],
    ['German', 'de'],
    ['  german ', 'de'],
    ['Brazilian Portuguese', 'pt-BR'],
    ['Portuguese, Brazilian', 'pt-BR'],
    ['Portuguese,Brazilian', 'pt-BR'],
    ['Chinese  Simplified', 'zh-Hans'],
    ['Chinese Simplified', 'zh-Hans'],
    ['Simplified Chinese', 'zh-Hans'],
    ['Latin American Spanish', 'es-419'],
    ['Flemish', 'nl-BE'],
    ['Chinese', 'zh'],
  ])('%s is %s', (text, tag) => {
    expect(languageOf(text)).toBe(tag);
  });

  // Regional and script forms tools write in full: each found by ICU's own English name for it
  // (read from ICU here, so the test holds whichever version of ICU names them).
  it.each(['pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'zh-HK', 'es-419', 'es-MX', 'es-ES', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'fr-CA', 'fr-CH', 'de-AT', 'de-CH', 'sr-Latn', 'sr-Cyrl', 'nl-BE'])(
    '%s by its English name',
    (tag) => {
      const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) as string;
      expect(languageOf(name)).toBe(tag);
      expect(languageOf(name.toUpperCase())).toBe(tag);
    },
  );

  it('every two-letter language by its English name, as its current tag where ICU also names a deprecated one', () => {
    expect(languageOf('Norwegian Bokmål')).toBe('nb');
    expect(languageOf('Zulu')).toBe('zu');
    expect(languageOf('Afar')).toBe('aa');
    // mo, ji, in, iw, jw, tw, tl, sh: the same names, deprecated tags.
    expect(['Romanian', 'Yiddish', 'Indonesian', 'Hebrew', 'Javanese', 'Akan', 'Filipino', 'Serbian (Latin)'].map(languageOf)).toEqual(['ro', 'yi', 'id', 'he', 'jv', 'ak', 'fil', 'sr-Latn']);
  });

  it.each(['Elvish', 'Portuguese Brazilian Spanish', 'xx', ''])('%s is none', (text) => {
    expect(languageOf(text)).toBeUndefined();
  });
});

describe('parseLanguagesFlag', () => {
  it('keeps the tags as typed, trimmed, in order', () => {
    expect(parseLanguagesFlag(' en , pt-BR,DE')).toEqual(['en', 'pt-BR', 'DE']);
  });

  it.each([
    ['en,,de', '--languages takes language tags separated by commas, like en,de — not "en,,de"'],
    ['en,', '--languages takes language tags separated by commas, like en,de — not "en,"'],
    ['en,xx', '--languages: "xx" is no language tag ICU knows (like en, de, pt-BR)'],
    ['en,German', '--languages: "German" is no language tag ICU knows (like en, de, pt-BR)'],
    ['en,de,EN', '--languages names EN twice'],
  ])('%s is refused', (value, message) => {
    let thrown: unknown;
    try {
      parseLanguagesFlag(value);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(message);
  });
});

describe('multiTermLanguage', () => {
  it.each([
    [['EN-US', 'English'], 'en-US'],
    [[' de-de ', undefined], 'de-DE'],
    [['zh-hans-cn', undefined], 'zh-Hans-CN'],
    [[undefined, ' English '], 'English'],
    [['  ', 'German'], 'German'],
    [['', ''], undefined],
    [[undefined, '   '], undefined],
    [[undefined, undefined], undefined],
    [['x_bad!', 'English'], 'x_bad!'],
  ] as const)('%j is %s', ([lang, type], expected) => {
    expect(multiTermLanguage(lang, type)).toBe(expected);
  });
});
