// TBX in (src/files/glossary/xml.ts through readGlossaryFile): both dialects, what is warned about, what is
// refused, and the round trip of teamctl's own export.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InputFileError } from '../../src/errors.js';
import { glossaryToTbx } from '../helpers/glossary-writers.js';
import { readGlossaryFile } from '../../src/files/glossary/read.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-tbx-'));
let n = 0;
const write = (text: string, ext = 'tbx'): string => {
  const path = join(dir, `f${++n}.${ext}`);
  writeFileSync(path, text);
  return path;
};
async function problemsOf(path: string): Promise<string[]> {
  try {
    await readGlossaryFile(path);
    return [];
  } catch (err) {
    return (err as InputFileError).problems.map((p) => `${p.line}: ${p.message}`);
  }
}

describe('TBX in', () => {
  it("reads teamctl's TBX-Basic export back exactly, concept ids as entry ids", async () => {
    const entries: { id: string; translations: Record<string, string> }[] = [
      { id: 'ge_abc123', translations: { en: 'bank', fr: 'banque', 'pt-BR': 'banco' } },
      { id: 'ge_def456', translations: { en: "'=SUM", de: 'Tür & <Tor>' } },
    ];
    const file = await readGlossaryFile(write(glossaryToTbx(entries)));
    expect(file.rows.map((r) => [r.id, r.translations])).toEqual([
      ['ge_abc123', { en: 'bank', fr: 'banque', 'pt-BR': 'banco' }],
      ['ge_def456', { en: "'=SUM", de: 'Tür & <Tor>' }],
    ]);
    expect(file.key).toBe('en');
    expect(file.warnings).toEqual([]);
  });

  it('reads MultiTerm-style martif files: one term per language, the rest warned about on the concept line, no ids, forbidden terms left out', async () => {
    const file = await readGlossaryFile(fileURLToPath(new URL('../fixtures/glossary/multiterm.xml', import.meta.url)));
    expect(file.rows.map((r) => [r.line, r.id, r.translations])).toEqual([
      [8, undefined, { en: 'bank', fr: 'banque' }],
      [18, undefined, { en: 'sign in', de: 'anmelden' }],
    ]);
    expect(file.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '8: concept "c101": 2 fr terms: imported "banque", left out "établissement bancaire" (an entry holds one term per language)',
      '8: concept "c101": not imported (the glossary holds translations only): definition, partOfSpeech',
      '28: 1 term marked forbidden left out of its language: en "whitelist" (line 28)',
      '21: 1 term marked deprecated left out of its language: en "log on" (line 21)',
    ]);
  });

  it('refuses a DOCTYPE (entity declarations, billion laughs) and XML that is not well-formed, naming the line', async () => {
    // An otherwise valid file: the internal subset is the only thing refused.
    const concept = '<conceptEntry><langSec xml:lang="en"><termSec><term>bank</term></termSec></langSec></conceptEntry>';
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<tbx><text><body>${concept}</body></text></tbx>`;
    expect(await problemsOf(write(laughs))).toEqual(['2: a DOCTYPE with an internal subset ([…], where entities are declared) is refused in a TBX file: remove the […] part']);
    const external = `<?xml version="1.0"?>\n<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n<martif type="TBX"><text><body><termEntry><langSet xml:lang="en"><tig><term>bank</term></tig></langSet></termEntry></body></text></martif>`;
    expect((await readGlossaryFile(write(external))).rows.map((r) => r.translations)).toEqual([{ en: 'bank' }]);
    const publicId = `<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">\n<martif><text><body><termEntry><langSet xml:lang="en"><tig><term>&undefined;</term></tig></langSet></termEntry></body></text></martif>`;
    expect(await problemsOf(write(publicId))).toEqual([expect.stringMatching(/^2: not well-formed XML.*undefined entity/)]);
    const broken = await problemsOf(write('<tbx>\n<text>\n<body>\n<conceptEntry>\n</body></text></tbx>'));
    expect(broken[0]).toMatch(/^5: not well-formed XML/);
    expect(await problemsOf(write('<tbx><text><body></body></text></tbx>'))).toEqual([expect.stringMatching(/^1: no concept found/)]);
    expect(await problemsOf(write('<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>&xxe;</term></termSec></langSec></conceptEntry></body></text></tbx>'))).toEqual([
      expect.stringMatching(/not well-formed XML/),
    ]);
  });

  it('applies the import checks to each concept: an overlong term is an error on its concept line', async () => {
    const text = `<tbx><text><body>\n<conceptEntry id="x">\n<langSec xml:lang="en"><termSec><term>${'a'.repeat(256)}</term></termSec></langSec>\n</conceptEntry>\n</body></text></tbx>`;
    expect(await problemsOf(write(text))).toEqual(['2: "en" translation is 256 characters long (limit 255)']);
  });

  it('knows TBX by its first character when the extension says nothing', async () => {
    const file = await readGlossaryFile(write(glossaryToTbx([{ id: 'ge_1', translations: { en: 'a' } }]), 'txt'));
    expect(file.rows).toHaveLength(1);
  });
});

describe('TBX in: ids and preferred terms', () => {
  it('carries an entry id no XML name can hold, and reads it back exactly', async () => {
    const entries = [{ id: '42/odd id', translations: { en: 'bank' } }, { id: 'ge_plain', translations: { en: 'door' } }];
    const file = await readGlossaryFile(write(glossaryToTbx(entries)));
    expect(file.rows.map((r) => r.id)).toEqual(['42/odd id', 'ge_plain']);
    expect(file.warnings).toEqual([]);
  });

  it('carries what XML cannot hold (FF, VT, ESC, U+FFFF, a lone surrogate) exactly in its own exports, also in an id and an apostrophe id', async () => {
    const entries: { id: string; translations: Record<string, string> }[] = [
      { id: 'ge\u001B1', translations: { en: 'page\fbreak\u000Btab', fr: '\u0007' } },
      { id: "'=x", translations: { en: 'a\uFFFF\uD800b', de: 'plain' } },
    ];
    const xml = glossaryToTbx(entries);
    // Other tools see the term without those characters; teamctl reads the JSON beside it.
    expect(xml).toContain('<admin type="teamctl-entry-id-json">&quot;ge\\u001b1&quot;</admin>');
    expect(xml).toContain('<term>pagebreaktab</term>\n            <admin type="teamctl-term-json">&quot;page\\fbreak\\u000btab&quot;</admin>\n          </termSec>');
    expect(xml).toContain('<term></term>\n            <admin type="teamctl-term-json">&quot;\\u0007&quot;</admin>');
    expect(xml).toContain('<term>ab</term>\n            <admin type="teamctl-term-json">&quot;a\\uffff\\ud800b&quot;</admin>');
    expect(xml).toContain('<term>plain</term>\n          </termSec>');
    const file = await readGlossaryFile(write(xml));
    expect(file.rows.map((r) => [r.id, r.translations])).toEqual([
      ['ge\u001B1', { en: 'page\fbreak\u000Btab', fr: '\u0007' }],
      ["'=x", { en: 'a\uFFFF\uD800b', de: 'plain' }],
    ]);
    expect(file.warnings).toEqual([]);
  });

  it("trusts the exact term only in teamctl's own export: elsewhere the visible term is read and the field named", async () => {
    const xml = glossaryToTbx([{ id: 'ge_1', translations: { en: 'a\fb' } }]).replace('exported by teamctl', 'from a CAT tool');
    const file = await readGlossaryFile(write(xml));
    expect(file.rows.map((r) => [r.id, r.translations])).toEqual([[undefined, { en: 'ab' }]]);
    expect(file.warnings.map((w) => w.message)).toEqual(['concept "ge_1": not imported (the glossary holds translations only): teamctl-term-json']);
    const broken = glossaryToTbx([{ id: 'ge_1', translations: { en: 'a\fb' } }]).replace('&quot;a\\fb&quot;', 'a\\fb');
    expect(await problemsOf(write(broken))).toEqual([expect.stringMatching(/: <admin type="teamctl-term-json"> is not a JSON string$/)]);
  });

  it("reads teamctl's export of an empty glossary as an empty import", async () => {
    expect((await readGlossaryFile(write(glossaryToTbx([])))).rows).toEqual([]);
  });

  it('imports the term marked preferred before admitted ones met earlier', async () => {
    const text = `<martif><text><body>\n<termEntry>\n<langSet xml:lang="en"><tig><term>log on</term><termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></tig><tig><term>sign in</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig></langSet>\n</termEntry>\n</body></text></martif>`;
    const file = await readGlossaryFile(write(text));
    expect(file.rows[0]?.translations).toEqual({ en: 'sign in' });
    expect(file.warnings[0]?.message).toContain('imported "sign in", left out "log on"');
  });
});

describe('TBX in: warnings at scale', () => {
  it('names the first 20 concepts of each kind of warning, then counts the rest in one line', async () => {
    const concepts = Array.from({ length: 45 }, (_, i) => `<conceptEntry id="c${i}"><descrip type="definition">d</descrip><langSec xml:lang="en"><termSec><term>t${i}</term></termSec></langSec></conceptEntry>`);
    const file = await readGlossaryFile(write(`<tbx><text><body>\n${concepts.join('\n')}\n</body></text></tbx>`));
    expect(file.rows).toHaveLength(45);
    const messages = file.warnings.map((w) => `${w.line}: ${w.message}`);
    expect(messages).toHaveLength(21);
    expect(messages[0]).toBe('2: concept "c0": not imported (the glossary holds translations only): definition');
    expect(messages[20]).toBe('22: and 25 more concepts like those above (definition not imported), from this line on');
  });
});

describe('TBX: a concept with no term', () => {
  it('is skipped with a warning (KDE Lokalize writes an empty <term> for a concept not filled in); an empty term of one language is no term of it', async () => {
    const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en"><text><body>
<termEntry id="1"><langSet xml:lang="en"><tig><term>bank</term></tig></langSet><langSet xml:lang="de"><tig><term>Bank</term></tig></langSet></termEntry>
<termEntry id="2"><langSet xml:lang="en"><tig><term></term></tig></langSet></termEntry>
<termEntry id="3"><langSet xml:lang="en"><tig><term>branch</term></tig></langSet><langSet xml:lang="de"><tig><term>  </term></tig></langSet></termEntry>
</body></text></martif>
`;
    const file = await readGlossaryFile(write(tbx));
    expect(file.rows.map((r) => [r.line, r.translations])).toEqual([
      [3, { en: 'bank', de: 'Bank' }],
      [5, { en: 'branch' }],
    ]);
    expect(file.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual(['4: concept "2": no term (its <term> is empty): skipped']);
  });
});
