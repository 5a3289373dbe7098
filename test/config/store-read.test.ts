// The config file (README, "Settings"; `teamctl help reliability`, "Bounded input"): where it
// is, what a file of the wrong kind or shape is refused with (its words and hint, naming the file
// and the key, never a value), a file read once per run and a profile handed out as a copy, and
// what an update keeps.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, fstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigStore, configDir, isConfigKey, maxConfigBytes } from '../../src/config/store.js';
import { UsageError } from '../../src/errors.js';

// fstat passed through, so one test can make a file grow between its size and its read.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  return { ...actual, fstatSync: vi.fn(actual.fstatSync) };
});

const folder = (): string => mkdtempSync(join(tmpdir(), 'teamctl-store-'));
const storeWith = (text: string | Buffer): ConfigStore => {
  const dir = folder();
  writeFileSync(join(dir, 'config.json'), text);
  return new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
};

/** The usage error a call is refused with: [message, hint]. */
function refusal(f: () => unknown): [string, string | undefined] {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return [(err as UsageError).message, (err as UsageError).hint];
  }
  throw new Error('accepted');
}

const fixIt = 'fix it (`teamctl config set`), or delete the file and run `teamctl auth login` again';
const fixOrDelete = 'fix or delete it, then run `teamctl auth login` again';

describe('where the config file is', () => {
  it('TEAMCTL_CONFIG_DIR resolved against the folder given; else XDG_CONFIG_HOME/teamctl; else the platform’s folder', () => {
    expect(configDir({ TEAMCTL_CONFIG_DIR: 'cfg' }, '/work/here')).toBe('/work/here/cfg');
    expect(configDir({ TEAMCTL_CONFIG_DIR: '/abs' }, '/work/here')).toBe('/abs');
    expect(new ConfigStore({ TEAMCTL_CONFIG_DIR: 'cfg' }, '/work/here').path).toBe('/work/here/cfg/config.json');
    if (process.platform !== 'linux') return;
    expect(configDir({ TEAMCTL_CONFIG_DIR: '', XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/teamctl');
    const platform = configDir({});
    expect(platform).toMatch(/\/teamctl$/);
    expect(platform).not.toBe('/xdg/teamctl');
  });

  it('knows its keys', () => {
    expect(['base-url', 'org', 'team', 'output', 'keep'].every(isConfigKey)).toBe(true);
    expect(isConfigKey('token')).toBe(false);
    expect(isConfigKey('Org')).toBe(false);
  });
});

describe('a config file of the wrong kind', () => {
  it('a FIFO or a folder in its place: refused as not a regular file, with what to do', () => {
    const dir = folder();
    execFileSync('mkfifo', [join(dir, 'config.json')]);
    const path = join(dir, 'config.json');
    expect(refusal(() => new ConfigStore({ TEAMCTL_CONFIG_DIR: dir }).profile('default'))).toEqual([
      `the config file ${path} is not a regular file (a FIFO (named pipe))`,
      'remove it, then run `teamctl auth login` again',
    ]);
    const other = folder();
    mkdirSync(join(other, 'config.json'));
    expect(refusal(() => new ConfigStore({ TEAMCTL_CONFIG_DIR: other }).profile('default'))[0]).toBe(`the config file ${join(other, 'config.json')} is not a regular file (a directory)`);
  });

  it('a link in its place: refused with the hint to replace it, when read and before an update writes through it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'elsewhere.json'), '{}');
    symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'config.json'));
    const hint = 'replace the link with the file it points to (a link to the whole config folder is fine), or set TEAMCTL_CONFIG_DIR';
    const store = new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
    expect(refusal(() => store.profile('default'))).toEqual([`the config file ${store.path} is a symbolic link; teamctl does not follow a link as its own file`, hint]);
    // An update of a store that read the file before the link was put there.
    const before = folder();
    const early = new ConfigStore({ TEAMCTL_CONFIG_DIR: before });
    expect(early.profile('default')).toEqual({});
    symlinkSync(join(dir, 'elsewhere.json'), early.path);
    const err = (await early.update('default', (p) => (p.org = 'acme')).catch((e: unknown) => e)) as UsageError;
    expect([err.message, err.hint]).toEqual([`the config file ${early.path} is a symbolic link; teamctl does not follow a link as its own file`, hint]);
    expect(readFileSync(join(dir, 'elsewhere.json'), 'utf8')).toBe('{}');
  });

  it('a config folder that is a file: the file cannot be read, in the system’s words', () => {
    const parent = folder();
    writeFileSync(join(parent, 'cfg'), '');
    const store = new ConfigStore({ TEAMCTL_CONFIG_DIR: join(parent, 'cfg') });
    const [message, hint] = refusal(() => store.profile('default'));
    expect(message).toMatch(new RegExp(`^cannot read the config file ${store.path}: ENOTDIR: not a directory, open '${store.path}'$`));
    expect(hint).toBeUndefined();
  });

  it('exactly as large as the limit is read to its last byte; a byte more is refused with what to do', () => {
    const json = '{"profiles":{"default":{"org":"acme"}}}';
    expect(storeWith(' '.repeat(maxConfigBytes - json.length) + json).profile('default')).toEqual({ org: 'acme' });
    const over = storeWith(' '.repeat(maxConfigBytes - json.length + 1) + json);
    expect(refusal(() => over.profile('default'))).toEqual([`the config file ${over.path} is larger than 1 MB: not a file teamctl wrote`, fixOrDelete]);
  });

  it('a file that grew past the limit after its size was looked at is refused too', () => {
    const json = '{"profiles":{"default":{"org":"acme"}}}';
    const s = storeWith(json + ' '.repeat(maxConfigBytes));
    // Its size as it was when it held the JSON alone, for every look at it during the read.
    const real = vi.mocked(fstatSync).getMockImplementation();
    vi.mocked(fstatSync).mockImplementation(() => Object.assign(fs.statSync(s.path), { size: json.length }));
    try {
      expect(refusal(() => s.profile('default'))).toEqual([`the config file ${s.path} is larger than 1 MB: not a file teamctl wrote`, fixOrDelete]);
    } finally {
      vi.mocked(fstatSync).mockImplementation(real!);
    }
  });

  it.runIf(existsSync('/proc/self/fd'))('leaves no descriptor open, read or refused', () => {
    const open = (): number => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 3; i++) {
      expect(storeWith('{}').profile('default')).toEqual({});
      refusal(() => storeWith('[').profile('default'));
      refusal(() => storeWith(Buffer.alloc(maxConfigBytes + 1, 0x20)).profile('default'));
    }
    expect(open()).toBe(before);
  });
});

describe('a config file of the wrong shape', () => {
  it('not JSON, or not an object: refused with what to do', () => {
    const s = storeWith('{"profiles":');
    expect(refusal(() => s.profile('default'))).toEqual([`the config file ${s.path} is not valid JSON`, fixOrDelete]);
    for (const text of ['[]', 'null', '"acme"', '3']) {
      const t = storeWith(text);
      expect(refusal(() => t.profile('default'))).toEqual([`the config file ${t.path} is not a JSON object`, fixOrDelete]);
    }
  });

  it('a value of the wrong type: its key and kind, never its value, with what to do', () => {
    const cases: [string, string, string][] = [
      ['{"profiles":"x"}', 'profiles', 'is not an object of profiles'],
      ['{"profiles":null}', 'profiles', 'is not an object of profiles'],
      ['{"profiles":{"p":[]}}', 'profiles.p', 'is not an object'],
      ['{"profiles":{"p":null}}', 'profiles.p', 'is not an object'],
      ['{"profiles":{"p":{"base-url":true}}}', 'profiles.p.base-url', 'is not a string (a boolean)'],
      ['{"profiles":{"p":{"team":null}}}', 'profiles.p.team', 'is not a string (null)'],
      ['{"profiles":{"p":{"output":{}}}}', 'profiles.p.output', 'is not a string (an object)'],
      ['{"profiles":{"p":{"keep":["a@x.io"]}}}', 'profiles.p.keep', 'is not a string (an array)'],
      ['{"profiles":{"ok":{"org":"a"},"p":{"token":12345678}}}', 'profiles.p.token', 'is not a string (a number)'],
    ];
    for (const [text, key, what] of cases) {
      const s = storeWith(text);
      const [message, hint] = refusal(() => s.profile('ok'));
      expect(message).toBe(`the config file ${s.path}: "${key}" ${what}`);
      expect(message).not.toContain('12345678');
      expect(hint).toBe(fixIt);
    }
  });

  it('no profiles at all, or a profile without a key, is empty', () => {
    expect(storeWith('{}').profile('default')).toEqual({});
    expect(storeWith('{"profiles":{"default":{}}}').profile('default')).toEqual({});
  });
});

describe('read once, handed out as a copy, updated whole', () => {
  it('reads the file once: a change on disk during the run is not seen; a profile changed by its reader is not the store’s', () => {
    const s = storeWith('{"profiles":{"default":{"org":"acme"}}}');
    const profile = s.profile('default');
    profile.org = 'changed';
    expect(s.profile('default')).toEqual({ org: 'acme' });
    writeFileSync(s.path, '{"profiles":{"default":{"org":"other"}}}');
    expect(s.profile('default')).toEqual({ org: 'acme' });
  });

  it('an update is what the same store reads next; other profiles and keys teamctl does not know are kept', async () => {
    const s = storeWith('{"profiles":{"default":{"org":"acme","x":1},"ci":{"team":"t"}},"other":2}');
    await s.update('default', (p) => {
      p.team = 'core';
    });
    await s.update('new', (p) => {
      p.org = 'n';
    });
    expect(s.profile('default')).toEqual({ org: 'acme', x: 1, team: 'core' });
    expect(JSON.parse(readFileSync(s.path, 'utf8'))).toEqual({
      profiles: { default: { org: 'acme', x: 1, team: 'core' }, ci: { team: 't' }, new: { org: 'n' } },
      other: 2,
    });
    // A file without profiles gains them.
    const bare = storeWith('{"other":2}');
    await bare.update('default', (p) => (p.org = 'a'));
    expect(JSON.parse(readFileSync(bare.path, 'utf8'))).toEqual({ other: 2, profiles: { default: { org: 'a' } } });
  });

  it('a folder already private is left as it is; the file is 0600', async () => {
    const dir = folder();
    execFileSync('chmod', ['0700', dir]);
    const s = new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
    await s.update('default', (p) => (p.org = 'a'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(s.path).mode & 0o777).toBe(0o600);
  });
});
