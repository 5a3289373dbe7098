// Which reader a glossary file goes to (src/files/glossary/read.ts), and which layout a header is
// taken for when two are equally sure (src/files/glossary/registry.ts; `teamctl help glossary-files`, "Glossary file
// layouts", "From a CAT tool").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { looksLikeXml, readGlossaryFile } from '../../src/files/glossary/read.js';
import { recogniseHeaderCell } from '../../src/files/glossary/header.js';
import { squash } from '../../src/files/glossary/layout.js';
import { delimitedLayoutOf, xmlLayoutOf } from '../../src/files/glossary/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-read-'));
let n = 0;
const write = (name: string, text: string): string => {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, text);
  return path;
};

describe('looksLikeXml', () => {
  it.each([
    ['terms.tbx', 'en,de'],
    ['terms.TBX', 'en,de'],
    ['terms.xml', ''],
    ['terms.Xml', ''],
    ['terms.csv', '<tbx>'],
    ['terms.csv', '\uFEFF<tbx>'],
    ['terms.csv', '\n\t <martif>'],
    ['terms', '\uFEFF \n<mtf>'],
  ])('%s holding %j is XML', (path, text) => {
    expect(looksLikeXml(path, text)).toBe(true);
  });

  it.each([
    ['terms.tbx.csv', 'en,de'],
    ['terms.xmlx', 'en,de'],
    ['terms.csv', 'en,de\n<b>,x'],
    ['terms.csv', 'x<tbx>'],
    ['terms.csv', ' x <tbx>'],
  ])('%s holding %j is not', (path, text) => {
    expect(looksLikeXml(path, text)).toBe(false);
  });
});

describe('readGlossaryFile', () => {
  it('reads XML whose first megabyte is blank, found once the whole text is read', async () => {
    const path = write('terms.txt', ' '.repeat(1024 * 1024 + 10) + '<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>bank</term></termSec></langSec><descrip type="definition">d</descrip></conceptEntry></body></text></tbx>');
    const file = await readGlossaryFile(path);
    expect(file.rows.map((r) => r.translations)).toEqual([{ en: 'bank' }]);
    expect(file.warnings.map((w) => w.message)).toEqual(['concept: not imported (the glossary holds translations only): definition']);
  });

  it("reads an XML file's xml:lang values as languages (id is Indonesian there), its warnings before those of its rows", async () => {
    const concept = (extra: string): string => `<conceptEntry><langSec xml:lang="en"><termSec><term>bank</term></termSec></langSec><langSec xml:lang="id"><termSec><term>bank</term></termSec></langSec>${extra}</conceptEntry>\n`;
    const file = await readGlossaryFile(write('terms.tbx', '<tbx><text><body>\n' + concept('<descrip type="definition">d</descrip>') + concept('') + '</body></text></tbx>'));
    expect(file.rows.map((r) => [r.id, r.translations])).toEqual([[undefined, { en: 'bank', id: 'bank' }]]);
    expect(file.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual(['2: concept: not imported (the glossary holds translations only): definition', '3: identical to line 2; merged']);
  });

  it('reads XML of more than one piece (a megabyte each) whole, lines counted across pieces', async () => {
    const concept = (i: number): string => `<conceptEntry><langSec xml:lang="en"><termSec><term>term ${i}</term></termSec></langSec>${i % 5000 === 0 ? '<descrip type="definition">d</descrip>' : ''}</conceptEntry>\n`;
    const path = write('terms.tbx', '<tbx><text><body>\n' + Array.from({ length: 12000 }, (_, i) => concept(i + 1)).join('') + '</body></text></tbx>');
    const file = await readGlossaryFile(path);
    expect(file.rows).toHaveLength(12000);
    expect(file.rows.at(-1)?.translations).toEqual({ en: 'term 12000' });
    expect(file.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '5001: concept: not imported (the glossary holds translations only): definition',
      '10001: concept: not imported (the glossary holds translations only): definition',
    ]);
  });

  it('refuses an empty .tbx as XML that is not well-formed, and an empty .csv as CSV', async () => {
    const xml = await readGlossaryFile(write('empty.tbx', '')).catch((err: unknown) => err);
    expect(xml).toBeInstanceOf(InputFileError);
    expect((xml as InputFileError).problems[0]?.message).toMatch(/^not well-formed XML: /);
    const csv = await readGlossaryFile(write('empty.csv', '')).catch((err: unknown) => err);
    expect(csv).toBeInstanceOf(InputFileError);
    expect((csv as InputFileError).problems[0]?.message).not.toMatch(/XML/);
  });
});

describe('which layout a first line looks like', () => {
  const layoutOf = (line: string): string => delimitedLayoutOf(line.split(',')).name;
  const teamctl = "teamctl's CSV";
  const languages = 'a CSV of language columns (a spreadsheet, a Google equivalent-term set, a GlotPress export)';
  const none = 'a glossary without a header (DeepL, Google unidirectional, a two-column list)';
  const deepl = 'a DeepL glossary export (two terms, then the two language codes, no header)';

  it.each([
    ['id,en,de', teamctl],
    ['ID,en', teamctl],
    ['en,de', languages],
    ['id,en,zorglub', none],
    ['bank,Bank,EN,DE', deepl],
    ['en,Bank,EN,DE', none],
    ['bank,Bank,EN', none],
    ['bank,Bank,EN,DE,x', none],
    ['bank,Bank,zorglub,DE', none],
    ['bank,Bank,EN,zorglub', none],
    ['term,translatable,en,de', 'a Phrase term base'],
    ['term,Case Sensitive,en', 'a Phrase term base'],
    ['term,description,en,de', 'a Phrase term base'],
    ['term,description', none],
    ['term,en,de', none],
    ['source,target', 'a Weblate glossary CSV'],
    ['source,note', none],
    ['target,note', none],
    ['term,translation_de', 'a Transifex glossary'],
    ['term,comment', 'a Transifex glossary'],
    ['term,pos', 'a Transifex glossary'],
    ['note,term,comment', none],
  ])('%s: %s', (line, name) => {
    expect(layoutOf(line)).toBe(name);
  });
});

describe("layouts' columns", () => {
  it.each([
    ['Term[de]', { kind: 'language', language: 'de' }],
    ['term [pt-BR]', { kind: 'language', language: 'pt-BR' }],
    ['Old Term [de]', { kind: 'unknown' }],
    ['Term [de] old', { kind: 'unknown' }],
    ['Term : German', { kind: 'language', language: 'de' }],
    ['Term:Portuguese, Brazilian', { kind: 'language', language: 'pt-BR' }],
    ['Old Term:German', { kind: 'unknown' }],
    ['translation_de', { kind: 'language', language: 'de' }],
    ['old translation_de', { kind: 'unknown' }],
    ['translation', { kind: 'term' }],
    ['Term', { kind: 'term' }],
    ['Translatable', { kind: 'metadata' }],
    ['Case sensitive', { kind: 'metadata' }],
    ['CaseSensitive', { kind: 'metadata' }],
    ['developer_comments', { kind: 'metadata' }],
  ])('%s', (cell, what) => {
    expect(recogniseHeaderCell(cell)).toEqual(what);
  });

  it('compares names squashed: trimmed, lower case, runs of blanks, _ and - as one space', () => {
    expect(squash('  Case _-  Sensitive ')).toBe('case sensitive');
    expect(squash('Part-of_Speech')).toBe('part of speech');
  });
});

describe('layouts equally sure', () => {
  it('the first listed wins: a Crowdin export before the upload scheme, in refusals too', () => {
    expect(delimitedLayoutOf(['Term [en]', 'Term:German']).name).toBe('a Crowdin glossary export');
    expect(delimitedLayoutOf(['Term:German', 'Term [en]']).name).toBe('a Crowdin glossary export');
  });

  it('a surer layout wins wherever it is listed', () => {
    expect(delimitedLayoutOf(['id', 'en', 'de']).name).toBe("teamctl's CSV");
    expect(delimitedLayoutOf(['en', 'de', 'note']).name).toBe('a CSV of language columns (a spreadsheet, a Google equivalent-term set, a GlotPress export)');
    expect(delimitedLayoutOf(['hermosa', 'belle']).name).toBe('a glossary without a header (DeepL, Google unidirectional, a two-column list)');
  });

  it('an XML root none reads has no layout', () => {
    expect(xmlLayoutOf('martif')?.name).toBe('TBX 2008');
    expect(xmlLayoutOf('tmx')).toBeUndefined();
  });
});
