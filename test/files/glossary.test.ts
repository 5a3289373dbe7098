import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError, type FileProblem } from '../../src/errors.js';
import { parseDelimited } from '../../src/files/csv.js';
import { planGlossaryImport } from '../../src/plan/glossary.js';
import { normaliseCell } from '../../src/model/entries.js';
import { excelCell, readCell } from '../../src/files/cells.js';
import { parseGlossaryFile, readGlossaryFile, type GlossaryFile } from '../../src/files/glossary/read.js';
import { csvLanguages, omittedKeysWarning, spellingConflictsWarning } from '../../src/files/glossary-columns.js';
import { GlossaryCsvWriter, csvCell } from '../../src/files/glossary-write.js';
import { GlossaryTbxWriter, toNcName, xmlEscape } from '../../src/files/tbx-write.js';
import { glossaryToCsv, glossaryToTbx } from '../helpers/glossary-writers.js';
import { glossaryLanguages } from '../../src/glossary/languages.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/glossary/${name}`, import.meta.url));

/** The problems an input is rejected with. */
function problemsOf(text: string, opts: { key?: string; languages?: string[] } = {}): FileProblem[] {
  try {
    parseGlossaryFile(text, 'g.csv', opts);
  } catch (err) {
    if (err instanceof InputFileError) return err.problems;
    throw err;
  }
  throw new Error('expected an InputFileError');
}
const lines = (problems: FileProblem[]) => problems.map((p) => [p.line, p.message]);
const parse = (text: string, opts: { key?: string } = {}): GlossaryFile => parseGlossaryFile(text, 'g.csv', opts);

describe('parseGlossaryFile: formats', () => {
  it('reads a plain comma file with line numbers', () => {
    const g = parse('en,fr\nbank,banque\ndoor,porte\n');
    expect(g).toEqual({
      rows: [
        { line: 2, translations: { en: 'bank', fr: 'banque' } },
        { line: 3, translations: { en: 'door', fr: 'porte' } },
      ],
      languages: ['en', 'fr'],
      hasIdColumn: false,
      key: 'en',
      warnings: [],
      unverifiedLanguages: [],
    });
  });

  it('reads BOM, semicolons and CRLF from a file; quoted delimiters stay in the cell', async () => {
    const g = await readGlossaryFile(fixture('bom-semicolon-crlf.csv'));
    expect(g.languages).toEqual(['en', 'fr', 'pt-BR']);
    expect(g.rows).toEqual([
      { line: 2, translations: { en: 'bank', fr: 'banque', 'pt-BR': 'banco' } },
      { line: 3, translations: { en: 'cash; money', fr: 'argent' } },
    ]);
  });

  it('reads tab-separated files with an id column in any case', async () => {
    const g = await readGlossaryFile(fixture('tab-with-id.tsv'));
    expect(g.hasIdColumn).toBe(true);
    expect(g.languages).toEqual(['en', 'de']);
    expect(g.rows).toEqual([
      { line: 2, id: 'abc', translations: { en: 'key', de: 'Schlüssel' } },
      { line: 3, translations: { en: 'door', de: 'Tür' } },
    ]);
  });

  it('a missing file is an input error naming it', async () => {
    await expect(readGlossaryFile(fixture('nope.csv'))).rejects.toMatchObject({
      problems: [{ file: fixture('nope.csv'), line: 0, message: 'cannot read file: no such file' }],
    });
  });

  it('handles quoted commas and doubled quotes', () => {
    const g = parse('en,fr\n"one, two","un, ""deux"""\n');
    expect(g.rows[0]?.translations).toEqual({ en: 'one, two', fr: 'un, "deux"' });
  });

  it('trims cells, NFC-normalises them, and drops empty cells', () => {
    const g = parse(' en , fr ,de\n  cafe\u0301 ,  ,\t x \n');
    expect(g.languages).toEqual(['en', 'fr', 'de']);
    expect(g.rows[0]?.translations).toEqual({ en: 'caf\u00e9', de: 'x' });
  });

  it('accepts language keys with subtags and keeps their spelling', () => {
    const g = parse('en,pt-BR,zh-Hant,sr-Latn-RS,fil\na,b,c,d,e\n');
    expect(g.languages).toEqual(['en', 'pt-BR', 'zh-Hant', 'sr-Latn-RS', 'fil']);
  });

  it('fewer cells than the header is fine', () => {
    expect(parse('en,fr,de\nbank\n').rows).toEqual([{ line: 2, translations: { en: 'bank' } }]);
  });

  it('whitespace-only lines are blank lines and keep later line numbers right', () => {
    const g = parse('en,fr\n   \nbank,banque\n\t\ndoor,porte\n');
    expect(g.rows.map((r) => r.line)).toEqual([3, 5]);
  });

  it('empty lines keep later line numbers right', () => {
    const g = parse('en,fr\n\n\nbank,banque\n\ndoor,porte\n');
    expect(g.rows.map((r) => r.line)).toEqual([4, 6]);
    expect(lines(problemsOf('en,fr\n\n\nbank,"ban\nque"\n\nx,y,z\n'))).toEqual([
      [4, '"fr" translation contains a line break'],
      [7, 'row has 3 cells but the header has 2'],
    ]);
  });

  it('a header alone gives no rows', () => {
    expect(parse('en,fr\n').rows).toEqual([]);
  });

  it('id cells are trimmed; an empty id means a new entry', () => {
    const g = parse('en,id\nbank, e1 \ndoor,\n');
    expect(g.rows).toEqual([
      { line: 2, id: 'e1', translations: { en: 'bank' } },
      { line: 3, translations: { en: 'door' } },
    ]);
  });

  it('accepts exactly 255 characters', () => {
    const g = parse(`en\n${'a'.repeat(255)}\n`);
    expect(g.rows[0]?.translations.en).toHaveLength(255);
  });

  it('--key picks the key column case-insensitively and returns its header spelling', () => {
    expect(parse('en,pt-BR\na,b\n', { key: 'PT-br' }).key).toBe('pt-BR');
  });
});

describe('parseGlossaryFile: errors', () => {
  it('a quoted line break', () => {
    expect(lines(problemsOf('en,fr\nbank,"ban\nque"\ndoor,porte\n'))).toEqual([
      [2, '"fr" translation contains a line break'],
    ]);
  });

  it('a CR in a quoted cell (read as LF) is a line break; U+2028, NEL, VT and FF are not (the schema: ^[^\\n\\r]*$)', () => {
    expect(lines(problemsOf('en,fr\n"a\rb",x\nc,d\u2028e\n'))).toEqual([[2, '"en" translation contains a line break']]);
    const g = parse('en,fr\na\u2028b,c\u0085d\ne\vf,g\fh\n');
    expect(g.rows.map((r) => r.translations)).toEqual([
      { en: 'a\u2028b', fr: 'c\u0085d' },
      { en: 'e\vf', fr: 'g\fh' },
    ]);
  });

  it('256 characters', () => {
    expect(lines(problemsOf(`en,fr\nbank,${'x'.repeat(256)}\n`))).toEqual([
      [2, '"fr" translation is 256 characters long (limit 255)'],
    ]);
  });

  it('length counts characters as code points, as the schema\'s maxLength does', () => {
    // 255 emoji are 255 characters (510 UTF-16 code units): accepted, as the service accepts them.
    expect(parse(`en\n${'😀'.repeat(255)}\n`).rows[0]?.translations.en).toBe('😀'.repeat(255));
    expect(lines(problemsOf(`en\n${'😀'.repeat(256)}\n`))).toEqual([[2, '"en" translation is 256 characters long (limit 255)']]);
    // Combining marks are composed first (NFC): 255 × "e + ◌́" becomes 255 × "é".
    expect(parse(`en\n${'e\u0301'.repeat(255)}\n`).rows[0]?.translations.en).toBe('\u00e9'.repeat(255));
  });

  it('a non-language header names the column', () => {
    expect(lines(problemsOf('en,Colour,fr\na,b,c\n'))).toEqual([
      [1, 'column 2 "Colour" is no language ICU knows, nor a metadata column teamctl knows (pos, description, note, context, …): name it away with --ignore-columns "Colour" — or, if line 1 is no header, name the columns\' languages with --languages en,de,fr'],
    ]);
    expect(lines(problemsOf('en,Term,fr\na,b,c\n'))).toEqual([
      [1, 'column 2 "Term" holds terms in a language the header does not say (Weblate, Transifex): name the term columns\' languages in order, e.g. --languages en,de,fr'],
    ]);
  });

  it('an empty header cell', () => {
    expect(lines(problemsOf('en,,fr\na,,c\n'))).toEqual([[1, 'column 2 has no name']]);
  });

  it('duplicate headers, case-insensitively, including id', () => {
    expect(lines(problemsOf('en,fr,EN,id,Id\na,b,c,d,e\n'))).toEqual([
      [1, 'duplicate column "EN": same as column 1'],
      [1, 'duplicate column "Id": same as column 4'],
    ]);
  });

  it('a header with no language column', () => {
    expect(lines(problemsOf('id\nx\n'))).toEqual([
      [1, 'the header has no language column (like en, fr, pt-BR)'],
      [2, 'row has no translation'],
    ]);
  });

  it('a header with only id and no rows is an empty import (an empty export)', () => {
    expect(parse('id\n')).toMatchObject({ rows: [], languages: [], hasIdColumn: true, key: '' });
  });

  it('an empty file', () => {
    expect(lines(problemsOf(''))).toEqual([
      [1, 'empty file: expected a header row of language keys (like en, fr) and optionally id'],
    ]);
  });

  it('a row with more cells than the header, even empty ones', () => {
    expect(lines(problemsOf('en,fr\na,b,c\nd,e,\n'))).toEqual([
      [2, 'row has 3 cells but the header has 2'],
      [3, 'row has 3 cells but the header has 2'],
    ]);
  });

  it('a row with no translation (an id alone is not one)', () => {
    expect(lines(problemsOf('id,en,fr\nx1,,\n'))).toEqual([[2, 'row has no translation']]);
  });

  it('--key naming a language not in the header is an error on line 1', () => {
    expect(lines(problemsOf('en,fr\na,b\n', { key: 'de' }))).toEqual([
      [1, '--key "de" is not a language column of the header (en, fr)'],
    ]);
    expect(lines(problemsOf('id,en\n1,a\n', { key: 'id' }))).toEqual([
      [1, '--key "id" is not a language column of the header (en)'],
    ]);
  });

  it('two rows with the same key term and other translations name both lines', () => {
    const problems = problemsOf('en,fr\nbank,banque\ndoor,porte\nbank,rive\n');
    expect(lines(problems)).toEqual([[4, 'en term "bank" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)']]);
  });

  it('the key rule follows --key', () => {
    expect(parse('en,fr\nbank,banque\nbank,rive\n', { key: 'fr' }).rows).toHaveLength(2);
    expect(lines(problemsOf('en,fr\nbank,banque\nshore,banque\n', { key: 'fr' }))).toEqual([
      [3, 'fr term "banque" is also on line 2 with other translations (homonyms? identify entries by another language: --key en)'],
    ]);
  });

  it('--key never suggests a language that has homonyms too (GlotPress en,pt): the flag it names reads the file, or it says none does', () => {
    // en and pt both have homonyms, fr none: fr is suggested, whichever --key failed.
    const text = 'en,pt,fr,pos\nbank,banco,banque,noun\nbank,margem,rive,noun\nbench,banco,banc,noun\n';
    expect(lines(problemsOf(text))).toEqual([[3, 'en term "bank" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)']]);
    expect(lines(problemsOf(text, { key: 'pt' }))).toEqual([[4, 'pt term "banco" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)']]);
    expect(parse(text, { key: 'fr' }).rows.map((r) => r.translations)).toEqual([
      { en: 'bank', pt: 'banco', fr: 'banque' },
      { en: 'bank', pt: 'margem', fr: 'rive' },
      { en: 'bench', pt: 'banco', fr: 'banc' },
    ]);
    // Homonyms in every language: no --key to suggest (no loop between en and pt), and no advice without a flag.
    const both = 'en,pt,pos,description\nbank,banco,noun,\nbank,margem,noun,\nbench,banco,noun,\n';
    const hint = '';
    expect(lines(problemsOf(both))).toEqual([[3, `en term "bank" is also on line 2 with other translations${hint}`]]);
    expect(lines(problemsOf(both, { key: 'pt' }))).toEqual([[4, `pt term "banco" is also on line 2 with other translations${hint}`]]);
  });

  it('a suggested --key has a term on every row, none twice: a language with empty cells is never suggested (a renamed Crowdin file)', () => {
    // af is empty on two rows: keyed by af, each would be an entry of its own, module twice.
    const text = 'en,af,de\nmodule,module,Modul\nmodule,,Baustein\nuser story,,User Story\nmedia query,mediavraag,Media Query\n';
    expect(lines(problemsOf(text))).toEqual([[3, 'en term "module" is also on line 2 with other translations (homonyms? identify entries by another language: --key de)']]);
    const read = parse(text, { key: 'de' });
    expect(read.rows.map((r) => r.translations)).toEqual([
      { en: 'module', af: 'module', de: 'Modul' },
      { en: 'module', de: 'Baustein' },
      { en: 'user story', de: 'User Story' },
      { en: 'media query', af: 'mediavraag', de: 'Media Query' },
    ]);
    // No language names every row once: the problem alone.
    expect(lines(problemsOf('en,af\nmodule,module\nmodule,\n'))).toEqual([[3, 'en term "module" is also on line 2 with other translations']]);
  });

  it('rows without the key term are not subject to the key rule', () => {
    expect(parse('en,fr\n,banque\n,rive\n').rows).toHaveLength(2);
  });

  it('key terms compare after trimming and NFC, and case-sensitively', () => {
    expect(lines(problemsOf('en,fr\ncafé,a\n cafe\u0301 ,b\n'))).toEqual([
      [3, 'en term "café" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)'],
    ]);
    const polish = parse('en,fr\nPolish,polonais\npolish,cirer\n');
    expect(polish.rows).toHaveLength(2);
    // Never merged silently: a warning names both lines.
    expect(polish.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '3: en term "polish" differs from "Polish" on line 2 only in case: two entries, as terms match case-sensitively (make them one row if they are one term)',
    ]);
  });

  it('rows with different ids may share a key term (homonyms, as exported)', () => {
    const g = parse('id,en,fr\ne1,bank,banque\ne2,bank,rive\n');
    expect(g.rows.map((r) => r.id)).toEqual(['e1', 'e2']);
  });

  it('a row without an id may not share a key term with an id row', () => {
    expect(lines(problemsOf('id,en,fr\ne1,bank,banque\n,bank,rive\n'))).toEqual([
      [3, 'en term "bank" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)'],
    ]);
    expect(lines(problemsOf('id,en,fr\n,bank,rive\ne1,bank,banque\n'))).toEqual([
      [3, 'en term "bank" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)'],
    ]);
  });

  it('the same id twice with other translations', () => {
    expect(lines(problemsOf('id,en,fr\ne1,bank,banque\ne1,shore,rive\n'))).toEqual([
      [3, 'id "e1" is also on line 2 with other translations'],
    ]);
  });

  it('collects every problem, in line order, each with file and line', () => {
    const text = ['en,Term', 'a,b,c', ',', `${'x'.repeat(300)}`, 'ok', 'ok', '"a', 'b"'].join('\n');
    const problems = problemsOf(text);
    expect(problems.every((p) => p.file === 'g.csv')).toBe(true);
    expect(lines(problems)).toEqual([
      [1, 'column 2 "Term" holds terms in a language the header does not say (Weblate, Transifex): name the term columns\' languages in order, e.g. --languages en,de'],
      [2, 'row has 3 cells but the header has 2'],
      [4, '"en" translation is 300 characters long (limit 255)'],
      [7, '"en" translation contains a line break'],
    ]);
  });

  it('lists at most 50 problems but counts them all', () => {
    const text = `en\n${Array.from({ length: 70 }, () => 'x'.repeat(256)).join('\n')}\n`;
    let error: InputFileError | undefined;
    try {
      parse(text);
    } catch (err) {
      error = err as InputFileError;
    }
    expect(error).toBeInstanceOf(InputFileError);
    expect(error?.problems).toHaveLength(50);
    expect(error?.total).toBe(70);
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toBe('70 problems in g.csv; nothing was sent');
  });

  it('of a thousand rows with two problems each, lists the first 50 by line, a homonym found last among them', () => {
    // Line 3's homonym is found once every row is read, after the 2,000 problems of lines 4–1003.
    const bulk = Array.from({ length: 1000 }, (_, i) => `t${i},${'x'.repeat(256)},extra`);
    const text = `en,fr\nbank,banque\nbank,rive\n${bulk.join('\n')}\n`;
    let error: InputFileError | undefined;
    try {
      parse(text);
    } catch (err) {
      error = err as InputFileError;
    }
    expect(error?.total).toBe(2001);
    const rowProblems = (line: number): [number, string][] => [
      [line, 'row has 3 cells but the header has 2'],
      [line, '"fr" translation is 256 characters long (limit 255)'],
    ];
    const expected: [number, string][] = [[3, 'en term "bank" is also on line 2 with other translations (homonyms? identify entries by another language: --key fr)'], ...Array.from({ length: 25 }, (_, i) => rowProblems(i + 4)).flat()];
    expect(error?.problems.map((p) => [p.line, p.message])).toEqual(expected.slice(0, 50));
  });

  it('one problem reads as file:line: message', () => {
    expect(() => parse('en,fr\nbank,banque\nbank,rive\n')).toThrow(
      'g.csv:3: en term "bank" is also on line 2 with other translations',
    );
  });

  it('broken quoting comes from the CSV reader with its line', () => {
    expect(lines(problemsOf('en,fr\na,"b\n'))).toEqual([[2, 'invalid CSV: a quoted cell opens here and is never closed (a missing closing ")']]);
  });

  it('an unclosed quote is reported on the line where it opens, not at the end of the file', () => {
    expect(lines(problemsOf('en,fr\nbank,banque\ndoor,"porte\nwall,mur\nroof,toit\n'))).toEqual([[3, 'invalid CSV: a quoted cell opens here and is never closed (a missing closing ")']]);
    // Closed quoted cells (with doubled quotes and line breaks) before it do not confuse the count.
    expect(lines(problemsOf('en,fr\n"a ""b"" c","c\nd"\ne,f\n"g,h\ni,j\n'))).toEqual([[5, 'invalid CSV: a quoted cell opens here and is never closed (a missing closing ")']]);
  });

  it('NUL characters (UTF-16 without a byte order mark) are one clear problem', () => {
    const utf16 = Buffer.from('en,fr\r\nbank,banque\r\n', 'utf16le').toString('utf8');
    expect(lines(problemsOf(utf16))).toEqual([[1, 'the file is not UTF-8 text (NUL characters; UTF-16?): save it as UTF-8']]);
    // Past the header a NUL is a character like any control: a translation may hold it.
    expect(parse('en,fr\na\u0000b,c\n').rows[0]?.translations).toEqual({ en: 'a\u0000b', fr: 'c' });
  });
});

describe('parseGlossaryFile: warnings', () => {
  it('identical rows are merged with a warning naming both lines', () => {
    const g = parse('en,fr\nbank,banque\ndoor,porte\nbank , banque\n');
    expect(g.rows).toEqual([
      { line: 2, translations: { en: 'bank', fr: 'banque' } },
      { line: 3, translations: { en: 'door', fr: 'porte' } },
    ]);
    expect(g.warnings).toEqual([{ file: 'g.csv', line: 4, message: 'identical to line 2; merged' }]);
  });

  it('an identical row with and without an id merge, keeping the id', () => {
    const g = parse('id,en,fr\n,bank,banque\ne1,bank,banque\n');
    expect(g.rows).toEqual([{ line: 2, id: 'e1', translations: { en: 'bank', fr: 'banque' } }]);
    expect(g.warnings.map((w) => [w.line, w.message])).toEqual([[3, 'identical to line 2; merged']]);
  });

  it('the same id twice with the same translations merges', () => {
    const g = parse('id,en\ne1,bank\ne1,bank\n');
    expect(g.rows).toHaveLength(1);
    expect(g.warnings).toHaveLength(1);
  });

  it('identical translations under different ids are two entries, no warning', () => {
    const g = parse('id,en\ne1,bank\ne2,bank\n');
    expect(g.rows).toHaveLength(2);
    expect(g.warnings).toEqual([]);
  });

  it('a cell an export escaped loses that one apostrophe, silently: apostrophes, then = + - @ tab CR', () => {
    const g = parse("id,en,fr,de\n'-e1,'-5%,'=SUM(A1),'@x\n,'+33,\"'\tTab\",''=a\n,'a,x'=,' =b\n,'''-s,''',''\n");
    expect(g.rows.map((r) => [r.id, r.translations])).toEqual([
      ['-e1', { en: '-5%', fr: '=SUM(A1)', de: '@x' }],
      // (A tab after the apostrophe was a leading tab: trimmed like any other.) Several
      // apostrophes before = lose one: `''=a` is how an export writes the term `'=a`.
      [undefined, { en: '+33', fr: 'Tab', de: "'=a" }],
      // Apostrophes before anything else are kept.
      [undefined, { en: "'a", fr: "x'=", de: "' =b" }],
      [undefined, { en: "''-s", fr: "'''", de: "''" }],
    ]);
    expect(g.warnings).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Writers

const entries: { id: string; translations: Record<string, string> }[] = [
  { id: 'e1', translations: { fr: 'banque', en: 'bank', de: 'Bank' } },
  { id: 'e2', translations: { en: 'door, gate', 'pt-BR': 'porta' } },
  { id: 'e3', translations: { de: 'nur "deutsch"' } },
];

describe('glossaryToCsv', () => {
  it('writes the import format: id, then en, then the other languages sorted', () => {
    expect(glossaryToCsv(entries)).toBe(
      [
        'id,en,de,fr,pt-BR',
        'e1,bank,Bank,banque,',
        'e2,"door, gate",,,porta',
        'e3,,"nur ""deutsch""",,',
        '',
      ].join('\n'),
    );
  });

  it('languages in the given order; entries with none of them are left out', () => {
    expect(glossaryToCsv(entries, { languages: ['fr', 'en'] })).toBe('id,fr,en\ne1,banque,bank\ne2,,"door, gate"\n');
  });

  it('without the id column', () => {
    expect(glossaryToCsv(entries, { languages: ['en'], includeId: false })).toBe('en\nbank\n"door, gate"\n');
  });

  it('an empty glossary is a header line', () => {
    expect(glossaryToCsv([])).toBe('id\n');
  });

  it('quotes line breaks, a lone CR included, so the reader sees one row', () => {
    const csv = glossaryToCsv([{ id: 'x', translations: { en: 'a\rb', fr: 'c\nd' } }]);
    expect(csv).toBe('id,en,fr\nx,"a\rb","c\nd"\n');
  });

  it('--excel: BOM, CRLF, formula cells neutralised', () => {
    const csv = glossaryToCsv(
      [
        { id: 'e1', translations: { en: '=1+1', fr: '+33', de: '-x', it: '@user' } },
        { id: 'e2', translations: { en: 'plain', fr: 'a=b', de: '\tTab', it: '\rcr' } },
      ],
      { excel: true },
    );
    expect(csv).toBe(
      '\uFEFFid,en,de,fr,it\r\n' + "e1,'=1+1,'-x,'+33,'@user\r\n" + 'e2,plain,\'\tTab,a=b,"\'\rcr"\r\n',
    );
  });

  it('excelCell adds one apostrophe before = + - @ tab CR, after any apostrophes; csvCell only after apostrophes', () => {
    const values = ['=a', '+a', '-a', '@a', '\ta', '\ra', 'a=', ' =a', "'a", '', "'=a", "''-s form", "'\tx", " '@x ", 'plain', '=\u0338'];
    expect(values.map(excelCell)).toEqual([
      "'=a",
      "'+a",
      "'-a",
      "'@a",
      "'\ta",
      "'\ra",
      'a=',
      "'=a", // (a formula once trimmed, as a spreadsheet may trim it)
      "'a",
      '',
      "''=a",
      "'''-s form",
      "''\tx",
      "''@x", // written as an import reads it: trimmed
      'plain',
      '\u2260', // `=` + U+0338 is `≠` once NFC, as an import reads it: no formula left, nothing to remove
    ]);
    expect(values.map(csvCell)).toEqual([
      '=a',
      '+a',
      '-a',
      '@a',
      '\ta',
      '\ra',
      'a=',
      ' =a',
      "'a",
      '',
      "''=a",
      "'''-s form",
      "''\tx",
      "''@x",
      'plain',
      '=\u0338',
    ]);
    // Whatever was written reads back as the value an import compares with.
    for (const v of values) {
      expect(readCell(excelCell(v))).toBe(normaliseCell(v));
      expect(readCell(csvCell(v))).toBe(normaliseCell(v));
    }
  });

  it("a term with a real leading apostrophe survives export → import, plain and --excel ('-s form stays '-s form)", () => {
    const g = [
      { id: 'e1', translations: { en: "'-s form", fr: "'=quoted", de: "''@both" } },
      { id: 'e2', translations: { en: '-s form', fr: '=quoted', de: "'plain" } },
    ];
    for (const excel of [false, true]) {
      const file = parse(glossaryToCsv(g, { excel }));
      expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(g);
      expect(file.warnings).toEqual([]);
    }
    expect(glossaryToCsv(g)).toBe("id,en,de,fr\ne1,''-s form,'''@both,''=quoted\ne2,-s form,'plain,=quoted\n");
    expect(glossaryToCsv(g, { excel: true })).toBe("\uFEFFid,en,de,fr\r\ne1,''-s form,'''@both,''=quoted\r\ne2,'-s form,'plain,'=quoted\r\n");
  });

  it('refuses, naming the entry, what a CSV file cannot carry: a lone surrogate, a CR in an id', () => {
    expect(() => glossaryToCsv([{ id: 'ge_1', translations: { en: 'a\uD800' } }])).toThrow('entry "ge_1": its "en" translation holds a lone surrogate (half of a UTF-16 pair), which the CSV format cannot carry');
    expect(() => glossaryToCsv([{ id: 'ge\r1', translations: { en: 'a' } }])).toThrow('entry "ge\\r1": its id holds a carriage return, which the CSV format cannot carry');
  });

  it('refuses to write a language column that would read back as the id column', () => {
    expect(() => glossaryToCsv([{ id: 'e', translations: { id: 'Indonesian' } }], { languages: ['id'] })).toThrow(UsageError);
    expect(glossaryToCsv([{ id: 'e', translations: { id: 'x' } }], { languages: ['id'], includeId: false })).toBe('id\nx\n');
  });

  it('by default writes only the keys the import format can carry (csvLanguages)', () => {
    const g: { id: string; translations: Record<string, string> }[] = [
      { id: 'e1', translations: { en: 'bank', id: 'bank (id)', 'English name': 'Bank' } },
      { id: 'e2', translations: { ID: 'pintu' } },
      { id: 'e3', translations: { fr: 'porte', updatedAt: 'x' } },
    ];
    expect(glossaryToCsv(g)).toBe('id,en,fr\ne1,bank,\ne3,,porte\n');
    const found = csvLanguages(g);
    expect(found).toEqual({
      columns: ['en', 'fr'],
      omitted: [
        { key: 'English name', entries: 1 },
        { key: 'id', entries: 2 },
        { key: 'updatedAt', entries: 1 },
      ],
      entriesLeftOut: 1,
    });
    expect(omittedKeysWarning(found)).toBe(
      'left out 3 translation keys the CSV import format cannot carry (`id` is the id column; the others are not language keys like en or pt-BR): ' +
        '"English name" (1 entry), "id" (2 entries), "updatedAt" (1 entry); 1 entry with nothing else is not in the file; use --format json or tbx to export them',
    );
    expect(omittedKeysWarning(csvLanguages(entries))).toBeUndefined();
    // What is written imports again.
    expect(parse(glossaryToCsv(g)).rows.map((r) => r.translations)).toEqual([{ en: 'bank' }, { fr: 'porte' }]);
  });

  it('keys differing only in case are one column, the first spelling met; values merge; a conflict is recorded', () => {
    const g: { id: string; translations: Record<string, string> }[] = [
      { id: 'e1', translations: { EN: 'bank' } },
      { id: 'e2', translations: { en: 'door' } },
      { id: 'e3', translations: { en: 'wall', EN: 'wall ' } },
      { id: 'e4', translations: { en: 'roof', EN: 'Roof' } },
      { id: 'e5', translations: { en: '', EN: 'floor' } },
    ];
    expect(glossaryLanguages(g)).toEqual(['EN']);
    const writer = new GlossaryCsvWriter(csvLanguages(g).columns);
    const csv = writer.header() + g.map((e) => writer.row(e)).join('');
    // e4 has both spellings with different values: the first in its own key order is written (the
    // one the planner compares with, so the export imports back as present).
    expect(csv).toBe('id,EN\ne1,bank\ne2,door\ne3,wall\ne4,roof\ne5,floor\n');
    expect(writer.conflicts).toEqual([{ id: 'e4', column: 'EN', keys: ['en', 'EN'] }]);
    expect(spellingConflictsWarning(writer.conflicts)).toBe(
      '1 entry has one language under keys differing only in case, with different translations: e4 (en ≠ EN); the column shows the first of them (the one an import compares with)',
    );
    expect(parse(csv).rows).toHaveLength(5);
    // Importing it back into that glossary plans nothing.
    expect(planGlossaryImport(g, parse(csv).rows, { key: 'EN', onConflict: 'update' }).operations).toEqual([]);
  });

  it('glossaryLanguages: en first, then code-unit order, empty translations ignored', () => {
    expect(glossaryLanguages([{ translations: { zh: 'a', fr: 'b', en: 'c', de: '' } }, { translations: { ar: 'd' } }])).toEqual(
      ['en', 'ar', 'fr', 'zh'],
    );
  });
});

// Translations as the service may hold them: 1–255 characters, no LF or CR (other Unicode line
// separators are ordinary characters), often starting with apostrophes and = + - @ or a tab — the
// cells the writers escape and the reader unescapes. `rawTranslation` is any such text;
// `translation` is one the reader gives back unchanged (trimmed, NFC).
const lineBreakChars = /[\n\r]/;
const tricky = fc.constantFrom('a', 'e\u0301', ',', ';', '"', "'", ' ', '\t', '=', '+', '-', '@', '😀', '<', '&', '\u00a0', '\u2028', '\u0085', '\u0338');
const rawTranslation = fc
  .tuple(
    fc.constantFrom('', "'", "''", "'''", ' ', " '", '\t', "\t'"), // apostrophes (or spaces) first …
    fc.constantFrom('', '', '=', '+', '-', '@', '\t', ' '), // … then maybe a formula character
    fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 20 }),
  )
  .map(([a, b, c]) => a + b + c)
  .filter((s) => {
    const n = s.trim().normalize('NFC');
    return n !== '' && [...n].length <= 255 && !lineBreakChars.test(s);
  });
const translation = rawTranslation.map((s) => s.trim().normalize('NFC'));
const language = fc.constantFrom('en', 'fr', 'de', 'pt-BR', 'zh-Hant', 'ja');
const translations = fc.dictionary(language, translation, { minKeys: 1, maxKeys: 4 });
const rawTranslations = fc.dictionary(language, rawTranslation, { minKeys: 1, maxKeys: 4 });
// Ids as the service makes them, and some starting like a formula or with an apostrophe.
const entryId = fc.stringMatching(/^(''?|[-=+@]|'[-=+@])?[A-Za-z0-9_-]{1,12}$/);
const glossary = fc.uniqueArray(fc.record({ id: entryId, translations }), { selector: (e) => e.id, maxLength: 12 });
const rawGlossary = fc.uniqueArray(fc.record({ id: entryId, translations: rawTranslations }), { selector: (e) => e.id, maxLength: 12 });

describe('CSV round trip (property)', () => {
  it('entries → CSV → parse gives the same rows', () => {
    fc.assert(
      fc.property(glossary, (g) => {
        const file = parse(glossaryToCsv(g));
        expect(file.warnings).toEqual([]);
        expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(
          g.map((e) => ({ id: e.id, translations: e.translations })),
        );
        expect(file.rows.map((r) => r.line)).toEqual(g.map((_, i) => i + 2));
      }),
      { numRuns: 300 },
    );
  });

  it('an --excel file parses back to the original cells (the neutralising apostrophes are removed), leading apostrophes included', () => {
    fc.assert(
      fc.property(glossary, (g) => {
        const file = parse(glossaryToCsv(g, { excel: true }));
        expect(file.warnings).toEqual([]);
        expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(
          g.map((e) => ({ id: e.id, translations: e.translations })),
        );
        // And no cell of it starts like a formula.
        const cells = parseDelimited(glossaryToCsv(g, { excel: true }), 'g.csv').rows.flatMap((r) => r.cells);
        expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('any text the service holds (untrimmed, not NFC, tabs, apostrophes before = + - @): plain and --excel exports parse back to it as an import compares it', () => {
    fc.assert(
      fc.property(rawGlossary, fc.boolean(), (g, excel) => {
        const file = parse(glossaryToCsv(g, { excel }));
        expect(file.warnings).toEqual([]);
        expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(
          g.map((e) => ({ id: e.id, translations: Object.fromEntries(Object.entries(e.translations).map(([k, v]) => [k, normaliseCell(v)])) })),
        );
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// TBX

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * A strict little XML reader for the writer's output: balanced tags, quoted attributes, only the
 * five named entities and numeric ones, no raw `<`/`&` in text, no characters XML forbids.
 */
function parseXml(xml: string): XmlElement {
  // eslint-disable-next-line no-control-regex -- checking for control characters
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml)) throw new Error('invalid character');
  const decode = (s: string) => {
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(s) || s.includes('<')) throw new Error(`bad text ${s}`);
    return s.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, e: string) =>
      e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? '',
    );
  };
  let rest = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  while (rest.length > 0) {
    const top = stack[stack.length - 1] as XmlElement;
    const lt = rest.indexOf('<');
    if (lt !== 0) {
      const text = lt === -1 ? rest : rest.slice(0, lt);
      top.text += decode(text);
      rest = lt === -1 ? '' : rest.slice(lt);
      continue;
    }
    const close = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(rest);
    if (close) {
      if (close[1] !== top.name) throw new Error(`</${close[1]}> closes <${top.name}>`);
      stack.pop();
      rest = rest.slice(close[0].length);
      continue;
    }
    const open = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>/.exec(rest);
    if (!open) throw new Error(`bad markup at ${rest.slice(0, 30)}`);
    const attrs: Record<string, string> = {};
    for (const m of (open[2] ?? '').matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) {
      const name = m[1] as string;
      if (name in attrs) throw new Error(`duplicate attribute ${name}`);
      attrs[name] = decode(m[2] as string);
    }
    const element: XmlElement = { name: open[1] as string, attrs, children: [], text: '' };
    top.children.push(element);
    if (open[3] !== '/') stack.push(element);
    rest = rest.slice(open[0].length);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  const [only, ...more] = root.children;
  if (!only || more.length > 0 || root.text.trim() !== '') throw new Error('not one root element');
  return only;
}
const child = (e: XmlElement, name: string): XmlElement[] => e.children.filter((c) => c.name === name);
const one = (e: XmlElement, name: string): XmlElement => {
  const found = child(e, name);
  if (found.length !== 1) throw new Error(`expected one <${name}> in <${e.name}>, found ${found.length}`);
  return found[0] as XmlElement;
};
/** conceptEntry id → (xml:lang → term), from a TBX document. */
function readTbx(xml: string): { ids: string[]; terms: Record<string, string>[] } {
  const tbx = parseXml(xml);
  expect(tbx.name).toBe('tbx');
  expect(tbx.attrs).toEqual({
    type: 'TBX-Basic',
    style: 'dca',
    'xml:lang': 'en',
    xmlns: 'urn:iso:std:iso:30042:ed-2',
  });
  one(one(one(tbx, 'tbxHeader'), 'fileDesc'), 'sourceDesc');
  const body = one(one(tbx, 'text'), 'body');
  expect(body.children.every((c) => c.name === 'conceptEntry')).toBe(true);
  return {
    ids: body.children.map((c) => c.attrs.id as string),
    terms: body.children.map((c) => {
      const out: Record<string, string> = {};
      // (An <admin type="teamctl-entry-id"> carries an id no XML name can hold.)
      for (const langSec of c.children.filter((ch) => ch.name !== 'admin')) {
        expect(langSec.name).toBe('langSec');
        out[langSec.attrs['xml:lang'] as string] = one(one(langSec, 'termSec'), 'term').text;
      }
      return out;
    }),
  };
}

describe('glossaryToTbx', () => {
  it('writes one conceptEntry per entry and one langSec per translation, en first', () => {
    const xml = glossaryToTbx(entries);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">')).toBe(true);
    expect(readTbx(xml)).toEqual({
      ids: ['e1', 'e2', 'e3'],
      terms: [{ en: 'bank', de: 'Bank', fr: 'banque' }, { en: 'door, gate', 'pt-BR': 'porta' }, { de: 'nur "deutsch"' }],
    });
    expect(xml).toContain(
      '      <conceptEntry id="e1">\n        <langSec xml:lang="en">\n          <termSec>\n            <term>bank</term>\n',
    );
    expect(Object.keys(readTbx(xml).terms[0] ?? {})).toEqual(['en', 'de', 'fr']);
  });

  it('escapes markup and removes characters XML cannot hold', () => {
    const xml = glossaryToTbx([{ id: 'x', translations: { en: `a & b < c > d " e ' f\u0000\u0007\uFFFF\uD800g😀`, fr: 'x\ry' } }]);
    expect(xml).toContain('<term>a &amp; b &lt; c &gt; d &quot; e &apos; fg😀</term>');
    expect(readTbx(xml).terms).toEqual([{ en: `a & b < c > d " e ' fg😀`, fr: 'x\ry' }]);
  });

  it('makes ids valid, unique NCNames', () => {
    const xml = glossaryToTbx(
      ['1', '1', 'a b', '_ok', 'é', 'a_b', '-x', ''].map((id) => ({ id, translations: { en: 't' } })),
    );
    const { ids } = readTbx(xml);
    expect(ids).toEqual(['c-1', 'c-1-2', 'a_b', '_ok', '_', 'a_b-2', 'c--x', 'c-']);
    expect(ids.every((id) => /^[A-Za-z_][A-Za-z0-9._-]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Every id the XML name changed goes along as it is.
    expect([...xml.matchAll(/<admin type="teamctl-entry-id">([^<]*)<\/admin>/g)].map((m) => m[1])).toEqual(['1', '1', 'a b', 'é', 'a_b', '-x', '']);
  });

  it('toNcName keeps a valid id as is', () => {
    expect(toNcName('abc-DEF_1.2')).toBe('abc-DEF_1.2');
  });

  it('languages restrict and order the langSecs; entries left without one are omitted', () => {
    const { ids, terms } = readTbx(glossaryToTbx(entries, { languages: ['fr', 'en'] }));
    expect(ids).toEqual(['e1', 'e2']);
    expect(terms.map((t) => Object.keys(t))).toEqual([['fr', 'en'], ['en']]);
  });

  it('an empty glossary is a valid document with an empty body', () => {
    expect(readTbx(glossaryToTbx([]))).toEqual({ ids: [], terms: [] });
  });

  it('streams: start + entries + end is the same document', () => {
    const w = new GlossaryTbxWriter();
    expect(w.start() + entries.map((e) => w.entry(e)).join('') + w.end()).toBe(glossaryToTbx(entries));
  });

  it('xmlEscape', () => {
    expect(xmlEscape(`<a href="x">&'\u0001\r`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#13;');
  });

  it('property: well-formed, one conceptEntry per entry, terms read back', () => {
    fc.assert(
      fc.property(glossary, (g) => {
        const { ids, terms } = readTbx(glossaryToTbx(g));
        expect(ids).toHaveLength(g.length);
        expect(new Set(ids).size).toBe(g.length);
        expect(terms).toEqual(g.map((e) => e.translations));
      }),
      { numRuns: 200 },
    );
  });
});

describe('glossary file layouts: one recogniser for every header', () => {
  const read = (text: string, opts: Parameters<typeof parseGlossaryFile>[2] = {}) => parseGlossaryFile(text, 'g.csv', opts);
  const rows = (g: GlossaryFile) => g.rows.map((r) => r.translations);

  it('headerless two-column lists (DeepL, Google) are never misread: refused with --languages shown, then read exactly', () => {
    for (const text of ['AI,IA\nbrowser,navegador\n', 'CEO,PDG\nboard,conseil\n', 'hermosa,belle\nexquisito,delicieux\n']) {
      expect(problemsOf(text).map((p) => p.message).join('\n')).toMatch(/--languages en,de/);
    }
    expect(rows(read('AI,IA\nbrowser,navegador\n', { languages: ['en', 'es'] }))).toEqual([{ en: 'AI', es: 'IA' }, { en: 'browser', es: 'navegador' }]);
    // DeepL's export repeats the languages in two more columns: checked, not imported.
    expect(rows(read('bank,Bank,EN,DE\ndoor,Tür,EN,DE\n', { languages: ['en', 'de'] }))).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
    expect(lines(problemsOf('bank,Bank,EN,FR\n', { languages: ['en', 'de'] }))).toEqual([[1, 'cell 4 is "FR", where --languages names de']]);
  });

  it('metadata columns are ignored with one warning naming them, never taken as languages (GlotPress, Google term sets)', () => {
    const g = read('en,de,pos,description\nbank,Bank,noun,money\n');
    expect(g.languages).toEqual(['en', 'de']);
    expect(rows(g)).toEqual([{ en: 'bank', de: 'Bank' }]);
    expect(g.warnings.map((w) => w.message)).toEqual(['columns "pos", "description" hold no translation (the glossary holds translations only): ignored']);
  });

  it("reads Crowdin's export and upload scheme, and Transifex's per-language columns", () => {
    const crowdin = read('Term [en],Description [en],Part of Speech [en],Term [de],Description [de]\nbank,money,noun,Bank,Geld\n');
    expect(crowdin.languages).toEqual(['en', 'de']);
    expect(rows(crowdin)).toEqual([{ en: 'bank', de: 'Bank' }]);
    const upload = read('Term:English,Description:English,Part:English,Term:German,Term:Brazilian Portuguese\nbank,money,noun,Bank,banco\n');
    expect(upload.languages).toEqual(['en', 'de', 'pt-BR']);
    // Transifex: `term` is in the source language, which the header does not say.
    const transifex = 'term,pos,comment,translation_de,comment_de\nbank,noun,money,Bank,Geld\n';
    expect(problemsOf(transifex).map((p) => p.message)).toEqual(['column 1 "term" holds terms in a language the header does not say — it looks like a Transifex glossary: name the term column\'s language, --languages en (or every term column\'s in order, --languages en,de)']);
    expect(rows(read(transifex, { languages: ['en'] }))).toEqual([{ en: 'bank', de: 'Bank' }]);
    expect(rows(read(transifex, { languages: ['en', 'de'] }))).toEqual([{ en: 'bank', de: 'Bank' }]);
    expect(rows(read('source,target,context,developer_comments\nbank,Bank,finance,\n', { languages: ['en', 'de'] }))).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it('a language key ICU does not know is kept for the run to check against the glossary; --languages on a header that names its languages is refused', () => {
    const g = read('en,xx-brand\nbank,BANK™\n');
    expect(g.unverifiedLanguages).toEqual(['xx-brand']);
    expect(lines(problemsOf('en,de\nbank,Bank\n', { languages: ['en', 'de'] }))).toEqual([[1, 'the header names its languages (en, de): --languages is for a file whose header does not (source,target; term) or that has none']]);
  });
});
