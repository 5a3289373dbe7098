// Bounded input (`teamctl help reliability`, "Bounded input"): a device, a binary file or an endless file stops early
// with exit 2 naming the file; hostile user values are refused with their line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InputFileError } from '../../src/errors.js';
import { readTextFile } from '../../src/files/textFile.js';
import { parseUserFile } from '../../src/files/users.js';
import { runCli } from '../e2e/harness.js';

const problems = (text: string): string[] => {
  try {
    parseUserFile(text, 'r.csv', { readRoles: true });
    return [];
  } catch (err) {
    return (err as InputFileError).problems.map((p) => `${p.line}: ${p.message}`);
  }
};

describe('bounded input files', () => {
  it('/dev/urandom stops at its first bad byte, /dev/zero at 100 MB — with a small heap, no crash', async () => {
    await expect(readTextFile('/dev/urandom')).rejects.toThrow(/not valid UTF-8/);
    const zero = await runCli(['members', 'sync', '--roster', '/dev/zero', '--dry-run'], {
      env: { TEAMCTL_BASE_URL: 'http://127.0.0.1:9', TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'o', TEAMCTL_TEAM: 't', NODE_OPTIONS: '--max-old-space-size=64' },
      spawn: true, // a child process, so the 64 MB heap applies
    });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('/dev/zero: the file is larger than 100 MB; nothing was sent');
    const random = await runCli(['glossary', 'import', '/dev/urandom'], { env: { TEAMCTL_BASE_URL: 'http://127.0.0.1:9', TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'o' } });
    expect(random.code).toBe(2);
    expect(random.stderr).toMatch(/^error: \/dev\/urandom:\d+: not valid UTF-8/);
  });

  it('names the line of a bad byte deep in a file read in chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-bounded-'));
    const file = join(dir, 'big.csv');
    const lines = Array.from({ length: 200_000 }, (_, i) => `user${i}@example.com`);
    writeFileSync(file, Buffer.concat([Buffer.from(`email\n${lines.join('\n')}\n`), Buffer.from([0x62, 0xe9, 0x0a])]));
    await expect(readTextFile(file)).rejects.toThrow(`${file}:200002: not valid UTF-8 (byte 0xE9`);
  });
});

describe('user values that could spoof a plan', () => {
  it('refuses invisible, direction and look-alike characters, and overlong values, with their line', () => {
    expect(problems('email\nada@example.com\u202e\nＡDA@example.com\nbo\u200bb@example.com\n')).toEqual([
      '2: invalid user "ada@example.com\u202e": contains an invisible or direction character (U+202E) that would hide what the plan shows',
      '3: invalid user "ＡDA@example.com": contains look-alike characters (such as fullwidth letters); write it as "ADA@example.com"',
      '4: invalid user "bo\u200bb@example.com": contains an invisible or direction character (U+200B) that would hide what the plan shows',
    ]);
    expect(problems(`id\n${'u'.repeat(256)}\n`)).toEqual(['2: invalid user id (256 characters; at most 255)']);
    expect(problems(`email\n${'a'.repeat(250)}@x.io\n`)).toEqual(['2: invalid e-mail address (255 characters; at most 254)']);
  });

  it('normalises to NFC: a decomposed é names the same user as a composed one', () => {
    const f = parseUserFile('email\ncafe\u0301@example.com\ncaf\u00e9@example.com\n', 'r.csv', { readRoles: false });
    expect(f.users.map((u) => u.key)).toEqual(['caf\u00e9@example.com']);
  });
});

describe('bounded reading across chunk boundaries', () => {
  it('finds a bad sequence that starts at the end of one 1 MB chunk, and reads a good one split there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-bounded-'));
    const head = Buffer.from(`email\n${'a'.repeat(1024 * 1024 - 7)}`); // 1 MB - 1 byte, 2 lines
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, Buffer.concat([head, Buffer.from([0xe2, 0x41, 0x0a])]));
    await expect(readTextFile(bad)).rejects.toThrow(`${bad}:2: not valid UTF-8 (byte 0xE2`);
    const good = join(dir, 'good.csv');
    writeFileSync(good, Buffer.concat([head, Buffer.from('€\nb\n')]));
    expect((await readTextFile(good)).endsWith('a€\nb\n')).toBe(true);
    const cut = join(dir, 'cut.csv');
    writeFileSync(cut, Buffer.concat([Buffer.from('email\nb\n'), Buffer.from([0xe2, 0x82])]));
    await expect(readTextFile(cut)).rejects.toThrow(`${cut}:3: not valid UTF-8 (byte 0xE2`);
  });
});
