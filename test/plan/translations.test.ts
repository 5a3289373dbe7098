// Which translations a run asks for (`teamctl help translations`, "Running"): each run is billable,
// so the choice is checked exactly — ids, --all, --language in any case, and the languages a
// glossary change touched (an update touches only the languages whose term it changes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseTranslations, languageKey, touchedLanguages } from '../../src/plan/translations.js';

const listed = [
  { id: 'a', language: 'de' },
  { id: 'b', language: 'pt-br' },
  { id: 'c', language: 'fr' },
  { id: 'd', language: 'de' },
];

describe('chooseTranslations', () => {
  it('by id: in the listing order, each once; unknown ids are named', () => {
    expect(chooseTranslations(listed, { ids: ['d', 'a', 'a', 'x'] })).toEqual({ chosen: [listed[0], listed[3]], unknown: ['x'] });
    expect(chooseTranslations(listed, { ids: ['b'] })).toEqual({ chosen: [listed[1]], unknown: [] });
  });

  it('--all: every one; --language: those into the languages, in any case and spacing', () => {
    expect(chooseTranslations(listed, { all: true }).chosen).toEqual(listed);
    expect(chooseTranslations(listed, { languages: ['DE'] }).chosen.map((t) => t.id)).toEqual(['a', 'd']);
    expect(chooseTranslations(listed, { languages: [' pt-BR ', 'ja'] }).chosen.map((t) => t.id)).toEqual(['b']);
    expect(chooseTranslations(listed, { languages: [] }).chosen).toEqual([]);
  });

  it('never chooses a translation outside the choice (property)', () => {
    const code = fc.constantFrom('de', 'fr', 'pt-br', 'ja', 'en');
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.string({ minLength: 1, maxLength: 3 }), language: code })), fc.array(code), (list, languages) => {
        const { chosen } = chooseTranslations(list, { languages: languages.map((l) => l.toUpperCase()) });
        expect(chosen.every((t) => languages.includes(t.language))).toBe(true);
        expect(chosen.length).toBe(list.filter((t) => languages.includes(t.language)).length);
      }),
    );
  });
});

describe('touchedLanguages', () => {
  it('an insert touches each of its languages, a delete each of the entry it deletes, in lower case', () => {
    expect(touchedLanguages([{ translations: { en: 'bank', 'pt-BR': 'banco' } }])).toEqual(['en', 'pt-br']);
    expect(touchedLanguages([])).toEqual([]);
  });

  it('an update touches the languages whose term it changes, adds or removes, not those it keeps', () => {
    expect(touchedLanguages([{ translations: { en: 'Space', de: 'Raum', fr: 'Espace' }, before: { en: 'Space', de: 'Bereich', fr: 'Espace', ja: 'スペース' } }])).toEqual(['de', 'ja']);
    expect(touchedLanguages([{ translations: { en: 'x', it: 'y' }, before: { en: 'x' } }])).toEqual(['it']);
    expect(touchedLanguages([{ translations: { en: 'x' }, before: { en: 'x' } }])).toEqual([]);
  });

  it('two spellings of one language are one', () => {
    expect(touchedLanguages([{ translations: { 'zh-TW': 'a' } }, { translations: { 'zh-tw': 'b' } }])).toEqual(['zh-tw']);
    expect(languageKey(' PT-br ')).toBe('pt-br');
  });
});
