// Every suggested flag works (`teamctl help glossary-files`, "Glossary file layouts"; `teamctl help rosters`, "The roster"): a refusal whose
// message names a flag (--languages, --key, --user-column) is read again with exactly that flag,
// taken from the message, and the file then reads exactly — for every real file under
// test/fixtures/real/ and for each layout's refusal. No suggestion leads to another refusal.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { parseGlossaryFile, readGlossaryFile, type GlossaryReadOptions } from '../../src/files/glossary/read.js';
import { parseUserFile, readUserFile, type UserFileOptions } from '../../src/files/users.js';

const realDir = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const everyFile = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? everyFile(join(dir, name)) : [join(dir, name)]));

/** The messages of a refusal, or undefined when `read` does not refuse. */
async function refusal(read: () => unknown): Promise<string[] | undefined> {
  try {
    await read();
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => p.message);
    throw err;
  }
  return undefined;
}

/**
 * Every glossary flag the messages name (Transifex's names two: --languages en, or en,de), as
 * options. `--languages <base language>` asks what the file does not say: the follower names
 * `base`, the base language the test knows its file has.
 */
function glossaryFlags(messages: readonly string[], base = 'en'): GlossaryReadOptions[] {
  const flags = new Map<string, GlossaryReadOptions>();
  for (const m of messages) {
    for (const [, languages] of m.matchAll(/--languages (<base language>|[A-Za-z0-9,_-]+)/g)) flags.set(`l ${languages}`, { languages: (languages === '<base language>' ? base : (languages ?? '')).split(',') });
    for (const [, key] of m.matchAll(/--key ([A-Za-z0-9_-]+)/g)) flags.set(`k ${key}`, { key: key ?? '' });
    for (const [, row] of m.matchAll(/--header-row (\d+)/g)) flags.set(`h ${row}`, { headerRow: Number(row) });
  }
  return [...flags.values()];
}

/** The first glossary flag the messages name. */
const glossaryFlag = (messages: readonly string[]): GlossaryReadOptions | undefined => glossaryFlags(messages)[0];

/** The --user-column a message names (JSON-quoted or a bare word). */
function userColumnFlag(messages: readonly string[]): string | undefined {
  for (const m of messages) {
    const found = /--user-column ("(?:[^"\\]|\\.)*"|[^\s"(),]+)/.exec(m)?.[1];
    if (found !== undefined) return found.startsWith('"') ? (JSON.parse(found) as string) : found;
  }
  return undefined;
}

describe('real files: each reads, or its refusal names a flag that reads it', () => {
  // The files refused with a flag, and how many entries (or users) they hold once it is given.
  const withFlag: Record<string, number> = {
    'okapi/test01.csv': 3,
    'okapi/test01.tsv': 6,
    'okapi/test02_utf16be.tsv': 2,
    'deepl/deepl-docs-entries-example.csv': 2,
    'tbx2008/pontoon-valid_mozilla_terminology.tbx': 4,
  };
  // Refused with an edit, not a flag (README of the fixtures says which).
  const withEdit = ['tbx2008/pontoon-broken_terminology.tbx', 'glotpress/glotpress-glossary-suffix-testing-example--locale-glossary.csv', 'rosters/entra-users-bulk-delete-example.csv', 'rosters/entra-users-bulk-restore-example.csv'];
  const files = everyFile(realDir)
    .map((f) => f.slice(realDir.length))
    .filter((f) => f !== 'README.md')
    // Workbooks of no glossary or roster layout (a chart sheet, an error cell, Tencent's prefixes):
    // what they show of the .xlsx reader is tested in test/files/xlsx.test.ts.
    .filter((f) => !f.startsWith('xlsx/'))
    // Group exports, no roster nor glossary: each is read as the identity provider wrote it by test/files/groups/real.test.ts.
    .filter((f) => !f.startsWith('groups/'))
    .sort();

  it('covers every file', () => {
    expect(files.length).toBeGreaterThan(Object.keys(withFlag).length + withEdit.length);
  });

  it.each(files)('%s', async (path) => {
    const full = join(realDir, path);
    const roster = path.startsWith('rosters/');
    const options: UserFileOptions = { readRoles: true, dropInactive: true };
    const messages = await refusal(() => (roster ? readUserFile(full, options) : readGlossaryFile(full)));
    if (messages === undefined) {
      expect(Object.keys(withFlag)).not.toContain(path);
      expect(withEdit).not.toContain(path);
      return;
    }
    if (withEdit.includes(path)) {
      expect(roster ? userColumnFlag(messages) : glossaryFlag(messages)).toBeUndefined();
      return;
    }
    expect(Object.keys(withFlag)).toContain(path);
    if (roster) {
      const column = userColumnFlag(messages);
      expect(column, messages.join('\n')).toBeDefined();
      expect((await readUserFile(full, { ...options, userColumn: column })).users).toHaveLength(withFlag[path] ?? -1);
    } else {
      const flag = glossaryFlag(messages);
      expect(flag, messages.join('\n')).toBeDefined();
      expect((await readGlossaryFile(full, flag)).rows).toHaveLength(withFlag[path] ?? -1);
    }
  });
});

describe("each layout's refusal: the flag it names reads the file exactly", () => {
  it.each([
    ['Weblate', 'source,target,context\nbank,Bank,finance\n', [{ en: 'bank', de: 'Bank' }]],
    ['Transifex', 'term,pos,comment,translation_de\nbank,noun,money,Bank\n', [{ en: 'bank', de: 'Bank' }]],
    ['Phrase without language columns', 'term,description,translatable,case sensitive\nbank,money,true,false\n', [{ en: 'bank' }]],
    ['Lokalise without language columns', 'term;description;casesensitive;translatable;forbidden;tags\nbank;;0;1;0;\n', [{ en: 'bank' }]],
    ['a headerless list', 'hermosa,belle,schön\n', [{ en: 'hermosa', de: 'belle', fr: 'schön' }]],
    ['a header cell teamctl cannot place, line 1 a list', 'AI,IA\nCEO,PDG\n', [{ en: 'AI', de: 'IA' }, { en: 'CEO', de: 'PDG' }]],
    ['a header below six rows of instructions (--header-row)', 'Glossary,Acme\nOwner,docs team\nStatus,draft\nDo not,edit row 7\nOne term,a row\nAsk,docs@example.com\nen,de\nbank,Bank\n', [{ en: 'bank', de: 'Bank' }]],
    ['a semicolon header below seven notes', 'n1\nn2\nn3\nn4\nn5\nn6, with a comma\nn7\nterm;description;en;de\nbank;money;bank;Bank\n', [{ en: 'bank', de: 'Bank' }]],
    ['homonyms (--key)', 'en,fr,de\nbank,banque,Bank\nbank,rive,Ufer\n', [{ en: 'bank', fr: 'banque', de: 'Bank' }, { en: 'bank', fr: 'rive', de: 'Ufer' }]],
    ['homonyms in two languages (GlotPress): --key names the third', 'en,pt,fr\nbank,banco,banque\nbank,margem,rive\nbench,banco,banc\n', [
      { en: 'bank', pt: 'banco', fr: 'banque' },
      { en: 'bank', pt: 'margem', fr: 'rive' },
      { en: 'bench', pt: 'banco', fr: 'banc' },
    ]],
  ])('%s', async (_, text, expected) => {
    const messages = await refusal(() => parseGlossaryFile(text, 'g.csv'));
    expect(messages).toBeDefined();
    const flags = glossaryFlags(messages ?? []);
    expect(flags, messages?.join('\n')).not.toEqual([]);
    // Every flag the message names reads every term of the file (an example's languages may be
    // named otherwise: the terms are compared), and the first reads it exactly.
    const terms = (rows: Record<string, string>[]): string[][] => rows.map((t) => Object.values(t));
    for (const flag of flags) expect(terms(parseGlossaryFile(text, 'g.csv', flag).rows.map((r) => r.translations)), JSON.stringify(flag)).toEqual(terms(expected));
    expect(parseGlossaryFile(text, 'g.csv', flags[0]).rows.map((r) => r.translations)).toEqual(expected);
  });

  it("Lokalise whose term is a key no language column repeats: --languages <base language>, followed with de, reads de=k", async () => {
    const text = 'term;description;casesensitive;translatable;forbidden;tags;en;de_DE\nk;;0;1;0;;hello;hallo\n';
    const messages = await refusal(() => parseGlossaryFile(text, 'g.csv'));
    expect(messages?.join('\n')).toContain('--languages <base language>');
    const flags = glossaryFlags(messages ?? [], 'de');
    expect(flags).toEqual([{ languages: ['de'] }]);
    expect(parseGlossaryFile(text, 'g.csv', flags[0]).rows.map((r) => r.translations)).toEqual([{ de: 'k', en: 'hello', 'de-DE': 'hallo' }]);
  });

  it.each([
    ['no user column', 'First Name,Last Name,Work Contact\nAda,Lovelace,ada@example.com\n', 'Work Contact', ['ada@example.com']],
    ['one word above e-mails', 'Staff\nada@example.com\nbo@example.com\n', 'Staff', ['ada@example.com', 'bo@example.com']],
    ['two candidate columns', 'Email,Primary Email\nada@example.com,ada@corp.example\n', 'Email', ['ada@example.com']],
    ['an Entra object-id template with another column', 'Object ID [objectId] Required,Contact\n0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5d,ada@example.com\n', 'Contact', ['ada@example.com']],
  ])('rosters: %s', async (_, text, column, users) => {
    const options: UserFileOptions = { readRoles: true, dropInactive: true };
    const messages = await refusal(() => parseUserFile(text, 'r.csv', options));
    expect(messages).toBeDefined();
    const flag = userColumnFlag(messages ?? []);
    // The message names the column, or --user-column alone (the header has no candidate: any column it names).
    if (flag !== undefined) expect(flag).toBe(column);
    else expect(messages?.join('\n')).toMatch(/--user-column$/);
    expect(parseUserFile(text, 'r.csv', { ...options, userColumn: column }).users.map((u) => u.key)).toEqual(users);
  });
});
