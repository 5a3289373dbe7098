// TBX in, end to end (`teamctl help glossary-files`, "From a CAT tool"): the sandbox's glossary is the reference.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterEach(async () => {
  await s.sandbox.close();
});
const dir = mkdtempSync(join(tmpdir(), 'teamctl-tbx-e2e-'));
const mutating = (from = 0) => s.sandbox.requests.slice(from).filter((r) => r.method !== 'GET');

describe('TBX in', () => {
  it('export --format tbx, then sync or import of that file, plans nothing', async () => {
    const file = join(dir, 'glossary.tbx');
    expect((await runCli(['glossary', 'export', '--format', 'tbx', '-f', file], { env: s.env })).code).toBe(0);
    const mark = s.sandbox.requests.length;
    const sync = await runCli(['glossary', 'sync', file, '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(sync.code, sync.stderr).toBe(0);
    const imported = await runCli(['glossary', 'import', file, '--dry-run', '--exit-code'], { env: s.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });

  it('a MultiTerm-style file imports exactly, with warnings for what the glossary cannot hold', async () => {
    s.sandbox.store.createOrganization('cat');
    const env = { ...s.env, TEAMCTL_ORG: 'cat' };
    const file = fileURLToPath(new URL('../fixtures/glossary/multiterm.xml', import.meta.url));
    const r = await runCli(['glossary', 'import', file], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('1 term marked forbidden left out of its language: en "whitelist"');
    const entries = s.sandbox.store.glossaryEntries('cat').map((e) => e.translations);
    expect(entries).toEqual(expect.arrayContaining([{ en: 'bank', fr: 'banque' }, { en: 'sign in', de: 'anmelden' }]));
    expect(entries).toHaveLength(2);
    // Again: nothing to send.
    const again = await runCli(['glossary', 'import', file, '--dry-run', '--exit-code'], { env });
    expect(again.code).toBe(0);
  });

  it('a TBX whose DOCTYPE declares entities is refused with exit 2 for that alone (the file is otherwise valid), nothing sent; an external-only DOCTYPE is read', async () => {
    const { writeFileSync } = await import('node:fs');
    const body = '<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>bank</term></termSec></langSec><langSec xml:lang="fr"><termSec><term>banque</term></termSec></langSec></conceptEntry></body></text></tbx>';
    const evil = join(dir, 'evil.tbx');
    writeFileSync(evil, `<?xml version="1.0"?>\n<!DOCTYPE tbx [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n${body}`);
    const r = await runCli(['glossary', 'import', evil], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('evil.tbx:2: a DOCTYPE with an internal subset');
    expect(s.sandbox.requests).toEqual([]);
    const plain = join(dir, 'plain.tbx');
    writeFileSync(plain, `<?xml version="1.0"?>\n<!DOCTYPE tbx SYSTEM "TBXcoreStructV02.dtd">\n${body}`);
    expect((await runCli(['glossary', 'import', plain], { env: s.env })).code).toBe(0);
    expect(s.sandbox.store.glossaryEntries('acme').map((e) => e.translations)).toContainEqual({ en: 'bank', fr: 'banque' });
  });
});
