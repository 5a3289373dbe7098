// The pair formats of `glossary export` (README, "The glossary") and DeepL's codes read back as
// the glossary's keys (`teamctl help glossary-files`, "Glossary file layouts").
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { PairWriter } from '../../src/files/glossary-pairs.js';
import { deeplCode } from '../../src/files/glossary/headerless.js';
import { parseGlossaryFile } from '../../src/files/glossary/read.js';
import { deeplCodesToKeys } from '../../src/glossary/deeplKeys.js';

const entry = (id: string, translations: Record<string, string>) => ({ id, translations });

describe("DeepL's codes", () => {
  it('the primary subtag in upper case; Norwegian is NB', () => {
    expect(['en-US', 'pt-BR', 'zh-Hant', 'de', 'no', 'nb', 'EN_gb'].map(deeplCode)).toEqual(['EN', 'PT', 'ZH', 'DE', 'NB', 'NB', 'EN']);
  });
});

describe('PairWriter', () => {
  it('reads keys case-insensitively, writes trimmed NFC terms, leaves out entries missing a language or repeating a source term', () => {
    const w = new PairWriter('deepl', ['en', 'de']);
    expect(w.row(entry('a', { EN: '  cafe\u0301 ', de: 'Café' }))).toBe('café,Café,EN,DE\n');
    expect(w.row(entry('b', { en: 'door' }))).toBe('');
    expect(w.row(entry('c', { en: 'café', de: 'Kaffeehaus' }))).toBe('');
    expect(w.repeatedWarning()).toBe('1 entry left out: its en term is already on an earlier line (c); a pair glossary takes each source term once');
    // One language under two spellings with different terms: the first in the entry's key order, said.
    expect(w.row(entry('d', { de: 'Dach', en: 'roof', EN: 'Roof' }))).toBe('roof,Dach,EN,DE\n');
    expect(w.conflicts).toEqual([{ id: 'd', column: 'en', keys: ['en', 'EN'] }]);
  });

  it('refuses a term it cannot carry (a control character, NEL, U+2028), naming the entry; a pair DeepL cannot tell apart', () => {
    for (const bad of ['a\tb', 'a\u0085b', 'a\u2028b', 'a\u007fb']) {
      expect(() => new PairWriter('tsv-pair', ['en', 'de']).row(entry('ge_1', { en: 'x', de: bad }))).toThrow(/^entry "ge_1": its "de" term .* holds U\+[0-9A-F]{4} \(a tab, a line break or another control character\), which --format tsv-pair cannot carry$/s);
    }
    expect(() => new PairWriter('deepl', ['pt-BR', 'pt-PT'])).toThrow(
      new UsageError('--languages pt-BR,pt-PT: DeepL names both PT (its glossaries have no regional variants), so they cannot be a DeepL pair'),
    );
    // tsv-pair has no such limit: the keys are written as they are.
    expect(new PairWriter('tsv-pair', ['pt-BR', 'pt-PT']).row(entry('a', { 'pt-BR': 'ônibus', 'pt-PT': 'autocarro' }))).toBe('ônibus\tautocarro\n');
  });
});

describe('PairWriter at its edges', () => {
  it('an entry missing its source or its target term is left out; a repeat warning names five entries at most', () => {
    const w = new PairWriter('deepl', ['en', 'de']);
    expect(w.repeatedWarning()).toBeUndefined();
    expect(w.row(entry('a', { de: 'Tür' }))).toBe('');
    expect(w.row(entry('b', { en: 'door', de: '' }))).toBe('');
    expect(w.row(entry('c', { en: 'door', de: 'Tür' }))).toBe('door,Tür,EN,DE\n');
    // How many were left out for lacking a term, and why.
    expect(w.lackingWarning()).toBe('2 entries left out: 1 with no de term, 1 with no en term (b, a); a pair glossary holds only entries with a term in both languages');
    for (const id of ['d1', 'd2', 'd3', 'd4', 'd5']) expect(w.row(entry(id, { en: 'door', de: 'Tor' }))).toBe('');
    expect(w.repeatedWarning()).toBe('5 entries left out: their en term is already on an earlier line (d1, d2, d3, d4, d5); a pair glossary takes each source term once');
    w.row(entry('d6', { en: 'door', de: 'Pforte' }));
    expect(w.repeatedWarning()).toBe('6 entries left out: their en term is already on an earlier line (d1, d2, d3, d4, d5, …); a pair glossary takes each source term once');
  });

  it('a term it cannot carry is named with its code point, and what to do', () => {
    let err: UsageError | undefined;
    try {
      new PairWriter('deepl', ['en', 'de']).row(entry('e1', { en: 'x\ty', de: 'z' }));
    } catch (e) {
      err = e as UsageError;
    }
    expect(err?.message).toBe('entry "e1": its "en" term "x\\ty" holds U+0009 (a tab, a line break or another control character), which --format deepl cannot carry');
    expect(err?.hint).toBe('export it with --format json or tbx, or correct the term');
    expect(new PairWriter('deepl', ['en', 'de']).row(entry('e2', { en: 'x y', de: 'ü' }))).toBe('x y,ü,EN,DE\n');
  });

  it('plain TSV refuses a term wholly in quotes, naming it; a quote inside, or CSV, carries it', () => {
    const tsv = new PairWriter('tsv-pair', ['en', 'de']);
    let err: UsageError | undefined;
    try {
      tsv.row(entry('q1', { en: 'door', de: '"Tür"' }));
    } catch (e) {
      err = e as UsageError;
    }
    expect(err?.message).toBe('entry "q1": its "de" term "\\"Tür\\"" is wholly in quotes, which plain TSV (--format tsv-pair) cannot carry');
    expect(err?.hint).toBe('export it with --format json or tbx, or correct the term');
    expect(tsv.row(entry('q2', { en: '"door', de: 'a "b" c' }))).toBe('"door\ta "b" c\n');
    expect(tsv.row(entry('q3', { en: 'x"', de: '"' }))).toBe('x"\t"\n');
    expect(tsv.row(entry('q5', { en: 'say "hi"', de: '"hallo" sagen' }))).toBe('say "hi"\t"hallo" sagen\n');
    expect(() => tsv.row(entry('q6', { en: '"gate"', de: 'Tor' }))).toThrow('entry "q6": its "en" term "\\"gate\\"" is wholly in quotes');
    expect(new PairWriter('deepl', ['en', 'de']).row(entry('q4', { en: 'door', de: '"Tür"' }))).toBe('door,"""Tür""",EN,DE\n');
  });
});

describe('a DeepL file read by its codes, the codes made the glossary keys', () => {
  const file = () => parseGlossaryFile('bank,Bank,EN,DE\ndoor,Tür,EN,DE\n', 'deepl.csv');

  it("a code is the glossary's key of its language: the same key any case, else the one key with that primary subtag", () => {
    const existing = [entry('1', { 'en-US': 'bank', de: 'Bank' })];
    const keyed = deeplCodesToKeys(file(), existing);
    expect(keyed.languages).toEqual(['en-US', 'de']);
    expect(keyed.key).toBe('en-US');
    expect(keyed.rows.map((r) => r.translations)).toEqual([
      { 'en-US': 'bank', de: 'Bank' },
      { 'en-US': 'door', de: 'Tür' },
    ]);
  });

  it('two keys of one language: refused naming --languages; no such key: the code stays, silently', () => {
    expect(() => deeplCodesToKeys(file(), [entry('1', { 'en-US': 'bank', 'en-GB': 'bank', DE: 'Bank' })], 'deepl.csv')).toThrow(
      new UsageError('deepl.csv is a DeepL glossary, whose codes have no region, and in this glossary EN stands for en-US and en-GB: name the languages with --languages (e.g. --languages en-US,DE); nothing was sent'),
    );
    expect(deeplCodesToKeys(file(), []).languages).toEqual(['en', 'de']);
    // A file read with --languages is left as it is.
    const named = parseGlossaryFile('bank,Bank,EN,DE\n', 'deepl.csv', { languages: ['en-GB', 'de'] });
    expect(deeplCodesToKeys(named, [entry('1', { 'en-US': 'x', 'en-GB': 'y' })]).languages).toEqual(['en-GB', 'de']);
  });

  it('a code that names a key itself stays; keys that differ only in case are one; every ambiguous code is named; a file read by its header is left alone', () => {
    const both = parseGlossaryFile('bank,Bank,EN,DE\n', 'deepl.csv');
    // DE is the key `de` itself, not one of the keys whose primary subtag is DE.
    expect(deeplCodesToKeys(both, [entry('1', { de: 'Bank', 'de-AT': 'Bank', 'en-US': 'bank' })]).languages).toEqual(['en-US', 'de']);
    // en-US and EN-us are one key: the spelling met first is the one taken.
    expect(deeplCodesToKeys(both, [entry('1', { 'en-US': 'bank' }), entry('2', { 'EN-us': 'shore' })]).languages).toEqual(['en-US', 'de']);
    const two = parseGlossaryFile('bank,banco,EN,PT\n', 'deepl.csv');
    expect(() => deeplCodesToKeys(two, [entry('1', { 'en-US': 'a', 'en-GB': 'b', 'pt-BR': 'c', 'pt-PT': 'd' })])).toThrow(
      new UsageError(
        'the file is a DeepL glossary, whose codes have no region, and in this glossary EN stands for en-US and en-GB; PT stands for pt-BR and pt-PT: name the languages with --languages (e.g. --languages en-US,pt-BR); nothing was sent',
      ),
    );
    const headed = parseGlossaryFile('en,de\nbank,Bank\n', 'glossary.csv');
    expect(deeplCodesToKeys(headed, [entry('1', { 'en-US': 'bank', 'de-DE': 'Bank' })]).languages).toEqual(['en', 'de']);
  });
});
