// The keys the translation feature reads (`teamctl help glossary-files`, "Keys the translation
// feature reads"): every mapping rule, on its own.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  keyVerdict,
  nearestServiceLanguage,
  parseLanguageMap,
  respelled,
  serviceKey,
  serviceLanguages,
  serviceSpelling,
  unusableKeyMessage,
} from '../../src/glossary/serviceLanguages.js';

// The `TranslationLanguage` enum of the service's OpenAPI document (@gitbook/api 0.202.0), as
// published: the module's copy must be exactly this list.
const published = 'en fr de es it pt pt-br ru ja zh zh-tw yue ko ar hi nl pl tr sv no da fi el cs hu ro th vi id ms he uk sk bg hr lt lv et sl'.split(' ');

describe('the service languages', () => {
  it('are the 39 codes of the published TranslationLanguage enum, in its order', () => {
    expect(serviceLanguages).toEqual(published);
    expect(serviceLanguages).toHaveLength(39);
  });

  it('a key equal to one ignoring case is written in the service spelling', () => {
    expect(serviceSpelling('pt-BR')).toBe('pt-br');
    expect(serviceSpelling('ZH-TW')).toBe('zh-tw');
    expect(serviceSpelling(' EN ')).toBe('en');
    expect(serviceSpelling('de-DE')).toBeUndefined();
    expect(keyVerdict('pt-BR')).toEqual({ kind: 'respelled', key: 'pt-BR', to: 'pt-br' });
    expect(keyVerdict('pt-br')).toEqual({ kind: 'service', key: 'pt-br' });
    expect(serviceKey('zh-TW')).toBe('zh-tw');
  });
});

describe('the nearest service language of a key the feature has no language for', () => {
  it.each([
    ['de-DE', 'de'],
    ['en-US', 'en'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    ['zh-HK', 'zh-tw'],
    ['zh-Hans', 'zh'],
    ['zh-CN', 'zh'],
    ['nb', 'no'],
    ['nn', 'no'],
    ['no-NO', 'no'],
    ['es-419', 'es'],
    ['pt-PT', 'pt'],
    ['pt-Latn-BR', 'pt-br'],
    ['yue-Hant', 'yue'],
    ['iw', 'he'],
    ['id-ID', 'id'],
    ['de_AT', 'de'],
  ])('%s → %s', (key, nearest) => {
    expect(nearestServiceLanguage(key)).toBe(nearest);
    expect(keyVerdict(key)).toEqual({ kind: 'unusable', key, nearest });
    expect(serviceKey(key)).toBeUndefined();
  });

  it('none for a language the service does not translate, nor for what is no language tag', () => {
    expect(nearestServiceLanguage('fa')).toBeUndefined();
    expect(nearestServiceLanguage('sr-Latn')).toBeUndefined();
    expect(nearestServiceLanguage('not a tag')).toBeUndefined();
  });

  it('the warning names the nearest language and the flag that maps it', () => {
    expect(unusableKeyMessage('de-DE', 'de')).toBe('the translation feature has no language "de-DE" (the nearest is de: --map-language de-DE=de)');
    expect(unusableKeyMessage('fa', undefined)).toBe('the translation feature has no language "fa" (map it to one with --map-language)');
  });
});

describe('--map-language', () => {
  it('maps keys in any case to a service language (repeatable, comma-separated)', () => {
    const map = parseLanguageMap(['de-DE=de,zh-Hant=ZH-TW', 'nb = no']);
    expect([...map]).toEqual([['de-de', 'de'], ['zh-hant', 'zh-tw'], ['nb', 'no']]);
    expect(keyVerdict('DE-de', map)).toEqual({ kind: 'mapped', key: 'DE-de', to: 'de' });
    expect(serviceKey('zh-Hant', map)).toBe('zh-tw');
    expect(parseLanguageMap(undefined).size).toBe(0);
  });

  it.each([
    [['de-DE=deu'], /"deu" is not a language of the translation feature/],
    [['de-DE'], /key=language pairs/],
    [['de-DE=de=x'], /key=language pairs/],
    [['de-DE=de,'], /key=language pairs/],
    [['de-DE=de', 'de-de=fr'], /maps "de-de" twice \(to de and fr\)/],
  ])('%j is a usage error (exit 2)', (values, message) => {
    expect(() => parseLanguageMap(values)).toThrow(UsageError);
    expect(() => parseLanguageMap(values)).toThrow(message);
  });

  it('the same mapping twice is fine', () => {
    expect([...parseLanguageMap(['de-DE=de', 'de-DE=de'])]).toEqual([['de-de', 'de']]);
  });
});

describe('respelled', () => {
  it('writes service spellings, moves mapped keys, keeps other keys, first of two landing on one stands', () => {
    expect(respelled({ 'pt-BR': 'cor', 'de-DE': 'Farbe', en: 'color' })).toEqual({ 'pt-br': 'cor', 'de-DE': 'Farbe', en: 'color' });
    expect(respelled({ 'de-DE': 'Farbe', en: 'color' }, new Map([['de-de', 'de']]))).toEqual({ de: 'Farbe', en: 'color' });
    expect(respelled({ 'PT-BR': 'a', 'pt-br': 'b' })).toEqual({ 'pt-br': 'a' });
  });
});
