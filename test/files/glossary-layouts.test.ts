// The glossary layouts as rooms of one kind (src/files/glossary/registry.ts): each is recognised
// by its own first line, and each refusal of a real layout names the layout it looks like and the
// flag or edit that reads it — then that flag or edit reads the file (`teamctl help glossary-files`, "Glossary file layouts").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { parseDelimited } from '../../src/files/csv.js';
import { parseGlossaryFile, readGlossaryFile } from '../../src/files/glossary/read.js';
import { delimitedLayoutOf, delimitedLayouts, xmlLayoutOf, xmlLayouts } from '../../src/files/glossary/registry.js';

function refusal(text: string, opts: { languages?: string[] } = {}): string[] {
  try {
    parseGlossaryFile(text, 'g.csv', opts);
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => `${p.line}: ${p.message}`);
    throw err;
  }
  throw new Error('expected the file to be refused');
}
const translations = (text: string, opts: { languages?: string[] } = {}) => parseGlossaryFile(text, 'g.csv', opts).rows.map((r) => r.translations);

describe('the registry of layouts', () => {
  it.each(delimitedLayouts.map((l) => [l.name, l]))('%s is recognised by its own example line', (_name, layout) => {
    const head = parseDelimited(layout.example, 'x.csv').rows[0]?.cells ?? [];
    expect(delimitedLayoutOf(head)).toBe(layout);
  });

  it.each([
    ['tbx', 'TBX-Basic v3'],
    ['martif', 'TBX 2008'],
    ['mtf', 'SDL MultiTerm XML'],
  ])('an XML file whose root is <%s> is %s', (root, name) => {
    expect(xmlLayoutOf(root)?.name).toBe(name);
    expect(xmlLayouts.map((l) => l.name)).toContain(name);
  });

  it('every layout says what reads its refused files, or is never refused for its layout', () => {
    const refusable = ['a Transifex glossary', 'a Phrase term base', 'a Weblate glossary CSV', 'a Crowdin glossary export', "Crowdin's glossary upload scheme"];
    for (const name of refusable) expect(delimitedLayouts.find((l) => l.name === name)?.fix, name).toMatch(/--languages|remove|Term/);
  });
});

describe('refusals name the layout and the fix, and the fix reads the file', () => {
  it('Weblate: source,target → --languages en,de', () => {
    const text = 'source,target,context,developer_comments\nbank,Bank,finance,\n';
    expect(refusal(text)).toEqual([
      '1: column 1 "source" holds terms in a language the header does not say — it looks like a Weblate glossary CSV: name the languages of source and target, --languages en,de',
      '1: column 2 "target" holds terms in a language the header does not say — it looks like a Weblate glossary CSV: name the languages of source and target, --languages en,de',
    ]);
    expect(translations(text, { languages: ['en', 'de'] })).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it('Transifex: term → --languages en', () => {
    const text = 'term,pos,comment,translation_de,comment_de\nbank,noun,money,Bank,Geld\n';
    expect(refusal(text)).toEqual([
      "1: column 1 \"term\" holds terms in a language the header does not say — it looks like a Transifex glossary: name the term column's language, --languages en (or every term column's in order, --languages en,de)",
    ]);
    expect(translations(text, { languages: ['en'] })).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it('Phrase: a term column beside the language columns is the base language (it repeats en); a term column alone → --languages en', () => {
    const text = 'term,description,translatable,case sensitive,en,de\nbank,money,true,false,bank,Bank\n';
    expect(translations(text)).toEqual([{ en: 'bank', de: 'Bank' }]);
    // --languages names the term column's language, as the file's own en column does.
    expect(translations(text, { languages: ['en'] })).toEqual([{ en: 'bank', de: 'Bank' }]);
    // Naming another language than the one the term repeats: each row where they differ says so.
    expect(refusal(text, { languages: ['de'] })).toEqual([
      `2: the term column holds "bank" and de holds "Bank": the term is the base language's (de); write one of them`,
    ]);
    expect(refusal(text, { languages: ['en', 'de'] })).toEqual([
      '1: the header names its languages (en, de): --languages is for a file whose header does not (source,target; term) or that has none',
    ]);
    const alone = 'term,description,translatable,case sensitive\nbank,money,true,false\n';
    expect(refusal(alone)).toEqual([
      "1: column 1 \"term\" holds terms in a language the header does not say — it looks like a Phrase term base: name the term column's language, --languages en (beside language columns it fills that language's empty cells)",
    ]);
    expect(translations(alone, { languages: ['en'] })).toEqual([{ en: 'bank' }]);
  });

  it('Lokalise (; or ,): translations from the language columns (de_DE as de-DE), term the en they repeat, forbidden rows left out, non-translatable terms read', () => {
    const text = 'term;description;casesensitive;translatable;forbidden;tags;en;de_DE\nbank;money;0;1;0;finance;bank;Bank\nwhitelist;;0;1;1;;whitelist;Whitelist\nLokalise;brand;1;0;0;;Lokalise;Lokalise\n';
    const g = parseGlossaryFile(text, 'g.csv', {});
    expect(g.languages).toEqual(['en', 'de-DE']);
    expect(g.rows.map((r) => [r.line, r.translations])).toEqual([
      [2, { en: 'bank', 'de-DE': 'Bank' }],
      [4, { en: 'Lokalise', 'de-DE': 'Lokalise' }],
    ]);
    expect(g.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '1: columns "description", "casesensitive", "translatable", "tags" hold no translation (the glossary holds translations only): ignored',
      '3: 2 terms marked forbidden left out of their languages: en "whitelist" (line 3), de-DE "Whitelist" (line 3)',
    ]);
    expect(translations(text.replaceAll(';', ','))).toEqual([{ en: 'bank', 'de-DE': 'Bank' }, { en: 'Lokalise', 'de-DE': 'Lokalise' }]);
    // A forbidden cell of any boolean spelling; another value keeps the term, with a warning.
    const flags = 'term,casesensitive,translatable,forbidden,en\na,0,1,TRUE,a\nb,0,1,yes,b\nc,0,1,x,c\nd,0,1,No,d\ne,0,1,,e\nf,0,1,maybe,f\n';
    const read = parseGlossaryFile(flags, 'g.csv', {});
    expect(read.rows.map((r) => r.translations)).toEqual([{ en: 'd' }, { en: 'e' }, { en: 'f' }]);
    expect(read.warnings.map((w) => w.message).slice(1)).toEqual([
      '3 terms marked forbidden left out of their languages: en "a" (line 2), en "b" (line 3), en "c" (line 4)',
      '1 term with a status teamctl does not know kept (known: preferred, admitted, forbidden, deprecated, obsolete, superseded): en "f" (line 7, "maybe")',
    ]);
    // Only the term column: refused naming --languages, which then reads it.
    const alone = 'term;description;casesensitive;translatable;forbidden;tags\nbank;;0;1;0;\n';
    expect(refusal(alone)).toEqual([
      "1: column 1 \"term\" holds terms in a language the header does not say — it looks like a Lokalise glossary: name the term column's language, the project's base language: --languages <base language> (beside language columns it fills that language's empty cells)",
    ]);
    expect(translations(alone, { languages: ['en'] })).toEqual([{ en: 'bank' }]);
  });

  it("Lokalise's export: the base language's term in `term`, its own column empty — read from term, the base found by the rows that repeat it", () => {
    // Some rows repeat the term in en: en is the base, and fills its empty cells from term.
    const some = 'term;description;casesensitive;translatable;forbidden;tags;en;de\nbank;;0;1;0;;;Bank\nsign in;;0;1;0;;sign in;anmelden\nlog out;;0;1;0;;;\n';
    expect(translations(some)).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'sign in', de: 'anmelden' }, { en: 'log out' }]);
    // No row repeats it (en empty throughout): refused, naming the empty column, and that flag reads it.
    const none = 'term;description;casesensitive;translatable;forbidden;tags;en;de\nbank;;0;1;0;;;Bank\nbranch;;0;1;0;;;Filiale\nlog out;;0;1;0;;;\n';
    const messages = refusal(none);
    expect(messages).toEqual(['1: column 1 "term" holds the terms of the base language, and no language column repeats them (en is empty on 3 of its 3 rows): name the base language, --languages en']);
    expect(translations(none, { languages: ['en'] })).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'branch', de: 'Filiale' }, { en: 'log out' }]);
    // A base language without a column of its own: the term column is that language's. Nothing in
    // the file names it, so the hint guesses none.
    const noColumn = 'term;description;casesensitive;translatable;forbidden;tags;de\nbank;;0;1;0;;Bank\n';
    expect(refusal(noColumn)).toEqual(['1: column 1 "term" holds the terms of the base language, and no language column repeats them: name the base language, --languages <base language>']);
    expect(translations(noColumn, { languages: ['en'] })).toEqual([{ en: 'bank', de: 'Bank' }]);
    // The term is a key no language column repeats, and every language column is full (the issue's
    // case): no tag is guessed; the base language the user names reads the term as that language.
    const keyed = 'term;description;casesensitive;translatable;forbidden;tags;en;de_DE\nk;;0;1;0;;hello;hallo\n';
    expect(refusal(keyed)).toEqual(['1: column 1 "term" holds the terms of the base language, and no language column repeats them: name the base language, --languages <base language>']);
    expect(translations(keyed, { languages: ['de'] })).toEqual([{ de: 'k', en: 'hello', 'de-DE': 'hallo' }]);
    // Empty term column throughout: the language columns alone.
    expect(translations('term;casesensitive;translatable;forbidden;en;de\n;0;1;0;bank;Bank\n')).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it("Crowdin's Status [lang] leaves out that language's term only; a row left with no term is dropped", () => {
    const text = 'Term [en],Status [en],Term [de],Status [de]\nbank,preferred,Bank,admitted\nlog on,,Anmelden,deprecatedTerm-admn-sts\nwhitelist,Forbidden,Weißliste,obsolete\n';
    const g = parseGlossaryFile(text, 'g.csv', {});
    expect(g.rows.map((r) => [r.line, r.translations])).toEqual([
      [2, { en: 'bank', de: 'Bank' }],
      [3, { en: 'log on' }],
    ]);
    expect(g.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '4: 1 term marked forbidden left out of its language: en "whitelist" (line 4)',
      '3: 1 term marked deprecated left out of its language: de "Anmelden" (line 3)',
      '4: 1 term marked obsolete left out of its language: de "Weißliste" (line 4)',
    ]);
  });

  it('a term left out is not checked: an overlong forbidden term is no problem', () => {
    expect(translations(`en,de,Status [de]\nbank,${'x'.repeat(300)},forbidden\n`)).toEqual([{ en: 'bank' }]);
  });

  it("DeepL's export: two terms and two codes, no header → read by its own codes (or --languages)", () => {
    const text = 'bank,Bank,EN,DE\ndoor,Tür,EN,DE\n';
    const file = parseGlossaryFile(text, 'g.csv');
    expect(file.languages).toEqual(['en', 'de']);
    expect(file.deeplCodes).toBe(true);
    expect(translations(text)).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
    // Every line's codes are line 1's; a line with others is a problem of its own.
    expect(refusal('bank,Bank,EN,DE\ndoor,porte,EN,FR\n')).toEqual(['2: cell 4 is "FR", where line 1 has de']);
    expect(refusal('bank,Bank,EN,EN\n')).toEqual(['1: line 1 looks like a DeepL glossary export (two terms, then the two language codes, no header), but names "EN" as both its languages']);
    expect(translations(text, { languages: ['en', 'de'] })).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
    // --languages may name the regional key DeepL's code stands for.
    expect(translations(text, { languages: ['en-US', 'de'] })).toEqual([{ 'en-US': 'bank', de: 'Bank' }, { 'en-US': 'door', de: 'Tür' }]);
    // A header whose every cell teamctl places is a header, even four cells ending in two languages.
    expect(refusal('term,pos,en,de\nbank,noun,bank,Bank\n')).toEqual([
      "1: column 1 \"term\" holds terms in a language the header does not say — it looks like a Transifex glossary: name the term column's language, --languages en (or every term column's in order, --languages en,de)",
    ]);
  });

  it('a headerless list of three columns → --languages naming three', () => {
    expect(refusal('hermosa,belle,schön\n')).toEqual([
      '1: line 1 is not a header of language columns ("hermosa", "belle", "schön" are no language ICU knows, nor a column of a known layout): a glossary without a header (DeepL, Google unidirectional, a two-column list) needs its columns\' languages named in order, e.g. --languages en,de,fr',
    ]);
    expect(translations('hermosa,belle,schön\n', { languages: ['en', 'fr', 'de'] })).toEqual([{ en: 'hermosa', fr: 'belle', de: 'schön' }]);
  });

  it('Crowdin: a language ICU does not know in a term column → write a tag or an English name', () => {
    expect(refusal('Term [Klingonish],Term [de]\nbank,Bank\n')).toEqual([
      '1: column 1 "Term [Klingonish]" is a term column of a Crowdin glossary export, but "Klingonish" is no language ICU knows: write a language tag (like de, pt-BR) or its English name (German) there',
    ]);
    expect(refusal('Term:Elvish,Term:German\nbank,Bank\n')).toEqual([
      '1: column 1 "Term:Elvish" is a term column of Crowdin\'s glossary upload scheme, but "Elvish" is no language ICU knows: write a language tag (like de, pt-BR) or its English name (German) there',
    ]);
    expect(translations('Term [en],Term:German\nbank,Bank\n')).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it('Crowdin: a column of no known kind → remove it, or give it a language as Crowdin does', () => {
    expect(refusal('Term [en],Colour,Term [de]\nbank,red,Bank\n')).toEqual([
      '1: column 2 "Colour" is no language ICU knows, nor a metadata column teamctl knows (pos, description, note, context, …) — it looks like a Crowdin glossary export: remove that column, or give it a language as Crowdin does (Term [de]); or name it away with --ignore-columns "Colour"',
    ]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-layouts-'));

describe('Indonesian', () => {
  it('id-ID and ind are Indonesian language columns; id stays the entry id', () => {
    const g = parseGlossaryFile('id,en,id-ID,ind\n,bank,bank (id),bank (ind)\n', 'g.csv');
    expect(g.languages).toEqual(['en', 'id-ID', 'ind']);
    expect(g.rows[0]?.translations).toEqual({ en: 'bank', 'id-ID': 'bank (id)', ind: 'bank (ind)' });
  });

  it('TBX xml:lang="id" is Indonesian (an xml:lang is always a language), never the entry id', async () => {
    const path = join(dir, 'id.tbx');
    writeFileSync(
      path,
      '<tbx><text><body><conceptEntry id="c1"><langSec xml:lang="en"><termSec><term>bank</term></termSec></langSec>' +
        '<langSec xml:lang="id"><termSec><term>bank</term></termSec></langSec></conceptEntry></body></text></tbx>',
    );
    const g = await readGlossaryFile(path);
    expect(g.languages).toEqual(['en', 'id']);
    expect(g.rows).toEqual([{ line: 1, translations: { en: 'bank', id: 'bank' } }]);
  });

  it('a TBX language section without xml:lang says what to add', async () => {
    const path = join(dir, 'nolang.tbx');
    writeFileSync(path, '<tbx><text><body><conceptEntry id="c1"><langSec><termSec><term>bank</term></termSec></langSec></conceptEntry></body></text></tbx>');
    await expect(readGlossaryFile(path)).rejects.toMatchObject({ problems: [{ line: 1, message: '<langSec> without xml:lang: add the language of its terms (xml:lang="en")' }] });
  });
});

describe('XML files', () => {
  it('an XML file of no layout teamctl reads (TMX) names its root and what is read; an empty TBX names its own layout', async () => {
    const tmx = join(dir, 'memory.xml');
    writeFileSync(tmx, '<?xml version="1.0"?>\n<tmx version="1.4"><header/><body><tu><tuv xml:lang="en"><seg>bank</seg></tuv></tu></body></tmx>\n');
    await expect(readGlossaryFile(tmx)).rejects.toMatchObject({
      problems: [
        {
          line: 1,
          message:
            'no concept found: the root element <tmx> is none of the layouts teamctl reads: expected ' +
            '<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term> (TBX-Basic v3) or ' +
            '<martif><text><body><termEntry><langSet xml:lang="en"><tig><term> (TBX 2008) or ' +
            '<mtf><conceptGrp><languageGrp><language lang="EN-US"/><termGrp><term> (SDL MultiTerm XML)',
        },
      ],
    });
    const empty = join(dir, 'empty.tbx');
    writeFileSync(empty, '<martif><text><body></body></text></martif>');
    await expect(readGlossaryFile(empty)).rejects.toMatchObject({
      problems: [{ line: 1, message: 'no concept found: in this TBX 2008 file: expected <martif><text><body><termEntry><langSet xml:lang="en"><tig><term> (TBX 2008)' }],
    });
  });
});

describe('headers as spreadsheets write them: languages by name, notes above, comments', () => {
  const read = (text: string, file = 'g.csv') => {
    const g = parseGlossaryFile(text, file, {});
    return { languages: g.languages, rows: g.rows.map((r) => [r.line, r.translations]), warnings: g.warnings.map((w) => `${w.line}: ${w.message}`) };
  };

  it('English names, names in the language itself and in the languages beside them, with the suffixes spreadsheets add', () => {
    expect(read('English,Korean\nbank,은행\n').rows).toEqual([[2, { en: 'bank', ko: '은행' }]]);
    // Magyar is Hungarian in Hungarian; Angol is Hungarian for English.
    expect(read('Magyar,Angol\nbank,bank\nfa,tree\n').languages).toEqual(['hu', 'en']);
    expect(read('Deutsch;Français\nBank;banque\n').rows).toEqual([[2, { de: 'Bank', fr: 'banque' }]]);
    const described = read('english_name,chinese_name,english_description\nbank,银行,where money is kept\n');
    expect(described).toEqual({
      languages: ['en', 'zh'],
      rows: [[2, { en: 'bank', zh: '银行' }]],
      warnings: ['1: column "english_description" holds no translation (the glossary holds translations only): ignored'],
    });
    expect(read('English_word\tEnglish_descr\tKorean_word\tKorean_descr\nbank\ta place\t은행\t장소\n', 'g.tsv').rows).toEqual([[2, { en: 'bank', ko: '은행' }]]);
    // A name no language has stays a problem of its column.
    expect(refusal('English,Klingonese\nbank,x\n')[0]).toMatch(/^1: column 2 "Klingonese" is no language ICU knows/);
  });

  it('a header below up to five note rows; the notes skipped with a warning', () => {
    expect(read('Fill in one term a row. Do not change row 2.,\nEnglish,Korean\nbank,은행\n')).toEqual({
      languages: ['en', 'ko'],
      rows: [[3, { en: 'bank', ko: '은행' }]],
      warnings: ['1: line 1 above the header (line 2) is a note, not entries: skipped'],
    });
    const five = 'a note\nanother\n\nthird,\nfourth\nfifth\nen,de\nbank,Bank\n';
    expect(read(five).rows).toEqual([[8, { en: 'bank', de: 'Bank' }]]);
    expect(read(five).warnings).toEqual(['1: lines 1, 2, 4, 5, 6 above the header (line 7) are notes, not entries: skipped']);
    // Six notes: the header is not guessed; the refusal names it (test/files/glossary-header-row.test.ts follows it).
    expect(refusal(`n0\n${five}`)[0]).toMatch(/^1: line 1 is not a header of language columns; line 8 \(en, de\) looks like the header, below 6 rows of notes: read from it with --header-row 8$/);
  });

  it("a row whose only non-empty cell starts with # is a comment, skipped with one warning (GlotPress's glossary)", () => {
    const text = 'en,pt,pos,description\n# Nouns,,,\nbank,banco,noun,\n  # Ending in a sibilant,,,\nbus,ônibus,noun,\n#hashtag,#hashtag,noun,\n';
    expect(read(text)).toEqual({
      languages: ['en', 'pt'],
      rows: [
        [3, { en: 'bank', pt: 'banco' }],
        [5, { en: 'bus', pt: 'ônibus' }],
        [6, { en: '#hashtag', pt: '#hashtag' }],
      ],
      warnings: ['2: 2 comment lines (a row whose only cell starts with #) skipped: lines 2, 4', '1: columns "pos", "description" hold no translation (the glossary holds translations only): ignored'],
    });
  });
});
