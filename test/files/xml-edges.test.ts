// Edges of the concept reader of TBX and MultiTerm (src/files/glossary/xml.ts; `teamctl help glossary-files`, "From a CAT
// tool"), read through conceptRows itself so the rows it makes are checked cell by cell: languages
// in the order met, rows padded; every warning's words; statuses in DCA and DCT style; text split
// by comments, CDATA and inline markup; ids of teamctl's own export; terms outside a language's
// section; the parser's messages; a file streamed in pieces.
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { conceptRows } from '../../src/files/glossary/xml.js';

const marker = '<sourceDesc><p>Organization translation glossary exported by teamctl</p></sourceDesc>';
const tbx = (body: string, header = ''): string => `<tbx><tbxHeader><fileDesc>${header}</fileDesc></tbxHeader><text><body>${body}</body></text></tbx>`;
const entry = (inner: string, attrs = ''): string => `<conceptEntry${attrs}>${inner}</conceptEntry>`;
const langSec = (lang: string, inner: string): string => `<langSec xml:lang="${lang}">${inner}</langSec>`;
const termSec = (term: string, after = ''): string => `<termSec><term>${term}</term>${after}</termSec>`;

async function read(text: string | string[]): Promise<{ rows: string[][]; lines: number[]; warnings: string[] }> {
  const input = typeof text === 'string' ? text : (async function* () {
    for (const piece of text) yield piece;
  })();
  const { rows, warnings } = await conceptRows(input, 'g.tbx');
  return { rows: rows.rows.map((r) => r.cells), lines: rows.rows.map((r) => r.line), warnings: warnings.map((w) => `${w.line}: ${w.message}`) };
}

async function refusal(text: string): Promise<{ problems: string[]; total: number }> {
  try {
    await conceptRows(text, 'g.tbx');
  } catch (err) {
    if (err instanceof InputFileError) return { problems: err.problems.map((p) => `${p.line}: ${p.message}`), total: err.total };
    throw err;
  }
  throw new Error('expected an InputFileError');
}

describe('rows', () => {
  it('has the languages in the order met, a cell for each in every row, and no id from a CAT tool', async () => {
    const text = [
      '<tbx><text><body>',
      entry(langSec('en', termSec('bank')), ' id="c1"'),
      entry(langSec('en', termSec('card')) + langSec('de', termSec('Karte')) + langSec('fr', termSec('carte'))),
      entry(langSec('en', termSec('key')) + langSec('fr', termSec('clé'))),
      '</body></text></tbx>',
    ].join('\n');
    const { rows, lines, warnings } = await read(text);
    expect(rows).toStrictEqual([
      ['id', 'en', 'de', 'fr'],
      ['', 'bank', '', ''],
      ['', 'card', 'Karte', 'carte'],
      ['', 'key', '', 'clé'],
    ]);
    expect(lines).toEqual([1, 2, 3, 4]);
    expect(warnings).toEqual([]);
  });

  it('reads a term split by a comment, held in CDATA, or holding inline markup, whole', async () => {
    const { rows } = await read(tbx(entry(langSec('en', termSec('R<!-- c -->&amp;D')) + langSec('de', termSec('<![CDATA[F&E <beta>]]>')) + langSec('fr', termSec('compte <hi>bancaire</hi> courant')))));
    expect(rows[1]).toEqual(['', 'R&D', 'F&E <beta>', 'compte bancaire courant']);
  });

  it('takes a language from lang as well as xml:lang, trimmed', async () => {
    const { rows } = await read(tbx(entry('<langSet lang="fr">' + termSec('banque') + '</langSet>' + langSec(' de ', termSec('Bank')))));
    expect(rows).toEqual([
      ['id', 'fr', 'de'],
      ['', 'banque', 'Bank'],
    ]);
  });

  it('skips a byte order mark at the start, and keeps U+FEFF inside a term even at the start of a piece', async () => {
    expect((await read('\uFEFF' + tbx(entry(langSec('en', termSec('bank')))))).rows[1]).toEqual(['', 'bank']);
    const { rows } = await read(['\uFEFF<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>a', '\uFEFFb</term></termSec></langSec></conceptEntry></body></text></tbx>']);
    expect(rows[1]).toEqual(['', 'a\uFEFFb']);
  });
});

describe('warnings', () => {
  it('word each thing not imported, naming the concept by its id or not at all', async () => {
    const text = [
      '<tbx><text><body>',
      entry(langSec('en', termSec(' log on ', '<termNote type="administrativeStatus"> deprecatedTerm-admn-sts </termNote>') + termSec('sign in')), ' id="c1"'),
      entry(langSec('fr', termSec(' banque ') + termSec(' établissement ') + termSec('caisse'))),
      entry(langSec('en', termSec('two\nlines')) + langSec('de', termSec('Bank\n'))),
      entry(langSec('en', termSec('bank', '<note>informal</note>')) + '<descrip type="definition">a place</descrip>'),
      '</body></text></tbx>',
    ].join('\n');
    const { rows, warnings } = await read(text);
    expect(warnings).toEqual([
      '3: concept: 3 fr terms: imported "banque", left out "établissement", "caisse" (an entry holds one term per language)',
      '4: concept: the en term has a line break',
      '7: concept: not imported (the glossary holds translations only): note, definition', // (after the two line breaks above)
      // Statuses: one warning per kind, after the others (`teamctl help glossary-files`, "Term status").
      '2: 1 term marked deprecated left out of its language: en "log on" (line 2)',
    ]);
    expect(rows.slice(1)).toEqual([
      ['', 'sign in', '', ''],
      ['', '', ' banque ', ''],
      ['', 'two\nlines', '', 'Bank\n'],
      ['', 'bank', '', ''],
    ]);
  });

  it('shows twenty of a kind, then counts the rest from the line of the first not shown, one count per kind', async () => {
    const concept = entry(langSec('en', termSec('old', '<termNote type="administrativeStatus">obsolete</termNote>') + termSec('new')) + '<descrip type="definition">d</descrip>');
    const { warnings } = await read(['<tbx><text><body>', ...Array.from({ length: 22 }, () => concept), '</body></text></tbx>'].join('\n'));
    expect(warnings).toHaveLength(22);
    expect(warnings.slice(19)).toEqual([
      '21: concept: not imported (the glossary holds translations only): definition',
      '22: and 2 more concepts like those above (definition not imported), from this line on',
      '2: 22 terms marked obsolete left out of their languages: en "old" (line 2), en "old" (line 3), en "old" (line 4), en "old" (line 5), en "old" (line 6), and 17 more',
    ]);
    const one = await read(['<tbx><text><body>', ...Array.from({ length: 21 }, () => entry(langSec('en', termSec('a') + termSec('b')))), '</body></text></tbx>'].join('\n'));
    expect(one.warnings.at(-1)).toBe('22: and 1 more concept like those above (several terms for one language), from this line on');
    const breaks = await read(['<tbx><text><body>', ...Array.from({ length: 21 }, () => entry(langSec('en', termSec('a&#10;b')))), '</body></text></tbx>'].join('\n'));
    expect(breaks.warnings.at(-1)).toBe('22: and 1 more concept like those above (a term with a line break), from this line on');
  });
});

describe('statuses', () => {
  const status = (note: string): string => tbx(entry(langSec('en', termSec('old', note) + termSec('new'))));

  it.each([
    ['DCA, split by a comment', '<termNote type="administrativeStatus">deprecated<!-- x -->Term-admn-sts</termNote>', 'deprecated'],
    ['DCA, with inline markup', '<termNote type="normativeAuthorization">super<hi>seded</hi>Term</termNote>', 'superseded'],
    ['in a descrip', '<descrip type="usageStatus">rejected</descrip>', 'forbidden'],
    ['in an admin', '<admin type="usageStatus">forbidden</admin>', 'forbidden'],
    ['in a note', '<note type="administrativeStatus">obsolete</note>', 'obsolete'],
    ['DCT', '<basic:administrativeStatus>deprecatedTerm-admn-sts</basic:administrativeStatus>', 'deprecated'],
    ['Crowdin words, any case', '<termNote type="usageStatus">Not Recommended</termNote>', 'deprecated'],
  ])('keeps out a term by its status: %s', async (_, note, kind) => {
    const { rows, warnings } = await read(status(note));
    expect(rows[1]).toEqual(['', 'new']);
    expect(warnings).toEqual([`1: 1 term marked ${kind} left out of its language: en "old" (line 1)`]);
  });

  it('a status teamctl does not know keeps its term, with one warning naming the value', async () => {
    const { rows, warnings } = await read(status('<termNote type="administrativeStatus">draft</termNote>'));
    expect(rows[1]).toEqual(['', 'old']);
    expect(warnings).toEqual([
      '1: concept: 2 en terms: imported "old", left out "new" (an entry holds one term per language)',
      '1: 1 term with a status teamctl does not know kept (known: preferred, admitted, forbidden, deprecated, obsolete, superseded): en "old" (line 1, "draft")',
    ]);
  });

  it('a language whose only term is left out is still a column (an empty cell, which sync removes); a concept with no term left is no row', async () => {
    const forbidden = (t: string): string => termSec(t, '<termNote type="administrativeStatus">forbidden</termNote>');
    const { rows, warnings } = await read(tbx(entry(langSec('en', termSec('bank')) + langSec('de', forbidden('Geldhaus'))) + entry(langSec('en', forbidden('whitelist')))));
    expect(rows).toEqual([
      ['id', 'en', 'de'],
      ['', 'bank', ''],
    ]);
    expect(warnings).toEqual(['1: 2 terms marked forbidden left out of their languages: de "Geldhaus" (line 1), en "whitelist" (line 1)']);
  });

  it.each([
    ['usageStatusComment', '<termNote type="usageStatusComment">deprecated since v2</termNote>'],
    ['termUsageStatus', '<termNote type="termUsageStatus">deprecated</termNote>'],
  ])('a note whose type only contains a status category (%s) is no status: warned, the term kept', async (type, note) => {
    const { rows, warnings } = await read(status(note));
    expect(rows[1]).toEqual(['', 'old']);
    expect(warnings).toEqual([
      '1: concept: 2 en terms: imported "old", left out "new" (an entry holds one term per language)',
      `1: concept: not imported (the glossary holds translations only): ${type}`,
    ]);
  });

  it('a term marked preferred comes first', async () => {
    const { rows } = await read(status('').replace('<term>new</term>', '<term>new</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote>'));
    expect(rows[1]).toEqual(['', 'new']);
  });

  it('DCT: who changed a concept when is not warned about; other categories are, by their exact names', async () => {
    const dct = '<min:transactionType>origination</min:transactionType><min:date>2024-01-01</min:date><min:responsibility>x</min:responsibility>' + '<min:creationDate>2024</min:creationDate><min:dateNote>n</min:dateNote>';
    const { warnings } = await read(tbx(entry(langSec('en', termSec('bank')) + dct)));
    expect(warnings).toEqual(['1: concept: not imported (the glossary holds translations only): creationDate, dateNote']);
  });
});

describe('MultiTerm', () => {
  const mtf = (inner: string): string => `<mtf><conceptGrp>${inner}</conceptGrp></mtf>`;

  it('names a concept by its number (trimmed, whole), takes lang as a canonical tag, else type', async () => {
    const { rows, warnings } = await read(
      mtf(
        '<concept> 7<!-- c -->1 </concept>' +
          '<languageGrp><language type="English" lang="EN-US"/><termGrp><term>bank</term></termGrp><termGrp><term>bench</term></termGrp></languageGrp>' +
          '<languageGrp><language type="German"/><termGrp><term>Bank</term></termGrp></languageGrp>',
      ),
    );
    expect(rows).toEqual([
      ['id', 'en-US', 'German'],
      ['', 'bank', 'Bank'],
    ]);
    expect(warnings).toEqual(['1: concept "71": 2 en-US terms: imported "bank", left out "bench" (an entry holds one term per language)']);
  });

  it('reads a term status MultiTerm keeps in a descrip (Status, Usage): by the rule of every layout (`teamctl help glossary-files`, "Term status")', async () => {
    const { rows, warnings } = await read(
      mtf(
        '<languageGrp><language type="English" lang="EN-US"/><termGrp><term>whitelist</term><descripGrp><descrip type="Status">Forbidden</descrip></descripGrp></termGrp><termGrp><term>allowlist</term><descripGrp><descrip type="Usage">preferred</descrip></descripGrp></termGrp></languageGrp>' +
          '<languageGrp><language type="German" lang="DE-DE"/><termGrp><term>Positivliste</term><descripGrp><descrip type="Term Status">approved</descrip></descripGrp></termGrp></languageGrp>',
      ),
    );
    expect(rows).toEqual([
      ['id', 'en-US', 'de-DE'],
      ['', 'allowlist', 'Positivliste'],
    ]);
    expect(warnings).toEqual(['1: 1 term marked forbidden left out of its language: en-US "whitelist" (line 1)']);
  });

  it("a <concept> that is not a conceptGrp's own is no concept number", async () => {
    const { warnings } = await read(mtf('<concept>7</concept><languageGrp><language lang="EN"/><termGrp><term>a</term><concept>9</concept></termGrp><termGrp><term>b</term></termGrp></languageGrp>'));
    expect(warnings).toEqual(['1: concept "7": 2 en terms: imported "a", left out "b" (an entry holds one term per language)']);
  });

  it('refuses a <language> without lang or type', async () => {
    expect((await refusal(mtf('<languageGrp><language/><termGrp><term>bank</term></termGrp></languageGrp>'))).problems).toEqual([
      '1: <language> without a lang attribute naming a language tag: add it (lang="EN-US"), as MultiTerm writes it',
    ]);
  });

  it('a <language> that is not a languageGrp\'s own names no language: its terms are outside a section', async () => {
    const grp = '<languageGrp><language lang="EN"/><termGrp><term>bank</term></termGrp></languageGrp><languageGrp><descripGrp><language lang="FR"/></descripGrp><termGrp><term>banque</term></termGrp></languageGrp>';
    expect((await refusal(mtf(grp))).problems).toEqual([
      "1: <term> outside a language's section: put it in the <langSec xml:lang=\"…\"> (<langSet>, MultiTerm's <languageGrp>) of its language",
    ]);
  });
});

describe("a term outside a language's section", () => {
  it.each([
    ['TBX', tbx(entry(langSec('en', termSec('bank')) + '\n' + termSec('banque')))],
    ['TBX 2008', `<martif><text><body><termEntry><langSet xml:lang="en"><tig><term>bank</term></tig></langSet>\n<tig><term>banque</term></tig></termEntry></body></text></martif>`],
    ['MultiTerm', `<mtf><conceptGrp><languageGrp><language lang="EN"/><termGrp><term>bank</term></termGrp></languageGrp>\n<termGrp><term>banque</term></termGrp></conceptGrp></mtf>`],
  ])('is a problem of its line (%s), not a term dropped silently', async (_, text) => {
    expect((await refusal(text)).problems).toEqual([
      "2: <term> outside a language's section: put it in the <langSec xml:lang=\"…\"> (<langSet>, MultiTerm's <languageGrp>) of its language",
    ]);
  });

  it('a section without xml:lang is one problem, not one more per term', async () => {
    expect((await refusal(tbx(entry('<langSec>' + termSec('a') + termSec('b') + '</langSec>')))).problems).toEqual([
      '1: <langSec> without xml:lang: add the language of its terms (xml:lang="en")',
    ]);
  });

  it('lists fifty problems and counts them all', async () => {
    const { problems, total } = await refusal(tbx(Array.from({ length: 51 }, () => entry('<langSec>' + termSec('a') + '</langSec>')).join('')));
    expect(problems).toHaveLength(50);
    expect(total).toBe(51);
  });
});

describe("teamctl's own export", () => {
  it('takes concept ids as entry ids, trimmed and whole; a concept added by hand has none', async () => {
    const body = [
      entry(langSec('en', termSec('bank')), ' id="ge_1"'),
      entry('<admin type="teamctl-entry-id"> ge_<!-- c -->2 </admin>' + langSec('en', termSec('card'))),
      entry('<admin type="teamctl-entry-id-json">"ge 3"</admin>' + langSec('en', termSec('key'))),
      entry(langSec('en', termSec('new'))),
    ].join('');
    const { rows, warnings } = await read(tbx(body, marker));
    expect(rows.map((r) => r[0])).toEqual(['id', 'ge_1', 'ge_2', 'ge 3', '']);
    expect(warnings).toEqual([]);
  });

  it("an id inside a language's section is no entry id: it is warned about", async () => {
    const { rows, warnings } = await read(tbx(entry(langSec('en', '<admin type="teamctl-entry-id">ge_9</admin>' + termSec('bank')), ' id="ge_1"'), marker));
    expect(rows[1]).toEqual(['ge_1', 'bank']);
    expect(warnings).toEqual(['1: concept "ge_1": not imported (the glossary holds translations only): teamctl-entry-id']);
  });

  it('finds its words in the header even across inline markup', async () => {
    const text = tbx(entry(langSec('en', termSec('bank')), ' id="ge_1"'), '<sourceDesc><p>Organization translation glossary exported by <hi>teamctl</hi></p></sourceDesc>');
    expect((await read(text)).rows[1]).toEqual(['ge_1', 'bank']);
  });

  it('reads the exact term after the visible one, however its JSON is spaced or split', async () => {
    const exact = (json: string): string => tbx(entry(langSec('en', termSec('a?b', `<admin type="teamctl-term-json">${json}</admin>`)), ' id="ge_1"'), marker);
    expect((await read(exact('"a\\u0001b"'))).rows[1]).toEqual(['ge_1', 'a\u0001b']);
    expect((await read(exact(' "a\\u0001b" \n'))).rows[1]).toEqual(['ge_1', 'a\u0001b']);
    expect((await read(exact('"a\\u00<!-- c -->01b"'))).rows[1]).toEqual(['ge_1', 'a\u0001b']);
  });

  it('a note after the exact term is warned about, and not read as part of it', async () => {
    const text = tbx(entry(langSec('en', termSec('a?b', '<admin type="teamctl-term-json">"a\\u0001b"</admin><descrip type="definition">d</descrip>')), ' id="ge_1"'), marker);
    const { rows, warnings } = await read(text);
    expect(rows[1]).toEqual(['ge_1', 'a\u0001b']);
    expect(warnings).toEqual(['1: concept "ge_1": not imported (the glossary holds translations only): definition']);
  });

  it('refuses an id or a term that is not a JSON string', async () => {
    const id = tbx(entry('<admin type="teamctl-entry-id-json">ge 3</admin>' + langSec('en', termSec('key'))), marker);
    expect((await refusal(id)).problems).toEqual(['1: <admin type="teamctl-entry-id-json"> is not a JSON string']);
    const term = tbx(entry(langSec('en', termSec('key', '<admin type="teamctl-term-json">3</admin>'))), marker);
    expect((await refusal(term)).problems).toEqual(['1: <admin type="teamctl-term-json"> is not a JSON string']);
  });

  it('is said by the header\'s source only: the same words in its title make no ids', async () => {
    const text = tbx(entry(langSec('en', termSec('bank')), ' id="ge_1"'), '<titleStmt><title>exported by teamctl</title></titleStmt>');
    expect((await read(text)).rows[1]).toEqual(['', 'bank']);
  });
});

describe('XML that is not well-formed', () => {
  it('names the parser\'s words without its position or full stop, and the line', async () => {
    expect((await refusal('<tbx>\n\n\n\n\n\n\n\n\n\n\n</b>')).problems).toEqual(['12: not well-formed XML: unexpected close tag']);
  });
});
