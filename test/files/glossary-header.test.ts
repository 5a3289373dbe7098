// Edges of the one glossary header recogniser (src/files/glossary/header.ts; `teamctl help glossary-files`, "Glossary
// file layouts"): metadata names with per-language suffixes, headers that are not headers, the
// counts and examples its refusals give, --languages against the header, duplicate columns, the
// metadata warning, and the columns of an XML layout's xml:lang values.
import { describe, expect, it } from 'vitest';
import { InputFileError, type FileProblem } from '../../src/errors.js';
import { recogniseHeaderCell, xmlColumns } from '../../src/files/glossary/header.js';
import { parseGlossaryFile } from '../../src/files/glossary/read.js';

function problemsOf(text: string, opts: { key?: string; languages?: string[] } = {}): string[] {
  try {
    parseGlossaryFile(text, 'g.csv', opts);
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p: FileProblem) => `${p.line}: ${p.message}`);
    throw err;
  }
  throw new Error('expected an InputFileError');
}

describe('recogniseHeaderCell', () => {
  it('reads a language trimmed', () => {
    expect(recogniseHeaderCell(' en ')).toEqual({ kind: 'language', language: 'en' });
  });

  it.each(['Description [en]', 'Description[en]', 'notes (fr)', 'notes(fr)', 'Part:English', 'comment_de', 'comment_pt_BR', 'comment_zh-Hans'])('%s is metadata', (cell) => {
    expect(recogniseHeaderCell(cell)).toEqual({ kind: 'metadata' });
  });

  it.each(['[en] Description', '(fr) notes'])('%s is no metadata: a language in brackets is a suffix only', (cell) => {
    expect(recogniseHeaderCell(cell)).toEqual({ kind: 'unknown' });
  });
});

describe('a first line that is not a header', () => {
  it('names the cells no language, and gives an example of --languages as long as the line', () => {
    expect(problemsOf('alpha,beta,gamma,delta\n')).toEqual([
      '1: line 1 is not a header of language columns ("alpha", "beta", "gamma", "delta" are no language ICU knows, nor a column of a known layout): ' +
        "a glossary without a header (DeepL, Google unidirectional, a two-column list) needs its columns' languages named in order, e.g. --languages en,de,fr,es",
    ]);
  });

  it('the example names six languages at most', () => {
    expect(problemsOf('a1,a2,a3,a4,a5,a6,a7\n')[0]).toMatch(/ e\.g\. --languages en,de,fr,es,it,ja$/);
  });

  it('names only the unknown cells, with "is" for one', () => {
    expect(problemsOf('note,zorglub\nx,y\n')).toEqual([
      '1: line 1 is not a header of language columns ("zorglub" is no language ICU knows, nor a column of a known layout): ' +
        "a glossary without a header (DeepL, Google unidirectional, a two-column list) needs its columns' languages named in order, e.g. --languages en,de",
    ]);
  });

  it('a line of metadata names alone is no header', () => {
    expect(problemsOf('description,note\nx,y\n')[0]).toMatch(/^1: line 1 is not a header of language columns \(/);
  });

  it('an id column beside an unknown one makes it a header with one bad column', () => {
    expect(problemsOf('id,zorglub\n1,x\n')).toEqual([
      '1: column 2 "zorglub" is no language ICU knows, nor a metadata column teamctl knows (pos, description, note, context, …): ' +
        'name it away with --ignore-columns "zorglub" — or, if line 1 is no header, name the columns\' languages with --languages en,de',
      '1: the header has no language column (like en, fr, pt-BR)',
    ]);
  });

  it('an empty cell neither makes nor breaks a header: --languages against en,,de is refused as for en,de', () => {
    expect(problemsOf('en,,de\nbank,,Bank\n', { languages: ['en', 'de'] })).toEqual([
      '1: the header names its languages (en, de): --languages is for a file whose header does not (source,target; term) or that has none',
      '1: column 2 has no name',
    ]);
  });

  it('a column without a name between languages is a problem of the header', () => {
    expect(problemsOf('en,,fr\nbank,,banque\n')).toEqual(['1: column 2 has no name']);
  });

  it('unnamed last columns empty on every line (trailing separators) are no columns; one with a value anywhere is a problem', () => {
    const read = parseGlossaryFile('fr,en,,\nbanque,bank,,\nrive,shore,,\n', 'g.csv', {});
    expect([read.languages, read.rows.map((r) => r.translations)]).toEqual([['fr', 'en'], [{ fr: 'banque', en: 'bank' }, { fr: 'rive', en: 'shore' }]]);
    expect(problemsOf('fr,en,\nbanque,bank,\nrive,shore,x\n')).toEqual(['1: column 3 has no name']);
    expect(problemsOf('fr,en,,\nbanque,bank,,x\n')).toEqual(['1: column 3 has no name', '1: column 4 has no name']);
  });
});

describe('--languages against the header', () => {
  it('counts the term columns it names and those it would need', () => {
    expect(problemsOf('source,target\nbank,banque\n', { languages: ['en'] })).toEqual([
      '1: --languages names 1 languages; the file has 2 term columns ("source", "target"), 2 of them without a language',
    ]);
  });

  it('counts a language key ICU does not know among the term columns it names', () => {
    const g = parseGlossaryFile('source,xx-brand\nbank,Bank\n', 'g.csv', { languages: ['en', 'xx-brand'] });
    expect(g.languages).toEqual(['en', 'xx-brand']);
    expect(g.unverifiedLanguages).toEqual(['xx-brand']);
  });

  it('refuses a language other than the one the header says for a column', () => {
    expect(problemsOf('en,source\nbank,banque\n', { languages: ['de', 'fr'] })).toEqual(['1: column 1 "en" is en, but --languages names de for it']);
  });
});

describe('columns', () => {
  it('a layout\'s term column naming no language ICU knows', () => {
    expect(problemsOf('Term [Klingonish],Term [de]\nx,y\n')).toEqual([
      '1: column 1 "Term [Klingonish]" is a term column of a Crowdin glossary export, but "Klingonish" is no language ICU knows: write a language tag (like de, pt-BR) or its English name (German) there',
    ]);
  });

  it('a language named twice, however it is written, is a duplicate', () => {
    expect(problemsOf('de,Term [de]\nx,y\n')).toEqual(['1: duplicate column "Term [de]": same as column 1']);
  });

  it('a language named three times is a duplicate of its first column each time', () => {
    expect(problemsOf('de,Term [de],DE\nx,y,z\n')).toEqual(['1: duplicate column "Term [de]": same as column 1', '1: duplicate column "DE": same as column 1']);
  });

  it('two status columns of the same terms are a duplicate; statuses of different languages are not', () => {
    expect(problemsOf('en,de,status,Status\nx,y,approved,forbidden\n')).toEqual(['1: duplicate column "Status": a status of the same terms as column 3']);
    expect(problemsOf('Term [en],Status [en],Term [de],Status [de],status:English\nx,a,y,b,c\n')).toEqual(['1: duplicate column "status:English": a status of the same terms as column 2']);
    expect(() => parseGlossaryFile('Term [en],Status [en],Term [de],Status [de]\nx,approved,y,approved\n', 'g.csv')).not.toThrow();
  });

  it('metadata columns may repeat: two Note columns are one warning, no duplicate', () => {
    const g = parseGlossaryFile('en,de,Note,Note\nbank,Bank,x,y\n', 'g.csv', {});
    expect(g.languages).toEqual(['en', 'de']);
    expect(g.warnings.map((w) => w.message)).toEqual(['columns "Note", "Note" hold no translation (the glossary holds translations only): ignored']);
  });

  it('a status column is a term status (`teamctl help glossary-files`, "Term status"): of its row, or of the language it names', () => {
    expect(recogniseHeaderCell('Status')).toEqual({ kind: 'status', flag: false });
    expect(recogniseHeaderCell('FORBIDDEN')).toEqual({ kind: 'status', flag: true });
    expect(recogniseHeaderCell('status_de')).toEqual({ kind: 'status', of: 'de', flag: false });
    expect(recogniseHeaderCell('Status [pt_BR]')).toEqual({ kind: 'status', of: 'pt-BR', flag: false });
    expect(recogniseHeaderCell('Status:German')).toEqual({ kind: 'status', of: 'de', flag: false });
    const g = parseGlossaryFile('en,de,status\nbank,Bank,approved\nriver,Fluss,Deprecated\nlake,See,draft\n', 'g.csv', {});
    expect(g.languages).toEqual(['en', 'de']);
    expect(g.rows.map((r) => r.translations)).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'lake', de: 'See' }]);
    expect(g.warnings).toEqual([
      { file: 'g.csv', line: 3, message: '2 terms marked deprecated left out of their languages: en "river" (line 3), de "Fluss" (line 3)' },
      {
        file: 'g.csv',
        line: 4,
        message: '1 term with a status teamctl does not know kept (known: preferred, admitted, forbidden, deprecated, obsolete, superseded): en "lake" (line 4, "draft")',
      },
    ]);
  });

  it('a status of a language no column holds marks nothing: ignored with the metadata', () => {
    const g = parseGlossaryFile('Term [en],Status [fr]\nbank,forbidden\n', 'g.csv', {});
    expect(g.rows.map((r) => r.translations)).toEqual([{ en: 'bank' }]);
    expect(g.warnings.map((w) => w.message)).toEqual(['column "Status [fr]" holds no translation (the glossary holds translations only): ignored']);
  });

  it('underscore tags are languages in BCP 47 canonical case', () => {
    expect(recogniseHeaderCell('de_DE')).toEqual({ kind: 'language', language: 'de-DE' });
    expect(recogniseHeaderCell('pt_br')).toEqual({ kind: 'language', language: 'pt-BR' });
    expect(recogniseHeaderCell('zh_Hant_TW')).toEqual({ kind: 'language', language: 'zh-Hant-TW' });
    expect(recogniseHeaderCell('comment_de')).toEqual({ kind: 'metadata' });
    // Lokalise's per-language descriptions, the language first.
    expect(recogniseHeaderCell('en_description')).toEqual({ kind: 'metadata' });
    expect(recogniseHeaderCell('de_DE_description')).toEqual({ kind: 'metadata' });
    expect(recogniseHeaderCell('xx_description')).toEqual({ kind: 'unknown' });
    expect(parseGlossaryFile('en_US,pt_BR\nbank,banco\n', 'g.csv', { key: 'pt_br' }).key).toBe('pt-BR');
  });

  it('one warning names the metadata columns, in the singular or the plural', () => {
    expect(parseGlossaryFile('en,fr,note\nbank,banque,x\n', 'g.csv', {}).warnings).toEqual([
      { file: 'g.csv', line: 1, message: 'column "note" holds no translation (the glossary holds translations only): ignored' },
    ]);
    expect(parseGlossaryFile('en,fr,note,description\nbank,banque,x,y\n', 'g.csv', {}).warnings).toEqual([
      { file: 'g.csv', line: 1, message: 'columns "note", "description" hold no translation (the glossary holds translations only): ignored' },
    ]);
  });
});

describe('xmlColumns', () => {
  it('takes the first cell as the id; names an empty, a repeated and a malformed xml:lang by column', () => {
    const problems: string[] = [];
    const columns = xmlColumns(['concept', 'en', '', 'EN', 'x y', 'id'], 5, (line, message) => problems.push(`${line}: ${message}`));
    expect(columns.map((c) => c.kind)).toEqual(['id', 'language', 'ignored', 'ignored', 'ignored', 'language']);
    expect(problems).toEqual([
      '5: column 3 has no name',
      '5: xml:lang "EN" is the language of xml:lang "en" spelled otherwise: write it one way',
      '5: xml:lang "x y" is not a language tag (like en, fr, pt-BR): write the tag of its terms\' language',
    ]);
  });

  it('compares xml:lang values in lower case: ß is no spelling of ss but no language tag', () => {
    const problems: string[] = [];
    xmlColumns(['concept', 'ss', 'ß'], 2, (line, message) => problems.push(`${line}: ${message}`));
    expect(problems).toEqual(['2: xml:lang "ß" is not a language tag (like en, fr, pt-BR): write the tag of its terms\' language']);
  });
});
