// Where a glossary file's header is (`teamctl help glossary-files`, "Glossary file layouts"):
// below up to five rows of notes it is found; further down it is named, never guessed, and the
// refusal's `--header-row` is followed here and reads the file's entries; `--header-row N` reads
// a CSV, a semicolon file and an .xlsx sheet from line N. Entries keep the file's line numbers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError } from '../../src/errors.js';
import { parseGlossaryFile, readGlossaryFile, type GlossaryReadOptions } from '../../src/files/glossary/read.js';
import { xlsx } from '../helpers/xlsx.js';

/** Instruction lines of several cells each, as a spreadsheet template has them. */
const notes = (n: number): string =>
  Array.from({ length: n }, (_, i) => `Step ${i + 1}: fill in one term a row,see the style guide,owner: docs team`).join('\n') + '\n';
const body = 'en,de\nbank,Bank\ntree,Baum\n';

const read = (text: string, opts: GlossaryReadOptions = {}, file = 'g.csv') => {
  const g = parseGlossaryFile(text, file, opts);
  return { rows: g.rows.map((r) => [r.line, r.translations]), warnings: g.warnings.map((w) => `${w.line}: ${w.message}`) };
};
const refusal = (text: string, opts: GlossaryReadOptions = {}): string[] => {
  try {
    parseGlossaryFile(text, 'g.csv', opts);
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    throw err;
  }
  throw new Error('not refused');
};
/** The --header-row a refusal names. */
const hinted = (messages: readonly string[]): number => Number(/--header-row (\d+)/.exec(messages.join('\n'))?.[1]);

describe('instruction lines above the header', () => {
  it.each([1, 5])('%i line(s) of several cells each: the header below them is read, the lines skipped with a warning', (n) => {
    expect(read(notes(n) + body)).toEqual({
      rows: [
        [n + 2, { en: 'bank', de: 'Bank' }],
        [n + 3, { en: 'tree', de: 'Baum' }],
      ],
      warnings: [`1: ${n === 1 ? 'line 1' : 'lines 1, 2, 3, 4, 5'} above the header (line ${n + 1}) ${n === 1 ? 'is a note' : 'are notes'}, not entries: skipped`],
    });
  });

  it.each([6, 10])('%i lines: refused naming the file and the header row; following --header-row reads the entries on their lines', (n) => {
    const text = notes(n) + body;
    const messages = refusal(text);
    expect(messages).toEqual([`g.csv:1: line 1 is not a header of language columns; line ${n + 1} (en, de) looks like the header, below ${n} rows of notes: read from it with --header-row ${n + 1}`]);
    // The hint no longer suggests --languages, which read the notes as entries.
    expect(messages.join('\n')).not.toMatch(/--languages/);
    expect(read(text, { headerRow: hinted(messages) })).toEqual({
      rows: [
        [n + 2, { en: 'bank', de: 'Bank' }],
        [n + 3, { en: 'tree', de: 'Baum' }],
      ],
      warnings: [`1: ${n} rows above the header (line ${n + 1}, --header-row) skipped`],
    });
  });

  it('a semicolon header below a note without semicolons is read by its own delimiter', () => {
    expect(read('Instructions: one term a row, no blank cells\nen;de\nbank;Bank\n').rows).toEqual([[3, { en: 'bank', de: 'Bank' }]]);
    const seven = `${notes(7)}en;de;description\nbank;Bank;where money is\n`;
    const messages = refusal(seven);
    expect(hinted(messages)).toBe(8);
    expect(read(seven, { headerRow: 8 }).rows).toEqual([[9, { en: 'bank', de: 'Bank' }]]);
  });

  it("entries' problems name the file's real lines, blank lines and quoted line breaks counted", () => {
    const text = `${notes(3)}\n"a note,\nover two lines",x\nen,de\nbank,Bank\n,\nbank,Banque\n`;
    expect(refusal(text, { headerRow: 7 })).toEqual(['g.csv:10: en term "bank" is also on line 8 with other translations (homonyms? identify entries by another language: --key de)']);
    // A line that is no header is named by its own number.
    expect(refusal(text, { headerRow: 8 })[0]).toMatch(/^g\.csv:8: line 8 is not a header of language columns/);
  });
});

describe('two rows that name the same languages: never guessed', () => {
  it.each([
    ['on top', 'English,German\nen,de\nbank,Bank\n', 'g.csv:1: lines 1, 2 all name the languages en, de: line 2 looks like the header: read from it with --header-row 2', 3],
    ['below a note', 'Fill in,one term a row\nEnglish,German\nen,de\nbank,Bank\n', 'g.csv:1: lines 2, 3 all name the languages en, de: line 3 looks like the header: read from it with --header-row 3', 4],
  ])('%s: refused naming the last; followed, no row of language names is read as an entry', (_, text, message, line) => {
    const messages = refusal(text);
    expect(messages).toEqual([message]);
    expect(read(text, { headerRow: hinted(messages) }).rows).toEqual([[line, { en: 'bank', de: 'Bank' }]]);
  });

  it('an entry that names other languages is an entry', () => {
    expect(read('en,de\nEnglish,Englisch\n').rows).toEqual([[2, { en: 'English', de: 'Englisch' }]]);
  });
});

describe('--header-row', () => {
  it('reads from the line it names, even when a header is found higher up, and an unknown column stays refused there', () => {
    // A row of language names above the real header: only the flag says which is the header.
    expect(read('English,German\nen,de\nbank,Bank\n', { headerRow: 2 }).rows).toEqual([[3, { en: 'bank', de: 'Bank' }]]);
    expect(refusal(`${notes(2)}en,de,Category\nbank,Bank,x\n`, { headerRow: 3 })[0]).toMatch(/^g\.csv:3: column 3 "Category" is no language ICU knows/);
  });

  it('--header-row 1 is the first line, nothing skipped', () => {
    expect(read(body, { headerRow: 1 })).toEqual({ rows: [[2, { en: 'bank', de: 'Bank' }], [3, { en: 'tree', de: 'Baum' }]], warnings: [] });
  });

  it('a line with no row on it is refused, naming the file and the line', () => {
    expect(refusal(body, { headerRow: 9 })).toEqual(['g.csv:9: --header-row 9 names no header: the file has no row there or below']);
    expect(refusal(`a note\n\n${body}`, { headerRow: 2 })).toEqual(['g.csv:2: --header-row 2 names no header: it is blank, a comment, or inside a quoted cell']);
  });

  it('is refused for a JSON or XML glossary', () => {
    expect(() => parseGlossaryFile('{"bank":"Bank"}', 'g.json', { languages: ['en', 'de'], headerRow: 2 })).toThrow(UsageError);
  });
});

describe('an .xlsx sheet with instruction rows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-header-row-'));
  const sheet = (n: number): string => {
    const path = join(dir, `notes${n}.xlsx`);
    const instructions = Array.from({ length: n }, (_, i) => [`Step ${i + 1}`, 'fill in one term a row', null]);
    writeFileSync(path, xlsx([{ name: 'Terms', rows: [...instructions, ['en', 'de', 'Description'], ['bank', 'Bank', 'money'], ['tree', 'Baum', null]] }]));
    return path;
  };

  it('three rows: read from its header', async () => {
    const g = await readGlossaryFile(sheet(3));
    expect(g.rows.map((r) => [r.line, r.translations])).toEqual([[5, { en: 'bank', de: 'Bank' }], [6, { en: 'tree', de: 'Baum' }]]);
  });

  it('eight rows: refused naming row 9; following --header-row 9 reads the entries on their rows', async () => {
    const path = sheet(8);
    const err = await readGlossaryFile(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputFileError);
    const messages = (err as InputFileError).problems.map((p) => p.message);
    expect(messages).toEqual(['line 1 is not a header of language columns; line 9 (en, de) looks like the header, below 8 rows of notes: read from it with --header-row 9']);
    const g = await readGlossaryFile(path, { headerRow: hinted(messages) });
    expect(g.rows.map((r) => [r.line, r.translations])).toEqual([[10, { en: 'bank', de: 'Bank' }], [11, { en: 'tree', de: 'Baum' }]]);
  });
});
