// The keys the translation feature reads, end to end (`teamctl help glossary-files`, "Keys the
// translation feature reads"): the sandbox's glossary and request log are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { glossarySandbox } from '../helpers/glossary-sandbox.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-glang-'));
let files = 0;
function file(text: string, ext = 'csv'): string {
  const path = join(dir, `terms${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const { seed, glossary, mutating, sorted } = glossarySandbox(() => s);

describe('glossary import writes the keys the translation feature reads', () => {
  it('a file with pt-BR and de-DE columns writes pt-br and warns about de-DE, naming de and --map-language', async () => {
    const terms = file('en,pt-BR,de-DE\nbank,banco,Bank\ncolor,cor,Farbe\n');
    const r = await runCli(['glossary', 'import', terms, '--yes'], { env: s.env });
    expect(r.code).toBe(0);
    expect(sorted(Object.values(glossary()))).toEqual(sorted([{ en: 'bank', 'pt-br': 'banco' }, { en: 'color', 'pt-br': 'cor' }]));
    expect(r.stderr).toContain(`${terms}:1: the translation feature has no language "de-DE" (the nearest is de: --map-language de-DE=de); its terms are not sent`);
    // Sent in the service's spelling: no request carries pt-BR or de-DE.
    const bodies = JSON.stringify(mutating().map((m) => m.body));
    expect(bodies).toContain('pt-br');
    expect(bodies).not.toMatch(/pt-BR|de-DE/);
  });

  it('--strict-languages: such a key is exit 2, naming the file, and nothing is sent', async () => {
    const terms = file('en,pt-BR,de-DE\nbank,banco,Bank\n');
    const r = await runCli(['glossary', 'import', terms, '--strict-languages', '--yes'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${terms}:1: the translation feature has no language "de-DE" (the nearest is de: --map-language de-DE=de); its terms are refused (--strict-languages)`);
    expect(mutating()).toEqual([]);
    expect(glossary()).toEqual({});
  });

  it('--map-language de-DE=de,zh-Hant=zh-tw sends those columns as de and zh-tw', async () => {
    const terms = file('en,de-DE,zh-Hant,nb\nbank,Bank,銀行,bank\n');
    const r = await runCli(['glossary', 'import', terms, '--map-language', 'de-DE=de,zh-Hant=zh-tw', '--map-language', 'nb=no', '--yes'], { env: s.env });
    expect(r.code).toBe(0);
    expect(Object.values(glossary())).toEqual([{ en: 'bank', de: 'Bank', 'zh-tw': '銀行', no: 'bank' }]);
    expect(r.stderr).not.toContain('has no language');
  });

  it.each([
    [['--map-language', 'de-DE=deu'], '"deu" is not a language of the translation feature'],
    [['--map-language', 'de-DE'], 'key=language pairs'],
  ])('%j is exit 2, nothing sent', async (flags, message) => {
    const terms = file('en,de-DE\nbank,Bank\n');
    const r = await runCli(['glossary', 'import', terms, ...flags, '--yes'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(mutating()).toEqual([]);
  });

  it('a key language the feature has no language for is refused (exit 2) unless mapped', async () => {
    const terms = file('en-US,de\nbank,Bank\n');
    const r = await runCli(['glossary', 'import', terms, '--yes'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('entries are matched by that key language: map it or choose another with --key');
    expect(mutating()).toEqual([]);
    expect((await runCli(['glossary', 'import', terms, '--map-language', 'en-US=en', '--yes'], { env: s.env })).code).toBe(0);
    expect(Object.values(glossary())).toEqual([{ en: 'bank', de: 'Bank' }]);
  });

  it('matching stays case-insensitive: an entry keyed pt-BR is matched, not duplicated, and its update is written pt-br', async () => {
    const [id] = seed([{ en: 'bank', 'pt-BR': 'banco' }]);
    const same = file('en,pt-br\nbank,banco\n');
    const mark = s.sandbox.requests.length;
    expect((await runCli(['glossary', 'import', same, '--yes'], { env: s.env })).code).toBe(0);
    expect(mutating(mark)).toEqual([]); // present: nothing to send for a change of spelling alone
    const changed = file('en,pt-br\nbank,banco!\n');
    expect((await runCli(['glossary', 'sync', changed, '--yes'], { env: s.env })).code).toBe(0);
    expect(glossary()).toEqual({ [id as string]: { en: 'bank', 'pt-br': 'banco!' } });
  });
});

describe('glossary sync --rewrite-keys', () => {
  it('moves every entry to the service spelling (and mapped keys) in place, in one plan, without a duplicate', async () => {
    const ids = seed([
      { en: 'bank', 'pt-BR': 'banco', 'de-DE': 'Bank' },
      { en: 'color', 'ZH-TW': '顏色' },
      { en: 'door', de: 'Tür' },
    ]);
    const terms = file('en,pt-br\nbank,banco\ncolor,\ndoor,\n');
    // Without the flag, the glossary's keys the feature cannot read are said, with the command.
    const plain = await runCli(['glossary', 'sync', terms, '--dry-run'], { env: s.env });
    expect(plain.stderr).toContain('holds keys the translation feature has no language for: de-DE (1 entry); move them with `teamctl glossary sync <file> --rewrite-keys --map-language de-DE=de`');
    const dry = await runCli(['glossary', 'sync', terms, '--rewrite-keys', '--map-language', 'de-DE=de', '--dry-run'], { env: s.env });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toMatch(/~ update .*key pt-BR → pt-br/);
    expect(dry.stderr).toMatch(/~ update .*key ZH-TW → zh-tw/);
    expect(dry.stderr).toMatch(/0 to insert, 2 to update, 0 to delete, 1 unchanged/);
    const mark = s.sandbox.requests.length;
    expect((await runCli(['glossary', 'sync', terms, '--rewrite-keys', '--map-language', 'de-DE=de', '--yes'], { env: s.env })).code).toBe(0);
    expect(glossary()).toEqual({
      [ids[0] as string]: { en: 'bank', 'pt-br': 'banco', de: 'Bank' },
      [ids[1] as string]: { en: 'color', 'zh-tw': '顏色' },
      [ids[2] as string]: { en: 'door', de: 'Tür' },
    });
    expect(mutating(mark).length).toBe(1); // one batch, updates only
    expect(JSON.stringify(mutating(mark)[0]?.body)).not.toContain('insert');
    // Done: a second run plans nothing.
    expect((await runCli(['glossary', 'sync', terms, '--rewrite-keys', '--map-language', 'de-DE=de', '--dry-run', '--exit-code'], { env: s.env })).code).toBe(0);
  });

  it('an entry holding de and a mapped de-DE with other terms is refused (exit 2), nothing sent', async () => {
    seed([{ en: 'bank', de: 'Bank', 'de-DE': 'Ufer' }]);
    const terms = file('en\nbank\n');
    const r = await runCli(['glossary', 'sync', terms, '--rewrite-keys', '--map-language', 'de-DE=de', '--yes'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds de "Bank" and de-DE "Ufer"');
    expect(mutating()).toEqual([]);
  });
});

describe('exports keep the reader tags and read back to the same keys', () => {
  it('DeepL (upper-case codes) and TBX (xml:lang) read back as present', async () => {
    seed([{ en: 'bank', 'pt-br': 'banco', 'zh-tw': '銀行' }, { en: 'color', 'pt-br': 'cor', 'zh-tw': '顏色' }]);
    const deepl = join(dir, 'en-pt.csv');
    expect((await runCli(['glossary', 'export', '--format', 'deepl', '--languages', 'en,pt-br', '-f', deepl], { env: s.env })).code).toBe(0);
    expect(readFileSync(deepl, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['bank,banco,EN,PT', 'color,cor,EN,PT']);
    const tbx = join(dir, 'all.tbx');
    expect((await runCli(['glossary', 'export', '--format', 'tbx', '-f', tbx], { env: s.env })).code).toBe(0);
    expect(readFileSync(tbx, 'utf8')).toContain('xml:lang="zh-tw"');
    const mark = s.sandbox.requests.length;
    for (const path of [deepl, tbx]) {
      const r = await runCli(['glossary', 'import', path, '--dry-run', '--json'], { env: s.env });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 0, updated: 0, present: 2 });
      expect(r.stderr).not.toContain('has no language');
    }
    expect(mutating(mark)).toEqual([]);
  });
});
